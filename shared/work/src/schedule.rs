//! Schedules: the team's weekday minutes and paid break types (admins write), and a member's own schedule from a
//! date on (approvers write), which applies to that date and later and never rewrites earlier days.

use chrono::{DateTime, NaiveDate, Utc};

use super::days::{team_schedule, weekdays_on};
use super::lock;
use super::model::{
    MemberSchedule, MemberScheduleInput, MineSchedule, ScheduleEntry, ScheduleInput, TeamSchedule, WorkSchedule,
    DATE_REQUIRED,
};
use super::periods::require_approver;
use super::repo;
use super::repo::lock as lock_repo;
use bt_accounts::audit::{Action, Entry};
use bt_accounts::User;
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::validate::Check;
use bt_records::dates::{self, date_field};
use bt_records::{Owner, CHANGED_MEANWHILE};

pub const BAD_BREAK_TYPES: &str = "Paid break types must be names of at most 100 characters.";

/// The team's schedule, and the owner's own schedule in force today with its history.
pub async fn schedule_of(app: &Services, owner: &Owner, now: DateTime<Utc>) -> AppResult<WorkSchedule> {
    let store = app.table();
    schedule_in(store, owner, now).await
}

/// [`schedule_of`] over the store, for the use cases that take one.
pub(crate) async fn schedule_in(store: &dyn Table, owner: &Owner, now: DateTime<Utc>) -> AppResult<WorkSchedule> {
    let team = team_schedule(store, &owner.team_id).await?;
    let mut mine = repo::member_schedules(store, &owner.user_id).await?;
    mine.sort_by_key(|s| s.from);
    let today = owner.today(now);
    let current = mine.iter().rfind(|s| s.from.date() <= today).map(|s| s.from);
    let weekdays = weekdays_on(&team.weekdays, &mine, &owner.user_id, today);
    Ok(WorkSchedule {
        team,
        mine: MineSchedule { from: current, weekdays },
        history: mine.into_iter().map(|s| ScheduleEntry { from: s.from, weekdays: s.weekdays }).collect(),
    })
}

/// An admin sets the team's schedule.
pub async fn set_team_schedule(
    app: &Services,
    admin: &User,
    input: &ScheduleInput,
    now: DateTime<Utc>,
) -> AppResult<WorkSchedule> {
    let store = app.table();
    admin.require_admin()?;
    let mut check = Check::new();
    let weekdays = super::model::validate_weekdays(&mut check, input.weekdays.as_ref());
    let mut paid: Vec<String> = input
        .paid_break_types
        .clone()
        .unwrap_or_default()
        .into_iter()
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
        .collect();
    check.rule("paidBreakTypes", paid.iter().all(|t| t.chars().count() <= 100), BAD_BREAK_TYPES);
    check.finish()?;
    paid.sort();
    paid.dedup();
    let before = repo::team_schedule(store, &admin.team_id).await?;
    let schedule = TeamSchedule { weekdays, paid_break_types: paid };
    let logged = Entry::by(admin, Action::WorkScheduleChanged, now).change(before.as_ref(), Some(&schedule));
    repo::put_team_schedule(store, &admin.team_id, &schedule, &logged).await?;
    schedule_of(app, &Owner::of(admin), now).await
}

/// An approver sets a member's schedule from a date on (403 for others; a member of another team is 404).
pub async fn set_member_schedule(
    app: &Services,
    approver: &User,
    member_id: &str,
    input: &MemberScheduleInput,
    now: DateTime<Utc>,
) -> AppResult<WorkSchedule> {
    let store = app.table();
    require_approver(approver)?;
    let member = &super::periods::subject_in(store, approver, Some(member_id)).await?;
    let mut check = Check::new();
    let from = date_field(&mut check, "from", input.from.as_deref(), DATE_REQUIRED, dates::INVALID_DATE);
    let weekdays = super::model::validate_weekdays(&mut check, input.weekdays.as_ref());
    check.finish()?;
    let schedule = MemberSchedule { user_id: member.user_id.clone(), from: from.expect("checked"), weekdays };
    let months = months_applied(store, member, schedule.from.date(), now).await?;
    lock::ensure_open(store, &member.user_id, &months).await?;
    let logged = Entry::by(approver, Action::WorkScheduleChanged, now)
        .whose(&member.user_id, &member.name)
        .about(dates::format_date(schedule.from.date()))
        .change(None::<&MemberSchedule>, Some(&schedule));
    let checks = lock_repo::unlocked_all(&member.user_id, &months);
    if !repo::put_member_schedule(store, &member.team_id, &schedule, &logged, checks).await? {
        return Err(lock::explain(store, &member.user_id, &months, AppError::Conflict(CHANGED_MEANWHILE.into())).await);
    }
    schedule_in(store, member, now).await
}

/// The most months a schedule's write checks in its transaction (a transaction holds at most 100 parts).
const MAX_CHECKED_MONTHS: usize = 90;

/// The months (their 1st) whose targets a schedule from `from` sets: from its month until the day before the
/// member's next schedule, and no later than the member's today (a month that has not begun cannot be approved).
async fn months_applied(
    store: &dyn Table,
    member: &Owner,
    from: NaiveDate,
    now: DateTime<Utc>,
) -> AppResult<Vec<NaiveDate>> {
    let later = repo::member_schedules(store, &member.user_id).await?;
    let next = later.iter().map(|s| s.from.date()).filter(|d| *d > from).min();
    let mut to = member.today(now);
    if let Some(next) = next {
        to = to.min(next - chrono::Duration::days(1));
    }
    let mut months = lock::months_of(from, to.max(from));
    months.truncate(MAX_CHECKED_MONTHS);
    Ok(months)
}
