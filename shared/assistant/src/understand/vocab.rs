//! The words the engine knows: numbers, days, months, units, the record kinds, break-type concepts, task priority
//! and status words, a typo-tolerant comparison, and every word list the other modules read, in sections by the
//! module that reads them (dates and times, questions and help, the kind of record, then each kind, then the words
//! left over). A module keeps inline only a few grammar words it reads at one place ("past" | "after", "a" | "an").

use chrono::Weekday;

pub fn number_word(s: &str) -> Option<u32> {
    let n = match s {
        "zero" => 0,
        "one" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "eight" => 8,
        "nine" => 9,
        "ten" => 10,
        "eleven" => 11,
        "twelve" => 12,
        "thirteen" => 13,
        "fourteen" => 14,
        "fifteen" => 15,
        "sixteen" => 16,
        "seventeen" => 17,
        "eighteen" => 18,
        "nineteen" => 19,
        "twenty" => 20,
        "thirty" => 30,
        "forty" | "fourty" => 40,
        "fifty" => 50,
        "sixty" => 60,
        _ => {
            let (tens, unit) = s.split_once('-')?;
            let (t, u) = (number_word(tens)?, number_word(unit)?);
            return (t >= 20 && t % 10 == 0 && (1..=9).contains(&u)).then_some(t + u);
        }
    };
    Some(n)
}

/// A whole number written in digits or words ("20", "twenty", "twenty-five").
pub fn number(s: &str) -> Option<u32> {
    if !s.is_empty() && s.len() <= 4 && s.bytes().all(|b| b.is_ascii_digit()) {
        return s.parse().ok();
    }
    number_word(s)
}

pub fn weekday(s: &str) -> Option<Weekday> {
    let d = match s {
        "monday" | "mon" | "mondays" | "monady" | "mnday" => Weekday::Mon,
        "tuesday" | "tue" | "tues" | "tuesdays" | "tuseday" | "teusday" | "tuesay" => Weekday::Tue,
        "wednesday" | "wed" | "weds" | "wednesdays" | "wensday" | "wednsday" | "wendsday" | "wedensday" => Weekday::Wed,
        "thursday" | "thu" | "thur" | "thurs" | "thursdays" | "thrusday" | "thursady" | "thurday" => Weekday::Thu,
        "friday" | "fri" | "fridays" | "firday" | "fridy" | "frday" => Weekday::Fri,
        "saturday" | "sat" | "saturdays" | "satruday" | "saterday" => Weekday::Sat,
        "sunday" | "sun" | "sundays" | "sundy" => Weekday::Sun,
        _ => {
            if s.len() >= 6 && s.ends_with("day") {
                return [
                    ("monday", Weekday::Mon),
                    ("tuesday", Weekday::Tue),
                    ("wednesday", Weekday::Wed),
                    ("thursday", Weekday::Thu),
                    ("friday", Weekday::Fri),
                    ("saturday", Weekday::Sat),
                    ("sunday", Weekday::Sun),
                ]
                .into_iter()
                .find(|(name, _)| close(s, name))
                .map(|(_, d)| d);
            }
            return None;
        }
    };
    Some(d)
}

pub fn month(s: &str) -> Option<u32> {
    let m = match s {
        "january" | "jan" | "janurary" | "januari" => 1,
        "february" | "feb" | "febuary" | "februari" => 2,
        "march" | "mar" => 3,
        "april" | "apr" => 4,
        "may" => 5,
        "june" | "jun" => 6,
        "july" | "jul" => 7,
        "august" | "aug" => 8,
        "september" | "sep" | "sept" => 9,
        "october" | "oct" => 10,
        "november" | "nov" => 11,
        "december" | "dec" => 12,
        _ => return None,
    };
    Some(m)
}

/// "3rd", "21st", "third" → the day number.
pub fn ordinal(s: &str) -> Option<u32> {
    for suffix in ["st", "nd", "rd", "th"] {
        if let Some(n) = s.strip_suffix(suffix) {
            if !n.is_empty() && n.len() <= 2 && n.bytes().all(|b| b.is_ascii_digit()) {
                return n.parse().ok().filter(|d| (1..=31).contains(d));
            }
        }
    }
    let n = match s {
        "first" => 1,
        "second" => 2,
        "third" => 3,
        "fourth" => 4,
        "fifth" => 5,
        "sixth" => 6,
        "seventh" => 7,
        "eighth" => 8,
        "ninth" => 9,
        "tenth" => 10,
        "eleventh" => 11,
        "twelfth" => 12,
        "thirteenth" => 13,
        "fourteenth" => 14,
        "fifteenth" => 15,
        "twentieth" => 20,
        "thirtieth" => 30,
        _ => return None,
    };
    Some(n)
}

/// Minutes in one unit of a duration word.
pub fn duration_unit(s: &str) -> Option<u32> {
    match s {
        "minute" | "minutes" | "min" | "mins" | "m" | "minuts" | "minits" | "mintues" | "minutos" => Some(1),
        "hour" | "hours" | "hr" | "hrs" | "h" | "hous" | "houres" | "hour's" => Some(60),
        _ => None,
    }
}

/// Whether `word` is `target` or a plausible typo of it: same first letter and at most one edit (two for long
/// words), adjacent swaps counting as one.
pub fn close(word: &str, target: &str) -> bool {
    if word == target {
        return true;
    }
    let (wl, tl) = (word.chars().count(), target.chars().count());
    if wl < 4 || tl < 4 || word.chars().next() != target.chars().next() || NOT_TYPOS.contains(&word) {
        return false;
    }
    let allowed = if tl >= 8 { 2 } else { 1 };
    wl.abs_diff(tl) <= allowed && strsim::osa_distance(word, target) <= allowed
}

/// Real words one edit away from a keyword: never read as a typo of it.
const NOT_TYPOS: &[&str] = &[
    "bread", "breath", "talk", "tank", "mask", "lease", "least", "leaf", "lean", "melting", "meaning", "greeting",
    "setting", "seating", "letting", "sitting", "cheque", "lunches", "launch", "bunch", "punch", "munch", "smoked",
    "later", "latter", "tasty", "taste", "takes", "offer", "often", "coffin", "meat", "meal", "week", "weak", "list",
    "lost", "last", "lest", "rest", "test", "text", "next", "then", "than", "them", "these", "those", "there", "their",
    "where", "were", "when", "what", "that", "this", "with", "call", "cal", "all", "shirt", "short", "sport", "checks",
    "cheek", "holy", "hold", "folder", "older", "break", "brake", "start", "smart", "stare", "store",
];

/// The kinds of record the assistant can propose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Break,
    Task,
    Leave,
    Meeting,
    Checklist,
}

