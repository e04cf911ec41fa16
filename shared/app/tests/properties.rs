//! Property tests of the records' time arithmetic (product specification §5): any input is answered without a
//! panic, and the rules hold for every generated value, not only for the examples of the unit tests.
//!
//! Breaks: a duration is 1 to 480 minutes, an end before the start is the next day, an end equal to the start is
//! refused. Live breaks: whatever the zone (daylight-saving changes included) and however long the break was left
//! open, ending it records 1 to 480 minutes, the real elapsed time. Leaves: `days` is the inclusive day count.
//! Date ranges, a user's "today" in their zone, paging.
//!
//! `PROPTEST_CASES` sets the number of cases per property (256 by default).

use bt_app::error::AppError;
use bt_app::records::breaks::{close_open_break, MAX_BREAK_MINUTES, TOO_LONG, TOO_LONG_NEXT_DAY, ZERO_LENGTH};
use bt_app::records::dates::{
    format_date, format_time, inclusive_days, minutes_between, parse_date, parse_time, today, today_in, DateRange,
    MAX_RANGE_DAYS, RANGE_REVERSED,
};
use bt_app::records::{
    validate_break, validate_leave, validate_meeting, BreakInput, LeaveInput, MeetingInput, OpenBreak, Paging,
};
use bt_app::types::{ClockTime, Day, TeamId, UserId};
use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, Offset, TimeZone, Timelike, Utc};
use chrono_tz::Tz;
use proptest::prelude::*;

const DAY_MINUTES: i64 = 24 * 60;

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(256);
    // Failures are shown with their minimal input, not written next to the sources.
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

fn time() -> impl Strategy<Value = NaiveTime> {
    (0u32..24, 0u32..60).prop_map(|(h, m)| NaiveTime::from_hms_opt(h, m, 0).unwrap())
}

/// Any date the API accepts (years 1900 to 2999).
fn date() -> impl Strategy<Value = NaiveDate> {
    let first = NaiveDate::from_ymd_opt(1900, 1, 1).unwrap();
    let span = (NaiveDate::from_ymd_opt(2999, 12, 31).unwrap() - first).num_days();
    (0..=span).prop_map(move |n| first + Duration::days(n))
}

/// An instant between 1970 and 2100.
fn instant() -> impl Strategy<Value = DateTime<Utc>> {
    (0i64..4_102_444_800).prop_map(|s| Utc.timestamp_opt(s, 0).unwrap())
}

/// Any IANA zone chrono-tz knows.
fn zone() -> impl Strategy<Value = Tz> {
    (0..chrono_tz::TZ_VARIANTS.len()).prop_map(|i| chrono_tz::TZ_VARIANTS[i])
}

/// The instants around which a zone's offset changes, found by stepping a year in hours: the daylight-saving
/// edges the properties below must survive.
fn transitions(tz: Tz, year: i32) -> Vec<DateTime<Utc>> {
    let start = Utc.with_ymd_and_hms(year, 1, 1, 0, 0, 0).unwrap();
    let offset = |t: DateTime<Utc>| t.with_timezone(&tz).offset().fix().local_minus_utc();
    let mut out = Vec::new();
    let mut t = start;
    while t.year() == year {
        let next = t + Duration::hours(1);
        if offset(t) != offset(next) {
            out.push(next);
        }
        t = next;
    }
    out
}

/// An instant close to a change of offset in a zone that has them (Europe, the Americas, Oceania), or anywhere.
fn near_transition() -> impl Strategy<Value = (Tz, DateTime<Utc>)> {
    let zones = [
        chrono_tz::Europe::Berlin,
        chrono_tz::Europe::London,
        chrono_tz::America::New_York,
        chrono_tz::America::Santiago,
        chrono_tz::Australia::Lord_Howe,
        chrono_tz::Australia::Sydney,
        chrono_tz::Asia::Tehran,
        chrono_tz::Pacific::Chatham,
    ];
    (0..zones.len(), 1990i32..2030, any::<prop::sample::Index>(), -600i64..600).prop_map(
        move |(z, year, which, minutes)| {
            let tz = zones[z];
            let edges = transitions(tz, year);
            let base = if edges.is_empty() {
                Utc.with_ymd_and_hms(year, 6, 1, 0, 0, 0).unwrap()
            } else {
                edges[which.index(edges.len())]
            };
            (tz, base + Duration::minutes(minutes))
        },
    )
}

