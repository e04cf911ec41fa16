//! Leaves (absence days): rules (§5), server-computed `days`, no overlap between a user's own leaves, a type of the
//! team's, and a status: a leave of a type that needs approval waits for an admin or HR (`pending`), any other is
//! `approved` at once. Only approved leaves are absences. Deciding and cancelling are in `leave_requests` (above this module).
//!
//! The record itself, its checks and its repository are in [`super::leave_record`] (below the allowances, which
//! count balances from it); these are the use cases that write a leave, checking its balance.

use chrono::{DateTime, Datelike, NaiveDate, Utc};

use super::allowances::{self, Ledger};
use super::dates::DateRange;
use super::leave_record::repo::LeaveRepo;
use super::leave_types::{self, LeaveType};
use super::paging::Paging;
use super::work::lock;
use super::work::repo::lock as lock_repo;
use super::{new_id, timestamp, Expect, Owner};
use bt_core::error::{AppError, AppResult};
use bt_core::i18n::fill;
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::{RecordId, TeamId, UserId};

pub(crate) use super::leave_record::initial_status;
pub use super::leave_record::{
    approvers_of, validate_leave, HalfDay, Leave, LeaveInput, LeaveStatus, ValidLeave, DECIDED, FROM_REQUIRED,
    HALF_DAY_SINGLE, HALF_DAY_VALUE, MAX_LEAVE_DAYS, MAX_REASON_CHARS, OVERLAP, REASON_REQUIRED, TO_BEFORE_FROM,
    TO_REQUIRED,
};

impl LeaveInput {
    /// This edit over the stored leave: a left-out date or reason keeps its value (the type and half day are merged
    /// where they are picked, against the team's types and the dates).
    fn over(&self, old: &Leave) -> LeaveInput {
        LeaveInput {
            from_date: self.from_date.clone().or_else(|| Some(old.from_date.to_string())),
            to_date: self.to_date.clone().or_else(|| Some(old.to_date.to_string())),
            reason: self.reason.clone().or_else(|| Some(old.reason.clone())),
            type_id: self.type_id.clone(),
            half_day: self.half_day.clone(),
        }
    }
}

/// Writes a leave after checking it overlaps none of the owner's others. The check and the write are made atomic
/// by the owner's leave guard: each leave write bumps it under a condition on the value read before the check.
/// `months` are the dates whose months must be open (the leave's, and where an edited one was): checked in the
/// same transaction.
async fn write_checked(
    store: &dyn Table,
    owner: &Owner,
    leave: &Leave,
    version: Option<i64>,
    months: &[NaiveDate],
) -> AppResult<()> {
    let repo = LeaveRepo::new(store);
    // Each retry follows another leave write of the same user that succeeded, so a handful is plenty.
    for _ in 0..8 {
        // Checked again on each try: a failed condition may be the month locked meanwhile.
        lock::ensure_open(store, &owner.user_id, months).await?;
        let seen = repo.guard(&owner.user_id).await?;
        let others = repo.overlapping_consistent(&owner.user_id, leave.from_date.date(), leave.to_date.date()).await?;
        if others.iter().any(|l| l.id != leave.id && l.status.holds_days()) {
            return Err(AppError::Conflict(OVERLAP.into()));
        }
        let unlocked = lock_repo::unlocked_all(&owner.user_id, months);
        if repo.write_guarded(&owner.team_id, leave, version, seen, unlocked).await? {
            return Ok(());
        }
        // Another leave write of this user came in between: check again.
    }
    Err(AppError::Conflict("Your leaves were changed meanwhile. Please try again.".into()))
}

