//! The fields of a proposed record, in the record's own API names and formats, from what the scan found and the
//! words left over.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::datetime::{hhmm, resolve_range, Clock, Lean, Mer, Reader};
use super::lexer::Tok;
use super::scan::{scan, Found, Role, Span};
use super::vocab::{self, Kind};
use super::vocab::{
    ADJ, COMMAND_VERBS, CONNECTORS, DETS, NOW_VERBS, OPENINGS, PAST, POLITE, PRIORITY_LEADS, RECORD_VERBS,
    STATUS_LEADS, TRAILING, TRAILING_LEAVE, TYPE_GENERIC,
};
use super::Context;

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

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskFields {
    pub title: String,
    pub description: String,
    pub scheduled: String,
    pub status: String,
    pub priority: String,
}

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

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MeetingFields {
    pub from: String,
    pub to: String,
    pub schedule_date: String,
    pub description: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChecklistFields {
    pub task: String,
    pub status: bool,
    pub created_date: String,
    pub is_feature: bool,
}

/// A pre-filled record: `{"action": "createBreak", ...fields}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action")]
pub enum Proposal {
    #[serde(rename = "createBreak")]
    Break(BreakFields),
    #[serde(rename = "createTask")]
    Task(TaskFields),
    #[serde(rename = "createLeave")]
    Leave(LeaveFields),
    #[serde(rename = "createMeeting")]
    Meeting(MeetingFields),
    #[serde(rename = "createChecklist")]
    Checklist(ChecklistFields),
}

impl Proposal {
    pub fn kind(&self) -> Kind {
        match self {
            Proposal::Break(_) => Kind::Break,
            Proposal::Task(_) => Kind::Task,
            Proposal::Leave(_) => Kind::Leave,
            Proposal::Meeting(_) => Kind::Meeting,
            Proposal::Checklist(_) => Kind::Checklist,
        }
    }

    /// The fields alone, as JSON (the action name left out).
    pub fn fields(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut m = match serde_json::to_value(self) {
            Ok(serde_json::Value::Object(m)) => m,
            _ => serde_json::Map::new(),
        };
        m.remove("action");
        m
    }

    /// The empty proposal of a kind, with the defaults its form starts with.
    pub fn empty(kind: Kind, today: NaiveDate) -> Proposal {
        let day = today.format("%Y-%m-%d").to_string();
        match kind {
            Kind::Break => Proposal::Break(BreakFields { created_date: day, ..Default::default() }),
            Kind::Task => Proposal::Task(TaskFields {
                scheduled: day,
                status: "To Do".into(),
                priority: "Normal".into(),
                ..Default::default()
            }),
            Kind::Leave => Proposal::Leave(LeaveFields::default()),
            Kind::Meeting => Proposal::Meeting(MeetingFields { schedule_date: day, ..Default::default() }),
            Kind::Checklist => Proposal::Checklist(ChecklistFields { created_date: day, ..Default::default() }),
        }
    }
}

fn ymd(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// Quoted text ('Review PR', "buy milk"): the tokens inside are marked, and the text returned.
pub fn quoted(msg: &str, toks: &[Tok]) -> (Vec<bool>, Option<String>) {
    let (mask, texts) = quoted_texts(msg, toks);
    (mask, texts.into_iter().next())
}

/// Every quoted text, in order, and the mask of the tokens inside quotes.
pub fn quoted_texts(msg: &str, toks: &[Tok]) -> (Vec<bool>, Vec<String>) {
    let mut mask = vec![false; toks.len()];
    let mut texts = Vec::new();
    let family = |s: &str| match s {
        "\"" | "“" | "”" => Some(2),
        "'" | "‘" | "’" => Some(1),
        _ => None,
    };
    let mut i = 0;
    while i < toks.len() {
        if let Some(f) = toks[i].punct.then(|| family(&toks[i].text)).flatten() {
            if let Some(j) = (i + 1..toks.len()).find(|&j| toks[j].punct && family(&toks[j].text) == Some(f)) {
                if j > i + 1 {
                    for m in mask.iter_mut().take(j + 1).skip(i) {
                        *m = true;
                    }
                    let inner = msg[toks[i].end..toks[j].start].trim();
                    if !inner.is_empty() {
                        texts.push(inner.to_string());
                    }
                    i = j + 1;
                    continue;
                }
            }
        }
        i += 1;
    }
    (mask, texts)
}

/// What the scan found, gathered per role.
#[derive(Default)]
struct When {
    dates: Vec<(NaiveDate, Role)>,
    ranges: Vec<(NaiveDate, NaiveDate)>,
    times: Vec<(Clock, Role)>,
    time_ranges: Vec<(Clock, Clock)>,
    durations: Vec<(u32, bool)>,
    day_counts: Vec<u32>,
    hint: Option<Mer>,
    today_by_daypart: bool,
    now: bool,
}

impl When {
    fn of(spans: &[Span]) -> When {
        let mut w = When::default();
        for s in spans {
            match &s.found {
                Found::Date(d, r) => w.dates.push((*d, *r)),
                Found::DateRange(a, b) => w.ranges.push((*a, *b)),
                Found::Time(c, r) => w.times.push((*c, *r)),
                Found::TimeRange(a, b) => w.time_ranges.push((*a, *b)),
                Found::Duration(m, from_now) => w.durations.push((*m, *from_now)),
                Found::DayCount(n) => w.day_counts.push(*n),
                Found::DayPart(m, today) => {
                    w.hint = Some(*m);
                    w.today_by_daypart |= *today;
                }
                Found::Now => w.now = true,
            }
        }
        w
    }

    /// The one day of a break, task, meeting or checklist item.
    fn day(&self, today: NaiveDate) -> NaiveDate {
        self.dates.first().map(|d| d.0).or_else(|| self.ranges.first().map(|r| r.0)).unwrap_or(today)
    }

    /// Start and end in minutes after midnight, as far as the sentence says them.
    fn times(&self) -> (Option<u32>, Option<u32>) {
        if let Some((a, b)) = self.time_ranges.first() {
            let (s, e) = resolve_range(*a, *b, self.hint);
            return (Some(s), Some(e));
        }
        let mut start: Option<Clock> = None;
        let mut end: Option<Clock> = None;
        for (c, role) in &self.times {
            match role {
                Role::End if end.is_none() => end = Some(*c),
                _ if start.is_none() => start = Some(*c),
                _ if end.is_none() => end = Some(*c),
                _ => {}
            }
        }
        match (start, end) {
            (Some(a), Some(b)) => {
                let (s, e) = resolve_range(a, b, self.hint);
                (Some(s), Some(e))
            }
            (Some(a), None) => (Some(a.minutes(self.hint)), None),
            (None, Some(b)) => (None, Some(b.minutes(self.hint))),
            (None, None) => (None, None),
        }
    }
}

pub fn build(kind: Kind, msg: &str, toks: &[Tok], quote_mask: &[bool], quote: Option<&str>, ctx: &Context) -> Proposal {
    let today = ctx.now.date_naive();
    let lean = if kind == Kind::Break { Lean::Past } else { Lean::Future };
    let reader = Reader { t: toks, now: ctx.now, today, lean };
    let mut used = quote_mask.to_vec();
    let spans = scan(&reader, Some(kind), &mut used);
    let when = When::of(&spans);
    let now_min = reader.now_minutes();
    match kind {
        Kind::Break => {
            let day = when.day(today);
            let (mut start, mut end) = when.times();
            if when.now {
                let ends_now = spans.iter().any(|s| s.found == Found::Now && is_end_lead(toks, s.from));
                if ends_now {
                    end = end.or(Some(now_min));
                } else {
                    start = start.or(Some(now_min));
                }
            }
            if let Some(&(d, from_now)) = when.durations.first() {
                match (start, end) {
                    _ if from_now && start.is_none() => {
                        start = Some(now_min + d);
                        end = end.or(Some(now_min + d));
                    }
                    (Some(s), None) => end = Some(s + d),
                    (None, Some(e)) => start = Some((e + 24 * 60 - d % (24 * 60)) % (24 * 60)),
                    (None, None) if day == today && when.hint.is_none() => {
                        let past = toks.iter().any(|t| PAST.contains(&t.low.as_str()));
                        if past {
                            end = Some(now_min);
                            start = Some((now_min + 24 * 60 - d % (24 * 60)) % (24 * 60));
                        } else {
                            start = Some(now_min);
                            end = Some(now_min + d);
                        }
                    }
                    _ => {}
                }
            }
            // "I'm going on a smoke break", "start a coffee break": it starts now.
            let starting = toks.iter().any(|t| NOW_VERBS.contains(&t.low.as_str()))
                && !toks.iter().any(|t| PAST.contains(&t.low.as_str()));
            if starting
                && start.is_none()
                && end.is_none()
                && when.durations.is_empty()
                && day == today
                && when.hint.is_none()
            {
                start = Some(now_min);
            }
            let break_type = match_break_type(toks, &mut used, &ctx.break_types).unwrap_or_default();
            let reason = quote.map(str::to_string).unwrap_or_else(|| rest(msg, toks, &used, Kind::Break));
            Proposal::Break(BreakFields {
                break_type,
                reason,
                start_time: start.map(hhmm).unwrap_or_default(),
                end_time: end.map(hhmm).unwrap_or_default(),
                created_date: ymd(day),
            })
        }
        Kind::Meeting => {
            let day = when.day(today);
            let (mut start, mut end) = when.times();
            if when.now {
                start = start.or(Some(now_min));
            }
            if let Some(&(d, from_now)) = when.durations.first() {
                if from_now && start.is_none() {
                    start = Some(now_min + d);
                } else if let (Some(s), None) = (start, end) {
                    end = Some(s + d);
                } else if let (None, Some(e)) = (start, end) {
                    start = e.checked_sub(d);
                }
            }
            let description = quote.map(str::to_string).unwrap_or_else(|| rest(msg, toks, &used, Kind::Meeting));
            Proposal::Meeting(MeetingFields {
                from: start.map(hhmm).unwrap_or_default(),
                to: end.map(hhmm).unwrap_or_default(),
                schedule_date: ymd(day),
                description,
            })
        }
        Kind::Task => {
            let day = when.day(today);
            let priority = take_priority(toks, &mut used).unwrap_or("Normal");
            let status = take_status(toks, &mut used).unwrap_or("To Do");
            let (title, description) = match quote {
                // A second quoted text is the description: 'Fix login' description 'users get a 500'.
                Some(q) => (
                    q.to_string(),
                    quoted_texts(msg, toks)
                        .1
                        .get(1)
                        .cloned()
                        .or_else(|| described(msg, toks, &used))
                        .unwrap_or_default(),
                ),
                None => split_title(&rest(msg, toks, &used, Kind::Task)),
            };
            Proposal::Task(TaskFields {
                title,
                description,
                scheduled: ymd(day),
                status: status.into(),
                priority: priority.into(),
            })
        }
        Kind::Checklist => {
            let day = when.day(today);
            let is_feature = take_feature(toks, &mut used);
            let task = quote.map(str::to_string).unwrap_or_else(|| rest(msg, toks, &used, Kind::Checklist));
            Proposal::Checklist(ChecklistFields { task, status: false, created_date: ymd(day), is_feature })
        }
        Kind::Leave => {
            let (from, to);
            if let Some((a, b)) = when.ranges.first() {
                from = Some(*a);
                to = Some(*b);
            } else {
                let starts: Vec<NaiveDate> =
                    when.dates.iter().filter(|(_, r)| *r != Role::End).map(|(d, _)| *d).collect();
                let ends: Vec<NaiveDate> =
                    when.dates.iter().filter(|(_, r)| *r == Role::End).map(|(d, _)| *d).collect();
                let mut f = starts.first().copied();
                let mut t =
                    ends.first().copied().or_else(|| if starts.len() > 1 { starts.last().copied() } else { None });
                if f.is_none() && t.is_some() {
                    // "on leave until Friday": from today.
                    f = Some(today);
                }
                // "from the 27th" alone says when the leave starts, not when it ends; "since Monday" runs to today.
                let only = |role: Role| starts.len() == 1 && when.dates.iter().all(|(_, r)| *r == role);
                if let (Some(start), None) = (f, t) {
                    t = match when.day_counts.first() {
                        Some(&n) if n > 0 => Some(super::datetime::add_days(start, n - 1)),
                        _ if only(Role::Since) && start <= today => Some(today),
                        _ if only(Role::Start) => None,
                        _ => Some(start),
                    };
                }
                from = f;
                to = t;
            }
            let days = match (from, to) {
                (Some(f), Some(t)) if t >= f => Some((t - f).num_days() + 1),
                _ => None,
            };
            let reason = quote.map(str::to_string).unwrap_or_else(|| rest(msg, toks, &used, Kind::Leave));
            Proposal::Leave(LeaveFields {
                from_date: from.map(ymd).unwrap_or_default(),
                to_date: to.map(ymd).unwrap_or_default(),
                reason,
                days,
                type_id: super::leave_type::choose(toks, &ctx.leave_types).map(|t| t.id.clone()),
            })
        }
    }
}

fn is_end_lead(toks: &[Tok], at: usize) -> bool {
    matches!(toks[at].low.as_str(), "until" | "till" | "til" | "untill" | "to")
}

/// The team's break type the sentence names: the words of the team's own type names (typos allowed), or the
/// concepts behind common words ("smoke" is the Cigarette type). A specific word wins over a generic one ("a quick
/// coffee break" is a Coffee Break). Marks the words used.
pub fn match_break_type(toks: &[Tok], used: &mut [bool], types: &[String]) -> Option<String> {
    // "break from 10 to 10:15 to call the school": once the break is named, what follows "to" or "because" is its
    // reason, and a word there ("school") is not its type.
    let named = toks.iter().position(|t| vocab::kind_noun(&t.low) == Some(Kind::Break));
    let clause = named.and_then(|n| {
        (n + 1..toks.len())
            .find(|&k| !used[k] && matches!(toks[k].low.as_str(), "to" | "because" | "cause" | "coz" | "reason"))
    });
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
    const GLUE: &[&str] = &["up", "the", "my", "from", "media", "at", "a", "our", "and", "of"];
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
        } else if !GLUE.contains(&w) {
            break;
        }
        k += 1;
    }
    let mut first = i;
    let mut b = i;
    while b > 0 && !used[b - 1] && !toks[b - 1].punct && b + 4 > i {
        let w = toks[b - 1].low.as_str();
        if member(w) || matches!(w, "pick" | "picking" | "pickup" | "collect" | "collecting" | "fetch" | "fetching") {
            first = b - 1;
        } else if !matches!(w, "up" | "the" | "my") {
            break;
        }
        b -= 1;
    }
    mark(used, first, last);
}

