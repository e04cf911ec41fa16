//! Days of working time: a person's (`days`) or a whole team's (`team_days`) over a range, each with its periods,
//! breaks, net time, target and credit. Reads are a fixed number of Queries per range, whatever its length or the
//! team's size: periods, deleted periods, breaks, leaves, holidays, schedules, the open periods, the start dates
//! (a team's also reads the profile of a member who joined within the range, for their zone; see [`super::start`]).

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Duration, NaiveDate, Utc};

use super::compute::{self, Credit, MemberWeekdays, Weekdays};
use super::model::{
    break_span, DayCredit, LeaveCredit, MemberDay, MemberSchedule, OpenWork, OpenWorkItem, SummaryDay, TeamSchedule,
    WorkDay, WorkPeriod, WorkSummary,
};
use super::open;
use super::repo;
use super::start;
use bt_accounts::teams;
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::{RecordId, TeamId, UserId};
use bt_records::allowances;
use bt_records::breaks::{self, Break};
use bt_records::dates::{computed_day, DateRange};
use bt_records::holidays;
use bt_records::leave_types;
use bt_records::leaves::{self, Leave, LeaveStatus};
use bt_records::Owner;

/// The longest range a summary reads.
pub const MAX_SUMMARY_DAYS: i64 = 366;
pub const RANGE_TOO_LONG: &str = "The range cannot be longer than 366 days.";

/// The team's schedule as saved, or the default: 480 minutes on each day of the leave settings' work week.
pub async fn team_schedule(store: &dyn Table, team_id: &TeamId) -> AppResult<TeamSchedule> {
    if let Some(saved) = repo::team_schedule(store, team_id).await? {
        return Ok(saved);
    }
    let settings = allowances::team_settings(store, team_id).await?;
    Ok(TeamSchedule { weekdays: compute::default_weekdays(&settings.work_week), paid_break_types: Vec::new() })
}

/// What the days of a range are computed against: the team's schedule, holidays and leave types.
struct Calendar {
    team: TeamSchedule,
    holidays: HashMap<NaiveDate, String>,
    leave_types: HashMap<RecordId, String>,
}

impl Calendar {
    async fn load(store: &dyn Table, team_id: &TeamId, range: DateRange) -> AppResult<Calendar> {
        let team = team_schedule(store, team_id).await?;
        let holidays = holidays::holidays_between(store, team_id, range.from, range.to)
            .await?
            .into_iter()
            .map(|h| (h.date.date(), h.name))
            .collect();
        let leave_types = leave_types::team_leave_types(store, team_id, Utc::now())
            .await?
            .into_iter()
            .map(|t| (t.id, t.name))
            .collect();
        Ok(Calendar { team, holidays, leave_types })
    }

    fn credit(&self, date: NaiveDate, leaves: &[&Leave]) -> DayCredit {
        let holiday = self.holidays.get(&date).cloned();
        let leave =
            leaves.iter().find(|l| l.from_date.date() <= date && date <= l.to_date.date()).map(|l| LeaveCredit {
                leave_type: self.leave_types.get(&l.type_id).cloned().unwrap_or_else(|| "Leave".into()),
                half: l.half_day.is_some(),
            });
        DayCredit { holiday, leave }
    }
}

/// One person's material for a range.
struct Material<'a> {
    periods: Vec<&'a WorkPeriod>,
    deleted: Vec<&'a WorkPeriod>,
    breaks: Vec<&'a Break>,
    leaves: Vec<&'a Leave>,
    schedules: Vec<MemberWeekdays>,
    open: Option<&'a OpenWorkItem>,
    /// The first day with a target ([`start::first_target_day`]); the days before it have none.
    start: Option<NaiveDate>,
}

