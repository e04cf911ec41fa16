//! The live guard's items: the next message of a person on the clock (`keys::break_guard`: one per person, replaced
//! on each re-plan), filed on the due index under its minute, and the once-only mark of a message sent (a reminder
//! item keyed by the work period's start and the stage, written only if absent, never on the due index).

use chrono::{DateTime, Utc};
use serde_json::{json, Value};

use crate::due;
use crate::guard::GuardPlan;
use crate::settings::ReminderKind;
use bt_core::codec::to_item;
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{Cond, StoreError, Table, GSI1PK, GSI1SK, TTL};
use bt_core::types::UserId;

/// Files the person's next guard message (replacing the one planned before).
pub async fn file(store: &dyn Table, plan: &GuardPlan, due: DateTime<Utc>) -> AppResult<()> {
    let key = keys::break_guard(&plan.user_id);
    let mut item = to_item("break_guard", &key, plan)?;
    let (pk, sk) = due::index_pair(due::due_minute(due), plan.user_id.as_ref(), &key.sk);
    item.insert(GSI1PK.into(), Value::String(pk));
    item.insert(GSI1SK.into(), Value::String(sk));
    store.put(item, Cond::None).await?;
    Ok(())
}

/// Drops the person's planned guard message, if any.
pub async fn drop(store: &dyn Table, user_id: &UserId) -> AppResult<()> {
    store.delete(&keys::break_guard(user_id), Cond::None).await?;
    Ok(())
}

/// Marks the message of a stage of the period that began at `since` as sent, only if it was not: true when this
/// call marked it (then it may be sent), false when it was sent before. The mark expires at `ttl` (epoch seconds).
pub async fn mark_sent_once(
    store: &dyn Table,
    user_id: &UserId,
    since: &str,
    stage: &str,
    now: DateTime<Utc>,
    ttl: i64,
) -> AppResult<bool> {
    let key = keys::reminder(user_id, ReminderKind::BreakGuard.tag(), &keys::break_guard_sent_subject(since, stage));
    let mut item = to_item("break_guard_sent", &key, &json!({ "userId": user_id, "since": since, "stage": stage }))?;
    item.insert("sentAt".into(), Value::String(now.to_rfc3339()));
    item.insert(TTL.into(), Value::from(ttl));
    match store.put(item, Cond::NotExists).await {
        Ok(_) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(e) => Err(e.into()),
    }
}
