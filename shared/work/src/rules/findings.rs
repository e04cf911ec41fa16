//! The findings of a range of days, for one person or a whole team: each day's periods and breaks, the team's paid
//! break types, the end of the previous working day and the person's zone go to [`engine::evaluate_day`]; the weeks
//! of the reference period to [`engine::weekly_average`] (a weekly finding sits on the Sunday that ends the week,
//! or on the week's last day in the range). Each finding carries the note written on it, if any.
//!
//! Reads are a fixed number of Queries per range, whatever its length or the team's size: the rule set, then (only
//! when the set has rules) the periods and breaks from a little before `from` (two days, for the previous day's end;
//! the reference weeks, for a weekly maximum) to the end of `to`'s week, the team's paid break types and the notes.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, Utc};
use chrono_tz::Tz;

use super::engine::{self, DayInput};
use super::model::{Finding, RuleKind, RuleSet};
use super::notes::{FindingNote, NoteItem};
use super::{repo as rules_repo, settings};
use crate::compute::{self, BreakSpan, PeriodSpan};
use crate::days::{days_at, team_days_at, team_schedule};
use crate::model::{break_span, MemberDay, OpenWork, OpenWorkItem, WorkDay};
use crate::{periods, repo};
use bt_accounts::User;
use bt_core::error::AppResult;
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::{TeamId, UserId};
use bt_records::breaks;
use bt_records::dates::DateRange;
use bt_records::Owner;

/// A finding with the note written on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DayFinding {
    pub finding: Finding,
    pub note: Option<FindingNote>,
}

/// The days to read for a range under `rules`.
fn wide_range(rules: &RuleSet, range: DateRange) -> DateRange {
    let mut from = range.from - Duration::days(2);
    let mut to = range.to;
    if rules.max_weekly_average_minutes.is_some() {
        let weeks = i64::from(rules.reference_weeks.max(1));
        let first_monday = monday_of(range.from);
        from = from.min(first_monday - Duration::weeks(weeks - 1));
        to = sunday_of(range.to);
    }
    DateRange { from, to }
}

fn monday_of(date: NaiveDate) -> NaiveDate {
    date - Duration::days(i64::from(date.weekday().num_days_from_monday()))
}

fn sunday_of(date: NaiveDate) -> NaiveDate {
    monday_of(date) + Duration::days(6)
}

fn local_end(span: &PeriodSpan) -> NaiveDateTime {
    let end = span.date.and_time(span.end);
    if span.next_day || span.end < span.start {
        end + Duration::days(1)
    } else {
        end
    }
}

/// One person's material over the wide range.
struct Person<'a> {
    rules: &'a RuleSet,
    tz: Tz,
    paid: &'a [String],
    /// Every period (the open one as a span up to now), by start date.
    periods: BTreeMap<NaiveDate, Vec<PeriodSpan>>,
    breaks: BTreeMap<NaiveDate, Vec<BreakSpan>>,
    opted_out: bool,
}

