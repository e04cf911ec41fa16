//! The rules engine: a person's day (periods, breaks, the end of the previous working day) and a rule set →
//! findings; and, for the live guard, what falls due next if the person keeps working without a break. Pure: no
//! store, no clock (the caller passes `now`).

use chrono::{NaiveDate, NaiveDateTime};
use chrono_tz::Tz;

use super::model::{Finding, RuleSet};
use crate::work::compute::{BreakSpan, PeriodSpan};

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

/// The findings of one day (empty for a set without rules or a day without work), by rule then time.
pub fn evaluate_day(_rules: &RuleSet, _day: &DayInput<'_>) -> Vec<Finding> {
    unimplemented!("lands shortly")
}

/// The weekly-average finding for the week ending `week_end` (a Sunday), from the net minutes of the reference
/// period's weeks ending with it (`weeks`, oldest first, at most `reference_weeks` of them). None when the set has
/// no weekly maximum or the average is within it.
pub fn weekly_average(_rules: &RuleSet, _week_end: NaiveDate, _weeks: &[i64]) -> Option<Finding> {
    unimplemented!("lands shortly")
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
}

/// The live state of a person on the clock at `now` (local): the limits still ahead, by `due`, and whether a break
/// is overdue already (a threshold or the longest stretch passed without the break it asks for).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Live {
    pub upcoming: Vec<Upcoming>,
    pub break_due: bool,
}

/// `day` holds the work so far (the open period as a span up to `now`); `on_break` pauses nothing ahead (a live
/// break is not yet a block: the guard re-plans when it ends).
pub fn live(_rules: &RuleSet, _day: &DayInput<'_>, _now: NaiveDateTime) -> Live {
    unimplemented!("lands shortly")
}

/// The daily rest before a start at `start` (local) after the previous working day ended at `previous_end`
/// (local), in `tz`: `(rest taken, rest required)` in real minutes when it is shorter than the set asks.
pub fn short_rest(
    _rules: &RuleSet,
    _previous_end: NaiveDateTime,
    _start: NaiveDateTime,
    _tz: Tz,
) -> Option<(i64, i64)> {
    unimplemented!("lands shortly")
}

/// A day's qualifying break minutes (the blocks that count for `rules`) and its net working minutes.
pub fn day_breaks(_rules: &RuleSet, _day: &DayInput<'_>) -> (i64, i64) {
    unimplemented!("lands shortly")
}
