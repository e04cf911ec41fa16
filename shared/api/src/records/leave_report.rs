//! The leave-days report.

use serde::Serialize;
use utoipa::ToSchema;

use crate::wire;
use bt_app::records::leave_report as dom;
use bt_app::types::{Day, RecordId, UserId};

wire! { from dom::ReportLeaveType;
    /// A leave type of the report's columns.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct ReportLeaveType {
        #[schema(value_type = String)]
        pub id: RecordId,
        pub name: String,
        pub color: String,
    }
}

wire! { from dom::LeaveDaysRow;
    /// A member's approved leave of one type in the range.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct LeaveDaysRow {
        #[schema(value_type = String)]
        pub user_id: UserId,
        pub name: String,
        #[schema(value_type = String)]
        pub type_id: RecordId,
        pub type_name: String,
        /// Calendar days in the range (a half day counts 0.5).
        pub days: f64,
        /// Working days in the range.
        pub working_days: f64,
    }
}

wire! { from dom::LeaveDaysReport;
    /// `GET /reports/leave-days`.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct LeaveDaysReport {
        #[schema(schema_with = crate::schema::date)]
        pub from: Day,
        #[schema(schema_with = crate::schema::date)]
        pub to: Day,
        /// The team's leave types, in their order.
        pub types: Vec<ReportLeaveType>,
        /// By member name, then type.
        pub rows: Vec<LeaveDaysRow>,
    }
}