fn prev_word(toks: &[Tok], used: &[bool], i: usize) -> Option<usize> {
    (0..i).rev().find(|&k| !used[k] && !toks[k].punct)
}

fn next_word(toks: &[Tok], used: &[bool], i: usize) -> Option<usize> {
    (i + 1..toks.len()).find(|&k| !used[k] && !toks[k].punct)
}

/// At a border of the title: nothing (or punctuation) on one side.
fn at_edge(toks: &[Tok], used: &[bool], i: usize) -> bool {
    let before_punct = i == 0 || toks[i - 1].punct || prev_word(toks, used, i).is_none();
    let after_punct = i + 1 >= toks.len() || toks[i + 1].punct || next_word(toks, used, i).is_none();
    before_punct || after_punct
}

fn mark(used: &mut [bool], from: usize, to: usize) {
    for u in used.iter_mut().take(to + 1).skip(from) {
        *u = true;
    }
}

/// Marks the little words that led a priority or status in ("with", "as", "at", "status:").
fn mark_leads(toks: &[Tok], used: &mut [bool], mut i: usize, leads: &[&str]) {
    while let Some(p) = prev_word(toks, used, i) {
        if leads.contains(&toks[p].low.as_str()) && (p + 1..i).all(|k| toks[k].punct || used[k]) {
            used[p] = true;
            i = p;
        } else {
            break;
        }
    }
}

