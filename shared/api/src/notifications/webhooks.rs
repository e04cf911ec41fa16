//! The team's chat webhooks.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::wire;
use bt_app::notifications::webhooks as dom;

wire! { from dom::LastDelivery;
    /// The last delivery of a hook.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct LastDelivery {
        #[schema(schema_with = crate::schema::stamp)]
        pub at: String,
        pub event: String,
        pub event_id: String,
        pub ok: bool,
        /// The receiver's HTTP status, when it answered.
        pub status: Option<u16>,
        /// "HTTP 200", "HTTP 500", "timed out", "address refused: not public"...
        pub message: String,
        /// Which try this was (1 to 6).
        pub attempt: u32,
        /// When the next try goes, after a failure that will be retried.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub next_attempt: Option<String>,
    }
}

wire! { from dom::Webhook;
    /// A team's webhook as admins see it (never with its secret).
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Webhook {
        #[serde(rename = "_id")]
        #[schema(schema_with = crate::schema::ulid)]
        pub id: String,
        pub url: String,
        /// `slack`, `teams` or `generic`.
        pub format: String,
        /// Of `leave.approved`, `daily.absences`, `break.started`, `break.ended`, `work.started`, `work.ended`.
        pub events: Vec<String>,
        /// When `daily.absences` posts who is off, local `HH:MM` in `timeZone`.
        #[schema(schema_with = crate::schema::time)]
        pub daily_at: String,
        pub time_zone: String,
        #[schema(schema_with = crate::schema::stamp)]
        pub created_at: String,
        pub last_delivery: Option<LastDelivery>,
    }
}

wire! { from dom::CreatedWebhook;
    /// The answer to adding a hook: the only time its signing secret is shown.
    #[derive(Debug, Clone, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct CreatedWebhook {
        #[serde(flatten)]
        pub webhook: Webhook,
        /// `Breaktime-Signature` key of generic hooks (shown once; keep it in the receiver).
        pub secret: String,
    }
}

wire! { into dom::WebhookInput;
    /// The body of `POST /admin/webhooks`.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct WebhookInput {
        /// The incoming-webhook URL (https, public address).
        pub url: Option<String>,
        /// `slack` (also Mattermost, Rocket.Chat, Discord's `/slack`), `teams` or `generic`.
        pub format: Option<String>,
        pub events: Option<Vec<String>>,
        /// `HH:MM` for `daily.absences` (default 09:00), in the admin's time zone.
        #[schema(schema_with = crate::schema::time)]
        pub daily_at: Option<String>,
    }
}

wire! { from dom::HookSent;
    /// What the job did with one hook delivery.
    #[derive(Debug, Clone, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct HookSent {
        pub hook_id: String,
        pub event: String,
        pub event_id: String,
        pub attempt: u32,
        pub ok: bool,
        pub message: String,
    }
}
