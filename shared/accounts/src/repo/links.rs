//! The e-mailed link item (`TOKEN#<token hash>`), with its expiry and a TTL.

use crate::links::EmailLink;
use bt_core::codec::{from_item, to_item};
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{Cond, Key, Table, TxOp};

/// The key of the link of a token hash.
pub fn key(token_hash: &str) -> Key {
    keys::email_token(token_hash)
}

pub async fn insert(store: &dyn Table, token_hash: &str, link: &EmailLink) -> AppResult<()> {
    store.put(to_item("email_token", &key(token_hash), link)?, Cond::NotExists).await?;
    Ok(())
}

pub async fn find(store: &dyn Table, key: &Key) -> AppResult<Option<EmailLink>> {
    match store.get(key).await? {
        Some(item) => Ok(Some(from_item(item)?)),
        None => Ok(None),
    }
}

/// Whether the link is still there (not used meanwhile).
pub async fn exists(store: &dyn Table, key: &Key) -> AppResult<bool> {
    Ok(store.get(key).await?.is_some())
}

pub async fn delete(store: &dyn Table, key: &Key) -> AppResult<()> {
    store.delete(key, Cond::None).await?;
    Ok(())
}

/// The transaction part that makes the link single use: it fails when the link was used meanwhile.
pub fn use_op(key: &Key) -> TxOp {
    TxOp::Delete { key: key.clone(), cond: Cond::Exists }
}