/// Words that name a kind outright ("task", "meeting"), typos included.
pub fn kind_noun(s: &str) -> Option<Kind> {
    let exact = match s {
        "break" | "breaks" | "brake" | "brakes" | "brk" | "brek" | "braek" | "breack" | "breake" | "breather"
        | "breathers" => Some(Kind::Break),
        "task" | "tasks" | "todo" | "todos" | "to-do" | "to-dos" | "tsk" | "taks" | "tak" | "taskk" | "reminder" => {
            Some(Kind::Task)
        }
        "leave" | "leaves" | "vacation" | "vacations" | "holiday" | "holidays" | "pto" | "absence" | "ooo" | "leav"
        | "vacay" | "annual-leave" | "day-off" | "time-off" | "absent" => Some(Kind::Leave),
        "meeting" | "meetings" | "meet" | "mtg" | "standup" | "stand-up" | "sync" | "1:1" | "1-1" | "1-on-1"
        | "one-on-one" | "huddle" | "retro" | "retrospective" | "catch-up" | "catchup" | "kickoff" | "kick-off"
        | "sprint-planning" | "webinar" | "interview" => Some(Kind::Meeting),
        "checklist" | "checklists" | "check-list" | "cheklist" | "checlist" | "checkist" | "chekclist" => {
            Some(Kind::Checklist)
        }
        _ => None,
    };
    exact.or_else(|| {
        if s.len() < 4 {
            return None;
        }
        [
            ("break", Kind::Break),
            ("task", Kind::Task),
            ("leave", Kind::Leave),
            ("vacation", Kind::Leave),
            ("holiday", Kind::Leave),
            ("meeting", Kind::Meeting),
            ("checklist", Kind::Checklist),
        ]
        .into_iter()
        .find(|(w, _)| close(s, w))
        .map(|(_, k)| k)
    })
}

/// A break-type concept and the words that point to it. The first word is looked for in the team's type names.
pub struct Concept {
    pub canonical: &'static str,
    pub words: &'static [&'static str],
    /// Words that must be typed exactly (too short, or too close to other words, for typo matching).
    pub exact: &'static [&'static str],
}

pub const CONCEPTS: &[Concept] = &[
    Concept {
        canonical: "Coffee Break",
        words: &["coffee", "espresso", "cappuccino", "latte", "caffeine"],
        exact: &["cofee", "coffe", "cofe", "coffie", "kofi", "caffe"],
    },
    Concept {
        canonical: "Lunch Break",
        words: &["lunch", "dinner", "breakfast", "brunch", "lunchbreak"],
        exact: &["lnch", "lunc", "luch", "meal", "eat", "food", "lunchtime"],
    },
    Concept {
        canonical: "Cigarette",
        words: &["cigarette", "cigarettes", "smoke", "smoking"],
        exact: &["cig", "cigs", "ciggie", "ciggy", "ciggies", "fag", "vape", "vaping", "smoko", "smoek", "cigarete"],
    },
    Concept {
        canonical: "Social Media Break",
        words: &["social", "instagram", "facebook", "twitter", "tiktok", "youtube", "reddit"],
        exact: &["insta", "fb", "linkedin", "scrolling", "doomscrolling"],
    },
    Concept {
        canonical: "Picking kids from School",
        words: &["kids", "school", "children"],
        exact: &["kid", "child", "pickup", "pick-up", "daughter", "son", "nursery", "daycare"],
    },
    Concept {
        canonical: "Refreshment",
        words: &["refreshment", "refreshments"],
        exact: &["tea", "water", "juice", "snack", "snacks", "drink", "drinks", "refresh", "refreshing", "chai"],
    },
    Concept {
        canonical: "Short Break",
        words: &[],
        exact: &["short", "quick", "mini", "brief", "little", "shrt", "quik"],
    },
];

pub fn concept_of(word: &str) -> Option<&'static Concept> {
    CONCEPTS.iter().find(|c| {
        c.exact.contains(&word) || c.words.iter().any(|w| if w.len() >= 5 { close(word, w) } else { word == *w })
    })
}

/// A leave-type concept and the words that point to it: a team type of that name (or with one of these words in its
/// name) is the leave's type. Listed from the most telling: "unpaid sick leave" is unpaid, "sick on holiday" sick.
pub struct LeaveConcept {
    pub canonical: &'static str,
    /// Typo-tolerant when 5 letters or more.
    pub words: &'static [&'static str],
    /// Typed exactly.
    pub exact: &'static [&'static str],
    /// Without a type of its own in the team, the team's default type is meant (Vacation is the default).
    pub is_default: bool,
}

pub const LEAVE_CONCEPTS: &[LeaveConcept] = &[
    LeaveConcept { canonical: "Unpaid", words: &["unpaid"], exact: &["non-paid", "nonpaid"], is_default: false },
    LeaveConcept {
        canonical: "Sick",
        words: &["sick", "sickness", "illness", "unwell", "poorly", "sickday", "sickdays", "sick-leave", "sick-day"],
        exact: &["ill", "sik", "flu", "fever", "covid", "migraine", "sickie", "sickies"],
        is_default: false,
    },
    LeaveConcept {
        canonical: "Vacation",
        words: &["vacation", "vacations", "holiday", "holidays", "annual", "annual-leave", "honeymoon"],
        exact: &["vacay", "hols", "hol", "pto"],
        is_default: true,
    },
];

/// The leave concept a word points to ("ill" only where it is not "I'll": "ill be off tomorrow").
pub fn leave_concept_of(word: &str, next: &str) -> Option<&'static LeaveConcept> {
    if word == "ill"
        && matches!(
            next,
            "be" | "take"
                | "need"
                | "have"
                | "go"
                | "book"
                | "request"
                | "log"
                | "add"
                | "put"
                | "want"
                | "probably"
                | "likely"
                | "just"
                | "send"
                | "do"
                | "make"
                | "get"
                | "try"
                | "see"
                | "ask"
                | "let"
        )
    {
        return None;
    }
    LEAVE_CONCEPTS.iter().find(|c| {
        c.exact.contains(&word) || c.words.iter().any(|w| if w.len() >= 5 { close(word, w) } else { word == *w })
    })
}

/// A priority word (as an adjective of the task or with "priority").
pub fn priority_word(s: &str) -> Option<&'static str> {
    Some(match s {
        "normal" | "medium" | "regular" => "Normal",
        "important" | "imporant" | "importent" => "Important",
        "critical" | "critcal" | "crtical" => "Critical",
        "low" | "lowest" | "minor" => "Low",
        "high" | "highest" | "hi" | "top" => "High",
        "urgent" | "urgently" | "asap" | "urgnt" | "urgant" => "Urgent",
        "blocker" | "blocking" | "showstopper" => "Blocker",
        _ => return None,
    })
}

// ---- the words of dates, times and durations (datetime.rs, scan.rs, period.rs) -------------------------------

/// Today, tomorrow and yesterday, typos included.
pub(crate) const TODAY: &[&str] = &["today", "todays", "today's", "tday", "2day", "toady"];

pub(crate) const TOMORROW: &[&str] = &[
    "tomorrow",
    "tomorow",
    "tommorow",
    "tommorrow",
    "tomorrw",
    "tmrw",
    "tmr",
    "tmrow",
    "2morrow",
    "tomoz",
    "tomorrows",
    "tomorrow's",
    "tomorro",
    "tomrrow",
];