/// Counts the leave's working days and, for a type that counts against the allowance, refuses it when it takes more
/// than the balance has left in any year it touches (unless the team allows negative balances).
async fn count_and_check_balance(
    store: &dyn Table,
    owner: &Owner,
    leave: &mut Leave,
    leave_type: &LeaveType,
    types: Vec<LeaveType>,
) -> AppResult<()> {
    let (from, to) = (leave.from_date.date(), leave.to_date.date());
    let ledger = Ledger::load(store, &owner.team_id, from.year() - 1, to.year(), types).await?;
    leave.working_days = Some(ledger.days_of(leave, None));
    if !leave_type.counts_against_allowance || !leave.status.holds_days() {
        return Ok(());
    }
    // Overlapping dates are the clearer answer, whatever the balance (the write checks them again, atomically).
    let others = LeaveRepo::new(store).overlapping_consistent(&owner.user_id, from, to).await?;
    if others.iter().any(|l| l.id != leave.id && l.status.holds_days()) {
        return Err(AppError::Conflict(OVERLAP.into()));
    }
    for year in from.year()..=to.year() {
        let needed = ledger.days_of(leave, Some(year));
        if needed == 0.0 || !ledger.enforces(&owner.user_id, year) {
            continue;
        }
        let mut others = leaves_in(store, &owner.user_id, allowances::balance_range(year)).await?;
        others.retain(|l| l.id != leave.id);
        let balance = ledger.balance(&owner.user_id, year, &others);
        if needed > balance.remaining {
            let left = balance.remaining.max(0.0);
            let (needed_days, left_days) = (allowances::day_number(needed), allowances::day_number(left));
            // A whole sentence for each way the days read (a catalogue translates sentences, not pieces of them).
            let message = fill(
                match (needed == 1.0, left == 1.0) {
                    (false, false) => {
                        "This leave takes {needed} working days but you have {left} working days left in {year}."
                    }
                    (true, false) => "This leave takes 1 working day but you have {left} working days left in {year}.",
                    (false, true) => {
                        "This leave takes {needed} working days but you have 1 working day left in {year}."
                    }
                    (true, true) => "This leave takes 1 working day but you have 1 working day left in {year}.",
                },
                &[("needed", &needed_days), ("left", &left_days), ("year", &year.to_string())],
            );
            return Err(AppError::field("toDate", message));
        }
    }
    Ok(())
}

/// Adds a leave; a request that waits for approval is mailed to the approvers (by `leave_requests::request_leave`, above this module).
pub async fn add_leave(app: &Services, owner: &Owner, input: &LeaveInput, now: DateTime<Utc>) -> AppResult<Leave> {
    add_leave_as(app.table(), owner, input, new_id(now), now).await
}

/// [`add_leave`] under a given id (imports derive it from the file's row, so a second import of the row finds it).
pub(crate) async fn add_leave_as(
    store: &dyn Table,
    owner: &Owner,
    input: &LeaveInput,
    id: RecordId,
    now: DateTime<Utc>,
) -> AppResult<Leave> {
    let v = validate_leave(input)?;
    // A leave credits the target of its days: none may lie in an approved month.
    let months = lock::months_of(v.from_date.date(), v.to_date.date());
    lock::ensure_open(store, &owner.user_id, &months).await?;
    let types = leave_types::team_leave_types(store, &owner.team_id, now).await?;
    let leave_type = leave_types::pick_type(types.clone(), input.type_id.as_deref(), None)?;
    let mut leave = Leave {
        id,
        user_id: owner.user_id.clone(),
        from_date: v.from_date,
        to_date: v.to_date,
        reason: v.reason,
        days: v.days,
        created_at: timestamp(now),
        updated_at: timestamp(now),
        type_id: leave_type.id.clone(),
        status: initial_status(store, owner, &leave_type).await?,
        decided_by: None,
        decided_by_name: None,
        decided_at: None,
        comment: None,
        user_name: None,
        half_day: v.half_day,
        working_days: None,
    };
    count_and_check_balance(store, owner, &mut leave, &leave_type, types).await?;
    write_checked(store, owner, &leave, None, &months).await?;
    Ok(leave)
}