fn break_input(start: &str, end: &str, day: &str) -> BreakInput {
    BreakInput {
        start_time: Some(start.into()),
        end_time: Some(end.into()),
        created_date: Some(day.into()),
        reason: Some("generated".into()),
        break_type: Some("Coffee Break".into()),
    }
}

fn field_message<T>(result: &Result<T, AppError>, field: &str) -> Option<String> {
    match result {
        Err(AppError::Validation(fields)) => fields.get(field).cloned(),
        Err(other) => panic!("expected a validation error, got {other:?}"),
        Ok(_) => None,
    }
}

fn open_break(since: DateTime<Utc>, tz: Tz) -> OpenBreak {
    let local = since.with_timezone(&tz);
    OpenBreak {
        user_id: UserId::parse("01HZX3Y8Q2W5E7R9T1V3B5N7M9").unwrap(),
        team_id: TeamId::parse("01HZX3Y8Q2W5E7R9T1V3B5N7M8").unwrap(),
        name: "Generated".into(),
        break_type: "Lunch Break".into(),
        reason: String::new(),
        since: since.to_rfc3339(),
        start_time: ClockTime::from_time(local.time()),
        created_date: Day::from_date(local.date_naive()).unwrap(),
        time_zone: tz.name().into(),
    }
}

proptest! {
    #![proptest_config(config())]

    /// Any text: the date and time readers answer without a panic, and what they accept is the canonical form of
    /// a value (reading it back gives the same value).
    #[test]
    fn any_text_is_read_or_refused(s in "\\PC{0,12}|[0-9:\\- ]{0,12}|.{0,40}") {
        if let Some(t) = parse_time(&s) {
            prop_assert_eq!(parse_time(&format_time(t)), Some(t));
            prop_assert_eq!(t.second(), 0);
        }
        if let Some(d) = parse_date(&s) {
            prop_assert_eq!(parse_date(&format_date(d)), Some(d));
            prop_assert!((1900..=2999).contains(&d.year()));
        }
        let _ = DateRange::parse(Some(&s), Some(&s), "from", "to");
        let _ = DateRange::required(Some(&s), None, "from", "to");
        let _ = validate_break(&break_input(&s, &s, &s), NaiveDate::from_ymd_opt(2024, 5, 1).unwrap());
        let some = || Some(s.clone());
        let _ = validate_leave(&LeaveInput { from_date: some(), to_date: some(), reason: some(), type_id: None, half_day: None });
        let _ = validate_meeting(&MeetingInput { from: some(), to: some(), schedule_date: some(), description: None, title: some(), place: some(), attendees: Some(vec![s.clone()]) });
        let _ = today_in(&s, Utc::now());
    }

    /// Every `HH:MM` (and `HH:MM:SS`) of a day is read; hours from 24 and minutes from 60 are not.
    #[test]
    fn times_are_24_hour(h in 0u32..100, m in 0u32..100, sec in 0u32..60, seconds in any::<bool>()) {
        let text = if seconds { format!("{h:02}:{m:02}:{sec:02}") } else { format!("{h:02}:{m:02}") };
        let read = parse_time(&text);
        if h < 24 && m < 60 {
            prop_assert_eq!(read, NaiveTime::from_hms_opt(h, m, 0));
        } else {
            prop_assert_eq!(read, None);
        }
    }

    /// The minutes of a break: 0 to 1439, the end is start + minutes on the clock, and an end before the start
    /// is on the next day.
    #[test]
    fn an_end_before_the_start_is_the_next_day(start in time(), end in time()) {
        let minutes = minutes_between(start, end);
        prop_assert!((0..DAY_MINUTES).contains(&minutes));
        prop_assert_eq!(start + Duration::minutes(minutes), end);
        let minute_of_day = |t: NaiveTime| i64::from(t.num_seconds_from_midnight() / 60);
        let same_day = minute_of_day(end) - minute_of_day(start);
        if end >= start {
            prop_assert_eq!(minutes, same_day);
        } else {
            prop_assert_eq!(minutes, same_day + DAY_MINUTES);
        }
    }

    /// A logged break is accepted exactly when it lasts 1 to 480 minutes (across midnight too), and its duration
    /// is the server's own count.
    #[test]
    fn a_break_lasts_one_minute_to_eight_hours(start in time(), end in time(), day in date(), ahead in -3i64..4) {
        let today = day - Duration::days(ahead);
        let result = validate_break(&break_input(&format_time(start), &format_time(end), &format_date(day)), today);
        let minutes = minutes_between(start, end);
        match &result {
            Ok(b) => {
                prop_assert!((1..=MAX_BREAK_MINUTES).contains(&b.duration));
                prop_assert_eq!(b.duration, minutes);
                prop_assert_eq!((b.start_time.time(), b.end_time.time(), b.created_date.date()), (start, end, day));
                prop_assert!(day <= today + Duration::days(1));
            }
            Err(_) => {
                let end_message = field_message(&result, "endTime");
                let date_message = field_message(&result, "createdDate");
                prop_assert_eq!(end_message.is_some() || date_message.is_some(), true);
                match minutes {
                    0 => prop_assert_eq!(end_message.as_deref(), Some(ZERO_LENGTH)),
                    // Past midnight the message says the end was taken as the next day.
                    m if m > MAX_BREAK_MINUTES && end < start => prop_assert_eq!(end_message.as_deref(), Some(TOO_LONG_NEXT_DAY)),
                    m if m > MAX_BREAK_MINUTES => prop_assert_eq!(end_message.as_deref(), Some(TOO_LONG)),
                    _ => prop_assert_eq!(end_message, None),
                }
                prop_assert_eq!(date_message.is_some(), day > today + Duration::days(1));
            }
        }
    }

    /// Ending a live break anywhere, at any time: 1 to 480 minutes; a break left open past 8 hours is 8 hours,
    /// a shorter one is its real length in whole minutes (at least one).
    #[test]
    fn a_live_break_ends_within_one_minute_and_eight_hours(
        tz in zone(),
        since in instant(),
        elapsed in prop_oneof![0i64..600, 0i64..(9 * 3600), (8i64 * 3600 - 120)..(8 * 3600 + 120), 0i64..(40 * 86_400)],
    ) {
        let now = since + Duration::seconds(elapsed);
        let closed = close_open_break(&open_break(since, tz), now);
        prop_assert!(closed.is_ok(), "{:?}", closed);
        let closed = closed.unwrap();
        prop_assert!((1..=MAX_BREAK_MINUTES).contains(&closed.duration));
        check_live_break(&closed, since, tz, elapsed)?;
    }

    /// The same around daylight-saving changes, where the wall clock jumps or repeats an hour.
    #[test]
    fn a_live_break_across_a_clock_change((tz, since) in near_transition(), elapsed in 0i64..(10 * 3600)) {
        let now = since + Duration::seconds(elapsed);
        let closed = close_open_break(&open_break(since, tz), now);
        prop_assert!(closed.is_ok(), "{:?}", closed);
        check_live_break(&closed.unwrap(), since, tz, elapsed)?;
    }

    /// A leave is accepted from one day up to 366, `days` is the inclusive count, and a To date before the From
    /// date is refused.
    #[test]
    fn leave_days_are_the_inclusive_count(from in date(), length in -30i64..400) {
        let to = from + Duration::days(length);
        let input = LeaveInput {
            from_date: Some(format_date(from)),
            to_date: Some(format_date(to)),
            reason: Some("Holiday".into()),
            type_id: None,
            half_day: None,
        };
        let result = validate_leave(&input);
        let valid_to = (1900..=2999).contains(&to.year());
        prop_assert_eq!(result.is_ok(), valid_to && (0..366).contains(&length), "{} to {}", from, to);
        match result {
            Ok(l) => {
                prop_assert_eq!(l.days, length + 1);
                prop_assert_eq!(l.days, inclusive_days(from, to));
                let mut counted = 0;
                let mut d = from;
                while d <= to {
                    counted += 1;
                    d += Duration::days(1);
                }
                prop_assert_eq!(l.days, counted);
            }
            Err(e) => prop_assert!(field_message(&Err::<(), _>(e), "toDate").is_some()),
        }
    }

    /// A meeting ends after it starts on the same day (no next-day rule for meetings).
    #[test]
    fn a_meeting_ends_after_it_starts(from in time(), to in time(), day in date()) {
        let input = MeetingInput {
            from: Some(format_time(from)),
            to: Some(format_time(to)),
            schedule_date: Some(format_date(day)),
            description: None,
            ..Default::default()
        };
        prop_assert_eq!(validate_meeting(&input).is_ok(), to > from);
    }

    /// A range of two dates holds both ends and every day between, `days` is its inclusive length, a reversed
    /// range is refused on its end, a report range is at most five years, and the days a leave spends inside a
    /// range are counted one by one.
    #[test]
    fn date_ranges(a in date(), b in date(), leave_from in date(), leave_length in 0i64..400) {
        let parsed = DateRange::parse(Some(&format_date(a)), Some(&format_date(b)), "from", "to");
        if b < a {
            let message = field_message(&parsed, "to");
            prop_assert_eq!(message.as_deref(), Some(RANGE_REVERSED));
            return Ok(());
        }
        let range = parsed.unwrap().unwrap();
        prop_assert_eq!((range.from, range.to), (a, b));
        prop_assert_eq!(range.days(), (b - a).num_days() + 1);
        prop_assert!(range.contains(a) && range.contains(b));
        prop_assert!(!range.contains(a - Duration::days(1)) && !range.contains(b + Duration::days(1)));
        let required = DateRange::required(Some(&format_date(a)), Some(&format_date(b)), "from", "to");
        prop_assert_eq!(required.is_ok(), range.days() <= MAX_RANGE_DAYS);
        let single = DateRange::parse(None, Some(&format_date(b)), "from", "to").unwrap().unwrap();
        prop_assert_eq!(single.days(), 1);

        let leave_to = leave_from + Duration::days(leave_length);
        let overlap = range.overlap_days(leave_from, leave_to);
        let inside = (0..=leave_length).filter(|n| range.contains(leave_from + Duration::days(*n))).count() as i64;
        prop_assert_eq!(overlap, inside);
    }

    /// A user's "today" is the calendar day on their zone's clock: within a day of the UTC date, the same as the
    /// zone's offset applied by hand, and it moves to the next day exactly at their local midnight.
    #[test]
    fn today_is_the_day_on_the_users_clock(tz in zone(), now in instant()) {
        let day = today(tz, now);
        let offset = now.with_timezone(&tz).offset().fix().local_minus_utc();
        prop_assert_eq!(day, (now + Duration::seconds(i64::from(offset))).date_naive());
        prop_assert!((day - now.date_naive()).num_days().abs() <= 1);
        prop_assert_eq!(today_in(tz.name(), now), format_date(day));
        // The next local midnight (when the clock shows it) is tomorrow, the second before it still today.
        let midnight = (day + Duration::days(1)).and_hms_opt(0, 0, 0).unwrap();
        if let Some(m) = tz.from_local_datetime(&midnight).earliest() {
            let m = m.with_timezone(&Utc);
            prop_assert!(today(tz, m) > day, "{} then {} in {}", day, today(tz, m), tz.name());
            if m - Duration::seconds(1) >= now {
                prop_assert_eq!(today(tz, m - Duration::seconds(1)), day);
            }
        }
    }

    /// Paging: `limit` 1 to 100, a page never longer than the limit, pages in order.
    #[test]
    fn paging(skip in 0u64..200, limit in 0u64..150, len in 0usize..300) {
        match Paging::new(Some(skip), Some(limit)) {
            Ok(p) => {
                prop_assert!((1..=100).contains(&limit));
                let items: Vec<usize> = (0..len).collect();
                let page = p.slice(items);
                prop_assert!(page.len() <= limit as usize);
                let expected: Vec<usize> = (skip as usize..len).take(limit as usize).collect();
                prop_assert_eq!(page, expected);
            }
            Err(_) => prop_assert!(limit == 0 || limit > 100),
        }
    }
}

