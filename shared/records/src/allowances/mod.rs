//! Yearly leave allowances and balances, counted in working days.
//!
//! A team has leave settings (`TEAM#<teamId>` / `LEAVESETTINGS`): the default yearly allowance, how many unused days
//! may be carried into the next year, whether a balance may go below zero, and its work week. An admin may give a
//! member another allowance for a year (`TEAM#<teamId>` / `ALLOWANCE#<year>#<userId>`, so a year's overrides of the
//! whole team are one Query).
//!
//! A leave's working days are the days of its range on the team's work week, minus the team's holidays; a one-day
//! leave can be a half day (0.5). Balances are counted when they are read, from the leaves themselves: `taken` sums the
//! approved leaves of types that count against the allowance, `pending` the pending ones, each clipped to the year (a
//! leave across the new year counts in both years, each its own days). `carriedOver` is what the previous year left
//! unused, at most the team's cap (the previous year's own carry-over is not carried again). `remaining` is
//! `allowance + carriedOver - taken - pending`: what can still be asked for.

pub mod repo;

use bt_accounts::audit::{self, Action, Entry};
use std::collections::BTreeSet;

use chrono::{DateTime, Datelike, NaiveDate, Utc, Weekday};
use serde::{Deserialize, Serialize};

use super::dates::{format_date, DateRange};
use super::leave_record::repo::LeaveRepo;
use super::leave_record::{self, Leave, LeaveInput, LeaveStatus};
use super::leave_types::{self, LeaveType};
use super::Owner;
use bt_accounts::users::{Role, User};
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::{TeamId, UserId};
use bt_core::validate::Check;
use repo::AllowanceRepo;

/// A half-day leave (kept here too, where balances first named it).
pub use super::leave_record::HalfDay;

pub const DEFAULT_ALLOWANCE: f64 = 25.0;
pub const MAX_ALLOWANCE: f64 = 366.0;
pub const ADMINS_ONLY: &str = "Only admins can change leave settings and allowances.";
pub const APPROVERS_ONLY: &str = "Only admins and HR can view the team's balances.";
pub const BAD_DAYS: &str = "Days must be a number of days from 0 to 366, in half days.";
pub const BAD_WORK_WEEK: &str = "Choose at least one working day (1 is Monday, 7 is Sunday).";
pub const BAD_YEAR: &str = "Year must be between 1900 and 2999.";

/// The team's leave settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LeaveSettings {
    /// Days a year each member may take of the types that count against the allowance.
    pub default_allowance: f64,
    /// At most this many unused days carry into the next year (0: none).
    pub carry_over_cap: f64,
    /// Whether a request may take a balance below zero.
    pub allow_negative: bool,
    /// The working days, ISO numbered: 1 is Monday, 7 is Sunday.
    pub work_week: Vec<u8>,
}

impl Default for LeaveSettings {
    fn default() -> Self {
        LeaveSettings {
            default_allowance: DEFAULT_ALLOWANCE,
            carry_over_cap: 0.0,
            allow_negative: false,
            work_week: vec![1, 2, 3, 4, 5],
        }
    }
}

/// The body of `PUT /leaves/settings`: left-out fields keep their value.
#[derive(Debug, Clone, Default)]
pub struct LeaveSettingsInput {
    pub default_allowance: Option<f64>,
    pub carry_over_cap: Option<f64>,
    pub allow_negative: Option<bool>,
    pub work_week: Option<Vec<u8>>,
}

/// The body of `PUT /admin/allowance/{userId}`.
#[derive(Debug, Clone, Default)]
pub struct AllowanceInput {
    pub year: Option<i32>,
    pub days: Option<f64>,
}

/// A member's allowance for a year, as an admin set it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Allowance {
    pub user_id: UserId,
    pub year: i32,
    pub days: f64,
}

/// A balance of one person and year, in working days.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Balance {
    pub user_id: UserId,
    /// Present in the team's list.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub year: i32,
    pub allowance: f64,
    pub carried_over: f64,
    /// Approved leaves of counting types in the year, the days before today (see `planned`).
    pub taken: f64,
    /// Approved leaves of counting types in the year, from today on: booked, not yet taken.
    pub planned: f64,
    /// Pending requests of counting types in the year.
    pub pending: f64,
    /// `allowance + carriedOver - taken - pending`.
    pub remaining: f64,
}

fn is_half_days(value: f64) -> bool {
    value.is_finite() && (0.0..=MAX_ALLOWANCE).contains(&value) && (value * 2.0).fract() == 0.0
}

