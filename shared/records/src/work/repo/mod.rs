//! The items of working time and the transaction parts that write them. Only this module reaches the store.
//!
//! Items (see `infra/docs/data-model.md`):
//! - a period: `USER#<u>` / `WORK#<id>`, GSI1 `USER#<u>#WORK` / `<date>#<start>#<id>`, GSI2 `TEAM#<t>#WORK` /
//!   `<date>#<u>#<id>`, with a `version` each write bumps;
//! - a deleted period (tombstone) keeps its key, carries `deleted: true` and moves to GSI1 `USER#<u>#WORKDEL` /
//!   `<date>#<id>` and GSI2 `TEAM#<t>#WORKDEL` / `<date>#<u>#<id>`: its changes stay visible on the day;
//! - the open period `USER#<u>` / `OPENWORK` and the team's `WORKING#<u>` presence, written in one transaction;
//! - schedules `TEAM#<t>` / `WORKSCHEDULE` and `USER#<u>` / `WORKSCHED#<from>` (GSI2 `TEAM#<t>#WORKSCHED` /
//!   `<u>#<from>`), overtime `OVERTIME#CARRY` and `OVERTIME#ADJ#<id>` in the member's partition;
//! - a member's start date `TEAM#<t>` / `WORKSTART#<u>`.

pub mod lock;

use bt_accounts::audit::{self, Entry};
use chrono::NaiveDate;
use serde_json::Value;

use super::model::{Adjustment, CarryOver, MemberSchedule, OpenWorkItem, StartDate, TeamSchedule, WorkPeriod};

use crate::dates::{format_date, DateRange};
use crate::repo::{self as records_repo, Stored};
use bt_core::codec::{from_item, to_item};
use bt_core::error::{AppError, AppResult};
use bt_core::keys::{self, RecordKind};
use bt_core::store::{Cond, Index, Query, SkCond, StoreError, Table, TxOp, GSI1PK, GSI1SK, GSI2PK, GSI2SK};
use bt_core::types::{RecordId, TeamId, UserId};