/// What a closed live break must hold: its date and start are the start on the zone's clock, and its duration is
/// the time it was open in whole minutes (1 at least, 480 at most).
fn check_live_break(
    closed: &bt_app::records::ValidBreak,
    since: DateTime<Utc>,
    tz: Tz,
    elapsed: i64,
) -> Result<(), TestCaseError> {
    let start = since.with_timezone(&tz).naive_local();
    prop_assert_eq!(closed.created_date.date(), start.date());
    prop_assert_eq!(closed.start_time.to_string(), format_time(start.time()));
    prop_assert_eq!(minutes_between(closed.start_time.time(), closed.end_time.time()), closed.duration);
    let whole_minutes = (i64::from(start.second()) + elapsed.min(MAX_BREAK_MINUTES * 60)) / 60;
    prop_assert_eq!(closed.duration, whole_minutes.clamp(1, MAX_BREAK_MINUTES), "{} s open in {}", elapsed, tz.name());
    Ok(())
}

/// The two clock changes of Europe/Berlin in 2024, each inside a 30-minute live break.
#[test]
fn a_live_break_over_a_clock_change_is_its_real_length() {
    let berlin = chrono_tz::Europe::Berlin;
    for since in ["2024-10-27T00:50:00Z", "2024-03-31T00:50:00Z"] {
        let since = DateTime::parse_from_rfc3339(since).unwrap().with_timezone(&Utc);
        let closed = close_open_break(&open_break(since, berlin), since + Duration::minutes(30));
        assert_eq!(closed.map(|b| b.duration).map_err(|e| format!("{e:?}")), Ok(30), "a break from {since}");
    }
}

