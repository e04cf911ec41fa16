//! The meetings' repository: the only code of meetings that reaches the store. A meeting with attendees is written
//! as one transaction over every copy (the organizer's item, conditioned on its version, and each attendee's);
//! lists are Queries of the owner's copies by date on GSI1.

use chrono::NaiveDate;

use super::{Attendee, Meeting, MeetingView, CHANGED_MEANWHILE_MEETING};
use crate::dates::{format_date, format_time, DateRange};
use crate::paging::Paging;
use crate::repo::{self, Stored};
use crate::Expect;
use bt_core::error::{AppError, AppResult};
use bt_core::keys::{self, RecordKind};
use bt_core::store::{Cond, Query, SkCond, StoreError, Table, TxOp};
use bt_core::types::{RecordId, TeamId, UserId};

pub struct MeetingRepo<'a> {
    store: &'a dyn Table,
}

impl<'a> MeetingRepo<'a> {
    pub fn new(store: &'a dyn Table) -> Self {
        MeetingRepo { store }
    }

    /// Writes a new meeting without attendees (a conflict if its id is taken).
    pub async fn insert(&self, meeting: &Meeting, team_id: &TeamId) -> AppResult<()> {
        repo::insert(self.store, meeting, team_id).await
    }

    /// The owner's copy, if it is the version the edit expects.
    pub(crate) async fn for_edit(
        &self,
        user_id: &UserId,
        id: &RecordId,
        expect: &Expect,
    ) -> AppResult<Stored<Meeting>> {
        repo::load_for_edit::<Meeting>(self.store, user_id, id, expect).await
    }

    /// The owner's copy with its version; another user's id is not found.
    pub(crate) async fn owned(&self, user_id: &UserId, id: &RecordId) -> AppResult<Stored<Meeting>> {
        repo::load_owned::<Meeting>(self.store, user_id, id).await
    }

    /// `user_id`'s copy, if they hold one.
    pub(crate) async fn load(&self, user_id: &UserId, id: &RecordId) -> AppResult<Option<Stored<Meeting>>> {
        repo::load::<Meeting>(self.store, user_id, id).await
    }

    /// Replaces a meeting without attendees read at `version` (a conflict if it changed meanwhile).
    pub async fn replace(&self, meeting: &Meeting, team_id: &TeamId, version: i64) -> AppResult<()> {
        repo::replace(self.store, meeting, team_id, version).await
    }

    /// Deletes the owner's copy of a meeting without attendees.
    pub async fn remove(&self, user_id: &UserId, id: &RecordId) -> AppResult<Meeting> {
        repo::remove::<Meeting>(self.store, user_id, id).await
    }

    /// Writes the organizer's item and every attendee's copy at the next version, and deletes the copies of those in
    /// `gone`, all in one transaction: over the organizer item's `version` when given (a conflict otherwise), as a
    /// new meeting when not.
    pub async fn write_all(
        &self,
        meeting: &Meeting,
        team_id: &TeamId,
        version: Option<i64>,
        gone: &[UserId],
    ) -> AppResult<()> {
        let next = version.map_or(1, |v| v + 1);
        let organizer = meeting.organizer().clone();
        let mut ops = vec![TxOp::Put {
            item: repo::item_of(&meeting.copy_for(&organizer), team_id, next)?,
            cond: version.map_or(Cond::NotExists, |v| Cond::eq("version", v)),
        }];
        for a in &meeting.attendees {
            ops.push(TxOp::Put {
                item: repo::item_of(&meeting.copy_for(&a.user_id), team_id, next)?,
                cond: Cond::None,
            });
        }
        for id in gone {
            ops.push(TxOp::Delete { key: keys::record(id, RecordKind::Meeting, &meeting.id), cond: Cond::None });
        }
        self.transact(ops).await
    }

    /// Deletes the organizer's item (over its `version`) and every attendee's copy, in one transaction.
    pub async fn delete_all(
        &self,
        organizer: &UserId,
        id: &RecordId,
        version: i64,
        attendees: &[Attendee],
    ) -> AppResult<()> {
        let mut ops = vec![TxOp::Delete {
            key: keys::record(organizer, RecordKind::Meeting, id),
            cond: Cond::eq("version", version),
        }];
        for a in attendees {
            ops.push(TxOp::Delete { key: keys::record(&a.user_id, RecordKind::Meeting, id), cond: Cond::None });
        }
        self.transact(ops).await
    }

    /// Writes a meeting's copies together; a failed condition (another change landed first) is a conflict.
    async fn transact(&self, ops: Vec<TxOp>) -> AppResult<()> {
        match self.store.transact(ops).await {
            Ok(()) => Ok(()),
            Err(StoreError::ConditionFailed) => Err(AppError::Conflict(CHANGED_MEANWHILE_MEETING.into())),
            Err(e) => Err(e.into()),
        }
    }

    /// The owner's meetings from `day` on: one Query.
    pub async fn from_day(&self, user_id: &UserId, day: NaiveDate) -> AppResult<Vec<Meeting>> {
        repo::all(self.store, &repo::by_date::<Meeting>(user_id, SkCond::Gte(format_date(day)))).await
    }

    /// A page of the owner's meetings in a view, with the view's total and the count of all their meetings.
    pub async fn page(
        &self,
        user_id: &UserId,
        view: MeetingView,
        paging: Paging,
    ) -> AppResult<(Vec<Meeting>, u64, u64)> {
        let (meetings, total) = repo::page(self.store, view_query(user_id, view), None, paging).await?;
        let all = self.store.count(&repo::by_date::<Meeting>(user_id, SkCond::All)).await?;
        Ok((meetings, total, all))
    }

    /// Every meeting of the owner in a range, earliest first.
    pub async fn in_range(&self, user_id: &UserId, range: DateRange) -> AppResult<Vec<Meeting>> {
        repo::all(self.store, &repo::by_date::<Meeting>(user_id, range.sk_cond())).await
    }
}

/// The Query of a view: one day by start time, what comes after a moment, or every meeting (or a range's) latest
/// first.
fn view_query(user_id: &UserId, view: MeetingView) -> Query {
    match view {
        MeetingView::Day(d) => repo::by_date::<Meeting>(user_id, SkCond::BeginsWith(keys::day_prefix(format_date(d)))),
        MeetingView::Upcoming { day, after: Some(t) } => {
            repo::by_date::<Meeting>(user_id, SkCond::Gte(keys::meetings_from_sk(format_date(day), format_time(t))))
        }
        MeetingView::Upcoming { day, after: None } => {
            repo::by_date::<Meeting>(user_id, SkCond::Gte(keys::after_day_sk(format_date(day))))
        }
        MeetingView::All(range) => {
            repo::by_date::<Meeting>(user_id, range.map(|r| r.sk_cond()).unwrap_or(SkCond::All)).backward()
        }
    }
}
