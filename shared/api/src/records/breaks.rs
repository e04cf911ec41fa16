//! Breaks logged by hand and live breaks: `Break`, the bodies that add and edit one, and the live break.

use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::ToSchema;

use crate::schema::{date, required_text, time};
use crate::wire;
use bt_app::records::breaks::{self as dom, MAX_BREAK_MINUTES, MAX_TYPE_CHARS};
use bt_app::types::{ClockTime, Day, RecordId, TeamId, UserId};

fn type_text() -> RefOr<Schema> {
    required_text(MAX_TYPE_CHARS as usize)
}

/// A break's minutes: 1 to the longest break the domain accepts (`MAX_BREAK_MINUTES`), which the document, and from
/// it the web's `api-rules.ts`, carry.
fn duration() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
        .minimum(Some(1))
        .maximum(Some(MAX_BREAK_MINUTES))
        .into()
}

wire! { from dom::Break;
    /// A break as the API shows it (§3). `duration` is in minutes and always computed here.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Break {
        #[serde(rename = "_id")]
        #[schema(schema_with = crate::schema::ulid)]
        pub id: RecordId,
        #[schema(schema_with = crate::schema::ulid)]
        pub user_id: UserId,
        #[schema(schema_with = crate::schema::time)]
        pub start_time: ClockTime,
        #[schema(schema_with = crate::schema::time)]
        pub end_time: ClockTime,
        #[schema(schema_with = duration)]
        pub duration: i64,
        #[schema(schema_with = crate::schema::date)]
        pub created_date: Day,
        #[schema(max_length = 2000)]
        pub reason: String,
        #[serde(rename = "type")]
        #[schema(max_length = 100)]
        pub break_type: String,
        pub is_closed: bool,
        pub is_modal: bool,
        /// True for a break taken with `POST /break/start` and `/break/end`.
        #[serde(default)]
        #[schema(required = true)]
        pub live: bool,
        #[schema(schema_with = crate::schema::stamp)]
        pub created_at: String,
        #[schema(schema_with = crate::schema::stamp)]
        pub updated_at: String,
    }
}

wire! { into dom::BreakInput;
    /// The body of `POST /break/add` and `PUT /break/edit/{id}`. Anything else the client sends (`duration`,
    /// `isClosed`, `isModal`, `_id`, `userId`) is ignored.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct BreakInput {
        #[schema(schema_with = crate::schema::time)]
        pub start_time: Option<String>,
        #[schema(schema_with = crate::schema::time)]
        pub end_time: Option<String>,
        #[schema(schema_with = crate::schema::date)]
        pub created_date: Option<String>,
        pub reason: Option<String>,
        #[serde(rename = "type")]
        pub break_type: Option<String>,
    }
}

wire! { into dom::BreakInput;
    /// A new break: what `POST /break/add` requires of a [`BreakInput`].
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct BreakCreate {
        #[schema(schema_with = time, required = true)]
        pub start_time: Option<String>,
        #[schema(schema_with = time, required = true)]
        pub end_time: Option<String>,
        #[schema(schema_with = date, required = true)]
        pub created_date: Option<String>,
        #[schema(max_length = 2000)]
        pub reason: Option<String>,
        #[serde(rename = "type")]
        #[schema(schema_with = type_text, required = true)]
        pub break_type: Option<String>,
    }
}

wire! { into dom::LiveBreakInput;
    /// The body of `POST /break/start`.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    pub struct LiveBreakInput {
        #[serde(rename = "type")]
        pub break_type: Option<String>,
        pub reason: Option<String>,
        /// When the break started, as taken on the device (RFC 3339), for a start sent late (offline); now when absent.
        /// Within the last 24 hours and at most 2 minutes ahead of the server's clock.
        #[schema(format = DateTime, example = "2026-03-11T10:30:00Z")]
        pub at: Option<String>,
    }
}

wire! { into dom::EndBreakInput;
    /// The body of `POST /break/end` (optional).
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    pub struct EndBreakInput {
        /// When the break ended, as taken on the device (RFC 3339), for an end sent late (offline); now when absent.
        /// Within the last 24 hours, at most 2 minutes ahead of the server's clock, and after the break's start.
        #[schema(format = DateTime, example = "2026-03-11T10:45:00Z")]
        pub at: Option<String>,
    }
}

wire! { from dom::OpenBreak;
    /// A break in progress: the `OPENBREAK` item of the user, mirrored as the team's `ONBREAK#` presence item.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct OpenBreak {
        #[schema(schema_with = crate::schema::ulid)]
        pub user_id: UserId,
        #[schema(schema_with = crate::schema::ulid)]
        pub team_id: TeamId,
        pub name: String,
        #[serde(rename = "type")]
        pub break_type: String,
        pub reason: String,
        /// When it started (RFC 3339 UTC).
        #[schema(schema_with = crate::schema::stamp)]
        pub since: String,
        /// Its start in the user's zone, as the closed break will carry it.
        #[schema(schema_with = crate::schema::time)]
        pub start_time: ClockTime,
        #[schema(schema_with = crate::schema::date)]
        pub created_date: Day,
        pub time_zone: String,
    }
}
