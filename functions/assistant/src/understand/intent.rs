//! What the person wants: a record proposal, an answer about their day or team, or help. Decided from cue words in
//! a fixed order (help, questions, records), so that "how do I add a break?" is help and "how long were my breaks
//! today?" a question, not a break.

use serde::Serialize;

use super::datetime::{Lean, Reader};
use super::lexer::Tok;
use super::scan::{scan, Found};
use super::vocab::{self, Kind};
use super::vocab::{
    APPOINTMENT_PLACES, APPROVAL, AWAY_NOT, BE, CREATE_VERBS, EVENT_NOUNS, GENERIC_HELP, GREETINGS, HELP_PHRASES,
    HELP_WORDS, HOW_TO, LIST_NOUNS, OFF_VERBS, QUESTION_STARTS, STATS, TASK_VERBS, WHO,
};
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
            "help" => Intent::Help(topic.and_then(HelpTopic::parse).unwrap_or(HelpTopic::General)),
            "unknown" => Intent::Unknown,
            _ => return None,
        })
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

/// "What are the priorities?", "which statuses can a task have?", "what break types are there?", "leave types?": a
/// question about the options of a form's field, not about the caller's data ("what are my priorities?") nor how to
/// do something ("how do I change a break type?").
pub fn options_list(words: &Words) -> Option<OptionList> {
    let w = &words.w;
    if w.is_empty() || words.any_phrase(HOW_TO) || words.any_phrase(&["how many", "how much", "how long"]) {
        return None;
    }
    // Misspelt list words count ("prioritys", "priorites", "statuss", "typs").
    let near = |x: &str, targets: &[&str]| targets.iter().any(|t| vocab::close(x, t));
    let has = |targets: &[&str]| w.iter().any(|x| near(x, targets));
    let mine = |targets: &[&str]| {
        w.iter().enumerate().any(|(i, y)| near(y, targets) && i > 0 && matches!(w[i - 1], "my" | "our"))
    };
    let list_noun = has(LIST_NOUNS);
    let priorities = (has(&["priorities", "prios"]) && !mine(&["priorities"]))
        || (list_noun && has(&["priority", "prio", "priorty"]));
    let statuses =
        (has(&["statuses", "stati", "states"]) && !mine(&["statuses"])) || (list_noun && has(&["status", "state"]));
    let breaks = list_noun && w.iter().any(|x| vocab::kind_noun(x) == Some(Kind::Break));
    let leaves = list_noun
        && (words.any(&["leave", "leaves", "absence", "absences", "time-off", "vacation", "pto"])
            || words.phrase("time off"));
    let list = match (priorities, statuses) {
        (true, true) => OptionList::PrioritiesAndStatuses,
        (true, false) => OptionList::Priorities,
        (false, true) => OptionList::Statuses,
        _ if breaks && !leaves => OptionList::BreakTypes,
        _ if leaves && !breaks => OptionList::LeaveTypes,
        _ => return None,
    };
    // "break types pls": a trailing please or thanks is not part of the question.
    let core: Vec<&str> = {
        let mut core = w.clone();
        while core.len() > 1 && matches!(core[core.len() - 1], "pls" | "plz" | "please" | "thanks" | "thx" | "ty") {
            core.pop();
        }
        core
    };
    let last = core[core.len() - 1];
    let list_word = |x: &str| near(x, LIST_NOUNS) || near(x, &["priorities", "statuses"]);
    let asks = words.ends_with_question_mark
        // A few words that start or end with the list's name: "types of leave", "break types", "priority options".
        || (core.len() <= 4 && (list_word(core[0]) || list_word(last)))
        // A misspelt question word: "wat", "wht", "wich".
        || matches!(w[0], "wat" | "wht" | "wot" | "wut" | "wich" | "whic" | "whats")
        || words.any_phrase(&["remind me what", "remind me which", "remind me of the"])
        || matches!(
            w[0],
            "what"
                | "what's"
                | "whats"
                | "which"
                | "list"
                | "show"
                | "tell"
                | "give"
                | "name"
                | "are"
                | "is"
                | "can"
                | "could"
                | "do"
                | "does"
                | "any"
        );
    asks.then_some(list)
}

