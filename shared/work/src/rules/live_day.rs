//! The live guard: a person's day so far, read for the engine (`DayInput`), and what it answers while they work
//! (`GET /work/current`, `POST /work/start`: [`LiveGuard`]), when they clock out (`POST /work/end`: [`DaySummary`]),
//! to the notifications layer (what falls due next: [`at_work`]) and to presence (who has a break due:
//! [`team_breaks_due`]).
//!
//! Every rule only warns: a start after a short rest is recorded all the same; the guard only says so.
//!
//! Reads for one person: the rule set, the open period and the live break (gets), the periods of the week up to the
//! day (one Query: the day's and the previous working day's end), the breaks around the day (one Query), the team's
//! schedule (its paid break types). For a team: the same, with the team's Queries instead of the person's.

use std::collections::HashSet;

use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, Utc};
use chrono_tz::Tz;
use serde::Serialize;

use super::engine::{self, DayInput, Live, Stage};
use super::model::{Finding, RuleSet};
use super::settings::team_rules;
use crate::compute::{self, BreakSpan, PeriodSpan};
use crate::model::{break_span, OpenWork, OpenWorkItem, WorkPeriod};
use crate::{open, repo};
use bt_core::error::AppResult;
use bt_core::i18n::{english, tr, translate, Language};
use bt_core::store::Table;
use bt_core::types::{TeamId, UserId};
use bt_records::breaks::{self, Break};
use bt_records::dates::DateRange;
use bt_records::{timestamp, Owner};

/// How far back the previous working day's end is looked for: a rest is never short after a week off.
const LOOK_BACK_DAYS: i64 = 7;

/// `LiveGuard` of the contract: what the rules say of a person at work now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LiveGuard {
    /// A threshold or the longest stretch passed without the break it asks for (false on a live break).
    pub break_due: bool,
    /// When the next break falls due if work goes on without one (RFC 3339 UTC).
    pub next_break_at: Option<String>,
    /// Minutes of break due then (0 when none is ahead).
    pub next_break_minutes: i64,
    /// When the day's maximum is reached if work goes on (RFC 3339 UTC).
    pub daily_max_at: Option<String>,
    /// The day started before the daily rest since the previous working day was over.
    pub rest: Option<RestNotice>,
}

/// `RestNotice` of the contract.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RestNotice {
    /// The end of the previous working day (RFC 3339 UTC).
    pub since: String,
    /// When the required rest is over (RFC 3339 UTC).
    pub ends_at: String,
    pub required_minutes: i64,
    /// The rest taken before the day's start.
    pub rest_minutes: i64,
    /// In the caller's language.
    pub message: String,
}

/// `DaySummary` of the contract: the day's net time, its qualifying breaks and findings, when clocking out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DaySummary {
    pub worked: i64,
    /// Qualifying break minutes (blocks the rule set counts).
    pub breaks: i64,
    /// The day's findings, messages in the caller's language.
    pub findings: Vec<Finding>,
    pub message: String,
}

/// The open period with the guard (`GET /work/current`, `POST /work/start`); no guard for a team without rules.
#[derive(Debug, Clone, PartialEq)]
pub struct CurrentWork {
    pub open: OpenWork,
    pub guard: Option<LiveGuard>,
}

/// The period clocked out, with the day's summary (`POST /work/end`); none for a team without rules.
#[derive(Debug, Clone, PartialEq)]
pub struct EndedWork {
    pub period: WorkPeriod,
    pub summary: Option<DaySummary>,
}

/// A person on the clock under a rule set, as the guard's messages need it.
#[derive(Debug, Clone)]
pub struct AtWork {
    pub open: OpenWorkItem,
    /// On a live break now (nothing is due while it lasts: the guard re-plans when it ends).
    pub on_break: bool,
    pub rules: RuleSet,
    pub live: Live,
    pub tz: Tz,
}

impl AtWork {
    /// The instant a local time of the person's day names.
    pub fn instant(&self, local: NaiveDateTime) -> DateTime<Utc> {
        to_utc(self.tz, local)
    }
}

// ---- the day as the engine reads it ---------------------------------------------------------------------------

/// One person's material of a day, owned (the engine's input borrows it).
struct Day {
    date: NaiveDate,
    periods: Vec<PeriodSpan>,
    breaks: Vec<BreakSpan>,
    paid: Vec<String>,
    previous_end: Option<NaiveDateTime>,
    tz: Tz,
}

