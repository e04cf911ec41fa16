//! Fixed-window counters in the table (one atomic increment per check, expired by TTL).

use serde_json::Value;

use crate::error::{AppError, AppResult};
use crate::keys;
use crate::services::Services;
use crate::store::Item;

/// Counts one request of `subject` in `scope`; over `max` in the current window of `window_secs` it is refused.
pub async fn hit(state: &Services, scope: &str, subject: &str, (max, window_secs): (i64, i64)) -> AppResult<()> {
    let now = state.clock.now().timestamp();
    let window = now - now.rem_euclid(window_secs);
    let mut on_create = Item::new();
    on_create.insert("ttl".into(), Value::from(window + window_secs + 60));
    on_create.insert("entity_type".into(), Value::from("rate_limit"));
    let subject = subject.trim().to_lowercase();
    let n = state.store.increment(&keys::rate_limit(scope, &subject, window), "count", 1, on_create).await?;
    if n > max {
        let retry_after = (window + window_secs - now).max(1) as u64;
        return Err(AppError::TooManyRequests {
            message: format!("Too many requests. Please try again in {}.", human_wait(retry_after)),
            retry_after,
        });
    }
    Ok(())
}

/// Refuses when `subject` has already been counted `max` times in the current window, without counting this call
/// (for counters of failures, which [`count`] adds to once the outcome is known).
pub async fn check(state: &Services, scope: &str, subject: &str, (max, window_secs): (i64, i64)) -> AppResult<()> {
    let now = state.clock.now().timestamp();
    let window = now - now.rem_euclid(window_secs);
    let subject = subject.trim().to_lowercase();
    let seen = state.store.get(&keys::rate_limit(scope, &subject, window)).await?;
    let n = seen.as_ref().and_then(|item| item.get("count")).and_then(Value::as_i64).unwrap_or(0);
    if n >= max {
        let retry_after = (window + window_secs - now).max(1) as u64;
        return Err(AppError::TooManyRequests {
            message: format!("Too many requests. Please try again in {}.", human_wait(retry_after)),
            retry_after,
        });
    }
    Ok(())
}

/// Counts one event of `subject` in `scope`'s current window and returns how many there are now (never refuses).
pub async fn count(state: &Services, scope: &str, subject: &str, (_, window_secs): (i64, i64)) -> AppResult<i64> {
    let now = state.clock.now().timestamp();
    let window = now - now.rem_euclid(window_secs);
    let mut on_create = Item::new();
    on_create.insert("ttl".into(), Value::from(window + window_secs + 60));
    on_create.insert("entity_type".into(), Value::from("rate_limit"));
    let subject = subject.trim().to_lowercase();
    Ok(state.store.increment(&keys::rate_limit(scope, &subject, window), "count", 1, on_create).await?)
}

fn human_wait(secs: u64) -> String {
    if secs < 60 {
        format!("{secs} seconds")
    } else {
        let m = secs.div_ceil(60);
        format!("{m} minute{}", if m == 1 { "" } else { "s" })
    }
}