/// A transaction's outcome: Ok, or whether a condition failed (the caller explains which).
pub async fn commit(store: &dyn Table, ops: Vec<TxOp>) -> AppResult<bool> {
    match store.transact(ops).await {
        Ok(()) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

// ---- periods ------------------------------------------------------------------------------------------------------

pub fn is_deleted(item: &bt_core::store::Item) -> bool {
    item.get("deleted").and_then(Value::as_bool).unwrap_or(false)
}

/// A live (not deleted) period of the user and its version.
pub async fn load_period(store: &dyn Table, user_id: &UserId, id: &RecordId) -> AppResult<Stored<WorkPeriod>> {
    match store.get(&keys::record(user_id, RecordKind::Work, id)).await? {
        Some(item) if !is_deleted(&item) => {
            let version = item.get("version").and_then(Value::as_i64).unwrap_or(0);
            Ok(Stored { record: from_item(item)?, version })
        }
        _ => Err(AppError::not_found()),
    }
}

/// The user's periods that start in the range, by date and start.
pub async fn periods_of(store: &dyn Table, user_id: &UserId, range: DateRange) -> AppResult<Vec<WorkPeriod>> {
    records_repo::all(store, &records_repo::by_date::<WorkPeriod>(user_id, range.sk_cond())).await
}

/// A team's periods that start in the range: one Query on the team's GSI2 partition.
pub async fn team_periods(store: &dyn Table, team_id: &TeamId, range: DateRange) -> AppResult<Vec<WorkPeriod>> {
    records_repo::all(store, &Query::new(Index::Gsi2, keys::team_work_gsi(team_id), range.sk_cond())).await
}

/// The user's deleted periods (tombstones) dated in the range.
pub async fn deleted_of(store: &dyn Table, user_id: &UserId, range: DateRange) -> AppResult<Vec<WorkPeriod>> {
    records_repo::all(store, &Query::new(Index::Gsi1, keys::work_deleted_gsi(user_id), range.sk_cond())).await
}

pub async fn team_deleted(store: &dyn Table, team_id: &TeamId, range: DateRange) -> AppResult<Vec<WorkPeriod>> {
    records_repo::all(store, &Query::new(Index::Gsi2, keys::team_work_deleted_gsi(team_id), range.sk_cond())).await
}

/// Writes a new period, if its month is open.
pub fn insert_period(period: &WorkPeriod, team_id: &TeamId) -> AppResult<Vec<TxOp>> {
    Ok(vec![
        TxOp::Put { item: records_repo::item_of(period, team_id, 1)?, cond: Cond::NotExists },
        lock::unlocked(&period.user_id, period.date.date()),
    ])
}

/// Replaces a period read at `version`, if both its old and its new month are open.
pub fn replace_period(
    period: &WorkPeriod,
    team_id: &TeamId,
    version: i64,
    old_date: NaiveDate,
) -> AppResult<Vec<TxOp>> {
    let mut ops = vec![
        TxOp::Put { item: records_repo::item_of(period, team_id, version + 1)?, cond: Cond::eq("version", version) },
        lock::unlocked(&period.user_id, period.date.date()),
    ];
    if lock::month_differs(old_date, period.date.date()) {
        ops.push(lock::unlocked(&period.user_id, old_date));
    }
    Ok(ops)
}

/// Turns a period read at `version` into its tombstone (same key, the deleted partitions), if its month is open.
pub fn tombstone_period(period: &WorkPeriod, team_id: &TeamId, version: i64) -> AppResult<Vec<TxOp>> {
    let mut item = records_repo::item_of(period, team_id, version + 1)?;
    item.insert("deleted".into(), Value::Bool(true));
    item.insert("entity_type".into(), Value::String("work_period_deleted".into()));
    item.insert(GSI1PK.into(), Value::String(keys::work_deleted_gsi(&period.user_id)));
    item.insert(GSI1SK.into(), Value::String(keys::work_deleted_sk(period.date, &period.id)));
    item.insert(GSI2PK.into(), Value::String(keys::team_work_deleted_gsi(team_id)));
    item.insert(GSI2SK.into(), Value::String(keys::team_work_sk(period.date, &period.user_id, &period.id)));
    Ok(vec![
        TxOp::Put { item, cond: Cond::eq("version", version) },
        lock::unlocked(&period.user_id, period.date.date()),
    ])
}

// ---- the open period ------------------------------------------------------------------------------------------

pub async fn open_work(store: &dyn Table, user_id: &UserId) -> AppResult<Option<OpenWorkItem>> {
    store.get(&keys::open_work(user_id)).await?.map(from_item).transpose()
}

/// Everyone of the team on the clock: one Query on the team's `WORKING#` items.
pub async fn team_working(store: &dyn Table, team_id: &TeamId) -> AppResult<Vec<OpenWorkItem>> {
    let query = Query::new(Index::Table, keys::team_pk(team_id), SkCond::BeginsWith(keys::WORKING_PREFIX.into()));
    store.query_all(&query).await?.into_iter().map(from_item).collect()
}

/// Clocks in: the open period (only when there is none) and the team's presence item.
pub fn start_ops(open: &OpenWorkItem) -> AppResult<Vec<TxOp>> {
    Ok(vec![
        TxOp::Put { item: to_item("open_work", &keys::open_work(&open.user_id), open)?, cond: Cond::NotExists },
        TxOp::Put {
            item: to_item("working", &keys::team_working(&open.team_id, &open.user_id), open)?,
            cond: Cond::None,
        },
    ])
}

/// Clocks out: removes the open period (the one read, by its start) and the presence items, writes the period, if
/// its month is open.
pub fn close_ops(open: &OpenWorkItem, period: &WorkPeriod, team_id: &TeamId) -> AppResult<Vec<TxOp>> {
    let mut ops = stop_ops(open, team_id);
    ops.extend(insert_period(period, team_id)?);
    Ok(ops)
}

/// Stops the clock without a period: removes the open period (the one read, by its start) and the presence items.
pub fn stop_ops(open: &OpenWorkItem, team_id: &TeamId) -> Vec<TxOp> {
    let mut ops = vec![
        TxOp::Delete {
            key: keys::open_work(&open.user_id),
            cond: Cond::eq("since", Value::String(open.since.clone())),
        },
        TxOp::Delete { key: keys::team_working(team_id, &open.user_id), cond: Cond::None },
    ];
    if &open.team_id != team_id {
        ops.push(TxOp::Delete { key: keys::team_working(&open.team_id, &open.user_id), cond: Cond::None });
    }
    ops
}

// ---- schedules --------------------------------------------------------------------------------------------------

pub async fn team_schedule(store: &dyn Table, team_id: &TeamId) -> AppResult<Option<TeamSchedule>> {
    store.get(&keys::work_schedule(team_id)).await?.map(from_item).transpose()
}

pub async fn put_team_schedule(
    store: &dyn Table,
    team_id: &TeamId,
    schedule: &TeamSchedule,
    logged: &Entry,
) -> AppResult<()> {
    let put = TxOp::Put { item: to_item("work_schedule", &keys::work_schedule(team_id), schedule)?, cond: Cond::None };
    store.transact(vec![put, audit::op(logged)?]).await?;
    Ok(())
}

/// A member's schedules, by their first date.
pub async fn member_schedules(store: &dyn Table, user_id: &UserId) -> AppResult<Vec<MemberSchedule>> {
    let query =
        Query::new(Index::Table, keys::user_pk(user_id), SkCond::BeginsWith(keys::MEMBER_SCHEDULE_PREFIX.into()));
    store.query_all(&query).await?.into_iter().map(from_item).collect()
}

/// Every member schedule of a team: one Query on the team's GSI2 partition.
pub async fn team_member_schedules(store: &dyn Table, team_id: &TeamId) -> AppResult<Vec<MemberSchedule>> {
    let query = Query::new(Index::Gsi2, keys::team_member_schedules_gsi(team_id), SkCond::All);
    store.query_all(&query).await?.into_iter().map(from_item).collect()
}

/// Writes a member's schedule with the audit entry and `checks` (the months it applies to are open): false when a
/// check failed.
pub async fn put_member_schedule(
    store: &dyn Table,
    team_id: &TeamId,
    schedule: &MemberSchedule,
    logged: &Entry,
    checks: Vec<TxOp>,
) -> AppResult<bool> {
    let from = format_date(schedule.from.date());
    let mut item = to_item("member_schedule", &keys::member_schedule(&schedule.user_id, &from), schedule)?;
    item.insert(GSI2PK.into(), Value::String(keys::team_member_schedules_gsi(team_id)));
    item.insert(GSI2SK.into(), Value::String(keys::team_member_schedule_sk(&schedule.user_id, &from)));
    let mut ops = vec![TxOp::Put { item, cond: Cond::None }, audit::op(logged)?];
    ops.extend(checks);
    commit(store, ops).await
}

// ---- start dates -------------------------------------------------------------------------------------------------

/// The start date an approver set for a member, if any.
pub async fn start_date(store: &dyn Table, team_id: &TeamId, user_id: &UserId) -> AppResult<Option<StartDate>> {
    store.get(&keys::work_start(team_id, user_id)).await?.map(from_item).transpose()
}

/// Every start date set in a team: one Query on the team's partition.
pub async fn team_start_dates(store: &dyn Table, team_id: &TeamId) -> AppResult<Vec<StartDate>> {
    let query = Query::new(Index::Table, keys::team_pk(team_id), SkCond::BeginsWith(keys::WORK_START_PREFIX.into()));
    store.query_all(&query).await?.into_iter().map(from_item).collect()
}

/// Writes a member's start date with the audit entry and `checks` (the months it moves are open): false when a
/// check failed.
pub async fn put_start_date(
    store: &dyn Table,
    team_id: &TeamId,
    start: &StartDate,
    logged: &Entry,
    checks: Vec<TxOp>,
) -> AppResult<bool> {
    let item = to_item("work_start", &keys::work_start(team_id, &start.user_id), start)?;
    let mut ops = vec![TxOp::Put { item, cond: Cond::None }, audit::op(logged)?];
    ops.extend(checks);
    commit(store, ops).await
}

// ---- overtime ---------------------------------------------------------------------------------------------------

pub async fn carry_over(store: &dyn Table, user_id: &UserId) -> AppResult<Option<CarryOver>> {
    store.get(&keys::overtime_carry(user_id)).await?.map(from_item).transpose()
}

/// Sets the carried-over balance once: false when it is set already.
pub async fn put_carry_over(store: &dyn Table, user_id: &UserId, carry: &CarryOver, logged: &Entry) -> AppResult<bool> {
    let item = to_item("overtime_carry", &keys::overtime_carry(user_id), carry)?;
    match store.transact(vec![TxOp::Put { item, cond: Cond::NotExists }, audit::op(logged)?]).await {
        Ok(()) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

pub async fn adjustments(store: &dyn Table, user_id: &UserId) -> AppResult<Vec<Adjustment>> {
    let query =
        Query::new(Index::Table, keys::user_pk(user_id), SkCond::BeginsWith(keys::OVERTIME_ADJUSTMENT_PREFIX.into()));
    store.query_all(&query).await?.into_iter().map(from_item).collect()
}

pub async fn put_adjustment(
    store: &dyn Table,
    user_id: &UserId,
    adjustment: &Adjustment,
    logged: &Entry,
) -> AppResult<()> {
    let item = to_item("overtime_adjustment", &keys::overtime_adjustment(user_id, &adjustment.id), adjustment)?;
    store.transact(vec![TxOp::Put { item, cond: Cond::NotExists }, audit::op(logged)?]).await?;
    Ok(())
}
