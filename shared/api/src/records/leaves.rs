//! Leaves: `Leave`, its status, and the body that adds or edits one.

use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::openapi::{RefOr, Schema};
use utoipa::ToSchema;

use super::allowances::HalfDay;
use crate::convert::Convert;
use crate::schema::{date, required_text, ulid};
use crate::wire;
use bt_app::records::leaves::{self as dom, MAX_REASON_CHARS};
use bt_app::types::{Day, RecordId, UserId};

wire! { from dom::LeaveStatus;
    /// Where a leave stands. Leaves stored before approval existed read as approved.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, ToSchema)]
    #[serde(rename_all = "lowercase")]
    pub enum LeaveStatus {
        Pending,
        #[default]
        Approved,
        Declined,
        Cancelled,
    }
}

wire! { from dom::Leave;
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Leave {
        #[serde(rename = "_id")]
        #[schema(schema_with = crate::schema::ulid)]
        pub id: RecordId,
        #[schema(schema_with = crate::schema::ulid)]
        pub user_id: UserId,
        #[schema(schema_with = crate::schema::date)]
        pub from_date: Day,
        #[schema(schema_with = crate::schema::date)]
        pub to_date: Day,
        #[schema(max_length = 2000)]
        pub reason: String,
        /// Days from `fromDate` to `toDate`, both included (computed here).
        #[schema(minimum = 1)]
        pub days: i64,
        #[schema(schema_with = crate::schema::stamp)]
        pub created_at: String,
        #[schema(schema_with = crate::schema::stamp)]
        pub updated_at: String,
        /// The leave's type (a leave stored before types existed is of the team's default type).
        #[serde(default = "leave_types::default_type_id")]
        #[schema(schema_with = crate::schema::ulid, required = true)]
        pub type_id: RecordId,
        #[serde(default)]
        #[schema(required = true)]
        pub status: LeaveStatus,
        /// Who approved or declined it (absent when it needed no decision).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schema(value_type = Option<String>)]
        pub decided_by: Option<UserId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub decided_by_name: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schema(value_type = Option<String>, format = DateTime)]
        pub decided_at: Option<String>,
        /// The approver's comment on the decision.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schema(max_length = 500)]
        pub comment: Option<String>,
        /// The requester's name, in the team's list of pending requests only.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub user_name: Option<String>,
        /// A one-day leave of half a day: the morning or the afternoon.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub half_day: Option<HalfDay>,
        /// The working days it takes: days on the team's work week that are not holidays (a half day 0.5), counted when
        /// it was saved (absent on leaves saved before working days were counted).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub working_days: Option<f64>,
    }
}

fn reason_text() -> RefOr<Schema> {
    required_text(MAX_REASON_CHARS as usize)
}

/// `am` or `pm` for half of a one-day leave, `""` for a whole day.
fn half_day() -> RefOr<Schema> {
    serde_json::from_value(json!({ "type": "string", "enum": ["", "am", "pm"],
        "description": "am or pm: half of a one-day leave; empty: a whole day" }))
    .expect("a valid schema")
}

/// The `days` a client may send: ignored, the server counts them.
fn ignored_days() -> RefOr<Schema> {
    serde_json::from_value(json!({ "type": "integer", "description": "Ignored: the server counts the days" }))
        .expect("a valid schema")
}

/// A new leave.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeaveCreate {
    #[schema(schema_with = date, required = true)]
    pub from_date: Option<String>,
    #[schema(schema_with = date, required = true)]
    pub to_date: Option<String>,
    #[schema(schema_with = reason_text, required = true)]
    pub reason: Option<String>,
    // Whatever is sent (never read, so never refused): the server counts the days.
    #[schema(schema_with = ignored_days)]
    pub days: Option<serde_json::Value>,
    /// One of the team's leave types (`GET /leaves/types`); the default type when left out.
    #[schema(schema_with = ulid)]
    pub type_id: Option<String>,
    #[schema(schema_with = half_day)]
    pub half_day: Option<String>,
}

/// The body of `PUT /leaves/edit/{id}` (read as a [`LeaveInput`]): left-out fields keep their value.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeaveInput {
    #[schema(schema_with = date)]
    pub from_date: Option<String>,
    #[schema(schema_with = date)]
    pub to_date: Option<String>,
    pub reason: Option<String>,
    // Whatever is sent (never read, so never refused): the server counts the days.
    #[schema(schema_with = ignored_days)]
    pub days: Option<serde_json::Value>,
    #[schema(schema_with = ulid)]
    pub type_id: Option<String>,
    /// Left out: a one-day leave keeps its half day.
    #[schema(schema_with = half_day)]
    pub half_day: Option<String>,
}

impl Convert<dom::LeaveInput> for LeaveCreate {
    fn convert(self) -> dom::LeaveInput {
        dom::LeaveInput {
            from_date: self.from_date,
            to_date: self.to_date,
            reason: self.reason,
            type_id: self.type_id,
            half_day: self.half_day,
        }
    }
}

impl Convert<dom::LeaveInput> for LeaveInput {
    fn convert(self) -> dom::LeaveInput {
        dom::LeaveInput {
            from_date: self.from_date,
            to_date: self.to_date,
            reason: self.reason,
            type_id: self.type_id,
            half_day: self.half_day,
        }
    }
}

impl From<LeaveCreate> for dom::LeaveInput {
    fn from(value: LeaveCreate) -> dom::LeaveInput {
        value.convert()
    }
}

impl From<LeaveInput> for dom::LeaveInput {
    fn from(value: LeaveInput) -> dom::LeaveInput {
        value.convert()
    }
}
