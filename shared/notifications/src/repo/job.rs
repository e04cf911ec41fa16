//! What the scheduled job keeps of its own: the cursor (the last minute a scheduled run finished), and the claim of
//! a due item (taken off the due index, conditioned on the index key it was found under).

use serde_json::{json, Value};

use bt_core::codec::to_item;
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{Cond, Item, Key, StoreError, Table, GSI1PK, GSI1SK, PK, SK, TTL};

/// The minute (`YYYY-MM-DDTHH:MM`) of the last finished scheduled run, if any.
pub async fn last_minute(store: &dyn Table) -> AppResult<Option<String>> {
    Ok(store
        .get(&keys::scheduler_cursor())
        .await?
        .and_then(|item| item.get("minute").and_then(Value::as_str).map(str::to_string)))
}

pub async fn save_cursor(store: &dyn Table, minute: String) -> AppResult<()> {
    let cursor = to_item("scheduler_cursor", &keys::scheduler_cursor(), &json!({ "minute": minute }))?;
    store.put(cursor, Cond::None).await?;
    Ok(())
}

/// Claims a due item as it was found: off the due index, marked sent at `sent_at` and kept until `ttl`, only while
/// it is still filed under the index key it was found under. Only one run wins; false for the others (and for an
/// item without its keys).
pub async fn claim(store: &dyn Table, item: &Item, sent_at: String, ttl: i64) -> AppResult<bool> {
    let (Some(pk), Some(Value::String(item_pk)), Some(Value::String(item_sk))) =
        (item.get(GSI1PK).cloned(), item.get(PK), item.get(SK))
    else {
        return Ok(false);
    };
    let key = Key::new(item_pk.clone(), item_sk.clone());
    let mut set = Item::new();
    set.insert(GSI1PK.into(), Value::Null);
    set.insert(GSI1SK.into(), Value::Null);
    set.insert("sentAt".into(), Value::String(sent_at));
    set.insert(TTL.into(), Value::from(ttl));
    match store.update(&key, set, Cond::Eq(GSI1PK.into(), pk)).await {
        Ok(_) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(e) => Err(e.into()),
    }
}