// ---- working days ------------------------------------------------------------------------------------------------

fn work_week() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::btree_set(1u8..=7, 1..=7).prop_map(|s| s.into_iter().collect())
}

proptest! {
    #[test]
    fn working_days_split_by_year_and_stay_within_the_calendar(
        from in date(),
        length in 0i64..400,
        week in work_week(),
        holiday_offsets in proptest::collection::btree_set(0i64..400, 0..10),
    ) {
        use bt_app::records::allowances::{working_days, HalfDay};
        use std::collections::BTreeSet;
        let to = from + Duration::days(length);
        let holidays: BTreeSet<NaiveDate> = holiday_offsets.iter().map(|o| from + Duration::days(*o)).collect();
        let all = working_days(from, to, None, &week, &holidays, None);
        // Each year counts its own days: the parts add up to the whole.
        let parts: f64 = (from.year()..=to.year()).map(|y| working_days(from, to, None, &week, &holidays, Some(y))).sum();
        prop_assert_eq!(all, parts);
        prop_assert!(all <= (length + 1) as f64);
        // Without holidays, a full week of seven days counts exactly the working days of the week.
        let seven = working_days(from, from + Duration::days(6), None, &week, &BTreeSet::new(), None);
        prop_assert_eq!(seven, week.len() as f64);
        // Holidays only ever take days away.
        prop_assert!(all <= working_days(from, to, None, &week, &BTreeSet::new(), None));
        // A half day is half of its one day, whichever half.
        let one = working_days(from, from, None, &week, &BTreeSet::new(), None);
        prop_assert_eq!(working_days(from, from, Some(HalfDay::Pm), &week, &BTreeSet::new(), None), one / 2.0);
    }
}

