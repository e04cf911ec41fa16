//! The repositories of the accounts layer: the only code of the crate that calls the store port. One module per
//! entity builds its keys, items and conditions and offers small reads and writes named for what they do. Writes
//! that span entities are composed by the use cases from the op builders of the modules (functions returning a
//! transaction part) and committed with [`commit`], the crate's unit of work.

pub mod audit;
pub mod contact;
pub mod invitations;
pub mod links;
pub mod oauth;
pub mod sessions;
pub mod sso;
pub mod teams;
pub mod tokens;
pub mod users;

use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{key_of, Cond, Query, SkCond, StoreError, Table, TxOp};

/// The parts of one transaction, as the op builders of the repository modules make them.
pub type Writes = Vec<TxOp>;

/// Writes all parts or none. False when a condition of a part did not hold (nothing was written then); the use case
/// decides what that means.
pub async fn commit(store: &dyn Table, writes: Writes) -> AppResult<bool> {
    match store.transact(writes).await {
        Ok(()) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// Deletes every item of a partition; a calendar feed's token item and an API token's secret item, which live
/// outside the partition, go with their feed or token.
pub(crate) async fn delete_partition(store: &dyn Table, pk: String) -> AppResult<()> {
    for item in store.query_all(&Query::table(pk, SkCond::All)).await? {
        if let Some(token) = keys::calendar_feed_token_of(&item) {
            store.delete(&token, Cond::None).await?;
        }
        if let Some(secret) = keys::api_token_secret_of(&item) {
            store.delete(&secret, Cond::None).await?;
        }
        if let Some(key) = key_of(&item) {
            store.delete(&key, Cond::None).await?;
        }
    }
    Ok(())
}