pub fn take_priority(toks: &[Tok], used: &mut [bool]) -> Option<&'static str> {
    for i in 0..toks.len() {
        if used[i] || toks[i].punct {
            continue;
        }
        let w = toks[i].low.as_str();
        if let Some((adj, "priority" | "prio" | "pri")) = w.split_once('-') {
            if let Some(p) = vocab::priority_word(adj) {
                used[i] = true;
                mark_leads(toks, used, i, PRIORITY_LEADS);
                return Some(p);
            }
        }
        if matches!(w, "priority" | "prio" | "priorty" | "priotity" | "prority") {
            if let Some(p) = prev_word(toks, used, i) {
                if let Some(v) = vocab::priority_word(&toks[p].low) {
                    mark(used, p, i);
                    mark_leads(toks, used, p, PRIORITY_LEADS);
                    return Some(v);
                }
            }
            let mut q = i + 1;
            while q < toks.len()
                && (toks[q].punct
                    || matches!(
                        toks[q].low.as_str(),
                        "is" | "of" | "=" | "level" | "should" | "be" | "set" | "to" | "as"
                    ))
            {
                q += 1;
            }
            if let Some(v) = toks.get(q).and_then(|t| vocab::priority_word(&t.low)) {
                mark(used, i, q);
                mark_leads(toks, used, i, PRIORITY_LEADS);
                return Some(v);
            }
        }
    }
    for i in 0..toks.len() {
        if used[i] || toks[i].punct {
            continue;
        }
        let w = toks[i].low.as_str();
        if matches!(
            w,
            "urgent" | "urgently" | "asap" | "critical" | "important" | "blocker" | "urgnt" | "urgant" | "critcal"
        ) {
            let v = vocab::priority_word(w)?;
            let lead = prev_word(toks, used, i)
                .is_some_and(|p| PRIORITY_LEADS.contains(&toks[p].low.as_str()) && toks[p].low != "a");
            let before_noun = next_word(toks, used, i).is_some_and(|n| {
                matches!(toks[n].low.as_str(), "task" | "tasks" | "todo" | "to-do" | "item" | "ticket" | "bug")
            });
            if at_edge(toks, used, i) || lead || before_noun || w == "asap" || w == "urgently" {
                used[i] = true;
                mark_leads(toks, used, i, PRIORITY_LEADS);
            }
            return Some(v);
        }
    }
    None
}

