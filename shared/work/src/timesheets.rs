//! Monthly timesheets: a person's month of working days, and its approval.
//!
//! A month is `open` until the person submits it (`submitted`); an admin or HR of the team then approves it
//! (`approved`: the month is locked, see [`super::lock`]) or returns it with a comment (`returned`: editable again,
//! and the person may submit again). An admin reopens an approved month with a reason (back to `open`, unlocked).
//! Every action is kept in the history (who, name, when, comment).
//!
//! Approving one's own month: an approver may decide their own timesheet only when the team has no other admin or
//! HR member (a one-admin team could otherwise never have a month approved); with another approver there, their
//! month is theirs to decide (403).
//!
//! The state item lives in the team's partition ([`repo::timesheets`]), so a team's month is one Query; the days
//! come from the working-time computation of the month.
//!
//! An approved month keeps its figures: approving stores the month as computed then ([`MonthFigures`]: each day's
//! periods, breaks, worked, target, difference and findings, and the totals) in the approval's transaction, and
//! while the month stays approved its answers come from that copy: the month, its CSV and PDF, the team's month
//! ([`team_month`]), the working-time report ([`super::report`]) and the overtime balance of later days
//! ([`super::balance`], which sums the stored days' differences). So a change of a team-wide setting (schedule,
//! paid break types, holidays, rule set) moves open months only, and no record that reaches a locked month can move
//! its figures. Reopening deletes the copy: the month is computed live again.
//!
//! Approving is refused (409) while the person is on the clock in the month (an open period or break that started
//! in it or runs into it): the copy would hold a day still running, and the clock could not end into a locked month.

use bt_accounts::audit;
use chrono::{DateTime, Datelike, Months, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use std::collections::HashMap;

use super::days;
pub use super::model::Action;
use super::model::{ChangeAction, MemberDay, Source, WorkDay};
use super::repo::lock as lock_repo;
use super::repo::timesheets::{self as repo, ClockSeen, LockChange};
use super::rules::findings::DayFinding;
use super::rules::model::Finding;
use super::rules::notes::FindingNote;
use bt_accounts::teams::{self, Member};
use bt_accounts::users::{get_user, Role, User};
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::{TeamId, UserId};
use bt_records::breaks;
use bt_records::dates::DateRange;
use bt_records::events::{self, RecordEvent, Via};
use bt_records::{timestamp, Owner};

pub const INVALID_MONTH: &str = "Give a month as YYYY-MM.";
pub const FUTURE_MONTH: &str = "A month that has not begun cannot be submitted.";
pub const ALREADY_SUBMITTED: &str = "This month's timesheet is already submitted.";
pub const ALREADY_APPROVED: &str = "This month's timesheet is already approved.";
pub const NOT_SUBMITTED: &str = "This month's timesheet has not been submitted.";
pub const NOT_APPROVED: &str = "This month's timesheet is not approved.";
pub const APPROVERS_ONLY: &str = "Only admins and HR can decide timesheets.";
pub const TEAM_APPROVERS_ONLY: &str = "Only admins and HR can see the team's timesheets.";
pub const ADMINS_ONLY: &str = "Only admins can reopen a timesheet.";
pub const OWN_SHEET: &str = "Another admin or HR member of your team decides your own timesheet.";
pub const MEMBER_NOT_FOUND: &str = "Member not found.";
pub const MEMBER_REQUIRED: &str = "Choose whose timesheet it is.";
pub const COMMENT_REQUIRED: &str = "A comment is required.";
pub const REASON_REQUIRED: &str = "A reason is required.";
pub const MAX_COMMENT_CHARS: usize = 500;
pub const COMMENT_TOO_LONG: &str = "Comment must not exceed 500 characters.";

/// Where a month's timesheet stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    #[default]
    Open,
    Submitted,
    Approved,
    Returned,
}

/// One action in a timesheet's history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    pub action: Action,
    pub by: UserId,
    pub by_name: String,
    /// RFC 3339 UTC.
    pub at: String,
    pub comment: Option<String>,
}

