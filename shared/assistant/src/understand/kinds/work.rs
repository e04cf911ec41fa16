//! Working time: clocking in and out ("clock me in", "I'm done for today"), the hours worked ("how many hours did
//! I work this week?"), the overtime balance ("what is my overtime?"), and a day's work told in one sentence
//! ("worked 8 to 5 with lunch at 12 to 12:45"), which is proposed as that day's period and breaks.
//!
//! Read before the other kinds, on cues no other kind uses ("clock", "overtime", "worked" with a time range), so a
//! sentence about a break, a task or a leave never ends up here.

use serde::{Deserialize, Serialize};

use super::super::datetime::{hhmm, resolve_range, Lean, Reader};
use super::super::intent::Intent;
use super::super::lexer::Tok;
use super::super::proposal::ymd;
use super::super::scan::{scan, Found};
use super::super::vocab::{Kind, HOW_TO, WEEK_WORDS};
use super::super::words::Words;
use super::super::Context;
use super::breaks::{is_break_word, match_break_type};

/// A break inside the proposed work day.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WorkBreakFields {
    #[serde(rename = "type")]
    pub break_type: String,
    pub start_time: String,
    pub end_time: String,
}

/// A day's work as proposed: `{"action": "logWork", "date", "start", "end", "note", "breaks": [...]}`. Saved by
/// the person with `POST /work/periods` and `POST /break/add` for each break.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WorkFields {
    pub date: String,
    pub start: String,
    pub end: String,
    pub note: String,
    pub breaks: Vec<WorkBreakFields>,
}

/// The note a period entered through Break Buddy carries (a manual period needs one).
pub const WORK_NOTE: &str = "Entered with Break Buddy";

const CLOCK_IN: &[&str] = &[
    "clock me in",
    "clock in",
    "clocking in",
    "clock-in",
    "punch in",
    "punch me in",
    "start work",
    "start working",
    "start my work",
    "start my workday",
    "start my work day",
    "start my shift",
    "starting work",
    "starting my shift",
    "begin work",
    "start the clock",
];
const CLOCK_OUT: &[&str] = &[
    "clock me out",
    "clock out",
    "clocking out",
    "clock-out",
    "punch out",
    "punch me out",
    "end work",
    "end my work",
    "end my workday",
    "end my work day",
    "end my shift",
    "finish work",
    "finished work",
    "finishing work",
    "stop work",
    "stop working",
    "stop the clock",
    "done for today",
    "done for the day",
    "done for tonight",
    "call it a day",
    "calling it a day",
    "finished for today",
    "finished for the day",
    "off for the day",
    "signing off for today",
];
const WORK_WORDS: &[&str] = &["work", "worked", "working", "hours", "timesheet"];
const HOW_MUCH: &[&str] = &["how many hours", "how long", "how much", "how many", "hours worked", "time worked"];
const OVERTIME: &[&str] = &["overtime", "over-time", "overtimes"];
const OVERTIME_PHRASES: &[&str] = &["over time", "extra hours", "plus hours", "hours balance", "time balance"];

const ENOUGH: &[&str] = &["enough", "sufficient", "legal", "compliant"];
const DUE: &[&str] = &["due", "next"];
const DUE_PHRASES: &[&str] =
    &["should i take", "do i need", "must i take", "have to take", "need to take", "should i have", "is my break"];

/// A question about the team's break rules: "when is my next break due?", "did I take enough breaks this week?".
fn rules_question(words: &Words) -> Option<Intent> {
    let about_breaks = words.w.iter().any(|w| is_break_word(w) || matches!(*w, "breaks" | "pause" | "pauses"));
    if !about_breaks {
        return None;
    }
    let asks = words.ends_with_question_mark
        || matches!(words.first(), "when" | "did" | "have" | "was" | "were" | "am" | "do" | "is" | "what" | "what's");
    if !asks {
        return None;
    }
    if words.any(ENOUGH) || words.phrase("long enough") {
        return Some(Intent::BreaksEnough);
    }
    if words.first() == "when" && (words.any(DUE) || words.any_phrase(DUE_PHRASES)) {
        return Some(Intent::NextBreakDue);
    }
    (words.phrase("next break") && !words.any(&["meeting", "meetings"])).then_some(Intent::NextBreakDue)
}

