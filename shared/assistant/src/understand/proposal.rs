//! A proposed record: the fields of its kind, in the record's own API names and formats. The message is scanned
//! for its dates, times and durations once ([`When`]); each kind's module reads its fields from that and the words
//! left over ([`Draft`]).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::datetime::{resolve_range, Clock, Lean, Mer, Reader};
use super::kinds;
use super::kinds::breaks::BreakFields;
use super::kinds::checklist::ChecklistFields;
use super::kinds::leaves::LeaveFields;
use super::kinds::meetings::MeetingFields;
use super::kinds::tasks::TaskFields;
use super::lexer::Tok;
use super::scan::{scan, Found, Role, Span};
use super::text::rest;
use super::vocab::Kind;
use super::Context;

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

pub fn ymd(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// What the scan found, gathered per role.
#[derive(Default)]
pub struct When {
    pub dates: Vec<(NaiveDate, Role)>,
    pub ranges: Vec<(NaiveDate, NaiveDate)>,
    pub times: Vec<(Clock, Role)>,
    pub time_ranges: Vec<(Clock, Clock)>,
    pub durations: Vec<(u32, bool)>,
    pub day_counts: Vec<u32>,
    pub hint: Option<Mer>,
    pub today_by_daypart: bool,
    pub now: bool,
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
    pub fn day(&self, today: NaiveDate) -> NaiveDate {
        self.dates.first().map(|d| d.0).or_else(|| self.ranges.first().map(|r| r.0)).unwrap_or(today)
    }

    /// Start and end in minutes after midnight, as far as the sentence says them.
    pub fn times(&self) -> (Option<u32>, Option<u32>) {
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

/// A message being read into the fields of one record: what the scan found, and the tokens used so far (dates,
/// times, quoted text, then the type, priority or status as they are read), which stay out of the text.
pub struct Draft<'a> {
    pub msg: &'a str,
    pub toks: &'a [Tok],
    /// The first quoted text: the record's text as typed, when there is one.
    pub quote: Option<&'a str>,
    pub ctx: &'a Context,
    pub today: NaiveDate,
    /// Now, in minutes after midnight.
    pub now_min: u32,
    pub spans: Vec<Span>,
    pub when: When,
    pub used: Vec<bool>,
}

impl Draft<'_> {
    /// The words left over, as typed.
    pub fn rest(&self, kind: Kind) -> String {
        rest(self.msg, self.toks, &self.used, kind)
    }

    /// The record's text: the quoted text, else the words left over.
    pub fn text(&self, kind: Kind) -> String {
        self.quote.map(str::to_string).unwrap_or_else(|| self.rest(kind))
    }
}

/// The record of this kind the message describes.
pub fn build(kind: Kind, msg: &str, toks: &[Tok], quote_mask: &[bool], quote: Option<&str>, ctx: &Context) -> Proposal {
    let today = ctx.now.date_naive();
    let lean = if kind == Kind::Break { Lean::Past } else { Lean::Future };
    let reader = Reader { t: toks, now: ctx.now, today, lean };
    let mut used = quote_mask.to_vec();
    let spans = scan(&reader, Some(kind), &mut used);
    let when = When::of(&spans);
    let now_min = reader.now_minutes();
    let mut draft = Draft { msg, toks, quote, ctx, today, now_min, spans, when, used };
    kinds::fields(kind, &mut draft)
}