fn weekday_number(day: Weekday) -> u8 {
    day.number_from_monday() as u8
}

/// The working days of `[from, to]` within `year` (all of it when None): days on the work week that are not holidays,
/// or half of one for a half-day leave.
pub fn working_days(
    from: NaiveDate,
    to: NaiveDate,
    half_day: Option<HalfDay>,
    work_week: &[u8],
    holidays: &BTreeSet<NaiveDate>,
    year: Option<i32>,
) -> f64 {
    let mut count = 0.0;
    let mut day = from;
    while day <= to {
        let in_year = year.is_none_or(|y| day.year() == y);
        if in_year && work_week.contains(&weekday_number(day.weekday())) && !holidays.contains(&day) {
            count += 1.0;
        }
        day = day.succ_opt().expect("a date before the end of time");
    }
    if half_day.is_some() && from == to {
        count / 2.0
    } else {
        count
    }
}

/// The team's leave settings (the defaults until an admin saves them).
pub async fn team_settings(store: &dyn Table, team_id: &TeamId) -> AppResult<LeaveSettings> {
    Ok(AllowanceRepo::new(store).settings(team_id).await?.unwrap_or_default())
}

/// `GET /leaves/settings`: the viewer's team's settings (see [`team_settings`]).
pub async fn settings_of(app: &Services, team_id: &TeamId) -> AppResult<LeaveSettings> {
    team_settings(app.table(), team_id).await
}

fn admin_only(user: &User) -> AppResult<()> {
    if user.role == Role::Admin {
        Ok(())
    } else {
        Err(AppError::Forbidden(ADMINS_ONLY.into()))
    }
}

impl LeaveSettingsInput {
    /// These changes over the stored settings: a left-out field keeps its value; the work week is kept sorted.
    fn over(&self, old: LeaveSettings) -> LeaveSettings {
        let mut work_week = self.work_week.clone().unwrap_or(old.work_week);
        work_week.sort_unstable();
        work_week.dedup();
        LeaveSettings {
            default_allowance: self.default_allowance.unwrap_or(old.default_allowance),
            carry_over_cap: self.carry_over_cap.unwrap_or(old.carry_over_cap),
            allow_negative: self.allow_negative.unwrap_or(old.allow_negative),
            work_week,
        }
    }
}

/// An admin changes the team's leave settings.
pub async fn set_team_settings(
    app: &Services,
    admin: &User,
    input: &LeaveSettingsInput,
    now: DateTime<Utc>,
) -> AppResult<LeaveSettings> {
    admin_only(admin)?;
    let repo = AllowanceRepo::new(app.table());
    let saved = repo.settings(&admin.team_id).await?;
    let settings = input.over(saved.clone().unwrap_or_default());
    let mut check = Check::new();
    check.rule("defaultAllowance", is_half_days(settings.default_allowance), BAD_DAYS);
    check.rule("carryOverCap", is_half_days(settings.carry_over_cap), BAD_DAYS);
    check.rule(
        "workWeek",
        !settings.work_week.is_empty() && settings.work_week.iter().all(|d| (1..=7).contains(d)),
        BAD_WORK_WEEK,
    );
    check.finish()?;
    let logged = Entry::by(admin, Action::LeaveSettingsChanged, now).change(saved.as_ref(), Some(&settings));
    repo.save_settings_logged(&admin.team_id, &settings, audit::op(&logged)?).await?;
    Ok(settings)
}

/// An admin sets a member's allowance for a year (another team's member is not found).
pub async fn set_allowance(
    app: &Services,
    admin: &User,
    member: &UserId,
    input: &AllowanceInput,
    now: DateTime<Utc>,
) -> AppResult<Allowance> {
    admin_only(admin)?;
    let mut check = Check::new();
    let year = input.year.filter(|y| (1900..=2999).contains(y));
    check.rule("year", year.is_some(), BAD_YEAR);
    let days = input.days.filter(|d| is_half_days(*d));
    check.rule("days", days.is_some(), BAD_DAYS);
    check.finish()?;
    let store = app.table();
    let Some(person) = bt_accounts::teams::find_member(store, &admin.team_id, member).await? else {
        return Err(AppError::NotFound("Member not found.".into()));
    };
    let allowance = Allowance { user_id: member.clone(), year: year.expect("checked"), days: days.expect("checked") };
    let repo = AllowanceRepo::new(store);
    let before = repo.allowance(&admin.team_id, allowance.year, member).await?;
    let logged = Entry::by(admin, Action::AllowanceChanged, now)
        .whose(member, &person.name)
        .about(allowance.year.to_string())
        .change(before.as_ref(), Some(&allowance));
    repo.save_allowance_logged(&admin.team_id, &allowance, audit::op(&logged)?).await?;
    Ok(allowance)
}