impl Day {
    /// `periods` may hold any of the person's periods of the week up to `date` (earlier ones give the previous
    /// working day's end), `breaks` any of their breaks; `open` counts up to `now` when it starts on `date`.
    fn of(
        date: NaiveDate,
        periods: &[&WorkPeriod],
        breaks: &[&Break],
        open: Option<&OpenWorkItem>,
        paid: &[String],
        tz: Tz,
        now: DateTime<Utc>,
    ) -> AppResult<Day> {
        let mut spans: Vec<PeriodSpan> = periods.iter().filter(|p| p.date.date() == date).map(|p| p.span()).collect();
        if let Some(open) = open {
            let span = open.span_until(now)?;
            if span.date == date {
                spans.push(span);
            }
        }
        let previous_end = periods.iter().filter(|p| p.date.date() < date).map(|p| local_end(&p.span())).max();
        let near = [date.pred_opt(), Some(date), date.succ_opt()];
        let breaks =
            breaks.iter().filter(|b| near.contains(&Some(b.created_date.date()))).map(|b| break_span(b)).collect();
        Ok(Day { date, periods: spans, breaks, paid: paid.to_vec(), previous_end, tz })
    }

    fn input(&self) -> DayInput<'_> {
        DayInput {
            date: self.date,
            periods: &self.periods,
            breaks: &self.breaks,
            paid_types: &self.paid,
            previous_end: self.previous_end,
            tz: self.tz,
        }
    }

    /// The day's net time: its periods (the open one up to now) less the breaks that count as rest.
    fn worked(&self) -> i64 {
        compute::day_time(&self.periods, &self.breaks, &self.paid).worked
    }

    /// The day's first start (local).
    fn first_start(&self) -> Option<NaiveDateTime> {
        self.periods.iter().map(|s| NaiveDateTime::new(s.date, s.start)).min()
    }
}

fn local_end(span: &PeriodSpan) -> NaiveDateTime {
    let (start, end) = span.interval();
    NaiveDateTime::new(span.date, span.start) + Duration::minutes(end - start)
}

/// The instant a local date and time names in `tz` (`dates::local_instant`, the one reminders use).
fn to_utc(tz: Tz, local: NaiveDateTime) -> DateTime<Utc> {
    bt_records::dates::local_instant(tz, local.date(), local.time())
}

/// The break types the team counts as working time (none until its schedule is saved: the default has none).
async fn paid_types(store: &dyn Table, team_id: &TeamId) -> AppResult<Vec<String>> {
    Ok(repo::team_schedule(store, team_id).await?.map(|s| s.paid_break_types).unwrap_or_default())
}

/// A person's material of `date`: their periods of the week up to it, their breaks around it.
async fn read_day(
    store: &dyn Table,
    owner: &Owner,
    date: NaiveDate,
    open: Option<&OpenWorkItem>,
    now: DateTime<Utc>,
) -> AppResult<Day> {
    let periods =
        repo::periods_of(store, &owner.user_id, DateRange { from: date - Duration::days(LOOK_BACK_DAYS), to: date })
            .await?;
    let around = DateRange { from: date - Duration::days(1), to: date + Duration::days(1) };
    let breaks = breaks::breaks_in(store, &owner.user_id, around).await?;
    let paid = paid_types(store, &owner.team_id).await?;
    Day::of(date, &periods.iter().collect::<Vec<_>>(), &breaks.iter().collect::<Vec<_>>(), open, &paid, owner.tz, now)
}

// ---- what the routes answer -----------------------------------------------------------------------------------

/// The guard of a day under way at `now`.
fn guard_of(rules: &RuleSet, day: &Day, live: &Live, on_break: bool, language: Language) -> LiveGuard {
    let next_break = live
        .upcoming
        .iter()
        .filter(|u| !u.overdue && matches!(u.stage, Stage::Break(_) | Stage::Continuous))
        .min_by_key(|u| u.due);
    let daily_max = live.upcoming.iter().find(|u| u.stage == Stage::DailyMax);
    LiveGuard {
        break_due: live.break_due && !on_break,
        next_break_at: next_break.map(|u| timestamp(to_utc(day.tz, u.due))),
        next_break_minutes: next_break.map(|u| u.break_minutes).unwrap_or(0),
        daily_max_at: daily_max.map(|u| timestamp(to_utc(day.tz, u.due))),
        rest: rest_notice(rules, day, language),
    }
}

/// The rest notice of a day whose first start came before the daily rest was over.
fn rest_notice(rules: &RuleSet, day: &Day, language: Language) -> Option<RestNotice> {
    let (previous_end, start) = (day.previous_end?, day.first_start()?);
    let (taken, required) = engine::short_rest(rules, previous_end, start, day.tz)?;
    let since = to_utc(day.tz, previous_end);
    let ends_at = since + Duration::minutes(required);
    let values = [
        ("hours", engine::hours(required)),
        ("time", previous_end.format("%H:%M").to_string()),
        ("date", previous_end.date().to_string()),
        ("end", ends_at.with_timezone(&day.tz).format("%H:%M").to_string()),
    ];
    let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let template = match previous_end.date() {
        d if d == start.date() => english("Your {hours}-hour rest since {time} today ends at {end}"),
        d if Some(d) == start.date().pred_opt() => {
            english("Your {hours}-hour rest since {time} yesterday ends at {end}")
        }
        _ => english("Your {hours}-hour rest since {time} on {date} ends at {end}"),
    };
    Some(RestNotice {
        since: timestamp(since),
        ends_at: timestamp(ends_at),
        required_minutes: required,
        rest_minutes: taken,
        message: tr(language, template, &values),
    })
}

