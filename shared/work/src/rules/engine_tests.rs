//! Worked examples for each preset at the edges, and properties of the engine.

use chrono::{NaiveDate, NaiveDateTime, NaiveTime};
use proptest::prelude::*;

use super::*;
use crate::rules::model::{BreakTier, Preset, RuleKind, RuleSet};

const D: (i32, u32, u32) = (2026, 3, 10);

fn date(d: (i32, u32, u32)) -> NaiveDate {
    NaiveDate::from_ymd_opt(d.0, d.1, d.2).unwrap()
}

fn t(s: &str) -> NaiveTime {
    NaiveTime::parse_from_str(s, "%H:%M").unwrap()
}

fn at(d: (i32, u32, u32), s: &str) -> NaiveDateTime {
    NaiveDateTime::new(date(d), t(s))
}

fn period(from: &str, to: &str) -> PeriodSpan {
    PeriodSpan { date: date(D), start: t(from), end: t(to), next_day: t(to) < t(from) }
}

fn brk(from: &str, to: &str) -> BreakSpan {
    BreakSpan { date: date(D), start: t(from), end: t(to), break_type: "Lunch Break".into() }
}

fn run(preset: Preset, periods: &[PeriodSpan], breaks: &[BreakSpan]) -> Vec<(RuleKind, i64)> {
    run_set(&RuleSet::preset(preset), periods, breaks)
}

fn input<'a>(periods: &'a [PeriodSpan], breaks: &'a [BreakSpan]) -> DayInput<'a> {
    DayInput { date: date(D), periods, breaks, paid_types: &[], previous_end: None, tz: chrono_tz::Europe::Berlin }
}

fn run_set(rules: &RuleSet, periods: &[PeriodSpan], breaks: &[BreakSpan]) -> Vec<(RuleKind, i64)> {
    evaluate_day(rules, &input(periods, breaks)).into_iter().map(|f| (f.rule, f.minutes_missing)).collect()
}

use RuleKind::{Break as B, Continuous as C, DailyMax as M, Rest as R};

#[test]
fn germany_at_the_edges() {
    let de = Preset::De;
    // Exactly 6 hours: no break due, and 6 hours in a row is allowed.
    assert_eq!(run(de, &[period("08:00", "14:00")], &[]), vec![]);
    // 6 h 1 min: the whole 30 minutes are missing, and the stretch is a minute too long.
    assert_eq!(run(de, &[period("08:00", "14:01")], &[]), vec![(B, 30), (C, 1)]);
    // Exactly 9 hours of net work with 30 minutes of break.
    assert_eq!(run(de, &[period("08:00", "17:30")], &[brk("12:00", "12:30")]), vec![]);
    // 9 h 1 min: 45 minutes are due, 15 short.
    assert_eq!(run(de, &[period("08:00", "17:31")], &[brk("12:00", "12:30")]), vec![(B, 15)]);
    // A 14-minute block does not count (blocks of at least 15 minutes, § 4 sentence 2).
    assert_eq!(run(de, &[period("08:00", "15:00")], &[brk("11:00", "11:14")]), vec![(B, 30), (C, 60)]);
    // Two 15-minute blocks make the 30 minutes.
    assert_eq!(run(de, &[period("08:00", "15:00")], &[brk("10:00", "10:15"), brk("12:00", "12:15")]), vec![]);
    // Three 10-minute pauses count for nothing in Germany.
    let tens = [brk("10:00", "10:10"), brk("11:00", "11:10"), brk("12:00", "12:10")];
    assert_eq!(run(de, &[period("08:00", "14:31")], &tens), vec![(B, 30), (C, 31)]);
    // More than 10 hours of net work.
    assert_eq!(run(de, &[period("07:00", "18:00")], &[brk("12:00", "12:45")]), vec![(M, 15)]);
}

