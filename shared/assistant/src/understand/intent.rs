//! What the person wants: a record proposal, an answer about their day or team, or help. Decided from cue words in
//! a fixed order (help, questions, records), so that "how do I add a break?" is help and "how long were my breaks
//! today?" a question, not a break.

use serde::Serialize;

use super::kinds::questions::{help_topic, interrogative, options_list, question};
use super::kinds::{explicit_kind, record_kind, Cues};
use super::lexer::Tok;
use super::vocab::{self, Kind};
use super::vocab::{ASSISTANT_WORDS, GENERIC_HELP, GREETINGS, HELP_PHRASES, HELP_WORDS, HOW_TO, QUESTION_STARTS};
use super::words::Words;
use super::Context;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum HelpTopic {
    General,
    Breaks,
    LiveBreaks,
    Tasks,
    Leaves,
    Meetings,
    Checklist,
    Archives,
    Team,
    Profile,
}

impl HelpTopic {
    pub fn as_str(self) -> &'static str {
        match self {
            HelpTopic::General => "general",
            HelpTopic::Breaks => "breaks",
            HelpTopic::LiveBreaks => "liveBreaks",
            HelpTopic::Tasks => "tasks",
            HelpTopic::Leaves => "leaves",
            HelpTopic::Meetings => "meetings",
            HelpTopic::Checklist => "checklist",
            HelpTopic::Archives => "archives",
            HelpTopic::Team => "team",
            HelpTopic::Profile => "profile",
        }
    }

    pub fn parse(s: &str) -> Option<HelpTopic> {
        [
            HelpTopic::General,
            HelpTopic::Breaks,
            HelpTopic::LiveBreaks,
            HelpTopic::Tasks,
            HelpTopic::Leaves,
            HelpTopic::Meetings,
            HelpTopic::Checklist,
            HelpTopic::Archives,
            HelpTopic::Team,
            HelpTopic::Profile,
        ]
        .into_iter()
        .find(|t| t.as_str().eq_ignore_ascii_case(s.trim()))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Intent {
    CreateBreak,
    CreateTask,
    CreateLeave,
    CreateMeeting,
    CreateChecklist,
    BreakMinutesToday,
    BreakMinutesWeek,
    AgendaToday,
    WhoIsOnBreak,
    WhoIsOffToday,
    /// Who of the team is away on other days than today ("who is off next week?").
    WhoIsOff,
    /// The caller's leave balance of this year ("how many leave days do I have left?").
    LeaveBalance,
    OpenTasksByPriority,
    /// Working time: clock in now ("clock me in").
    ClockIn,
    /// Clock out now ("I'm done for today").
    ClockOut,
    /// A day's work told in a sentence, proposed as its period and breaks.
    LogWork,
    /// "How long did I work today?"
    WorkedToday,
    /// "How many hours did I work this week?"
    WorkedWeek,
    /// "What is my overtime?"
    OvertimeBalance,
    /// "When is my next break due?" (the team's break rules and the work so far).
    NextBreakDue,
    /// "Did I take enough breaks this week?" (the week's break findings).
    BreaksEnough,
    Help(HelpTopic),
    Unknown,
}

impl Intent {
    /// The name used in actions, the evaluation set and the model's answers.
    pub fn name(self) -> &'static str {
        match self {
            Intent::CreateBreak => "createBreak",
            Intent::CreateTask => "createTask",
            Intent::CreateLeave => "createLeave",
            Intent::CreateMeeting => "createMeeting",
            Intent::CreateChecklist => "createChecklist",
            Intent::BreakMinutesToday => "breakMinutesToday",
            Intent::BreakMinutesWeek => "breakMinutesWeek",
            Intent::AgendaToday => "agendaToday",
            Intent::WhoIsOnBreak => "whoIsOnBreak",
            Intent::WhoIsOffToday => "whoIsOffToday",
            Intent::WhoIsOff => "whoIsOff",
            Intent::LeaveBalance => "leaveBalance",
            Intent::OpenTasksByPriority => "openTasksByPriority",
            Intent::ClockIn => "clockIn",
            Intent::ClockOut => "clockOut",
            Intent::LogWork => "logWork",
            Intent::WorkedToday => "workedToday",
            Intent::WorkedWeek => "workedWeek",
            Intent::OvertimeBalance => "overtimeBalance",
            Intent::NextBreakDue => "nextBreakDue",
            Intent::BreaksEnough => "breaksEnough",
            Intent::Help(_) => "help",
            Intent::Unknown => "unknown",
        }
    }

    pub fn parse(name: &str, topic: Option<&str>) -> Option<Intent> {
        Some(match name {
            "createBreak" => Intent::CreateBreak,
            "createTask" => Intent::CreateTask,
            "createLeave" => Intent::CreateLeave,
            "createMeeting" => Intent::CreateMeeting,
            "createChecklist" => Intent::CreateChecklist,
            "breakMinutesToday" => Intent::BreakMinutesToday,
            "breakMinutesWeek" => Intent::BreakMinutesWeek,
            "agendaToday" => Intent::AgendaToday,
            "whoIsOnBreak" => Intent::WhoIsOnBreak,
            "whoIsOffToday" => Intent::WhoIsOffToday,
            "whoIsOff" => Intent::WhoIsOff,
            "leaveBalance" => Intent::LeaveBalance,
            "openTasksByPriority" => Intent::OpenTasksByPriority,
            "clockIn" => Intent::ClockIn,
            "clockOut" => Intent::ClockOut,
            "logWork" => Intent::LogWork,
            "workedToday" => Intent::WorkedToday,
            "workedWeek" => Intent::WorkedWeek,
            "overtimeBalance" => Intent::OvertimeBalance,
            "nextBreakDue" => Intent::NextBreakDue,
            "breaksEnough" => Intent::BreaksEnough,
            "help" => Intent::Help(topic.and_then(HelpTopic::parse).unwrap_or(HelpTopic::General)),
            "unknown" => Intent::Unknown,
            _ => return None,
        })
    }

    /// An intent about working time (read by the built-in engine alone).
    pub fn is_work(self) -> bool {
        matches!(
            self,
            Intent::ClockIn
                | Intent::ClockOut
                | Intent::LogWork
                | Intent::WorkedToday
                | Intent::WorkedWeek
                | Intent::OvertimeBalance
                | Intent::NextBreakDue
                | Intent::BreaksEnough
        )
    }

    pub fn kind(self) -> Option<Kind> {
        match self {
            Intent::CreateBreak => Some(Kind::Break),
            Intent::CreateTask => Some(Kind::Task),
            Intent::CreateLeave => Some(Kind::Leave),
            Intent::CreateMeeting => Some(Kind::Meeting),
            Intent::CreateChecklist => Some(Kind::Checklist),
            _ => None,
        }
    }

    pub fn of_kind(kind: Kind) -> Intent {
        match kind {
            Kind::Break => Intent::CreateBreak,
            Kind::Task => Intent::CreateTask,
            Kind::Leave => Intent::CreateLeave,
            Kind::Meeting => Intent::CreateMeeting,
            Kind::Checklist => Intent::CreateChecklist,
        }
    }
}