/// A record asked for in so many words: "task: ...", "new task ...", "add a task ...", "create a meeting".
fn explicit_kind(words: &Words, toks: &[Tok]) -> Option<Kind> {
    let w = &words.w;
    for (i, word) in w.iter().enumerate().take(3) {
        if let Some(k) = vocab::kind_noun(word) {
            let next = toks.get(words.at[i] + 1).map(|t| t.low.as_str());
            if matches!(next, Some(":") | Some("-")) {
                return Some(k);
            }
        }
    }
    if w.len() > 1 && matches!(w[0], "new" | "add" | "create") {
        let j = (1..w.len()).find(|&j| !matches!(w[j], "a" | "an" | "new" | "the" | "my" | "another"))?;
        return vocab::kind_noun(w[j]);
    }
    None
}

/// The words of a message (quoted text left out), with phrase look-ups.
pub struct Words<'a> {
    pub w: Vec<&'a str>,
    /// Index of each word in the token list.
    pub at: Vec<usize>,
    joined: String,
    pub ends_with_question_mark: bool,
}

impl<'a> Words<'a> {
    pub fn new(toks: &'a [Tok], quoted: &[bool]) -> Words<'a> {
        let mut w = Vec::new();
        let mut at = Vec::new();
        for (i, t) in toks.iter().enumerate() {
            if !t.punct && !quoted[i] {
                w.push(t.low.as_str());
                at.push(i);
            }
        }
        let joined = format!(" {} ", w.join(" "));
        let ends_with_question_mark = toks.iter().any(|t| t.low == "?");
        Words { w, at, joined, ends_with_question_mark }
    }

    pub fn has(&self, word: &str) -> bool {
        self.w.contains(&word)
    }

    pub fn any(&self, words: &[&str]) -> bool {
        self.w.iter().any(|w| words.contains(w))
    }

    /// A run of words, e.g. "how do i".
    pub fn phrase(&self, p: &str) -> bool {
        self.joined.contains(&format!(" {p} "))
    }

    pub fn any_phrase(&self, ps: &[&str]) -> bool {
        ps.iter().any(|p| self.phrase(p))
    }

    pub fn first(&self) -> &str {
        self.w.first().copied().unwrap_or("")
    }

    pub fn starts(&self, p: &str) -> bool {
        self.joined.starts_with(&format!(" {p} "))
    }
}

pub fn help_topic(words: &Words) -> HelpTopic {
    if words.phrase("break buddy")
        || words.any(&["assistant", "bot", "chatbot", "you"])
            && !words.any(&["break", "breaks", "task", "tasks", "leave", "leaves", "meeting", "meetings", "checklist"])
    {
        return HelpTopic::General;
    }
    let live = words.any(&["live", "timer", "stopwatch", "clock", "running", "on-breaks", "timing", "timed"])
        || words.any_phrase(&[
            "start a break",
            "start my break",
            "start break",
            "end a break",
            "end my break",
            "end break",
            "stop a break",
            "stop my break",
            "stop the break",
            "end the break",
            "start the break",
            "finish my break",
            "finish a break",
            "resume work",
            "back from break",
            "back from my break",
        ]);
    if live {
        return HelpTopic::LiveBreaks;
    }
    // "who approves my leave?" is about leaves; "who is on break" and "who is off" are the team's pages.
    if words.any(APPROVAL) && words.any(&["leave", "leaves", "vacation", "holiday", "off", "absence", "pto"]) {
        return HelpTopic::Leaves;
    }
    if words.has("who") && words.any(&["break", "breaks", "off", "leave", "absent", "away"]) {
        return HelpTopic::Team;
    }
    // The most specific part of the product named wins: "my break history" is about reports.
    let topics: [(HelpTopic, &[&str]); 8] = [
        (HelpTopic::Checklist, &["checklist", "checklists", "check-list", "feature", "features", "cheklist"]),
        (
            HelpTopic::Archives,
            &[
                "archive",
                "archives",
                "report",
                "reports",
                "export",
                "history",
                "download",
                "csv",
                "statistics",
                "stats",
                "reporting",
                "summary",
                "summaries",
            ],
        ),
        (
            HelpTopic::Team,
            &[
                "team",
                "member",
                "members",
                "invite",
                "invitation",
                "admin",
                "administrator",
                "role",
                "roles",
                "colleague",
                "colleagues",
                "hr",
                "absentees",
                "teammate",
                "teammates",
                "management",
                "manager",
            ],
        ),
        (
            HelpTopic::Profile,
            &[
                "profile", "settings", "password", "email", "e-mail", "account", "timezone", "zone", "avatar",
                "logout", "login", "signin", "username", "photo", "picture",
            ],
        ),
        (HelpTopic::Meetings, &["meeting", "meetings", "meet", "standup", "calendar"]),
        (
            HelpTopic::Leaves,
            &["leave", "leaves", "vacation", "holiday", "holidays", "absence", "absent", "sick", "off", "pto"],
        ),
        (
            HelpTopic::Tasks,
            &["task", "tasks", "todo", "todos", "to-do", "priority", "status", "statuses", "priorities", "task's"],
        ),
        (HelpTopic::Breaks, &["break", "breaks", "lunch", "coffee", "type", "types", "dashboard", "pause"]),
    ];
    for (topic, ws) in topics {
        if words.any(ws) {
            return topic;
        }
    }
    if words.any(&["name", "sign", "delete", "dark", "theme", "logout", "log-out"]) {
        return HelpTopic::Profile;
    }
    HelpTopic::General
}

fn is_break_word(w: &str) -> bool {
    vocab::kind_noun(w) == Some(Kind::Break) || w == "on-break" || w == "onbreak"
}

/// Questions about the caller's own data or team, when the message asks one.
fn question(words: &Words) -> Option<Intent> {
    let asks = words.ends_with_question_mark
        || QUESTION_STARTS.contains(&words.first())
        || words.starts("can you tell")
        || words.starts("can you show")
        || words.starts("could you tell")
        || words.starts("could you show")
        || words.starts("i want to know")
        || words.starts("i'd like to know")
        || words.starts("please show")
        || words.starts("please tell")
        || words.starts("please list");
    let who = words.any(WHO) || words.phrase("is any one") || words.phrase("is there anyone");
    // "is anybody on lunch?": asked about people, a break type names a break too.
    let breaky = words.w.iter().any(|w| is_break_word(w))
        || (who && words.w.iter().any(|w| vocab::concept_of(w).is_some_and(|c| c.canonical != "Short Break")));
    let me = words.any(&["i", "my", "me", "i've", "ive", "mine"]);

    if breaky && who && asks && !me {
        return Some(Intent::WhoIsOnBreak);
    }
    if !who && !breaky && leave_balance(words, asks) {
        return Some(Intent::LeaveBalance);
    }
    if breaky
        && asks
        && words.any_phrase(&[
            "currently on break",
            "on break now",
            "on break right now",
            "on a break now",
            "on break at the moment",
        ])
        && !me
    {
        return Some(Intent::WhoIsOnBreak);
    }
    let off_words = [
        "off",
        "absent",
        "leave",
        "away",
        "out",
        "vacation",
        "holiday",
        "absentees",
        "sick",
        "missing",
        "ooo",
        "pto",
        "absence",
        "absences",
        "off-today",
        "leaves",
        "holidays",
    ];
    if ((who && words.any(&off_words) && (asks || words.has("absentees")) && !words.any(APPROVAL))
        || words.any_phrase(&[
            "today's absentees",
            "todays absentees",
            "absentees today",
            "absent today",
            "not in today",
            "not working today",
            "off today?",
        ]))
        && (!me || words.has("absentees") || words.phrase("who"))
    {
        return Some(Intent::WhoIsOffToday);
    }
    let numbers = words.w.iter().any(|w| w.starts_with(|c: char| c.is_ascii_digit()));
    let terse = me && !numbers && words.any(&["minutes", "mins", "total", "time", "summary"]);
    if breaky && (asks || terse || words.any(&["total", "sum", "summary"])) && words.any(STATS) && !who {
        let week = words.any(&["week", "weekly", "week's", "weeks", "wk"])
            || words.phrase("last 7 days")
            || words.phrase("past 7 days")
            || words.phrase("since monday");
        return Some(if week { Intent::BreakMinutesWeek } else { Intent::BreakMinutesToday });
    }
    if breaky
        && asks
        && me
        && words.any(&["today", "today's", "todays", "week", "this"])
        && words.any(&["breaks", "break"])
        && !words.phrase("how do i")
    {
        // "did I take any breaks today?", "what breaks did I have this week?"
        let week = words.any(&["week", "weekly", "week's"]);
        if !words.any(&["add", "log", "create", "schedule"]) {
            return Some(if week { Intent::BreakMinutesWeek } else { Intent::BreakMinutesToday });
        }
    }
    let tasky = words.any(&["task", "tasks", "todo", "todos", "to-do", "to-dos", "tsks", "taks"]);
    let open = words.any(&[
        "open",
        "pending",
        "outstanding",
        "remaining",
        "unfinished",
        "incomplete",
        "left",
        "priority",
        "priorities",
        "undone",
        "active",
        "current",
        "todo",
        "due",
        "overdue",
        "uncompleted",
        "unresolved",
        "backlog",
        "important",
        "urgent",
        "ongoing",
        "blocked",
        "stuck",
        "critical",
        "blocker",
        "blockers",
        "deferred",
    ]) || words.phrase("not done")
        || words.phrase("in progress")
        || words.phrase("in review")
        || words.phrase("on hold")
        || words.phrase("still have")
        || words.phrase("need to do")
        || words.phrase("have to do")
        || words.phrase("to work on")
        || words.phrase("should i work on");
    let today = words.any(&["today", "today's", "todays", "tonight", "tday", "2day"]);
    if tasky && asks && (open || (!today && me)) {
        return Some(Intent::OpenTasksByPriority);
    }
    if asks
        && words.any_phrase(&[
            "work on next",
            "should i do next",
            "should i work on",
            "what's next",
            "whats next",
            "do next",
        ])
    {
        return Some(Intent::OpenTasksByPriority);
    }
    let agenda_words = words.any(&[
        "agenda",
        "agendas",
        "schedule",
        "plan",
        "plans",
        "calendar",
        "day",
        "overview",
        "planned",
        "programme",
        "program",
    ]);
    let meetingy = words.any(&["meeting", "meetings", "meetings?", "calls", "standup"]);
    let whats_on = words.any_phrase(&[
        "what's on",
        "whats on",
        "what is on",
        "what do i have",
        "what have i got",
        "what's happening",
        "whats happening",
        "what's up today",
        "what am i doing",
        "what's planned",
        "whats planned",
        "anything on",
        "what is happening",
        "do i have anything",
        "have i got anything",
        "what's my day",
        "whats my day",
        "what does my day",
        "how does my day",
        "what's left today",
        "whats left today",
    ]);
    if asks && (today || words.any(&["agenda", "agendas"])) && (agenda_words || meetingy || whats_on || tasky) {
        return Some(Intent::AgendaToday);
    }
    if asks && whats_on && !words.any(&["tomorrow", "week"]) {
        return Some(Intent::AgendaToday);
    }
    if words.any(&["agenda", "agendas"]) && !words.any(&["add", "put", "create"]) {
        return Some(Intent::AgendaToday);
    }
    None
}

/// "How many leave days do I have left?", "what's my holiday balance", "how much vacation is left": the caller's
/// own leave balance. Asked, or said in so many words ("leave balance").
fn leave_balance(words: &Words, asks: bool) -> bool {
    const LEAVE: &[&str] = &[
        "leave",
        "leaves",
        "vacation",
        "vacations",
        "vacay",
        "holiday",
        "holidays",
        "hols",
        "pto",
        "annual",
        "annual-leave",
        "day-off",
        "days-off",
        "time-off",
        "allowance",
        "entitlement",
    ];
    // "how long before I need to leave?" is the verb.
    let leave =
        words.w.iter().enumerate().any(|(i, w)| LEAVE.contains(w) && !(*w == "leave" && leave_is_verb(&words.w, i)))
            || words.any_phrase(&["days off", "day off", "time off", "sick days", "sick day", "sick leave"]);
    if !leave {
        return false;
    }
    let balance = words.any(&["balance", "balances", "allowance", "entitlement"]);
    let how_much = words.any(&[
        "left",
        "remaining",
        "remain",
        "remains",
        "available",
        "taken",
        "used",
        "spare",
        "accrued",
        "pending",
        "leftover",
    ]) || words.any_phrase(&["how many", "how much"]);
    (asks && (balance || how_much)) || (balance && words.w.len() <= 6)
}

/// The kind of record a sentence asks for, if any.
pub fn record_kind(words: &Words, toks: &[Tok], break_types: &[String], cues: Cues) -> Option<Kind> {
    let w = &words.w;
    if w.is_empty() {
        return None;
    }
    // 1. "task: ...", "meeting notes task: ...", "remind me to ..."
    for (i, word) in w.iter().enumerate().take(3) {
        if let Some(k) = vocab::kind_noun(word) {
            let next = toks.get(words.at[i] + 1).map(|t| t.low.as_str());
            if matches!(next, Some(":") | Some("-")) {
                return Some(k);
            }
        }
    }
    if words.starts("remind me")
        || words.starts("remember to")
        || words.starts("don't forget")
        || words.starts("dont forget")
        || words.starts("do not forget")
    {
        return Some(Kind::Task);
    }
    if w.len() > 1 && w[0] == "new" {
        if let Some(k) = vocab::kind_noun(w[1]) {
            return Some(k);
        }
    }
    // 2. The list it goes on: "to my checklist", "on my to-do list"
    for (i, word) in w.iter().enumerate() {
        if matches!(*word, "to" | "on" | "in" | "onto" | "into" | "for") {
            let mut j = i + 1;
            while j < w.len()
                && matches!(w[j], "my" | "the" | "our" | "today's" | "todays" | "daily" | "personal" | "work")
            {
                j += 1;
            }
            match (w.get(j).copied(), w.get(j + 1).copied()) {
                (Some("checklist" | "check-list" | "cheklist" | "checlist" | "checklists"), _) => {
                    return Some(Kind::Checklist)
                }
                (Some("check"), Some("list")) => return Some(Kind::Checklist),
                (Some("list"), _) if w.get(j - 1) != Some(&"the") || j > i + 1 => return Some(Kind::Checklist),
                (Some("to-do" | "todo" | "task" | "tasks"), Some("list")) => return Some(Kind::Task),
                (Some("feature" | "features"), Some("list")) => return Some(Kind::Checklist),
                (Some("tasks" | "todos" | "to-dos"), _) => return Some(Kind::Task),
                (Some("calendar"), _) if w.iter().any(|x| vocab::kind_noun(x) == Some(Kind::Meeting)) => {
                    return Some(Kind::Meeting)
                }
                _ => {}
            }
        }
    }
    // 3. A verb and the kind it acts on: "log my lunch", "take a coffee break", "schedule a meeting".
    for (i, word) in w.iter().enumerate().take(6) {
        if !CREATE_VERBS.contains(word) || matches!(*word, "i" | "i'm" | "im" | "please" | "i'll" | "lets" | "let's") {
            continue;
        }
        let mut j = i + 1;
        while j < w.len() && j < i + 5 {
            let x = w[j];
            if let Some(k) = vocab::kind_noun(x) {
                if !(k == Kind::Leave && x == "leave" && leave_is_verb(w, j)) {
                    return Some(k);
                }
            }
            if matches!(x, "day" | "days" | "time") && w.get(j + 1) == Some(&"off") {
                return Some(Kind::Leave);
            }
            if meeting_with(w, j) {
                return Some(Kind::Meeting);
            }
            if vocab::concept_of(x).is_some() && !matches!(x, "quick" | "short" | "little" | "mini" | "brief") {
                return Some(Kind::Break);
            }
            if !matches!(
                x,
                "a" | "an"
                    | "the"
                    | "my"
                    | "new"
                    | "quick"
                    | "short"
                    | "small"
                    | "little"
                    | "another"
                    | "one"
                    | "some"
                    | "our"
                    | "team"
                    | "daily"
                    | "me"
                    | "up"
                    | "for"
                    | "in"
                    | "item"
                    | "entry"
                    | "record"
                    | "few"
                    | "mini"
                    | "brief"
                    | "long"
                    | "personal"
                    | "sick"
                    | "annual"
                    | "casual"
                    | "half"
                    | "full"
                    | "high"
                    | "low"
                    | "urgent"
                    | "important"
                    | "critical"
                    | "priority"
                    | "feature"
            ) && vocab::concept_of(x).is_none()
            {
                break;
            }
            j += 1;
        }
    }
    // 4. The first word that names a kind outright.
    let mut strong: Option<(usize, Kind)> = None;
    let mut weak: Option<(usize, Kind)> = None;
    let note = |slot: &mut Option<(usize, Kind)>, pos: usize, k: Kind| {
        if slot.is_none_or(|(p, _)| pos < p) {
            *slot = Some((pos, k));
        }
    };
    for (i, word) in w.iter().enumerate() {
        let prev = if i > 0 { w[i - 1] } else { "" };
        let prev2 = if i > 1 { w[i - 2] } else { "" };
        if let Some(k) = vocab::kind_noun(word) {
            if k == Kind::Leave && *word == "leave" && leave_is_verb(w, i) {
                continue;
            }
            // "slides for the meeting": the kind is the subject of the title, not the record.
            let object = matches!(prev, "the" | "this" | "that" | "our" | "a")
                && matches!(
                    prev2,
                    "for"
                        | "before"
                        | "after"
                        | "about"
                        | "during"
                        | "from"
                        | "in"
                        | "at"
                        | "of"
                        | "to"
                        | "into"
                        | "with"
                );
            if object || (k == Kind::Meeting && matches!(prev, "for" | "before" | "after" | "during" | "about")) {
                note(&mut weak, i, k);
            } else {
                note(&mut strong, i, k);
            }
            continue;
        }
        if matches!(*word, "off") && matches!(prev, "day" | "days" | "time") {
            note(&mut strong, i - 1, Kind::Leave);
        } else if *word == "off" && (is_day_word(prev) || is_day_word(w.get(i + 1).copied().unwrap_or(""))) {
            note(&mut strong, i, Kind::Leave);
        }
        if meeting_with(w, i) {
            note(&mut strong, i, Kind::Meeting);
        }
        if *word == "list" && prev == "check" {
            note(&mut strong, i - 1, Kind::Checklist);
        }
        if matches!(*word, "on" | "1") && prev == "one" && w.get(i + 1) == Some(&"one") {
            note(&mut strong, i - 1, Kind::Meeting);
        }
        if *word == "out" && w.get(i + 1) == Some(&"of") && w.get(i + 2) == Some(&"office") {
            note(&mut strong, i, Kind::Leave);
        }
        // "I'll be out Thursday and Friday", "away from the 3rd to the 7th", "won't be in on Friday": an absence
        // said with its days.
        if cues.day && (absence_at(w, i) || (*word == "half-day" || (*word == "day" && prev == "half"))) {
            note(&mut strong, if *word == "day" { i - 1 } else { i }, Kind::Leave);
        }
        // "dentist appointment tomorrow at 9:30", "sales call 2-2:45", "sprint review Friday 4-5": an event at a
        // time of day is a meeting.
        if cues.time {
            if let Some(at) = meeting_event_at(w, i) {
                note(&mut strong, at, Kind::Meeting);
            }
            if is_team_type_word(word, break_types) && vocab::concept_of(word).is_none() {
                note(&mut strong, i, Kind::Break);
            }
        }
    }
    // 5. Weaker hints.
    for (i, word) in w.iter().enumerate() {
        let prev = if i > 0 { w[i - 1] } else { "" };
        let next = w.get(i + 1).copied().unwrap_or("");
        if vocab::concept_of(word).is_some()
            && !matches!(
                *word,
                "quick"
                    | "short"
                    | "little"
                    | "mini"
                    | "brief"
                    | "water"
                    | "son"
                    | "drink"
                    | "eat"
                    | "food"
                    | "child"
                    | "kid"
            )
        {
            note(&mut weak, i, Kind::Break);
        }
        // "I'm off to a meeting": going somewhere, not away.
        if *word == "off" && absence_at(w, i) && next != "to" {
            note(&mut weak, i, Kind::Leave);
        }
        if matches!(*word, "appointment" | "appointments" | "appt") {
            note(&mut weak, i, Kind::Meeting);
        }
        if vocab::leave_concept_of(word, next).is_some_and(|c| c.canonical == "Sick") {
            note(&mut weak, i, Kind::Leave);
        }
        if matches!(*word, "remind" | "remember" | "todo")
            || (matches!(*word, "need" | "have" | "must" | "forget") && i < 3)
        {
            note(&mut weak, i, Kind::Task);
        }
        // "book me a flight", "write me a poem": asked of the assistant, not a to-do.
        if i == 0 && TASK_VERBS.contains(word) && !matches!(next, "me" | "us") {
            note(&mut weak, i, Kind::Task);
        }
        if matches!(
            *word,
            "call"
                | "chat"
                | "meet"
                | "catch"
                | "sync"
                | "talk"
                | "discussion"
                | "session"
                | "demo"
                | "presentation"
                | "workshop"
                | "review"
                | "appointment"
        ) && matches!(next, "with" | "about" | "up" | "on" | "re")
            && i > 0
        {
            note(&mut weak, i, Kind::Meeting);
        }
        if matches!(*word, "call" | "demo" | "presentation" | "workshop" | "standup" | "training" | "session")
            && i > 0
            && matches!(
                prev,
                "a" | "the"
                    | "team"
                    | "client"
                    | "video"
                    | "zoom"
                    | "teams"
                    | "conference"
                    | "phone"
                    | "weekly"
                    | "daily"
            )
        {
            note(&mut weak, i, Kind::Meeting);
        }
        if *word == "break" || *word == "pause" {
            note(&mut weak, i, Kind::Break);
        }
        // "add feature: dark mode": features are kept in the checklist.
        if matches!(*word, "feature" | "features") && i < 3 {
            note(&mut weak, i, Kind::Checklist);
        }
        if matches!(
            *word,
            "demo" | "presentation" | "workshop" | "webinar" | "seminar" | "training" | "conference" | "briefing"
        ) {
            note(&mut weak, i, Kind::Meeting);
        }
        if is_team_type_word(word, break_types) {
            note(&mut weak, i, Kind::Break);
        }
    }
    match (strong, weak) {
        (Some((_, k)), _) => Some(k),
        (None, Some((_, k))) => Some(k),
        _ => None,
    }
}

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
        matches!(before(1), "not" | "won't" | "wont" | "cannot" | "can't" | "cant" | "isn't" | "aren't" | "never")
            || (before(1) == "be"
                && matches!(before(2), "not" | "won't" | "wont" | "cannot" | "can't" | "cant" | "never" | "shan't"))
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
            let k = if matches!(prev, "coming" | "come" | "going" | "go" | "getting" | "get") { i - 1 } else { i };
            (negated(i) || (k < i && negated(k)))
                && (!matches!(next, "a" | "an" | "the" | "my" | "time" | "charge") || next2 == "office")
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

/// A meeting said by what it is, at `i`: an appointment, a call (also "call the plumber", with its time), a
/// video call ("zoom with the agency"), a visit ("dentist"), a named event ("design review", "all hands", "lunch
/// and learn"). Read only when the sentence has a time of day. Gives the position it starts at.
fn meeting_event_at(w: &[&str], i: usize) -> Option<usize> {
    let word = w[i];
    let prev = if i > 0 { w[i - 1] } else { "" };
    let next = w.get(i + 1).copied().unwrap_or("");
    match word {
        "appointment" | "appointments" | "appt" | "appts" | "call" | "calls" | "phone" | "zoom" | "skype"
        | "facetime" | "webex" | "videocall" | "video-call" | "conference" => Some(i),
        _ if APPOINTMENT_PLACES.contains(&word) => Some(i),
        // "all hands", "town hall", "lunch and learn"
        "hands" if prev == "all" => Some(i - 1),
        "hall" if prev == "town" => Some(i - 1),
        "learn" if prev == "and" && i > 1 && vocab::concept_of(w[i - 2]).is_some() => Some(i - 2),
        // A noun, not the verb of a to-do ("review the PR at 3pm", "please review PR 42 at 3").
        _ if EVENT_NOUNS.contains(&word) => {
            let object = matches!(next, "the" | "a" | "an" | "my" | "our" | "this" | "that" | "their" | "his" | "her");
            let modal = matches!(
                prev,
                "to" | "please" | "and" | "must" | "should" | "will" | "i'll" | "need" | "can" | "could" | "pls"
            );
            let opens = i == 0
                && !matches!(next, "" | "with" | "at" | "on" | "for" | "about" | "from" | "tomorrow" | "today" | "-")
                && vocab::weekday(next).is_none()
                && !next.starts_with(|c: char| c.is_ascii_digit());
            (!(object || modal || opens)).then_some(i)
        }
        _ => None,
    }
}

/// "leave early", "leave at 4", "I need to leave now": the verb, not an absence.
fn leave_is_verb(w: &[&str], i: usize) -> bool {
    let next = w.get(i + 1).copied().unwrap_or("");
    let prev = if i > 0 { w[i - 1] } else { "" };
    let noun_context = matches!(
        prev,
        "sick"
            | "annual"
            | "on"
            | "a"
            | "casual"
            | "my"
            | "of"
            | "personal"
            | "unpaid"
            | "paid"
            | "maternity"
            | "paternity"
            | "parental"
            | "take"
            | "book"
            | "request"
            | "apply"
            | "need"
            | "want"
            | "add"
            | "log"
            | "for"
            | "days"
            | "day"
            | "weeks"
            | "family"
            | "medical"
    );
    if noun_context {
        return false;
    }
    matches!(next, "early" | "at" | "work" | "office" | "now" | "soon" | "by" | "the" | "home" | "it" | "here")
        || (matches!(
            prev,
            "to" | "can"
                | "must"
                | "should"
                | "will"
                | "i'll"
                | "gotta"
                | "i"
                | "we"
                | "gonna"
                | "might"
                | "may"
                | "please"
        ) && !is_day_word(next)
            && !matches!(next, "on" | "from" | "for" | "request" | "application" | "next" | "this"))
}

fn is_day_word(w: &str) -> bool {
    vocab::weekday(w).is_some()
        || matches!(
            w,
            "today" | "tomorrow" | "tomorow" | "tommorow" | "tmrw" | "yesterday" | "week" | "weekend" | "tonight"
        )
}

/// "call with Alex", "catch up with Lee", "sync with marketing": a meeting.
fn meeting_with(w: &[&str], i: usize) -> bool {
    let next = w.get(i + 1).copied().unwrap_or("");
    let next2 = w.get(i + 2).copied().unwrap_or("");
    match w[i] {
        "call" | "chat" | "sync" | "meet" | "huddle" | "session" | "discussion" | "catchup" | "catch-up" | "call,"
        | "zoom" | "skype" | "facetime" | "check-in" | "checkin" | "appointment" | "appt" | "1:1" | "one-on-one"
        | "1-on-1" | "videocall" => next == "with" || (next == "up" && next2 == "with"),
        "catch" => next == "up" && matches!(next2, "with" | "call" | "meeting"),
        "check" => next == "in" && next2 == "with",
        _ => false,
    }
}

/// A distinctive word of one of the team's own break types ("prayer", "gym").
fn is_team_type_word(word: &str, types: &[String]) -> bool {
    const GENERIC: &[&str] =
        &["break", "breaks", "from", "the", "a", "of", "and", "for", "to", "time", "my", "short", "quick"];
    word.len() >= 3
        && !GENERIC.contains(&word)
        && types.iter().any(|t| {
            t.to_lowercase()
                .split(|c: char| !c.is_alphanumeric())
                .any(|tw| !GENERIC.contains(&tw) && if tw.len() >= 5 { vocab::close(word, tw) } else { word == tw })
        })
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

/// Asking rather than telling: "what ...", "do I have ...?", "is there ...".
fn interrogative(words: &Words) -> bool {
    const WH: &[&str] =
        &["how", "what", "what's", "whats", "who", "who's", "whos", "which", "when", "where", "whose", "why"];
    const AUX: &[&str] = &["do", "does", "did", "is", "are", "am", "was", "were", "have", "has", "any"];
    let first = words.first();
    let second = words.w.get(1).copied().unwrap_or("");
    WH.contains(&first)
        || (AUX.contains(&first)
            && (words.ends_with_question_mark
                || matches!(
                    second,
                    "i" | "we" | "you" | "there" | "my" | "anyone" | "anybody" | "someone" | "somebody"
                )))
}

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
    let not_stats = !words.any_phrase(&["how long", "how many", "how much"]);
    // "new task: write the onboarding guide" asks for a record, whatever its words.
    let explicit = explicit_kind(&words, toks).is_some() && !words.any_phrase(HOW_TO);
    let strong_help = !explicit && (words.any_phrase(HELP_PHRASES) || words.any(HELP_WORDS));
    let generic_help = words.any_phrase(GENERIC_HELP)
        && (help_topic(&words) != HelpTopic::General || words.any(&["you", "app", "assistant", "buddy", "breaktime"]));
    if not_stats && (strong_help || generic_help) {
        // "can I take a coffee break at 3?" is a request; "can I export my breaks?" is help.
        let polite_request = words.starts("can i")
            && record_kind(&words, toks, break_types, cues).is_some()
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
                && question(&words).is_some();
        // "can I see my leave balance?" asks for the balance, "how do I see my leave balance?" how to find it.
        let balance =
            !words.any_phrase(HOW_TO) && !words.any(HELP_WORDS) && question(&words) == Some(Intent::LeaveBalance);
        let answerable = answerable || balance;
        if !polite_request && !answerable {
            return Intent::Help(help_topic(&words));
        }
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