pub fn take_status(toks: &[Tok], used: &mut [bool]) -> Option<&'static str> {
    let low = |i: usize| toks.get(i).map_or("", |t| t.low.as_str());
    for i in 0..toks.len() {
        if used[i] || toks[i].punct {
            continue;
        }
        let (status, len, anywhere) = match (low(i), low(i + 1)) {
            ("in", "progress") | ("under", "way") => ("In Progress", 2, true),
            ("in-progress" | "wip" | "ongoing" | "underway", _) => ("In Progress", 1, true),
            ("started", _) => ("In Progress", 1, false),
            ("in", "review") | ("under", "review") => ("In Review", 2, true),
            ("in-review", _) => ("In Review", 1, true),
            ("on", "hold") => ("On Hold", 2, true),
            ("on-hold" | "paused", _) => ("On Hold", 1, true),
            ("blocked", _) => ("Blocked", 1, true),
            ("deferred" | "postponed", _) => ("Deferred", 1, true),
            ("invalid", _) => ("Invalid", 1, false),
            ("done" | "completed" | "complete" | "finished", _) => ("Completed", 1, false),
            ("to", "do") => ("To Do", 2, false),
            ("todo" | "to-do", _) => ("To Do", 1, false),
            _ => continue,
        };
        let lead = prev_word(toks, used, i).is_some_and(|p| STATUS_LEADS.contains(&toks[p].low.as_str()))
            || (i > 0 && toks[i - 1].low == ":" && i > 1 && toks[i - 2].low == "status");
        let edge = at_edge(toks, used, i + len - 1)
            && (i + len >= toks.len() || toks[i + len].punct || next_word(toks, used, i + len - 1).is_none());
        if status == "To Do" && !lead {
            continue;
        }
        if anywhere || lead || edge {
            mark(used, i, i + len - 1);
            if i > 0 && toks[i - 1].low == ":" {
                used[i - 1] = true;
            }
            mark_leads(toks, used, i, STATUS_LEADS);
            return Some(status);
        }
    }
    None
}