/// What a balance is counted from: the team's settings, types and holidays, and the overrides of two years.
pub struct Ledger {
    pub settings: LeaveSettings,
    /// Whether an admin has saved the team's settings (until then, balances are shown but not enforced).
    settings_saved: bool,
    pub types: Vec<LeaveType>,
    pub holidays: BTreeSet<NaiveDate>,
    overrides: Vec<Allowance>,
}

impl Ledger {
    /// The ledger of the years `first..=last` (a balance of a year also reads the year before).
    pub async fn load(
        store: &dyn Table,
        team_id: &TeamId,
        first: i32,
        last: i32,
        types: Vec<LeaveType>,
    ) -> AppResult<Ledger> {
        let repo = AllowanceRepo::new(store);
        let saved = repo.settings(team_id).await?;
        let settings_saved = saved.is_some();
        let settings = saved.unwrap_or_default();
        let mut all = Vec::new();
        for year in first..=last {
            all.extend(repo.overrides(team_id, year).await?);
        }
        let holidays = super::holidays::holiday_dates(store, team_id, first..=last).await?;
        Ok(Ledger { settings, settings_saved, types, holidays, overrides: all })
    }

    fn allowance(&self, user_id: &UserId, year: i32) -> f64 {
        self.overrides
            .iter()
            .find(|a| &a.user_id == user_id && a.year == year)
            .map(|a| a.days)
            .unwrap_or(self.settings.default_allowance)
    }

    /// Whether a request over this person's balance of `year` is refused: the team allows no negative balance, and
    /// its admins have set allowances up (saved the settings, or given this person an allowance for the year). A
    /// team that never did is not stopped by a default it did not choose.
    pub fn enforces(&self, user_id: &UserId, year: i32) -> bool {
        !self.settings.allow_negative
            && (self.settings_saved || self.overrides.iter().any(|a| &a.user_id == user_id && a.year == year))
    }

    fn counts(&self, leave: &Leave) -> bool {
        self.types.iter().find(|t| t.id == leave.type_id).is_none_or(|t| t.counts_against_allowance)
    }

    /// The working days of a leave within `year` on this team's calendar.
    pub fn days_of(&self, leave: &Leave, year: Option<i32>) -> f64 {
        let (from, to) = (leave.from_date.date(), leave.to_date.date());
        working_days(from, to, leave.half_day, &self.settings.work_week, &self.holidays, year)
    }

    /// From 0.0: `Iterator::sum` of no floats is -0.0, which JSON would show as `-0.0`.
    fn sum(&self, leaves: &[Leave], year: i32, status: LeaveStatus) -> f64 {
        leaves
            .iter()
            .filter(|l| l.status == status && self.counts(l))
            .map(|l| self.days_of(l, Some(year)))
            .fold(0.0, |a, b| a + b)
    }

    /// The balance of one person from their leaves (those of `year` and the year before, at least).
    pub fn balance(&self, user_id: &UserId, year: i32, leaves: &[Leave]) -> Balance {
        let allowance = self.allowance(user_id, year);
        let unused_before = self.allowance(user_id, year - 1) - self.sum(leaves, year - 1, LeaveStatus::Approved);
        let carried_over = unused_before.clamp(0.0, self.settings.carry_over_cap);
        let taken = self.sum(leaves, year, LeaveStatus::Approved);
        let pending = self.sum(leaves, year, LeaveStatus::Pending);
        Balance {
            user_id: user_id.clone(),
            name: None,
            year,
            allowance,
            carried_over,
            taken,
            planned: 0.0,
            pending,
            remaining: allowance + carried_over - taken - pending,
        }
    }

    /// [`Ledger::balance`] with the approved days split at `today`: before it taken, from it on planned.
    pub fn balance_on(&self, user_id: &UserId, year: i32, leaves: &[Leave], today: NaiveDate) -> Balance {
        let balance = self.balance(user_id, year, leaves);
        let planned = leaves
            .iter()
            .filter(|l| l.status == LeaveStatus::Approved && self.counts(l))
            .filter_map(|l| {
                let from = l.from_date.date().max(today);
                let to = l.to_date.date();
                (from <= to).then(|| {
                    // A half day counts as a half wherever it falls; a leave cut at today is whole days.
                    let half = if from == to && l.from_date.date() == to { l.half_day } else { None };
                    working_days(from, to, half, &self.settings.work_week, &self.holidays, Some(year))
                })
            })
            .fold(0.0, |a, b| a + b);
        Balance { taken: balance.taken - planned, planned, ..balance }
    }
}