/// The stored state of a member's month (the item of [`repo::timesheets`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SheetState {
    pub month: String,
    pub user_id: UserId,
    pub status: Status,
    pub history: Vec<Entry>,
    pub updated_at: String,
}

impl SheetState {
    fn fresh(month: &Month, user_id: &UserId) -> SheetState {
        SheetState {
            month: month.to_string(),
            user_id: user_id.clone(),
            status: Status::Open,
            history: Vec::new(),
            updated_at: String::new(),
        }
    }

    /// The last approval, when the month is approved: who and when (the PDF's stamp).
    pub fn approval(&self) -> Option<&Entry> {
        if self.status != Status::Approved {
            return None;
        }
        self.history.iter().rev().find(|e| e.action == Action::Approved)
    }
}

/// A calendar month, `YYYY-MM`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Month {
    first: NaiveDate,
}

impl Month {
    /// Reads `YYYY-MM`; anything else is 422 on `field`.
    pub fn parse(value: &str, field: &str) -> AppResult<Month> {
        let value = value.trim();
        let parsed = (value.len() == 7 && value.as_bytes()[4] == b'-')
            .then(|| NaiveDate::parse_from_str(&format!("{value}-01"), "%Y-%m-%d").ok())
            .flatten()
            .filter(|d| (1900..=2999).contains(&d.year()));
        parsed.map(|first| Month { first }).ok_or_else(|| AppError::field(field, INVALID_MONTH))
    }

    pub fn of(date: NaiveDate) -> Month {
        Month { first: date.with_day(1).expect("the first of a month") }
    }

    pub fn first(&self) -> NaiveDate {
        self.first
    }

    pub fn last(&self) -> NaiveDate {
        self.first.checked_add_months(Months::new(1)).expect("a next month").pred_opt().expect("a day before")
    }

    pub fn range(&self) -> DateRange {
        DateRange { from: self.first(), to: self.last() }
    }

    /// Every date of the month, in order.
    pub fn dates(&self) -> impl Iterator<Item = NaiveDate> {
        let last = self.last();
        self.first.iter_days().take_while(move |d| *d <= last)
    }
}

impl std::fmt::Display for Month {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}", self.first.year(), self.first.month())
    }
}

/// A member's month: its days, totals and approval state.
#[derive(Debug, Clone)]
pub struct Timesheet {
    pub month: Month,
    pub user_id: UserId,
    pub name: String,
    pub team: String,
    pub state: SheetState,
    pub days: Vec<WorkDay>,
    pub worked: i64,
    pub target: i64,
    pub difference: i64,
    pub locked: bool,
}

/// A member's month in the team overview.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimesheetRow {
    pub user_id: UserId,
    pub name: String,
    pub month: String,
    pub status: Status,
    pub worked: i64,
    pub target: i64,
    pub difference: i64,
}

/// A finding of an approved day, with the note written on it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FrozenFinding {
    pub finding: Finding,
    pub note: Option<FindingNote>,
}

/// A day of an approved month as computed at approval, with its findings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FrozenDay {
    pub day: WorkDay,
    pub findings: Vec<FrozenFinding>,
}

/// The figures of an approved month as computed at approval (the item of [`repo::figures`]): each day, and the
/// totals. The overtime the month carries into later months' balance is its days' differences (the balance counts
/// those from the member's start on), read from here while the month stays approved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MonthFigures {
    pub month: String,
    pub user_id: UserId,
    pub days: Vec<FrozenDay>,
    pub worked: i64,
    pub target: i64,
    /// worked − target: the overtime the month carries.
    pub difference: i64,
    /// When it was approved (RFC 3339 UTC).
    pub approved_at: String,
}

/// Above this the change histories of a month's periods are trimmed before the copy is stored (DynamoDB's item
/// limit is 400 KB; a person's month is usually a few dozen KB).
const MAX_FIGURES_BYTES: usize = 350 * 1024;