fn take_feature(toks: &[Tok], used: &mut [bool]) -> bool {
    for i in 0..toks.len() {
        if !used[i] && matches!(toks[i].low.as_str(), "feature" | "features" | "feature-list") {
            used[i] = true;
            if toks
                .get(i + 1)
                .is_some_and(|t| matches!(t.low.as_str(), "list" | "task" | "item" | "request" | "requests" | "idea"))
            {
                used[i + 1] = true;
            }
            if i > 0 && matches!(toks[i - 1].low.as_str(), "a" | "as" | "new") && !used[i - 1] {
                used[i - 1] = true;
            }
            return true;
        }
    }
    false
}

// ---- the words left over -------------------------------------------------------------------------------------

fn kind_noun_here(kind: Kind, w: &str, next: &str) -> bool {
    match kind {
        Kind::Break => vocab::kind_noun(w) == Some(Kind::Break) || matches!(w, "pause"),
        Kind::Task => {
            matches!(
                w,
                "task"
                    | "tasks"
                    | "todo"
                    | "todos"
                    | "to-do"
                    | "to-dos"
                    | "tsk"
                    | "taks"
                    | "reminder"
                    | "item"
                    | "ticket"
            ) || (vocab::kind_noun(w) == Some(Kind::Task) && w.len() > 3)
        }
        Kind::Checklist => {
            vocab::kind_noun(w) == Some(Kind::Checklist)
                || matches!(w, "item" | "items" | "entry" | "point" | "line")
                || (w == "check" && next == "list")
                || (w == "list" && next.is_empty())
        }
        Kind::Leave => {
            matches!(
                w,
                "leave" | "leaves" | "absence" | "absent" | "pto" | "ooo" | "leav" | "day-off" | "time-off" | "off"
            ) || (matches!(w, "day" | "days" | "time") && next == "off")
        }
        Kind::Meeting => false,
    }
}

