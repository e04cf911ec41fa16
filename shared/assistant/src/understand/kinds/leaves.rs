//! Leaves: the words that ask for one ("day off", "on leave", an absence with its days: "I'll be out Thursday"), and
//! the fields of a leave (first and last day, day count, reason; its type is read by `leave_type`).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::super::lexer::Tok;
use super::super::proposal::{ymd, Draft, Proposal, When};
use super::super::scan::Role;
use super::super::vocab::{self, Kind};
use super::super::vocab::{
    ABSENCE_AUX, AWAY_NOT, BE, COMING, LEAVE_NOUNS, LEAVE_NOUN_AFTER, LEAVE_NOUN_BEFORE, LEAVE_QUALIFIERS,
    LEAVE_VERB_AFTER, LEAVE_VERB_BEFORE, NEGATIONS, NEGATIONS_BEFORE_BE, NOT_ABSENT_IN, OFF_VERBS,
};
use super::{Hint, Sentence};

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LeaveFields {
    pub from_date: String,
    pub to_date: String,
    pub reason: String,
    /// Inclusive day count; empty (null) until both dates are known.
    pub days: Option<i64>,
    /// The team's leave type the sentence names (`GET /leaves/types`); null when it names none, and the server then
    /// gives the leave the team's default type.
    pub type_id: Option<String>,
}

// ---- how a sentence asks for a leave -------------------------------------------------------------------------

/// An absence word at `i`: "off" (not "log off"), "away" (not "right away"), "out" after a form of "be" or
/// opening the sentence ("out Monday", "I'll be out", not "find out", "out of milk"), "not in" / "won't be in",
/// "not working" / "won't be working". Not when a break follows ("out for lunch", "off for a coffee").
pub fn absence_at(w: &[&str], i: usize) -> bool {
    let word = w[i];
    let prev = if i > 0 { w[i - 1] } else { "" };
    let next = w.get(i + 1).copied().unwrap_or("");
    let next2 = w.get(i + 2).copied().unwrap_or("");
    let negated = |k: usize| {
        let before = |n: usize| if k >= n { w[k - n] } else { "" };
        NEGATIONS.contains(&before(1)) || (before(1) == "be" && NEGATIONS_BEFORE_BE.contains(&before(2)))
    };
    let absent = match word {
        "off" => !OFF_VERBS.contains(&prev),
        "away" => !AWAY_NOT.contains(&prev),
        "out" => {
            let office = next == "of" && matches!(next2, "office" | "the" | "town" | "the-office");
            (i == 0 || BE.contains(&prev) || prev == "sick") && (next != "of" || office)
        }
        "in" => {
            // "won't be in", "not coming in"
            let k = if COMING.contains(&prev) { i - 1 } else { i };
            (negated(i) || (k < i && negated(k))) && (!NOT_ABSENT_IN.contains(&next) || next2 == "office")
        }
        "around" | "available" | "reachable" | "contactable" => negated(i),
        "unavailable" => true,
        "working" | "work" => negated(i),
        _ => false,
    };
    // "out for lunch", "off for a coffee break", "away for a smoke": a break, not an absence.
    let break_follows = w.iter().skip(i + 1).take(3).any(|x| {
        vocab::kind_noun(x) == Some(Kind::Break)
            || vocab::concept_of(x)
                .is_some_and(|c| c.canonical != "Short Break" && c.canonical != "Picking kids from School")
    });
    absent && !break_follows
}

/// "leave early", "leave at 4", "I need to leave now": the verb, not an absence.
pub fn leave_is_verb(w: &[&str], i: usize) -> bool {
    let next = w.get(i + 1).copied().unwrap_or("");
    let prev = if i > 0 { w[i - 1] } else { "" };
    if LEAVE_NOUN_BEFORE.contains(&prev) {
        return false;
    }
    LEAVE_VERB_AFTER.contains(&next)
        || (LEAVE_VERB_BEFORE.contains(&prev) && !vocab::is_day_word(next) && !LEAVE_NOUN_AFTER.contains(&next))
}

/// Strong: "day off", "days off", "time off"; "off" next to a day ("off Friday", "Monday off").
pub fn day_off(s: &Sentence, i: usize) -> Hint {
    if s.w[i] != "off" {
        return None;
    }
    let prev = s.before(i, 1);
    if matches!(prev, "day" | "days" | "time") {
        Some((i - 1, Kind::Leave))
    } else if vocab::is_day_word(prev) || vocab::is_day_word(s.word(i + 1)) {
        Some((i, Kind::Leave))
    } else {
        None
    }
}

