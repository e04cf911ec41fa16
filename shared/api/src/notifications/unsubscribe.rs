//! Unsubscribe links.

use serde::Serialize;
use utoipa::ToSchema;

use super::settings::ReminderKind;
use crate::wire;
use bt_app::notifications::unsubscribe as dom;

wire! { from dom::UnsubscribeInfo;
    /// What a link unsubscribes from (shown before the person confirms).
    #[derive(Debug, Clone, Serialize, ToSchema)]
    pub struct UnsubscribeInfo {
        pub kind: ReminderKind,
        /// In words: "break reminders".
        pub label: String,
        /// Whether mail of this kind is still on.
        pub email: bool,
    }
}
