//! The text of a record as the person typed it: quoted text, and the words left over once dates, times, the type
//! and the command are taken out (the title of a task, the reason of a break or leave, the description of a
//! meeting, the text of a checklist item).

use super::kinds::{self, checklist, leaves};
use super::lexer::Tok;
use super::vocab::{self, Kind};
use super::vocab::{
    ADJ, AFTER_COMMAND, COMMAND_VERBS, CONNECTORS, DETS, OPENINGS, POLITE, RECORD_VERBS, TRAILING, TRAILING_LEAVE,
};

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

pub fn prev_word(toks: &[Tok], used: &[bool], i: usize) -> Option<usize> {
    (0..i).rev().find(|&k| !used[k] && !toks[k].punct)
}

pub fn next_word(toks: &[Tok], used: &[bool], i: usize) -> Option<usize> {
    (i + 1..toks.len()).find(|&k| !used[k] && !toks[k].punct)
}

/// At a border of the title: nothing (or punctuation) on one side.
pub fn at_edge(toks: &[Tok], used: &[bool], i: usize) -> bool {
    let before_punct = i == 0 || toks[i - 1].punct || prev_word(toks, used, i).is_none();
    let after_punct = i + 1 >= toks.len() || toks[i + 1].punct || next_word(toks, used, i).is_none();
    before_punct || after_punct
}

pub fn mark(used: &mut [bool], from: usize, to: usize) {
    for u in used.iter_mut().take(to + 1).skip(from) {
        *u = true;
    }
}

/// Marks the little words that led a priority or status in ("with", "as", "at", "status:").
pub fn mark_leads(toks: &[Tok], used: &mut [bool], mut i: usize, leads: &[&str]) {
    while let Some(p) = prev_word(toks, used, i) {
        if leads.contains(&toks[p].low.as_str()) && (p + 1..i).all(|k| toks[k].punct || used[k]) {
            used[p] = true;
            i = p;
        } else {
            break;
        }
    }
}

// ---- the words left over -------------------------------------------------------------------------------------

/// The words left after dates, times, the type and the command are taken out, as typed: the title of a task, the
/// reason of a break or leave, the description of a meeting, the text of a checklist item.
pub fn rest(msg: &str, toks: &[Tok], used: &[bool], kind: Kind) -> String {
    let mut items: Vec<usize> = (0..toks.len()).filter(|&i| !used[i] && !toks[i].punct).collect();
    let low = |i: usize| toks[i].low.as_str();
    if matches!(kind, Kind::Checklist | Kind::Task) {
        checklist::drop_list(toks, &mut items);
    }
    if kind == Kind::Leave {
        leaves::drop_absence(toks, &mut items);
    }
    if kind == Kind::Break {
        items.retain(|&i| !kinds::noun_of(kind, low(i), ""));
    }
    after_colon(toks, &mut items, kind);
    drop_opening(toks, &mut items, kind);
    drop_ending(toks, &mut items, kind);
    // "schedule a meeting": nothing to describe. A named kind of meeting ("retro", "standup") is the description.
    if kind == Kind::Meeting
        && items.iter().all(|&i| matches!(low(i), "meeting" | "meetings" | "mtg" | "meet") || DETS.contains(&low(i)))
    {
        items.clear();
    }
    join(msg, toks, used, &items)
}

/// "meeting notes task: send recap": the text is what follows the colon.
fn after_colon(toks: &[Tok], items: &mut Vec<usize>, kind: Kind) {
    let low = |i: usize| toks[i].low.as_str();
    if let Some(n) = items
        .iter()
        .take(3)
        .position(|&i| kinds::noun_of(kind, low(i), "") && toks.get(i + 1).is_some_and(|t| t.low == ":"))
    {
        if n + 1 < items.len() {
            items.drain(..=n);
        }
    }
}

/// What to take off the opening of the text next.
enum Cut {
    /// The first words: how many, and whether they were the command ("add", "new task").
    Words(usize, bool),
    /// A connector ("to", "because"): what follows it is the text.
    Connector,
    Done,
}