#[test]
fn a_break_at_the_edge_of_the_day_does_not_interrupt_work() {
    // A break at the very start (or the very end) of the day does not interrupt work: it shortens the day instead.
    assert_eq!(run(Preset::De, &[period("08:00", "14:45")], &[brk("14:15", "14:45")]), vec![(B, 30), (C, 15)]);
    assert_eq!(run(Preset::De, &[period("08:00", "14:45")], &[brk("08:00", "08:30")]), vec![(B, 30), (C, 15)]);
    // A break outside the periods changes nothing.
    assert_eq!(run(Preset::De, &[period("08:00", "14:30")], &[brk("15:00", "15:30")]), vec![(B, 30), (C, 30)]);
    // The gap between two periods of the day is a break.
    assert_eq!(run(Preset::De, &[period("08:00", "12:00"), period("12:30", "15:00")], &[]), vec![]);
}

#[test]
fn a_night_shift_over_midnight() {
    let night = [period("22:00", "06:30")];
    let next = (D.0, D.1, D.2 + 1);
    let at_two = BreakSpan { date: date(next), start: t("02:00"), end: t("02:30"), break_type: "Lunch Break".into() };
    assert_eq!(run(Preset::De, &night, &[at_two]), vec![]);
    let findings = evaluate_day(&RuleSet::preset(Preset::De), &input(&night, &[]));
    assert_eq!(findings.iter().map(|f| (f.rule, f.minutes_missing)).collect::<Vec<_>>(), vec![(B, 30), (C, 150)]);
    assert_eq!(findings[0].when, "2026-03-11T06:30");
    assert_eq!(findings[1].when, "2026-03-11T04:00");
    assert_eq!(findings[0].law, "ArbZG § 4");
    assert_eq!(
        findings[0].message,
        "Break 30 minutes short: 30 minutes are due after more than 6 hours of work, 0 minutes taken."
    );
    assert_eq!(findings[1].message, "8 h 30 without a break (at most 6 h).");
}

#[test]
fn austria_united_kingdom_and_the_eu() {
    let tens = [brk("10:00", "10:10"), brk("11:00", "11:10"), brk("12:00", "12:10")];
    // Austria: three 10-minute parts make the 30 minutes; no rule on the stretch.
    assert_eq!(run(Preset::At, &[period("08:00", "14:31")], &tens), vec![]);
    assert_eq!(run(Preset::At, &[period("08:00", "14:01")], &[]), vec![(B, 30)]);
    assert_eq!(run(Preset::At, &[period("08:00", "14:00")], &[]), vec![]);
    // 11 h is within Austria's 12 hours, 12 h 15 is not.
    assert_eq!(run(Preset::At, &[period("07:00", "18:30")], &[brk("12:00", "12:30")]), vec![]);
    assert_eq!(run(Preset::At, &[period("06:00", "18:45")], &[brk("12:00", "12:30")]), vec![(M, 15)]);
    // The UK: one uninterrupted 20 minutes; two 10-minute pauses do not make it.
    assert_eq!(run(Preset::Uk, &[period("08:00", "14:21")], &[brk("11:00", "11:20")]), vec![]);
    assert_eq!(run(Preset::Uk, &[period("08:00", "14:21")], &tens[..2]), vec![(B, 20)]);
    assert_eq!(run(Preset::Uk, &[period("07:00", "20:00")], &[brk("11:00", "11:20")]), vec![]);
    // The EU minimum with a 20-minute break set by the team.
    let mut eu = RuleSet::preset(Preset::Eu);
    eu.breaks = vec![BreakTier { after_minutes: 360, minutes: 20 }];
    eu.min_block_minutes = 20;
    assert_eq!(run_set(&eu, &[period("08:00", "14:16")], &[brk("10:00", "10:15")]), vec![(B, 20)]);
    assert_eq!(run_set(&eu, &[period("08:00", "14:20")], &[brk("10:00", "10:20")]), vec![]);
    // No rules: nothing.
    assert_eq!(run(Preset::None, &[period("00:00", "23:59")], &[]), vec![]);
}