pub(crate) const YESTERDAY: &[&str] = &["yesterday", "yesterdy", "yday", "yesterday's", "yest", "yesteday", "ysterday"];

/// Days named in words: a weekday, "today", "tomorrow", "week", "weekend".
pub(crate) const DAY_WORDS: &[&str] =
    &["today", "tomorrow", "tomorow", "tommorow", "tmrw", "yesterday", "week", "weekend", "tonight"];

pub fn is_day_word(w: &str) -> bool {
    weekday(w).is_some() || DAY_WORDS.contains(&w)
}

/// Before a weekday: "next Monday", "this coming Friday", "last Tuesday".
pub(crate) const DAY_MODIFIERS: &[&str] = &["next", "this", "last", "coming", "upcoming", "past", "previous"];

/// Before a bare day number that follows another day: "the 24th and 25th", "the 3rd to 7th".
pub(crate) const DAY_JOINERS: &[&str] = &["and", "&", "or", "to", "till", "until", "-", "through", "thru"];

/// After an ordinal that is no day of the month: "the 3rd floor", "the first time", "the second item".
pub(crate) const NOT_A_DAY_AFTER: &[&str] = &["floor", "time", "place", "round", "quarter", "item", "one", "of"];

/// Kinds of days in a count: "3 working days", "two full days".
pub(crate) const DAY_COUNT_KINDS: &[&str] = &["working", "work", "business", "full", "whole", "calendar"];

/// Between the two days of a range: "Monday to Wednesday", "3 through 5 March".
pub(crate) const RANGE_JOINERS: &[&str] = &["to", "till", "until", "-", "through", "thru", "til", "untill"];

/// The months' names as `interim` reads them.
pub(crate) const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// Minutes said in words after an hour: "three fifteen", "two forty-five".
pub(crate) const MINUTE_WORDS: &[(&str, u32)] =
    &[("fifteen", 15), ("thirty", 30), ("forty-five", 45), ("fortyfive", 45), ("twenty", 20), ("ten", 10), ("five", 5)];

/// The little words that lead a date, time or duration in ("at", "from", "for", "on"), read with it.
pub(crate) const LEADS: &[&str] = &[
    "on",
    "at",
    "from",
    "for",
    "by",
    "until",
    "till",
    "til",
    "untill",
    "starting",
    "start",
    "since",
    "around",
    "about",
    "between",
    "due",
    "of",
    "lasting",
    "in",
    "before",
    "after",
    "beginning",
    "to",
    "ending",
    "ends",
    "end",
    "approx",
    "approximately",
    "roughly",
    "like",
    "~",
    "through",
    "thru",
    // "back by 4", "back at 1": the end of a break.
    "back",
];

/// Leads after which a bare number ("at 3") is a time.
pub(crate) const TIME_LEADS: &[&str] = &[
    "at",
    "around",
    "about",
    "from",
    "until",
    "till",
    "til",
    "untill",
    "since",
    "starting",
    "start",
    "by",
    "before",
    "after",
    "between",
    "to",
    "ending",
    "ends",
    "end",
    "approx",
    "approximately",
    "roughly",
    "~",
];

/// Leads that make what follows the end: "until 4", "to Friday", "back by 1".
pub(crate) const END_ROLE_LEADS: &[&str] =
    &["until", "till", "til", "untill", "to", "ending", "ends", "end", "before", "through", "thru", "back"];

/// Leads that make what follows the start: "from 2", "starting Monday".
pub(crate) const START_ROLE_LEADS: &[&str] = &["from", "starting", "start", "beginning", "after"];

/// Leads a duration may have: "for 20 minutes", "about an hour", "in 10 minutes".
pub(crate) const DURATION_LEADS: &[&str] =
    &["for", "lasting", "of", "in", "about", "around", "approx", "approximately", "roughly", "like", "~"];

/// Leads of "now": "from now", "until now".
pub(crate) const NOW_LEADS: &[&str] = &["from", "starting", "start", "since", "until", "till"];

/// Things counted after a number, which is then no time: "3 days", "5 people", "2 tasks".
pub(crate) const COUNT_NOUNS: &[&str] = &["days", "day", "weeks", "week", "people", "times", "tasks", "items"];

/// The same after a range of numbers: "2-3 days", "4 to 5 people".
pub(crate) const RANGE_COUNT_NOUNS: &[&str] = &["days", "day", "weeks", "week", "people", "times"];

/// Between the two times of a range: "2 to 4", "9 till noon", "2-4pm".
pub(crate) const TIME_RANGE_JOINERS: &[&str] = &["to", "till", "until", "untill", "til", "-", "through", "and"];

/// Before "week", "month", "year": "this week", "next month", "the previous year".
pub(crate) const SPAN_MODIFIERS: &[&str] = &["this", "next", "last", "coming", "upcoming", "previous", "current"];

/// Before a month named alone: "in April", "during May", "all June".
pub(crate) const MONTH_LEADS: &[&str] = &["in", "during", "for", "throughout", "all"];

// ---- the words of questions and help (intent.rs, kinds/questions.rs) -----------------------------------------

pub(crate) const GREETINGS: &[&str] = &[
    "hi",
    "hello",
    "hey",
    "yo",
    "hiya",
    "howdy",
    "thanks",
    "thank",
    "you",
    "ok",
    "okay",
    "good",
    "morning",
    "afternoon",
    "evening",
    "there",
    "buddy",
    "cheers",
    "sup",
    "great",
    "cool",
    "nice",
    "bye",
    "goodbye",
    "ty",
];

pub(crate) const HELP_PHRASES: &[&str] = &[
    "how do i",
    "how can i",
    "how to",
    "how should i",
    "how does",
    "how do you",
    "how would i",
    "how do we",
    "how can we",
    "how does one",
    "where do i",
    "where can i",
    "where do you",
    "what can you do",
    "what do you do",
    "what are you",
    "who are you",
    "what can i do",
    "what can i ask",
    "show me how",
    "tell me how",
    "teach me",
    "explain",
    "i don't know how",
    "i dont know how",
    "how it works",
    "how does it work",
    "how this works",
    "help me understand",
];

/// Asking how to do something rather than for the thing itself.
pub(crate) const HOW_TO: &[&str] = &[
    "how do i",
    "how can i",
    "how to",
    "how should i",
    "where do i",
    "where can i",
    "show me how",
    "tell me how",
    "teach me",
];

pub(crate) const HELP_WORDS: &[&str] =
    &["help", "tutorial", "guide", "instructions", "manual", "faq", "howto", "explain"];

pub(crate) const GENERIC_HELP: &[&str] = &[
    "what is the",
    "what's the",
    "whats the",
    "what are the",
    "what does",
    "what is a",
    "what is an",
    "what are",
    "what's a",
    "whats a",
    "can i",
    "is it possible to",
    "am i able to",
    "where is",
    "where are",
];