/// The words left after dates, times, the type and the command are taken out, as typed: the title of a task, the
/// reason of a break or leave, the description of a meeting, the text of a checklist item.
pub fn rest(msg: &str, toks: &[Tok], used: &[bool], kind: Kind) -> String {
    let mut items: Vec<usize> = (0..toks.len()).filter(|&i| !used[i] && !toks[i].punct).collect();
    let low = |i: usize| toks[i].low.as_str();

    // The list it goes on: "to my checklist", "on my to-do list".
    if matches!(kind, Kind::Checklist | Kind::Task) {
        let mut k = 0;
        while k < items.len() {
            if matches!(low(items[k]), "to" | "on" | "in" | "onto" | "into" | "for") {
                let mut j = k + 1;
                while j < items.len()
                    && matches!(
                        low(items[j]),
                        "my" | "the" | "our" | "today's" | "todays" | "daily" | "personal" | "work"
                    )
                {
                    j += 1;
                }
                let end = match (items.get(j).map(|&x| low(x)), items.get(j + 1).map(|&x| low(x))) {
                    (Some("check"), Some("list")) => Some(j + 2),
                    (Some("to-do" | "todo" | "task" | "tasks" | "feature" | "features"), Some("list")) => Some(j + 2),
                    (Some(w), _) if vocab::kind_noun(w) == Some(Kind::Checklist) || w == "list" || w == "lists" => {
                        Some(j + 1)
                    }
                    (Some("tasks" | "todos" | "to-dos"), _) => Some(j + 1),
                    _ => None,
                };
                if let Some(end) = end {
                    items.drain(k..end);
                    continue;
                }
            }
            k += 1;
        }
    }

    // Leave nouns go wherever they are ("day off", "on leave"), unless they qualify the reason ("sick leave").
    if kind == Kind::Leave {
        let mut k = 0;
        while k < items.len() {
            let w = low(items[k]);
            let next = items.get(k + 1).map_or("", |&x| low(x));
            let prev = if k > 0 { low(items[k - 1]) } else { "" };
            let qualified = matches!(w, "leave" | "leaves")
                && matches!(
                    prev,
                    "sick"
                        | "annual"
                        | "casual"
                        | "maternity"
                        | "paternity"
                        | "parental"
                        | "unpaid"
                        | "paid"
                        | "medical"
                        | "personal"
                        | "study"
                        | "compassionate"
                        | "bereavement"
                        | "family"
                        | "emergency"
                        | "special"
                        | "earned"
                        | "privilege"
                        | "marriage"
                        | "wedding"
                        | "sabbatical"
                );
            if qualified {
                k += 1;
                continue;
            }
            if w == "out" && next == "of" && items.get(k + 2).is_some_and(|&x| low(x) == "office") {
                items.drain(k..k + 3);
                continue;
            }
            if w == "out"
                && next == "of"
                && items.get(k + 2).is_some_and(|&x| low(x) == "the")
                && items.get(k + 3).is_some_and(|&x| low(x) == "office")
            {
                items.drain(k..k + 4);
                continue;
            }
            // "off work", "all day", "the whole day": said of the absence, not its reason.
            if w == "off" && next == "work" {
                items.drain(k..k + 2);
                continue;
            }
            if matches!(w, "all" | "whole" | "full") && matches!(next, "day" | "week") {
                let from = if k > 0 && low(items[k - 1]) == "the" { k - 1 } else { k };
                items.drain(from..k + 2);
                k = from;
                continue;
            }
            // "I'll be out", "away", "won't be in", "not working".
            let ws: Vec<&str> = items.iter().map(|&x| low(x)).collect();
            if super::intent::absence_at(&ws, k) || (matches!(w, "out" | "away") && k == 0) {
                let mut from = k;
                while from > 0
                    && matches!(
                        low(items[from - 1]),
                        "be" | "not" | "won't" | "wont" | "can't" | "cant" | "cannot" | "coming" | "come"
                    )
                {
                    from -= 1;
                }
                items.drain(from..=k);
                k = from;
                continue;
            }
            if w == "day" && next == "off" && k > 0 && matches!(low(items[k - 1]), "half" | "full" | "whole") {
                items.remove(k + 1);
                k += 1;
                continue;
            }
            if matches!(w, "day" | "days" | "time") && next == "off" {
                items.drain(k..k + 2);
                if k > 0 && matches!(low(items[k - 1]), "a" | "the" | "my" | "some") {
                    items.remove(k - 1);
                    k -= 1;
                }
                continue;
            }
            if kind_noun_here(kind, w, next) || (w == "on" && matches!(next, "leave" | "vacation" | "holiday" | "pto"))
            {
                let on_vacation = w == "on" && next != "leave" && next != "pto";
                if !on_vacation {
                    items.remove(k);
                    continue;
                }
                items.remove(k);
                continue;
            }
            k += 1;
        }
    }
    if kind == Kind::Break {
        items.retain(|&i| !kind_noun_here(kind, low(i), ""));
    }

    // "meeting notes task: send recap": the text is what follows the colon.
    if let Some(n) = items
        .iter()
        .take(3)
        .position(|&i| kind_noun_here(kind, low(i), "") && toks.get(i + 1).is_some_and(|t| t.low == ":"))
    {
        if n + 1 < items.len() {
            items.drain(..=n);
        }
    }

    // The opening: "please can you add a new task to ...".
    let mut stripped_any = false;
    loop {
        let words: Vec<&str> = items.iter().map(|&i| low(i)).collect();
        if words.is_empty() {
            break;
        }
        if let Some(n) = OPENINGS.iter().find_map(|o| {
            let parts: Vec<&str> = o.split(' ').collect();
            (words.len() >= parts.len() && words[..parts.len()] == parts[..]).then_some(parts.len())
        }) {
            items.drain(..n);
            stripped_any = true;
            continue;
        }
        let w = words[0];
        let next = words.get(1).copied().unwrap_or("");
        if POLITE.contains(&w) {
            items.remove(0);
            continue;
        }
        if kind_noun_here(kind, w, next) {
            items.remove(0);
            if w == "check" && next == "list" {
                items.remove(0);
            }
            stripped_any = true;
            continue;
        }
        let is_kind_word = |j: usize| {
            let x = words[j];
            kind_noun_here(kind, x, words.get(j + 1).copied().unwrap_or(""))
                || (kind == Kind::Meeting && vocab::kind_noun(x) == Some(Kind::Meeting))
        };
        let record_follows = || {
            let mut j = 1;
            while j < words.len() && (DETS.contains(&words[j]) || ADJ.contains(&words[j])) {
                j += 1;
            }
            j >= words.len() || is_kind_word(j) || CONNECTORS.contains(&words[j]) || words[j] == "with"
        };
        let verb_ok = RECORD_VERBS.contains(&w)
            || (COMMAND_VERBS.contains(&w) && (matches!(kind, Kind::Leave | Kind::Meeting) || record_follows()));
        // "I'm off to the dentist at 3": where the meeting is.
        if kind == Kind::Meeting && matches!(w, "off" | "heading" | "going") && next == "to" && words.len() > 2 {
            items.drain(..2);
            continue;
        }
        if verb_ok {
            items.remove(0);
            if matches!((w, next), ("set" | "jot" | "note", "up" | "down"))
                || (matches!(w, "go" | "going" | "went") && next == "for")
            {
                items.remove(0);
            }
            stripped_any = true;
            continue;
        }
        // "daily standup" is the meeting's name.
        if DETS.contains(&w) || (ADJ.contains(&w) && !(kind == Kind::Meeting && w == "daily")) {
            let j = words.iter().position(|x| !(DETS.contains(x) || ADJ.contains(x))).unwrap_or(words.len());
            let noun_after = j >= words.len() || is_kind_word(j);
            let after_command = stripped_any && matches!(w, "the" | "my" | "this" | "some" | "me" | "us");
            if matches!(w, "a" | "an") || noun_after || after_command {
                items.remove(0);
                continue;
            }
        }
        if CONNECTORS.contains(&w) && !(kind == Kind::Meeting && matches!(w, "about" | "on")) {
            // "and for a", "because of", "due to": a run of them.
            while items.len() > 1 && CONNECTORS.contains(&low(items[0])) {
                items.remove(0);
            }
            // What follows a connector is the text itself ("to set up CI", "because I was tired"): only an
            // article is left out.
            if items.len() > 1 && matches!(low(items[0]), "a" | "an" | "the") {
                items.remove(0);
            }
            break;
        }
        break;
    }

    // The ending: "... for me please", a dangling "on".
    while let Some(&last) = items.last() {
        let w = low(last);
        let prev = if items.len() > 1 { low(items[items.len() - 2]) } else { "" };
        let qualified_leave = kind == Kind::Leave
            && matches!(w, "leave" | "leaves")
            && !prev.is_empty()
            && !TRAILING.contains(&prev)
            && prev != "on";
        if TRAILING.contains(&w)
            || (kind == Kind::Leave && TRAILING_LEAVE.contains(&w))
            || (kind != Kind::Meeting && !qualified_leave && kind_noun_here(kind, w, ""))
        {
            items.pop();
        } else {
            break;
        }
    }
    // "schedule a meeting": nothing to describe. A named kind of meeting ("retro", "standup") is the description.
    if kind == Kind::Meeting
        && items.iter().all(|&i| matches!(low(i), "meeting" | "meetings" | "mtg" | "meet") || DETS.contains(&low(i)))
    {
        items.clear();
    }
    join(msg, toks, used, &items)
}