/// The working-time intent of a message, if it is one.
pub fn intent(words: &Words, toks: &[Tok], ctx: &Context) -> Option<Intent> {
    if words.any_phrase(HOW_TO) {
        return None;
    }
    if let Some(intent) = rules_question(words) {
        return Some(intent);
    }
    if words.any(OVERTIME) || words.any_phrase(OVERTIME_PHRASES) {
        return Some(Intent::OvertimeBalance);
    }
    let asks = words.ends_with_question_mark || matches!(words.first(), "how" | "what" | "what's" | "whats");
    if asks && words.any(WORK_WORDS) && words.any_phrase(HOW_MUCH) && !words.w.iter().any(|w| is_break_word(w)) {
        let week = words.any(WEEK_WORDS) || words.phrase("since monday");
        return Some(if week { Intent::WorkedWeek } else { Intent::WorkedToday });
    }
    if asks {
        return None;
    }
    if words.any_phrase(CLOCK_OUT) || words.w == ["i'm", "done"] || words.w == ["im", "done"] {
        return Some(Intent::ClockOut);
    }
    if words.any_phrase(CLOCK_IN) {
        return Some(Intent::ClockIn);
    }
    let told = words.any(&["worked", "work", "working", "shift"]);
    (told && !time_ranges(toks, ctx).0.is_empty()).then_some(Intent::LogWork)
}

/// The time ranges of the sentence (minutes after midnight) and the day it names.
fn time_ranges(toks: &[Tok], ctx: &Context) -> (Vec<(u32, u32)>, chrono::NaiveDate) {
    let today = ctx.now.date_naive();
    let reader = Reader { t: toks, now: ctx.now, today, lean: Lean::Past };
    let mut used = vec![false; toks.len()];
    let spans = scan(&reader, Some(Kind::Break), &mut used);
    let mut day = None;
    let mut ranges = Vec::new();
    let mut hint = None;
    for s in &spans {
        if let Found::DayPart(m, _) = s.found {
            hint = Some(m);
        }
    }
    for s in &spans {
        match &s.found {
            Found::Date(d, _) if day.is_none() => day = Some(*d),
            Found::DateRange(a, _) if day.is_none() => day = Some(*a),
            Found::TimeRange(a, b) => ranges.push(resolve_range(*a, *b, hint)),
            _ => {}
        }
    }
    (ranges, day.unwrap_or(today))
}

/// A working day read from hours: "8 to 5" is 08:00 to 17:00 (a day shift ends after it starts), unless a time was
/// written in full ("22:00 to 06:00", a night shift).
fn day_shift((start, end): (u32, u32)) -> (u32, u32) {
    if end <= start && end + 12 * 60 > start && end < 12 * 60 {
        (start, end + 12 * 60)
    } else {
        (start, end)
    }
}

