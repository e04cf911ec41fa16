//! Monthly timesheets: `Timesheet`, the team overview's `TimesheetRow`, and the bodies of the decisions.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::work::WorkDay;
use crate::wire;
use bt_app::types::UserId;
use bt_app::work::timesheets as dom;

wire! { from dom::Status;
    /// Where a month's timesheet stands.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
    #[serde(rename_all = "lowercase")]
    pub enum TimesheetStatus { Open, Submitted, Approved, Returned }
}

wire! { from dom::Action;
    /// What was done to a timesheet.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
    #[serde(rename_all = "lowercase")]
    pub enum TimesheetAction { Submitted, Approved, Returned, Reopened }
}

wire! { from dom::Entry;
    /// One action in a timesheet's history.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct TimesheetEntry {
        pub action: TimesheetAction,
        #[schema(schema_with = crate::schema::ulid)]
        pub by: UserId,
        pub by_name: String,
        #[schema(schema_with = crate::schema::stamp)]
        pub at: String,
        /// The return's comment, the reopening's reason, or the approval's optional comment.
        pub comment: Option<String>,
    }
}

/// A member's month: every day, the totals (minutes) and the approval state. `locked` is true while the month is
/// approved (no work period or break dated in it can be written).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Timesheet {
    /// `YYYY-MM`
    #[schema(pattern = r"^\d{4}-\d{2}$")]
    pub month: String,
    #[schema(schema_with = crate::schema::ulid)]
    pub user_id: UserId,
    pub name: String,
    /// The team's name.
    pub team: String,
    pub status: TimesheetStatus,
    pub history: Vec<TimesheetEntry>,
    pub days: Vec<WorkDay>,
    pub worked: i64,
    pub target: i64,
    pub difference: i64,
    pub locked: bool,
    /// Who approved the month (their name), while it is approved: the last approval's; null otherwise.
    #[schema(required = true)]
    pub approved_by: Option<String>,
    /// When the month was approved (RFC 3339 UTC), while it is approved; null otherwise.
    #[schema(schema_with = crate::schema::stamp_or_null, required = true)]
    pub approved_at: Option<String>,
}

impl Timesheet {
    /// The month with its findings' messages in `language`.
    pub fn localized(sheet: dom::Timesheet, language: bt_app::i18n::Language) -> Timesheet {
        let mut sheet = Timesheet::from(sheet);
        sheet.days = sheet.days.into_iter().map(|d| d.localized(language)).collect();
        sheet
    }
}

impl From<dom::Timesheet> for Timesheet {
    fn from(sheet: dom::Timesheet) -> Self {
        let approval = sheet.state.approval().map(|e| (e.by_name.clone(), e.at.clone()));
        Timesheet {
            month: sheet.month.to_string(),
            user_id: sheet.user_id,
            name: sheet.name,
            team: sheet.team,
            status: sheet.state.status.into(),
            history: sheet.state.history.into_iter().map(TimesheetEntry::from).collect(),
            days: sheet.days.into_iter().map(WorkDay::from).collect(),
            worked: sheet.worked,
            target: sheet.target,
            difference: sheet.difference,
            locked: sheet.locked,
            approved_by: approval.as_ref().map(|(name, _)| name.clone()),
            approved_at: approval.map(|(_, at)| at),
        }
    }
}

wire! { from dom::TimesheetRow;
    /// A member's month in the team overview (minutes).
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct TimesheetRow {
        #[schema(schema_with = crate::schema::ulid)]
        pub user_id: UserId,
        pub name: String,
        #[schema(pattern = r"^\d{4}-\d{2}$")]
        pub month: String,
        pub status: TimesheetStatus,
        pub worked: i64,
        pub target: i64,
        pub difference: i64,
    }
}

/// The body of `POST /timesheets/{month}/approve`, `/return` and `/reopen`: whose month, and the comment (required
/// to return; the reason, required, to reopen; optional to approve).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimesheetDecision {
    #[schema(schema_with = crate::schema::ulid, required = true)]
    pub user_id: Option<String>,
    #[schema(max_length = 500)]
    pub comment: Option<String>,
}
