//! The reports of a member and of the team.

use serde::Serialize;
use utoipa::ToSchema;

use super::tasks::{TaskPriority, TaskStatus};
use crate::wire;
use bt_app::account::Role;
use bt_app::records::reports as dom;
use bt_app::types::{Day, UserId};

wire! { from dom::DayMinutes;
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct DayMinutes {
        #[schema(schema_with = crate::schema::date)]
        pub date: Day,
        pub minutes: i64,
        pub count: u64,
    }
}

wire! { from dom::TypeMinutes;
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct TypeMinutes {
        #[serde(rename = "type")]
        pub break_type: String,
        pub minutes: i64,
        pub count: u64,
    }
}

wire! { from dom::BreakSummary;
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct BreakSummary {
        pub count: u64,
        pub total_minutes: i64,
        /// Days that have breaks, in date order.
        #[schema(inline)]
        pub per_day: Vec<DayMinutes>,
        /// Most minutes first.
        #[schema(inline)]
        pub per_type: Vec<TypeMinutes>,
    }
}

wire! { from dom::StatusCount;
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct StatusCount {
        pub status: TaskStatus,
        pub count: u64,
    }
}

wire! { from dom::PriorityCount;
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct PriorityCount {
        pub priority: TaskPriority,
        pub count: u64,
    }
}

wire! { from dom::TaskSummary;
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct TaskSummary {
        pub count: u64,
        pub completed: u64,
        /// Every status of §4, in that order, with zeros.
        #[schema(inline)]
        pub per_status: Vec<StatusCount>,
        /// Every priority of §4, in that order, with zeros.
        #[schema(inline)]
        pub per_priority: Vec<PriorityCount>,
    }
}

wire! { from dom::LeaveSummary;
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct LeaveSummary {
        pub count: u64,
        /// Leave days inside the range (a leave that starts before it or ends after it counts only its days inside).
        pub days: i64,
    }
}

wire! { from dom::MeetingSummary;
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct MeetingSummary {
        pub count: u64,
        pub minutes: i64,
    }
}

wire! { from dom::ChecklistSummary;
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct ChecklistSummary {
        pub count: u64,
        pub done: u64,
    }
}

wire! { from dom::Summary;
    /// The reports page of one member over a range.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Summary {
        #[schema(schema_with = crate::schema::ulid)]
        pub user_id: UserId,
        #[schema(schema_with = crate::schema::date)]
        pub from: Day,
        #[schema(schema_with = crate::schema::date)]
        pub to: Day,
        #[schema(inline)]
        pub breaks: BreakSummary,
        #[schema(inline)]
        pub tasks: TaskSummary,
        #[schema(inline)]
        pub leaves: LeaveSummary,
        #[schema(inline)]
        pub meetings: MeetingSummary,
        #[schema(inline)]
        pub checklist: ChecklistSummary,
    }
}

wire! { from dom::Totals;
    #[derive(Debug, Clone, Default, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Totals {
        pub break_count: u64,
        pub break_minutes: i64,
        pub task_count: u64,
        pub tasks_completed: u64,
        pub leave_days: i64,
    }
}

wire! { from dom::MemberTotals;
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct MemberTotals {
        #[schema(schema_with = crate::schema::ulid)]
        pub user_id: UserId,
        pub name: String,
        #[schema(schema_with = crate::schema::role)]
        pub role: Role,
        #[serde(flatten)]
        pub totals: Totals,
    }
}

wire! { from dom::TeamReport;
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct TeamReport {
        #[schema(schema_with = crate::schema::date)]
        pub from: Day,
        #[schema(schema_with = crate::schema::date)]
        pub to: Day,
        #[schema(inline)]
        pub members: Vec<MemberTotals>,
        pub totals: Totals,
    }
}