/// Words that speak to the assistant or the app ("what can you do", "what is the app").
pub(crate) const ASSISTANT_WORDS: &[&str] = &["you", "app", "assistant", "buddy", "breaktime"];

pub(crate) const QUESTION_STARTS: &[&str] = &[
    "how",
    "what",
    "what's",
    "whats",
    "who",
    "who's",
    "whos",
    "which",
    "when",
    "where",
    "show",
    "list",
    "tell",
    "give",
    "any",
    "anyone",
    "anybody",
    "is",
    "are",
    "do",
    "did",
    "does",
    "have",
    "has",
    "am",
    "was",
    "were",
    "whose",
    "display",
    "get",
    "fetch",
    "check",
    "see",
    "view",
    "count",
    "sum",
    "total",
    "summarize",
    "summarise",
];

/// Openings that ask for something to be shown: "can you tell me ...", "please list ...".
pub(crate) const ASK_OPENINGS: &[&str] = &[
    "can you tell",
    "can you show",
    "could you tell",
    "could you show",
    "i want to know",
    "i'd like to know",
    "please show",
    "please tell",
    "please list",
];

pub(crate) const WHO: &[&str] = &[
    "who",
    "who's",
    "whos",
    "anyone",
    "anybody",
    "someone",
    "somebody",
    "people",
    "colleagues",
    "coworkers",
    "teammates",
    "members",
    "everyone",
    "everybody",
    "whoever",
    "team",
    "folks",
    "staff",
    "employees",
    "absentees",
];

/// The caller speaking of themselves.
pub(crate) const FIRST_PERSON: &[&str] = &["i", "my", "me", "i've", "ive", "mine"];

pub(crate) const STATS: &[&str] = &[
    "total",
    "sum",
    "summary",
    "stats",
    "statistics",
    "spent",
    "count",
    "minutes",
    "mins",
    "hours",
    "duration",
    "long",
    "much",
    "many",
    "time",
];

/// Words that ask for a figure even without a question ("my break minutes").
pub(crate) const TERSE_STATS: &[&str] = &["minutes", "mins", "total", "time", "summary"];

/// This week rather than today.
pub(crate) const WEEK_WORDS: &[&str] = &["week", "weekly", "week's", "weeks", "wk"];

/// "Did I take any breaks today / this week?"
pub(crate) const DAY_OR_WEEK: &[&str] = &["today", "today's", "todays", "week", "this"];

/// Today (and its typos).
pub(crate) const TODAY_WORDS: &[&str] = &["today", "today's", "todays", "tonight", "tday", "2day"];

/// "Who is on break right now?"
pub(crate) const ON_BREAK_NOW: &[&str] =
    &["currently on break", "on break now", "on break right now", "on a break now", "on break at the moment"];

pub(crate) const APPROVAL: &[&str] =
    &["approve", "approves", "approved", "approval", "approving", "approver", "approvals"];

