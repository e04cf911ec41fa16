//! Property tests of Break Buddy's reading of dates and times: any text (random characters, word soup from the
//! engine's own vocabulary, the evaluation sentences with random edits), at any moment in any time zone, is read
//! without a panic and never proposes a value the record's form would refuse; generated sentences with known times
//! and dates are read back exactly, the 8-hour rule and the next-day rule included, and "today" is the person's
//! calendar day in their zone.
//!
//! `PROPTEST_CASES` sets the number of cases per property (256 by default).

use bt_assistant::answer;
use bt_assistant::rules;
use bt_assistant::understand::{understand, Context, Intent, Proposal, TeamLeaveType};
use chrono::{DateTime, Duration, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use proptest::prelude::*;
use serde_json::Value;

/// The spec's default break types, as a new team has them.
const TYPES: [&str; 7] = bt_records::DEFAULT_BREAK_TYPES;

const KINDS: [(&str, &str); 3] = [("coffee", "Coffee Break"), ("lunch", "Lunch Break"), ("short", "Short Break")];
const ZERO_LENGTH: &str = "Break duration must be greater than 0 minutes";
const TOO_LONG: &str = "Break cannot be more than 8 hours.";
const TOO_LONG_NEXT_DAY: &str =
    "Break cannot be more than 8 hours. The end time is before the start time, so it was taken as the next day.";

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(256);
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

fn context(tz: Tz, now: DateTime<Utc>) -> Context {
    let leave_types = [("1", "Vacation"), ("2", "Sick"), ("3", "Unpaid"), ("4", "Parental leave")]
        .iter()
        .map(|(id, name)| TeamLeaveType::new(*id, *name, *id == "1"))
        .collect();
    Context::new(now.with_timezone(&tz), TYPES.map(String::from).to_vec()).with_leave_types(leave_types)
}

fn zone() -> impl Strategy<Value = Tz> {
    (0..chrono_tz::TZ_VARIANTS.len()).prop_map(|i| chrono_tz::TZ_VARIANTS[i])
}

/// A moment between 1970 and 2100.
fn instant() -> impl Strategy<Value = DateTime<Utc>> {
    (0i64..4_102_444_800).prop_map(|s| Utc.timestamp_opt(s, 0).unwrap())
}

/// The evaluation sentences (what people really type).
fn eval_sentences() -> Vec<String> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/eval/sentences.jsonl")).unwrap();
    text.lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter_map(|v| v["message"].as_str().map(String::from))
        .collect()
}

/// Words the engine reacts to: numbers, times, dates, units, relative days, record words, joiners.
const WORDS: &[&str] = &[
    "break",
    "coffee",
    "lunch",
    "leave",
    "vacation",
    "sick",
    "meeting",
    "task",
    "checklist",
    "add",
    "log",
    "from",
    "to",
    "till",
    "until",
    "between",
    "and",
    "-",
    "at",
    "for",
    "on",
    "the",
    "in",
    "next",
    "last",
    "this",
    "coming",
    "week",
    "weeks",
    "day",
    "days",
    "today",
    "tomorrow",
    "yesterday",
    "day after tomorrow",
    "monday",
    "friday",
    "sunday",
    "march",
    "feb",
    "december",
    "3rd",
    "31st",
    "29th",
    "0",
    "1",
    "12",
    "13",
    "23",
    "24",
    "25",
    "59",
    "60",
    "99",
    "9999",
    "2026",
    "1900",
    "3000",
    "12:00",
    "00:00",
    "23:59",
    "24:00",
    "9.45",
    "1230",
    "0930",
    "930pm",
    "12am",
    "12pm",
    "0am",
    "13pm",
    "noon",
    "midnight",
    "half past",
    "quarter to",
    "o'clock",
    "am",
    "pm",
    "p.m.",
    "minutes",
    "mins",
    "hour",
    "hours",
    "an hour and a half",
    "2026-02-29",
    "2024-02-29",
    "31/04",
    "29/02/2025",
    "25/12",
    "12/25",
    "1/1/1",
    "99/99/9999",
    "now",
    "starting now",
    "urgent",
    "high",
    "done",
    "'quoted'",
    "\"",
    "?",
    ",",
    "Break Buddy",
    "how long",
    "who",
    "off",
    "a",
    "couple",
    "of",
    "fortnight",
    "twenty-five",
    "sixty",
    "forty-five",
];

