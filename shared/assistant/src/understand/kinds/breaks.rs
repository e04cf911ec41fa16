//! Breaks: the words that ask for one ("coffee break", "log my lunch", "a smoke at 3"), the team's break type a
//! sentence names, and the fields of a break (its type, start and end, day and reason).

use serde::{Deserialize, Serialize};

use super::super::datetime::hhmm;
use super::super::lexer::Tok;
use super::super::proposal::{ymd, Draft, Proposal};
use super::super::scan::Found;
use super::super::text::mark;
use super::super::vocab::{self, Kind};
use super::super::vocab::{
    END_LEADS, NOT_BREAK_HINTS, NOW_VERBS, PAST, PICKING_UP, REASON_LEADS, TEAM_TYPE_GENERIC, TYPE_GENERIC, TYPE_GLUE,
};
use super::{Hint, Sentence};

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BreakFields {
    #[serde(rename = "type")]
    pub break_type: String,
    pub reason: String,
    pub start_time: String,
    pub end_time: String,
    pub created_date: String,
}

// ---- how a sentence asks for a break -------------------------------------------------------------------------

/// "break", "breaks" and their typos, "on-break".
pub fn is_break_word(w: &str) -> bool {
    vocab::kind_noun(w) == Some(Kind::Break) || w == "on-break" || w == "onbreak"
}

/// A distinctive word of one of the team's own break types ("prayer", "gym").
fn is_team_type_word(word: &str, types: &[String]) -> bool {
    word.len() >= 3
        && !TEAM_TYPE_GENERIC.contains(&word)
        && types.iter().any(|t| {
            t.to_lowercase().split(|c: char| !c.is_alphanumeric()).any(|tw| {
                !TEAM_TYPE_GENERIC.contains(&tw) && if tw.len() >= 5 { vocab::close(word, tw) } else { word == tw }
            })
        })
}

/// Strong: a word of one of the team's own types (not a common break word) in a sentence with a time of day ("gym
/// at 6").
pub fn team_type_at_a_time(s: &Sentence, i: usize) -> Hint {
    let word = s.w[i];
    (s.cues.time && is_team_type_word(word, s.break_types) && vocab::concept_of(word).is_none())
        .then_some((i, Kind::Break))
}

/// Weak: a word of a break type ("coffee", "lunch"), not one that says little on its own ("quick", "water").
pub fn concept_word(s: &Sentence, i: usize) -> Option<Kind> {
    let word = s.w[i];
    (vocab::concept_of(word).is_some() && !NOT_BREAK_HINTS.contains(&word)).then_some(Kind::Break)
}

/// Weak: "break", "pause".
pub fn break_word(s: &Sentence, i: usize) -> Option<Kind> {
    matches!(s.w[i], "break" | "pause").then_some(Kind::Break)
}

/// Weak: a word of one of the team's own types.
pub fn team_type_word(s: &Sentence, i: usize) -> Option<Kind> {
    is_team_type_word(s.w[i], s.break_types).then_some(Kind::Break)
}

/// The word that names a break in its reason, left out of it.
pub fn noun(w: &str) -> bool {
    vocab::kind_noun(w) == Some(Kind::Break) || matches!(w, "pause")
}

// ---- the fields of a break -----------------------------------------------------------------------------------

pub fn fields(d: &mut Draft) -> Proposal {
    let day = d.when.day(d.today);
    let (start, end) = times(d, day == d.today);
    let break_type = match_break_type(d.toks, &mut d.used, &d.ctx.break_types).unwrap_or_default();
    let reason = d.text(Kind::Break);
    Proposal::Break(BreakFields {
        break_type,
        reason,
        start_time: start.map(hhmm).unwrap_or_default(),
        end_time: end.map(hhmm).unwrap_or_default(),
        created_date: ymd(day),
    })
}

/// Start and end: as said, from now ("until now", "in 10 minutes"), or from a length ("a 20 minute break" starts
/// now, "I took 20 minutes" ended now).
fn times(d: &Draft, today: bool) -> (Option<u32>, Option<u32>) {
    let (mut start, mut end) = d.when.times();
    let now_min = d.now_min;
    if d.when.now {
        let ends_now = d.spans.iter().any(|s| s.found == Found::Now && is_end_lead(d.toks, s.from));
        if ends_now {
            end = end.or(Some(now_min));
        } else {
            start = start.or(Some(now_min));
        }
    }
    let past = d.toks.iter().any(|t| PAST.contains(&t.low.as_str()));
    let today_bare = today && d.when.hint.is_none();
    if let Some(&(length, from_now)) = d.when.durations.first() {
        (start, end) = with_length((start, end), length, from_now, now_min, today_bare.then_some(past));
    }
    // "I'm going on a smoke break", "start a coffee break": it starts now.
    let starting = d.toks.iter().any(|t| NOW_VERBS.contains(&t.low.as_str())) && !past;
    if starting && start.is_none() && end.is_none() && d.when.durations.is_empty() && today_bare {
        start = Some(now_min);
    }
    (start, end)
}

