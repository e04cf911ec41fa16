//! The understanding engine: a plain sentence in, an intent and pre-filled record fields out. Pure (no I/O, no
//! clock of its own), so it is tested and measured on fixed sentences with a fixed "now".
//!
//! - `intent`: the intents and the order they are decided in (help, questions, records);
//! - `kinds`: one module per kind of request, with how a sentence asks for it and how its fields are read:
//!   `breaks`, `tasks`, `leaves`, `meetings`, `checklist`, and `questions` (about the caller's data, and help);
//!   `kinds/mod.rs` decides which record a sentence asks for from the detectors of every kind;
//! - shared machinery: `lexer` (tokens), `words` (the words of a message), `datetime` and `scan` (dates, times,
//!   durations), `period` (the days a question is about), `leave_type` (the team's leave types), `proposal` (the
//!   record and what the scan found), `text` (the words left over: titles, reasons, descriptions);
//! - `vocab`: every word list the engine reads.

mod datetime;
mod intent;
mod kinds;
mod leave_type;
mod lexer;
mod period;
mod proposal;
mod scan;
mod text;
mod vocab;
mod words;

use bt_core::error::FieldErrors;
use bt_records::dates::DateRange;
use chrono::DateTime;
use chrono_tz::Tz;
use serde::Serialize;

pub use intent::{HelpTopic, Intent, OptionList};
pub use kinds::breaks::BreakFields;
pub use kinds::checklist::ChecklistFields;
pub use kinds::leaves::LeaveFields;
pub use kinds::meetings::{title as meeting_title, MeetingFields, NameChoice};
pub use kinds::tasks::TaskFields;
pub use kinds::work::{WorkBreakFields, WorkFields};
pub use proposal::Proposal;
pub use vocab::Kind;

/// What the sentence is read against.
#[derive(Debug, Clone)]
pub struct Context {
    /// Now, in the person's time zone: "today", "tomorrow" and "now" are taken from it.
    pub now: DateTime<Tz>,
    /// The team's break types (the names a break's `type` may take).
    pub break_types: Vec<String>,
    /// The team's leave types a new leave may take (archived ones left out); none known: a leave gets no `typeId`.
    pub leave_types: Vec<TeamLeaveType>,
    /// The person's teammates (themselves left out): whom a meeting named in the sentence invites.
    pub members: Vec<TeamMember>,
}

/// A teammate a meeting may invite, as the engine needs it: their user id (an attendee) and name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TeamMember {
    pub user_id: String,
    pub name: String,
}

impl TeamMember {
    pub fn new(user_id: impl Into<String>, name: impl Into<String>) -> TeamMember {
        TeamMember { user_id: user_id.into(), name: name.into() }
    }
}

/// One of the team's leave types, as the engine needs it: its id (a leave's `typeId`) and name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamLeaveType {
    pub id: String,
    pub name: String,
    /// The type a leave sent without one gets (Vacation in a new team).
    pub is_default: bool,
}

impl TeamLeaveType {
    pub fn new(id: impl Into<String>, name: impl Into<String>, is_default: bool) -> TeamLeaveType {
        TeamLeaveType { id: id.into(), name: name.into(), is_default }
    }
}

impl Context {
    pub fn new(now: DateTime<Tz>, break_types: Vec<String>) -> Context {
        Context { now, break_types, leave_types: Vec::new(), members: Vec::new() }
    }

    /// The same, with the person's teammates.
    pub fn with_members(mut self, members: Vec<TeamMember>) -> Context {
        self.members = members;
        self
    }

    /// The same, with the team's leave types.
    pub fn with_leave_types(mut self, leave_types: Vec<TeamLeaveType>) -> Context {
        self.leave_types = leave_types;
        self
    }

    /// The leave type of this id, if the team has it.
    pub fn leave_type(&self, id: &str) -> Option<&TeamLeaveType> {
        self.leave_types.iter().find(|t| t.id == id)
    }

