//! The state of a social sign-in or single sign-on in progress (`OAUTH#<hash of the state>`), with its expiry and a TTL.

use serde_json::{json, Value};

use bt_core::codec::to_item;
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{attr_str, Cond, StoreError, Table};

/// A sign-in's state as it was stored.
pub struct StoredState {
    pub provider: Option<String>,
    pub expires_at: i64,
    pub pkce_verifier: Option<String>,
    pub nonce: Option<String>,
    pub browser_nonce: Option<String>,
    pub time_zone: Option<String>,
}

pub async fn insert(
    store: &dyn Table,
    state_hash: &str,
    provider: &str,
    expires_at: i64,
    secrets: crate::oauth::SignInSecrets,
) -> AppResult<()> {
    let crate::oauth::SignInSecrets { pkce_verifier, nonce, browser_nonce, time_zone } = secrets;
    let mut item = to_item(
        "oauth_state",
        &keys::oauth_state(state_hash),
        &json!({ "provider": provider, "expiresAt": expires_at, "ttl": expires_at }),
    )?;
    if let Some(verifier) = pkce_verifier {
        item.insert("pkceVerifier".into(), verifier.into());
    }
    if let Some(nonce) = nonce {
        item.insert("nonce".into(), nonce.into());
    }
    if let Some(browser_nonce) = browser_nonce {
        item.insert("browserNonce".into(), browser_nonce.into());
    }
    if let Some(zone) = time_zone {
        item.insert("timeZone".into(), zone.into());
    }
    store.put(item, Cond::NotExists).await?;
    Ok(())
}

/// Deletes the state and returns it; None when there was none (unknown, or taken by another request).
pub async fn take(store: &dyn Table, state_hash: &str) -> AppResult<Option<StoredState>> {
    let item = match store.delete(&keys::oauth_state(state_hash), Cond::Exists).await {
        Ok(Some(item)) => item,
        Ok(None) | Err(StoreError::ConditionFailed) => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    Ok(Some(StoredState {
        provider: attr_str(&item, "provider").map(str::to_string),
        expires_at: item.get("expiresAt").and_then(Value::as_i64).unwrap_or(0),
        pkce_verifier: attr_str(&item, "pkceVerifier").map(str::to_string),
        nonce: attr_str(&item, "nonce").map(str::to_string),
        browser_nonce: attr_str(&item, "browserNonce").map(str::to_string),
        time_zone: attr_str(&item, "timeZone").map(str::to_string),
    }))
}
