//! Checklist items: the words that ask for one ("add milk to my checklist", "checklist: ...", features), the lists
//! a sentence puts something on, and the fields of an item (its text, day, and whether it is a feature).

use serde::{Deserialize, Serialize};

use super::super::lexer::Tok;
use super::super::proposal::{ymd, Draft, Proposal};
use super::super::vocab::{self, Kind};
use super::super::vocab::{CHECKLIST_NAMES, FEATURE_NOUNS, ITEM_NOUNS, LIST_OWNERS, LIST_PREPOSITIONS, NAMED_LISTS};
use super::{Hint, Sentence};

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChecklistFields {
    pub task: String,
    pub status: bool,
    pub created_date: String,
    pub is_feature: bool,
}

// ---- how a sentence asks for a checklist item ----------------------------------------------------------------

/// The list it goes on (the second test of a record kind): "to my checklist", "on the feature list"; "on my to-do
/// list" is a task, "in my calendar" a meeting when the sentence names one.
pub fn list_named(w: &[&str]) -> Option<Kind> {
    for (i, word) in w.iter().enumerate() {
        if !LIST_PREPOSITIONS.contains(word) {
            continue;
        }
        let mut j = i + 1;
        while j < w.len() && LIST_OWNERS.contains(&w[j]) {
            j += 1;
        }
        match (w.get(j).copied(), w.get(j + 1).copied()) {
            (Some(x), _) if CHECKLIST_NAMES.contains(&x) => return Some(Kind::Checklist),
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
    None
}

/// Strong: "check list".
pub fn check_list(s: &Sentence, i: usize) -> Hint {
    (s.w[i] == "list" && s.before(i, 1) == "check").then(|| (i - 1, Kind::Checklist))
}

/// Weak: "add feature: dark mode": features are kept in the checklist.
pub fn feature_word(s: &Sentence, i: usize) -> Option<Kind> {
    (matches!(s.w[i], "feature" | "features") && i < 3).then_some(Kind::Checklist)
}

/// The word that names a checklist item in its text ("checklist", "item", "check list"), left out of it.
pub fn noun(w: &str, next: &str) -> bool {
    vocab::kind_noun(w) == Some(Kind::Checklist)
        || ITEM_NOUNS.contains(&w)
        || (w == "check" && next == "list")
        || (w == "list" && next.is_empty())
}

// ---- the fields of a checklist item --------------------------------------------------------------------------

pub fn fields(d: &mut Draft) -> Proposal {
    let day = d.when.day(d.today);
    let is_feature = take_feature(d.toks, &mut d.used);
    let task = d.text(Kind::Checklist);
    Proposal::Checklist(ChecklistFields { task, status: false, created_date: ymd(day), is_feature })
}

/// "feature", "feature request", "as a feature": the item is a feature. Marks the words used.
fn take_feature(toks: &[Tok], used: &mut [bool]) -> bool {
    for i in 0..toks.len() {
        if !used[i] && matches!(toks[i].low.as_str(), "feature" | "features" | "feature-list") {
            used[i] = true;
            if toks.get(i + 1).is_some_and(|t| FEATURE_NOUNS.contains(&t.low.as_str())) {
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

/// The list a checklist item or task goes on ("to my checklist", "on my to-do list"), left out of its text.
pub fn drop_list(toks: &[Tok], items: &mut Vec<usize>) {
    let low = |i: usize| toks[i].low.as_str();
    let mut k = 0;
    while k < items.len() {
        if LIST_PREPOSITIONS.contains(&low(items[k])) {
            let mut j = k + 1;
            while j < items.len() && LIST_OWNERS.contains(&low(items[j])) {
                j += 1;
            }
            let end = match (items.get(j).map(|&x| low(x)), items.get(j + 1).map(|&x| low(x))) {
                (Some("check"), Some("list")) => Some(j + 2),
                (Some(w), Some("list")) if NAMED_LISTS.contains(&w) => Some(j + 2),
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
