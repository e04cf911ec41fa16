//! Personal API tokens: the token in its owner's partition (`USER#<userId>` / `APITOKEN#<tokenId>`, listed by
//! `begins_with APITOKEN#`) and the item of its secret's hash (`PAT#<sha256>` / `PAT`), which a request finds with one
//! GetItem. Both carry a TTL at the token's expiry; they are written and deleted together.

use crate::audit::Entry;
use crate::tokens::{StoredToken, TokenPointer};
use bt_core::codec::{from_item, to_item};
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{Cond, Item, Query, SkCond, StoreError, Table, TxOp};
use bt_core::types::{RecordId, UserId};

const SECRET_ENTITY: &str = "api_token_secret";

fn tokens_query(user_id: &UserId) -> Query {
    Query::table(keys::user_pk(user_id), SkCond::BeginsWith(keys::API_TOKEN_PREFIX.into()))
}

/// The user's tokens, oldest first (one Query of their partition).
pub async fn list(store: &dyn Table, user_id: &UserId) -> AppResult<Vec<StoredToken>> {
    store.query_all(&tokens_query(user_id)).await?.into_iter().map(from_item).collect()
}

/// Stores a new token and its secret's item in one transaction. False when either is there already (only a retried
/// request can meet its own fresh ids).
pub async fn insert(store: &dyn Table, token: &StoredToken, pointer: &TokenPointer, logged: &Entry) -> AppResult<bool> {
    let ops = vec![
        TxOp::Put {
            item: to_item(keys::API_TOKEN_ENTITY, &keys::api_token(&token.user_id, token.id.as_str()), token)?,
            cond: Cond::NotExists,
        },
        TxOp::Put {
            item: to_item(SECRET_ENTITY, &keys::api_token_secret(&token.token_hash), pointer)?,
            cond: Cond::NotExists,
        },
        super::audit::put_op(logged)?,
    ];
    match store.transact(ops).await {
        Ok(()) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// One of the user's tokens (another user's id is simply not there).
pub async fn find(store: &dyn Table, user_id: &UserId, id: &RecordId) -> AppResult<Option<StoredToken>> {
    match store.get(&keys::api_token(user_id, id.as_str())).await? {
        Some(item) => Ok(Some(from_item(item)?)),
        None => Ok(None),
    }
}

/// The token a secret's hash opens, if any.
pub async fn find_by_hash(store: &dyn Table, token_hash: &str) -> AppResult<Option<TokenPointer>> {
    match store.get(&keys::api_token_secret(token_hash)).await? {
        Some(item) => Ok(Some(from_item(item)?)),
        None => Ok(None),
    }
}

/// Deletes a token and its secret's item together. False when the token was gone meanwhile.
pub async fn delete(store: &dyn Table, token: &StoredToken, logged: &Entry) -> AppResult<bool> {
    let ops = vec![
        TxOp::Delete { key: keys::api_token(&token.user_id, token.id.as_str()), cond: Cond::Exists },
        TxOp::Delete { key: keys::api_token_secret(&token.token_hash), cond: Cond::None },
        super::audit::put_op(logged)?,
    ];
    match store.transact(ops).await {
        Ok(()) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// Stamps `lastUsedAt` on both items, only while both are there (a revoked token is not brought back). A token
/// revoked meanwhile is left as it is.
pub async fn mark_used(store: &dyn Table, pointer: &TokenPointer, last_used_at: &str) -> AppResult<()> {
    let mut set = Item::new();
    set.insert("lastUsedAt".into(), last_used_at.into());
    let ops = vec![
        TxOp::Update {
            key: keys::api_token(&pointer.user_id, pointer.token_id.as_str()),
            set: set.clone(),
            cond: Cond::Exists,
        },
        TxOp::Update { key: keys::api_token_secret(&pointer.token_hash), set, cond: Cond::Exists },
    ];
    match store.transact(ops).await {
        Ok(()) | Err(StoreError::ConditionFailed) => Ok(()),
        Err(e) => Err(e.into()),
    }
}