impl MonthFigures {
    fn of(month: &Month, user_id: &UserId, days: &[WorkDay], approved_at: String) -> MonthFigures {
        let (worked, target, difference) = totals(days);
        let days = days
            .iter()
            .map(|day| FrozenDay {
                findings: day
                    .findings
                    .iter()
                    .map(|f| FrozenFinding { finding: f.finding.clone(), note: f.note.clone() })
                    .collect(),
                day: day.clone(),
            })
            .collect();
        let mut figures = MonthFigures {
            month: month.to_string(),
            user_id: user_id.clone(),
            days,
            worked,
            target,
            difference,
            approved_at,
        };
        figures.fit();
        figures
    }

    /// Keeps the copy within the item limit: in an extraordinary month (hundreds of edits), each period keeps only
    /// its last change made by hand (or its last change), and each day its last deleted change. The figures, the
    /// periods and the "changed by hand" mark stay; only the older steps of the histories go.
    fn fit(&mut self) {
        let size = |f: &MonthFigures| serde_json::to_vec(f).map(|v| v.len()).unwrap_or(0);
        if size(self) <= MAX_FIGURES_BYTES {
            return;
        }
        tracing::warn!(month = %self.month, user = %self.user_id, "approved month trimmed to the item limit");
        for frozen in &mut self.days {
            for period in &mut frozen.day.periods {
                let kept = period
                    .changes
                    .iter()
                    .rev()
                    .find(|c| c.action != ChangeAction::Closed)
                    .or(period.changes.last())
                    .cloned();
                period.changes = kept.into_iter().collect();
            }
            let last = frozen.day.deleted_changes.pop();
            frozen.day.deleted_changes = last.into_iter().collect();
        }
    }

    /// The days as the month shows them, findings and notes included.
    pub fn work_days(&self) -> Vec<WorkDay> {
        self.days
            .iter()
            .map(|frozen| {
                let mut day = frozen.day.clone();
                day.findings = frozen
                    .findings
                    .iter()
                    .map(|f| DayFinding { finding: f.finding.clone(), note: f.note.clone() })
                    .collect();
                day
            })
            .collect()
    }
}

/// The stored days of approved months, by date.
fn frozen_by_date(figures: &[MonthFigures]) -> HashMap<chrono::NaiveDate, WorkDay> {
    figures.iter().flat_map(|f| f.work_days()).map(|d| (d.date.date(), d)).collect()
}

/// The months from `from`'s to `to`'s, as `YYYY-MM`.
fn month_bounds(from: NaiveDate, to: NaiveDate) -> (String, String) {
    (Month::of(from).to_string(), Month::of(to).to_string())
}

/// Puts the stored day of each approved month of the person in place of the computed one (the balance, a member's
/// own report row): one Query for the person's approved months between the first and the last day.
pub async fn keep_approved_days(store: &dyn Table, user_id: &UserId, days: &mut [WorkDay]) -> AppResult<()> {
    let (Some(first), Some(last)) = (days.first(), days.last()) else { return Ok(()) };
    let (from, to) = month_bounds(first.date.date(), last.date.date());
    let figures = repo::person_figures(store, user_id, &from, &to).await?;
    if figures.is_empty() {
        return Ok(());
    }
    let frozen = frozen_by_date(&figures);
    for day in days.iter_mut() {
        if let Some(stored) = frozen.get(&day.date.date()) {
            *day = stored.clone();
        }
    }
    Ok(())
}

/// [`keep_approved_days`] for a team's days (the team report): one Query for the team's approved months in the range.
pub async fn keep_approved_team_days(
    store: &dyn Table,
    team_id: &TeamId,
    range: DateRange,
    days: &mut [MemberDay],
) -> AppResult<()> {
    let (from, to) = month_bounds(range.from, range.to);
    let figures = repo::team_figures(store, team_id, &from, &to).await?;
    if figures.is_empty() {
        return Ok(());
    }
    let mut frozen: HashMap<(UserId, NaiveDate), WorkDay> = HashMap::new();
    for f in &figures {
        for day in f.work_days() {
            frozen.insert((f.user_id.clone(), day.date.date()), day);
        }
    }
    for member_day in days.iter_mut() {
        if let Some(stored) = frozen.get(&(member_day.user_id.clone(), member_day.day.date.date())) {
            member_day.day = stored.clone();
        }
    }
    Ok(())
}