    /// The type a leave without `typeId` gets.
    pub fn default_leave_type(&self) -> Option<&TeamLeaveType> {
        self.leave_types.iter().find(|t| t.is_default)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Understanding {
    pub intent: Intent,
    /// The pre-filled record of a record intent.
    pub proposal: Option<Proposal>,
    /// Values read from the sentence that a saved record would refuse (they are left out of the proposal), with
    /// the form's message.
    pub problems: FieldErrors,
    /// Required fields still empty, in the order of the form.
    pub missing: Vec<String>,
    /// The days a question about the team's absences is about (`whoIsOffToday`, `whoIsOff`).
    pub period: Option<DateRange>,
    /// For help asked as "what are the priorities?": the list of options the answer gives.
    pub options: Option<OptionList>,
    /// The day's work a `logWork` message tells.
    pub work: Option<WorkFields>,
}

impl Understanding {
    pub fn of_intent(intent: Intent) -> Understanding {
        Understanding {
            intent,
            proposal: None,
            problems: FieldErrors::new(),
            missing: Vec::new(),
            period: None,
            options: None,
            work: None,
        }
    }

    /// "Who is off ...?" about these days: `whoIsOffToday` for today alone, `whoIsOff` for any other days.
    pub fn who_is_off(period: DateRange, today: chrono::NaiveDate) -> Understanding {
        let intent = if period == DateRange::day(today) { Intent::WhoIsOffToday } else { Intent::WhoIsOff };
        Understanding { period: Some(period), ..Understanding::of_intent(intent) }
    }
}

/// Reads one message.
pub fn understand(message: &str, ctx: &Context) -> Understanding {
    let toks = lexer::tokenize(message);
    let (mut quote_mask, quote) = text::quoted(message, &toks);
    // "Break Buddy, ..." names the assistant: not a break, not part of a title.
    let addressed = intent::mark_name(&toks, &mut quote_mask);
    if let Some(intent) = kinds::work::intent(&words::Words::new(&toks, &quote_mask), &toks, ctx) {
        let work = (intent == Intent::LogWork).then(|| kinds::work::fields(&toks, ctx));
        return Understanding { work, ..Understanding::of_intent(intent) };
    }
    let intent = intent::classify(&toks, &quote_mask, ctx, addressed);
    if intent == Intent::WhoIsOffToday {
        let today = ctx.now.date_naive();
        return Understanding::who_is_off(
            period::period(&toks, &quote_mask, ctx).unwrap_or(DateRange::day(today)),
            today,
        );
    }
    let Some(kind) = intent.kind() else {
        let options = match intent {
            Intent::Help(_) => kinds::questions::options_list(&words::Words::new(&toks, &quote_mask)),
            _ => None,
        };
        return Understanding { options, ..Understanding::of_intent(intent) };
    };
    let proposal = proposal::build(kind, message, &toks, &quote_mask, quote.as_deref(), ctx);
    checked(intent, proposal, ctx.now.date_naive())
}

/// The proposal as it is offered to be saved: a task the sentence gives no description takes the sentence itself
/// (else its title), since a task's description is required and the form is saved as offered; the field is then no
/// longer missing. Applied to every provider's understanding.
pub fn as_offered(mut u: Understanding, message: &str) -> Understanding {
    if let Some(Proposal::Task(t)) = &mut u.proposal {
        if t.description.trim().is_empty() {
            let said = message.split_whitespace().collect::<Vec<_>>().join(" ");
            t.description = if said.is_empty() { t.title.clone() } else { said };
            if !t.description.is_empty() {
                u.missing.retain(|f| f != "description");
            }
        }
    }
    u
}

/// The list of a form's options a message asks for ("what are the priorities?"), if it asks for one: for a help
/// answer decided elsewhere (a hosted model's) to give the list as the built-in engine does.
pub fn options_asked(message: &str) -> Option<OptionList> {
    let toks = lexer::tokenize(message);
    let (quote_mask, _) = text::quoted(message, &toks);
    kinds::questions::options_list(&words::Words::new(&toks, &quote_mask))
}

/// Runs the record's checks over a proposal: a value that breaks a rule is cleared (never proposed) and its message
/// kept; required fields still empty are listed.
pub fn checked(intent: Intent, mut proposal: Proposal, today: chrono::NaiveDate) -> Understanding {
    let errors = crate::rules::check(&proposal, today);
    let mut problems = FieldErrors::new();
    for (field, message) in &errors {
        if clear(&mut proposal, field) {
            problems.insert(field.clone(), message.clone());
        }
    }
    let missing = if problems.is_empty() { errors } else { crate::rules::check(&proposal, today) };
    let missing = missing.into_keys().filter(|f| !problems.contains_key(f)).collect();
    Understanding { intent, proposal: Some(proposal), problems, missing, period: None, options: None, work: None }
}

/// Empties a field that holds a value; false when it was empty already (a missing field, not a broken rule).
fn clear(p: &mut Proposal, field: &str) -> bool {
    fn take(s: &mut String) -> bool {
        let had = !s.trim().is_empty();
        s.clear();
        had
    }
    match p {
        Proposal::Break(b) => match field {
            "startTime" => take(&mut b.start_time),
            "endTime" => take(&mut b.end_time),
            "type" => take(&mut b.break_type),
            "createdDate" => take(&mut b.created_date),
            "reason" => take(&mut b.reason),
            _ => false,
        },
        Proposal::Task(t) => match field {
            "title" => take(&mut t.title),
            "description" => take(&mut t.description),
            "scheduled" => take(&mut t.scheduled),
            "status" => {
                t.status = "To Do".into();
                true
            }
            "priority" => {
                t.priority = "Normal".into();
                true
            }
            _ => false,
        },
        Proposal::Leave(l) => {
            let had = match field {
                "fromDate" => take(&mut l.from_date),
                "toDate" => take(&mut l.to_date),
                "reason" => take(&mut l.reason),
                _ => false,
            };
            if had && field != "reason" {
                l.days = None;
            }
            had
        }
        Proposal::Meeting(m) => match field {
            "from" => take(&mut m.from),
            "to" => take(&mut m.to),
            "scheduleDate" => take(&mut m.schedule_date),
            "description" => take(&mut m.description),
            "title" => take(&mut m.title),
            "attendees" => {
                let had = !m.attendees.is_empty();
                m.attendees.clear();
                had
            }
            _ => false,
        },
        Proposal::Checklist(c) => match field {
            "task" => take(&mut c.task),
            "createdDate" => take(&mut c.created_date),
            _ => false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn ctx() -> Context {
        let now = chrono_tz::Europe::London.with_ymd_and_hms(2026, 3, 11, 10, 30, 0).unwrap();
        Context::new(now, bt_records::DEFAULT_BREAK_TYPES.map(String::from).to_vec())
    }

    fn fields(msg: &str) -> (Intent, serde_json::Map<String, serde_json::Value>) {
        let u = understand(msg, &ctx());
        (u.intent, u.proposal.map(|p| p.fields()).unwrap_or_default())
    }

    #[test]
    fn the_issue_example() {
        let (intent, f) = fields("coffee break from 3 to 3:15 pm today");
        assert_eq!(intent, Intent::CreateBreak);
        assert_eq!(f["type"], "Coffee Break");
        assert_eq!(f["startTime"], "15:00");
        assert_eq!(f["endTime"], "15:15");
        assert_eq!(f["createdDate"], "2026-03-11");
        assert_eq!(f["reason"], "");
    }

    #[test]
    fn numeric_dates_are_month_first_when_one_of_them_can_only_be() {
        let (_, f) = fields("leave 12/14 to 12/16");
        assert_eq!((f["fromDate"].as_str(), f["toDate"].as_str()), (Some("2026-12-14"), Some("2026-12-16")));
        let (_, f) = fields("pto 12/24 thru 1/2");
        assert_eq!((f["fromDate"].as_str(), f["toDate"].as_str()), (Some("2026-12-24"), Some("2027-01-02")));
        let (_, f) = fields("leave 6/4 to 10/4");
        assert_eq!((f["fromDate"].as_str(), f["toDate"].as_str()), (Some("2026-04-06"), Some("2026-04-10")));
    }

    #[test]
    fn a_second_quoted_text_is_the_description() {
        let (_, f) = fields("create task 'Quarterly report' description 'numbers from finance by Friday'");
        assert_eq!(
            (f["title"].as_str(), f["description"].as_str()),
            (Some("Quarterly report"), Some("numbers from finance by Friday"))
        );
    }

    #[test]
    fn short_or_misspelt_option_questions_are_help() {
        for (msg, topic) in [
            ("break types pls", HelpTopic::Breaks),
            ("wat priority levels can a task have", HelpTopic::Tasks),
            ("prioritys?", HelpTopic::Tasks),
            ("wht kinds of leave r there", HelpTopic::Leaves),
        ] {
            assert_eq!(understand(msg, &ctx()).intent, Intent::Help(topic), "{msg}");
        }
        assert_ne!(understand("my priorities for today", &ctx()).intent, Intent::Help(HelpTopic::Tasks));
    }

    #[test]
    fn continental_times_and_back_by() {
        let (_, f) = fields("client call thursday 11h15 - 11h30");
        assert_eq!((f["from"].as_str(), f["to"].as_str()), (Some("11:15"), Some("11:30")));
        let (_, f) = fields("picking up the kids at 3, back by 4");
        assert_eq!(
            (f["startTime"].as_str(), f["endTime"].as_str(), f["reason"].as_str()),
            (Some("15:00"), Some("16:00"), Some(""))
        );
    }

    #[test]
    fn a_question_is_not_a_record() {
        assert_eq!(understand("how long were my breaks today?", &ctx()).intent, Intent::BreakMinutesToday);
        assert_eq!(understand("how do I add a break?", &ctx()).intent, Intent::Help(HelpTopic::Breaks));
    }

    #[test]
    fn a_value_a_record_would_refuse_is_left_out() {
        let u = understand("lunch break from 9am to 6pm", &ctx());
        let Some(Proposal::Break(b)) = &u.proposal else { panic!("{u:?}") };
        assert_eq!(b.start_time, "09:00");
        assert_eq!(b.end_time, "");
        assert_eq!(u.problems.get("endTime").map(String::as_str), Some("Break cannot be more than 8 hours."));
    }

    #[test]
    fn a_team_leave_type_and_a_day_make_a_leave() {
        let ctx = ctx().with_leave_types(vec![
            TeamLeaveType::new("00000000000000000000000001", "Vacation", true),
            TeamLeaveType::new("00000000000000000000000003", "Unpaid", false),
            TeamLeaveType::new("01JQ8Z6Y3V4W5X6Y7Z8A9B0C1E", "Jury duty", false),
        ]);
        let u = understand("jury duty on Monday", &ctx);
        let Some(Proposal::Leave(l)) = &u.proposal else { panic!("{u:?}") };
        assert_eq!((l.from_date.as_str(), l.type_id.as_deref()), ("2026-03-16", Some("01JQ8Z6Y3V4W5X6Y7Z8A9B0C1E")));
        assert_eq!(understand("unpaid invoices", &ctx).intent, Intent::Unknown);
        assert_eq!(understand("jury duty", &ctx).intent, Intent::Unknown);
    }

    #[test]
    fn who_is_off_reads_its_days() {
        let u = understand("who is off next week?", &ctx());
        assert_eq!(u.intent, Intent::WhoIsOff);
        let p = u.period.unwrap();
        assert_eq!((p.from.to_string(), p.to.to_string()), ("2026-03-16".into(), "2026-03-22".into()));
        let u = understand("who is on leave today", &ctx());
        assert_eq!((u.intent, u.period.map(|p| p.to.to_string())), (Intent::WhoIsOffToday, Some("2026-03-11".into())));
        assert_eq!(understand("how many leave days do I have left?", &ctx()).intent, Intent::LeaveBalance);
        assert_ne!(understand("how much time is left before I need to leave?", &ctx()).intent, Intent::LeaveBalance);
    }

    #[test]
    fn an_absence_with_its_days_is_a_leave() {
        for msg in ["I'll be out Thursday and Friday", "away tomorrow and the day after", "won't be in on Thursday"] {
            let u = understand(msg, &ctx());
            let Some(Proposal::Leave(l)) = &u.proposal else { panic!("{msg}: {u:?}") };
            assert_eq!(l.from_date, "2026-03-12", "{msg}");
            assert_eq!(l.reason, "", "{msg}");
        }
        assert_eq!(understand("log off at 5", &ctx()).intent, Intent::Unknown);
        assert_eq!(understand("I'm out for lunch 12-1", &ctx()).intent, Intent::CreateBreak);
    }

    #[test]
    fn calls_and_appointments_at_a_time_are_meetings() {
        assert_eq!(understand("dentist appointment tomorrow at 9:30", &ctx()).intent, Intent::CreateMeeting);
        assert_eq!(understand("call the plumber at 8:30", &ctx()).intent, Intent::CreateMeeting);
        assert_eq!(understand("remind me to call the plumber at 8:30", &ctx()).intent, Intent::CreateTask);
        assert_eq!(understand("call the plumber tomorrow", &ctx()).intent, Intent::CreateTask);
    }

    #[test]
    fn questions_about_a_forms_options_are_answered_with_the_list() {
        let u = understand("what are the priorities?", &ctx());
        assert_eq!((u.intent, u.options), (Intent::Help(HelpTopic::Tasks), Some(OptionList::Priorities)));
        let u = understand("which break types can I choose from?", &ctx());
        assert_eq!((u.intent, u.options), (Intent::Help(HelpTopic::Breaks), Some(OptionList::BreakTypes)));
        assert_eq!(understand("what leave types are there?", &ctx()).options, Some(OptionList::LeaveTypes));
        assert_eq!(understand("how do I change a break type?", &ctx()).options, None);
        assert_eq!(understand("what are my priorities?", &ctx()).options, None);
    }

    #[test]
    fn a_task_is_offered_with_a_description_it_can_be_saved_with() {
        let msg = "add a task to call the bank";
        let u = as_offered(understand(msg, &ctx()), msg);
        let Some(Proposal::Task(t)) = &u.proposal else { panic!("{u:?}") };
        assert_eq!((t.title.as_str(), t.description.as_str()), ("Call the bank", "add a task to call the bank"));
        assert!(u.missing.is_empty(), "{:?}", u.missing);
        assert!(crate::rules::check(u.proposal.as_ref().unwrap(), ctx().now.date_naive()).is_empty());
        // A description the sentence gives is kept.
        let msg = "task: quarterly report - numbers from finance";
        let u = as_offered(understand(msg, &ctx()), msg);
        let Some(Proposal::Task(t)) = &u.proposal else { panic!("{u:?}") };
        assert_eq!(t.description, "Numbers from finance");
    }

    #[test]
    fn missing_fields_are_listed_not_invented() {
        let u = understand("add a task to call the bank", &ctx());
        let Some(Proposal::Task(t)) = &u.proposal else { panic!("{u:?}") };
        assert_eq!(t.title, "Call the bank");
        assert_eq!(t.description, "");
        assert_eq!(u.missing, vec!["description".to_string()]);
    }
}
