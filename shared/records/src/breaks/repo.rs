//! The breaks' repository: the only code of breaks that builds store operations. A break is a record of kind
//! `BREAK` (see [`crate::repo`]); a break in progress is the user's `OPENBREAK` item, mirrored as the team's
//! `ONBREAK#<userId>` presence item. Every write of a break commits, in its transaction, the month lock's checks the
//! use case hands over (`work::repo::lock`), as opaque parts.

use chrono::NaiveDate;
use serde_json::Value;

use super::{Break, OpenBreak};
use crate::dates::DateRange;
use crate::paging::Paging;
use crate::repo::{self, Stored};
use crate::{Expect, Owner};
use bt_core::codec::{from_item, to_item};
use bt_core::error::AppResult;
use bt_core::keys::{self, RecordKind};
use bt_core::store::{Cond, Index, Query, SkCond, StoreError, Table, TxOp};
use bt_core::types::{RecordId, TeamId, UserId};

pub struct BreakRepo<'a> {
    store: &'a dyn Table,
}

impl<'a> BreakRepo<'a> {
    pub fn new(store: &'a dyn Table) -> Self {
        BreakRepo { store }
    }

    // ---- reads ---------------------------------------------------------------------------------------------------

    /// The user's break with this id, and its version (another user's id is not found).
    pub(crate) async fn load(&self, user_id: &UserId, id: &RecordId) -> AppResult<Stored<Break>> {
        repo::load_owned(self.store, user_id, id).await
    }

    /// The user's break to edit, if it is the version the edit expects.
    pub(crate) async fn load_for_edit(
        &self,
        user_id: &UserId,
        id: &RecordId,
        expect: &Expect,
    ) -> AppResult<Stored<Break>> {
        repo::load_for_edit(self.store, user_id, id, expect).await
    }

    /// The user's breaks of one day, by start time.
    pub async fn on_day(&self, user_id: &UserId, day: NaiveDate) -> AppResult<Vec<Break>> {
        repo::all(self.store, &repo::by_date::<Break>(user_id, SkCond::BeginsWith(keys::day_prefix(day)))).await
    }

    /// A page of the user's breaks in a range (all when None), newest first, and how many there are.
    pub async fn page(
        &self,
        user_id: &UserId,
        range: Option<DateRange>,
        paging: Paging,
    ) -> AppResult<(Vec<Break>, u64)> {
        let sk = range.map(|r| r.sk_cond()).unwrap_or(SkCond::All);
        repo::page(self.store, repo::by_date::<Break>(user_id, sk).backward(), None, paging).await
    }

    /// Every break of the user in a range, oldest first.
    pub async fn in_range(&self, user_id: &UserId, range: DateRange) -> AppResult<Vec<Break>> {
        repo::all(self.store, &repo::by_date::<Break>(user_id, range.sk_cond())).await
    }

    /// Every break of a team in a range: one Query on the team's GSI2 partition.
    pub async fn team_in_range(&self, team_id: &TeamId, range: DateRange) -> AppResult<Vec<Break>> {
        repo::all(self.store, &Query::new(Index::Gsi2, keys::team_breaks_gsi(team_id), range.sk_cond())).await
    }

    /// The user's break in progress, if any.
    pub async fn open_break(&self, user_id: &UserId) -> AppResult<Option<OpenBreak>> {
        match self.store.get(&keys::open_break(user_id)).await? {
            Some(item) => Ok(Some(from_item(item)?)),
            None => Ok(None),
        }
    }

    // ---- writes: each is one transaction with the lock's checks (`unlocked`); false when a condition failed --------

    /// A new break (its id is new: nothing may be there).
    pub async fn insert(&self, record: &Break, team_id: &TeamId, unlocked: Vec<TxOp>) -> AppResult<bool> {
        let mut ops = vec![TxOp::Put { item: repo::item_of(record, team_id, 1)?, cond: Cond::NotExists }];
        ops.extend(unlocked);
        self.commit(ops).await
    }

    /// The edited break, over the version it was read at.
    pub async fn replace(
        &self,
        record: &Break,
        team_id: &TeamId,
        version: i64,
        unlocked: Vec<TxOp>,
    ) -> AppResult<bool> {
        let item = repo::item_of(record, team_id, version + 1)?;
        let mut ops = vec![TxOp::Put { item, cond: Cond::eq("version", version) }];
        ops.extend(unlocked);
        self.commit(ops).await
    }

    /// Deletes the user's break, at the version it was read at.
    pub async fn delete(&self, user_id: &UserId, id: &RecordId, version: i64, unlocked: Vec<TxOp>) -> AppResult<bool> {
        let key = keys::record(user_id, RecordKind::Break, id);
        let mut ops = vec![TxOp::Delete { key, cond: Cond::eq("version", version) }];
        ops.extend(unlocked);
        self.commit(ops).await
    }

    /// A live break starts: the user's open break (none may be open) and the team's presence item.
    pub async fn start(&self, open: &OpenBreak, unlocked: Vec<TxOp>) -> AppResult<bool> {
        let mut ops = vec![
            TxOp::Put { item: to_item("open_break", &keys::open_break(&open.user_id), open)?, cond: Cond::NotExists },
            TxOp::Put {
                item: to_item("on_break", &keys::team_on_break(&open.team_id, &open.user_id), open)?,
                cond: Cond::None,
            },
        ];
        ops.extend(unlocked);
        self.commit(ops).await
    }

    /// A live break ends: the open break (the one read) and its presence items go, the closed break is written.
    pub async fn end(&self, owner: &Owner, open: &OpenBreak, closed: &Break, unlocked: Vec<TxOp>) -> AppResult<bool> {
        let mut ops = stop_ops(owner, open);
        ops.push(TxOp::Put { item: repo::item_of(closed, &owner.team_id, 1)?, cond: Cond::NotExists });
        ops.extend(unlocked);
        self.commit(ops).await
    }

    /// A live break stops without a record: the open break (the one read) and its presence items go.
    pub async fn stop(&self, owner: &Owner, open: &OpenBreak) -> AppResult<bool> {
        self.commit(stop_ops(owner, open)).await
    }

    async fn commit(&self, ops: Vec<TxOp>) -> AppResult<bool> {
        match self.store.transact(ops).await {
            Ok(()) => Ok(true),
            Err(StoreError::ConditionFailed) => Ok(false),
            Err(e) => Err(e.into()),
        }
    }
}

/// Removes the open break (the one read, by its start) and its presence items.
fn stop_ops(owner: &Owner, open: &OpenBreak) -> Vec<TxOp> {
    let mut ops = vec![
        TxOp::Delete {
            key: keys::open_break(&owner.user_id),
            cond: Cond::eq("since", Value::String(open.since.clone())),
        },
        TxOp::Delete { key: keys::team_on_break(&owner.team_id, &owner.user_id), cond: Cond::None },
    ];
    // A member who changed teams during the break has their presence item moved along; clear both places.
    if open.team_id != owner.team_id {
        ops.push(TxOp::Delete { key: keys::team_on_break(&open.team_id, &owner.user_id), cond: Cond::None });
    }
    ops
}