/// The days of `owner`'s month, each computed from the person's records (see [`super::days`]).
async fn month_days(store: &dyn Table, owner: &Owner, month: &Month, now: DateTime<Utc>) -> AppResult<Vec<WorkDay>> {
    super::rules::findings::days_with_findings(store, owner, month.first(), month.last(), now).await
}

/// The person whose timesheet `viewer` reads or decides: themselves (no `userId`, or their own), or a member of
/// their team when they are an approver. Anyone else (another team's user, or a member reading someone else's) is
/// 404, as for no user at all.
async fn subject(store: &dyn Table, viewer: &User, user_id: Option<&str>) -> AppResult<User> {
    let Some(wanted) = user_id.map(str::trim).filter(|v| !v.is_empty()) else { return Ok(viewer.clone()) };
    if wanted.eq_ignore_ascii_case(viewer.id.as_ref()) {
        return Ok(viewer.clone());
    }
    let not_found = || AppError::NotFound(MEMBER_NOT_FOUND.into());
    if !viewer.role.sees_reports() {
        return Err(not_found());
    }
    let wanted = UserId::parse(wanted).map_err(|_| not_found())?;
    if !teams::is_member(store, &viewer.team_id, &wanted).await? {
        return Err(not_found());
    }
    let user = get_user(store, &wanted).await?.ok_or_else(not_found)?;
    if user.team_id != viewer.team_id {
        return Err(not_found());
    }
    Ok(user)
}

async fn team_name(store: &dyn Table, user: &User) -> AppResult<String> {
    Ok(teams::get_team(store, &user.team_id).await?.map(|t| t.name).unwrap_or_default())
}

async fn assemble(
    store: &dyn Table,
    person: &User,
    month: Month,
    state: SheetState,
    now: DateTime<Utc>,
) -> AppResult<Timesheet> {
    let owner = Owner::of(person);
    let stored = match state.status {
        Status::Approved => repo::figures(store, &person.team_id, &month.to_string(), &person.id).await?,
        _ => None,
    };
    // A month approved before its figures were kept has no copy: it is computed, as it always was.
    let days = match stored {
        Some(figures) => figures.work_days(),
        None => month_days(store, &owner, &month, now).await?,
    };
    let locked = lock_repo::is_locked(store, &person.id, &month.to_string()).await?;
    let (worked, target, difference) = totals(&days);
    Ok(Timesheet {
        month,
        user_id: person.id.clone(),
        name: person.name.clone(),
        team: team_name(store, person).await?,
        state,
        days,
        worked,
        target,
        difference,
        locked,
    })
}

/// The month's totals: the sums of its days.
pub fn totals(days: &[WorkDay]) -> (i64, i64, i64) {
    days.iter().fold((0, 0, 0), |(w, t, d), day| (w + day.worked, t + day.target, d + day.difference))
}

async fn state_of(store: &dyn Table, person: &User, month: &Month) -> AppResult<(SheetState, Option<i64>)> {
    Ok(match repo::load(store, &person.team_id, &month.to_string(), &person.id).await? {
        Some(stored) => (stored.state, Some(stored.version)),
        None => (SheetState::fresh(month, &person.id), None),
    })
}

/// `GET /timesheets/{month}?userId=`: the caller's month, or (approvers) a team member's.
pub async fn timesheet(
    app: &Services,
    viewer: &User,
    month: Month,
    user_id: Option<&str>,
    now: DateTime<Utc>,
) -> AppResult<Timesheet> {
    let store = app.table();
    let person = subject(store, viewer, user_id).await?;
    let (state, _) = state_of(store, &person, &month).await?;
    assemble(store, &person, month, state, now).await
}

