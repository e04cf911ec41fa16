//! The arithmetic of working time, with no store: a day's net time from its periods and breaks, and its target from
//! the schedules, the holidays and the leaves.
//!
//! Rules:
//! - A period counts on the date it starts (a night shift that ends after midnight belongs to its first day).
//! - Rest is the part of unpaid breaks that lies inside the day's periods; a break outside every period subtracts
//!   nothing, and overlapping breaks are counted once (the union of the breaks is measured, not their sum).
//! - Paid breaks (a type the team counts as working time) subtract nothing; their minutes inside periods are shown.
//! - Net (`worked`) = the sum of the periods − rest, never negative, whatever order the items came in.
//! - The target of a day is the weekday's minutes of the member's schedule in force on that date (the latest one
//!   from that date or earlier), else the team's; a public holiday or a full-day approved leave credits the whole
//!   target, a half-day leave half of it.

use std::collections::{BTreeMap, HashSet};

use chrono::{Datelike, NaiveDate, NaiveTime, Timelike};

/// Minutes in a day.
pub const DAY: i64 = 24 * 60;

/// A working period: starts on `date` at `start`, ends at `end` of the same day, or of the next when `next_day`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeriodSpan {
    pub date: NaiveDate,
    pub start: NaiveTime,
    pub end: NaiveTime,
    pub next_day: bool,
}

/// A break: on `date` from `start` to `end` (an end before the start is on the next day), of a type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BreakSpan {
    pub date: NaiveDate,
    pub start: NaiveTime,
    pub end: NaiveTime,
    pub break_type: String,
}

fn day_number(date: NaiveDate) -> i64 {
    i64::from(date.num_days_from_ce())
}

fn minute_of(time: NaiveTime) -> i64 {
    i64::from(time.hour() * 60 + time.minute())
}

impl PeriodSpan {
    /// `[start, end)` in minutes from a fixed origin.
    pub fn interval(&self) -> (i64, i64) {
        let start = day_number(self.date) * DAY + minute_of(self.start);
        let mut end = day_number(self.date) * DAY + minute_of(self.end);
        if self.next_day || end < start {
            end += DAY;
        }
        (start, end.max(start))
    }

    pub fn minutes(&self) -> i64 {
        let (s, e) = self.interval();
        e - s
    }
}

impl BreakSpan {
    pub fn interval(&self) -> (i64, i64) {
        let start = day_number(self.date) * DAY + minute_of(self.start);
        let mut end = day_number(self.date) * DAY + minute_of(self.end);
        if end < start {
            end += DAY;
        }
        (start, end)
    }
}

/// The union of intervals, sorted and merged.
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

/// Minutes two merged interval lists share.
fn overlap(a: &[(i64, i64)], b: &[(i64, i64)]) -> i64 {
    let (mut i, mut j, mut total) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        let s = a[i].0.max(b[j].0);
        let e = a[i].1.min(b[j].1);
        if e > s {
            total += e - s;
        }
        if a[i].1 < b[j].1 {
            i += 1;
        } else {
            j += 1;
        }
    }
    total
}

/// A day's time, in minutes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DayTime {
    /// Net: the periods minus the rest inside them.
    pub worked: i64,
    /// Unpaid breaks inside the periods (overlaps counted once).
    pub rest: i64,
    /// Paid breaks inside the periods that no unpaid break covers.
    pub paid_breaks: i64,
}

/// The time of one day from that day's periods and every break that may touch them (breaks of the day and of the
/// day before, for a night shift; others change nothing).
pub fn day_time(periods: &[PeriodSpan], breaks: &[BreakSpan], paid_types: &[String]) -> DayTime {
    let total: i64 = periods.iter().map(PeriodSpan::minutes).sum();
    let inside = union(periods.iter().map(PeriodSpan::interval).collect());
    let paid: HashSet<&str> = paid_types.iter().map(String::as_str).collect();
    let unpaid =
        union(breaks.iter().filter(|b| !paid.contains(b.break_type.as_str())).map(BreakSpan::interval).collect());
    let rest = overlap(&inside, &unpaid);
    let paid_spans =
        union(breaks.iter().filter(|b| paid.contains(b.break_type.as_str())).map(BreakSpan::interval).collect());
    let paid_inside = overlap(&inside, &paid_spans);
    let paid_and_unpaid = overlap(&union(inside_of(&inside, &paid_spans)), &unpaid);
    DayTime { worked: (total - rest).max(0), rest, paid_breaks: (paid_inside - paid_and_unpaid).max(0) }
}

/// The parts of `b` inside `a`.
fn inside_of(a: &[(i64, i64)], b: &[(i64, i64)]) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    for x in a {
        for y in b {
            let s = x.0.max(y.0);
            let e = x.1.min(y.1);
            if e > s {
                out.push((s, e));
            }
        }
    }
    out
}

