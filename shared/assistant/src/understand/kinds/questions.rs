//! Questions: about the caller's own data and team (break minutes, today's agenda, who is on a break or off, open
//! tasks, the leave balance), and about the product (the help topic of a "how do I ...?", the list of a form's
//! options).

use super::super::intent::{HelpTopic, Intent, OptionList};
use super::super::vocab::{self, Kind};
use super::super::vocab::{
    ABSENT_TODAY_PHRASES, ABSENT_WORDS, AGENDA_WORDS, AMOUNT_LEFT_WORDS, APPROVAL, APPROVAL_LEAVE_WORDS, ASKED_OF,
    ASK_OPENINGS, ASSISTANT_TOPIC_NOUNS, AUX_WORDS, BALANCE_LEAVE_WORDS, DAYS_OFF_PHRASES, DAY_OR_WEEK, FIRST_PERSON,
    HELP_ARCHIVES, HELP_BREAKS, HELP_CHECKLIST, HELP_LEAVES, HELP_MEETINGS, HELP_PROFILE, HELP_PROFILE_MORE,
    HELP_TASKS, HELP_TEAM, HOW_TO, LEAVE_LIST_WORDS, LIST_NOUNS, LIST_QUESTION_STARTS, LIVE_BREAK_PHRASES,
    LIVE_BREAK_WORDS, MEETING_WORDS_ASKED, MISSPELT_WH, NEXT_TASK_PHRASES, ON_BREAK_NOW, OPEN_TASK_PHRASES,
    OPEN_TASK_WORDS, QUESTION_STARTS, SIGN_OFFS, STATS, TASK_WORDS, TEAM_WHO_WORDS, TERSE_STATS, TODAY_WORDS,
    WEEK_WORDS, WHATS_ON, WHO, WH_WORDS,
};
use super::super::words::Words;
use super::{breaks, leaves};

// ---- about the caller's data and team ------------------------------------------------------------------------

/// What a message asks about, read once for every kind of question.
struct Asking {
    /// Asked rather than told: a question mark, a question word first, "can you tell me ...".
    asks: bool,
    /// About people: "who", "anyone", "the team".
    who: bool,
    /// About breaks ("is anybody on lunch?": asked about people, a break type names a break too).
    breaky: bool,
    /// About the caller: "I", "my".
    me: bool,
    tasky: bool,
    today: bool,
}

impl Asking {
    fn of(words: &Words) -> Asking {
        let asks = words.ends_with_question_mark
            || QUESTION_STARTS.contains(&words.first())
            || ASK_OPENINGS.iter().any(|p| words.starts(p));
        let who = words.any(WHO) || words.phrase("is any one") || words.phrase("is there anyone");
        let breaky = words.w.iter().any(|w| breaks::is_break_word(w))
            || (who && words.w.iter().any(|w| vocab::concept_of(w).is_some_and(|c| c.canonical != "Short Break")));
        let me = words.any(FIRST_PERSON);
        let tasky = words.any(TASK_WORDS);
        let today = words.any(TODAY_WORDS);
        Asking { asks, who, breaky, me, tasky, today }
    }
}

/// The questions about the caller's data, in the order they are tried: the first that fits is the answer.
const QUESTIONS: [fn(&Words, &Asking) -> Option<Intent>; 7] =
    [who_is_on_break, leave_balance_asked, who_is_off_today, break_minutes, my_breaks, open_tasks, agenda_today];

/// Questions about the caller's own data or team, when the message asks one.
pub fn question(words: &Words) -> Option<Intent> {
    let asking = Asking::of(words);
    QUESTIONS.iter().find_map(|q| q(words, &asking))
}

/// "Who is on a break?", "is anybody on lunch?", "who is currently on break".
fn who_is_on_break(words: &Words, q: &Asking) -> Option<Intent> {
    let now = words.any_phrase(ON_BREAK_NOW);
    (q.breaky && q.asks && !q.me && (q.who || now)).then_some(Intent::WhoIsOnBreak)
}

fn leave_balance_asked(words: &Words, q: &Asking) -> Option<Intent> {
    (!q.who && !q.breaky && leave_balance(words, q.asks)).then_some(Intent::LeaveBalance)
}