fn word_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(WORDS), 0..14).prop_map(|w| w.join(" "))
}

/// An evaluation sentence with random edits: words dropped, swapped for engine words, digits changed.
fn edited_sentence() -> impl Strategy<Value = String> {
    let sentences = eval_sentences();
    (
        prop::sample::select(sentences),
        prop::collection::vec((any::<prop::sample::Index>(), 0u8..4, prop::sample::select(WORDS)), 0..4),
    )
        .prop_map(|(sentence, edits)| {
            let mut words: Vec<String> = sentence.split(' ').map(String::from).collect();
            for (at, how, word) in edits {
                if words.is_empty() {
                    words.push(word.to_string());
                    continue;
                }
                let i = at.index(words.len());
                match how {
                    0 => {
                        words.remove(i);
                    }
                    1 => words.insert(i, word.to_string()),
                    2 => words[i] = word.to_string(),
                    _ => words[i] = words[i].chars().map(|c| if c.is_ascii_digit() { '9' } else { c }).collect(),
                }
            }
            words.join(" ")
        })
}

fn any_message() -> impl Strategy<Value = String> {
    prop_oneof!["\\PC{0,60}", ".{0,200}", "[0-9:./\\- apmAPM]{0,30}", word_soup(), edited_sentence(),]
}

fn is_empty(fields: &serde_json::Map<String, Value>, field: &str) -> bool {
    match fields.get(field) {
        None | Some(Value::Null) => true,
        Some(Value::String(s)) => s.trim().is_empty(),
        Some(_) => false,
    }
}

fn parse_date(s: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").ok()
}

fn parse_time(s: &str) -> Option<NaiveTime> {
    NaiveTime::parse_from_str(s, "%H:%M").ok()
}

fn minutes_between(a: NaiveTime, b: NaiveTime) -> i64 {
    (b - a).num_minutes().rem_euclid(24 * 60)
}

/// What holds for any reading: no field of the proposal breaks a rule of its record (a field the record's checks
/// name is empty, left for the person), a break lasts 1 to 480 minutes, a leave's `days` is its inclusive count,
/// a meeting ends after it starts.
fn check_reading(message: &str, ctx: &Context) -> Result<(), TestCaseError> {
    let u = understand(message, ctx);
    if let Some(p) = u.period {
        prop_assert!(matches!(u.intent, Intent::WhoIsOff | Intent::WhoIsOffToday), "{:?}: {:?}", message, u.intent);
        prop_assert!(p.from <= p.to, "{:?}: {:?}", message, p);
    }
    let Some(p) = &u.proposal else {
        prop_assert!(u.intent.kind().is_none(), "{:?} without a proposal for {:?}", u.intent, message);
        return Ok(());
    };
    let today = ctx.now.date_naive();
    let fields = p.fields();
    for (field, why) in rules::check(p, today) {
        prop_assert!(
            is_empty(&fields, &field),
            "{:?}: {} = {:?} proposed although {}",
            message,
            field,
            fields.get(&field),
            why
        );
        prop_assert!(
            u.missing.contains(&field) || u.problems.contains_key(&field),
            "{:?}: {} neither missing nor a problem",
            message,
            field
        );
    }
    for field in u.problems.keys() {
        prop_assert!(is_empty(&fields, field), "{:?}: a refused {} is still proposed", message, field);
    }
    match p {
        Proposal::Break(b) => {
            if let (Some(s), Some(e)) = (parse_time(&b.start_time), parse_time(&b.end_time)) {
                prop_assert!((1..=480).contains(&minutes_between(s, e)), "{:?}: {:?}", message, b);
            }
            if let Some(d) = parse_date(&b.created_date) {
                prop_assert!(d <= today + Duration::days(1), "{:?}: a break on {}", message, d);
            }
        }
        Proposal::Leave(l) => {
            if let Some(id) = &l.type_id {
                prop_assert!(ctx.leave_type(id).is_some(), "{:?}: a type the team does not have: {}", message, id);
            }
            match (parse_date(&l.from_date), parse_date(&l.to_date)) {
                (Some(f), Some(t)) => {
                    prop_assert!(t >= f, "{:?}: {:?}", message, l);
                    prop_assert_eq!(l.days, Some((t - f).num_days() + 1), "{:?}", message);
                    prop_assert!(l.days.unwrap() <= 366);
                }
                _ => prop_assert_eq!(l.days, None, "{:?}: days without both dates", message),
            }
        }
        Proposal::Meeting(m) => {
            if let (Some(f), Some(t)) = (parse_time(&m.from), parse_time(&m.to)) {
                prop_assert!(t > f, "{:?}: {:?}", message, m);
            }
        }
        Proposal::Task(_) | Proposal::Checklist(_) => {}
    }
    Ok(())
}

