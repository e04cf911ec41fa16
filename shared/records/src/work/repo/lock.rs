//! The month lock item: `USER#<id>` / `TSLOCK#<YYYY-MM>` exists exactly while the month is approved.

use chrono::NaiveDate;
use serde_json::Value;

use super::super::lock::month_of;
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{Cond, Item, Table, TxOp, PK, SK};
use bt_core::types::UserId;

/// The transaction part every write of a work period or a break dated `date` carries: the month is not locked.
pub fn unlocked(user_id: &UserId, date: NaiveDate) -> TxOp {
    TxOp::Check { key: keys::timesheet_lock(user_id, &month_of(date)), cond: Cond::NotExists }
}

/// The checks that the months of `dates` are not locked, one a month (a transaction names an item once).
pub fn unlocked_all(user_id: &UserId, dates: &[NaiveDate]) -> Vec<TxOp> {
    unlocked_besides(user_id, dates, &[])
}

/// The checks of the months of `dates` that none of `covered` lies in (the write's own parts check those already).
pub fn unlocked_besides(user_id: &UserId, dates: &[NaiveDate], covered: &[NaiveDate]) -> Vec<TxOp> {
    let mut seen: Vec<String> = covered.iter().map(|d| month_of(*d)).collect();
    let mut ops = Vec::new();
    for date in dates {
        let month = month_of(*date);
        if !seen.contains(&month) {
            ops.push(unlocked(user_id, *date));
            seen.push(month);
        }
    }
    ops
}

/// Whether two dates lie in different months (an edit that moves a period checks both).
pub fn month_differs(a: NaiveDate, b: NaiveDate) -> bool {
    month_of(a) != month_of(b)
}

/// Locks a month (approval): fails the transaction when it is locked already.
pub fn lock(user_id: &UserId, month: &str, at: &str) -> TxOp {
    let key = keys::timesheet_lock(user_id, month);
    let mut item = Item::new();
    item.insert(PK.into(), Value::String(key.pk));
    item.insert(SK.into(), Value::String(key.sk));
    item.insert("entity_type".into(), Value::String("timesheet_lock".into()));
    item.insert("lockedAt".into(), Value::String(at.into()));
    TxOp::Put { item, cond: Cond::NotExists }
}

/// Unlocks a month (reopening): fails the transaction when it is not locked.
pub fn unlock(user_id: &UserId, month: &str) -> TxOp {
    TxOp::Delete { key: keys::timesheet_lock(user_id, month), cond: Cond::Exists }
}

pub async fn is_locked(store: &dyn Table, user_id: &UserId, month: &str) -> AppResult<bool> {
    Ok(store.get(&keys::timesheet_lock(user_id, month)).await?.is_some())
}