/// Strong: "out of office".
pub fn out_of_office(s: &Sentence, i: usize) -> Hint {
    (s.w[i] == "out" && s.word(i + 1) == "of" && s.word(i + 2) == "office").then_some((i, Kind::Leave))
}

/// Strong: "I'll be out Thursday and Friday", "away from the 3rd to the 7th", "won't be in on Friday", "half day
/// tomorrow": an absence said with its days.
pub fn absence_with_days(s: &Sentence, i: usize) -> Hint {
    let word = s.w[i];
    let half_day = word == "half-day" || (word == "day" && s.before(i, 1) == "half");
    (s.cues.day && (absence_at(s.w, i) || half_day)).then(|| (if word == "day" { i - 1 } else { i }, Kind::Leave))
}

/// Weak: "off" as an absence, not going somewhere ("I'm off to a meeting").
pub fn off_word(s: &Sentence, i: usize) -> Option<Kind> {
    (s.w[i] == "off" && absence_at(s.w, i) && s.word(i + 1) != "to").then_some(Kind::Leave)
}

/// Weak: a word of sick leave ("sick", "ill", "flu").
pub fn sick_word(s: &Sentence, i: usize) -> Option<Kind> {
    vocab::leave_concept_of(s.w[i], s.word(i + 1)).is_some_and(|c| c.canonical == "Sick").then_some(Kind::Leave)
}

/// A word that names a leave in its reason ("leave", "day off", "pto"), left out of it.
pub fn noun(w: &str, next: &str) -> bool {
    LEAVE_NOUNS.contains(&w) || (matches!(w, "day" | "days" | "time") && next == "off")
}

// ---- the fields of a leave -----------------------------------------------------------------------------------

pub fn fields(d: &mut Draft) -> Proposal {
    let (from, to) = first_and_last_day(&d.when, d.today);
    let days = match (from, to) {
        (Some(f), Some(t)) if t >= f => Some((t - f).num_days() + 1),
        _ => None,
    };
    let reason = d.text(Kind::Leave);
    Proposal::Leave(LeaveFields {
        from_date: from.map(ymd).unwrap_or_default(),
        to_date: to.map(ymd).unwrap_or_default(),
        reason,
        days,
        type_id: super::super::leave_type::choose(d.toks, &d.ctx.leave_types).map(|t| t.id.clone()),
    })
}

/// The first and last day of the leave: a range, the days said ("from Monday until Wednesday"), a start and a count
/// ("3 days from the 23rd"), "until Friday" (from today), "since Monday" (to today).
fn first_and_last_day(when: &When, today: NaiveDate) -> (Option<NaiveDate>, Option<NaiveDate>) {
    if let Some((a, b)) = when.ranges.first() {
        return (Some(*a), Some(*b));
    }
    let starts: Vec<NaiveDate> = when.dates.iter().filter(|(_, r)| *r != Role::End).map(|(d, _)| *d).collect();
    let ends: Vec<NaiveDate> = when.dates.iter().filter(|(_, r)| *r == Role::End).map(|(d, _)| *d).collect();
    let mut f = starts.first().copied();
    let mut t = ends.first().copied().or_else(|| if starts.len() > 1 { starts.last().copied() } else { None });
    if f.is_none() && t.is_some() {
        // "on leave until Friday": from today.
        f = Some(today);
    }
    // "from the 27th" alone says when the leave starts, not when it ends; "since Monday" runs to today.
    let only = |role: Role| starts.len() == 1 && when.dates.iter().all(|(_, r)| *r == role);
    if let (Some(start), None) = (f, t) {
        t = match when.day_counts.first() {
            Some(&n) if n > 0 => Some(super::super::datetime::add_days(start, n - 1)),
            _ if only(Role::Since) && start <= today => Some(today),
            _ if only(Role::Start) => None,
            _ => Some(start),
        };
    }
    (f, t)
}

// ---- the words of a leave's reason ---------------------------------------------------------------------------

/// The words of a leave's reason being cleaned up: the tokens kept (`items`, indices in `toks`) and the one looked
/// at (`k`).
struct Reason<'t> {
    toks: &'t [Tok],
    items: Vec<usize>,
    k: usize,
}