impl Person<'_> {
    fn near_breaks(&self, date: NaiveDate) -> Vec<BreakSpan> {
        [date.pred_opt(), Some(date), date.succ_opt()]
            .into_iter()
            .flatten()
            .filter_map(|d| self.breaks.get(&d))
            .flatten()
            .cloned()
            .collect()
    }

    fn previous_end(&self, date: NaiveDate) -> Option<NaiveDateTime> {
        self.periods.range(..date).next_back().and_then(|(_, spans)| spans.iter().map(local_end).max())
    }

    fn net(&self, date: NaiveDate) -> i64 {
        match self.periods.get(&date) {
            Some(spans) => compute::day_time(spans, &self.near_breaks(date), self.paid).worked,
            None => 0,
        }
    }

    /// The findings of each day of `range`, by date.
    fn findings(&self, range: DateRange) -> BTreeMap<NaiveDate, Vec<Finding>> {
        let mut out: BTreeMap<NaiveDate, Vec<Finding>> = BTreeMap::new();
        let mut date = range.from;
        while date <= range.to {
            if let Some(spans) = self.periods.get(&date) {
                let breaks = self.near_breaks(date);
                let day = DayInput {
                    date,
                    periods: spans,
                    breaks: &breaks,
                    paid_types: self.paid,
                    previous_end: self.previous_end(date),
                    tz: self.tz,
                };
                let found = engine::evaluate_day(self.rules, &day);
                if !found.is_empty() {
                    out.entry(date).or_default().extend(found);
                }
            }
            date += Duration::days(1);
        }
        if self.rules.max_weekly_average_minutes.is_some() && !self.opted_out {
            let weeks = i64::from(self.rules.reference_weeks.max(1));
            let mut week_end = sunday_of(range.from);
            loop {
                let week_net = |end: NaiveDate| (0..7).map(|d| self.net(end - Duration::days(d))).sum::<i64>();
                let nets: Vec<i64> = (0..weeks).rev().map(|w| week_net(week_end - Duration::weeks(w))).collect();
                if let Some(finding) = engine::weekly_average(self.rules, week_end, &nets) {
                    out.entry(week_end.min(range.to)).or_default().push(finding);
                }
                if week_end >= range.to {
                    break;
                }
                week_end += Duration::weeks(1);
            }
        }
        out
    }
}

fn spans_by_day(spans: impl IntoIterator<Item = PeriodSpan>) -> BTreeMap<NaiveDate, Vec<PeriodSpan>> {
    let mut out: BTreeMap<NaiveDate, Vec<PeriodSpan>> = BTreeMap::new();
    for s in spans {
        out.entry(s.date).or_default().push(s);
    }
    out
}

fn breaks_by_day(spans: impl IntoIterator<Item = BreakSpan>) -> BTreeMap<NaiveDate, Vec<BreakSpan>> {
    let mut out: BTreeMap<NaiveDate, Vec<BreakSpan>> = BTreeMap::new();
    for s in spans {
        out.entry(s.date).or_default().push(s);
    }
    out
}

/// An open period, as a span up to `now`, from what a day shows of it.
fn open_span(open: &OpenWork, user_id: &UserId, team_id: &TeamId, now: DateTime<Utc>) -> Option<PeriodSpan> {
    let item = OpenWorkItem {
        user_id: user_id.clone(),
        team_id: team_id.clone(),
        name: String::new(),
        since: open.since.clone(),
        date: open.date,
        start_time: open.start_time,
        time_zone: open.time_zone.clone(),
        note: String::new(),
    };
    item.span_until(now).ok()
}

/// Puts each finding of `found` on its day, with the note on its rule that day (on the first finding of the rule).
fn attach_to(days: &mut [&mut WorkDay], mut found: BTreeMap<NaiveDate, Vec<Finding>>, notes: &[&NoteItem]) {
    for day in days.iter_mut() {
        let date = day.date.date();
        let Some(list) = found.remove(&date) else { continue };
        let mut noted: Vec<RuleKind> = Vec::new();
        day.findings = list
            .into_iter()
            .map(|finding| {
                let note = if noted.contains(&finding.rule) {
                    None
                } else {
                    noted.push(finding.rule);
                    notes.iter().find(|n| n.date.date() == date && n.rule == finding.rule).map(|n| n.note())
                };
                DayFinding { finding, note }
            })
            .collect();
    }
}

