//! Periods entered by hand (a forgotten clock-in), by the person or by an approver of their team, each change kept
//! with who, when, why and the previous value. A deleted period stays as a tombstone, so the day shows the deletion.

use bt_accounts::audit::{self, Action, Entry};
use chrono::{DateTime, Duration, Utc};

use super::compute::PeriodSpan;
use super::lock;
use super::model::{
    change, new_period, validate_period, ChangeAction, PeriodInput, ValidPeriod, WorkPeriod, APPROVERS_ONLY, OVERLAPS,
};
use super::repo;
use super::repo::lock as lock_repo;
use bt_accounts::{users, Role, User};
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::{RecordId, UserId};
use bt_core::validate::Check;
use bt_records::dates::DateRange;
use bt_records::{new_id, timestamp, Owner, CHANGED_MEANWHILE};

/// Whether the user may act on other members of their team (admins and HR).
pub fn is_approver(user: &User) -> bool {
    matches!(user.role, Role::Admin | Role::Hr)
}

pub fn require_approver(user: &User) -> AppResult<()> {
    if is_approver(user) {
        Ok(())
    } else {
        Err(AppError::Forbidden(APPROVERS_ONLY.into()))
    }
}

/// Whose working time a request reads or writes: the caller, or with `?userId=` a member of the caller's team when
/// the caller is an approver. Anyone else (another team's user, or a non-approver naming someone else) is 404.
pub async fn subject(app: &Services, caller: &User, user_id: Option<&str>) -> AppResult<Owner> {
    let store = app.table();
    subject_in(store, caller, user_id).await
}

/// [`subject`] over the store, for the use cases that take one.
pub(crate) async fn subject_in(store: &dyn Table, caller: &User, user_id: Option<&str>) -> AppResult<Owner> {
    let Some(raw) = user_id.map(str::trim).filter(|s| !s.is_empty()) else { return Ok(Owner::of(caller)) };
    if raw == caller.id.as_str() {
        return Ok(Owner::of(caller));
    }
    if !is_approver(caller) {
        return Err(AppError::not_found());
    }
    let id = UserId::parse(raw).map_err(|_| AppError::not_found())?;
    match users::get_user(store, &id).await? {
        Some(user) if user.team_id == caller.team_id => Ok(Owner::of(&user)),
        _ => Err(AppError::not_found()),
    }
}

fn overlaps(a: &PeriodSpan, b: &PeriodSpan) -> bool {
    let (a0, a1) = a.interval();
    let (b0, b1) = b.interval();
    a0 < b1 && b0 < a1
}

/// Refuses a period that shares time with another of the person (`except` itself when edited).
async fn check_overlap(
    store: &dyn Table,
    owner: &Owner,
    valid: &ValidPeriod,
    except: Option<&RecordId>,
) -> AppResult<()> {
    let span = PeriodSpan {
        date: valid.date.date(),
        start: valid.start.time(),
        end: valid.end.time(),
        next_day: valid.next_day,
    };
    let range = DateRange { from: span.date - Duration::days(1), to: span.date + Duration::days(1) };
    let others = repo::periods_of(store, &owner.user_id, range).await?;
    if others.iter().filter(|p| Some(&p.id) != except).any(|p| overlaps(&p.span(), &span)) {
        return Err(AppError::field("start", OVERLAPS));
    }
    Ok(())
}

/// The audit entry of a change an approver makes to another person's period (a person's own changes are not logged:
/// the period's own change list keeps them).
fn by_approver(
    actor: &User,
    owner: &Owner,
    what: &str,
    before: Option<&WorkPeriod>,
    after: Option<&WorkPeriod>,
    now: DateTime<Utc>,
) -> AppResult<Option<bt_core::store::TxOp>> {
    if actor.id == owner.user_id {
        return Ok(None);
    }
    let day = after.or(before).map(|p| p.date.to_string()).unwrap_or_default();
    let entry = Entry::by(actor, Action::RecordChangedByApprover, now)
        .whose(&owner.user_id, &owner.name)
        .about(format!("{what} {day}"))
        .change(before.map(WorkPeriod::value).as_ref(), after.map(WorkPeriod::value).as_ref());
    audit::op(&entry).map(Some)
}

