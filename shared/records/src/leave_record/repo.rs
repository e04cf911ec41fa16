//! The leaves' repository. A leave is a record of kind `LEAVE` (`USER#<userId>` / `LEAVE#<id>`), on GSI1 by its first
//! day (`<fromDate>#<id>`) and on GSI2 in its team's leaves (`TEAM#<teamId>#LEAVES` / `<toDate>#<userId>#<id>`). Each
//! write also bumps the owner's leave guard (`keys::leave_guard`), under a condition on the value read before the
//! overlap check, and rewrites the team's request item (`keys::leave_request`) by which approvers reach it; the month
//! lock's conditions come from the lock's repository, as opaque parts of the same transaction.

use chrono::NaiveDate;
use serde_json::Value;

use super::{Leave, LeaveStatus};
use crate::dates::DateRange;
use crate::paging::Paging;
use crate::repo::{self, Stored};
use crate::Expect;
use bt_core::error::{AppError, AppResult};
use bt_core::keys::{self, RecordKind};
use bt_core::store::{Cond, Index, Item, Query, SkCond, StoreError, Table, TxOp, GSI1PK, GSI1SK, PK, SK};
use bt_core::types::{RecordId, TeamId, UserId};

pub struct LeaveRepo<'a> {
    store: &'a dyn Table,
}

impl<'a> LeaveRepo<'a> {
    pub fn new(store: &'a dyn Table) -> Self {
        LeaveRepo { store }
    }

    /// The owner's leave with this id, with its version (another user's id is simply absent).
    pub(crate) async fn load(&self, user_id: &UserId, id: &RecordId) -> AppResult<Option<Stored<Leave>>> {
        repo::load::<Leave>(self.store, user_id, id).await
    }

    pub(crate) async fn load_owned(&self, user_id: &UserId, id: &RecordId) -> AppResult<Stored<Leave>> {
        repo::load_owned::<Leave>(self.store, user_id, id).await
    }

    /// The owner's leave to edit, if it is the version `expect` names.
    pub(crate) async fn load_for_edit(
        &self,
        user_id: &UserId,
        id: &RecordId,
        expect: &Expect,
    ) -> AppResult<Stored<Leave>> {
        repo::load_for_edit::<Leave>(self.store, user_id, id, expect).await
    }

    /// The owner's leaves that share a day with `[from, to]`, earliest first: one Query (`fromDate <= to`) on the
    /// by-date index, filtered on `toDate`.
    pub async fn overlapping(&self, user_id: &UserId, from: NaiveDate, to: NaiveDate) -> AppResult<Vec<Leave>> {
        let query = repo::by_date::<Leave>(user_id, SkCond::Lte(keys::leaves_starting_by_sk(to)));
        Ok(repo::all::<Leave>(self.store, &query).await?.into_iter().filter(|l| l.to_date.date() >= from).collect())
    }

    /// The same, read from the owner's partition of the table: a consistent read (indexes may lag behind a write
    /// that just happened), which the overlap check needs. A user's leaves are few.
    pub async fn overlapping_consistent(
        &self,
        user_id: &UserId,
        from: NaiveDate,
        to: NaiveDate,
    ) -> AppResult<Vec<Leave>> {
        let query = Query::table(keys::user_pk(user_id), SkCond::BeginsWith(RecordKind::Leave.prefix()));
        Ok(repo::all::<Leave>(self.store, &query)
            .await?
            .into_iter()
            .filter(|l| l.from_date.date() <= to && l.to_date.date() >= from)
            .collect())
    }

    /// A page of the owner's leaves that share a day with the range (all when None), latest first.
    pub async fn page(
        &self,
        user_id: &UserId,
        range: Option<DateRange>,
        paging: Paging,
    ) -> AppResult<(Vec<Leave>, u64)> {
        match range {
            None => repo::page(self.store, repo::by_date::<Leave>(user_id, SkCond::All).backward(), None, paging).await,
            Some(r) => {
                let mut items = self.overlapping(user_id, r.from, r.to).await?;
                items.reverse();
                let total = items.len() as u64;
                Ok((paging.slice(items), total))
            }
        }
    }

