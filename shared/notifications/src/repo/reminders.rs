//! Reminder items (`keys::reminder`: one per occurrence, in the person's partition), filed on the due index under
//! their minute and shard (`GSI1PK = DUE#<minute>#<shard>`).

use chrono::{DateTime, Utc};
use serde_json::Value;

use crate::due;
use crate::reminders::Reminder;
use crate::settings::ReminderKind;
use bt_core::codec::to_item;
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{Cond, Index, Item, Query, SkCond, Table, GSI1PK, GSI1SK};
use bt_core::types::UserId;

/// The index pair that files a reminder under its minute and shard.
pub fn due_index(user_id: &UserId, kind: ReminderKind, subject: &str, due: DateTime<Utc>) -> (String, String) {
    let minute = due::minute_key(due::due_minute(due));
    (keys::due_gsi(&minute, due::shard_of(user_id.as_ref())), keys::due_sk(user_id, kind.tag(), subject))
}

pub fn reminder_item(reminder: &Reminder) -> AppResult<Item> {
    let key = keys::reminder(&reminder.user_id, reminder.kind.tag(), &reminder.subject);
    let mut item = to_item("reminder", &key, reminder)?;
    let due = reminder.due_at().unwrap_or_else(Utc::now);
    let (pk, sk) = due_index(&reminder.user_id, reminder.kind, &reminder.subject, due);
    item.insert(GSI1PK.into(), Value::String(pk));
    item.insert(GSI1SK.into(), Value::String(sk));
    Ok(item)
}

/// Files a reminder (replacing the occurrence's earlier one).
pub async fn save(store: &dyn Table, reminder: &Reminder) -> AppResult<()> {
    store.put(reminder_item(reminder)?, Cond::None).await?;
    Ok(())
}

/// Removes the reminder of an occurrence, if there is one.
pub async fn delete(store: &dyn Table, user_id: &UserId, kind: ReminderKind, subject: &str) -> AppResult<()> {
    store.delete(&keys::reminder(user_id, kind.tag(), subject), Cond::None).await?;
    Ok(())
}

/// The items due in one minute's shard: reminders, and webhook deliveries and daily posts.
pub async fn due_in(store: &dyn Table, minute: &str, shard: u32) -> AppResult<Vec<Item>> {
    let query = Query::new(Index::Gsi1, keys::due_gsi(minute, shard), SkCond::All);
    Ok(store.query_all(&query).await?)
}