/// Fields left out of the body keep their stored value. Answers the status it had before, with the edited leave.
/// Written only over the version `expect` names (a conflict, and nothing written, otherwise).
pub async fn edit_leave(
    app: &Services,
    owner: &Owner,
    id: &RecordId,
    input: &LeaveInput,
    expect: &Expect,
    now: DateTime<Utc>,
) -> AppResult<(LeaveStatus, Leave)> {
    let store = app.table();
    let stored = LeaveRepo::new(store).load_for_edit(&owner.user_id, id, expect).await?;
    let old = stored.record;
    let before = old.status;
    // Where it was and where it goes must both be open months.
    let mut months = lock::months_of(old.from_date.date(), old.to_date.date());
    lock::ensure_open(store, &owner.user_id, &months).await?;
    if old.is_decided() {
        return Err(AppError::Conflict(DECIDED.into()));
    }
    let merged = input.over(&old);
    let mut v = validate_leave(&merged)?;
    if merged.half_day.is_none() && v.from_date == v.to_date {
        // Left out: a one-day leave keeps its half day (a longer one has none).
        v.half_day = old.half_day;
    }
    months.extend(lock::months_of(v.from_date.date(), v.to_date.date()));
    lock::ensure_open(store, &owner.user_id, &months).await?;
    let types = leave_types::team_leave_types(store, &owner.team_id, now).await?;
    let leave_type = leave_types::pick_type(types.clone(), merged.type_id.as_deref(), Some(&old.type_id))?;
    let status = initial_status(store, owner, &leave_type).await?;
    let mut leave = Leave {
        from_date: v.from_date,
        to_date: v.to_date,
        reason: v.reason,
        days: v.days,
        updated_at: timestamp(now),
        type_id: leave_type.id.clone(),
        status,
        half_day: v.half_day,
        ..old
    };
    count_and_check_balance(store, owner, &mut leave, &leave_type, types).await?;
    match write_checked(store, owner, &leave, Some(stored.version), &months).await {
        Err(AppError::Conflict(m)) if m != OVERLAP => {
            Err(AppError::Conflict("This record was changed or deleted meanwhile. Reload it and try again.".into()))
        }
        other => other.map(|_| (before, leave)),
    }
}

pub async fn get_leave(app: &Services, owner: &Owner, id: &RecordId) -> AppResult<Leave> {
    Ok(LeaveRepo::new(app.table()).load_owned(&owner.user_id, id).await?.record)
}

/// Deletes the leave and the item approvers reach it by, together.
pub async fn delete_leave(app: &Services, owner: &Owner, id: &RecordId) -> AppResult<Leave> {
    let store = app.table();
    let repo = LeaveRepo::new(store);
    let stored = repo.load_owned(&owner.user_id, id).await?;
    let months = lock::months_of(stored.record.from_date.date(), stored.record.to_date.date());
    lock::ensure_open(store, &owner.user_id, &months).await?;
    let unlocked = lock_repo::unlocked_all(&owner.user_id, &months);
    if repo.remove(&owner.user_id, &owner.team_id, id, stored.version, unlocked).await? {
        Ok(stored.record)
    } else {
        Err(lock::explain(store, &owner.user_id, &months, AppError::not_found()).await)
    }
}

/// A page of the owner's leaves that share a day with the range (all when None), latest first.
pub async fn leaves_page(
    app: &Services,
    user_id: &UserId,
    range: Option<DateRange>,
    paging: Paging,
) -> AppResult<(Vec<Leave>, u64)> {
    page(app.table(), user_id, range, paging).await
}

/// [`leaves_page`] over the store (the archives' report reads it).
pub(crate) async fn page(
    store: &dyn Table,
    user_id: &UserId,
    range: Option<DateRange>,
    paging: Paging,
) -> AppResult<(Vec<Leave>, u64)> {
    LeaveRepo::new(store).page(user_id, range, paging).await
}

/// Every leave of the owner that shares a day with the range, earliest first.
pub async fn leaves_in(store: &dyn Table, user_id: &UserId, range: DateRange) -> AppResult<Vec<Leave>> {
    LeaveRepo::new(store).overlapping(user_id, range.from, range.to).await
}

/// The team's absences that share a day with the range: its approved leaves (pending, declined and cancelled ones
/// are not absences). One Query on the team's leaves index.
pub async fn team_leaves_in(store: &dyn Table, team_id: &TeamId, range: DateRange) -> AppResult<Vec<Leave>> {
    let mut all = LeaveRepo::new(store).team_in(team_id, range).await?;
    all.retain(|l| l.status == LeaveStatus::Approved);
    Ok(all)
}

/// Every leave of a team, whatever its status, that shares a day with the range (balances read pending ones too).
pub async fn team_leaves_any_status_in(store: &dyn Table, team_id: &TeamId, range: DateRange) -> AppResult<Vec<Leave>> {
    LeaveRepo::new(store).team_in(team_id, range).await
}