/// The opening: "please can you add a new task to ...".
fn drop_opening(toks: &[Tok], items: &mut Vec<usize>, kind: Kind) {
    let low = |i: usize| toks[i].low.as_str();
    let mut stripped_any = false;
    loop {
        let words: Vec<&str> = items.iter().map(|&i| low(i)).collect();
        if words.is_empty() {
            break;
        }
        match next_cut(&words, kind, stripped_any) {
            Cut::Words(n, command) => {
                items.drain(..n);
                stripped_any |= command;
            }
            Cut::Connector => {
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
            Cut::Done => break,
        }
    }
}

/// The words that open the text and are not part of it: a phrase said to the assistant ("can you"), a polite word,
/// the record's noun, its verb ("add", "book a ..."), an article before the noun.
fn next_cut(words: &[&str], kind: Kind, stripped_any: bool) -> Cut {
    if let Some(n) = OPENINGS.iter().find_map(|o| {
        let parts: Vec<&str> = o.split(' ').collect();
        (words.len() >= parts.len() && words[..parts.len()] == parts[..]).then_some(parts.len())
    }) {
        return Cut::Words(n, true);
    }
    let w = words[0];
    let next = words.get(1).copied().unwrap_or("");
    if POLITE.contains(&w) {
        return Cut::Words(1, false);
    }
    if kinds::noun_of(kind, w, next) {
        return Cut::Words(if w == "check" && next == "list" { 2 } else { 1 }, true);
    }
    // "I'm off to the dentist at 3": where the meeting is.
    if kind == Kind::Meeting && matches!(w, "off" | "heading" | "going") && next == "to" && words.len() > 2 {
        return Cut::Words(2, false);
    }
    if RECORD_VERBS.contains(&w)
        || (COMMAND_VERBS.contains(&w) && (matches!(kind, Kind::Leave | Kind::Meeting) || record_follows(words, kind)))
    {
        let two = matches!((w, next), ("set" | "jot" | "note", "up" | "down"))
            || (matches!(w, "go" | "going" | "went") && next == "for");
        return Cut::Words(if two { 2 } else { 1 }, true);
    }
    // "daily standup" is the meeting's name.
    if DETS.contains(&w) || (ADJ.contains(&w) && !(kind == Kind::Meeting && w == "daily")) {
        let j = words.iter().position(|x| !(DETS.contains(x) || ADJ.contains(x))).unwrap_or(words.len());
        let noun_after = j >= words.len() || is_kind_word(words, j, kind);
        let after_command = stripped_any && AFTER_COMMAND.contains(&w);
        if matches!(w, "a" | "an") || noun_after || after_command {
            return Cut::Words(1, false);
        }
    }
    if CONNECTORS.contains(&w) && !(kind == Kind::Meeting && matches!(w, "about" | "on")) {
        return Cut::Connector;
    }
    Cut::Done
}

/// The record's noun at `j` ("task", "meeting").
fn is_kind_word(words: &[&str], j: usize, kind: Kind) -> bool {
    let x = words[j];
    kinds::noun_of(kind, x, words.get(j + 1).copied().unwrap_or(""))
        || (kind == Kind::Meeting && vocab::kind_noun(x) == Some(Kind::Meeting))
}

/// After a verb that may open a to-do ("book"), the record itself follows: "book a meeting", "take a coffee break".
fn record_follows(words: &[&str], kind: Kind) -> bool {
    let mut j = 1;
    while j < words.len() && (DETS.contains(&words[j]) || ADJ.contains(&words[j])) {
        j += 1;
    }
    j >= words.len() || is_kind_word(words, j, kind) || CONNECTORS.contains(&words[j]) || words[j] == "with"
}

/// The ending: "... for me please", a dangling "on", the record's noun.
fn drop_ending(toks: &[Tok], items: &mut Vec<usize>, kind: Kind) {
    let low = |i: usize| toks[i].low.as_str();
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
            || (kind != Kind::Meeting && !qualified_leave && kinds::noun_of(kind, w, ""))
        {
            items.pop();
        } else {
            break;
        }
    }
}

/// The kept words with the original spacing and punctuation between neighbours.
pub fn join(msg: &str, toks: &[Tok], used: &[bool], items: &[usize]) -> String {
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

pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
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
    fn quoted_text_is_kept_as_typed() {
        let msg = "add 'water the plants' to my checklist";
        let toks = tokenize(msg);
        let (mask, text) = quoted(msg, &toks);
        assert_eq!(text.as_deref(), Some("water the plants"));
        assert_eq!(mask.iter().filter(|m| **m).count(), 5);
    }
}