/// The signed-in user's balance of a year (this year in their zone when None).
pub async fn my_balance(store: &dyn Table, owner: &Owner, year: Option<i32>, now: DateTime<Utc>) -> AppResult<Balance> {
    let year = check_year(year, owner.today(now).year())?;
    let types = leave_types::team_leave_types(store, &owner.team_id, now).await?;
    let ledger = Ledger::load(store, &owner.team_id, year - 1, year, types).await?;
    let range = balance_range(year);
    let leaves = LeaveRepo::new(store).overlapping(&owner.user_id, range.from, range.to).await?;
    Ok(ledger.balance_on(&owner.user_id, year, &leaves, owner.today(now)))
}

/// `GET /leaves/balance`: the signed-in user's balance (see [`my_balance`]).
pub async fn balance_of(app: &Services, owner: &Owner, year: Option<i32>, now: DateTime<Utc>) -> AppResult<Balance> {
    my_balance(app.table(), owner, year, now).await
}

/// Every member's balance of a year, by name (admins and HR): the members, the team's leaves and the overrides, a
/// few Queries whatever the team size.
pub async fn team_balances(
    app: &Services,
    viewer: &User,
    year: Option<i32>,
    now: DateTime<Utc>,
) -> AppResult<Vec<Balance>> {
    if !viewer.role.sees_reports() {
        return Err(AppError::Forbidden(APPROVERS_ONLY.into()));
    }
    let store = app.table();
    let today = super::dates::today(viewer.tz(), now);
    let year = check_year(year, today.year())?;
    let team_id = &viewer.team_id;
    let types = leave_types::team_leave_types(store, team_id, now).await?;
    let ledger = Ledger::load(store, team_id, year - 1, year, types).await?;
    let leaves = LeaveRepo::new(store).team_in(team_id, balance_range(year)).await?;
    let mut members = bt_accounts::teams::team_members(store, team_id).await?;
    members.sort_by(|a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase()).then(a.user_id.cmp(&b.user_id)));
    Ok(members
        .into_iter()
        .map(|m| {
            let theirs: Vec<Leave> = leaves.iter().filter(|l| l.user_id == m.user_id).cloned().collect();
            Balance { name: Some(m.name.clone()), ..ledger.balance_on(&m.user_id, year, &theirs, today) }
        })
        .collect())
}

/// The query of `GET /leaves/preview`: a leave as the dialog holds it before it is sent.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PreviewQuery {
    pub from_date: Option<String>,
    pub to_date: Option<String>,
    pub half_day: Option<String>,
    pub type_id: Option<String>,
    /// The id of the leave being edited (its own days are not counted twice).
    pub exclude: Option<String>,
}

/// What a leave would count, shown in the dialog before it is sent.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LeavePreview {
    /// Working days the leave takes.
    pub working_days: f64,
    /// Whether its type counts against the allowance.
    pub counts_against_allowance: bool,
    /// The year of its first day.
    pub year: i32,
    /// The balance of that year after it (counting it), when its type counts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remaining_after: Option<f64>,
    /// What happens when this person sends it: approved at once (and why), or a request an admin or HR decides.
    pub approval: Approval,
}

/// What sending a leave leads to, for the person who sends it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Approval {
    /// Its type needs no approval: approved at once.
    NoApprovalNeeded,
    /// The type needs approval, but nobody else in the team (no other admin or HR) can give it: approved at once.
    OnlyApprover,
    /// A request: an admin or HR of the team approves or declines it.
    WaitsForApprover,
}

