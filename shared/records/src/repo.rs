//! What every record kind shares over the [`Table`] port: the item layout, owned reads and writes, and paged lists.
//!
//! Item layout: `PK = USER#<userId>`, `SK = <KIND>#<id>`, `GSI1PK = USER#<userId>#<KIND>`, `GSI1SK = <date>#...#<id>`
//! (see `keys.rs`), an optional GSI2 pair, plus `entity_type`, `teamId` and a `version` that each edit bumps
//! (a stale edit is a conflict, not a lost update).

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use super::paging::Paging;
use super::Expect;
use bt_core::codec::{from_item, to_item};
use bt_core::error::{AppError, AppResult};
use bt_core::keys::{self, RecordKind};
use bt_core::store::{Cond, Item, Query, StoreError, Table, GSI1PK, GSI1SK, GSI2PK, GSI2SK};
use bt_core::types::{RecordId, TeamId, UserId};

pub(crate) trait Record: Serialize + DeserializeOwned + Send + Sync {
    const KIND: RecordKind;
    const ENTITY: &'static str;
    fn id(&self) -> &RecordId;
    fn user_id(&self) -> &UserId;
    /// When it was last written (RFC 3339): names the version an edit was made from ([`Expect`]).
    fn updated_at(&self) -> &str;
    /// `GSI1SK`: starts with the record's date, so day and range lists are one Query.
    fn date_key(&self) -> String;
    /// A second index pair, when the kind has one (team-wide lists, feature items).
    fn gsi2(&self, _team_id: &TeamId) -> Option<(String, String)> {
        None
    }
}

/// The accessors every record kind has in the same words (`id`, `userId`, `updatedAt` fields): written once, named
/// inside each `impl Record` block.
macro_rules! owned_record_fields {
    () => {
        fn id(&self) -> &bt_core::types::RecordId {
            &self.id
        }
        fn user_id(&self) -> &bt_core::types::UserId {
            &self.user_id
        }
        fn updated_at(&self) -> &str {
            &self.updated_at
        }
    };
}
pub(crate) use owned_record_fields;

/// A record as stored, with what the item carries beside the record's own fields.
pub struct Stored<R> {
    pub record: R,
    pub version: i64,
}

pub(crate) fn item_of<R: Record>(record: &R, team_id: &TeamId, version: i64) -> AppResult<Item> {
    let mut item = to_item(R::ENTITY, &keys::record(record.user_id(), R::KIND, record.id()), record)?;
    item.insert(GSI1PK.into(), Value::String(keys::record_by_date_gsi(record.user_id(), R::KIND)));
    item.insert(GSI1SK.into(), Value::String(record.date_key()));
    if let Some((pk, sk)) = record.gsi2(team_id) {
        item.insert(GSI2PK.into(), Value::String(pk));
        item.insert(GSI2SK.into(), Value::String(sk));
    }
    item.insert("teamId".into(), team_id.clone().into());
    item.insert("version".into(), Value::from(version));
    Ok(item)
}

pub(crate) fn record_of<R: Record>(item: Item) -> AppResult<R> {
    from_item(item)
}

pub(crate) async fn insert<R: Record>(store: &dyn Table, record: &R, team_id: &TeamId) -> AppResult<()> {
    store.put(item_of(record, team_id, 1)?, Cond::NotExists).await?;
    Ok(())
}

/// The caller's record with this id; another user's id is simply absent from the caller's partition.
pub(crate) async fn load<R: Record>(
    store: &dyn Table,
    user_id: &UserId,
    id: &RecordId,
) -> AppResult<Option<Stored<R>>> {
    let Some(item) = store.get(&keys::record(user_id, R::KIND, id)).await? else { return Ok(None) };
    let version = item.get("version").and_then(Value::as_i64).unwrap_or(0);
    Ok(Some(Stored { record: record_of(item)?, version }))
}