/// "Who is off today?", "today's absentees".
fn who_is_off_today(words: &Words, q: &Asking) -> Option<Intent> {
    let asked = q.who && words.any(ABSENT_WORDS) && (q.asks || words.has("absentees")) && !words.any(APPROVAL);
    let off =
        (asked || words.any_phrase(ABSENT_TODAY_PHRASES)) && (!q.me || words.has("absentees") || words.phrase("who"));
    off.then_some(Intent::WhoIsOffToday)
}

/// "How long were my breaks today?", "break minutes this week", "total break time".
fn break_minutes(words: &Words, q: &Asking) -> Option<Intent> {
    let numbers = words.w.iter().any(|w| w.starts_with(|c: char| c.is_ascii_digit()));
    let terse = q.me && !numbers && words.any(TERSE_STATS);
    if q.breaky && (q.asks || terse || words.any(&["total", "sum", "summary"])) && words.any(STATS) && !q.who {
        let week = words.any(WEEK_WORDS)
            || words.phrase("last 7 days")
            || words.phrase("past 7 days")
            || words.phrase("since monday");
        return Some(if week { Intent::BreakMinutesWeek } else { Intent::BreakMinutesToday });
    }
    None
}

/// "Did I take any breaks today?", "what breaks did I have this week?"
fn my_breaks(words: &Words, q: &Asking) -> Option<Intent> {
    let mine = q.breaky
        && q.asks
        && q.me
        && words.any(DAY_OR_WEEK)
        && words.any(&["breaks", "break"])
        && !words.phrase("how do i");
    if mine && !words.any(&["add", "log", "create", "schedule"]) {
        let week = words.any(&["week", "weekly", "week's"]);
        return Some(if week { Intent::BreakMinutesWeek } else { Intent::BreakMinutesToday });
    }
    None
}

/// "What are my open tasks?", "what should I work on next?"
fn open_tasks(words: &Words, q: &Asking) -> Option<Intent> {
    let open = words.any(OPEN_TASK_WORDS) || words.any_phrase(OPEN_TASK_PHRASES);
    let mine = q.tasky && q.asks && (open || (!q.today && q.me));
    (mine || (q.asks && words.any_phrase(NEXT_TASK_PHRASES))).then_some(Intent::OpenTasksByPriority)
}

/// "What's on today?", "my agenda", "do I have any meetings today?"
fn agenda_today(words: &Words, q: &Asking) -> Option<Intent> {
    let agenda_words = words.any(AGENDA_WORDS);
    let meetingy = words.any(MEETING_WORDS_ASKED);
    let whats_on = words.any_phrase(WHATS_ON);
    let agenda = words.any(&["agenda", "agendas"]);
    let asked = q.asks && (q.today || agenda) && (agenda_words || meetingy || whats_on || q.tasky);
    let what_now = q.asks && whats_on && !words.any(&["tomorrow", "week"]);
    let named = agenda && !words.any(&["add", "put", "create"]);
    (asked || what_now || named).then_some(Intent::AgendaToday)
}

/// "How many leave days do I have left?", "what's my holiday balance", "how much vacation is left": the caller's
/// own leave balance. Asked, or said in so many words ("leave balance").
fn leave_balance(words: &Words, asks: bool) -> bool {
    // "how long before I need to leave?" is the verb.
    let leave = words
        .w
        .iter()
        .enumerate()
        .any(|(i, w)| BALANCE_LEAVE_WORDS.contains(w) && !(*w == "leave" && leaves::leave_is_verb(&words.w, i)))
        || words.any_phrase(DAYS_OFF_PHRASES);
    if !leave {
        return false;
    }
    let balance = words.any(&["balance", "balances", "allowance", "entitlement"]);
    let how_much = words.any(AMOUNT_LEFT_WORDS) || words.any_phrase(&["how many", "how much"]);
    (asks && (balance || how_much)) || (balance && words.w.len() <= 6)
}

/// Asking rather than telling: "what ...", "do I have ...?", "is there ...".
pub fn interrogative(words: &Words) -> bool {
    let first = words.first();
    let second = words.w.get(1).copied().unwrap_or("");
    WH_WORDS.contains(&first)
        || (AUX_WORDS.contains(&first) && (words.ends_with_question_mark || ASKED_OF.contains(&second)))
}