pub async fn add_period(
    app: &Services,
    actor: &User,
    owner: &Owner,
    input: &PeriodInput,
    now: DateTime<Utc>,
) -> AppResult<WorkPeriod> {
    let store = app.table();
    let valid = validate_period(input, owner.today(now))?;
    check_overlap(store, owner, &valid, None).await?;
    let date = valid.date.date();
    let days = lock::period_days(store, &owner.user_id, &[date], None).await?;
    lock::ensure_open(store, &owner.user_id, &days).await?;
    let period = new_period(new_id(now), owner, &valid, actor, &valid.note, now);
    let mut ops = repo::insert_period(&period, &owner.team_id)?;
    ops.extend(lock_repo::unlocked_besides(&owner.user_id, &days, &[date]));
    ops.extend(by_approver(actor, owner, "work period added", None, Some(&period), now)?);
    if !repo::commit(store, ops).await? {
        return Err(lock::explain(store, &owner.user_id, &days, AppError::Conflict(CHANGED_MEANWHILE.into())).await);
    }
    Ok(period)
}

pub async fn edit_period(
    app: &Services,
    actor: &User,
    owner: &Owner,
    id: &RecordId,
    input: &PeriodInput,
    now: DateTime<Utc>,
) -> AppResult<WorkPeriod> {
    let store = app.table();
    let stored = repo::load_period(store, &owner.user_id, id).await?;
    let old = &stored.record;
    let merged = PeriodInput {
        date: input.date.clone().or_else(|| Some(old.date.to_string())),
        start: input.start.clone().or_else(|| Some(old.start.to_string())),
        end: input.end.clone().or_else(|| Some(old.end.to_string())),
        note: input.note.clone(),
    };
    let valid = validate_period(&merged, owner.today(now))?;
    check_overlap(store, owner, &valid, Some(id)).await?;
    let own = [old.date.date(), valid.date.date()];
    let dates = lock::period_days(store, &owner.user_id, &own, Some(id)).await?;
    lock::ensure_open(store, &owner.user_id, &dates).await?;
    let mut changes = old.changes.clone();
    changes.push(change(actor, ChangeAction::Edited, &valid.note, Some(old), now));
    let period = WorkPeriod {
        date: valid.date,
        start: valid.start,
        end: valid.end,
        minutes: valid.minutes,
        next_day: valid.next_day,
        note: valid.note,
        auto_closed: false,
        changes,
        updated_at: timestamp(now),
        ..old.clone()
    };
    let mut ops = repo::replace_period(&period, &owner.team_id, stored.version, old.date.date())?;
    ops.extend(lock_repo::unlocked_besides(&owner.user_id, &dates, &own));
    ops.extend(by_approver(actor, owner, "work period edited", Some(old), Some(&period), now)?);
    if !repo::commit(store, ops).await? {
        return Err(lock::explain(store, &owner.user_id, &dates, AppError::Conflict(CHANGED_MEANWHILE.into())).await);
    }
    Ok(period)
}

/// Deletes a period: it becomes a tombstone carrying the deletion as its last change (shown in the day's
/// `deletedChanges`). The note is optional here.
pub async fn delete_period(
    app: &Services,
    actor: &User,
    owner: &Owner,
    id: &RecordId,
    note: Option<&str>,
    now: DateTime<Utc>,
) -> AppResult<WorkPeriod> {
    let store = app.table();
    let mut check = Check::new();
    let note = note.unwrap_or("").trim().to_string();
    check.max_chars("note", &note, super::model::MAX_NOTE_CHARS, super::model::NOTE_TOO_LONG);
    check.finish()?;
    let stored = repo::load_period(store, &owner.user_id, id).await?;
    let old = &stored.record;
    let date = old.date.date();
    let days = lock::period_days(store, &owner.user_id, &[date], Some(id)).await?;
    lock::ensure_open(store, &owner.user_id, &days).await?;
    let mut changes = old.changes.clone();
    changes.push(change(actor, ChangeAction::Deleted, &note, Some(old), now));
    let tomb = WorkPeriod { changes, updated_at: timestamp(now), ..old.clone() };
    let mut ops = repo::tombstone_period(&tomb, &owner.team_id, stored.version)?;
    ops.extend(lock_repo::unlocked_besides(&owner.user_id, &days, &[date]));
    ops.extend(by_approver(actor, owner, "work period deleted", Some(old), None, now)?);
    if !repo::commit(store, ops).await? {
        return Err(lock::explain(store, &owner.user_id, &days, AppError::not_found()).await);
    }
    Ok(tomb)
}
