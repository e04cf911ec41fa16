//! Push subscriptions of a person's browsers (`keys::push_subscription`: the person's partition, by the hash of the
//! endpoint).

use crate::subscriptions::StoredSubscription;
use bt_core::codec::{from_item, to_item};
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{Cond, Query, SkCond, Table};
use bt_core::types::UserId;

/// Keeps a subscription under the hash of its endpoint (the same endpoint again replaces it).
pub async fn save(
    store: &dyn Table,
    user_id: &UserId,
    endpoint_hash: &str,
    subscription: &StoredSubscription,
) -> AppResult<()> {
    let item = to_item("push_subscription", &keys::push_subscription(user_id, endpoint_hash), subscription)?;
    store.put(item, Cond::None).await?;
    Ok(())
}

/// Deletes the subscription of an endpoint hash; true when there was one.
pub async fn delete(store: &dyn Table, user_id: &UserId, endpoint_hash: &str) -> AppResult<bool> {
    Ok(store.delete(&keys::push_subscription(user_id, endpoint_hash), Cond::None).await?.is_some())
}

pub async fn of_user(store: &dyn Table, user_id: &UserId) -> AppResult<Vec<StoredSubscription>> {
    let query = Query::table(keys::user_pk(user_id), SkCond::BeginsWith(keys::PUSH_SUBSCRIPTION_PREFIX.into()));
    store.query_all(&query).await?.into_iter().map(from_item).collect()
}
