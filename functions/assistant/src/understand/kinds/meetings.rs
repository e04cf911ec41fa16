//! Meetings: the words that ask for one ("meeting", "call with Alex", "dentist appointment at 9:30", "design review
//! Friday 4-5"), and the fields of a meeting (day, start and end, description).

use serde::{Deserialize, Serialize};

use super::super::datetime::hhmm;
use super::super::proposal::{ymd, Draft, Proposal};
use super::super::vocab::{self, Kind};
use super::super::vocab::{
    AFTER_MEETING_VERB, APPOINTMENT_PLACES, BEFORE_A_VERB, CALL_QUALIFIERS, CALL_WORDS, DETERMINERS, EVENT_FOLLOWERS,
    EVENT_NOUNS, GATHERINGS, MEETING_EVENTS, MEETING_VERBS, MEETING_WITH_NOUNS,
};
use super::{Hint, Sentence};

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MeetingFields {
    pub from: String,
    pub to: String,
    pub schedule_date: String,
    pub description: String,
}

// ---- how a sentence asks for a meeting -----------------------------------------------------------------------

/// A meeting said by what it is, at `i`: an appointment, a call (also "call the plumber", with its time), a
/// video call ("zoom with the agency"), a visit ("dentist"), a named event ("design review", "all hands", "lunch
/// and learn"). Read only when the sentence has a time of day. Gives the position it starts at.
fn meeting_event_at(w: &[&str], i: usize) -> Option<usize> {
    let word = w[i];
    let prev = if i > 0 { w[i - 1] } else { "" };
    let next = w.get(i + 1).copied().unwrap_or("");
    match word {
        _ if MEETING_EVENTS.contains(&word) => Some(i),
        _ if APPOINTMENT_PLACES.contains(&word) => Some(i),
        // "all hands", "town hall", "lunch and learn"
        "hands" if prev == "all" => Some(i - 1),
        "hall" if prev == "town" => Some(i - 1),
        "learn" if prev == "and" && i > 1 && vocab::concept_of(w[i - 2]).is_some() => Some(i - 2),
        // A noun, not the verb of a to-do ("review the PR at 3pm", "please review PR 42 at 3").
        _ if EVENT_NOUNS.contains(&word) => {
            let object = DETERMINERS.contains(&next);
            let modal = BEFORE_A_VERB.contains(&prev);
            let opens = i == 0
                && !EVENT_FOLLOWERS.contains(&next)
                && vocab::weekday(next).is_none()
                && !next.starts_with(|c: char| c.is_ascii_digit());
            (!(object || modal || opens)).then_some(i)
        }
        _ => None,
    }
}

/// "call with Alex", "catch up with Lee", "sync with marketing": a meeting.
pub fn meeting_with(w: &[&str], i: usize) -> bool {
    let next = w.get(i + 1).copied().unwrap_or("");
    let next2 = w.get(i + 2).copied().unwrap_or("");
    match w[i] {
        x if MEETING_WITH_NOUNS.contains(&x) => next == "with" || (next == "up" && next2 == "with"),
        "catch" => next == "up" && matches!(next2, "with" | "call" | "meeting"),
        "check" => next == "in" && next2 == "with",
        _ => false,
    }
}

/// Strong: "call with Alex", "catch up with Lee".
pub fn with_someone(s: &Sentence, i: usize) -> Hint {
    meeting_with(s.w, i).then_some((i, Kind::Meeting))
}

/// Strong: "one on one", "one 1 one".
pub fn one_on_one(s: &Sentence, i: usize) -> Hint {
    (matches!(s.w[i], "on" | "1") && s.before(i, 1) == "one" && s.word(i + 1) == "one").then(|| (i - 1, Kind::Meeting))
}

/// Strong: "dentist appointment tomorrow at 9:30", "sales call 2-2:45", "sprint review Friday 4-5": an event at a
/// time of day is a meeting.
pub fn event_at_a_time(s: &Sentence, i: usize) -> Hint {
    if !s.cues.time {
        return None;
    }
    meeting_event_at(s.w, i).map(|at| (at, Kind::Meeting))
}

/// Weak: "appointment".
pub fn appointment_word(s: &Sentence, i: usize) -> Option<Kind> {
    matches!(s.w[i], "appointment" | "appointments" | "appt").then_some(Kind::Meeting)
}

/// Weak: "chat about the budget", "catch up", "review on Friday".
pub fn verb_with(s: &Sentence, i: usize) -> Option<Kind> {
    (MEETING_VERBS.contains(&s.w[i]) && AFTER_MEETING_VERB.contains(&s.word(i + 1)) && i > 0).then_some(Kind::Meeting)
}

/// Weak: "a call", "client call", "weekly standup".
pub fn call_word(s: &Sentence, i: usize) -> Option<Kind> {
    (CALL_WORDS.contains(&s.w[i]) && i > 0 && CALL_QUALIFIERS.contains(&s.before(i, 1))).then_some(Kind::Meeting)
}

/// Weak: "demo", "workshop", "webinar".
pub fn gathering_word(s: &Sentence, i: usize) -> Option<Kind> {
    GATHERINGS.contains(&s.w[i]).then_some(Kind::Meeting)
}

// ---- the fields of a meeting ---------------------------------------------------------------------------------

pub fn fields(d: &mut Draft) -> Proposal {
    let day = d.when.day(d.today);
    let (mut start, mut end) = d.when.times();
    let now_min = d.now_min;
    if d.when.now {
        start = start.or(Some(now_min));
    }
    if let Some(&(length, from_now)) = d.when.durations.first() {
        if from_now && start.is_none() {
            start = Some(now_min + length);
        } else if let (Some(s), None) = (start, end) {
            end = Some(s + length);
        } else if let (None, Some(e)) = (start, end) {
            start = e.checked_sub(length);
        }
    }
    let description = d.text(Kind::Meeting);
    Proposal::Meeting(MeetingFields {
        from: start.map(hhmm).unwrap_or_default(),
        to: end.map(hhmm).unwrap_or_default(),
        schedule_date: ymd(day),
        description,
    })
}