/// `GET /timesheets?month=`: every member of the approver's team with their month's status and totals (one Query for
/// the states, and the team's days in one Query per kind of record, however many members).
pub async fn team_month(
    app: &Services,
    approver: &User,
    month: Month,
    now: DateTime<Utc>,
) -> AppResult<Vec<TimesheetRow>> {
    let store = app.table();
    if !approver.role.sees_reports() {
        return Err(AppError::Forbidden(TEAM_APPROVERS_ONLY.into()));
    }
    let states = repo::month_states(store, &approver.team_id, &month.to_string()).await?;
    let members = teams::team_members(store, &approver.team_id).await?;
    let team_days = days::team_days_at(store, &approver.team_id, month.first(), month.last(), now).await?;
    let month_text = month.to_string();
    let approved = repo::team_figures(store, &approver.team_id, &month_text, &month_text).await?;
    let mut rows = Vec::with_capacity(members.len());
    for member in members {
        let status = states.iter().find(|s| s.user_id == member.user_id).map(|s| s.status).unwrap_or_default();
        let stored = approved.iter().find(|f| f.user_id == member.user_id).filter(|_| status == Status::Approved);
        let (worked, target, difference) = match stored {
            Some(figures) => (figures.worked, figures.target, figures.difference),
            None => {
                let days: Vec<WorkDay> =
                    team_days.iter().filter(|d| d.user_id == member.user_id).map(|d| d.day.clone()).collect();
                totals(&days)
            }
        };
        rows.push(TimesheetRow {
            user_id: member.user_id,
            name: member.name,
            month: month.to_string(),
            status,
            worked,
            target,
            difference,
        });
    }
    rows.sort_by_key(|row| row.name.to_lowercase());
    Ok(rows)
}

fn checked_comment(comment: Option<&str>, required: Option<&str>) -> AppResult<Option<String>> {
    let comment = comment.map(str::trim).filter(|c| !c.is_empty());
    if let (None, Some(message)) = (comment, required) {
        return Err(AppError::field("comment", message));
    }
    if comment.is_some_and(|c| c.chars().count() > MAX_COMMENT_CHARS) {
        return Err(AppError::field("comment", COMMENT_TOO_LONG));
    }
    Ok(comment.map(str::to_string))
}

fn entry(action: Action, by: &User, now: DateTime<Utc>, comment: Option<String>) -> Entry {
    Entry { action, by: by.id.clone(), by_name: by.name.clone(), at: timestamp(now), comment }
}

/// `POST /timesheets/{month}/submit`: the person hands in their month (open or returned) for approval; the team's
/// approvers are told.
pub async fn submit(services: &Services, person: &User, month: Month) -> AppResult<Timesheet> {
    let store = services.table();
    let now = services.clock.now();
    if month > Month::of(Owner::of(person).today(now)) {
        return Err(AppError::Conflict(FUTURE_MONTH.into()));
    }
    let (mut state, version) = state_of(store, person, &month).await?;
    match state.status {
        Status::Open | Status::Returned => {}
        Status::Submitted => return Err(AppError::Conflict(ALREADY_SUBMITTED.into())),
        Status::Approved => return Err(AppError::Conflict(ALREADY_APPROVED.into())),
    }
    state.status = Status::Submitted;
    state.history.push(entry(Action::Submitted, person, now, None));
    state.updated_at = timestamp(now);
    let logged = audit::Entry::by(person, audit::Action::TimesheetSubmitted, now)
        .whose(&person.id, &person.name)
        .about(month.to_string());
    repo::write(store, &person.team_id, &state, version, LockChange::None, &logged).await?;
    tracing::info!(month = %month, user = %person.id, "timesheet submitted");
    let sheet = assemble(store, person, month, state, now).await?;
    let event = RecordEvent::TimesheetSubmitted { owner: Owner::of(person), month: month.to_string() };
    events::publish(Via::Services(services), event).await;
    Ok(sheet)
}

/// What an approver does to a member's month.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Approve,
    Return,
    Reopen,
}

/// Whether the team has an approver (admin or HR) other than `person`.
fn has_other_approver(members: &[Member], person: &UserId) -> bool {
    members.iter().any(|m| matches!(m.role, Role::Admin | Role::Hr) && &m.user_id != person)
}