pub async fn preview(app: &Services, owner: &Owner, q: &PreviewQuery, now: DateTime<Utc>) -> AppResult<LeavePreview> {
    let store = app.table();
    let input = LeaveInput {
        from_date: q.from_date.clone(),
        to_date: q.to_date.clone(),
        reason: Some("preview".into()),
        type_id: q.type_id.clone(),
        half_day: q.half_day.clone(),
    };
    let v = leave_record::validate_leave(&input)?;
    let (from, to) = (v.from_date.date(), v.to_date.date());
    let types = leave_types::team_leave_types(store, &owner.team_id, now).await?;
    let current = q.exclude.as_deref().and_then(|id| bt_core::types::RecordId::parse(id).ok());
    let leave_type = leave_types::pick_type(types.clone(), q.type_id.as_deref(), None)?;
    let ledger = Ledger::load(store, &owner.team_id, from.year() - 1, to.year(), types).await?;
    let year = from.year();
    let working_days = working_days(from, to, v.half_day, &ledger.settings.work_week, &ledger.holidays, None);
    let remaining_after = if leave_type.counts_against_allowance {
        let range = balance_range(year);
        let mut theirs = LeaveRepo::new(store).overlapping(&owner.user_id, range.from, range.to).await?;
        theirs.retain(|l| Some(&l.id) != current.as_ref());
        let in_year = working_days_in(from, to, v.half_day, &ledger, year);
        Some(ledger.balance(&owner.user_id, year, &theirs).remaining - in_year)
    } else {
        None
    };
    let approval = if !leave_type.needs_approval {
        Approval::NoApprovalNeeded
    } else if leave_record::initial_status(store, owner, &leave_type).await? == LeaveStatus::Approved {
        Approval::OnlyApprover
    } else {
        Approval::WaitsForApprover
    };
    Ok(LeavePreview {
        working_days,
        counts_against_allowance: leave_type.counts_against_allowance,
        year,
        remaining_after,
        approval,
    })
}

fn working_days_in(from: NaiveDate, to: NaiveDate, half_day: Option<HalfDay>, ledger: &Ledger, year: i32) -> f64 {
    working_days(from, to, half_day, &ledger.settings.work_week, &ledger.holidays, Some(year))
}

/// The first and last day of the year before `year` and of `year`: the range whose leaves a balance reads.
pub fn balance_range(year: i32) -> DateRange {
    DateRange {
        from: NaiveDate::from_ymd_opt(year - 1, 1, 1).expect("a valid year"),
        to: NaiveDate::from_ymd_opt(year, 12, 31).expect("a valid year"),
    }
}

pub fn check_year(year: Option<i32>, default: i32) -> AppResult<i32> {
    match year {
        None => Ok(default),
        Some(y) if (1900..=2999).contains(&y) => Ok(y),
        Some(_) => Err(AppError::field("year", BAD_YEAR)),
    }
}

/// A leave's days as a short phrase, for messages.
pub fn show_days(days: f64) -> String {
    let text = day_number(days);
    if days == 1.0 {
        format!("{text} working day")
    } else {
        format!("{text} working days")
    }
}

/// A number of days as the product shows it: "3", "2.5".
pub fn day_number(days: f64) -> String {
    if days.fract() == 0.0 {
        format!("{days:.0}")
    } else {
        format!("{days:.1}")
    }
}

/// `YYYY-01-01`.
pub fn year_start(year: i32) -> String {
    format_date(NaiveDate::from_ymd_opt(year, 1, 1).expect("a valid year"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    const WEEK: [u8; 5] = [1, 2, 3, 4, 5];

    #[test]
    fn weekends_holidays_and_half_days() {
        let none = BTreeSet::new();
        // Monday 2024-05-06 to Sunday 2024-05-12.
        assert_eq!(working_days(d("2024-05-06"), d("2024-05-12"), None, &WEEK, &none, None), 5.0);
        assert_eq!(working_days(d("2024-05-11"), d("2024-05-12"), None, &WEEK, &none, None), 0.0);
        let holiday = BTreeSet::from([d("2024-05-09")]);
        assert_eq!(working_days(d("2024-05-06"), d("2024-05-12"), None, &WEEK, &holiday, None), 4.0);
        assert_eq!(working_days(d("2024-05-07"), d("2024-05-07"), Some(HalfDay::Am), &WEEK, &none, None), 0.5);
        // A four-day week (Monday to Thursday).
        assert_eq!(working_days(d("2024-05-06"), d("2024-05-12"), None, &[1, 2, 3, 4], &none, None), 4.0);
    }

    #[test]
    fn a_leave_across_the_new_year_counts_in_each_year() {
        let none = BTreeSet::new();
        // Monday 2024-12-30 to Friday 2025-01-03: 2 days in 2024, 3 in 2025.
        let (from, to) = (d("2024-12-30"), d("2025-01-03"));
        assert_eq!(working_days(from, to, None, &WEEK, &none, Some(2024)), 2.0);
        assert_eq!(working_days(from, to, None, &WEEK, &none, Some(2025)), 3.0);
        assert_eq!(working_days(from, to, None, &WEEK, &none, None), 5.0);
    }

    #[test]
    fn days_are_half_days_in_range() {
        assert!(is_half_days(0.0) && is_half_days(12.5) && is_half_days(366.0));
        assert!(!is_half_days(-1.0) && !is_half_days(1.25) && !is_half_days(f64::NAN) && !is_half_days(367.0));
    }
}