/// A list of a form's options a question asks for ("what are the priorities?"): answered with the list itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OptionList {
    Priorities,
    Statuses,
    PrioritiesAndStatuses,
    BreakTypes,
    LeaveTypes,
}

impl OptionList {
    /// The part of the product the list belongs to.
    pub fn topic(self) -> HelpTopic {
        match self {
            OptionList::Priorities | OptionList::Statuses | OptionList::PrioritiesAndStatuses => HelpTopic::Tasks,
            OptionList::BreakTypes => HelpTopic::Breaks,
            OptionList::LeaveTypes => HelpTopic::Leaves,
        }
    }
}

/// Marks the assistant's name ("Break Buddy", "hey buddy") so it is read as "you"; true when it was there.
pub fn mark_name(toks: &[Tok], mask: &mut [bool]) -> bool {
    let mut found = false;
    for i in 0..toks.len() {
        let w = toks[i].low.as_str();
        let named = match w {
            "breakbuddy" | "break-buddy" => true,
            // "hey buddy", "thanks buddy": a name at either end, not "lunch with my buddy Sam".
            "buddy" => {
                let last = toks.iter().rposition(|t| !t.punct).unwrap_or(0);
                i <= 1 || i == last || (i > 0 && toks[i - 1].low == "break")
            }
            "break" => toks.get(i + 1).is_some_and(|t| t.low == "buddy" || t.low == "buddy's"),
            "buddy's" => i > 0 && toks[i - 1].low == "break",
            _ => false,
        };
        if named {
            mask[i] = true;
            found = true;
        }
    }
    found
}

