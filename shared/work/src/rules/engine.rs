//! The rules engine: a person's day (periods, breaks, the end of the previous working day) and a rule set →
//! findings; and, for the live guard, what falls due next if the person keeps working without a break. Pure: no
//! store, no clock (the caller passes `now`).

use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime, Timelike};
use chrono_tz::Tz;

use super::model::{Finding, RuleKind, RuleSet};
use crate::compute::{BreakSpan, PeriodSpan, DAY};
use bt_core::i18n::fill;
use bt_records::dates::local_instant;

/// One person's day, as the engine reads it.
#[derive(Debug, Clone)]
pub struct DayInput<'a> {
    pub date: NaiveDate,
    /// The periods counted on `date` (a night shift counts on the day it starts); an open period as a span up to now.
    pub periods: &'a [PeriodSpan],
    /// Every break that may touch them (the day before, the day, the day after); paid ones never count as rest.
    pub breaks: &'a [BreakSpan],
    /// Break types the team counts as working time.
    pub paid_types: &'a [String],
    /// The local end of the previous working day's last period (for the daily rest).
    pub previous_end: Option<NaiveDateTime>,
    /// The person's zone: the rest between two days is measured in real minutes, across a clock change.
    pub tz: Tz,
}

/// How long before a break (or the longest stretch) falls due the guard warns.
pub const BREAK_WARNING_MINUTES: i64 = 15;
/// How long before the daily maximum the guard warns.
pub const MAX_WARNING_MINUTES: i64 = 30;

// ---- minutes on one line ------------------------------------------------------------------------------------------

fn minute_of(at: NaiveDateTime) -> i64 {
    i64::from(at.date().num_days_from_ce()) * DAY + i64::from(at.time().hour() * 60 + at.time().minute())
}

fn at_minute(minute: i64) -> NaiveDateTime {
    let date = NaiveDate::from_num_days_from_ce_opt(minute.div_euclid(DAY) as i32).unwrap_or_default();
    let m = minute.rem_euclid(DAY) as u32;
    NaiveDateTime::new(date, NaiveTime::from_hms_opt(m / 60, m % 60, 0).unwrap_or_default())
}

/// The union of intervals, sorted and merged (touching ones join).
fn union(mut spans: Vec<(i64, i64)>) -> Vec<(i64, i64)> {
    spans.retain(|(s, e)| e > s);
    spans.sort_unstable();
    let mut out: Vec<(i64, i64)> = Vec::with_capacity(spans.len());
    for (s, e) in spans {
        match out.last_mut() {
            Some(last) if s <= last.1 => last.1 = last.1.max(e),
            _ => out.push((s, e)),
        }
    }
    out
}

/// The parts of `a` inside `b` (both merged).
fn intersect(a: &[(i64, i64)], b: &[(i64, i64)]) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    for &(s1, e1) in a {
        for &(s2, e2) in b {
            let (s, e) = (s1.max(s2), e1.min(e2));
            if e > s {
                out.push((s, e));
            }
        }
    }
    union(out)
}

/// `a` without the parts in `b` (both merged).
fn subtract(a: &[(i64, i64)], b: &[(i64, i64)]) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    for &(s, e) in a {
        let mut at = s;
        for &(bs, be) in b.iter().filter(|(bs, be)| *bs < e && *be > s) {
            if bs > at {
                out.push((at, bs));
            }
            at = at.max(be);
        }
        if e > at {
            out.push((at, e));
        }
    }
    out
}

fn total(spans: &[(i64, i64)]) -> i64 {
    spans.iter().map(|(s, e)| e - s).sum()
}

/// A duration as the messages write it: "7 h 20", "6 h", "45 min".
pub fn hm(minutes: i64) -> String {
    let minutes = minutes.max(0);
    match (minutes / 60, minutes % 60) {
        (0, m) => format!("{m} min"),
        (h, 0) => format!("{h} h"),
        (h, m) => format!("{h} h {m:02}"),
    }
}