fn twelve_hour(minutes: u32) -> String {
    let (h, m) = (minutes / 60, minutes % 60);
    let mer = if h < 12 { "am" } else { "pm" };
    let h12 = if h % 12 == 0 { 12 } else { h % 12 };
    format!("{h12}:{m:02} {mer}")
}

fn hhmm(minutes: u32) -> String {
    format!("{:02}:{:02}", minutes / 60 % 24, minutes % 60)
}

proptest! {
    #![proptest_config(config())]

    /// Any text at any moment in any zone: an answer, no panic, no proposal of a value a record refuses.
    #[test]
    fn any_message_is_read_safely(message in any_message(), tz in zone(), now in instant()) {
        check_reading(&message, &context(tz, now))?;
    }

    /// "coffee break from 3:05 pm to 3:20 pm today": both times as written; kept when the break lasts 1 to 480
    /// minutes (an end before the start being the next day), otherwise the end is left out with the form's
    /// message; the day is the person's today (or yesterday) in their zone.
    #[test]
    fn a_break_with_both_times(
        kind in prop::sample::select(&KINDS[..]),
        start in 0u32..1440,
        end in 0u32..1440,
        day in prop::sample::select(&[("today", 0i64), ("yesterday", -1), ("", 0)][..]),
        tz in zone(),
        now in instant(),
    ) {
        let ctx = context(tz, now);
        let message = format!("{} break from {} to {} {}", kind.0, twelve_hour(start), twelve_hour(end), day.0);
        check_reading(&message, &ctx)?;
        let u = understand(&message, &ctx);
        prop_assert_eq!(u.intent, Intent::CreateBreak, "{:?}", message);
        let Some(Proposal::Break(b)) = u.proposal else { panic!("{message:?}: no break") };
        prop_assert_eq!(&b.break_type, kind.1);
        prop_assert_eq!(&b.start_time, &hhmm(start), "{:?}", message);
        prop_assert_eq!(b.created_date, (ctx.now.date_naive() + Duration::days(day.1)).format("%Y-%m-%d").to_string());
        let minutes = (i64::from(end) - i64::from(start)).rem_euclid(1440);
        if (1..=480).contains(&minutes) {
            prop_assert_eq!(&b.end_time, &hhmm(end), "{:?}", message);
            prop_assert!(u.problems.is_empty(), "{:?}: {:?}", message, u.problems);
        } else {
            prop_assert_eq!(&b.end_time, "", "{:?}", message);
            let expected = if minutes == 0 {
                ZERO_LENGTH
            } else if end < start {
                TOO_LONG_NEXT_DAY
            } else {
                TOO_LONG
            };
            prop_assert_eq!(u.problems.get("endTime").map(String::as_str), Some(expected), "{:?}", message);
        }
    }

    /// "lunch break at 11:50 pm for 25 minutes": the end is the start plus the minutes, across midnight too; over
    /// 480 minutes the end is left out.
    #[test]
    fn a_break_with_a_length(start in 0u32..1440, length in 1u32..700, tz in zone(), now in instant()) {
        let ctx = context(tz, now);
        let message = format!("lunch break at {} for {} minutes", twelve_hour(start), length);
        check_reading(&message, &ctx)?;
        let u = understand(&message, &ctx);
        let Some(Proposal::Break(b)) = u.proposal else { panic!("{message:?}: no break") };
        prop_assert_eq!(&b.start_time, &hhmm(start), "{:?}", message);
        if length <= 480 {
            prop_assert_eq!(&b.end_time, &hhmm(start + length), "{:?}", message);
        } else {
            prop_assert_eq!(&b.end_time, "", "{:?}", message);
            prop_assert!(u.problems.contains_key("endTime"), "{:?}", message);
        }
    }

    /// "vacation from 3 August 2026 to 7 August 2026" (or ISO dates): both dates as written and `days` the
    /// inclusive count; a To date before the From date, or a leave over 366 days, is left out with its message.
    #[test]
    fn a_leave_with_two_dates(
        from_offset in 0i64..3000,
        length in -20i64..400,
        iso in any::<bool>(),
        tz in zone(),
        now in instant(),
    ) {
        let ctx = context(tz, now);
        let from = NaiveDate::from_ymd_opt(2020, 1, 1).unwrap() + Duration::days(from_offset);
        let to = from + Duration::days(length);
        let write = |d: NaiveDate| d.format(if iso { "%Y-%m-%d" } else { "%-d %B %Y" }).to_string();
        let message = format!("vacation from {} to {}", write(from), write(to));
        check_reading(&message, &ctx)?;
        let u = understand(&message, &ctx);
        prop_assert_eq!(u.intent, Intent::CreateLeave, "{:?}", message);
        let Some(Proposal::Leave(l)) = u.proposal else { panic!("{message:?}: no leave") };
        prop_assert_eq!(&l.from_date, &from.format("%Y-%m-%d").to_string(), "{:?}", message);
        if (0..366).contains(&length) {
            prop_assert_eq!(&l.to_date, &to.format("%Y-%m-%d").to_string(), "{:?}", message);
            prop_assert_eq!(l.days, Some(length + 1));
        } else {
            prop_assert_eq!(&l.to_date, "", "{:?}", message);
            prop_assert!(u.problems.contains_key("toDate"), "{:?}", message);
        }
    }

    /// "today", "tomorrow" and "in N days" are counted from the person's calendar day in their zone.
    #[test]
    fn relative_days_follow_the_persons_zone(tz in zone(), now in instant(), n in 0i64..60) {
        let ctx = context(tz, now);
        let today = now.with_timezone(&tz).date_naive();
        let ymd = |d: NaiveDate| d.format("%Y-%m-%d").to_string();
        let cases = [
            ("add a task to call the bank today".to_string(), today),
            ("add a task to call the bank tomorrow".to_string(), today + Duration::days(1)),
            (format!("add a task to call the bank in {n} days"), today + Duration::days(n)),
        ];
        for (message, day) in cases {
            let u = understand(&message, &ctx);
            let Some(Proposal::Task(t)) = u.proposal else { panic!("{message:?}: no task") };
            prop_assert_eq!(t.scheduled, ymd(day), "{:?} in {}", message, tz.name());
        }
    }

    /// Minutes as the answers write them ("1 hour 20 minutes") read back as the same number.
    #[test]
    fn minutes_are_written_exactly(m in 0i64..100_000) {
        let text = answer::minutes(m);
        let words: Vec<&str> = text.split(' ').collect();
        let mut total = 0;
        for pair in words.chunks(2) {
            let n: i64 = pair[0].parse().unwrap();
            total += if pair[1].starts_with("hour") { n * 60 } else { n };
        }
        prop_assert_eq!(total, m, "{}", text);
    }
}