/// The time of every day that has a period, by date: each period on its start date, with all the breaks (a break
/// outside that day's periods subtracts nothing from it).
pub fn days_time(periods: &[PeriodSpan], breaks: &[BreakSpan], paid_types: &[String]) -> BTreeMap<NaiveDate, DayTime> {
    let mut by_day: BTreeMap<NaiveDate, Vec<PeriodSpan>> = BTreeMap::new();
    for p in periods {
        by_day.entry(p.date).or_default().push(p.clone());
    }
    let mut breaks_by_day: BTreeMap<NaiveDate, Vec<BreakSpan>> = BTreeMap::new();
    for b in breaks {
        breaks_by_day.entry(b.date).or_default().push(b.clone());
    }
    by_day
        .into_iter()
        .map(|(date, ps)| {
            // A day's periods reach at most into the next day; breaks of the day before may reach into this one.
            let near: Vec<BreakSpan> = [date.pred_opt(), Some(date), date.succ_opt()]
                .into_iter()
                .flatten()
                .filter_map(|d| breaks_by_day.get(&d))
                .flatten()
                .cloned()
                .collect();
            (date, day_time(&ps, &near, paid_types))
        })
        .collect()
}

// ---- targets --------------------------------------------------------------------------------------------------

/// Minutes per weekday, Monday first.
pub type Weekdays = [i64; 7];

/// The default team schedule: 480 minutes on each day of the leave settings' work week (1 = Monday .. 7 = Sunday).
pub fn default_weekdays(work_week: &[u8]) -> Weekdays {
    let mut out = [0; 7];
    for d in work_week.iter().filter(|d| (1..=7).contains(*d)) {
        out[usize::from(*d - 1)] = 480;
    }
    out
}

/// A member's schedule from a date on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberWeekdays {
    pub from: NaiveDate,
    pub weekdays: Weekdays,
}

/// What credits a day's target.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Credit {
    pub holiday: Option<String>,
    /// An approved leave: its type's name and whether it is a half day.
    pub leave: Option<(String, bool)>,
}

/// The weekday minutes in force on `date`: the latest member schedule from that date or before, else the team's.
pub fn scheduled(date: NaiveDate, team: &Weekdays, member: &[MemberWeekdays]) -> i64 {
    let weekdays = member.iter().filter(|m| m.from <= date).max_by_key(|m| m.from).map(|m| &m.weekdays).unwrap_or(team);
    weekdays[date.weekday().num_days_from_monday() as usize]
}

/// The target left after the credit: 0 on a holiday or a full-day leave, half (rounded down) on a half-day leave.
pub fn target_after(scheduled: i64, credit: &Credit) -> i64 {
    if credit.holiday.is_some() {
        return 0;
    }
    match &credit.leave {
        Some((_, true)) => scheduled - scheduled / 2,
        Some((_, false)) => 0,
        None => scheduled,
    }
}

/// Worked, target and difference summed over days.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    pub worked: i64,
    pub target: i64,
    pub difference: i64,
}

impl Totals {
    pub fn of_day(worked: i64, target: i64) -> Totals {
        Totals { worked, target, difference: worked - target }
    }

