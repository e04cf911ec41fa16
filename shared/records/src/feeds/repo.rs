//! The calendar feeds' repository: the only code of feeds that reaches the store. A feed lives in its owner's
//! partition (`keys::calendar_feed`) beside its token item (`keys::calendar_feed_token`); the two are written and
//! deleted together, with a team feed's audit entry in the same transaction.

use super::{StoredFeed, TokenPointer, FEED_ENTITY, NOT_CREATED, TOKEN_ENTITY};
use bt_accounts::audit::{self, Entry};
use bt_core::codec::{from_item, to_item};
use bt_core::error::{AppError, AppResult};
use bt_core::keys;
use bt_core::store::{Cond, Query, SkCond, StoreError, Table, TxOp};
use bt_core::types::{RecordId, UserId};

pub struct FeedRepo<'a> {
    store: &'a dyn Table,
}

impl<'a> FeedRepo<'a> {
    pub fn new(store: &'a dyn Table) -> Self {
        FeedRepo { store }
    }

    /// How many feeds the user has (one Count of their partition).
    pub async fn count(&self, user_id: &UserId) -> AppResult<u64> {
        Ok(self.store.count(&feeds_query(user_id)).await?)
    }

    /// The user's feeds, oldest first (one Query of their partition).
    pub(super) async fn list(&self, user_id: &UserId) -> AppResult<Vec<StoredFeed>> {
        self.store.query_all(&feeds_query(user_id)).await?.into_iter().map(from_item).collect()
    }

    /// One feed of the user, if they have it.
    pub(super) async fn get(&self, user_id: &UserId, id: &RecordId) -> AppResult<Option<StoredFeed>> {
        match self.store.get(&keys::calendar_feed(user_id, id)).await? {
            Some(item) => Ok(Some(from_item(item)?)),
            None => Ok(None),
        }
    }

    /// Which feed a token's hash opens, if any (one GetItem).
    pub(super) async fn pointer(&self, token_hash: &str) -> AppResult<Option<TokenPointer>> {
        match self.store.get(&keys::calendar_feed_token(token_hash)).await? {
            Some(item) => Ok(Some(from_item(item)?)),
            None => Ok(None),
        }
    }

    /// Writes a new feed, its token item and (for a team feed) its audit entry in one transaction.
    pub(super) async fn create(
        &self,
        feed: &StoredFeed,
        pointer: &TokenPointer,
        logged: Option<&Entry>,
    ) -> AppResult<()> {
        let mut ops = vec![
            TxOp::Put {
                item: to_item(FEED_ENTITY, &keys::calendar_feed(&feed.user_id, &feed.id), feed)?,
                cond: Cond::NotExists,
            },
            TxOp::Put {
                item: to_item(TOKEN_ENTITY, &keys::calendar_feed_token(&feed.token_hash), pointer)?,
                cond: Cond::NotExists,
            },
        ];
        if let Some(logged) = logged {
            ops.push(audit::op(logged)?);
        }
        match self.store.transact(ops).await {
            Ok(()) => Ok(()),
            // A fresh ULID and 256 random bits: only a retried request can meet its own items.
            Err(StoreError::ConditionFailed) => Err(AppError::Conflict(NOT_CREATED.into())),
            Err(e) => Err(e.into()),
        }
    }

    /// Deletes a feed and its token item (and writes a team feed's audit entry) in one transaction; false when the
    /// feed was gone meanwhile.
    pub(super) async fn revoke(&self, feed: &StoredFeed, logged: Option<&Entry>) -> AppResult<bool> {
        let mut ops = vec![
            TxOp::Delete { key: keys::calendar_feed(&feed.user_id, &feed.id), cond: Cond::Exists },
            TxOp::Delete { key: keys::calendar_feed_token(&feed.token_hash), cond: Cond::None },
        ];
        if let Some(logged) = logged {
            ops.push(audit::op(logged)?);
        }
        match self.store.transact(ops).await {
            Ok(()) => Ok(true),
            Err(StoreError::ConditionFailed) => Ok(false),
            Err(e) => Err(e.into()),
        }
    }
}

fn feeds_query(user_id: &UserId) -> Query {
    Query::table(keys::user_pk(user_id), SkCond::BeginsWith(keys::CALENDAR_FEED_PREFIX.into()))
}
