//! Leave requests: a leave that waits for approval, decided by an admin or HR of the requester's team (never by the
//! requester), or withdrawn by the requester. Each request is mailed to the approvers, each decision to the
//! requester, with a link to the page where it is seen.
//!
//! An approver reaches a leave by its id through the team's request item (`keys::leave_request`), which also lists
//! the team's pending requests (GSI1, oldest first). A decision rewrites the leave (under its version) and that item
//! in one transaction. Balances are counted from the approved leaves when they are read, so there is no separate
//! balance to keep in step.

pub mod repo;

use super::events::{self, RecordEvent, Via};
use super::leave_record::repo::LeaveRepo;
use super::leaves::{self, Leave, LeaveInput, LeaveStatus};
use super::paging::Paging;
use super::repo::Stored;
use super::work::lock;
use super::work::repo::lock as lock_repo;
use super::{timestamp, Expect, Owner};
use bt_accounts::audit::{self, Action, Entry};
use bt_accounts::teams;
use bt_accounts::users::User;
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::RecordId;
use repo::RequestRepo;

pub const APPROVERS_ONLY: &str = "Only admins and HR can decide leave requests.";
pub const OWN_REQUEST: &str = "You cannot decide your own leave request.";
pub const NOT_FOUND: &str = "Leave not found.";
pub const NOT_PENDING: &str = "This leave request has already been decided.";
pub const CANNOT_CANCEL: &str = "This leave can no longer be cancelled.";
pub const STARTED: &str = "This leave has already started and cannot be cancelled.";
pub const MAX_COMMENT_CHARS: usize = 500;
pub const COMMENT_TOO_LONG: &str = "Comment must not exceed 500 characters.";

/// Approve or decline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Approve,
    Decline,
}

/// Adds a leave (see [`leaves::add_leave`]) and, when it waits for approval, mails the approvers.
pub async fn request_leave(services: &Services, owner: &Owner, input: &LeaveInput) -> AppResult<Leave> {
    let now = services.clock.now();
    let leave = leaves::add_leave(services, owner, input, now).await?;
    if leave.status == LeaveStatus::Pending {
        let event = RecordEvent::LeaveRequested { owner: owner.clone(), leave: leave.clone() };
        events::publish(Via::Services(services), event).await;
    }
    Ok(leave)
}

/// Edits a leave not yet decided (see [`leaves::edit_leave`]); one that becomes a request is mailed to the approvers.
pub async fn edit_request(
    services: &Services,
    owner: &Owner,
    id: &RecordId,
    input: &LeaveInput,
    expect: &Expect,
) -> AppResult<Leave> {
    let now = services.clock.now();
    let (before, leave) = leaves::edit_leave(services, owner, id, input, expect, now).await?;
    if leave.status == LeaveStatus::Pending && before != LeaveStatus::Pending {
        let event = RecordEvent::LeaveRequested { owner: owner.clone(), leave: leave.clone() };
        events::publish(Via::Services(services), event).await;
    }
    Ok(leave)
}

/// The team's pending requests, oldest first, with the requester's name: one Query on the team's pending index, then
/// each leave read from its requester's partition (a request decided a moment ago, which the index may still list,
/// is left out).
pub async fn pending_requests(app: &Services, approver: &User, paging: Paging) -> AppResult<(Vec<Leave>, u64)> {
    if !approver.role.sees_reports() {
        return Err(AppError::Forbidden(APPROVERS_ONLY.into()));
    }
    let store = app.table();
    let pointers = RequestRepo::new(store).pending(&approver.team_id).await?;
    let total = pointers.len() as u64;
    let members = teams::team_members(store, &approver.team_id).await?;
    let leaves = LeaveRepo::new(store);
    let mut out = Vec::new();
    for (user_id, id) in paging.slice(pointers) {
        let Some(stored) = leaves.load(&user_id, &id).await? else { continue };
        if stored.record.status != LeaveStatus::Pending {
            continue;
        }
        let mut leave = stored.record;
        leave.user_name = members.iter().find(|m| m.user_id == leave.user_id).map(|m| m.name.clone());
        out.push(leave);
    }
    Ok((out, total))
}

/// A leave of the approver's team by its id, with its version: 404 for an id of another team, as for no id at all.
async fn team_leave(store: &dyn Table, approver: &User, id: &RecordId) -> AppResult<Stored<Leave>> {
    let user_id = RequestRepo::new(store)
        .requester(&approver.team_id, id)
        .await?
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    LeaveRepo::new(store).load(&user_id, id).await?.ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
}

fn checked_comment(comment: Option<&str>) -> AppResult<Option<String>> {
    let comment = comment.map(str::trim).filter(|c| !c.is_empty());
    if comment.is_some_and(|c| c.chars().count() > MAX_COMMENT_CHARS) {
        return Err(AppError::field("comment", COMMENT_TOO_LONG));
    }
    Ok(comment.map(str::to_string))
}