#[test]
fn paid_breaks_are_not_rest() {
    let (paid_types, periods) = (["Lunch Break".to_string()], [period("08:00", "14:31")]);
    let day = DayInput { paid_types: &paid_types, ..input(&periods, &[]) };
    let breaks = [brk("11:00", "11:30")];
    let paid = DayInput { breaks: &breaks, ..day };
    let kinds: Vec<_> = evaluate_day(&RuleSet::preset(Preset::De), &paid).into_iter().map(|f| f.rule).collect();
    assert_eq!(kinds, vec![B, C]);
}

#[test]
fn the_daily_rest_is_measured_in_real_minutes_across_a_clock_change() {
    let berlin = chrono_tz::Europe::Berlin;
    let de = RuleSet::preset(Preset::De);
    // Spring forward (29 March 2026): 22:00 to 08:30 on the clock is 9 h 30 of rest.
    assert_eq!(short_rest(&de, at((2026, 3, 28), "22:00"), at((2026, 3, 29), "08:30"), berlin), Some((570, 660)));
    // Fall back (25 October 2026): 22:00 to 08:00 on the clock is 11 hours.
    assert_eq!(short_rest(&de, at((2026, 10, 24), "22:00"), at((2026, 10, 25), "08:00"), berlin), None);
    // An ordinary night: 22:10 to 09:10 is exactly 11 hours, 09:09 a minute short.
    assert_eq!(short_rest(&de, at((2026, 3, 9), "22:10"), at(D, "09:10"), berlin), None);
    assert_eq!(short_rest(&de, at((2026, 3, 9), "22:10"), at(D, "09:09"), berlin), Some((659, 660)));
    assert_eq!(rest_ends(&de, at((2026, 3, 9), "22:10"), berlin), Some(at(D, "09:10")));
    // As a finding of the day.
    let morning = [period("09:00", "12:00")];
    let day = DayInput { previous_end: Some(at((2026, 3, 9), "23:40")), ..input(&morning, &[]) };
    let findings = evaluate_day(&de, &day);
    assert_eq!(findings.iter().map(|f| (f.rule, f.minutes_missing)).collect::<Vec<_>>(), vec![(R, 100)]);
    assert_eq!(findings[0].message, "Rest 9 h 20 of 11 h before this day.");
    assert_eq!(findings[0].when, "2026-03-10T09:00");
}

#[test]
fn the_average_week() {
    let uk = RuleSet::preset(Preset::Uk);
    let sunday = date((2026, 3, 15));
    assert_eq!(weekly_average(&uk, sunday, &[48 * 60; 17]), None);
    let heavy = weekly_average(&uk, sunday, &[50 * 60; 17]).unwrap();
    assert_eq!((heavy.rule, heavy.minutes_missing), (RuleKind::WeeklyAverage, 120));
    assert_eq!(heavy.message, "An average week of 50 h over 17 weeks (at most 48 h).");
    // Only the reference period counts: three heavy weeks before it do not.
    let mut weeks = vec![70 * 60; 3];
    weeks.extend([40 * 60; 17]);
    assert_eq!(weekly_average(&uk, sunday, &weeks), None);
    assert_eq!(weekly_average(&RuleSet::preset(Preset::De), sunday, &[70 * 60; 17]), None);
}

