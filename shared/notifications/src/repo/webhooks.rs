//! A team's hooks (`keys::webhook`, in the team's partition, with their secret), and what the due index holds for
//! them: a hook's next daily post (`keys::hook_daily`) and each delivery of an event (`keys::hook_delivery`), filed
//! under the minute of their due instant. The hook's own type is the caller's (it keeps the secret private).

use chrono::{DateTime, Utc};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use crate::due;
use crate::webhooks::{DailyPost, HookDelivery};
use bt_core::codec::{from_item, to_item};
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{Cond, Item, Query, SkCond, StoreError, StoreResult, Table, TxOp, GSI1PK, GSI1SK};
use bt_core::types::TeamId;

/// The team's hooks.
pub async fn of_team<H: DeserializeOwned>(store: &dyn Table, team_id: &TeamId) -> AppResult<Vec<H>> {
    let query = Query::table(keys::team_pk(team_id), SkCond::BeginsWith(keys::WEBHOOK_PREFIX.into()));
    store.query_all(&query).await?.into_iter().map(from_item).collect()
}

pub async fn find<H: DeserializeOwned>(store: &dyn Table, team_id: &TeamId, id: &str) -> AppResult<Option<H>> {
    match store.get(&keys::webhook(team_id, id)).await? {
        Some(item) => Ok(Some(from_item(item)?)),
        None => Ok(None),
    }
}

/// Stores a new hook of the team under its id.
pub async fn insert<H: Serialize>(
    store: &dyn Table,
    team_id: &TeamId,
    id: &str,
    hook: &H,
    logged: &bt_accounts::audit::Entry,
) -> AppResult<()> {
    let put = TxOp::Put { item: to_item("webhook", &keys::webhook(team_id, id), hook)?, cond: Cond::NotExists };
    store.transact(vec![put, bt_accounts::audit::op(logged)?]).await?;
    Ok(())
}

/// Deletes a hook with the audit entry of its removal; false when there was none (nothing is written then).
pub async fn delete(
    store: &dyn Table,
    team_id: &TeamId,
    id: &str,
    logged: &bt_accounts::audit::Entry,
) -> AppResult<bool> {
    let delete = TxOp::Delete { key: keys::webhook(team_id, id), cond: Cond::Exists };
    match store.transact(vec![delete, bt_accounts::audit::op(logged)?]).await {
        Ok(()) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// Deletes a hook's next daily post, if it has one.
pub async fn delete_daily(store: &dyn Table, team_id: &TeamId, id: &str) -> AppResult<()> {
    store.delete(&keys::hook_daily(team_id, id), Cond::None).await?;
    Ok(())
}

/// Keeps the outcome of a hook's last delivery on it, only while the hook is there (one deleted meanwhile is not
/// brought back).
pub async fn save_last_delivery<D: Serialize>(
    store: &dyn Table,
    team_id: &TeamId,
    id: &str,
    last_delivery: &D,
) -> StoreResult<()> {
    let mut set = Item::new();
    set.insert("lastDelivery".into(), serde_json::to_value(last_delivery).unwrap_or(Value::Null));
    store.update(&keys::webhook(team_id, id), set, Cond::Exists).await?;
    Ok(())
}

/// Files an item under the minute its due instant falls in (not the next one, as reminders are): an event goes out
/// with the run of the minute it happened in, and `due` still holds it back until its instant.
fn with_due(mut item: Item, team_id: &TeamId, sk: &str, due: DateTime<Utc>) -> Item {
    let (pk, sort) = due::index_pair(due::minute_of(due), team_id.as_ref(), sk);
    item.insert(GSI1PK.into(), Value::String(pk));
    item.insert(GSI1SK.into(), Value::String(sort));
    item
}

/// Files a hook's next daily post at `due` (replacing the one before).
pub async fn file_daily(store: &dyn Table, post: &DailyPost, due: DateTime<Utc>) -> AppResult<()> {
    let key = keys::hook_daily(&post.team_id, &post.hook_id);
    let item = with_due(to_item("webhook_daily", &key, post)?, &post.team_id, &key.sk, due);
    store.put(item, Cond::None).await?;
    Ok(())
}

/// Files a delivery under the minute of `due`.
pub async fn file_delivery(store: &dyn Table, delivery: &HookDelivery, due: DateTime<Utc>) -> AppResult<()> {
    let key = keys::hook_delivery(&delivery.team_id, &delivery.event.id, &delivery.hook_id);
    let item = with_due(to_item("webhook_delivery", &key, delivery)?, &delivery.team_id, &key.sk, due);
    store.put(item, Cond::None).await?;
    Ok(())
}

/// Counts one break event of a member for the team's hooks in the minute starting at `minute` (the counter expires
/// soon after); the count so far.
pub async fn count_break_event(store: &dyn Table, team_id: &TeamId, user_id: &str, minute: i64) -> AppResult<i64> {
    let mut on_create = Item::new();
    on_create.insert("ttl".into(), Value::from(minute + 180));
    on_create.insert("entity_type".into(), Value::from("rate_limit"));
    let key = keys::rate_limit("hook-breaks", &format!("{team_id}|{user_id}"), minute);
    Ok(store.increment(&key, "count", 1, on_create).await?)
}