/// What approving writes beside the state: the lock and the month's figures as computed now. Refused (409, "<name>
/// is still clocked in.") while the person is on the clock in the month: an open period or break that started in
/// it, or the day before it and runs into it.
async fn approval(store: &dyn Table, person: &User, month: Month, now: DateTime<Utc>) -> AppResult<LockChange> {
    let owner = Owner::of(person);
    let today = owner.today(now);
    // A clock runs from the day it started to today, at most into the next day (a period closes at 16 hours, a
    // break is counted at 8 at most): a forgotten one from long ago runs into no later month.
    let runs_into_month = |started: NaiveDate| {
        let until = today.min(started.succ_opt().unwrap_or(started));
        started <= month.last() && until >= month.first()
    };
    let open_work = super::repo::open_work(store, &person.id).await?;
    let open_break = breaks::repo::BreakRepo::new(store).open_break(&person.id).await?;
    let on_the_clock = open_work.as_ref().is_some_and(|w| runs_into_month(w.date.date()))
        || open_break.as_ref().is_some_and(|b| runs_into_month(b.created_date.date()));
    if on_the_clock {
        return Err(AppError::Conflict(format!("{} is still clocked in.", person.name)));
    }
    let days = month_days(store, &owner, &month, now).await?;
    let at = timestamp(now);
    let figures = MonthFigures::of(&month, &person.id, &days, at.clone());
    let clock = ClockSeen { open_work: open_work.map(|w| w.since), open_break: open_break.map(|b| b.since) };
    Ok(LockChange::Lock { at, figures: Box::new(figures), clock })
}

/// `POST /timesheets/{month}/approve|return|reopen`: approve (locks the month) or return (comment required) a
/// submitted month, or (admins) reopen an approved one (reason required; unlocks it). The person is told.
pub async fn decide(
    services: &Services,
    approver: &User,
    month: Month,
    user_id: Option<&str>,
    decision: Decision,
    comment: Option<&str>,
) -> AppResult<Timesheet> {
    let store = services.table();
    match decision {
        Decision::Reopen if approver.role != Role::Admin => return Err(AppError::Forbidden(ADMINS_ONLY.into())),
        _ if !approver.role.sees_reports() => return Err(AppError::Forbidden(APPROVERS_ONLY.into())),
        _ => {}
    }
    let comment = checked_comment(
        comment,
        match decision {
            Decision::Approve => None,
            Decision::Return => Some(COMMENT_REQUIRED),
            Decision::Reopen => Some(REASON_REQUIRED),
        },
    )?;
    let user_id = user_id.map(str::trim).filter(|v| !v.is_empty());
    let Some(user_id) = user_id else { return Err(AppError::field("userId", MEMBER_REQUIRED)) };
    let person = subject(store, approver, Some(user_id)).await?;
    if person.id == approver.id && decision != Decision::Reopen {
        let members = teams::team_members(store, &approver.team_id).await?;
        if has_other_approver(&members, &approver.id) {
            return Err(AppError::Forbidden(OWN_SHEET.into()));
        }
    }
    let (mut state, version) = state_of(store, &person, &month).await?;
    let now = services.clock.now();
    let (action, status) = match (decision, state.status) {
        (Decision::Approve | Decision::Return, Status::Approved) => {
            return Err(AppError::Conflict(ALREADY_APPROVED.into()))
        }
        (Decision::Approve | Decision::Return, Status::Open | Status::Returned) => {
            return Err(AppError::Conflict(NOT_SUBMITTED.into()))
        }
        (Decision::Approve, Status::Submitted) => (Action::Approved, Status::Approved),
        (Decision::Return, Status::Submitted) => (Action::Returned, Status::Returned),
        (Decision::Reopen, Status::Approved) => (Action::Reopened, Status::Open),
        (Decision::Reopen, _) => return Err(AppError::Conflict(NOT_APPROVED.into())),
    };
    let lock = match action {
        Action::Approved => approval(store, &person, month, now).await?,
        Action::Reopened => LockChange::Unlock,
        Action::Returned | Action::Submitted => LockChange::None,
    };
    state.status = status;
    state.history.push(entry(action, approver, now, comment.clone()));
    state.updated_at = timestamp(now);
    let logged = audit::Entry::by(
        approver,
        match decision {
            Decision::Approve => audit::Action::TimesheetApproved,
            Decision::Return => audit::Action::TimesheetReturned,
            Decision::Reopen => audit::Action::TimesheetReopened,
        },
        now,
    )
    .whose(&person.id, &person.name)
    .about(match &comment {
        Some(comment) => format!("{month}: {comment}"),
        None => month.to_string(),
    });
    repo::write(store, &person.team_id, &state, version, lock, &logged).await?;
    tracing::info!(month = %month, user = %person.id, action = action.as_str(), "timesheet decided");
    let sheet = assemble(store, &person, month, state, now).await?;
    let event = RecordEvent::TimesheetDecided {
        approver: approver.clone(),
        user_id: person.id.clone(),
        month: month.to_string(),
        action,
        comment,
    };
    events::publish(Via::Services(services), event).await;
    Ok(sheet)
}

