//! Fixed-window counters in the table (one atomic increment per check, expired by TTL).

use serde_json::Value;

use crate::error::{AppError, AppResult};
use crate::i18n::fill;
use crate::keys;
use crate::services::Services;
use crate::store::Item;

/// The current window of `window_secs` for `subject` in `scope`: its counter's key, now and the window's start.
fn window(state: &Services, scope: &str, subject: &str, window_secs: i64) -> (crate::store::Key, i64, i64) {
    let now = state.clock.now().timestamp();
    let start = now - now.rem_euclid(window_secs);
    (keys::rate_limit(scope, &subject.trim().to_lowercase(), start), now, start)
}

fn too_many(now: i64, start: i64, window_secs: i64) -> AppError {
    let retry_after = (start + window_secs - now).max(1) as u64;
    AppError::TooManyRequests { message: wait_message(retry_after), retry_after }
}

/// Adds one to the window's counter (made with a TTL just past the window) and returns the new count.
async fn increment(state: &Services, key: &crate::store::Key, start: i64, window_secs: i64) -> AppResult<i64> {
    let mut on_create = Item::new();
    on_create.insert("ttl".into(), Value::from(start + window_secs + 60));
    on_create.insert("entity_type".into(), Value::from("rate_limit"));
    Ok(state.table().increment(key, "count", 1, on_create).await?)
}

/// Counts one request of `subject` in `scope`; over `max` in the current window of `window_secs` it is refused.
pub async fn hit(state: &Services, scope: &str, subject: &str, (max, window_secs): (i64, i64)) -> AppResult<()> {
    let (key, now, start) = window(state, scope, subject, window_secs);
    if increment(state, &key, start, window_secs).await? > max {
        return Err(too_many(now, start, window_secs));
    }
    Ok(())
}

/// Refuses when `subject` has already been counted `max` times in the current window, without counting this call
/// (for counters of failures, which [`count`] adds to once the outcome is known); else answers how many times it
/// has been counted in the window.
pub async fn check(state: &Services, scope: &str, subject: &str, (max, window_secs): (i64, i64)) -> AppResult<i64> {
    let (key, now, start) = window(state, scope, subject, window_secs);
    let seen = state.table().get(&key).await?;
    let counted = seen.as_ref().and_then(|item| item.get("count")).and_then(Value::as_i64).unwrap_or(0);
    if counted >= max {
        return Err(too_many(now, start, window_secs));
    }
    Ok(counted)
}

/// Counts one event of `subject` in `scope`'s current window and returns how many there are now (never refuses).
pub async fn count(state: &Services, scope: &str, subject: &str, (_, window_secs): (i64, i64)) -> AppResult<i64> {
    let (key, _, start) = window(state, scope, subject, window_secs);
    increment(state, &key, start, window_secs).await
}

/// The whole sentence for each unit (a catalogue translates sentences, not pieces of them).
fn wait_message(secs: u64) -> String {
    let minutes = secs.div_ceil(60);
    fill(
        match secs {
            0..60 => "Too many requests. Please try again in {seconds} seconds.",
            60 => "Too many requests. Please try again in 1 minute.",
            _ => "Too many requests. Please try again in {minutes} minutes.",
        },
        &[("seconds", &secs.to_string()), ("minutes", &minutes.to_string())],
    )
}
