//! The kinds of request, each in its module: the five records (breaks, tasks, leaves, meetings, checklist items),
//! with how a sentence asks for one and how its fields are read, and questions (about the caller's data, and help).
//!
//! Which record a sentence asks for is decided here, from the detectors of every kind in a fixed order: the record
//! asked for in so many words ("task: ...", "new meeting"), the list it goes on ("to my checklist"), a verb and
//! the kind it acts on ("take a coffee break"), then the first word that names a kind or a strong hint of one
//! ([`STRONG`]), then the first weaker hint ([`WEAK`]).

pub mod breaks;
pub mod checklist;
pub mod leaves;
pub mod meetings;
pub mod questions;
pub mod tasks;
pub mod work;

use super::datetime::{Lean, Reader};
use super::lexer::Tok;
use super::proposal::{Draft, Proposal};
use super::scan::{scan, Found};
use super::vocab::{self, Kind};
use super::vocab::{ABOUT_PREPOSITIONS, AROUND_A_MEETING, BEFORE_A_KIND, CREATE_VERBS, NOT_ACTING, OBJECT_DETERMINERS};
use super::vocab::{KIND_DETERMINERS, SIZE_WORDS, TASK_OPENINGS};
use super::words::Words;
use super::Context;

/// What the sentence says besides its words: a day (a date, a weekday, "next week") and a time of day.
#[derive(Debug, Clone, Copy, Default)]
pub struct Cues {
    pub day: bool,
    pub time: bool,
}

impl Cues {
    pub fn of(toks: &[Tok], quoted: &[bool], ctx: &Context) -> Cues {
        let today = ctx.now.date_naive();
        let reader = Reader { t: toks, now: ctx.now, today, lean: Lean::Future };
        let mut used = quoted.to_vec();
        let spans = scan(&reader, Some(Kind::Meeting), &mut used);
        let time = spans.iter().any(|s| matches!(s.found, Found::Time(..) | Found::TimeRange(..)));
        let day = spans.iter().any(|s| matches!(s.found, Found::Date(..) | Found::DateRange(..)))
            || super::period::period(toks, quoted, ctx).is_some();
        Cues { day, time }
    }
}

/// A sentence as the hint detectors read it: its words, the team's break types and what else it says.
pub struct Sentence<'s> {
    pub w: &'s [&'s str],
    pub break_types: &'s [String],
    pub cues: Cues,
}

impl Sentence<'_> {
    /// The word at `i`, or "" past either end.
    pub fn word(&self, i: usize) -> &str {
        self.w.get(i).copied().unwrap_or("")
    }

    /// The word before `i` (`back` words back), or "".
    pub fn before(&self, i: usize, back: usize) -> &str {
        if i >= back {
            self.w[i - back]
        } else {
            ""
        }
    }
}

/// A hint of a kind at a position of the sentence (the position the hint starts at).
pub type Hint = Option<(usize, Kind)>;

/// Strong hints, tried in this order at every word: the earliest in the sentence wins.
const STRONG: [fn(&Sentence, usize) -> Hint; 8] = [
    leaves::day_off,
    meetings::with_someone,
    checklist::check_list,
    meetings::one_on_one,
    leaves::out_of_office,
    leaves::absence_with_days,
    meetings::event_at_a_time,
    breaks::team_type_at_a_time,
];

/// Weaker hints at a word, tried in this order: the earliest word with one wins.
const WEAK: [fn(&Sentence, usize) -> Option<Kind>; 12] = [
    breaks::concept_word,
    leaves::off_word,
    meetings::appointment_word,
    leaves::sick_word,
    tasks::reminder_word,
    tasks::opening_verb,
    meetings::verb_with,
    meetings::call_word,
    breaks::break_word,
    checklist::feature_word,
    meetings::gathering_word,
    breaks::team_type_word,
];

/// The kind of record a sentence asks for, if any.
pub fn record_kind(words: &Words, toks: &[Tok], break_types: &[String], cues: Cues) -> Option<Kind> {
    let w = &words.w;
    if w.is_empty() {
        return None;
    }
    said_outright(words, toks)
        .or_else(|| checklist::list_named(w))
        .or_else(|| verb_and_object(w))
        .or_else(|| hinted(&Sentence { w, break_types, cues }))
}

/// A kind named right before a colon or dash among the first words: "task: ...", "meeting notes task: ...".
fn before_colon(words: &Words, toks: &[Tok]) -> Option<Kind> {
    for (i, word) in words.w.iter().enumerate().take(3) {
        if let Some(k) = vocab::kind_noun(word) {
            let next = toks.get(words.at[i] + 1).map(|t| t.low.as_str());
            if matches!(next, Some(":") | Some("-")) {
                return Some(k);
            }
        }
    }
    None
}

/// First, the record asked for in so many words: "task: ...", "remind me to ...", "new meeting ...".
fn said_outright(words: &Words, toks: &[Tok]) -> Option<Kind> {
    let w = &words.w;
    if let Some(k) = before_colon(words, toks) {
        return Some(k);
    }
    if TASK_OPENINGS.iter().any(|p| words.starts(p)) {
        return Some(Kind::Task);
    }
    if w.len() > 1 && w[0] == "new" {
        if let Some(k) = vocab::kind_noun(w[1]) {
            return Some(k);
        }
    }
    None
}

