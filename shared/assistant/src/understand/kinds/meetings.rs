//! Meetings: the words that ask for one ("meeting", "call with Alex", "dentist appointment at 9:30", "design review
//! Friday 4-5"), and the fields of a meeting (day, start and end, description, title, and the teammates it names).

use serde::{Deserialize, Serialize};

use super::super::datetime::hhmm;
use super::super::lexer::Tok;
use super::super::proposal::{ymd, Draft, Proposal};
use super::super::text::capitalise;
use super::super::vocab::{self, Kind};
use super::super::vocab::{
    AFTER_MEETING_VERB, APPOINTMENT_PLACES, BEFORE_A_VERB, CALL_QUALIFIERS, CALL_WORDS, DETERMINERS, EVENT_FOLLOWERS,
    EVENT_NOUNS, GATHERINGS, INVITE_CUES, MEETING_EVENTS, MEETING_VERBS, MEETING_WITH_NOUNS, NAME_JOINERS, TOPIC_ENDS,
    TOPIC_MARKERS, TOPIC_MARKER_PAIRS,
};
use super::super::TeamMember;
use super::{Hint, Sentence};

/// The longest title proposed (the meeting form's limit, `meetings::MAX_TITLE_CHARS`).
const MAX_TITLE_CHARS: usize = 120;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MeetingFields {
    /// A short name: the topic ("Budget" from "about the budget"), else the description when it is short.
    #[serde(default)]
    pub title: String,
    pub from: String,
    pub to: String,
    pub schedule_date: String,
    pub description: String,
    /// The user ids of the teammates the sentence names, each matched by first name or full name.
    #[serde(default)]
    pub attendees: Vec<String>,
    /// A name said that more than one teammate has ("with Sam" in a team of two Sams): none of them is invited,
    /// and the reply asks which one is meant. Not part of the proposal's fields.
    #[serde(skip)]
    pub unclear: Vec<NameChoice>,
}

/// A name that fits several teammates, and who they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameChoice {
    /// As typed ("Sam").
    pub said: String,
    pub members: Vec<TeamMember>,
}

// ---- how a sentence asks for a meeting -----------------------------------------------------------------------

/// A meeting said by what it is, at `i`: an appointment, a call (also "call the plumber", with its time), a
/// video call ("zoom with the agency"), a visit ("dentist"), a named event ("design review", "all hands", "lunch
/// and learn"). Read only when the sentence has a time of day. Gives the position it starts at.
fn meeting_event_at(w: &[&str], i: usize) -> Option<usize> {
    let word = w[i];
    let prev = if i > 0 { w[i - 1] } else { "" };
    let next = w.get(i + 1).copied().unwrap_or("");
    match word {
        _ if MEETING_EVENTS.contains(&word) => Some(i),
        _ if APPOINTMENT_PLACES.contains(&word) => Some(i),
        // "all hands", "town hall", "lunch and learn"
        "hands" if prev == "all" => Some(i - 1),
        "hall" if prev == "town" => Some(i - 1),
        "learn" if prev == "and" && i > 1 && vocab::concept_of(w[i - 2]).is_some() => Some(i - 2),
        // A noun, not the verb of a to-do ("review the PR at 3pm", "please review PR 42 at 3").
        _ if EVENT_NOUNS.contains(&word) => {
            let object = DETERMINERS.contains(&next);
            let modal = BEFORE_A_VERB.contains(&prev);
            let opens = i == 0
                && !EVENT_FOLLOWERS.contains(&next)
                && vocab::weekday(next).is_none()
                && !next.starts_with(|c: char| c.is_ascii_digit());
            (!(object || modal || opens)).then_some(i)
        }
        _ => None,
    }
}

/// "call with Alex", "catch up with Lee", "sync with marketing": a meeting.
pub fn meeting_with(w: &[&str], i: usize) -> bool {
    let next = w.get(i + 1).copied().unwrap_or("");
    let next2 = w.get(i + 2).copied().unwrap_or("");
    match w[i] {
        x if MEETING_WITH_NOUNS.contains(&x) => next == "with" || (next == "up" && next2 == "with"),
        "catch" => next == "up" && matches!(next2, "with" | "call" | "meeting"),
        "check" => next == "in" && next2 == "with",
        _ => false,
    }
}

