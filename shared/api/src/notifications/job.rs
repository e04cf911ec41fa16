//! What a run of the scheduled job did.

use serde::Serialize;
use utoipa::ToSchema;

use super::settings::ReminderKind;
use crate::wire;
use bt_app::notifications::job as dom;
use bt_app::types::UserId;

wire! { from dom::Delivery;
    /// One delivery attempt.
    #[derive(Debug, Clone, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Delivery {
        pub kind: ReminderKind,
        #[schema(value_type = String)]
        pub user_id: UserId,
        /// `push` or `email`.
        pub channel: String,
        /// `delivered`, `gone` (the subscription was removed) or `failed: …`.
        pub outcome: String,
        pub title: String,
    }
}

wire! { from dom::Skipped;
    /// A due reminder not sent, and why.
    #[derive(Debug, Clone, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Skipped {
        pub kind: ReminderKind,
        #[schema(value_type = String)]
        pub user_id: UserId,
        pub reason: String,
    }
}

wire! { from dom::RunReport;
    /// What one run did.
    #[derive(Debug, Clone, Default, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct RunReport {
        /// The instant the run took as now.
        pub now: String,
        /// The minutes (UTC, `YYYY-MM-DDTHH:MM`) whose reminders it looked for.
        pub minutes: Vec<String>,
        /// Reminders found due (including those another run had claimed).
        pub found: usize,
        pub sent: Vec<Delivery>,
        pub skipped: Vec<Skipped>,
        /// Team-chat webhook deliveries (events and daily posts).
        pub hooks: Vec<super::webhooks::HookSent>,
    }
}
