//! Who in the team is available, on break or on leave.

use serde::Serialize;
use utoipa::ToSchema;

use crate::wire;
use bt_app::account::Role;
use bt_app::types::{ClockTime, Day, Email, RecordId, UserId};
use bt_app::work::presence as dom;

wire! { from dom::PresenceStatus;
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub enum PresenceStatus {
        /// Neither on the clock, on a break nor on leave ("off").
        Available,
        /// Clocked in (working time), not on a break.
        Working,
        OnBreak,
        OnLeave,
    }
}

wire! { from dom::MemberPresence;
    /// One member of the team with their status now (the rows of `GET /admin/get`).
    #[derive(Debug, Clone, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct MemberPresence {
        #[schema(schema_with = crate::schema::ulid)]
        pub id: UserId,
        pub name: String,
        #[schema(value_type = String)]
        pub email: Email,
        #[schema(schema_with = crate::schema::role)]
        pub role: Role,
        #[schema(schema_with = crate::schema::stamp)]
        pub joined_at: String,
        pub status: PresenceStatus,
        /// On break: when the break started (RFC 3339). On leave: the leave's first day.
        #[schema(nullable, required = true)]
        pub since: Option<String>,
        /// On break: its type.
        #[schema(required = true)]
        pub break_type: Option<String>,
        /// On leave: the leave's last day.
        #[schema(schema_with = crate::schema::date_or_null, required = true)]
        pub until: Option<Day>,
        /// On leave: the leave's type (its name, e.g. "Sick leave").
        #[schema(required = true)]
        pub leave_type: Option<String>,
        /// Clocked in since (RFC 3339), whatever the status (a member on a break during work keeps it).
        #[schema(schema_with = crate::schema::stamp_or_null, required = true)]
        pub working_since: Option<String>,
        /// Working (not on a break) past a break threshold or the longest stretch without the break due, under the
        /// team's rules. Only for the member themself, admins and HR: false for anyone else.
        pub break_due: bool,
    }
}

wire! { from dom::OnBreakMember;
    /// A member on a live break (`GET /admin/onBreak`).
    #[derive(Debug, Clone, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct OnBreakMember {
        #[schema(schema_with = crate::schema::ulid)]
        pub user_id: UserId,
        pub name: String,
        #[serde(rename = "type")]
        pub break_type: String,
        pub reason: String,
        /// When the break started (RFC 3339 UTC).
        #[schema(schema_with = crate::schema::stamp)]
        pub since: String,
        /// Start in the member's own zone, with that day.
        #[schema(schema_with = crate::schema::time)]
        pub start_time: ClockTime,
        #[schema(schema_with = crate::schema::date)]
        pub created_date: Day,
    }
}

wire! { from dom::OnLeaveMember;
    /// A member on leave on a day (`GET /admin/onLeaves`).
    #[derive(Debug, Clone, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct OnLeaveMember {
        #[schema(schema_with = crate::schema::ulid)]
        pub user_id: UserId,
        pub name: String,
        #[schema(schema_with = crate::schema::ulid)]
        pub leave_id: RecordId,
        #[schema(schema_with = crate::schema::date)]
        pub from_date: Day,
        #[schema(schema_with = crate::schema::date)]
        pub to_date: Day,
        pub days: i64,
        /// The leave's type (its name, e.g. "Sick leave"): shown to everyone in the team.
        pub leave_type: String,
        /// Shown to admins and HR only.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[schema(nullable = false)]
        pub reason: Option<String>,
    }
}
