//! The port of calls the app makes to other services: Web Push to a browser's push service (and, later, team-chat
//! webhooks). The adapter (`bt_adapters_outbound`) encrypts payloads as RFC 8291 asks, signs with the deployment's
//! VAPID key, and refuses any address that is not public; the domain only says what to send to whom.

use async_trait::async_trait;
use serde::{Deserialize, Serialize};

/// The keys of a browser's push subscription, as `PushSubscription.toJSON()` gives them (base64url).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushKeys {
    /// The browser's P-256 public key (65 bytes, base64url).
    pub p256dh: String,
    /// The subscription's authentication secret (16 bytes, base64url).
    pub auth: String,
}

/// A browser's push subscription (`POST /notifications/subscriptions` takes `PushSubscription.toJSON()`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushSubscription {
    /// The push service's URL for this browser (https, public).
    pub endpoint: String,
    pub keys: PushKeys,
}

/// What became of one push.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PushOutcome {
    Delivered,
    /// The push service no longer knows the subscription (404 or 410): the caller removes it.
    Gone,
    /// Refused or not reached (a short reason for the logs and the job's report).
    Failed(String),
}

impl PushOutcome {
    pub fn label(&self) -> String {
        match self {
            PushOutcome::Delivered => "delivered".into(),
            PushOutcome::Gone => "gone".into(),
            PushOutcome::Failed(reason) => format!("failed: {reason}"),
        }
    }
}

/// One event for a team chat's webhook. `id` is the same on every retry, for the receiver to drop repeats.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HookEvent {
    pub id: String,
    /// `leave.approved`, `daily.absences`, `break.started`, `break.ended`, `work.started`, `work.ended`.
    pub kind: String,
    pub occurred_at: String,
    /// One line a person reads in the chat.
    pub text: String,
    pub data: serde_json::Value,
}

/// What became of one webhook delivery.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HookOutcome {
    pub ok: bool,
    pub status: Option<u16>,
    /// A few words for the admin page ("HTTP 500", "timed out", "address refused: not public").
    pub message: String,
}

#[async_trait]
pub trait Outbound: Send + Sync + 'static {
    /// Whether the app may call this URL (a push endpoint or a webhook): https to a public address. `Err` carries a
    /// message for the field.
    async fn check_url(&self, url: &str) -> Result<(), String>;
    /// Encrypts and sends one payload (at most 3,993 bytes of JSON) to one subscription.
    async fn push(&self, subscription: &PushSubscription, payload: &[u8]) -> PushOutcome;
    /// The deployment's VAPID public key (base64url, the browser's `applicationServerKey`), when push is set up.
    fn vapid_public_key(&self) -> Option<String>;
    /// Posts one event to a hook in its format (`slack`, `teams`, `generic`; generic ones signed with `secret`).
    async fn webhook(&self, url: &str, format: &str, secret: &str, event: &HookEvent) -> HookOutcome;
}

/// Where push is not set up (no VAPID key): subscriptions are refused and nothing is pushed.
pub struct NoOutbound;

pub const PUSH_NOT_CONFIGURED: &str = "Push notifications are not set up on this server.";

#[async_trait]
impl Outbound for NoOutbound {
    async fn check_url(&self, _url: &str) -> Result<(), String> {
        Err(PUSH_NOT_CONFIGURED.into())
    }
    async fn push(&self, _subscription: &PushSubscription, _payload: &[u8]) -> PushOutcome {
        PushOutcome::Failed(PUSH_NOT_CONFIGURED.into())
    }
    fn vapid_public_key(&self) -> Option<String> {
        None
    }
    async fn webhook(&self, _url: &str, _format: &str, _secret: &str, _event: &HookEvent) -> HookOutcome {
        HookOutcome { ok: false, status: None, message: "webhooks are not set up here".into() }
    }
}