/// Adds the findings (with their notes) to a person's days of one range, in order, from `from` to `to`.
pub async fn attach(store: &dyn Table, owner: &Owner, days: &mut [WorkDay], now: DateTime<Utc>) -> AppResult<()> {
    let (Some(first), Some(last)) = (days.first(), days.last()) else { return Ok(()) };
    let range = DateRange { from: first.date.date(), to: last.date.date() };
    let rules = settings::team_rules(store, &owner.team_id).await?;
    if !rules.is_active() {
        return Ok(());
    }
    let wide = wide_range(&rules, range);
    let paid = team_schedule(store, &owner.team_id).await?.paid_break_types;
    let stored = repo::periods_of(store, &owner.user_id, wide).await?;
    let all_breaks =
        breaks::breaks_in(store, &owner.user_id, DateRange { from: wide.from, to: wide.to + Duration::days(1) })
            .await?;
    let notes = rules_repo::notes_of(store, &owner.user_id, range).await?;
    let open =
        days.iter().find_map(|d| d.open.as_ref()).and_then(|o| open_span(o, &owner.user_id, &owner.team_id, now));
    let person = Person {
        rules: &rules,
        tz: owner.tz,
        paid: &paid,
        periods: spans_by_day(stored.iter().map(|p| p.span()).chain(open)),
        breaks: breaks_by_day(all_breaks.iter().map(break_span)),
        opted_out: rules.opted_out.contains(&owner.user_id),
    };
    let found = person.findings(range);
    let mut refs: Vec<&mut WorkDay> = days.iter_mut().collect();
    attach_to(&mut refs, found, &notes.iter().collect::<Vec<_>>());
    Ok(())
}

/// Adds the findings to every member's days of a team over one range (`tz`: the zone the rest is measured in for
/// members not on the clock; a member on the clock is measured in the zone of their open period).
pub async fn attach_team(
    store: &dyn Table,
    team_id: &TeamId,
    tz: Tz,
    days: &mut [MemberDay],
    now: DateTime<Utc>,
) -> AppResult<()> {
    let Some(from) = days.iter().map(|d| d.day.date.date()).min() else { return Ok(()) };
    let to = days.iter().map(|d| d.day.date.date()).max().unwrap_or(from);
    let range = DateRange { from, to };
    let rules = settings::team_rules(store, team_id).await?;
    if !rules.is_active() {
        return Ok(());
    }
    let wide = wide_range(&rules, range);
    let paid = team_schedule(store, team_id).await?.paid_break_types;
    let stored = repo::team_periods(store, team_id, wide).await?;
    let all_breaks =
        breaks::team_breaks_in(store, team_id, DateRange { from: wide.from, to: wide.to + Duration::days(1) }).await?;
    let notes = rules_repo::team_notes(store, team_id, range).await?;
    let mut by_member: HashMap<UserId, Vec<&mut WorkDay>> = HashMap::new();
    for d in days.iter_mut() {
        by_member.entry(d.user_id.clone()).or_default().push(&mut d.day);
    }
    for (user_id, mut member_days) in by_member {
        let open_item = member_days.iter().find_map(|d| d.open.clone());
        let zone = open_item.as_ref().and_then(|o| o.time_zone.parse().ok()).unwrap_or(tz);
        let open = open_item.as_ref().and_then(|o| open_span(o, &user_id, team_id, now));
        let person = Person {
            rules: &rules,
            tz: zone,
            paid: &paid,
            periods: spans_by_day(stored.iter().filter(|p| p.user_id == user_id).map(|p| p.span()).chain(open)),
            breaks: breaks_by_day(all_breaks.iter().filter(|b| b.user_id == user_id).map(break_span)),
            opted_out: rules.opted_out.contains(&user_id),
        };
        let found = person.findings(range);
        let mine: Vec<&NoteItem> = notes.iter().filter(|n| n.user_id == user_id).collect();
        attach_to(&mut member_days, found, &mine);
    }
    Ok(())
}

/// A person's days of a range with their findings.
pub async fn days_with_findings(
    store: &dyn Table,
    owner: &Owner,
    from: NaiveDate,
    to: NaiveDate,
    now: DateTime<Utc>,
) -> AppResult<Vec<WorkDay>> {
    let mut days = days_at(store, owner, from, to, now).await?;
    attach(store, owner, &mut days, now).await?;
    Ok(days)
}

/// Every member's days of a team over a range with their findings.
pub async fn team_days_with_findings(
    store: &dyn Table,
    team_id: &TeamId,
    tz: Tz,
    from: NaiveDate,
    to: NaiveDate,
    now: DateTime<Utc>,
) -> AppResult<Vec<MemberDay>> {
    let mut days = team_days_at(store, team_id, from, to, now).await?;
    attach_team(store, team_id, tz, &mut days, now).await?;
    Ok(days)
}