/// What the audit log says of a leave: its days and status.
fn leave_summary(leave: &Leave) -> String {
    format!("{} – {} ({} days)", leave.from_date.date(), leave.to_date.date(), leave.days)
}

/// The months of a leave's days, each of which must be open for the leave to change: approving, declining or
/// cancelling a leave dated in an approved month would change (or, for a pending one, settle) its target.
fn months_of(leave: &Leave) -> Vec<chrono::NaiveDate> {
    lock::months_of(leave.from_date.date(), leave.to_date.date())
}

/// Rewrites a leave under the version it was read at, with its request item and the audit entry, in one transaction,
/// if none of its months is locked.
async fn write_decided(
    store: &dyn Table,
    team_id: &bt_core::types::TeamId,
    leave: &Leave,
    version: i64,
    logged: &Entry,
) -> AppResult<()> {
    let months = months_of(leave);
    let unlocked = lock_repo::unlocked_all(&leave.user_id, &months);
    if LeaveRepo::new(store).write_decided(team_id, leave, version, audit::op(logged)?, unlocked).await? {
        Ok(())
    } else {
        let otherwise = AppError::Conflict("This leave was changed meanwhile. Reload it and try again.".into());
        Err(lock::explain(store, &leave.user_id, &months, otherwise).await)
    }
}

/// Approves or declines a pending request of the approver's team, and mails the requester.
pub async fn decide(
    services: &Services,
    approver: &User,
    id: &RecordId,
    decision: Decision,
    comment: Option<&str>,
) -> AppResult<Leave> {
    let store = services.table();
    if !approver.role.sees_reports() {
        return Err(AppError::Forbidden(APPROVERS_ONLY.into()));
    }
    let comment = checked_comment(comment)?;
    let stored = team_leave(store, approver, id).await?;
    if stored.record.user_id == approver.id {
        return Err(AppError::Forbidden(OWN_REQUEST.into()));
    }
    if stored.record.status != LeaveStatus::Pending {
        return Err(AppError::Conflict(NOT_PENDING.into()));
    }
    lock::ensure_open(store, &stored.record.user_id, &months_of(&stored.record)).await?;
    let now = services.clock.now();
    let leave = Leave {
        status: match decision {
            Decision::Approve => LeaveStatus::Approved,
            Decision::Decline => LeaveStatus::Declined,
        },
        decided_by: Some(approver.id.clone()),
        decided_by_name: Some(approver.name.clone()),
        decided_at: Some(timestamp(now)),
        comment,
        updated_at: timestamp(now),
        ..stored.record
    };
    let action = match decision {
        Decision::Approve => Action::LeaveApproved,
        Decision::Decline => Action::LeaveDeclined,
    };
    let name = match leave.user_name.as_deref().filter(|n| !n.is_empty()) {
        Some(name) => name.to_string(),
        None => bt_accounts::teams::find_member(store, &approver.team_id, &leave.user_id)
            .await?
            .map(|m| m.name)
            .unwrap_or_default(),
    };
    let logged = Entry::by(approver, action, now).whose(&leave.user_id, &name).about(leave_summary(&leave));
    write_decided(store, &approver.team_id, &leave, stored.version, &logged).await?;
    tracing::info!(leave = %leave.id, status = ?leave.status, "leave request decided");
    let event = RecordEvent::LeaveDecided { approver: approver.clone(), leave: leave.clone() };
    events::publish(Via::Services(services), event).await;
    Ok(leave)
}

/// The requester withdraws a leave: a pending one, or an approved one that has not started (in their time zone).
pub async fn cancel(services: &Services, owner: &Owner, id: &RecordId) -> AppResult<Leave> {
    let store = services.table();
    let now = services.clock.now();
    let stored = LeaveRepo::new(store).load_owned(&owner.user_id, id).await?;
    lock::ensure_open(store, &owner.user_id, &months_of(&stored.record)).await?;
    match stored.record.status {
        LeaveStatus::Pending => {}
        LeaveStatus::Approved if stored.record.from_date.date() > owner.today(now) => {}
        LeaveStatus::Approved => return Err(AppError::Conflict(STARTED.into())),
        LeaveStatus::Declined | LeaveStatus::Cancelled => return Err(AppError::Conflict(CANNOT_CANCEL.into())),
    }
    let leave = Leave { status: LeaveStatus::Cancelled, updated_at: timestamp(now), ..stored.record };
    let logged = Entry::of(&owner.team_id, &owner.user_id, &owner.name, Action::LeaveCancelled, now)
        .whose(&owner.user_id, &owner.name)
        .about(leave_summary(&leave));
    write_decided(store, &owner.team_id, &leave, stored.version, &logged).await?;
    Ok(leave)
}
