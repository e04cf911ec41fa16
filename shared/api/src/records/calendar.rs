//! The team calendar of a month.

use serde::Serialize;
use utoipa::ToSchema;

use super::leaves::LeaveStatus;
use crate::wire;
use bt_app::records::calendar as dom;
use bt_app::types::{Day, RecordId, UserId};

wire! { from dom::CalendarLeave;
    /// One leave on the calendar.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct CalendarLeave {
        #[serde(rename = "_id")]
        #[schema(value_type = String)]
        pub id: RecordId,
        #[schema(value_type = String)]
        pub type_id: RecordId,
        pub type_name: String,
        /// `#rrggbb`, the type's.
        pub color: String,
        pub status: LeaveStatus,
        #[schema(schema_with = crate::schema::date)]
        pub from_date: Day,
        #[schema(schema_with = crate::schema::date)]
        pub to_date: Day,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub half_day: Option<super::allowances::HalfDay>,
        /// The requester's own leaves, and every leave for admins and HR; absent otherwise.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub reason: Option<String>,
    }
}

wire! { from dom::CalendarMember;
    /// A member's row of the calendar.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct CalendarMember {
        #[schema(value_type = String)]
        pub user_id: UserId,
        pub name: String,
        pub leaves: Vec<CalendarLeave>,
    }
}

wire! { from dom::Holiday;
    /// A day off of the whole team.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct Holiday {
        #[schema(schema_with = crate::schema::date)]
        pub date: Day,
        pub name: String,
    }
}

wire! { from dom::TeamCalendar;
    /// `GET /leaves/calendar`.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct TeamCalendar {
        /// `YYYY-MM`.
        pub month: String,
        #[schema(schema_with = crate::schema::date)]
        pub from: Day,
        #[schema(schema_with = crate::schema::date)]
        pub to: Day,
        /// Every member, by name, with their leaves in the month (earliest first).
        pub members: Vec<CalendarMember>,
        pub holidays: Vec<Holiday>,
    }
}