/// Hours as a number for "after {hours} hours": "6", "6.5".
pub fn hours(minutes: i64) -> String {
    if minutes % 60 == 0 {
        (minutes / 60).to_string()
    } else {
        let text = format!("{:.2}", minutes as f64 / 60.0);
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// A day laid out on one line of minutes.
struct Layout {
    /// The periods, merged.
    periods: Vec<(i64, i64)>,
    /// Unpaid breaks inside the periods, merged.
    rest: Vec<(i64, i64)>,
    /// Every pause: the rest inside the periods and the gaps between periods, merged.
    pauses: Vec<(i64, i64)>,
    first: i64,
    last: i64,
}

impl Layout {
    fn of(day: &DayInput<'_>) -> Option<Layout> {
        let periods = union(day.periods.iter().map(PeriodSpan::interval).collect());
        let breaks = union(
            day.breaks
                .iter()
                .filter(|b| !day.paid_types.iter().any(|t| t == &b.break_type))
                .map(BreakSpan::interval)
                .collect(),
        );
        let rest = intersect(&breaks, &periods);
        // The day runs from its first to its last minute of work: a break at its very start or end is not inside it.
        let work = subtract(&periods, &rest);
        let (first, last) = match (work.first(), work.last()) {
            (Some(first), Some(last)) => (first.0, last.1),
            // Only a period that has just begun (a clock-in this minute): its start.
            _ => {
                let start = day.periods.iter().map(|p| p.interval().0).min()?;
                (start, start)
            }
        };
        let gaps = periods.windows(2).map(|w| (w[0].1, w[1].0));
        let pauses = union(rest.iter().copied().chain(gaps).collect())
            .into_iter()
            .filter(|&(s, e)| s >= first && e <= last)
            .collect();
        Some(Layout { periods, rest, pauses, first, last })
    }

    /// Net working minutes: the periods minus the rest inside them.
    fn worked(&self) -> i64 {
        total(&self.periods) - total(&self.rest)
    }

    /// The pauses that count as breaks: at least the minimum block, and interrupting work (work before them, and
    /// after them unless `open_end`: a person still at work will work after a pause that just ended).
    fn blocks(&self, rules: &RuleSet, open_end: bool) -> Vec<(i64, i64)> {
        self.pauses
            .iter()
            .copied()
            .filter(|&(s, e)| e - s >= rules.min_block_minutes.max(1) && s > self.first && (open_end || e < self.last))
            .collect()
    }

    /// The stretches of work between qualifying blocks (wall-clock: a shorter pause does not end a stretch).
    fn stretches(&self, blocks: &[(i64, i64)]) -> Vec<(i64, i64)> {
        let mut out = Vec::new();
        let mut from = self.first;
        for &(s, e) in blocks {
            out.push((from, s));
            from = e;
        }
        out.push((from, self.last));
        out
    }

    /// The minute at which net work reaches `minutes`, if it does.
    fn when_worked(&self, minutes: i64) -> Option<i64> {
        let mut done = 0;
        for &(s, e) in &self.periods {
            let mut at = s;
            for &(rs, re) in self.rest.iter().filter(|(rs, re)| *rs < e && *re > s) {
                let part = rs.max(s) - at;
                if done + part >= minutes {
                    return Some(at + (minutes - done));
                }
                done += part.max(0);
                at = re.min(e);
            }
            let part = e - at;
            if done + part >= minutes {
                return Some(at + (minutes - done));
            }
            done += part.max(0);
        }
        None
    }
}

fn finding(rules: &RuleSet, rule: RuleKind, when: i64, missing: i64, message: String) -> Finding {
    Finding {
        rule,
        when: at_minute(when).format("%Y-%m-%dT%H:%M").to_string(),
        minutes_missing: missing,
        message,
        law: rule.law(rules.preset).to_string(),
    }
}

/// The findings of one day (empty for a set without rules or a day without work), by rule then time.
pub fn evaluate_day(rules: &RuleSet, day: &DayInput<'_>) -> Vec<Finding> {
    let mut out = Vec::new();
    if !rules.is_active() {
        return out;
    }
    let Some(layout) = Layout::of(day) else { return out };
    let worked = layout.worked();
    if worked <= 0 {
        return out;
    }
    let blocks = layout.blocks(rules, false);
    let taken = total(&blocks);
    let due = rules.break_due(worked);
    if due > taken {
        let threshold = rules
            .tiers()
            .iter()
            .filter(|t| worked > t.after_minutes && t.minutes == due)
            .map(|t| t.after_minutes)
            .min()
            .unwrap_or(0);
        let values = [
            ("missing", (due - taken).to_string()),
            ("due", due.to_string()),
            ("hours", hours(threshold)),
            ("taken", taken.to_string()),
        ];
        out.push(finding(
            rules,
            RuleKind::Break,
            layout.last,
            due - taken,
            fill_owned("Break {missing} minutes short: {due} minutes are due after more than {hours} hours of work, {taken} minutes taken.", &values),
        ));
    }
    if let Some(max) = rules.max_continuous_minutes {
        // One finding for the day: its longest stretch.
        let longest = layout.stretches(&blocks).into_iter().max_by_key(|(s, e)| (e - s, -s));
        if let Some((s, e)) = longest.filter(|(s, e)| e - s > max) {
            let values = [("length", hm(e - s)), ("max", hm(max))];
            out.push(finding(
                rules,
                RuleKind::Continuous,
                s + max,
                e - s - max,
                fill_owned("{length} without a break (at most {max}).", &values),
            ));
        }
    }
    if let Some(max) = rules.max_daily_minutes {
        if worked > max {
            let values = [("worked", hm(worked)), ("over", hm(worked - max)), ("max", hm(max))];
            out.push(finding(
                rules,
                RuleKind::DailyMax,
                layout.when_worked(max).unwrap_or(layout.last),
                worked - max,
                fill_owned("Worked {worked}, {over} over the daily maximum of {max}.", &values),
            ));
        }
    }
    if let Some(previous) = day.previous_end {
        if let Some((rest, required)) = short_rest(rules, previous, at_minute(layout.first), day.tz) {
            let values = [("rest", hm(rest)), ("required", hm(required))];
            out.push(finding(
                rules,
                RuleKind::Rest,
                layout.first,
                required - rest,
                fill_owned("Rest {rest} of {required} before this day.", &values),
            ));
        }
    }
    out
}

fn fill_owned(template: &str, values: &[(&str, String)]) -> String {
    let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
    fill(template, &values)
}

/// The weekly-average finding for the week ending `week_end` (a Sunday), from the net minutes of the reference
/// period's weeks ending with it (`weeks`, oldest first, at most `reference_weeks` of them). None when the set has
/// no weekly maximum or the average is within it. Who opted out is the caller's to leave out.
pub fn weekly_average(rules: &RuleSet, week_end: NaiveDate, weeks: &[i64]) -> Option<Finding> {
    let max = rules.max_weekly_average_minutes.filter(|_| rules.is_active())?;
    let take = (rules.reference_weeks.max(1) as usize).min(weeks.len());
    let weeks = &weeks[weeks.len() - take..];
    if weeks.is_empty() {
        return None;
    }
    let average = weeks.iter().sum::<i64>() / weeks.len() as i64;
    if average <= max {
        return None;
    }
    let when = minute_of(NaiveDateTime::new(week_end, NaiveTime::from_hms_opt(23, 59, 0).unwrap_or_default()));
    let values = [("average", hm(average)), ("weeks", weeks.len().to_string()), ("max", hm(max))];
    Some(finding(
        rules,
        RuleKind::WeeklyAverage,
        when,
        average - max,
        fill_owned("An average week of {average} over {weeks} weeks (at most {max}).", &values),
    ))
}

/// What the guard warns about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stage {
    /// The break of tier `n` (0-based, by threshold) falls due.
    Break(usize),
    /// The longest stretch without a qualifying break is reached.
    Continuous,
    /// The daily maximum is reached.
    DailyMax,
}

impl Stage {
    /// A stable tag for keys and payloads: `break1`, `break2`, `continuous`, `dailyMax`.
    pub fn tag(self) -> String {
        match self {
            Stage::Break(n) => format!("break{}", n + 1),
            Stage::Continuous => "continuous".into(),
            Stage::DailyMax => "dailyMax".into(),
        }
    }
}

/// One upcoming limit of a person at work, if they keep working from `now` without a break.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Upcoming {
    pub stage: Stage,
    /// When the limit is reached (local): the break is due, the stretch or the day's maximum is full.
    pub due: NaiveDateTime,
    /// When the guard warns (local): 15 minutes before a break or stretch limit, 30 before the daily maximum.
    pub warn: NaiveDateTime,
    /// Minutes of break still due at `due` (0 for the daily maximum).
    pub break_minutes: i64,
    /// The warning, in English with its values filled in (a catalogue template).
    pub message: String,
    /// The limit is behind already (a clock-in sent late, or a run after the limit): `due` and `warn` are now, and
    /// the message says the break is due now.
    pub overdue: bool,
}

