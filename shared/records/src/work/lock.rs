//! The lock of an approved month. While a month's timesheet is approved, no work period and no break dated in it
//! can be created, edited or deleted, on any path: every such write carries [`repo::lock::unlocked`] in its
//! transaction, so the check and the write are one atomic step.

use chrono::{Datelike, NaiveDate};

use super::repo;
use bt_core::error::{AppError, AppResult};
use bt_core::store::Table;
use bt_core::types::UserId;

/// The answer to a write into an approved month.
pub const LOCKED: &str = "This month's timesheet is approved and locked.";

/// `YYYY-MM` of a date: the month whose timesheet the date belongs to.
pub fn month_of(date: NaiveDate) -> String {
    format!("{:04}-{:02}", date.year(), date.month())
}

/// The 409 of a write into a locked month.
pub fn locked() -> AppError {
    AppError::Conflict(LOCKED.into())
}

/// Refuses a write when one of the dates lies in a locked month of the person. A use case calls this before it
/// writes, for the message; the transaction's own check ([`repo::lock::unlocked`]) is what makes it hold.
pub async fn ensure_open(store: &dyn Table, user_id: &UserId, dates: &[NaiveDate]) -> AppResult<()> {
    if any_locked(store, user_id, dates).await? {
        return Err(locked());
    }
    Ok(())
}

/// Whether a month of one of the dates is locked.
pub async fn any_locked(store: &dyn Table, user_id: &UserId, dates: &[NaiveDate]) -> AppResult<bool> {
    let mut months: Vec<String> = dates.iter().map(|d| month_of(*d)).collect();
    months.sort();
    months.dedup();
    for month in months {
        if repo::lock::is_locked(store, user_id, &month).await? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The error of a write whose transaction failed a condition: the lock's message when a month of the dates is
/// locked (it was locked between the read and the write), `otherwise` if not.
pub async fn explain(store: &dyn Table, user_id: &UserId, dates: &[NaiveDate], otherwise: AppError) -> AppError {
    match any_locked(store, user_id, dates).await {
        Ok(true) => locked(),
        Ok(false) => otherwise,
        Err(e) => e,
    }
}