/// Strong: "call with Alex", "catch up with Lee".
pub fn with_someone(s: &Sentence, i: usize) -> Hint {
    meeting_with(s.w, i).then_some((i, Kind::Meeting))
}

/// Strong: "one on one", "one 1 one".
pub fn one_on_one(s: &Sentence, i: usize) -> Hint {
    (matches!(s.w[i], "on" | "1") && s.before(i, 1) == "one" && s.word(i + 1) == "one").then(|| (i - 1, Kind::Meeting))
}

/// Strong: "dentist appointment tomorrow at 9:30", "sales call 2-2:45", "sprint review Friday 4-5": an event at a
/// time of day is a meeting.
pub fn event_at_a_time(s: &Sentence, i: usize) -> Hint {
    if !s.cues.time {
        return None;
    }
    meeting_event_at(s.w, i).map(|at| (at, Kind::Meeting))
}

/// Weak: "appointment".
pub fn appointment_word(s: &Sentence, i: usize) -> Option<Kind> {
    matches!(s.w[i], "appointment" | "appointments" | "appt").then_some(Kind::Meeting)
}

/// Weak: "chat about the budget", "catch up", "review on Friday".
pub fn verb_with(s: &Sentence, i: usize) -> Option<Kind> {
    (MEETING_VERBS.contains(&s.w[i]) && AFTER_MEETING_VERB.contains(&s.word(i + 1)) && i > 0).then_some(Kind::Meeting)
}

/// Weak: "a call", "client call", "weekly standup".
pub fn call_word(s: &Sentence, i: usize) -> Option<Kind> {
    (CALL_WORDS.contains(&s.w[i]) && i > 0 && CALL_QUALIFIERS.contains(&s.before(i, 1))).then_some(Kind::Meeting)
}

/// Weak: "demo", "workshop", "webinar".
pub fn gathering_word(s: &Sentence, i: usize) -> Option<Kind> {
    GATHERINGS.contains(&s.w[i]).then_some(Kind::Meeting)
}

// ---- the fields of a meeting ---------------------------------------------------------------------------------

pub fn fields(d: &mut Draft) -> Proposal {
    let day = d.when.day(d.today);
    let (mut start, mut end) = d.when.times();
    let now_min = d.now_min;
    if d.when.now {
        start = start.or(Some(now_min));
    }
    if let Some(&(length, from_now)) = d.when.durations.first() {
        if from_now && start.is_none() {
            start = Some(now_min + length);
        } else if let (Some(s), None) = (start, end) {
            end = Some(s + length);
        } else if let (None, Some(e)) = (start, end) {
            start = e.checked_sub(length);
        }
    }
    let description = d.text(Kind::Meeting);
    let (attendees, unclear) = people(d.toks, &d.ctx.members);
    Proposal::Meeting(MeetingFields {
        title: title(&description),
        from: start.map(hhmm).unwrap_or_default(),
        to: end.map(hhmm).unwrap_or_default(),
        schedule_date: ymd(day),
        description,
        attendees,
        unclear,
    })
}

// ---- the title -------------------------------------------------------------------------------------------------

/// A word as compared: lower case, without the punctuation around it.
fn bare(word: &str) -> String {
    word.trim_matches(|c: char| !c.is_alphanumeric() && c != '/' && c != ':').to_lowercase()
}