/// The live state of a person on the clock at `now` (local): the limits still ahead, by `due`, and whether a break
/// is overdue already (a threshold or the longest stretch passed without the break it asks for).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Live {
    pub upcoming: Vec<Upcoming>,
    pub break_due: bool,
    /// A break warning is out: a break or stretch limit is within its warning time (15 minutes) or behind.
    pub warned: bool,
}

/// `day` holds the work so far (the open period as a span up to `now`). A live break under way is not yet a block:
/// the guard plans again when it ends.
pub fn live(rules: &RuleSet, day: &DayInput<'_>, now: NaiveDateTime) -> Live {
    let mut out = Live::default();
    if !rules.is_active() {
        return out;
    }
    let Some(layout) = Layout::of(day) else { return out };
    let now_m = minute_of(now).max(layout.last);
    let worked = layout.worked() + (now_m - layout.last);
    let blocks = layout.blocks(rules, true);
    let taken = total(&blocks);
    let tiers = rules.tiers();
    let mut next_break: Option<Upcoming> = None;
    let mut overdue_tier = None;
    for (i, tier) in tiers.iter().enumerate() {
        if taken >= tier.minutes {
            continue;
        }
        if worked > tier.after_minutes {
            out.break_due = true;
            overdue_tier = Some((i, *tier));
            continue;
        }
        let due = now_m + (tier.after_minutes - worked);
        let previous = if i > 0 { tiers[i - 1].minutes } else { 0 };
        let message = if i == 0 || previous == 0 {
            fill_owned(
                "Your break is due in 15 minutes ({minutes} minutes after {hours} hours of work)",
                &[("minutes", tier.minutes.to_string()), ("hours", hours(tier.after_minutes))],
            )
        } else {
            fill_owned(
                "{minutes} more minutes of break are due after {hours} hours",
                &[
                    ("minutes", (tier.minutes - taken.max(previous)).max(1).to_string()),
                    ("hours", hours(tier.after_minutes)),
                ],
            )
        };
        let upcoming = Upcoming {
            stage: Stage::Break(i),
            due: at_minute(due),
            warn: at_minute(due - BREAK_WARNING_MINUTES),
            break_minutes: tier.minutes - taken,
            message,
            overdue: false,
        };
        out.upcoming.push(upcoming.clone());
        next_break.get_or_insert(upcoming);
    }
    // Said once, now: the break the highest tier passed asks for is due already.
    if let Some((i, tier)) = overdue_tier {
        out.upcoming.push(Upcoming {
            stage: Stage::Break(i),
            due: at_minute(now_m),
            warn: at_minute(now_m),
            break_minutes: tier.minutes - taken,
            message: fill_owned(
                "A break is due now: {minutes} minutes after {hours} hours of work.",
                &[("minutes", tier.minutes.to_string()), ("hours", hours(tier.after_minutes))],
            ),
            overdue: true,
        });
    }
    if let Some(max) = rules.max_continuous_minutes {
        let from = blocks.last().map_or(layout.first, |b| b.1);
        let length = now_m - from;
        if length > max {
            out.break_due = true;
            if !out.upcoming.iter().any(|u| u.overdue) {
                out.upcoming.push(Upcoming {
                    stage: Stage::Continuous,
                    due: at_minute(now_m),
                    warn: at_minute(now_m),
                    break_minutes: rules.min_block_minutes.max(1),
                    message: fill_owned(
                        "You have worked {worked} without a break: a break is due now.",
                        &[("worked", hm(length))],
                    ),
                    overdue: true,
                });
            }
        } else {
            let due = from + max;
            // A break tier falling due about then already warns: one message, not two.
            let covered =
                next_break.as_ref().is_some_and(|b| (minute_of(b.due) - due).abs() <= 2 * BREAK_WARNING_MINUTES);
            if !covered {
                out.upcoming.push(Upcoming {
                    stage: Stage::Continuous,
                    due: at_minute(due),
                    warn: at_minute(due - BREAK_WARNING_MINUTES),
                    break_minutes: rules.min_block_minutes.max(1),
                    message: fill_owned(
                        "You have worked {worked} without a break: take one within 15 minutes.",
                        &[("worked", hm(max - BREAK_WARNING_MINUTES))],
                    ),
                    overdue: false,
                });
            }
        }
    }
    if let Some(max) = rules.max_daily_minutes {
        if worked < max {
            let due = now_m + (max - worked);
            out.upcoming.push(Upcoming {
                stage: Stage::DailyMax,
                due: at_minute(due),
                warn: at_minute(due - MAX_WARNING_MINUTES),
                break_minutes: 0,
                message: fill_owned(
                    "You reach the daily maximum of {hours} hours in 30 minutes.",
                    &[("hours", hours(max))],
                ),
                overdue: false,
            });
        }
    }
    out.upcoming.sort_by_key(|u| u.warn);
    out.warned = out.break_due
        || out
            .upcoming
            .iter()
            .any(|u| u.stage != Stage::DailyMax && minute_of(u.warn) <= minute_of(now).max(layout.last));
    out
}

