//! Tasks: the words that ask for one ("remind me to ...", "fix the login bug"), and the fields of a task (title and
//! description, day, priority and status).

use serde::{Deserialize, Serialize};

use super::super::lexer::Tok;
use super::super::proposal::{ymd, Draft, Proposal};
use super::super::text::{at_edge, capitalise, join, mark, mark_leads, next_word, prev_word, quoted_texts};
use super::super::vocab::{self, Kind};
use super::super::vocab::{
    PRIORITY_GLUE, PRIORITY_LEADS, PRIORITY_NOUNS, STATUS_LEADS, TASK_ITEM_NOUNS, TASK_NOUNS, TASK_VERBS,
    TITLE_MARKERS, URGENT_WORDS,
};
use super::Sentence;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskFields {
    pub title: String,
    pub description: String,
    pub scheduled: String,
    pub status: String,
    pub priority: String,
}

// ---- how a sentence asks for a task --------------------------------------------------------------------------

/// Weak: "remind", "remember", "todo"; "need", "have", "must", "forget" among the first words.
pub fn reminder_word(s: &Sentence, i: usize) -> Option<Kind> {
    let word = s.w[i];
    (matches!(word, "remind" | "remember" | "todo") || (matches!(word, "need" | "have" | "must" | "forget") && i < 3))
        .then_some(Kind::Task)
}

/// Weak: a to-do's verb first ("fix the printer"), not one asked of the assistant ("book me a flight", "write me a
/// poem").
pub fn opening_verb(s: &Sentence, i: usize) -> Option<Kind> {
    (i == 0 && TASK_VERBS.contains(&s.w[i]) && !matches!(s.word(i + 1), "me" | "us")).then_some(Kind::Task)
}

/// The word that names a task in its title, left out of it.
pub fn noun(w: &str) -> bool {
    TASK_NOUNS.contains(&w) || (vocab::kind_noun(w) == Some(Kind::Task) && w.len() > 3)
}

// ---- the fields of a task ------------------------------------------------------------------------------------

pub fn fields(d: &mut Draft) -> Proposal {
    let day = d.when.day(d.today);
    let priority = take_priority(d.toks, &mut d.used).unwrap_or("Normal");
    let status = take_status(d.toks, &mut d.used).unwrap_or("To Do");
    let (title, description) = match d.quote {
        // A second quoted text is the description: 'Fix login' description 'users get a 500'.
        Some(q) => (
            q.to_string(),
            quoted_texts(d.msg, d.toks)
                .1
                .get(1)
                .cloned()
                .or_else(|| described(d.msg, d.toks, &d.used))
                .unwrap_or_default(),
        ),
        None => split_title(&d.rest(Kind::Task)),
    };
    Proposal::Task(TaskFields {
        title,
        description,
        scheduled: ymd(day),
        status: status.into(),
        priority: priority.into(),
    })
}

/// The task's priority: "high priority", "priority: low", "high-priority", or a priority word on its own
/// ("urgent"). Marks the words used.
pub fn take_priority(toks: &[Tok], used: &mut [bool]) -> Option<&'static str> {
    for i in 0..toks.len() {
        if used[i] || toks[i].punct {
            continue;
        }
        if let Some(p) = priority_phrase(toks, used, i) {
            return Some(p);
        }
    }
    priority_alone(toks, used)
}

/// "high-priority", "high priority", "priority is high" at `i`.
fn priority_phrase(toks: &[Tok], used: &mut [bool], i: usize) -> Option<&'static str> {
    let w = toks[i].low.as_str();
    if let Some((adj, "priority" | "prio" | "pri")) = w.split_once('-') {
        if let Some(p) = vocab::priority_word(adj) {
            used[i] = true;
            mark_leads(toks, used, i, PRIORITY_LEADS);
            return Some(p);
        }
    }
    if !PRIORITY_NOUNS.contains(&w) {
        return None;
    }
    if let Some(p) = prev_word(toks, used, i) {
        if let Some(v) = vocab::priority_word(&toks[p].low) {
            mark(used, p, i);
            mark_leads(toks, used, p, PRIORITY_LEADS);
            return Some(v);
        }
    }
    let mut q = i + 1;
    while q < toks.len() && (toks[q].punct || PRIORITY_GLUE.contains(&toks[q].low.as_str())) {
        q += 1;
    }
    let v = toks.get(q).and_then(|t| vocab::priority_word(&t.low))?;
    mark(used, i, q);
    mark_leads(toks, used, i, PRIORITY_LEADS);
    Some(v)
}

/// "urgent", "asap", "critical" without "priority": the task's priority, left in the title when it is part of it
/// ("fix the critical login bug").
fn priority_alone(toks: &[Tok], used: &mut [bool]) -> Option<&'static str> {
    for i in 0..toks.len() {
        if used[i] || toks[i].punct {
            continue;
        }
        let w = toks[i].low.as_str();
        if URGENT_WORDS.contains(&w) {
            let v = vocab::priority_word(w)?;
            let lead = prev_word(toks, used, i)
                .is_some_and(|p| PRIORITY_LEADS.contains(&toks[p].low.as_str()) && toks[p].low != "a");
            let before_noun = next_word(toks, used, i).is_some_and(|n| TASK_ITEM_NOUNS.contains(&toks[n].low.as_str()));
            if at_edge(toks, used, i) || lead || before_noun || w == "asap" || w == "urgently" {
                used[i] = true;
                mark_leads(toks, used, i, PRIORITY_LEADS);
            }
            return Some(v);
        }
    }
    None
}

/// The task's status: "in progress", "mark as done", "status: blocked". Marks the words used.
pub fn take_status(toks: &[Tok], used: &mut [bool]) -> Option<&'static str> {
    let low = |i: usize| toks.get(i).map_or("", |t| t.low.as_str());
    for i in 0..toks.len() {
        if used[i] || toks[i].punct {
            continue;
        }
        let Some((status, len, anywhere)) = vocab::status_words(low(i), low(i + 1)) else {
            continue;
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

/// "Fix login - users get a 500" → title and description.
pub fn split_title(text: &str) -> (String, String) {
    for marker in TITLE_MARKERS {
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
    use crate::understand::text::rest;

    fn priority_and_status(msg: &str) -> (Option<&'static str>, Option<&'static str>, String) {
        let toks = tokenize(msg);
        let mut used = vec![false; toks.len()];
        let p = take_priority(&toks, &mut used);
        let s = take_status(&toks, &mut used);
        (p, s, rest(msg, &toks, &used, Kind::Task))
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
}