/// The person on the clock at `now` under the team's rules: None when they are not clocked in or the team has no
/// rules. (An open period past 16 hours is closed first, as every read of it does.)
pub async fn at_work(store: &dyn Table, owner: &Owner, now: DateTime<Utc>) -> AppResult<Option<AtWork>> {
    let rules = team_rules(store, &owner.team_id).await?;
    if !rules.is_active() {
        return Ok(None);
    }
    let Some(open) = open::settle(store, owner, now).await? else { return Ok(None) };
    let on_break = breaks::repo::BreakRepo::new(store).open_break(&owner.user_id).await?.is_some();
    let day = read_day(store, owner, open.date.date(), Some(&open), now).await?;
    let live = engine::live(&rules, &day.input(), owner.local_now(now));
    Ok(Some(AtWork { open, on_break, rules, live, tz: owner.tz }))
}

/// The net time so far of an open period's day and the guard of the team's rules (None without rules), from one read
/// of the day: the rule set (a get) and, under rules, the live break (a get); the periods of the day, under rules
/// with the week before it (the previous working day's end), and the breaks from the day (under rules the day
/// before) to the day after (one Query each); the team's paid break types (a get). The routes' entry points are
/// `live::start_with_guard` and `live::current_with_guard`.
pub(crate) async fn open_day(
    store: &dyn Table,
    owner: &Owner,
    open: &OpenWorkItem,
    language: Language,
    now: DateTime<Utc>,
) -> AppResult<(i64, Option<LiveGuard>)> {
    let rules = team_rules(store, &owner.team_id).await?;
    let active = rules.is_active();
    let on_break = active && breaks::repo::BreakRepo::new(store).open_break(&owner.user_id).await?.is_some();
    let date = open.date.date();
    let (look_back, breaks_before) = if active { (LOOK_BACK_DAYS, 1) } else { (0, 0) };
    let periods =
        repo::periods_of(store, &owner.user_id, DateRange { from: date - Duration::days(look_back), to: date }).await?;
    let around = DateRange { from: date - Duration::days(breaks_before), to: date + Duration::days(1) };
    let breaks = breaks::breaks_in(store, &owner.user_id, around).await?;
    let paid = paid_types(store, &owner.team_id).await?;
    let periods: Vec<&WorkPeriod> = periods.iter().collect();
    // The net time as the day's figures count it (`days::days_at`): the breaks of the day and of the next (a night
    // shift's); the guard also looks at the day before.
    let counted: Vec<&Break> = breaks.iter().filter(|b| b.created_date.date() >= date).collect();
    let worked = Day::of(date, &periods, &counted, Some(open), &paid, owner.tz, now)?.worked();
    if !active {
        return Ok((worked, None));
    }
    let day = Day::of(date, &periods, &breaks.iter().collect::<Vec<_>>(), Some(open), &paid, owner.tz, now)?;
    let live = engine::live(&rules, &day.input(), owner.local_now(now));
    Ok((worked, Some(guard_of(&rules, &day, &live, on_break, language))))
}

/// A day's summary under the team's rules (None without rules).
pub async fn day_summary(
    store: &dyn Table,
    owner: &Owner,
    date: NaiveDate,
    language: Language,
    now: DateTime<Utc>,
) -> AppResult<Option<DaySummary>> {
    let rules = team_rules(store, &owner.team_id).await?;
    if !rules.is_active() {
        return Ok(None);
    }
    let day = read_day(store, owner, date, None, now).await?;
    Ok(Some(summary_of(&rules, &day, language)))
}

fn summary_of(rules: &RuleSet, day: &Day, language: Language) -> DaySummary {
    let input = day.input();
    let (breaks, worked) = engine::day_breaks(rules, &input);
    let findings = engine::evaluate_day(rules, &input)
        .into_iter()
        .map(|f| Finding { message: translate(language, &f.message), ..f })
        .collect();
    DaySummary { worked, breaks, findings, message: summary_message(rules, worked, breaks, language) }
}

/// A duration of the clock-out summary, as the app writes durations: "45 min", "6 h", "8 h 05 min".
fn summary_duration(minutes: i64) -> String {
    match engine::hm(minutes) {
        text if text.ends_with(" min") || text.ends_with(" h") => text,
        text => format!("{text} min"),
    }
}