/// The daily rest before a start at `start` (local) after the previous working day ended at `previous_end`
/// (local), in `tz`: `(rest taken, rest required)` in real minutes when it is shorter than the set asks.
pub fn short_rest(rules: &RuleSet, previous_end: NaiveDateTime, start: NaiveDateTime, tz: Tz) -> Option<(i64, i64)> {
    let required = rules.min_rest_minutes.filter(|_| rules.is_active())?;
    let end = local_instant(tz, previous_end.date(), previous_end.time());
    let begin = local_instant(tz, start.date(), start.time());
    let rest = (begin - end).num_minutes();
    (rest >= 0 && rest < required).then_some((rest, required))
}

/// A day's qualifying break minutes (the blocks that count for `rules`) and its net working minutes.
pub fn day_breaks(rules: &RuleSet, day: &DayInput<'_>) -> (i64, i64) {
    match Layout::of(day) {
        Some(layout) => (total(&layout.blocks(rules, false)), layout.worked()),
        None => (0, 0),
    }
}

/// When the rest after a working day that ended at `end` (local) is over, in `tz` (local), for the set's rest.
pub fn rest_ends(rules: &RuleSet, end: NaiveDateTime, tz: Tz) -> Option<NaiveDateTime> {
    let required = rules.min_rest_minutes.filter(|_| rules.is_active())?;
    let instant = local_instant(tz, end.date(), end.time()) + Duration::minutes(required);
    Some(instant.with_timezone(&tz).naive_local())
}

#[cfg(test)]
#[path = "engine_tests.rs"]
mod tests;