fn build_days(cal: &Calendar, m: &Material<'_>, range: DateRange, now: DateTime<Utc>) -> AppResult<Vec<WorkDay>> {
    let mut periods_by_day: BTreeMap<NaiveDate, Vec<&WorkPeriod>> = BTreeMap::new();
    for p in &m.periods {
        periods_by_day.entry(p.date.date()).or_default().push(p);
    }
    let mut breaks_by_day: BTreeMap<NaiveDate, Vec<&Break>> = BTreeMap::new();
    for b in &m.breaks {
        breaks_by_day.entry(b.created_date.date()).or_default().push(b);
    }
    let mut deleted_by_day: BTreeMap<NaiveDate, Vec<&WorkPeriod>> = BTreeMap::new();
    for p in &m.deleted {
        deleted_by_day.entry(p.date.date()).or_default().push(p);
    }
    let open_span = match m.open {
        Some(o) => Some((o, o.span_until(now)?)),
        None => None,
    };
    let mut out = Vec::with_capacity(range.days() as usize);
    let mut date = range.from;
    while date <= range.to {
        let periods: Vec<WorkPeriod> =
            periods_by_day.get(&date).map(|v| v.iter().map(|p| (*p).clone()).collect()).unwrap_or_default();
        let mut spans: Vec<_> = periods.iter().map(WorkPeriod::span).collect();
        let open_today = open_span.as_ref().filter(|(_, s)| s.date == date);
        if let Some((_, span)) = open_today {
            spans.push(span.clone());
        }
        let near: Vec<_> = [date.pred_opt(), Some(date), date.succ_opt()]
            .into_iter()
            .flatten()
            .filter_map(|d| breaks_by_day.get(&d))
            .flatten()
            .map(|b| break_span(b))
            .collect();
        let time = compute::day_time(&spans, &near, &cal.team.paid_break_types);
        let credit = cal.credit(date, &m.leaves);
        let scheduled = compute::scheduled(date, &cal.team.weekdays, &m.schedules);
        let scheduled = if start::has_target(m.start, date) { scheduled } else { 0 };
        let target = compute::target_after(
            scheduled,
            &Credit {
                holiday: credit.holiday.clone(),
                leave: credit.leave.as_ref().map(|l| (l.leave_type.clone(), l.half)),
            },
        );
        let open = open_today.map(|(o, _)| OpenWork {
            since: o.since.clone(),
            date: o.date,
            start_time: o.start_time,
            time_zone: o.time_zone.clone(),
            worked_minutes: time.worked,
        });
        let mut deleted_changes: Vec<_> = deleted_by_day
            .get(&date)
            .map(|v| v.iter().flat_map(|p| p.changes.iter().cloned()).collect())
            .unwrap_or_default();
        deleted_changes.sort_by(|a, b| a.at.cmp(&b.at));
        out.push(WorkDay {
            date: computed_day(date)?,
            periods,
            breaks: breaks_by_day.get(&date).map(|v| v.iter().map(|b| (*b).clone()).collect()).unwrap_or_default(),
            open,
            worked: time.worked,
            rest: time.rest,
            paid_breaks: time.paid_breaks,
            target,
            difference: time.worked - target,
            credit,
            deleted_changes,
            findings: Vec::new(),
        });
        date = date.succ_opt().ok_or_else(|| AppError::Internal(anyhow::anyhow!("date out of range")))?;
    }
    Ok(out)
}

fn weekdays_of(schedules: &[MemberSchedule], user_id: &UserId) -> Vec<MemberWeekdays> {
    schedules
        .iter()
        .filter(|s| &s.user_id == user_id)
        .map(|s| MemberWeekdays { from: s.from.date(), weekdays: s.weekdays })
        .collect()
}

/// The breaks that may touch a range's periods: from the range's first day to the day after its last (a night
/// shift's breaks are dated the next day).
fn break_range(range: DateRange) -> DateRange {
    DateRange { from: range.from, to: range.to + Duration::days(1) }
}

/// A person's days from `from` to `to` (both included), each with its periods, breaks, net time and target.
pub async fn days(store: &dyn Table, owner: &Owner, from: NaiveDate, to: NaiveDate) -> AppResult<Vec<WorkDay>> {
    days_at(store, owner, from, to, Utc::now()).await
}