// ---- reminders: due times across zones and clock changes -------------------------------------------------------

mod reminders {
    use super::*;
    use bt_app::notifications::due::{
        due_minute, in_quiet_hours, local_instant, minute_key, next_daily, shard_of, SHARDS,
    };

    proptest! {
        #![proptest_config(config())]

        /// The next daily reminder is after `after`, within a day and a few hours (a clock change), and shows the
        /// chosen local time, or, when a clock change skips it that day, the first minute after the gap.
        #[test]
        fn the_next_daily_reminder_shows_the_chosen_local_time((tz, after) in near_transition(), at in time()) {
            let next = next_daily(tz, at, after);
            prop_assert!(next > after);
            prop_assert!(next - after <= Duration::hours(27), "{next} is more than a day after {after}");
            let local = next.with_timezone(&tz).naive_local();
            if local.time() != at {
                // Skipped: the moment before was still before the chosen time on the clock of that day.
                let before = (next - Duration::minutes(1)).with_timezone(&tz).naive_local();
                prop_assert!(before.time() < at || before.date() < local.date(), "{local} for {at} in {tz}");
                prop_assert!(local.time() > at, "a skipped time is taken after the gap, not before: {local} for {at}");
            }
            // Nothing in between shows that time: it is the first occurrence after `after`.
            let previous_day = next_daily(tz, at, after - Duration::days(1) - Duration::hours(3));
            prop_assert!(previous_day <= next);
        }

        /// A local date and time maps to an instant whose local reading is that time, or just after a gap.
        #[test]
        fn a_local_time_maps_to_its_instant(tz in zone(), day in date(), at in time()) {
            let instant = local_instant(tz, day, at);
            let local = instant.with_timezone(&tz).naive_local();
            let wanted = day.and_time(at);
            prop_assert!(local >= wanted, "{local} before {wanted} in {tz}");
            prop_assert!(local - wanted <= Duration::hours(4), "{local} far after {wanted} in {tz}");
        }

        /// A reminder is never filed before it is due, and at most a minute after; its key names that minute.
        #[test]
        fn a_reminder_is_filed_at_its_minute_or_the_next(t in instant(), ms in 0i64..60_000) {
            let due = t + Duration::milliseconds(ms);
            let minute = due_minute(due);
            prop_assert!(minute >= due && minute - due < Duration::minutes(1));
            prop_assert_eq!(minute.second(), 0);
            prop_assert_eq!(minute_key(minute).len(), 16);
        }

        /// Quiet hours hold exactly the local times in `[from, to)`, across midnight too.
        #[test]
        fn quiet_hours_hold_their_local_times(tz in zone(), t in instant(), from in time(), to in time()) {
            let local = t.with_timezone(&tz).time();
            let local = NaiveTime::from_hms_opt(local.hour(), local.minute(), local.second()).unwrap();
            let inside = if from <= to { from <= local && local < to } else { local >= from || local < to };
            prop_assert_eq!(in_quiet_hours(tz, (from, to), t), inside);
        }

        /// Shards are spread over every partition of a minute.
        #[test]
        fn shards_are_in_range(id in "[0-9A-Z]{26}") {
            prop_assert!(shard_of(&id) < SHARDS);
        }
    }

    #[test]
    fn a_thousand_people_spread_over_every_shard() {
        let mut counts = vec![0u32; SHARDS as usize];
        for i in 0..1000u32 {
            let id =
                ulid::Ulid::from_parts(1_700_000_000_000 + u64::from(i) * 7919, u128::from(i) * 104_729).to_string();
            counts[shard_of(&id) as usize] += 1;
        }
        let (min, max) = (*counts.iter().min().unwrap(), *counts.iter().max().unwrap());
        assert!(min >= 80 && max <= 170, "uneven shards: {counts:?}");
    }
}
