//! The scheduled 16-hour closing of a person's open work period (`keys::work_cap`: one per person, like the open
//! period), filed on the due index under the minute it is due, and the once-only notice of a closing (a reminder
//! item keyed by the period's start, written only if absent).

use chrono::{DateTime, Utc};
use serde_json::Value;

use crate::due;
use crate::reminders::Reminder;
use crate::repo::reminders::reminder_item;
use crate::settings::ReminderKind;
use crate::work_cap::WorkCap;
use bt_core::codec::to_item;
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{Cond, Item, StoreError, Table, GSI1PK, GSI1SK};
use bt_core::types::UserId;

/// Files the closing of the open period (replacing the one of an earlier period).
pub async fn file(store: &dyn Table, cap: &WorkCap, due: DateTime<Utc>) -> AppResult<()> {
    let key = keys::work_cap(&cap.user_id);
    let mut item = to_item("work_cap", &key, cap)?;
    let (pk, sk) = due::index_pair(due::due_minute(due), cap.user_id.as_ref(), &key.sk);
    item.insert(GSI1PK.into(), Value::String(pk));
    item.insert(GSI1SK.into(), Value::String(sk));
    store.put(item, Cond::None).await?;
    Ok(())
}

/// Drops the closing filed for the period that began at `since` (one filed for a later period stays).
pub async fn drop_for(store: &dyn Table, user_id: &UserId, since: &str) -> AppResult<()> {
    match store.delete(&keys::work_cap(user_id), Cond::eq("since", since)).await {
        Ok(_) | Err(StoreError::ConditionFailed) => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// Files a notice only if the occurrence has none yet (waiting or sent): true when this call filed it.
pub async fn file_notice_once(store: &dyn Table, reminder: &Reminder) -> AppResult<bool> {
    match store.put(reminder_item(reminder)?, Cond::NotExists).await {
        Ok(_) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// A notice's item as stored (to hand to the job), if it is there.
pub async fn notice_item(
    store: &dyn Table,
    user_id: &UserId,
    kind: ReminderKind,
    subject: &str,
) -> AppResult<Option<Item>> {
    let key = keys::reminder(user_id, kind.tag(), subject);
    Ok(store.get(&key).await?)
}