/// The clock-out summary, every duration in one style ([`summary_duration`]): "Worked 8 h 40 min, breaks 45 min." or,
/// short of the breaks due, "Worked 8 h 40 min. Breaks: 25 min of the 30 min due after 6 hours of work – 5 min short."
/// The breaks are those that count under the rules (blocks of the minimum length, inside the working day).
fn summary_message(rules: &RuleSet, worked: i64, breaks: i64, language: Language) -> String {
    let tier = rules.tiers().into_iter().filter(|t| worked > t.after_minutes).max_by_key(|t| t.minutes);
    let values = [
        ("worked", summary_duration(worked)),
        ("breaks", summary_duration(breaks)),
        ("short", summary_duration(tier.map(|t| t.minutes - breaks).unwrap_or(0))),
        ("due", summary_duration(tier.map(|t| t.minutes).unwrap_or(0))),
        ("hours", tier.map(|t| engine::hours(t.after_minutes)).unwrap_or_default()),
    ];
    let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let template = match tier {
        Some(t) if t.minutes > breaks => {
            english("Worked {worked}. Breaks: {breaks} of the {due} due after {hours} hours of work – {short} short.")
        }
        _ => english("Worked {worked}, breaks {breaks}."),
    };
    tr(language, template, &values)
}

// ---- presence ---------------------------------------------------------------------------------------------------

/// Who of `working` (the team's open periods) has a break due: working, not on a live break (`on_break`), within the
/// warning's 15 minutes of a threshold or the longest stretch, or past it, without the break due. Only those `visible` are looked at. A fixed number of
/// reads whatever the team's size: the rule set and schedule (gets), the team's periods and breaks (one Query each),
/// and none at all when nobody visible is working or the team has no rules.
pub async fn team_breaks_due(
    store: &dyn Table,
    team_id: &TeamId,
    working: &[OpenWorkItem],
    on_break: &[UserId],
    visible: &(dyn Fn(&UserId) -> bool + Sync),
    now: DateTime<Utc>,
) -> AppResult<HashSet<UserId>> {
    let candidates: Vec<&OpenWorkItem> =
        working.iter().filter(|o| !on_break.contains(&o.user_id) && visible(&o.user_id)).collect();
    let (Some(from), Some(to)) =
        (candidates.iter().map(|o| o.date.date()).min(), candidates.iter().map(|o| o.date.date()).max())
    else {
        return Ok(HashSet::new());
    };
    let rules = team_rules(store, team_id).await?;
    if !rules.is_active() {
        return Ok(HashSet::new());
    }
    let periods = repo::team_periods(store, team_id, DateRange { from, to }).await?;
    let around = DateRange { from: from - Duration::days(1), to: to + Duration::days(1) };
    let breaks = breaks::team_breaks_in(store, team_id, around).await?;
    let paid = paid_types(store, team_id).await?;
    let mut due = HashSet::new();
    for open in candidates {
        let tz: Tz = open.time_zone.parse().unwrap_or(chrono_tz::UTC);
        let mine: Vec<&WorkPeriod> = periods.iter().filter(|p| p.user_id == open.user_id).collect();
        let their_breaks: Vec<&Break> = breaks.iter().filter(|b| b.user_id == open.user_id).collect();
        let day = Day::of(open.date.date(), &mine, &their_breaks, Some(open), &paid, tz, now)?;
        // From the warning on (15 minutes before the threshold) until a qualifying break is taken.
        if engine::live(&rules, &day.input(), now.with_timezone(&tz).naive_local()).warned {
            due.insert(open.user_id.clone());
        }
    }
    Ok(due)
}

#[cfg(test)]
mod summary_tests {
    use super::*;
    use crate::rules::model::Preset;

    #[test]
    fn the_summary_writes_every_duration_alike() {
        assert_eq!(summary_duration(0), "0 min");
        assert_eq!(summary_duration(45), "45 min");
        assert_eq!(summary_duration(360), "6 h");
        assert_eq!(summary_duration(485), "8 h 05 min");
        let de = RuleSet::preset(Preset::De);
        assert_eq!(summary_message(&de, 300, 1, Language::En), "Worked 5 h, breaks 1 min.");
        assert_eq!(
            summary_message(&de, 380, 20, Language::En),
            "Worked 6 h 20 min. Breaks: 20 min of the 30 min due after 6 hours of work – 10 min short."
        );
        assert_eq!(
            summary_message(&de, 380, 0, Language::De),
            "Gearbeitet 6 h 20 min. Pausen: 0 min von 30 min, die nach 6 Stunden Arbeit fällig sind – 30 min zu wenig."
        );
        assert_eq!(summary_message(&de, 380, 30, Language::Fr), "Travaillé 6 h 20 min, pauses 30 min.");
    }
}
