//! Leave settings, allowances, balances and the preview of a leave.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::wire;
use bt_app::records::allowances as dom;
use bt_app::types::UserId;

wire! { from dom::HalfDay;
    /// A half-day leave: the morning or the afternoon of its one day.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
    #[serde(rename_all = "lowercase")]
    pub enum HalfDay {
        Am,
        Pm,
    }
}

wire! { from dom::LeaveSettings;
    /// The team's leave settings.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct LeaveSettings {
        /// Days a year each member may take of the types that count against the allowance.
        pub default_allowance: f64,
        /// At most this many unused days carry into the next year (0: none).
        pub carry_over_cap: f64,
        /// Whether a request may take a balance below zero.
        pub allow_negative: bool,
        /// The working days, ISO numbered: 1 is Monday, 7 is Sunday.
        pub work_week: Vec<u8>,
    }
}

wire! { into dom::LeaveSettingsInput;
    /// The body of `PUT /leaves/settings`: left-out fields keep their value.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct LeaveSettingsInput {
        pub default_allowance: Option<f64>,
        pub carry_over_cap: Option<f64>,
        pub allow_negative: Option<bool>,
        pub work_week: Option<Vec<u8>>,
    }
}

wire! { into dom::AllowanceInput;
    /// The body of `PUT /admin/allowance/{userId}`.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    pub struct AllowanceInput {
        #[schema(required = true, minimum = 1900, maximum = 2999)]
        pub year: Option<i32>,
        #[schema(required = true, minimum = 0, maximum = 366)]
        pub days: Option<f64>,
    }
}

wire! { from dom::Allowance;
    /// A member's allowance for a year, as an admin set it.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Allowance {
        #[schema(value_type = String)]
        pub user_id: UserId,
        pub year: i32,
        pub days: f64,
    }
}

wire! { from dom::Balance;
    /// A balance of one person and year, in working days.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Balance {
        #[schema(value_type = String)]
        pub user_id: UserId,
        /// Present in the team's list.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub name: Option<String>,
        pub year: i32,
        pub allowance: f64,
        pub carried_over: f64,
        /// Approved leaves of counting types in the year, the days before today (see `planned`).
        pub taken: f64,
        /// Approved leaves of counting types in the year, from today on: booked, not yet taken.
        pub planned: f64,
        /// Pending requests of counting types in the year.
        pub pending: f64,
        /// `allowance + carriedOver - taken - pending`.
        pub remaining: f64,
    }
}

wire! { from dom::LeavePreview;
    /// What a leave would count, shown in the dialog before it is sent.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct LeavePreview {
        /// Working days the leave takes.
        pub working_days: f64,
        /// Whether its type counts against the allowance.
        pub counts_against_allowance: bool,
        /// The year of its first day.
        pub year: i32,
        /// The balance of that year after it (counting it), when its type counts.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub remaining_after: Option<f64>,
        /// What happens when this person sends it: approved at once (and why), or a request an admin or HR decides.
        pub approval: Approval,
    }
}

wire! { from dom::Approval;
    /// What sending a leave leads to, for the person who sends it.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub enum Approval {
        /// Its type needs no approval: approved at once.
        NoApprovalNeeded,
        /// The type needs approval, but nobody else in the team (no other admin or HR) can give it: approved at once.
        OnlyApprover,
        /// A request: an admin or HR of the team approves or declines it.
        WaitsForApprover,
    }
}
