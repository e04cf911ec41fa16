//! The timesheet state item: `TEAM#<teamId>` / `TIMESHEET#<YYYY-MM>#<userId>` (status and history, under a `version`
//! that each decision bumps), absent while a month was never acted on (then it is open). Approving writes it with
//! the month lock ([`super::lock::lock`]) in one transaction, reopening with [`super::lock::unlock`].
//!
//! The figures item: `TEAM#<teamId>` / `TSFIGURES#<YYYY-MM>#<userId>`, on GSI1 `USER#<userId>#TSFIGURES` /
//! `<YYYY-MM>`: the month as computed at approval ([`MonthFigures`]), written with the approval and deleted with the
//! reopening, so it exists exactly while the month is approved (like the lock).

use serde_json::Value;

use super::super::timesheets::{MonthFigures, SheetState};
use bt_core::codec::{from_item, to_item};
use bt_core::error::{AppError, AppResult};
use bt_core::keys;
use bt_core::store::{Cond, Index, Query, SkCond, StoreError, Table, TxOp, GSI1PK, GSI1SK};
use bt_core::types::{TeamId, UserId};

/// The answer to a decision made on a version of the timesheet that another write replaced meanwhile.
pub const CHANGED_MEANWHILE: &str = "This timesheet was changed meanwhile. Reload it and try again.";

/// A state as stored, with the version the next write must replace.
pub struct StoredState {
    pub state: SheetState,
    pub version: i64,
}

pub async fn load(
    store: &dyn Table,
    team_id: &TeamId,
    month: &str,
    user_id: &UserId,
) -> AppResult<Option<StoredState>> {
    let Some(item) = store.get(&keys::timesheet(team_id, month, user_id)).await? else { return Ok(None) };
    let version = item.get("version").and_then(Value::as_i64).unwrap_or(0);
    Ok(Some(StoredState { state: from_item(item)?, version }))
}

/// Every state of the team's month: one Query on `TEAM#<teamId>` / `begins_with TIMESHEET#<YYYY-MM>#`.
pub async fn month_states(store: &dyn Table, team_id: &TeamId, month: &str) -> AppResult<Vec<SheetState>> {
    let query = Query::table(keys::team_pk(team_id), SkCond::BeginsWith(keys::timesheet_month_prefix(month)));
    store.query_all(&query).await?.into_iter().map(from_item).collect()
}

/// Every state of the team, of any month (exports): one Query on `TEAM#<teamId>` / `begins_with TIMESHEET#`.
pub async fn team_states(store: &dyn Table, team_id: &TeamId) -> AppResult<Vec<SheetState>> {
    let query = Query::table(keys::team_pk(team_id), SkCond::BeginsWith(keys::TIMESHEET_PREFIX.into()));
    store.query_all(&query).await?.into_iter().map(from_item).collect()
}

/// What the approver saw of the person's clock when approving: the `since` of the open period and of the open break
/// (`None`: there was none). The approval's transaction checks they are unchanged, so a clock-in or a break start
/// that crosses the approval fails one of the two.
#[derive(Debug, Clone, Default)]
pub struct ClockSeen {
    pub open_work: Option<String>,
    pub open_break: Option<String>,
}

/// The transaction parts a decision carries beside the state: approving locks the month and stores its figures
/// (checking the clock as seen), reopening unlocks it and deletes them.
pub enum LockChange {
    None,
    Lock { at: String, figures: Box<MonthFigures>, clock: ClockSeen },
    Unlock,
}

/// The figures item of a month as approved. Its size: a person's month (31 days of periods, breaks and their
/// changes) is a few dozen KB, far below DynamoDB's 400 KB item limit; [`MonthFigures::fit`] trims the change
/// histories of an extraordinary month before it is written.
fn figures_item(team_id: &TeamId, figures: &MonthFigures) -> AppResult<bt_core::store::Item> {
    let key = keys::timesheet_figures(team_id, &figures.month, &figures.user_id);
    let mut item = to_item("timesheet_figures", &key, figures)?;
    item.insert("teamId".into(), team_id.clone().into());
    item.insert(GSI1PK.into(), Value::String(keys::timesheet_figures_gsi(&figures.user_id)));
    item.insert(GSI1SK.into(), Value::String(figures.month.clone()));
    Ok(item)
}