#[test]
fn the_guard_plans_from_the_work_so_far() {
    let de = RuleSet::preset(Preset::De);
    // Clocked in at 08:00, now 08:00: the break at 14:00 (warned at 13:45), the next tier at 17:00, the maximum.
    let open = [period("08:00", "08:00")];
    let plan = live(&de, &input(&open, &[]), at(D, "08:00"));
    let stages: Vec<_> = plan.upcoming.iter().map(|u| (u.stage, u.warn.time(), u.due.time())).collect();
    assert_eq!(
        stages,
        vec![
            (Stage::Break(0), t("13:45"), t("14:00")),
            (Stage::Break(1), t("16:45"), t("17:00")),
            (Stage::DailyMax, t("17:30"), t("18:00")),
        ]
    );
    assert_eq!(plan.upcoming[0].message, "Your break is due in 15 minutes (30 minutes after 6 hours of work)");
    assert_eq!(plan.upcoming[1].message, "15 more minutes of break are due after 9 hours");
    assert_eq!(plan.upcoming[2].message, "You reach the daily maximum of 10 hours in 30 minutes.");
    assert!(!plan.break_due && !plan.warned);
    // At 5 h 50 the warning is out (the board's "Break due"), the break not yet overdue.
    let open = [period("08:00", "13:50")];
    let plan = live(&de, &input(&open, &[]), at(D, "13:50"));
    assert!(plan.warned && !plan.break_due);
    assert_eq!((plan.upcoming[0].stage, plan.upcoming[0].overdue), (Stage::Break(0), false));
    // 6 h 1 min on, no break yet: overdue, said now (a clock-in sent late, or a run after the limit).
    let open = [period("08:00", "14:01")];
    let plan = live(&de, &input(&open, &[]), at(D, "14:01"));
    assert!(plan.break_due && plan.warned);
    let now: Vec<_> = plan.upcoming.iter().filter(|u| u.overdue).map(|u| (u.stage, u.due.time())).collect();
    assert_eq!(now, vec![(Stage::Break(0), t("14:01"))]);
    assert_eq!(plan.upcoming[0].message, "A break is due now: 30 minutes after 6 hours of work.");
    // Past 9 hours with 30 minutes taken: the second tier's.
    let open = [period("08:00", "17:40")];
    let plan = live(&de, &input(&open, &[brk("12:00", "12:30")]), at(D, "17:40"));
    let now: Vec<_> = plan.upcoming.iter().filter(|u| u.overdue).map(|u| (u.stage, u.break_minutes)).collect();
    assert_eq!(now, vec![(Stage::Break(1), 15)]);
    // After a 30-minute break: only the next tier and the maximum are ahead.
    let open = [period("08:00", "12:00")];
    let lunch = [brk("11:00", "11:30")];
    let plan = live(&de, &input(&open, &lunch), at(D, "12:00"));
    let stages: Vec<_> = plan.upcoming.iter().map(|u| (u.stage, u.due.time())).collect();
    assert_eq!(stages, vec![(Stage::Break(1), t("17:30")), (Stage::DailyMax, t("18:30"))]);
    assert!(!plan.break_due);
    // A short pause does not count, but its minutes are not work: the break falls due later, the stretch at 14:00.
    let open = [period("08:00", "10:00")];
    let coffee = [brk("09:00", "09:10")];
    let plan = live(&de, &input(&open, &coffee), at(D, "10:00"));
    let stages: Vec<_> = plan.upcoming.iter().map(|u| (u.stage, u.due.time())).collect();
    assert_eq!(stages[..2], [(Stage::Break(0), t("14:10")), (Stage::Break(1), t("17:10"))]);
    // No rules, no plan.
    assert_eq!(live(&RuleSet::default(), &input(&open, &[]), at(D, "10:00")), Live::default());
}

#[test]
fn the_hours_and_durations_read_well() {
    assert_eq!(hours(360), "6");
    assert_eq!(hours(390), "6.5");
    assert_eq!(hm(440), "7 h 20");
    assert_eq!(hm(360), "6 h");
    assert_eq!(hm(45), "45 min");
}

// ---- properties ---------------------------------------------------------------------------------------------------

fn minute(m: i64) -> NaiveTime {
    NaiveTime::from_hms_opt((m / 60) as u32, (m % 60) as u32, 0).unwrap()
}