/// One day of a timesheet as the exports print it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportDay {
    pub date: String,
    /// English short name (`Mon`), as the CSV's machine readers expect.
    pub weekday: String,
    /// `08:00-12:00, 12:45-17:00`.
    pub periods: String,
    pub breaks: String,
    pub rest: i64,
    pub worked: i64,
    pub target: i64,
    pub difference: i64,
    /// The holiday's name, or the leave (`Vacation`, `Vacation (half day)`), or empty.
    pub credit: String,
    /// Whether a period of the day was entered or changed by hand.
    pub manual: bool,
    /// The day's findings (English messages), each note after it in parentheses, joined by `; `.
    pub findings: String,
}

/// The sheet's days as the exports print them.
pub fn export_days(sheet: &Timesheet) -> Vec<ExportDay> {
    sheet
        .days
        .iter()
        .map(|day| {
            let date = day.date.date();
            let periods: Vec<String> = day
                .periods
                .iter()
                .map(|p| format!("{}-{}{}", p.start, p.end, if p.next_day { " (+1)" } else { "" }))
                .chain(day.open.iter().map(|o| format!("{}-", o.start_time)))
                .collect();
            let breaks: Vec<String> = day.breaks.iter().map(|b| format!("{}-{}", b.start_time, b.end_time)).collect();
            let credit = match (&day.credit.holiday, &day.credit.leave) {
                (Some(holiday), _) => holiday.clone(),
                (None, Some(leave)) if leave.half => format!("{} (half day)", leave.leave_type),
                (None, Some(leave)) => leave.leave_type.clone(),
                (None, None) => String::new(),
            };
            let by_hand = |c: &super::model::WorkChange| c.action != ChangeAction::Closed;
            let manual = !day.deleted_changes.is_empty()
                || day.periods.iter().any(|p| p.source == Source::Manual || p.changes.iter().any(by_hand));
            ExportDay {
                date: date.to_string(),
                weekday: date.format("%a").to_string(),
                periods: periods.join(", "),
                breaks: breaks.join(", "),
                rest: day.rest,
                worked: day.worked,
                target: day.target,
                difference: day.difference,
                credit,
                manual,
                findings: findings_text(day),
            }
        })
        .collect()
}