/// The kept words with the original spacing and punctuation between neighbours.
fn join(msg: &str, toks: &[Tok], used: &[bool], items: &[usize]) -> String {
    let mut out = String::new();
    for (n, &i) in items.iter().enumerate() {
        if n == 0 {
            out.push_str(&toks[i].text);
            continue;
        }
        let prev = items[n - 1];
        let between_is_punct = (prev + 1..i).all(|k| toks[k].punct && !used[k]);
        if between_is_punct && i > prev {
            out.push_str(&msg[toks[prev].end..toks[i].end]);
        } else {
            out.push(' ');
            out.push_str(&toks[i].text);
        }
    }
    let out = out.trim().trim_end_matches([',', ';', ':', '-', '.', '!', '?', '(', '—', '–']).trim().to_string();
    let out = out.trim_start_matches([',', ';', ':', '-', '.', ')', '—', '–']).trim().to_string();
    capitalise(&out)
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// "Fix login - users get a 500" → title and description.
fn split_title(text: &str) -> (String, String) {
    for marker in
        [" description: ", " desc: ", " details: ", " notes: ", " description ", " - ", ": ", " — ", " – ", "; "]
    {
        let lower = text.to_lowercase();
        if let Some(p) = lower.find(marker) {
            let (a, b) = (text[..p].trim(), text[p + marker.len()..].trim());
            let a = a.trim_end_matches([',', ';', ':']).trim();
            let a = strip_suffix_words(a, &["with", "and", "with description", "with details"]);
            if !a.is_empty() && !b.is_empty() {
                return (capitalise(&a), capitalise(b.trim_end_matches(['.', '!']).trim()));
            }
        }
    }
    (text.to_string(), String::new())
}

fn strip_suffix_words(s: &str, words: &[&str]) -> String {
    let mut s = s.trim().to_string();
    for w in words {
        let lower = s.to_lowercase();
        if lower.ends_with(&format!(" {w}")) {
            s.truncate(s.len() - w.len() - 1);
        }
    }
    s.trim().to_string()
}

/// A description written after a quoted title: "'Fix login' - users get a 500".
fn described(msg: &str, toks: &[Tok], used: &[bool]) -> Option<String> {
    let items: Vec<usize> = (0..toks.len()).filter(|&i| !used[i] && !toks[i].punct).collect();
    let marker =
        items.iter().position(|&i| matches!(toks[i].low.as_str(), "description" | "desc" | "details" | "notes"))?;
    let after: Vec<usize> = items[marker + 1..].to_vec();
    let text = join(msg, toks, used, &after);
    (!text.is_empty()).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::understand::lexer::tokenize;

    fn rest_of(msg: &str, kind: Kind) -> String {
        let toks = tokenize(msg);
        let used = vec![false; toks.len()];
        rest(msg, &toks, &used, kind)
    }

    fn priority_and_status(msg: &str) -> (Option<&'static str>, Option<&'static str>, String) {
        let toks = tokenize(msg);
        let mut used = vec![false; toks.len()];
        let p = take_priority(&toks, &mut used);
        let s = take_status(&toks, &mut used);
        (p, s, rest(msg, &toks, &used, Kind::Task))
    }

    #[test]
    fn the_command_is_not_part_of_the_title() {
        assert_eq!(rest_of("please can you add a new task to set up CI", Kind::Task), "Set up CI");
        assert_eq!(rest_of("remind me to call mom", Kind::Task), "Call mom");
        assert_eq!(rest_of("would you mind adding a task to renew the domain", Kind::Task), "Renew the domain");
        assert_eq!(rest_of("would you be able to create a task to prepare the pack", Kind::Task), "Prepare the pack");
        assert_eq!(rest_of("creat a task to fix the printer", Kind::Task), "Fix the printer");
        assert_eq!(rest_of("book a flight to Oslo", Kind::Task), "Book a flight to Oslo");
        assert_eq!(rest_of("add buy milk to my daily checklist", Kind::Checklist), "Buy milk");
        assert_eq!(rest_of("schedule a meeting with the design team", Kind::Meeting), "Meeting with the design team");
        assert_eq!(rest_of("schedule a meeting", Kind::Meeting), "");
        assert_eq!(rest_of("sick leave", Kind::Leave), "Sick leave");
        assert_eq!(rest_of("take a day off for a dentist appointment", Kind::Leave), "Dentist appointment");
        assert_eq!(rest_of("break because I was tired", Kind::Break), "I was tired");
    }

    #[test]
    fn priority_and_status_words() {
        assert_eq!(priority_and_status("fix login, high priority"), (Some("High"), None, "Fix login".into()));
        assert_eq!(priority_and_status("urgent task: renew cert"), (Some("Urgent"), None, "Renew cert".into()));
        assert_eq!(
            priority_and_status("fix the critical login bug"),
            (Some("Critical"), None, "Fix the critical login bug".into()),
            "a priority word inside the title stays in it"
        );
        assert_eq!(
            priority_and_status("write tests, mark as in progress"),
            (None, Some("In Progress"), "Write tests".into())
        );
        assert_eq!(priority_and_status("finish the report"), (None, None, "Finish the report".into()));
    }

    #[test]
    fn a_title_and_its_description() {
        assert_eq!(
            split_title("Review PR #42 - check the migration scripts"),
            ("Review PR #42".into(), "Check the migration scripts".into())
        );
        assert_eq!(split_title("Review PR #42"), ("Review PR #42".into(), String::new()));
    }

    #[test]
    fn quoted_text_is_kept_as_typed() {
        let msg = "add 'water the plants' to my checklist";
        let toks = tokenize(msg);
        let (mask, text) = quoted(msg, &toks);
        assert_eq!(text.as_deref(), Some("water the plants"));
        assert_eq!(mask.iter().filter(|m| **m).count(), 5);
    }
}