/// What the person wants, decided in this order: help, a question about their data, a question with no answer
/// here, a record, a leave named by the team's own type, else help or nothing.
pub fn classify(toks: &[Tok], quoted: &[bool], ctx: &Context, addressed: bool) -> Intent {
    let break_types = ctx.break_types.as_slice();
    let words = Words::new(toks, quoted);
    if words.w.is_empty() {
        let only_quotes = quoted.iter().any(|q| *q) && !addressed;
        return if only_quotes { Intent::Unknown } else { Intent::Help(HelpTopic::General) };
    }
    if words.w.iter().all(|w| GREETINGS.contains(w)) {
        return Intent::Help(HelpTopic::General);
    }
    // "what are the priorities?", "which break types can I choose from?": the lists of the forms' options.
    if let Some(list) = options_list(&words) {
        return Intent::Help(list.topic());
    }
    let cues = Cues::of(toks, quoted, ctx);
    if let Some(topic) = help_asked(&words, toks, break_types, cues) {
        return Intent::Help(topic);
    }
    if let Some(q) = question(&words) {
        return q;
    }
    // A question this assistant has no answer for ("do I have any meetings tomorrow?") is never a record: the
    // help of the part it is about says where to look.
    if interrogative(&words) {
        let topic = help_topic(&words);
        if topic != HelpTopic::General || addressed || words.phrase("can you") {
            return Intent::Help(topic);
        }
        if words.starts("what can") || words.starts("what do") || words.starts("what else") {
            return Intent::Help(HelpTopic::General);
        }
        return Intent::Unknown;
    }
    if let Some(k) = record_kind(&words, toks, break_types, cues) {
        return Intent::of_kind(k);
    }
    // A sentence that names one of the team's own leave types and a day, and no other record ("jury duty on
    // Monday"); without a day, "unpaid invoices" is no leave.
    if super::leave_type::named(toks, quoted, &ctx.leave_types).is_some()
        && super::period::period(toks, quoted, ctx).is_some()
    {
        return Intent::CreateLeave;
    }
    let asks = words.ends_with_question_mark || QUESTION_STARTS.contains(&words.first());
    if asks || addressed {
        let topic = help_topic(&words);
        if topic != HelpTopic::General || addressed || words.any(&["you", "assistant", "buddy", "bot"]) {
            return Intent::Help(topic);
        }
    }
    Intent::Unknown
}

/// Help asked for ("how do I add a break?", "help with leaves"), unless it is a polite request for a record ("can I
/// take a coffee break at 3?") or a question the caller's data answers ("what is my leave balance?").
fn help_asked(words: &Words, toks: &[Tok], break_types: &[String], cues: Cues) -> Option<HelpTopic> {
    let not_stats = !words.any_phrase(&["how long", "how many", "how much"]);
    // "new task: write the onboarding guide" asks for a record, whatever its words.
    let explicit = explicit_kind(words, toks).is_some() && !words.any_phrase(HOW_TO);
    let strong_help = !explicit && (words.any_phrase(HELP_PHRASES) || words.any(HELP_WORDS));
    let generic_help =
        words.any_phrase(GENERIC_HELP) && (help_topic(words) != HelpTopic::General || words.any(ASSISTANT_WORDS));
    if !(not_stats && (strong_help || generic_help)) {
        return None;
    }
    // "can I take a coffee break at 3?" is a request; "can I export my breaks?" is help.
    let polite_request = words.starts("can i")
        && record_kind(words, toks, break_types, cues).is_some()
        && !words.any(HELP_WORDS)
        && (cues.day
            || cues.time
            || words.w.iter().any(|w| {
                vocab::number(w).is_some()
                    || w.contains(':')
                    || w.ends_with("pm")
                    || w.ends_with("am")
                    || matches!(*w, "today" | "tomorrow" | "now" | "noon")
            }));
    let answerable =
        (words.starts("what is") || words.starts("what's") || words.starts("whats") || words.starts("what are"))
            && question(words).is_some();
    // "can I see my leave balance?" asks for the balance, "how do I see my leave balance?" how to find it.
    let balance = !words.any_phrase(HOW_TO) && !words.any(HELP_WORDS) && question(words) == Some(Intent::LeaveBalance);
    let answerable = answerable || balance;
    (!polite_request && !answerable).then(|| help_topic(words))
}