/// A record asked for in so many words, for a help question: "task: ...", "new task ...", "add a task ...",
/// "create a meeting".
pub fn explicit_kind(words: &Words, toks: &[Tok]) -> Option<Kind> {
    let w = &words.w;
    if let Some(k) = before_colon(words, toks) {
        return Some(k);
    }
    if w.len() > 1 && matches!(w[0], "new" | "add" | "create") {
        let j = (1..w.len()).find(|&j| !KIND_DETERMINERS.contains(&w[j]))?;
        return vocab::kind_noun(w[j]);
    }
    None
}

/// Third, a verb and the kind it acts on, a few words on: "log my lunch", "take a coffee break", "schedule a
/// meeting".
fn verb_and_object(w: &[&str]) -> Option<Kind> {
    for (i, word) in w.iter().enumerate().take(6) {
        if !CREATE_VERBS.contains(word) || NOT_ACTING.contains(word) {
            continue;
        }
        let mut j = i + 1;
        while j < w.len() && j < i + 5 {
            if let Some(k) = object_at(w, j) {
                return Some(k);
            }
            let x = w[j];
            if !BEFORE_A_KIND.contains(&x) && vocab::concept_of(x).is_none() {
                break;
            }
            j += 1;
        }
    }
    None
}

/// The kind a verb's object names at `j`: the kind itself, days off, a meeting with someone, a break type.
fn object_at(w: &[&str], j: usize) -> Option<Kind> {
    let x = w[j];
    if let Some(k) = vocab::kind_noun(x) {
        if !(k == Kind::Leave && x == "leave" && leaves::leave_is_verb(w, j)) {
            return Some(k);
        }
    }
    if matches!(x, "day" | "days" | "time") && w.get(j + 1) == Some(&"off") {
        return Some(Kind::Leave);
    }
    if meetings::meeting_with(w, j) {
        return Some(Kind::Meeting);
    }
    if vocab::concept_of(x).is_some() && !SIZE_WORDS.contains(&x) {
        return Some(Kind::Break);
    }
    None
}

/// The first of two hints by position: on a tie, the one noted first.
#[derive(Default)]
struct Slot(Option<(usize, Kind)>);

impl Slot {
    fn note(&mut self, pos: usize, k: Kind) {
        if self.0.is_none_or(|(p, _)| pos < p) {
            self.0 = Some((pos, k));
        }
    }
}

/// Last, the first word that names a kind outright or strongly hints at one; else the first weaker hint.
fn hinted(s: &Sentence) -> Option<Kind> {
    let mut strong = Slot::default();
    let mut weak = Slot::default();
    for i in 0..s.w.len() {
        if let Some(k) = vocab::kind_noun(s.w[i]) {
            named_kind(s, i, k, &mut strong, &mut weak);
            continue;
        }
        for detect in STRONG {
            if let Some((at, k)) = detect(s, i) {
                strong.note(at, k);
            }
        }
    }
    for i in 0..s.w.len() {
        if let Some(k) = WEAK.iter().find_map(|detect| detect(s, i)) {
            weak.note(i, k);
        }
    }
    strong.0.or(weak.0).map(|(_, k)| k)
}

/// A word that names a kind: a strong hint, unless it is what the sentence is about rather than the record ("slides
/// for the meeting") or the verb "leave".
fn named_kind(s: &Sentence, i: usize, k: Kind, strong: &mut Slot, weak: &mut Slot) {
    let word = s.w[i];
    if k == Kind::Leave && word == "leave" && leaves::leave_is_verb(s.w, i) {
        return;
    }
    let (prev, prev2) = (s.before(i, 1), s.before(i, 2));
    let object = OBJECT_DETERMINERS.contains(&prev) && ABOUT_PREPOSITIONS.contains(&prev2);
    if object || (k == Kind::Meeting && AROUND_A_MEETING.contains(&prev)) {
        weak.note(i, k);
    } else {
        strong.note(i, k);
    }
}

/// The fields of a record of this kind, from a message read for it.
pub fn fields(kind: Kind, d: &mut Draft) -> Proposal {
    match kind {
        Kind::Break => breaks::fields(d),
        Kind::Task => tasks::fields(d),
        Kind::Leave => leaves::fields(d),
        Kind::Meeting => meetings::fields(d),
        Kind::Checklist => checklist::fields(d),
    }
}

/// A word that names a record of this kind in its text ("task", "day off"), left out of the title or reason.
pub fn noun_of(kind: Kind, w: &str, next: &str) -> bool {
    match kind {
        Kind::Break => breaks::noun(w),
        Kind::Task => tasks::noun(w),
        Kind::Leave => leaves::noun(w, next),
        Kind::Meeting => false,
        Kind::Checklist => checklist::noun(w, next),
    }
}