fn clock_check(key: bt_core::store::Key, seen: &Option<String>) -> TxOp {
    let cond = match seen {
        Some(since) => Cond::eq("since", since.clone()),
        None => Cond::NotExists,
    };
    TxOp::Check { key, cond }
}

/// The figures of a member's approved month, when stored.
pub async fn figures(
    store: &dyn Table,
    team_id: &TeamId,
    month: &str,
    user_id: &UserId,
) -> AppResult<Option<MonthFigures>> {
    store.get(&keys::timesheet_figures(team_id, month, user_id)).await?.map(from_item).transpose()
}

/// The stored figures of every approved month of the team from `from` to `to` (`YYYY-MM`, both included): one Query
/// on `TEAM#<teamId>` / `TSFIGURES#<from>#` .. `TSFIGURES#<to>#~`.
pub async fn team_figures(store: &dyn Table, team_id: &TeamId, from: &str, to: &str) -> AppResult<Vec<MonthFigures>> {
    let sk = SkCond::Between(
        keys::timesheet_figures_month_prefix(from),
        format!("{}~", keys::timesheet_figures_month_prefix(to)),
    );
    store.query_all(&Query::table(keys::team_pk(team_id), sk)).await?.into_iter().map(from_item).collect()
}

/// The stored figures of a person's approved months from `from` to `to` (`YYYY-MM`, both included): one Query on
/// GSI1 `USER#<userId>#TSFIGURES`.
pub async fn person_figures(store: &dyn Table, user_id: &UserId, from: &str, to: &str) -> AppResult<Vec<MonthFigures>> {
    let query = Query::new(Index::Gsi1, keys::timesheet_figures_gsi(user_id), SkCond::Between(from.into(), to.into()));
    store.query_all(&query).await?.into_iter().map(from_item).collect()
}

/// Writes the state over the version it was read at (`None`: it must still be absent), with the lock change, in one
/// transaction. A failed condition is [`CHANGED_MEANWHILE`].
pub async fn write(
    store: &dyn Table,
    team_id: &TeamId,
    state: &SheetState,
    read_at: Option<i64>,
    lock: LockChange,
    logged: &bt_accounts::audit::Entry,
) -> AppResult<()> {
    let key = keys::timesheet(team_id, &state.month, &state.user_id);
    let mut item = to_item("timesheet", &key, state)?;
    let (version, cond) = match read_at {
        Some(v) => (v + 1, Cond::eq("version", v)),
        None => (1, Cond::NotExists),
    };
    item.insert("version".into(), Value::from(version));
    item.insert("teamId".into(), team_id.clone().into());
    let mut ops = vec![TxOp::Put { item, cond }];
    match lock {
        LockChange::None => {}
        LockChange::Lock { at, figures, clock } => {
            ops.push(super::lock::lock(&state.user_id, &state.month, &at));
            ops.push(TxOp::Put { item: figures_item(team_id, &figures)?, cond: Cond::None });
            ops.push(clock_check(keys::open_work(&state.user_id), &clock.open_work));
            ops.push(clock_check(keys::open_break(&state.user_id), &clock.open_break));
        }
        LockChange::Unlock => {
            ops.push(super::lock::unlock(&state.user_id, &state.month));
            let key = keys::timesheet_figures(team_id, &state.month, &state.user_id);
            ops.push(TxOp::Delete { key, cond: Cond::None });
        }
    }
    ops.push(bt_accounts::audit::op(logged)?);
    match store.transact(ops).await {
        Ok(()) => Ok(()),
        Err(StoreError::ConditionFailed) => Err(AppError::Conflict(CHANGED_MEANWHILE.into())),
        Err(e) => Err(e.into()),
    }
}