/// `GET /work/day?date=&userId=`: a day of the caller, or (approvers) of a member of their team, with its findings.
pub async fn work_day(
    app: &Services,
    caller: &User,
    user_id: Option<&str>,
    date: Option<&str>,
    now: DateTime<Utc>,
) -> AppResult<WorkDay> {
    let store = app.table();
    let owner = periods::subject(app, caller, user_id).await?;
    let date = bt_records::dates::day_or_today(date, "date", owner.tz, now)?;
    let mut days = days_with_findings(store, &owner, date, date, now).await?;
    Ok(days.remove(0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::model::Preset;
    use chrono::NaiveTime;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn span(date: &str, start: &str, end: &str) -> PeriodSpan {
        let t = |v: &str| NaiveTime::parse_from_str(v, "%H:%M").unwrap();
        PeriodSpan { date: d(date), start: t(start), end: t(end), next_day: t(end) <= t(start) }
    }

    fn person(rules: &RuleSet, spans: Vec<PeriodSpan>, opted_out: bool) -> Person<'_> {
        Person {
            rules,
            tz: chrono_tz::Europe::Berlin,
            paid: &[],
            periods: spans_by_day(spans),
            breaks: BTreeMap::new(),
            opted_out,
        }
    }

    fn weekly(found: &BTreeMap<NaiveDate, Vec<Finding>>) -> Vec<NaiveDate> {
        found
            .iter()
            .filter(|(_, list)| list.iter().any(|f| f.rule == RuleKind::WeeklyAverage))
            .map(|(date, _)| *date)
            .collect()
    }

    #[test]
    fn the_rest_runs_from_the_previous_working_days_last_end() {
        let rules = RuleSet::preset(Preset::De);
        // Monday 2025-03-03 until 23:00, Tuesday from 07:00: 8 hours of rest, 3 short of 11.
        let p = person(&rules, vec![span("2025-03-03", "14:00", "23:00"), span("2025-03-04", "07:00", "12:00")], false);
        let found = p.findings(DateRange { from: d("2025-03-04"), to: d("2025-03-04") });
        let rest: Vec<&Finding> = found[&d("2025-03-04")].iter().filter(|f| f.rule == RuleKind::Rest).collect();
        assert_eq!(rest.len(), 1);
        assert_eq!(rest[0].minutes_missing, 180);
        assert_eq!(rest[0].when, "2025-03-04T07:00");
    }

    #[test]
    fn a_weekly_average_sits_on_the_sunday_or_the_last_day_asked_for() {
        let mut rules = RuleSet::preset(Preset::Uk);
        rules.reference_weeks = 1;
        // Monday to Friday 2025-03-03..07, 11 hours each: 55 hours in the week.
        let days = ["2025-03-03", "2025-03-04", "2025-03-05", "2025-03-06", "2025-03-07"];
        let spans: Vec<PeriodSpan> = days.iter().map(|day| span(day, "07:00", "18:00")).collect();
        let p = person(&rules, spans.clone(), false);
        let two_weeks = DateRange { from: d("2025-03-03"), to: d("2025-03-16") };
        assert_eq!(weekly(&p.findings(two_weeks)), vec![d("2025-03-09")]);
        assert_eq!(
            weekly(&p.findings(DateRange { from: d("2025-03-03"), to: d("2025-03-05") })),
            vec![d("2025-03-05")]
        );
        assert!(weekly(&person(&rules, spans, true).findings(two_weeks)).is_empty());
    }

    #[test]
    fn the_range_read_reaches_back_for_the_rest_and_the_reference_weeks() {
        let range = DateRange { from: d("2025-03-05"), to: d("2025-03-06") };
        let de = RuleSet::preset(Preset::De);
        assert_eq!(wide_range(&de, range), DateRange { from: d("2025-03-03"), to: d("2025-03-06") });
        let mut uk = RuleSet::preset(Preset::Uk);
        uk.reference_weeks = 4;
        assert_eq!(wide_range(&uk, range), DateRange { from: d("2025-02-10"), to: d("2025-03-09") });
    }
}