pub(crate) async fn load_owned<R: Record>(store: &dyn Table, user_id: &UserId, id: &RecordId) -> AppResult<Stored<R>> {
    load(store, user_id, id).await?.ok_or_else(AppError::not_found)
}

/// The caller's record to edit, if it is the version the edit expects. The check is atomic with the edit's write:
/// [`replace`] writes only over the version read here (every write of a record bumps its `version`, so the version
/// whose `updatedAt` was compared is the one replaced, or nothing is).
pub(crate) async fn load_for_edit<R: Record>(
    store: &dyn Table,
    user_id: &UserId,
    id: &RecordId,
    expect: &Expect,
) -> AppResult<Stored<R>> {
    let stored = load_owned::<R>(store, user_id, id).await?;
    expect.check(stored.record.updated_at())?;
    Ok(stored)
}

/// Replaces the record if nobody changed or deleted it since it was read at `version`.
pub(crate) async fn replace<R: Record>(store: &dyn Table, record: &R, team_id: &TeamId, version: i64) -> AppResult<()> {
    let item = item_of(record, team_id, version + 1)?;
    match store.put(item, Cond::eq("version", version)).await {
        Ok(()) => Ok(()),
        Err(StoreError::ConditionFailed) => {
            Err(AppError::Conflict("This record was changed or deleted meanwhile. Reload it and try again.".into()))
        }
        Err(e) => Err(e.into()),
    }
}

/// Deletes the caller's record and returns it; absent (or another user's id) is 404.
pub(crate) async fn remove<R: Record>(store: &dyn Table, user_id: &UserId, id: &RecordId) -> AppResult<R> {
    match store.delete(&keys::record(user_id, R::KIND, id), Cond::Exists).await {
        Ok(Some(item)) => record_of(item),
        Ok(None) | Err(StoreError::ConditionFailed) => Err(AppError::not_found()),
        Err(e) => Err(e.into()),
    }
}

/// The owner's records of one kind by date: GSI1 on `USER#<id>#<KIND>`.
pub(crate) fn by_date<R: Record>(user_id: &UserId, sk: bt_core::store::SkCond) -> Query {
    Query::new(bt_core::store::Index::Gsi1, keys::record_by_date_gsi(user_id, R::KIND), sk)
}

/// Every record the query matches, decoded straight from each item's JSON text (no intermediate tree: this is
/// most of what a list costs).
pub(crate) async fn all<R: Record>(store: &dyn Table, query: &Query) -> AppResult<Vec<R>> {
    store
        .query_all_json(query)
        .await?
        .iter()
        .map(|text| {
            serde_json::from_str::<R>(text).map_err(|e| AppError::Internal(anyhow::anyhow!("corrupt item: {e}")))
        })
        .collect()
}

/// One page of a list and the total it is part of. With no `keep` filter the total is a Count and only the first
/// `skip + limit` items are read; with one, the key range is read and filtered (a user's records, never a scan).
pub(crate) async fn page<R: Record>(
    store: &dyn Table,
    query: Query,
    keep: Option<&(dyn Fn(&R) -> bool + Sync)>,
    paging: Paging,
) -> AppResult<(Vec<R>, u64)> {
    if let Some(keep) = keep {
        let items: Vec<R> = all::<R>(store, &query).await?.into_iter().filter(|r| keep(r)).collect();
        let total = items.len() as u64;
        return Ok((paging.slice(items), total));
    }
    let total = store.count(&query).await?;
    let wanted = paging.skip + paging.limit;
    let mut q = query.limit(wanted.min(1000));
    let mut items = Vec::new();
    while items.len() < wanted {
        let page = store.query(&q).await?;
        items.extend(page.items);
        match page.cursor {
            Some(c) => q.cursor = Some(c),
            None => break,
        }
    }
    items.truncate(wanted);
    let records = items.into_iter().skip(paging.skip).map(record_of).collect::<AppResult<Vec<R>>>()?;
    Ok((records, total))
}
