//! The domain's outbound port (`bt_app::notifications::Outbound`) on this crate: subscriptions checked with the
//! address rules, pushes encrypted and signed with the deployment's VAPID key.

use async_trait::async_trait;
use bt_app::notifications::outbound::{
    HookEvent, HookOutcome, Outbound, PushOutcome as DomainOutcome, PushSubscription as DomainSub,
};

use crate::{
    check_endpoint, DeliveryOutcome, Policy, PushOutcome, PushSubscription, Sender, SubscriptionKeys, Urgency,
    VapidKeys, WebhookEvent, WebhookFormat,
};

/// How long a push service keeps a reminder for a browser that is offline: an hour (a later "Still on break?" or
/// meeting reminder is no use).
pub const PUSH_TTL_SECS: u32 = 3600;

pub struct OutboundAdapter {
    sender: Sender,
    /// The private key, where this function pushes; only the public key where it hands it to browsers.
    keys: Option<VapidKeys>,
    public_key: Option<String>,
    /// The VAPID `sub`: `mailto:` the deployment's support address.
    contact: String,
}

impl OutboundAdapter {
    /// `keys` to push; `public_key` alone to let browsers subscribe (taken from `keys` when they are given).
    pub fn new(
        policy: Policy,
        keys: Option<VapidKeys>,
        public_key: Option<String>,
        contact: &str,
    ) -> Result<Self, crate::BuildError> {
        let public_key = keys.as_ref().map(VapidKeys::public_key_b64url).or(public_key);
        let contact = if contact.starts_with("mailto:") || contact.starts_with("https:") {
            contact.to_string()
        } else {
            format!("mailto:{contact}")
        };
        Ok(OutboundAdapter { sender: Sender::new(policy)?, keys, public_key, contact })
    }

    /// From the environment: `VAPID_PRIVATE_KEY` (base64url; from SSM on AWS) and/or `VAPID_PUBLIC_KEY`.
    pub fn from_env(policy: Policy, contact: &str) -> Result<Self, String> {
        let var = |name: &str| std::env::var(name).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let keys = match var("VAPID_PRIVATE_KEY") {
            Some(private) => {
                Some(VapidKeys::from_private_b64url(&private).map_err(|e| format!("VAPID_PRIVATE_KEY: {e}"))?)
            }
            None => None,
        };
        Self::new(policy, keys, var("VAPID_PUBLIC_KEY"), contact).map_err(|e| e.to_string())
    }
}

#[async_trait]
impl Outbound for OutboundAdapter {
    async fn check_url(&self, url: &str) -> Result<(), String> {
        check_endpoint(url, self.sender.policy()).await.map(|_| ()).map_err(|e| e.to_string())
    }

    async fn push(&self, subscription: &DomainSub, payload: &[u8]) -> DomainOutcome {
        let Some(keys) = &self.keys else {
            return DomainOutcome::Failed("no VAPID private key here".into());
        };
        let sub = PushSubscription {
            endpoint: subscription.endpoint.clone(),
            keys: SubscriptionKeys { p256dh: subscription.keys.p256dh.clone(), auth: subscription.keys.auth.clone() },
        };
        match self.sender.push(keys, &self.contact, &sub, payload, PUSH_TTL_SECS, Urgency::High).await {
            Ok(PushOutcome::Delivered) => DomainOutcome::Delivered,
            Ok(PushOutcome::Gone) => DomainOutcome::Gone,
            Ok(PushOutcome::Refused { status, message }) => DomainOutcome::Failed(format!("HTTP {status}: {message}")),
            Ok(PushOutcome::Failed(reason)) => DomainOutcome::Failed(reason),
            Err(e) => DomainOutcome::Failed(e.to_string()),
        }
    }

    fn vapid_public_key(&self) -> Option<String> {
        self.public_key.clone()
    }

    async fn webhook(&self, url: &str, format: &str, secret: &str, event: &HookEvent) -> HookOutcome {
        let format = match format {
            "slack" => WebhookFormat::Slack,
            "teams" => WebhookFormat::Teams,
            _ => WebhookFormat::Generic,
        };
        let event = WebhookEvent {
            id: event.id.clone(),
            kind: event.kind.clone(),
            occurred_at: event.occurred_at.clone(),
            text: event.text.clone(),
            data: event.data.clone(),
        };
        match self.sender.webhook(url, format, secret, &event).await {
            DeliveryOutcome::Delivered { status } => {
                HookOutcome { ok: true, status: Some(status), message: format!("HTTP {status}") }
            }
            DeliveryOutcome::Failed { status, message } => HookOutcome { ok: false, status, message },
        }
    }
}