prop_compose! {
    fn a_period()(start in 0i64..1200, len in 1i64..600) -> PeriodSpan {
        let end = (start + len).min(24 * 60 - 1);
        PeriodSpan { date: date(D), start: minute(start), end: minute(end.max(start + 1).min(1439)), next_day: false }
    }
}

prop_compose! {
    fn a_break()(start in 0i64..1400, len in 1i64..90, paid in 0u8..4) -> BreakSpan {
        let end = (start + len).min(24 * 60 - 1);
        BreakSpan { date: date(D), start: minute(start), end: minute(end), break_type: if paid == 0 { "Paid".into() } else { "Lunch Break".into() } }
    }
}

fn presets() -> impl Strategy<Value = RuleSet> {
    prop_oneof![
        Just(RuleSet::preset(Preset::De)),
        Just(RuleSet::preset(Preset::At)),
        Just(RuleSet::preset(Preset::Uk)),
        Just(RuleSet::preset(Preset::Eu)),
    ]
}

fn counts(findings: &[Finding]) -> [i64; 5] {
    let mut out = [0; 5];
    for f in findings {
        out[RuleKind::ALL.iter().position(|k| *k == f.rule).unwrap()] += 1;
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A break added inside working time (work on both sides of it) never adds a finding.
    #[test]
    fn adding_a_break_never_adds_a_finding(
        rules in presets(),
        periods in prop::collection::vec(a_period(), 1..4),
        breaks in prop::collection::vec(a_break(), 0..4),
        extra_start in 1i64..1400,
        extra_len in 1i64..60,
    ) {
        let paid = ["Paid".to_string()];
        let day = DayInput { paid_types: &paid, ..input(&periods, &breaks) };
        let before = evaluate_day(&rules, &day);
        let extra = BreakSpan { date: date(D), start: minute(extra_start), end: minute((extra_start + extra_len).min(1439)), break_type: "Lunch Break".into() };
        // Work on both sides: the minute before and the minute after are inside a period and outside every rest.
        let layout = Layout::of(&day).unwrap();
        let base = i64::from(date(D).num_days_from_ce()) * DAY;
        let (s, e) = extra.interval();
        let working = |m: i64| layout.periods.iter().any(|p| p.0 <= m && m < p.1) && !layout.pauses.iter().any(|r| r.0 <= m && m < r.1);
        prop_assume!(e > s && working(s - 1) && working(e) && layout.periods.iter().any(|p| p.0 <= s && e <= p.1));
        let _ = base;
        let mut more = breaks.clone();
        more.push(extra);
        let after = evaluate_day(&rules, &DayInput { breaks: &more, ..day });
        let (b, a) = (counts(&before), counts(&after));
        prop_assert!(a.iter().zip(b.iter()).all(|(a, b)| a <= b), "before {:?}, after {:?}", before, after);
        for f in after.iter().filter(|f| f.rule == RuleKind::Break || f.rule == RuleKind::DailyMax) {
            let old = before.iter().find(|o| o.rule == f.rule).unwrap();
            prop_assert!(f.minutes_missing <= old.minutes_missing);
        }
    }

    /// A day without work has no findings, whatever its breaks.
    #[test]
    fn a_day_without_work_has_none(rules in presets(), breaks in prop::collection::vec(a_break(), 0..6)) {
        prop_assert!(evaluate_day(&rules, &input(&[], &breaks)).is_empty());
    }

    /// The result does not depend on the order of entry.
    #[test]
    fn order_does_not_matter(
        rules in presets(),
        periods in prop::collection::vec(a_period(), 1..4),
        breaks in prop::collection::vec(a_break(), 0..5),
    ) {
        let findings = evaluate_day(&rules, &input(&periods, &breaks));
        let mut p = periods.clone();
        let mut b = breaks.clone();
        p.reverse();
        b.reverse();
        let half = b.len() / 2;
        b.rotate_left(half);
        prop_assert_eq!(findings, evaluate_day(&rules, &input(&p, &b)));
    }
}