/// The meeting's title, from its description: the topic after "about", "regarding", "re:" or "to discuss" up to
/// whoever comes or when ("Meeting with Sam about the budget" → "Budget"); else the description itself when it is
/// short enough to be a title; else nothing.
pub fn title(description: &str) -> String {
    let words: Vec<&str> = description.split_whitespace().collect();
    let low: Vec<String> = words.iter().map(|w| bare(w)).collect();
    let marker = (0..words.len()).find_map(|i| {
        let pair = low.get(i + 1).is_some_and(|next| TOPIC_MARKER_PAIRS.contains(&(low[i].as_str(), next.as_str())));
        if pair {
            Some(i + 2)
        } else {
            TOPIC_MARKERS.contains(&low[i].as_str()).then_some(i + 1)
        }
    });
    if let Some(mut k) = marker {
        while k < words.len() && DETERMINERS.contains(&low[k].as_str()) {
            k += 1;
        }
        let mut topic: Vec<&str> = Vec::new();
        for (word, l) in words.iter().zip(&low).skip(k) {
            if TOPIC_ENDS.contains(&l.as_str()) || vocab::weekday(l).is_some() {
                break;
            }
            topic.push(word);
            // "about the budget, then lunch": a clause ends the topic.
            if word.ends_with([',', ';', '.', '!', '?']) {
                break;
            }
        }
        let topic = topic.join(" ");
        let topic = topic.trim_end_matches([',', ';', '.', '!', '?', ':', '-']).trim();
        if !topic.is_empty() && topic.chars().count() <= MAX_TITLE_CHARS {
            return capitalise(topic);
        }
    }
    if description.chars().count() <= MAX_TITLE_CHARS {
        description.to_string()
    } else {
        String::new()
    }
}

// ---- the people invited ------------------------------------------------------------------------------------------

/// The parts of a name as compared ("Sam Carter" → ["sam", "carter"]).
fn parts(name: &str) -> Vec<String> {
    name.split_whitespace().map(bare).filter(|p| !p.is_empty()).collect()
}

/// The teammates the sentence names: a full name anywhere ("Sam Carter"), a first name or a one-word name after
/// "with", "invite" and the like, and the names listed with it ("with Sam, Lee and Ana"). Case does not matter. A
/// first name several teammates have invites none of them: it is returned with who they are.
pub fn people(toks: &[Tok], members: &[TeamMember]) -> (Vec<String>, Vec<NameChoice>) {
    let mut ids: Vec<String> = Vec::new();
    let mut unclear: Vec<NameChoice> = Vec::new();
    if members.is_empty() {
        return (ids, unclear);
    }
    let words: Vec<String> = toks.iter().map(|t| bare(&t.low)).collect();
    let names: Vec<(usize, Vec<String>)> = members.iter().enumerate().map(|(n, m)| (n, parts(&m.name))).collect();
    let full_at = |i: usize| -> Vec<usize> {
        let longest = names
            .iter()
            .filter(|(_, p)| p.len() > 1 && words.get(i..i + p.len()).is_some_and(|w| w == p.as_slice()))
            .map(|(_, p)| p.len())
            .max();
        longest.map_or_else(Vec::new, |len| {
            names.iter().filter(|(_, p)| p.len() == len && words[i..].starts_with(p)).map(|(n, _)| *n).collect()
        })
    };
    let first_at = |i: usize| -> Vec<usize> {
        names.iter().filter(|(_, p)| p.first().is_some_and(|f| *f == words[i])).map(|(n, _)| *n).collect()
    };
    let mut add = |found: Vec<usize>, said: &str| match found.as_slice() {
        [] => {}
        [one] => {
            let id = &members[*one].user_id;
            if !ids.contains(id) {
                ids.push(id.clone());
            }
        }
        many => {
            if !unclear.iter().any(|c| c.said.eq_ignore_ascii_case(said)) {
                unclear.push(NameChoice {
                    said: said.to_string(),
                    members: many.iter().map(|&n| members[n].clone()).collect(),
                });
            }
        }
    };
    let mut i = 0;
    // After a cue, the names of a list; a word that is neither a name nor a joiner ends it.
    let mut listing = false;
    while i < toks.len() {
        let full = full_at(i);
        if !full.is_empty() {
            let len = parts(&members[full[0]].name).len();
            let said = toks[i..i + len].iter().map(|t| t.text.as_str()).collect::<Vec<_>>().join(" ");
            add(full, said.trim_matches(|c: char| !c.is_alphanumeric()));
            i += len;
            continue;
        }
        let w = words[i].as_str();
        if listing {
            let first = first_at(i);
            if !first.is_empty() {
                add(first, toks[i].text.trim_matches(|c: char| !c.is_alphanumeric()));
            } else if !(NAME_JOINERS.contains(&w) || w.is_empty() || toks[i].punct) {
                listing = INVITE_CUES.contains(&w);
            }
        } else {
            listing = INVITE_CUES.contains(&w);
        }
        i += 1;
    }
    (ids, unclear)
}