/// Words of "who is off?": away, on leave, sick.
pub(crate) const ABSENT_WORDS: &[&str] = &[
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

/// Today's absences asked without "who".
pub(crate) const ABSENT_TODAY_PHRASES: &[&str] = &[
    "today's absentees",
    "todays absentees",
    "absentees today",
    "absent today",
    "not in today",
    "not working today",
    "off today?",
];

/// Tasks asked about ("my open tasks", typos included).
pub(crate) const TASK_WORDS: &[&str] = &["task", "tasks", "todo", "todos", "to-do", "to-dos", "tsks", "taks"];

/// Tasks still to do: open, pending, by priority.
pub(crate) const OPEN_TASK_WORDS: &[&str] = &[
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
];

pub(crate) const OPEN_TASK_PHRASES: &[&str] = &[
    "not done",
    "in progress",
    "in review",
    "on hold",
    "still have",
    "need to do",
    "have to do",
    "to work on",
    "should i work on",
];

/// "What should I do next?": the open tasks by priority.
pub(crate) const NEXT_TASK_PHRASES: &[&str] =
    &["work on next", "should i do next", "should i work on", "what's next", "whats next", "do next"];

/// The day's plan.
pub(crate) const AGENDA_WORDS: &[&str] = &[
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
];

/// Meetings asked about ("any meetings today?").
pub(crate) const MEETING_WORDS_ASKED: &[&str] = &["meeting", "meetings", "meetings?", "calls", "standup"];

/// "What's on today?"
pub(crate) const WHATS_ON: &[&str] = &[
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
];

/// Leave words of a balance question ("how many leave days do I have left?").
pub(crate) const BALANCE_LEAVE_WORDS: &[&str] = &[
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

pub(crate) const DAYS_OFF_PHRASES: &[&str] =
    &["days off", "day off", "time off", "sick days", "sick day", "sick leave"];

/// How much of something is left.
pub(crate) const AMOUNT_LEFT_WORDS: &[&str] = &[
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
];

/// Question words.
pub(crate) const WH_WORDS: &[&str] =
    &["how", "what", "what's", "whats", "who", "who's", "whos", "which", "when", "where", "whose", "why"];

/// Auxiliaries that open a question ("do I have ...", "is there ...").
pub(crate) const AUX_WORDS: &[&str] = &["do", "does", "did", "is", "are", "am", "was", "were", "have", "has", "any"];

/// The subject after an auxiliary that makes a question: "do I", "is there", "does anyone".
pub(crate) const ASKED_OF: &[&str] = &["i", "we", "you", "there", "my", "anyone", "anybody", "someone", "somebody"];

/// Records named in a question to the assistant, which make it about them rather than about the assistant.
pub(crate) const ASSISTANT_TOPIC_NOUNS: &[&str] =
    &["break", "breaks", "task", "tasks", "leave", "leaves", "meeting", "meetings", "checklist"];

/// Live breaks: the timer, starting and ending a break.
pub(crate) const LIVE_BREAK_WORDS: &[&str] =
    &["live", "timer", "stopwatch", "clock", "running", "on-breaks", "timing", "timed"];

pub(crate) const LIVE_BREAK_PHRASES: &[&str] = &[
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
];

/// What an approval question is about when it is about leaves ("who approves my leave?").
pub(crate) const APPROVAL_LEAVE_WORDS: &[&str] = &["leave", "leaves", "vacation", "holiday", "off", "absence", "pto"];

/// "Who is on break?", "who is off?": the team's pages.
pub(crate) const TEAM_WHO_WORDS: &[&str] = &["break", "breaks", "off", "leave", "absent", "away"];

/// The words of each part of the product, for help.
pub(crate) const HELP_CHECKLIST: &[&str] =
    &["checklist", "checklists", "check-list", "feature", "features", "cheklist"];

pub(crate) const HELP_ARCHIVES: &[&str] = &[
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
];

pub(crate) const HELP_TEAM: &[&str] = &[
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
];

pub(crate) const HELP_PROFILE: &[&str] = &[
    "profile", "settings", "password", "email", "e-mail", "account", "timezone", "zone", "avatar", "logout", "login",
    "signin", "username", "photo", "picture",
];

pub(crate) const HELP_MEETINGS: &[&str] = &["meeting", "meetings", "meet", "standup", "calendar"];

pub(crate) const HELP_LEAVES: &[&str] =
    &["leave", "leaves", "vacation", "holiday", "holidays", "absence", "absent", "sick", "off", "pto"];

pub(crate) const HELP_TASKS: &[&str] =
    &["task", "tasks", "todo", "todos", "to-do", "priority", "status", "statuses", "priorities", "task's"];

pub(crate) const HELP_BREAKS: &[&str] = &["break", "breaks", "lunch", "coffee", "type", "types", "dashboard", "pause"];

/// Profile words that name no other part either ("change my name", "dark theme").
pub(crate) const HELP_PROFILE_MORE: &[&str] = &["name", "sign", "delete", "dark", "theme", "logout", "log-out"];

/// Words that ask for the options of a field: "types", "kinds", "options", "levels".
pub(crate) const LIST_NOUNS: &[&str] = &[
    "types",
    "type",
    "kinds",
    "kind",
    "categories",
    "category",
    "options",
    "option",
    "levels",
    "level",
    "choices",
    "choice",
    "values",
    "sorts",
    "varieties",
];

/// Leave words in a question about the list of leave types.
pub(crate) const LEAVE_LIST_WORDS: &[&str] = &["leave", "leaves", "absence", "absences", "time-off", "vacation", "pto"];

/// A trailing please or thanks ("break types pls").
pub(crate) const SIGN_OFFS: &[&str] = &["pls", "plz", "please", "thanks", "thx", "ty"];

/// Misspelt question words: "wat", "wht", "wich".
pub(crate) const MISSPELT_WH: &[&str] = &["wat", "wht", "wot", "wut", "wich", "whic", "whats"];

/// First words of a question about a list of options ("what are the priorities", "list the statuses").
pub(crate) const LIST_QUESTION_STARTS: &[&str] = &[
    "what", "what's", "whats", "which", "list", "show", "tell", "give", "name", "are", "is", "can", "could", "do",
    "does", "any",
];

// ---- the words of a record's kind (kinds/mod.rs) -------------------------------------------------------------

pub(crate) const CREATE_VERBS: &[&str] = &[
    "add", "create", "new", "log", "record", "schedule", "book", "set", "setup", "plan", "put", "make", "register",
    "enter", "note", "remind", "take", "taking", "took", "had", "having", "request", "apply", "mark", "track", "save",
    "insert", "arrange", "organise", "organize", "submit", "block", "need", "want", "grab", "grabbed", "going",
    "gonna", "went", "start", "started", "starting", "i'm", "im", "i'll", "i", "lets", "let's", "please",
];

/// Openings of a to-do: "remind me to ...", "don't forget ...".
pub(crate) const TASK_OPENINGS: &[&str] = &["remind me", "remember to", "don't forget", "dont forget", "do not forget"];

/// Between "new", "add" or "create" and the kind: "add a new task", "create another meeting".
pub(crate) const KIND_DETERMINERS: &[&str] = &["a", "an", "new", "the", "my", "another"];

/// Words of [`CREATE_VERBS`] that open a sentence without acting on a record ("I", "please", "let's").
pub(crate) const NOT_ACTING: &[&str] = &["i", "i'm", "im", "please", "i'll", "lets", "let's"];

/// Words between a verb and the kind it acts on: "take a quick coffee break", "log my sick leave", "add a new task".
pub(crate) const BEFORE_A_KIND: &[&str] = &[
    "a",
    "an",
    "the",
    "my",
    "new",
    "quick",
    "short",
    "small",
    "little",
    "another",
    "one",
    "some",
    "our",
    "team",
    "daily",
    "me",
    "up",
    "for",
    "in",
    "item",
    "entry",
    "record",
    "few",
    "mini",
    "brief",
    "long",
    "personal",
    "sick",
    "annual",
    "casual",
    "half",
    "full",
    "high",
    "low",
    "urgent",
    "important",
    "critical",
    "priority",
    "feature",
];

/// Words of a short break: they say a break's length, not which break ("a quick one").
pub(crate) const SIZE_WORDS: &[&str] = &["quick", "short", "little", "mini", "brief"];

/// "slides for the meeting": a kind after these words is what the sentence is about, not the record.
pub(crate) const OBJECT_DETERMINERS: &[&str] = &["the", "this", "that", "our", "a"];

pub(crate) const ABOUT_PREPOSITIONS: &[&str] =
    &["for", "before", "after", "about", "during", "from", "in", "at", "of", "to", "into", "with"];

/// "notes for meeting", "prep before meeting": a meeting named as the subject.
pub(crate) const AROUND_A_MEETING: &[&str] = &["for", "before", "after", "during", "about"];

// ---- the words of breaks (kinds/breaks.rs) -------------------------------------------------------------------

/// Break-type words that are no hint of a break on their own ("water the plants", "my son").
pub(crate) const NOT_BREAK_HINTS: &[&str] =
    &["quick", "short", "little", "mini", "brief", "water", "son", "drink", "eat", "food", "child", "kid"];

/// Words of a team's break type that say nothing about which type it is.
pub(crate) const TEAM_TYPE_GENERIC: &[&str] =
    &["break", "breaks", "from", "the", "a", "of", "and", "for", "to", "time", "my", "short", "quick"];

pub(crate) const TYPE_GENERIC: &[&str] =
    &["break", "breaks", "from", "the", "a", "of", "and", "for", "to", "time", "my"];

/// Words that show a break already happened ("I took", "had lunch"), so a bare duration ends now.
pub(crate) const PAST: &[&str] = &[
    "took", "had", "was", "did", "just", "earlier", "i've", "ive", "finished", "ended", "went", "spent", "grabbed",
    "enjoyed", "got", "been", "came", "back", "returned", "done",
];

/// Words that say a break begins as the person speaks.
pub(crate) const NOW_VERBS: &[&str] =
    &["going", "start", "starting", "heading", "off", "taking", "stepping", "popping", "gonna"];

/// "until now", "till now": the end of a break.
pub(crate) const END_LEADS: &[&str] = &["until", "till", "til", "untill", "to"];

/// After the break is named, what follows these words is its reason ("break at 10 to call the school").
pub(crate) const REASON_LEADS: &[&str] = &["to", "because", "cause", "coz", "reason"];

/// Little words inside a break type's name ("picking up the kids from school").
pub(crate) const TYPE_GLUE: &[&str] = &["up", "the", "my", "from", "media", "at", "a", "our", "and", "of"];

/// Verbs before the kids of a school run.
pub(crate) const PICKING_UP: &[&str] = &["pick", "picking", "pickup", "collect", "collecting", "fetch", "fetching"];

// ---- the words of tasks (kinds/tasks.rs) ---------------------------------------------------------------------

/// Leading verbs that make a sentence a to-do when nothing else says which record it is.
pub(crate) const TASK_VERBS: &[&str] = &[
    "fix",
    "write",
    "review",
    "prepare",
    "call",
    "email",
    "e-mail",
    "send",
    "finish",
    "update",
    "buy",
    "submit",
    "clean",
    "pay",
    "order",
    "read",
    "deploy",
    "test",
    "refactor",
    "draft",
    "reply",
    "research",
    "complete",
    "investigate",
    "implement",
    "design",
    "build",
    "check",
    "follow",
    "renew",
    "file",
    "print",
    "sign",
    "book",
    "contact",
    "ask",
    "ping",
    "prep",
    "organise",
    "organize",
    "document",
    "migrate",
    "upgrade",
    "install",
    "configure",
    "debug",
    "merge",
    "release",
    "ship",
    "publish",
    "translate",
    "backup",
    "archive",
    "cancel",
    "move",
    "pick",
    "return",
    "collect",
    "confirm",
    "schedule",
    "text",
    "message",
    "invite",
    "finalise",
    "finalize",
    "plan",
    "study",
    "learn",
    "practice",
    "practise",
    "water",
    "feed",
    "walk",
    "wash",
    "fill",
    "get",
    "submit",
    "approve",
    "reconcile",
    "audit",
    "analyse",
    "analyze",
    "interview",
    "onboard",
    "train",
    "record",
    "edit",
    "proofread",
    "look",
    "go",
    "remember",
    "verify",
];

/// Words that name a task in its title ("task", "reminder", "ticket").
pub(crate) const TASK_NOUNS: &[&str] =
    &["task", "tasks", "todo", "todos", "to-do", "to-dos", "tsk", "taks", "reminder", "item", "ticket"];

/// "priority" and its typos.
pub(crate) const PRIORITY_NOUNS: &[&str] = &["priority", "prio", "priorty", "priotity", "prority"];

/// Between "priority" and its value: "priority is high", "priority level should be set to low".
pub(crate) const PRIORITY_GLUE: &[&str] = &["is", "of", "=", "level", "should", "be", "set", "to", "as"];

pub(crate) const PRIORITY_LEADS: &[&str] = &[
    "with", "as", "at", "a", "an", "of", "set", "is", "it's", "its", "mark", "make", "it", "very", "super", "really",
    "and", "priority",
];

/// Priority words said without "priority" ("urgent", "asap").
pub(crate) const URGENT_WORDS: &[&str] =
    &["urgent", "urgently", "asap", "critical", "important", "blocker", "urgnt", "urgant", "critcal"];

/// Nouns an urgent word qualifies ("urgent task", "critical bug").
pub(crate) const TASK_ITEM_NOUNS: &[&str] = &["task", "tasks", "todo", "to-do", "item", "ticket", "bug"];

/// A status said at a word and the next: the status, how many words it takes, and whether it counts anywhere in
/// the sentence (not only led in by "as", "status:" or at an edge).
pub fn status_words(word: &str, next: &str) -> Option<(&'static str, usize, bool)> {
    Some(match (word, next) {
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
        _ => return None,
    })
}

pub(crate) const STATUS_LEADS: &[&str] = &[
    "as",
    "status",
    "is",
    "it's",
    "its",
    "already",
    "currently",
    "marked",
    "mark",
    "with",
    "now",
    "still",
    "being",
    "set",
    "to",
    "and",
    "it",
];

/// Where a task's title ends and its description starts: "Fix login - users get a 500".
pub(crate) const TITLE_MARKERS: &[&str] =
    &[" description: ", " desc: ", " details: ", " notes: ", " description ", " - ", ": ", " — ", " – ", "; "];

// ---- the words of leaves (kinds/leaves.rs, leave_type.rs) ----------------------------------------------------

/// Words before "off" that make it another verb ("log off", "drop off the parcel").
pub(crate) const OFF_VERBS: &[&str] = &[
    "turn", "switch", "log", "sign", "logged", "signed", "drop", "pay", "back", "kick", "show", "finish", "tick",
    "cross", "call", "print", "send", "set", "cut", "hand", "write", "shut", "top", "cool", "ward", "rip", "tip",
    "sell", "pull", "nod", "doze", "dropped", "dropping", "kicking", "signing", "ticking", "paid", "written",
];

/// Words before "away" that make it something else ("give away", "right away", "put away").
pub(crate) const AWAY_NOT: &[&str] = &[
    "give", "gave", "throw", "threw", "put", "right", "far", "tidy", "clear", "file", "pass", "passed", "straight",
    "tuck", "lock", "pack", "packed", "store", "fade", "walk", "walked", "run", "ran", "take", "took", "move", "moved",
    "blow", "blew", "chip", "chipping", "working", "work", "type", "typing", "fire", "ask", "stay",
];

/// Forms of "be" (and their typos) before "out": "I'm out", "I'll be out", "will be out".
pub(crate) const BE: &[&str] =
    &["be", "i'm", "im", "am", "is", "are", "we're", "were", "being", "been", "was", "i'll", "ill"];

/// "not", "won't", "can't": before "in", "available", "working" they make an absence.
pub(crate) const NEGATIONS: &[&str] = &["not", "won't", "wont", "cannot", "can't", "cant", "isn't", "aren't", "never"];

/// The same before "be": "won't be in", "can't be around".
pub(crate) const NEGATIONS_BEFORE_BE: &[&str] = &["not", "won't", "wont", "cannot", "can't", "cant", "never", "shan't"];

/// "not coming in", "won't get in".
pub(crate) const COMING: &[&str] = &["coming", "come", "going", "go", "getting", "get"];

/// After "in", words that make it no absence ("not in a meeting", "not in time", "not in charge").
pub(crate) const NOT_ABSENT_IN: &[&str] = &["a", "an", "the", "my", "time", "charge"];

/// Words before "leave" that make it the noun ("sick leave", "take leave", "days leave").
pub(crate) const LEAVE_NOUN_BEFORE: &[&str] = &[
    "sick",
    "annual",
    "on",
    "a",
    "casual",
    "my",
    "of",
    "personal",
    "unpaid",
    "paid",
    "maternity",
    "paternity",
    "parental",
    "take",
    "book",
    "request",
    "apply",
    "need",
    "want",
    "add",
    "log",
    "for",
    "days",
    "day",
    "weeks",
    "family",
    "medical",
];

/// Words after "leave" that make it the verb ("leave early", "leave at 4", "leave the office").
pub(crate) const LEAVE_VERB_AFTER: &[&str] =
    &["early", "at", "work", "office", "now", "soon", "by", "the", "home", "it", "here"];

/// Words before "leave" that make it the verb ("need to leave", "I'll leave"), unless a day or one of
/// [`LEAVE_NOUN_AFTER`] follows.
pub(crate) const LEAVE_VERB_BEFORE: &[&str] =
    &["to", "can", "must", "should", "will", "i'll", "gotta", "i", "we", "gonna", "might", "may", "please"];

pub(crate) const LEAVE_NOUN_AFTER: &[&str] = &["on", "from", "for", "request", "application", "next", "this"];

/// Words that name a leave in its reason.
pub(crate) const LEAVE_NOUNS: &[&str] =
    &["leave", "leaves", "absence", "absent", "pto", "ooo", "leav", "day-off", "time-off", "off"];

/// Kinds of leave: "sick leave", "annual leave" keep "leave" in the reason.
pub(crate) const LEAVE_QUALIFIERS: &[&str] = &[
    "sick",
    "annual",
    "casual",
    "maternity",
    "paternity",
    "parental",
    "unpaid",
    "paid",
    "medical",
    "personal",
    "study",
    "compassionate",
    "bereavement",
    "family",
    "emergency",
    "special",
    "earned",
    "privilege",
    "marriage",
    "wedding",
    "sabbatical",
];

/// Words leading an absence in ("won't be", "not coming"), left out of the reason with it.
pub(crate) const ABSENCE_AUX: &[&str] = &["be", "not", "won't", "wont", "can't", "cant", "cannot", "coming", "come"];

/// Words of a team leave type's name that say nothing about which type it is.
pub(crate) const LEAVE_TYPE_GENERIC: &[&str] = &[
    "leave", "leaves", "day", "days", "off", "time", "the", "a", "an", "of", "and", "for", "to", "from", "on", "in",
    "my", "absence", "absent", "away", "out", "request",
];

// ---- the words of meetings (kinds/meetings.rs) ---------------------------------------------------------------

/// Places one makes an appointment at ("dentist at 4 tomorrow").
pub(crate) const APPOINTMENT_PLACES: &[&str] = &[
    "dentist",
    "dentist's",
    "dentists",
    "doctor",
    "doctor's",
    "doctors",
    "gp",
    "vet",
    "vet's",
    "vets",
    "optician",
    "optician's",
    "opticians",
    "physio",
    "physiotherapist",
    "hairdresser",
    "hairdresser's",
    "hairdressers",
    "barber",
    "barber's",
    "barbers",
    "therapist",
    "clinic",
    "orthodontist",
    "counsellor",
    "counselor",
    "dermatologist",
    "chiropractor",
    "osteopath",
    "hygienist",
    "specialist",
    "consultant",
    "haircut",
    "massage",
    "checkup",
    "check-up",
    "x-ray",
    "xray",
    "vaccination",
    "jab",
    "mot",
];

/// Events that are meetings when they have a time ("design review", "all hands", "check-in").
pub(crate) const EVENT_NOUNS: &[&str] = &[
    "review",
    "planning",
    "demo",
    "retro",
    "presentation",
    "briefing",
    "debrief",
    "workshop",
    "training",
    "session",
    "kickoff",
    "kick-off",
    "onboarding",
    "appraisal",
    "walkthrough",
    "brainstorm",
    "offsite",
    "check-in",
    "checkin",
    "all-hands",
    "townhall",
    "town-hall",
    "consultation",
    "viewing",
    "screening",
    "seminar",
    "lecture",
    "class",
    "hearing",
    "interview",
    "showcase",
    "sprint",
];

/// Calls and appointments: a meeting when the sentence has a time ("call the plumber at 8:30").
pub(crate) const MEETING_EVENTS: &[&str] = &[
    "appointment",
    "appointments",
    "appt",
    "appts",
    "call",
    "calls",
    "phone",
    "zoom",
    "skype",
    "facetime",
    "webex",
    "videocall",
    "video-call",
    "conference",
];

/// Determiners of an object: after one an event noun is the verb of a to-do ("review the PR").
pub(crate) const DETERMINERS: &[&str] = &["the", "a", "an", "my", "our", "this", "that", "their", "his", "her"];

/// Words before a verb ("to review", "please review").
pub(crate) const BEFORE_A_VERB: &[&str] =
    &["to", "please", "and", "must", "should", "will", "i'll", "need", "can", "could", "pls"];

/// What may follow an event noun that opens the sentence for it to stay a noun ("review with", "demo at 3").
pub(crate) const EVENT_FOLLOWERS: &[&str] = &["", "with", "at", "on", "for", "about", "from", "tomorrow", "today", "-"];

/// A meeting with someone: "call with Alex", "sync with marketing", "1:1 with Sam".
pub(crate) const MEETING_WITH_NOUNS: &[&str] = &[
    "call",
    "chat",
    "sync",
    "meet",
    "huddle",
    "session",
    "discussion",
    "catchup",
    "catch-up",
    "call,",
    "zoom",
    "skype",
    "facetime",
    "check-in",
    "checkin",
    "appointment",
    "appt",
    "1:1",
    "one-on-one",
    "1-on-1",
    "videocall",
];

/// Verbs of a meeting ("chat about", "catch up", "review on").
pub(crate) const MEETING_VERBS: &[&str] = &[
    "call",
    "chat",
    "meet",
    "catch",
    "sync",
    "talk",
    "discussion",
    "session",
    "demo",
    "presentation",
    "workshop",
    "review",
    "appointment",
];

pub(crate) const AFTER_MEETING_VERB: &[&str] = &["with", "about", "up", "on", "re"];

/// "a call", "client call", "weekly standup".
pub(crate) const CALL_WORDS: &[&str] = &["call", "demo", "presentation", "workshop", "standup", "training", "session"];

pub(crate) const CALL_QUALIFIERS: &[&str] =
    &["a", "the", "team", "client", "video", "zoom", "teams", "conference", "phone", "weekly", "daily"];

/// Gatherings that are meetings.
pub(crate) const GATHERINGS: &[&str] =
    &["demo", "presentation", "workshop", "webinar", "seminar", "training", "conference", "briefing"];

/// The words before a meeting's topic ("about the budget", "re: hiring", "to discuss the roadmap"): its title.
pub(crate) const TOPIC_MARKERS: &[&str] = &["about", "regarding", "re", "re:", "concerning", "discussing"];

/// Two words before a meeting's topic ("to discuss the roadmap", "to talk about").
pub(crate) const TOPIC_MARKER_PAIRS: &[(&str, &str)] =
    &[("to", "discuss"), ("to", "review"), ("to", "plan"), ("talk", "about"), ("chat", "about")];

/// The words a meeting's topic ends before: who else comes ("about the budget with Sam").
pub(crate) const TOPIC_ENDS: &[&str] =
    &["with", "and", "for", "at", "on", "in", "from", "between", "tomorrow", "today"];

/// The words the people invited follow ("with Sam", "invite Lee", "1:1 w/ Ana").
pub(crate) const INVITE_CUES: &[&str] = &["with", "w/", "invite", "inviting", "including", "plus", "cc"];

/// The words between the names of a list of people ("with Sam, Lee and Ana", "Sam & Lee").
pub(crate) const NAME_JOINERS: &[&str] = &["and", "&", "+", ",", "or", "also"];

// ---- the words of checklist items (kinds/checklist.rs) -------------------------------------------------------

/// The prepositions before a list: "to my checklist", "on the to-do list".
pub(crate) const LIST_PREPOSITIONS: &[&str] = &["to", "on", "in", "onto", "into", "for"];

/// Words between the preposition and the list: "to my daily checklist".
pub(crate) const LIST_OWNERS: &[&str] = &["my", "the", "our", "today's", "todays", "daily", "personal", "work"];

/// The checklist by name, typos included.
pub(crate) const CHECKLIST_NAMES: &[&str] = &["checklist", "check-list", "cheklist", "checlist", "checklists"];

/// Lists named by what they hold: "to-do list", "feature list".
pub(crate) const NAMED_LISTS: &[&str] = &["to-do", "todo", "task", "tasks", "feature", "features"];

/// Words that name a checklist item in its text.
pub(crate) const ITEM_NOUNS: &[&str] = &["item", "items", "entry", "point", "line"];

/// After "feature": "feature request", "feature idea".
pub(crate) const FEATURE_NOUNS: &[&str] = &["list", "task", "item", "request", "requests", "idea"];

// ---- the words left over: titles, reasons, descriptions (text.rs) --------------------------------------------

pub(crate) const POLITE: &[&str] = &[
    "please", "pls", "plz", "plse", "kindly", "hey", "hi", "hello", "ok", "okay", "so", "buddy", "just", "also", "yo",
    "hmm", "um", "uh", "oh", "well", "quickly", "now", "then", "again", "actually", "btw", "today",
];

/// Openings said to the assistant, longest first.
pub(crate) const OPENINGS: &[&str] = &[
    "i would like to",
    "i'd like to",
    "i want to",
    "i wanna",
    "i need to",
    "i have to",
    "i've got to",
    "i got to",
    "i gotta",
    "i must",
    "i should",
    "i'm going to",
    "im going to",
    "i am going to",
    "i'm gonna",
    "im gonna",
    "i will",
    "i'll",
    "we need to",
    "we have to",
    "we should",
    "we must",
    "need to",
    "have to",
    "got to",
    "gotta",
    "going to",
    "gonna",
    "want to",
    "wanna",
    "would like to",
    "remind me to",
    "remind me",
    "i forgot to",
    "forgot to",
    "remember to",
    "don't forget to",
    "dont forget to",
    "do not forget to",
    "would you mind",
    "do you mind",
    "would you be able to",
    "could you be able to",
    "are you able to",
    "can you",
    "could you",
    "would you",
    "will you",
    "can u",
    "could u",
    "let's",
    "lets",
    "let me",
    "help me",
    "i am",
    "i'm",
    "im",
    "i've",
    "ive",
    "i",
    "we",
    "we're",
    "note to self",
    "please",
    "make sure to",
    "make sure i",
    "try to",
    "can i",
    "could i",
    "may i",
    "should i",
    "for me",
];

/// Verbs that only ever act on the record ("add", "log"), stripped wherever they open the sentence.
pub(crate) const RECORD_VERBS: &[&str] = &[
    "add", "create", "log", "logging", "put", "insert", "enter", "register", "save", "jot", "new", "adding",
    "creating", "creat", "craete", "ad",
];

/// Verbs that open a to-do as often as a command ("book a flight", "schedule the release", "submit the report"):
/// stripped only when the record itself follows ("book a meeting", "take a coffee break").
pub(crate) const COMMAND_VERBS: &[&str] = &[
    "book", "plan", "schedule", "arrange", "organise", "organize", "take", "taking", "took", "had", "have", "having",
    "grab", "grabbed", "grabbing", "start", "starting", "started", "go", "going", "went", "get", "getting", "need",
    "want", "block", "reserve", "hold", "do", "doing", "enjoy", "enjoyed", "be", "been", "will", "am", "was", "is",
    "submit", "request", "apply", "record", "note", "track", "set", "setup", "mark", "make",
];

pub(crate) const DETS: &[&str] = &[
    "a", "an", "the", "my", "our", "another", "some", "one", "this", "that", "me", "us", "up", "down", "in", "on",
    "off", "for", "out",
];

pub(crate) const ADJ: &[&str] =
    &["new", "quick", "small", "little", "short", "brief", "long", "daily", "personal", "few"];

/// After the command, these open no text: "add the ...", "book me ...".
pub(crate) const AFTER_COMMAND: &[&str] = &["the", "my", "this", "some", "me", "us"];

pub(crate) const CONNECTORS: &[&str] = &[
    "to",
    "for",
    "called",
    "named",
    "titled",
    "saying",
    "that",
    "because",
    "cause",
    "coz",
    "cuz",
    "since",
    "as",
    "reason",
    "regarding",
    "re",
    "about",
    "so",
    "which",
    "is",
    "due",
    "of",
    "being",
    "bc",
    "b/c",
    "-",
    "and",
    "on",
    "at",
    "from",
];

pub(crate) const TRAILING: &[&str] = &[
    "please",
    "pls",
    "plz",
    "thanks",
    "thank",
    "you",
    "thx",
    "ty",
    "ok",
    "okay",
    "to",
    "for",
    "on",
    "at",
    "in",
    "of",
    "with",
    "from",
    "by",
    "and",
    "or",
    "the",
    "a",
    "an",
    "my",
    "due",
    "starting",
    "until",
    "till",
    "between",
    "as",
    "is",
    "it",
    "-",
    "me",
    "today",
    "now",
    "asap",
    "again",
    "also",
    "too",
    "then",
    "lasting",
    "around",
    "about",
    "would",
    "be",
    "great",
    "cheers",
    "starts",
    "start",
    "begins",
    "ending",
    "ends",
    "scheduled",
    "deadline",
];

pub(crate) const TRAILING_LEAVE: &[&str] = &[
    "take", "taking", "need", "want", "have", "get", "book", "request", "be", "will", "i'll", "won't", "wont", "not",
    "can't", "cant", "cannot",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typo_tolerance_keeps_to_plausible_slips() {
        assert!(close("cofffee", "coffee"));
        assert!(close("meetign", "meeting"));
        assert!(close("chekclist", "checklist"));
        assert!(!close("talk", "task"));
        assert!(!close("bread", "break"));
        assert!(!close("ask", "task"));
    }

    #[test]
    fn numbers_in_words_and_digits() {
        assert_eq!(number("forty-five"), Some(45));
        assert_eq!(number("20"), Some(20));
        assert_eq!(ordinal("3rd"), Some(3));
        assert_eq!(ordinal("32nd"), None);
        assert_eq!(weekday("wensday"), Some(Weekday::Wed));
        assert_eq!(weekday("thursdday"), Some(Weekday::Thu));
    }

    #[test]
    fn break_type_concepts() {
        assert_eq!(concept_of("cofee").map(|c| c.canonical), Some("Coffee Break"));
        assert_eq!(concept_of("smoke").map(|c| c.canonical), Some("Cigarette"));
        assert_eq!(concept_of("lunhc").map(|c| c.canonical), Some("Lunch Break"));
        assert!(concept_of("meeting").is_none());
    }
}
