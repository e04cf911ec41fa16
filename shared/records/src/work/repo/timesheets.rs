//! The timesheet state item: `TEAM#<teamId>` / `TIMESHEET#<YYYY-MM>#<userId>` (status and history, under a `version`
//! that each decision bumps), absent while a month was never acted on (then it is open). Approving writes it with
//! the month lock ([`super::lock::lock`]) in one transaction, reopening with [`super::lock::unlock`].

use serde_json::Value;

use super::super::timesheets::SheetState;
use bt_core::codec::{from_item, to_item};
use bt_core::error::{AppError, AppResult};
use bt_core::keys;
use bt_core::store::{Cond, Query, SkCond, StoreError, Table, TxOp};
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

/// The transaction part (`lock::lock` or `lock::unlock`) a decision carries beside the state.
pub enum LockChange {
    None,
    Lock { at: String },
    Unlock,
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
        LockChange::Lock { at } => ops.push(super::lock::lock(&state.user_id, &state.month, &at)),
        LockChange::Unlock => ops.push(super::lock::unlock(&state.user_id, &state.month)),
    }
    ops.push(bt_accounts::audit::op(logged)?);
    match store.transact(ops).await {
        Ok(()) => Ok(()),
        Err(StoreError::ConditionFailed) => Err(AppError::Conflict(CHANGED_MEANWHILE.into())),
        Err(e) => Err(e.into()),
    }
}