/// [`days`] at a given instant: an open period older than 16 hours is closed first; an open one counts up to `now`.
pub async fn days_at(
    store: &dyn Table,
    owner: &Owner,
    from: NaiveDate,
    to: NaiveDate,
    now: DateTime<Utc>,
) -> AppResult<Vec<WorkDay>> {
    let range = DateRange { from, to };
    let open = open::settle(store, owner, now).await?;
    let cal = Calendar::load(store, &owner.team_id, range).await?;
    let periods = repo::periods_of(store, &owner.user_id, range).await?;
    let deleted = repo::deleted_of(store, &owner.user_id, range).await?;
    let all_breaks = breaks::breaks_in(store, &owner.user_id, break_range(range)).await?;
    let leaves: Vec<Leave> = leaves::leaves_in(store, &owner.user_id, range)
        .await?
        .into_iter()
        .filter(|l| l.status == LeaveStatus::Approved)
        .collect();
    let schedules = repo::member_schedules(store, &owner.user_id).await?;
    let material = Material {
        periods: periods.iter().collect(),
        deleted: deleted.iter().collect(),
        breaks: all_breaks.iter().collect(),
        leaves: leaves.iter().collect(),
        schedules: weekdays_of(&schedules, &owner.user_id),
        open: open.as_ref(),
        start: start::start_of(store, owner).await?,
    };
    let mut out = build_days(&cal, &material, range, now)?;
    // The breaks of the day after the range counted for a night shift; they are not shown on a day of the range.
    for d in &mut out {
        d.breaks.retain(|b| b.created_date == d.date);
    }
    Ok(out)
}

/// Every member's days of a team over a range (the team report and the timesheets overview): one Query each for the
/// periods, deleted periods, breaks, leaves, member schedules, members and open periods, however many members.
pub async fn team_days(
    store: &dyn Table,
    team_id: &TeamId,
    from: NaiveDate,
    to: NaiveDate,
) -> AppResult<Vec<MemberDay>> {
    team_days_at(store, team_id, from, to, Utc::now()).await
}

pub async fn team_days_at(
    store: &dyn Table,
    team_id: &TeamId,
    from: NaiveDate,
    to: NaiveDate,
    now: DateTime<Utc>,
) -> AppResult<Vec<MemberDay>> {
    let range = DateRange { from, to };
    let cal = Calendar::load(store, team_id, range).await?;
    let members = teams::team_members(store, team_id).await?;
    let periods = repo::team_periods(store, team_id, range).await?;
    let deleted = repo::team_deleted(store, team_id, range).await?;
    let breaks = breaks::team_breaks_in(store, team_id, break_range(range)).await?;
    let leaves = leaves::team_leaves_in(store, team_id, range).await?;
    let schedules = repo::team_member_schedules(store, team_id).await?;
    let working = repo::team_working(store, team_id).await?;
    let starts = start::team_starts(store, team_id, &members, range.from).await?;
    let mut out = Vec::with_capacity(members.len() * range.days() as usize);
    for member in &members {
        let uid = &member.user_id;
        let material = Material {
            periods: periods.iter().filter(|p| &p.user_id == uid).collect(),
            deleted: deleted.iter().filter(|p| &p.user_id == uid).collect(),
            breaks: breaks.iter().filter(|b| &b.user_id == uid).collect(),
            leaves: leaves.iter().filter(|l| &l.user_id == uid).collect(),
            schedules: weekdays_of(&schedules, uid),
            open: working.iter().find(|o| &o.user_id == uid),
            start: starts.get(uid).copied(),
        };
        for mut day in build_days(&cal, &material, range, now)? {
            day.breaks.retain(|b| b.created_date == day.date);
            out.push(MemberDay { user_id: uid.clone(), name: member.name.clone(), day });
        }
    }
    Ok(out)
}

/// Per day and totals over a range of at most [`MAX_SUMMARY_DAYS`].
pub async fn summary(app: &Services, owner: &Owner, range: DateRange, now: DateTime<Utc>) -> AppResult<WorkSummary> {
    let store = app.table();
    if range.days() > MAX_SUMMARY_DAYS {
        return Err(AppError::field("to", RANGE_TOO_LONG));
    }
    let days = days_at(store, owner, range.from, range.to, now).await?;
    let days: Vec<SummaryDay> = days.iter().map(SummaryDay::from).collect();
    let totals = compute::Totals::sum(days.iter().map(|d| compute::Totals::of_day(d.worked, d.target)));
    Ok(WorkSummary {
        from: computed_day(range.from)?,
        to: computed_day(range.to)?,
        days,
        worked: totals.worked,
        target: totals.target,
        difference: totals.difference,
    })
}

/// The weekday minutes of a member on a date (for schedule answers).
pub fn weekdays_on(team: &Weekdays, schedules: &[MemberSchedule], user_id: &UserId, date: NaiveDate) -> Weekdays {
    let mine = weekdays_of(schedules, user_id);
    mine.iter().filter(|m| m.from <= date).max_by_key(|m| m.from).map(|m| m.weekdays).unwrap_or(*team)
}