impl Reason<'_> {
    /// The kept word `n` places after the one looked at, or "".
    fn at(&self, n: usize) -> &str {
        self.items.get(self.k + n).map_or("", |&x| self.toks[x].low.as_str())
    }

    /// The kept word before the one looked at, or "".
    fn before(&self) -> &str {
        if self.k > 0 {
            self.toks[self.items[self.k - 1]].low.as_str()
        } else {
            ""
        }
    }
}

/// A step of taking the absence out of a leave's reason: whether it handled the word looked at (and moved `k`).
type AbsenceStep = fn(&mut Reason) -> bool;

/// The steps, tried in order at each word.
const ABSENCE_STEPS: [AbsenceStep; 7] =
    [keep_qualified, out_of_office_words, off_work, all_day, absence_words, half_day_off, days_off];

/// Leave nouns go wherever they are ("day off", "on leave"), unless they qualify the reason ("sick leave"); so do
/// the words of the absence ("I'll be out", "out of office", "all day").
pub fn drop_absence(toks: &[Tok], items: &mut Vec<usize>) {
    let mut r = Reason { toks, items: std::mem::take(items), k: 0 };
    while r.k < r.items.len() {
        if ABSENCE_STEPS.iter().any(|step| step(&mut r)) {
            continue;
        }
        let (w, next) = (r.at(0), r.at(1));
        if noun(w, next) || (w == "on" && matches!(next, "leave" | "vacation" | "holiday" | "pto")) {
            r.items.remove(r.k);
            continue;
        }
        r.k += 1;
    }
    *items = r.items;
}

/// "sick leave", "annual leave": the leave's reason, kept.
fn keep_qualified(r: &mut Reason) -> bool {
    let qualified = matches!(r.at(0), "leave" | "leaves") && LEAVE_QUALIFIERS.contains(&r.before());
    if qualified {
        r.k += 1;
    }
    qualified
}

/// "out of office", "out of the office".
fn out_of_office_words(r: &mut Reason) -> bool {
    if r.at(0) != "out" || r.at(1) != "of" {
        return false;
    }
    let end = if r.at(2) == "office" {
        r.k + 3
    } else if r.at(2) == "the" && r.at(3) == "office" {
        r.k + 4
    } else {
        return false;
    };
    r.items.drain(r.k..end);
    true
}

/// "off work": said of the absence, not its reason.
fn off_work(r: &mut Reason) -> bool {
    let off = r.at(0) == "off" && r.at(1) == "work";
    if off {
        r.items.drain(r.k..r.k + 2);
    }
    off
}

/// "all day", "the whole day", "the full week".
fn all_day(r: &mut Reason) -> bool {
    let all = matches!(r.at(0), "all" | "whole" | "full") && matches!(r.at(1), "day" | "week");
    if all {
        let from = if r.before() == "the" { r.k - 1 } else { r.k };
        r.items.drain(from..r.k + 2);
        r.k = from;
    }
    all
}

/// "I'll be out", "away", "won't be in", "not working", with the words that lead them in.
fn absence_words(r: &mut Reason) -> bool {
    let ws: Vec<&str> = r.items.iter().map(|&x| r.toks[x].low.as_str()).collect();
    let k = r.k;
    if !(absence_at(&ws, k) || (matches!(ws[k], "out" | "away") && k == 0)) {
        return false;
    }
    let mut from = k;
    while from > 0 && ABSENCE_AUX.contains(&ws[from - 1]) {
        from -= 1;
    }
    r.items.drain(from..=k);
    r.k = from;
    true
}

/// "half day off": the "off" goes, "half day" stays.
fn half_day_off(r: &mut Reason) -> bool {
    let half = r.at(0) == "day" && r.at(1) == "off" && matches!(r.before(), "half" | "full" | "whole");
    if half {
        r.items.remove(r.k + 1);
        r.k += 1;
    }
    half
}

/// "a day off", "some time off".
fn days_off(r: &mut Reason) -> bool {
    let off = matches!(r.at(0), "day" | "days" | "time") && r.at(1) == "off";
    if off {
        r.items.drain(r.k..r.k + 2);
        if matches!(r.before(), "a" | "the" | "my" | "some") {
            r.items.remove(r.k - 1);
            r.k -= 1;
        }
    }
    off
}