/// Start and end with a length said: the missing end from the start, or the start from the end. With neither, a
/// break today (no part of the day said) ends now when the sentence is in the past (`today_past` true), else starts
/// now.
fn with_length(
    (mut start, mut end): (Option<u32>, Option<u32>),
    length: u32,
    from_now: bool,
    now_min: u32,
    today_past: Option<bool>,
) -> (Option<u32>, Option<u32>) {
    match (start, end) {
        _ if from_now && start.is_none() => {
            start = Some(now_min + length);
            end = end.or(Some(now_min + length));
        }
        (Some(s), None) => end = Some(s + length),
        (None, Some(e)) => start = Some((e + 24 * 60 - length % (24 * 60)) % (24 * 60)),
        (None, None) => match today_past {
            Some(true) => {
                end = Some(now_min);
                start = Some((now_min + 24 * 60 - length % (24 * 60)) % (24 * 60));
            }
            Some(false) => {
                start = Some(now_min);
                end = Some(now_min + length);
            }
            None => {}
        },
        (Some(_), Some(_)) => {}
    }
    (start, end)
}

fn is_end_lead(toks: &[Tok], at: usize) -> bool {
    END_LEADS.contains(&toks[at].low.as_str())
}

/// The team's break type the sentence names: the words of the team's own type names (typos allowed), or the
/// concepts behind common words ("smoke" is the Cigarette type). A specific word wins over a generic one ("a quick
/// coffee break" is a Coffee Break). Marks the words used.
pub fn match_break_type(toks: &[Tok], used: &mut [bool], types: &[String]) -> Option<String> {
    // "break from 10 to 10:15 to call the school": once the break is named, what follows "to" or "because" is its
    // reason, and a word there ("school") is not its type.
    let named = toks.iter().position(|t| vocab::kind_noun(&t.low) == Some(Kind::Break));
    let clause =
        named.and_then(|n| (n + 1..toks.len()).find(|&k| !used[k] && REASON_LEADS.contains(&toks[k].low.as_str())));
    for specific in [true, false] {
        for i in 0..toks.len() {
            if used[i] || toks[i].punct || clause.is_some_and(|c| i > c) {
                continue;
            }
            let w = toks[i].low.as_str();
            let concept = vocab::concept_of(w);
            if specific && concept.is_some_and(|c| c.canonical == "Short Break") {
                continue;
            }
            if let Some((ty, words)) = team_type_of(w, concept, types) {
                let member = |x: &str| {
                    words.iter().any(|tw| if tw.len() >= 5 { vocab::close(x, tw) } else { x == tw })
                        || vocab::concept_of(x).is_some_and(|d| concept.is_some_and(|c| std::ptr::eq(c, d)))
                };
                mark_run(toks, used, i, &member);
                return Some(ty);
            }
        }
    }
    None
}

fn type_words(ty: &str) -> Vec<String> {
    ty.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|x| !x.is_empty() && !TYPE_GENERIC.contains(x))
        .map(str::to_string)
        .collect()
}

/// The team type a word points to, with that type's words.
fn team_type_of(w: &str, concept: Option<&'static vocab::Concept>, types: &[String]) -> Option<(String, Vec<String>)> {
    for ty in types {
        let words = type_words(ty);
        if words.iter().any(|tw| if tw.len() >= 5 { vocab::close(w, tw) } else { w == tw }) {
            // A generic word ("short") names a type only when the concept agrees or it is the whole name.
            if concept.is_none_or(|c| c.canonical.eq_ignore_ascii_case(ty) || words.len() == 1) {
                return Some((ty.clone(), words));
            }
        }
    }
    let c = concept?;
    types
        .iter()
        .find(|t| t.eq_ignore_ascii_case(c.canonical))
        .or_else(|| {
            types.iter().find(|t| {
                type_words(t).iter().any(|tw| c.words.contains(&tw.as_str()) || c.exact.contains(&tw.as_str()))
            })
        })
        .map(|t| (t.clone(), type_words(t)))
}

/// Marks the matched word and the words around it that belong to the same type: "social media", "picking up the
/// kids from school".
fn mark_run(toks: &[Tok], used: &mut [bool], i: usize, member: &dyn Fn(&str) -> bool) {
    let mut last = i;
    let mut k = i + 1;
    while k < toks.len() && k <= last + 4 && !used[k] && !toks[k].punct {
        let w = toks[k].low.as_str();
        // "social media", "school run", "gym session", "coffee time".
        if member(w)
            || (w == "media" && toks[i].low == "social")
            || (w == "run" && toks[k - 1].low == "school")
            || (matches!(w, "session" | "time") && k == last + 1)
        {
            last = k;
        } else if !TYPE_GLUE.contains(&w) {
            break;
        }
        k += 1;
    }
    let mut first = i;
    let mut b = i;
    while b > 0 && !used[b - 1] && !toks[b - 1].punct && b + 4 > i {
        let w = toks[b - 1].low.as_str();
        if member(w) || PICKING_UP.contains(&w) {
            first = b - 1;
        } else if !matches!(w, "up" | "the" | "my") {
            break;
        }
        b -= 1;
    }
    mark(used, first, last);
}