// ---- about the product ---------------------------------------------------------------------------------------

/// The parts of the product by the words that name them, the most specific first: "my break history" is about
/// reports.
const TOPICS: [(HelpTopic, &[&str]); 8] = [
    (HelpTopic::Checklist, HELP_CHECKLIST),
    (HelpTopic::Archives, HELP_ARCHIVES),
    (HelpTopic::Team, HELP_TEAM),
    (HelpTopic::Profile, HELP_PROFILE),
    (HelpTopic::Meetings, HELP_MEETINGS),
    (HelpTopic::Leaves, HELP_LEAVES),
    (HelpTopic::Tasks, HELP_TASKS),
    (HelpTopic::Breaks, HELP_BREAKS),
];

/// The part of the product a help question is about.
pub fn help_topic(words: &Words) -> HelpTopic {
    if words.phrase("break buddy")
        || words.any(&["assistant", "bot", "chatbot", "you"]) && !words.any(ASSISTANT_TOPIC_NOUNS)
    {
        return HelpTopic::General;
    }
    if words.any(LIVE_BREAK_WORDS) || words.any_phrase(LIVE_BREAK_PHRASES) {
        return HelpTopic::LiveBreaks;
    }
    // "who approves my leave?" is about leaves; "who is on break" and "who is off" are the team's pages.
    if words.any(APPROVAL) && words.any(APPROVAL_LEAVE_WORDS) {
        return HelpTopic::Leaves;
    }
    if words.has("who") && words.any(TEAM_WHO_WORDS) {
        return HelpTopic::Team;
    }
    if let Some((topic, _)) = TOPICS.iter().find(|(_, ws)| words.any(ws)) {
        return *topic;
    }
    if words.any(HELP_PROFILE_MORE) {
        return HelpTopic::Profile;
    }
    HelpTopic::General
}

/// "What are the priorities?", "which statuses can a task have?", "what break types are there?", "leave types?": a
/// question about the options of a form's field, not about the caller's data ("what are my priorities?") nor how to
/// do something ("how do I change a break type?").
pub fn options_list(words: &Words) -> Option<OptionList> {
    let w = &words.w;
    if w.is_empty() || words.any_phrase(HOW_TO) || words.any_phrase(&["how many", "how much", "how long"]) {
        return None;
    }
    let list = list_named(words)?;
    asks_for_list(words).then_some(list)
}

/// Misspelt list words count ("prioritys", "priorites", "statuss", "typs").
fn near(x: &str, targets: &[&str]) -> bool {
    targets.iter().any(|t| vocab::close(x, t))
}

/// The list of options the words name, if they name one.
fn list_named(words: &Words) -> Option<OptionList> {
    let w = &words.w;
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
    let leaves = list_noun && (words.any(LEAVE_LIST_WORDS) || words.phrase("time off"));
    Some(match (priorities, statuses) {
        (true, true) => OptionList::PrioritiesAndStatuses,
        (true, false) => OptionList::Priorities,
        (false, true) => OptionList::Statuses,
        _ if breaks && !leaves => OptionList::BreakTypes,
        _ if leaves && !breaks => OptionList::LeaveTypes,
        _ => return None,
    })
}

/// Whether the words ask for a list rather than name it in passing.
fn asks_for_list(words: &Words) -> bool {
    let w = &words.w;
    // "break types pls": a trailing please or thanks is not part of the question.
    let mut core = w.clone();
    while core.len() > 1 && SIGN_OFFS.contains(&core[core.len() - 1]) {
        core.pop();
    }
    let last = core[core.len() - 1];
    let list_word = |x: &str| near(x, LIST_NOUNS) || near(x, &["priorities", "statuses"]);
    words.ends_with_question_mark
        // A few words that start or end with the list's name: "types of leave", "break types", "priority options".
        || (core.len() <= 4 && (list_word(core[0]) || list_word(last)))
        // A misspelt question word: "wat", "wht", "wich".
        || MISSPELT_WH.contains(&w[0])
        || words.any_phrase(&["remind me what", "remind me which", "remind me of the"])
        || LIST_QUESTION_STARTS.contains(&w[0])
}