    /// Every leave of a team, whatever its status, that shares a day with the range: one Query on the team's leaves
    /// index (`toDate >= from`), filtered on `fromDate <= to`.
    pub async fn team_in(&self, team_id: &TeamId, range: DateRange) -> AppResult<Vec<Leave>> {
        let query = Query::new(
            Index::Gsi2,
            keys::team_leaves_gsi(team_id),
            SkCond::Gte(keys::leaves_ending_from_sk(range.from)),
        );
        Ok(repo::all::<Leave>(self.store, &query)
            .await?
            .into_iter()
            .filter(|l| l.from_date.date() <= range.to)
            .collect())
    }

    /// The version of the owner's leave guard (None before their first leave write).
    pub async fn guard(&self, user_id: &UserId) -> AppResult<Option<i64>> {
        let guard = self.store.get(&keys::leave_guard(user_id)).await?;
        Ok(guard.as_ref().and_then(|g| g.get("version")).and_then(Value::as_i64))
    }

    /// Writes a leave (new when `version` is None, else over that version) with its request item and `lock` (the
    /// month lock's conditions), bumping the owner's guard from `seen`. `false` when a condition failed: another
    /// leave write of the owner came in between, the leave changed, or a month was locked meanwhile.
    pub async fn write_guarded(
        &self,
        team_id: &TeamId,
        leave: &Leave,
        version: Option<i64>,
        seen: Option<i64>,
        lock: Vec<TxOp>,
    ) -> AppResult<bool> {
        let mut set = Item::new();
        set.insert("version".into(), Value::from(seen.unwrap_or(0) + 1));
        set.insert("entity_type".into(), Value::String("leave_guard".into()));
        let guard_cond = match seen {
            Some(v) => Cond::eq("version", v),
            None => Cond::NotExists,
        };
        let (item, cond) = match version {
            None => (repo::item_of(leave, team_id, 1)?, Cond::NotExists),
            Some(v) => (repo::item_of(leave, team_id, v + 1)?, Cond::eq("version", v)),
        };
        let mut ops = vec![
            TxOp::Update { key: keys::leave_guard(&leave.user_id), set, cond: guard_cond },
            TxOp::Put { item, cond },
            request_pointer(team_id, leave),
        ];
        ops.extend(lock);
        committed(self.store.transact(ops).await)
    }

    /// Rewrites a decided (or cancelled) leave over the version it was read at, with its request item, the audit
    /// entry `logged` and `lock`. `false` when a condition failed.
    pub async fn write_decided(
        &self,
        team_id: &TeamId,
        leave: &Leave,
        version: i64,
        logged: TxOp,
        lock: Vec<TxOp>,
    ) -> AppResult<bool> {
        let mut ops = vec![
            TxOp::Put { item: repo::item_of(leave, team_id, version + 1)?, cond: Cond::eq("version", version) },
            request_pointer(team_id, leave),
            logged,
        ];
        ops.extend(lock);
        committed(self.store.transact(ops).await)
    }

    /// Deletes the owner's leave of this version and the item approvers reach it by, with `lock`. `false` when a
    /// condition failed.
    pub async fn remove(
        &self,
        user_id: &UserId,
        team_id: &TeamId,
        id: &RecordId,
        version: i64,
        lock: Vec<TxOp>,
    ) -> AppResult<bool> {
        let mut ops = vec![
            TxOp::Delete { key: keys::record(user_id, RecordKind::Leave, id), cond: Cond::eq("version", version) },
            TxOp::Delete { key: keys::leave_request(team_id, id), cond: Cond::None },
        ];
        ops.extend(lock);
        committed(self.store.transact(ops).await)
    }
}

/// A transaction's outcome: written, or refused by one of its conditions.
fn committed(result: Result<(), StoreError>) -> AppResult<bool> {
    match result {
        Ok(()) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(e) => Err(AppError::from(e)),
    }
}

/// The item by which approvers reach a leave of their team by its id, in the team's list of pending requests while
/// it is pending (written with the leave, in the same transaction).
fn request_pointer(team_id: &TeamId, leave: &Leave) -> TxOp {
    let key = keys::leave_request(team_id, &leave.id);
    let mut item = Item::new();
    item.insert(PK.into(), key.pk.into());
    item.insert(SK.into(), key.sk.into());
    item.insert("entity_type".into(), "leave_request".into());
    item.insert("userId".into(), leave.user_id.clone().into());
    if leave.status == LeaveStatus::Pending {
        item.insert(GSI1PK.into(), keys::team_pending_gsi(team_id).into());
        item.insert(GSI1SK.into(), leave.id.clone().into());
    }
    TxOp::Put { item, cond: Cond::None }
}