/// The day's work a sentence tells: the first time range is the work, the later ones its breaks (typed by the
/// team's break type the sentence names, else the first break type).
pub fn fields(toks: &[Tok], ctx: &Context) -> WorkFields {
    let (ranges, day) = time_ranges(toks, ctx);
    let mut out = WorkFields { date: ymd(day), note: WORK_NOTE.to_string(), ..Default::default() };
    let Some(first) = ranges.first() else { return out };
    let (start, end) = day_shift(*first);
    out.start = hhmm(start);
    out.end = hhmm(end);
    if ranges.len() > 1 {
        let mut used = vec![false; toks.len()];
        let named = match_break_type(toks, &mut used, &ctx.break_types);
        let break_type = named.or_else(|| ctx.break_types.first().cloned()).unwrap_or_default();
        for (a, b) in &ranges[1..] {
            // A break is in the working day: "12 to 12:45" within 8 to 5 is noon, not midnight.
            let (mut bs, mut be) = (*a, *b);
            if bs < start && bs + 12 * 60 < end.max(start) + 12 * 60 && bs + 12 * 60 <= end {
                bs += 12 * 60;
                if be < bs {
                    be += 12 * 60;
                }
            }
            out.breaks.push(WorkBreakFields {
                break_type: break_type.clone(),
                start_time: hhmm(bs),
                end_time: hhmm(be),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::super::{understand, Context, Intent};
    use chrono::TimeZone;

    fn ctx() -> Context {
        let now = chrono_tz::Europe::Berlin.with_ymd_and_hms(2026, 3, 11, 18, 30, 0).unwrap();
        Context::new(now, bt_records::DEFAULT_BREAK_TYPES.map(String::from).to_vec())
    }

    #[test]
    fn the_issue_sentences() {
        let u = understand("worked 8 to 5 with lunch at 12 to 12:45", &ctx());
        assert_eq!(u.intent, Intent::LogWork);
        let w = u.work.expect("a work proposal");
        assert_eq!((w.date.as_str(), w.start.as_str(), w.end.as_str()), ("2026-03-11", "08:00", "17:00"));
        assert_eq!(w.breaks.len(), 1);
        assert_eq!(
            (w.breaks[0].break_type.as_str(), w.breaks[0].start_time.as_str(), w.breaks[0].end_time.as_str()),
            ("Lunch Break", "12:00", "12:45")
        );
        assert_eq!(understand("clock me in", &ctx()).intent, Intent::ClockIn);
        assert_eq!(understand("I'm done for today", &ctx()).intent, Intent::ClockOut);
        assert_eq!(understand("how many hours did I work this week?", &ctx()).intent, Intent::WorkedWeek);
        assert_eq!(understand("what is my overtime?", &ctx()).intent, Intent::OvertimeBalance);
    }

    #[test]
    fn more_ways_to_say_it() {
        assert_eq!(understand("start work", &ctx()).intent, Intent::ClockIn);
        assert_eq!(understand("Break Buddy, clock me out please", &ctx()).intent, Intent::ClockOut);
        assert_eq!(understand("how long did I work today?", &ctx()).intent, Intent::WorkedToday);
        assert_eq!(understand("overtime balance", &ctx()).intent, Intent::OvertimeBalance);
        let u = understand("I worked from 22:00 to 06:00 yesterday", &ctx());
        let w = u.work.expect("a night shift");
        assert_eq!((w.date.as_str(), w.start.as_str(), w.end.as_str()), ("2026-03-10", "22:00", "06:00"));
        assert!(w.breaks.is_empty());
        let u = understand("worked 9-17:30 with a coffee break 10:30 to 10:45", &ctx());
        let w = u.work.expect("a day");
        assert_eq!((w.start.as_str(), w.end.as_str()), ("09:00", "17:30"));
        assert_eq!(w.breaks[0].break_type, "Coffee Break");
    }

    #[test]
    fn questions_about_the_break_rules() {
        for q in
            ["when is my next break due?", "When is my break due", "when should I take a break?", "next break due?"]
        {
            assert_eq!(understand(q, &ctx()).intent, Intent::NextBreakDue, "{q}");
        }
        for q in
            ["did I take enough breaks this week?", "were my breaks long enough?", "Did I take enough breaks today"]
        {
            assert_eq!(understand(q, &ctx()).intent, Intent::BreaksEnough, "{q}");
        }
        assert_eq!(understand("how long were my breaks this week?", &ctx()).intent, Intent::BreakMinutesWeek);
        assert_eq!(understand("coffee break from 3 to 3:15 pm today", &ctx()).intent, Intent::CreateBreak);
    }

    #[test]
    fn other_requests_are_not_work() {
        assert_eq!(understand("coffee break from 3 to 3:15 pm today", &ctx()).intent, Intent::CreateBreak);
        assert_eq!(understand("how long were my breaks today?", &ctx()).intent, Intent::BreakMinutesToday);
        assert_eq!(understand("add a task to fix the clock", &ctx()).intent, Intent::CreateTask);
        assert!(matches!(understand("how do I clock in?", &ctx()).intent, Intent::Help(_) | Intent::Unknown));
    }
}