    pub fn sum(days: impl IntoIterator<Item = Totals>) -> Totals {
        days.into_iter().fold(Totals::default(), |acc, d| Totals {
            worked: acc.worked + d.worked,
            target: acc.target + d.target,
            difference: acc.difference + d.difference,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn t(s: &str) -> NaiveTime {
        NaiveTime::parse_from_str(s, "%H:%M").unwrap()
    }
    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }
    fn period(date: &str, start: &str, end: &str) -> PeriodSpan {
        let (start, end) = (t(start), t(end));
        PeriodSpan { date: d(date), start, end, next_day: end < start }
    }
    fn brk(date: &str, start: &str, end: &str, kind: &str) -> BreakSpan {
        BreakSpan { date: d(date), start: t(start), end: t(end), break_type: kind.into() }
    }

    #[test]
    fn breaks_inside_subtract_and_outside_do_not() {
        let periods = [period("2025-03-03", "08:00", "12:00"), period("2025-03-03", "13:00", "17:00")];
        let breaks = [
            brk("2025-03-03", "10:00", "10:30", "Coffee Break"),
            brk("2025-03-03", "10:15", "10:45", "Coffee Break"), // overlaps the first: counted once
            brk("2025-03-03", "12:15", "12:45", "Lunch Break"),  // between the periods
            brk("2025-03-03", "16:50", "17:20", "Short Break"),  // half inside
        ];
        let time = day_time(&periods, &breaks, &[]);
        assert_eq!(time, DayTime { worked: 480 - 55, rest: 55, paid_breaks: 0 });
        let paid = day_time(&periods, &breaks, &["Short Break".into()]);
        assert_eq!(paid, DayTime { worked: 480 - 45, rest: 45, paid_breaks: 10 });
    }

    #[test]
    fn a_night_shift_counts_on_its_first_day() {
        let periods = [period("2025-03-03", "22:00", "06:00")];
        let breaks = [brk("2025-03-04", "02:00", "02:30", "Lunch Break")];
        let days = days_time(&periods, &breaks, &[]);
        assert_eq!(days.len(), 1);
        assert_eq!(days[&d("2025-03-03")], DayTime { worked: 450, rest: 30, paid_breaks: 0 });
    }

    #[test]
    fn targets_follow_the_schedule_in_force_and_credits() {
        let team = default_weekdays(&[1, 2, 3, 4, 5]);
        let member = [MemberWeekdays { from: d("2025-03-12"), weekdays: [400, 400, 400, 0, 0, 0, 0] }];
        assert_eq!(scheduled(d("2025-03-11"), &team, &member), 480); // Tuesday before
        assert_eq!(scheduled(d("2025-03-13"), &team, &member), 0); // Thursday after
        assert_eq!(scheduled(d("2025-03-17"), &team, &member), 400); // Monday after
        assert_eq!(scheduled(d("2025-03-15"), &team, &[]), 0); // Saturday
        let holiday = Credit { holiday: Some("Easter".into()), leave: None };
        assert_eq!(target_after(480, &holiday), 0);
        assert_eq!(target_after(480, &Credit { holiday: None, leave: Some(("Vacation".into(), true)) }), 240);
        assert_eq!(target_after(480, &Credit { holiday: None, leave: Some(("Vacation".into(), false)) }), 0);
    }

    fn arb_time() -> impl Strategy<Value = NaiveTime> {
        (0u32..24, 0u32..60).prop_map(|(h, m)| NaiveTime::from_hms_opt(h, m, 0).unwrap())
    }
    fn arb_period() -> impl Strategy<Value = PeriodSpan> {
        (0i64..28, arb_time(), 1i64..(16 * 60)).prop_map(|(day, start, len)| {
            let date = d("2025-03-01") + chrono::Duration::days(day);
            let end = start + chrono::Duration::minutes(len);
            PeriodSpan { date, start, end, next_day: end <= start }
        })
    }
    fn arb_break() -> impl Strategy<Value = BreakSpan> {
        (0i64..28, arb_time(), 1i64..480, prop_oneof![Just("Lunch Break"), Just("Short Break")]).prop_map(
            |(day, start, len, kind)| BreakSpan {
                date: d("2025-03-01") + chrono::Duration::days(day),
                start,
                end: start + chrono::Duration::minutes(len),
                break_type: kind.into(),
            },
        )
    }

    /// Rest counted minute by minute: a minute of a day is rest when a period of that day and an unpaid break
    /// both cover it.
    fn rest_by_minutes(periods: &[PeriodSpan], breaks: &[BreakSpan], paid: &[String]) -> i64 {
        let covered = |spans: Vec<(i64, i64)>, m: i64| spans.iter().any(|(s, e)| *s <= m && m < *e);
        let p: Vec<_> = periods.iter().map(PeriodSpan::interval).collect();
        let b: Vec<_> = breaks.iter().filter(|b| !paid.contains(&b.break_type)).map(BreakSpan::interval).collect();
        let lo = p.iter().map(|x| x.0).min().unwrap_or(0);
        let hi = p.iter().map(|x| x.1).max().unwrap_or(0);
        (lo..hi).filter(|m| covered(p.clone(), *m) && covered(b.clone(), *m)).count() as i64
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn net_is_periods_minus_rest_inside_never_negative_and_order_free(
            periods in proptest::collection::vec(arb_period(), 0..4),
            breaks in proptest::collection::vec(arb_break(), 0..6),
            paid_short in any::<bool>(),
            seed in any::<u64>(),
        ) {
            let paid: Vec<String> = if paid_short { vec!["Short Break".into()] } else { vec![] };
            let days = days_time(&periods, &breaks, &paid);
            for (date, time) in &days {
                let mine: Vec<PeriodSpan> = periods.iter().filter(|p| p.date == *date).cloned().collect();
                let sum: i64 = mine.iter().map(PeriodSpan::minutes).sum();
                prop_assert!(time.worked >= 0);
                prop_assert_eq!(time.rest, rest_by_minutes(&mine, &breaks, &paid));
                prop_assert_eq!(time.worked, (sum - time.rest).max(0));
            }
            // Any order of entry gives the same days.
            let mut p2 = periods.clone();
            let mut b2 = breaks.clone();
            let n = p2.len().max(1);
            p2.rotate_left((seed as usize) % n);
            p2.reverse();
            let m = b2.len().max(1);
            b2.rotate_left((seed as usize / 7) % m);
            b2.reverse();
            prop_assert_eq!(&days, &days_time(&p2, &b2, &paid));
            // A month's total is the sum of its days, whichever way the days are computed.
            let month = Totals::sum(days.values().map(|t| Totals::of_day(t.worked, 0)));
            let one_by_one: i64 = days.keys().map(|date| {
                let mine: Vec<PeriodSpan> = periods.iter().filter(|p| p.date == *date).cloned().collect();
                days_time(&mine, &breaks, &paid)[date].worked
            }).sum();
            prop_assert_eq!(month.worked, one_by_one);
            prop_assert_eq!(month.difference, month.worked - month.target);
        }
    }
}
