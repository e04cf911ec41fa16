//! Browsers subscribed to a person's push notifications.

use base64::Engine;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::outbound::{PushSubscription, PUSH_NOT_CONFIGURED};
use crate::repo;
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::UserId;
use bt_core::validate::Check;
use bt_records::timestamp;

/// At most this many browsers per person; the oldest is dropped for a new one.
pub const MAX_SUBSCRIPTIONS: usize = 10;
pub const MAX_ENDPOINT_CHARS: usize = 1000;

/// A stored subscription.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredSubscription {
    #[serde(flatten)]
    pub subscription: PushSubscription,
    pub created_at: String,
}

fn endpoint_hash(endpoint: &str) -> String {
    Sha256::digest(endpoint.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

fn decoded_len(value: &str) -> Option<usize> {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(value.trim_end_matches('=')).ok().map(|b| b.len())
}

/// Shape checks of a subscription (the keys' sizes RFC 8291 needs); whether the endpoint may be called is the
/// outbound adapter's check.
fn validate(input: &PushSubscription) -> AppResult<PushSubscription> {
    let mut check = Check::new();
    let endpoint = input.endpoint.trim();
    check.required("endpoint", endpoint, "The subscription's endpoint is required.");
    check.rule("endpoint", endpoint.len() <= MAX_ENDPOINT_CHARS, "The endpoint is too long.");
    check.rule(
        "keys.p256dh",
        decoded_len(&input.keys.p256dh) == Some(65),
        "p256dh must be the browser's P-256 public key (65 bytes, base64url).",
    );
    check.rule(
        "keys.auth",
        decoded_len(&input.keys.auth) == Some(16),
        "auth must be the subscription's 16-byte secret (base64url).",
    );
    check.finish()?;
    Ok(PushSubscription { endpoint: endpoint.to_string(), keys: input.keys.clone() })
}

/// Keeps a browser's subscription for the caller (the same endpoint again replaces it).
pub async fn subscribe(
    services: &Services,
    user_id: &UserId,
    input: &PushSubscription,
    now: DateTime<Utc>,
) -> AppResult<()> {
    if services.outbound.vapid_public_key().is_none() {
        return Err(AppError::NotFound(PUSH_NOT_CONFIGURED.into()));
    }
    let subscription = validate(input)?;
    services
        .outbound
        .check_url(&subscription.endpoint)
        .await
        .map_err(|message| AppError::field("endpoint", message))?;
    let store = services.table();
    let mut existing = list(store, user_id).await?;
    let hash = endpoint_hash(&subscription.endpoint);
    existing.retain(|s| endpoint_hash(&s.subscription.endpoint) != hash);
    existing.sort_by(|a, b| a.created_at.cmp(&b.created_at));
    while existing.len() >= MAX_SUBSCRIPTIONS {
        let oldest = existing.remove(0);
        forget(store, user_id, &oldest.subscription.endpoint).await?;
    }
    let stored = StoredSubscription { subscription, created_at: timestamp(now) };
    repo::subscriptions::save(store, user_id, &hash, &stored).await
}

/// Forgets a browser's subscription; true when there was one.
pub async fn unsubscribe(app: &Services, user_id: &UserId, endpoint: &str) -> AppResult<bool> {
    let store = app.table();
    forget(store, user_id, endpoint).await
}

/// [`unsubscribe`] over the store port, for the use cases that hold it.
async fn forget(store: &dyn Table, user_id: &UserId, endpoint: &str) -> AppResult<bool> {
    repo::subscriptions::delete(store, user_id, &endpoint_hash(endpoint.trim())).await
}

pub async fn list(store: &dyn Table, user_id: &UserId) -> AppResult<Vec<StoredSubscription>> {
    repo::subscriptions::of_user(store, user_id).await
}