#[cfg(test)]
mod tests {
    use super::super::super::{understand, Context, Proposal, TeamMember};
    use super::*;
    use chrono::TimeZone;

    const SAM_CARTER: &str = "01HZX3Y8Q2W5E7R9T1V3B5NSA1";
    const SAM_LEE: &str = "01HZX3Y8Q2W5E7R9T1V3B5NSA2";
    const LEE_PARK: &str = "01HZX3Y8Q2W5E7R9T1V3B5NPE1";
    const ANA: &str = "01HZX3Y8Q2W5E7R9T1V3B5NAN1";

    fn ctx(members: &[(&str, &str)]) -> Context {
        let now = chrono_tz::Europe::London.with_ymd_and_hms(2026, 3, 11, 10, 30, 0).unwrap();
        Context::new(now, vec!["Coffee Break".into()])
            .with_members(members.iter().map(|(id, name)| TeamMember::new(*id, *name)).collect())
    }

    fn meeting(msg: &str, ctx: &Context) -> MeetingFields {
        match understand(msg, ctx).proposal {
            Some(Proposal::Meeting(m)) => m,
            other => panic!("{msg}: {other:?}"),
        }
    }

    #[test]
    fn the_topic_is_the_title() {
        let team = ctx(&[(SAM_CARTER, "Sam Carter"), (ANA, "Ana")]);
        let m = meeting("meeting with sam friday 2-3pm about the budget", &team);
        assert_eq!(m.title, "Budget");
        assert_eq!((m.from.as_str(), m.to.as_str(), m.schedule_date.as_str()), ("14:00", "15:00", "2026-03-13"));
        assert_eq!(m.attendees, vec![SAM_CARTER.to_string()]);
        assert_eq!(title("Call with Lee regarding the Q3 roadmap, then lunch"), "Q3 roadmap");
        assert_eq!(title("Sync to discuss hiring with Ana"), "Hiring");
        assert_eq!(title("Re: offsite plans"), "Offsite plans");
        // No topic: a short description is the title; a long one is no title at all.
        assert_eq!(title("Team standup"), "Team standup");
        assert_eq!(title(""), "");
        assert_eq!(title(&"word ".repeat(40)), "");
    }

    #[test]
    fn teammates_named_are_invited_by_first_or_full_name() {
        let team = ctx(&[(SAM_CARTER, "Sam Carter"), (LEE_PARK, "Lee Park"), (ANA, "Ana")]);
        let m = meeting("call with Sam, LEE and ana tomorrow at 10", &team);
        assert_eq!(m.attendees, vec![SAM_CARTER.to_string(), LEE_PARK.to_string(), ANA.to_string()]);
        assert!(m.unclear.is_empty());
        let m = meeting("design review friday 4-5, invite lee park", &team);
        assert_eq!(m.attendees, vec![LEE_PARK.to_string()]);
        // A full name is a name anywhere; a first name only where people are listed.
        let m = meeting("lee park and I meet friday 4-5", &team);
        assert_eq!(m.attendees, vec![LEE_PARK.to_string()]);
        let m = meeting("meeting with the design team tomorrow from 2 to 3pm about ana's onboarding", &team);
        assert!(m.attendees.is_empty(), "{m:?}");
        // Nobody of that name: nobody invited.
        let m = meeting("meeting with Bob friday 2-3pm", &team);
        assert!(m.attendees.is_empty() && m.unclear.is_empty());
    }

    #[test]
    fn a_name_two_teammates_share_is_asked_about_not_guessed() {
        let team = ctx(&[(SAM_CARTER, "Sam Carter"), (SAM_LEE, "Sam Lee"), (ANA, "Ana")]);
        let m = meeting("meeting with Sam and Ana friday 2-3pm about the budget", &team);
        assert_eq!(m.attendees, vec![ANA.to_string()]);
        assert_eq!(m.unclear.len(), 1);
        assert_eq!(m.unclear[0].said, "Sam");
        let names: Vec<&str> = m.unclear[0].members.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Sam Carter", "Sam Lee"]);
        // The full name settles it.
        let m = meeting("meeting with sam lee friday 2-3pm", &team);
        assert_eq!((m.attendees, m.unclear), (vec![SAM_LEE.to_string()], vec![]));
    }
}