/// A day's findings as one line: each message, its note after it in parentheses, joined by `; `.
pub fn findings_text(day: &WorkDay) -> String {
    day.findings
        .iter()
        .map(|f| match &f.note {
            Some(note) => format!("{} ({})", f.finding.message, note.text),
            None => f.finding.message.clone(),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Minutes as `h:mm` (negative with a sign), as a timesheet prints them.
pub fn hours(minutes: i64) -> String {
    let sign = if minutes < 0 { "-" } else { "" };
    let m = minutes.abs();
    format!("{sign}{}:{:02}", m / 60, m % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_read_only_as_year_and_month() {
        let m = Month::parse("2024-02", "month").unwrap();
        assert_eq!(m.to_string(), "2024-02");
        assert_eq!(m.last(), NaiveDate::from_ymd_opt(2024, 2, 29).unwrap());
        assert_eq!(m.dates().count(), 29);
        for bad in ["2024-2", "2024-13", "24-02", "2024-02-01", "", "abcd-ef", "7270-07", "1899-12", "3000-01"] {
            assert!(Month::parse(bad, "month").is_err(), "{bad}");
        }
    }

    #[test]
    fn hours_keep_their_sign() {
        assert_eq!(hours(0), "0:00");
        assert_eq!(hours(485), "8:05");
        assert_eq!(hours(-30), "-0:30");
    }

    fn a_day(date: NaiveDate, changes: usize) -> WorkDay {
        use super::super::model::{DayCredit, WorkChange, WorkPeriod};
        use bt_core::types::{ClockTime, Day, RecordId};
        let user = UserId::new();
        let change = |action| WorkChange {
            action,
            by: user.clone(),
            by_name: "Ann".into(),
            at: "2025-03-31T08:00:00.000Z".into(),
            note: "n".repeat(500),
            previous: None,
        };
        let mut history: Vec<WorkChange> = (0..changes).map(|_| change(ChangeAction::Edited)).collect();
        history.push(change(ChangeAction::Closed));
        let day = Day::parse(&date.to_string()).unwrap();
        WorkDay {
            date: day,
            periods: vec![WorkPeriod {
                id: RecordId::new(),
                user_id: user.clone(),
                date: day,
                start: ClockTime::parse("08:00").unwrap(),
                end: ClockTime::parse("16:00").unwrap(),
                minutes: 480,
                next_day: false,
                note: String::new(),
                source: Source::Clock,
                auto_closed: false,
                changes: history,
                created_at: String::new(),
                updated_at: String::new(),
            }],
            breaks: Vec::new(),
            open: None,
            worked: 480,
            rest: 0,
            paid_breaks: 0,
            target: 420,
            difference: 60,
            credit: DayCredit { holiday: Some("Holiday".into()), leave: None },
            deleted_changes: Vec::new(),
            findings: vec![DayFinding {
                finding: Finding {
                    rule: super::super::rules::model::RuleKind::Break,
                    when: format!("{date}T16:00"),
                    minutes_missing: 30,
                    message: "Too little break.".into(),
                    law: String::new(),
                },
                note: None,
            }],
        }
    }

    #[test]
    fn approved_figures_come_back_as_they_were_findings_included() {
        let month = Month::parse("2025-03", "m").unwrap();
        let days: Vec<WorkDay> = month.dates().map(|d| a_day(d, 1)).collect();
        let figures = MonthFigures::of(&month, &UserId::new(), &days, "2025-04-01T08:00:00.000Z".into());
        assert_eq!((figures.worked, figures.target, figures.difference), (31 * 480, 31 * 420, 31 * 60));
        let stored: MonthFigures = serde_json::from_value(serde_json::to_value(&figures).unwrap()).unwrap();
        assert_eq!(stored.work_days(), days);
    }

    #[test]
    fn an_extraordinary_month_is_trimmed_below_the_item_limit_and_keeps_its_figures() {
        let month = Month::parse("2025-03", "m").unwrap();
        let days: Vec<WorkDay> = month.dates().map(|d| a_day(d, 30)).collect();
        assert!(serde_json::to_vec(&days).unwrap().len() > MAX_FIGURES_BYTES);
        let figures = MonthFigures::of(&month, &UserId::new(), &days, String::new());
        assert!(serde_json::to_vec(&figures).unwrap().len() <= MAX_FIGURES_BYTES);
        let kept = figures.work_days();
        assert_eq!(totals(&kept), totals(&days));
        // Each period keeps its last change made by hand, so the day stays marked as changed by hand.
        assert!(kept
            .iter()
            .all(|d| d.periods[0].changes.len() == 1 && d.periods[0].changes[0].action == ChangeAction::Edited));
    }

    #[test]
    fn only_an_approved_month_has_a_stamp() {
        let user = UserId::parse("01J0000000000000000000USER").unwrap_or_else(|_| UserId::new());
        let mut state = SheetState::fresh(&Month::parse("2025-03", "m").unwrap(), &user);
        let approved = Entry {
            action: Action::Approved,
            by: user.clone(),
            by_name: "Ada".into(),
            at: "2025-04-02T08:00:00.000Z".into(),
            comment: None,
        };
        state.history.push(approved.clone());
        state.status = Status::Approved;
        assert_eq!(state.approval(), Some(&approved));
        state.status = Status::Open;
        assert_eq!(state.approval(), None);
    }
}
