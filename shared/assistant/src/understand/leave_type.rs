//! The leave type a sentence names. One of the team's own types by its name comes first ("parental leave from 3 to
//! 14 March" when the team has a Parental leave type; the type with the most of its words wins), then the type
//! behind a common word ("off sick" is the team's Sick type, "holiday" and "annual leave" its Vacation, "unpaid" its
//! Unpaid). Otherwise none: the leave is sent without `typeId` and the server gives it the team's default type.

use super::lexer::Tok;
use super::vocab::{self, LeaveConcept, LEAVE_TYPE_GENERIC};
use super::TeamLeaveType;

/// The words that tell a type's name apart ("Parental leave" → "parental").
fn type_words(name: &str) -> Vec<String> {
    name.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && !LEAVE_TYPE_GENERIC.contains(w))
        .map(str::to_string)
        .collect()
}

fn same_word(word: &str, type_word: &str) -> bool {
    if type_word.len() >= 5 {
        vocab::close(word, type_word)
    } else {
        word == type_word
    }
}

/// The words of the sentence (quoted ones left out where `skip` says so), hyphenated ones also in their parts.
fn sentence_words<'a>(toks: &'a [Tok], skip: &[bool]) -> Vec<&'a str> {
    let mut out = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if t.punct || skip.get(i).copied().unwrap_or(false) {
            continue;
        }
        out.push(t.low.as_str());
        if t.low.contains(['-', '/']) {
            out.extend(t.low.split(['-', '/']).filter(|p| !p.is_empty()));
        }
    }
    out
}

/// The team type whose name the sentence has, every telling word of it; the one with the most words when several do.
pub fn named<'a>(toks: &[Tok], skip: &[bool], types: &'a [TeamLeaveType]) -> Option<&'a TeamLeaveType> {
    let words = sentence_words(toks, skip);
    types
        .iter()
        .filter_map(|t| {
            let tw = type_words(&t.name);
            let all = !tw.is_empty() && tw.iter().all(|x| words.iter().any(|w| same_word(w, x)));
            all.then_some((tw.len(), t))
        })
        // The most specific name; on a tie the first of the team's list (the starting types come first).
        .fold(None, |best: Option<(usize, &TeamLeaveType)>, (n, t)| match best {
            Some((m, _)) if m >= n => best,
            _ => Some((n, t)),
        })
        .map(|(_, t)| t)
}

/// The team's type of a concept: the one of that name, else one with a word of the concept in its name ("Sick
/// leave", "Annual leave"), else for Vacation the team's default type.
fn type_of_concept<'a>(c: &LeaveConcept, types: &'a [TeamLeaveType]) -> Option<&'a TeamLeaveType> {
    types
        .iter()
        .find(|t| t.name.trim().eq_ignore_ascii_case(c.canonical))
        .or_else(|| {
            types.iter().find(|t| {
                type_words(&t.name).iter().any(|w| c.words.contains(&w.as_str()) || c.exact.contains(&w.as_str()))
            })
        })
        .or_else(|| if c.is_default { types.iter().find(|t| t.is_default) } else { None })
}

/// The leave's type: named outright, else by a concept word, else none.
pub fn choose<'a>(toks: &[Tok], types: &'a [TeamLeaveType]) -> Option<&'a TeamLeaveType> {
    if types.is_empty() {
        return None;
    }
    if let Some(t) = named(toks, &[], types) {
        return Some(t);
    }
    let words = sentence_words(toks, &[]);
    let found: Vec<&LeaveConcept> = words
        .iter()
        .enumerate()
        .filter_map(|(i, w)| vocab::leave_concept_of(w, words.get(i + 1).copied().unwrap_or("")))
        .collect();
    vocab::LEAVE_CONCEPTS
        .iter()
        .filter(|c| found.iter().any(|f| f.canonical == c.canonical))
        .find_map(|c| type_of_concept(c, types))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::understand::lexer::tokenize;

    fn types(extra: &[(&str, &str)]) -> Vec<TeamLeaveType> {
        let mut t = vec![
            TeamLeaveType::new("V", "Vacation", true),
            TeamLeaveType::new("S", "Sick", false),
            TeamLeaveType::new("U", "Unpaid", false),
        ];
        t.extend(extra.iter().map(|(id, name)| TeamLeaveType::new(*id, *name, false)));
        t
    }

    fn chosen(msg: &str, types: &[TeamLeaveType]) -> Option<String> {
        choose(&tokenize(msg), types).map(|t| t.id.clone())
    }

    #[test]
    fn common_words_point_to_the_starting_types() {
        let t = types(&[]);
        for (msg, id) in [
            ("off sick tomorrow", Some("S")),
            ("I'm sick today", Some("S")),
            ("feeling ill, off today", Some("S")),
            ("vacation next week", Some("V")),
            ("holiday from 3 to 7 August", Some("V")),
            ("annual leave on Friday", Some("V")),
            ("unpaid leave on Friday", Some("U")),
            ("day off next Friday for a dentist appointment", None),
            ("ill be off tomorrow", None),
        ] {
            assert_eq!(chosen(msg, &t).as_deref(), id, "{msg}");
        }
    }

    #[test]
    fn the_teams_own_type_by_its_name_comes_first() {
        let t = types(&[("P", "Parental leave"), ("C", "Sick child"), ("J", "Jury duty")]);
        assert_eq!(chosen("parental leave from 3 to 14 March", &t).as_deref(), Some("P"));
        assert_eq!(chosen("sick child tomorrow", &t).as_deref(), Some("C"));
        assert_eq!(chosen("off sick tomorrow", &t).as_deref(), Some("S"));
        assert_eq!(chosen("jury duty on Monday", &t).as_deref(), Some("J"));
        assert_eq!(chosen("jury service on Monday", &t), None, "every telling word of the name");
    }

    #[test]
    fn a_renamed_or_missing_type() {
        let renamed = vec![TeamLeaveType::new("A", "Annual leave", true), TeamLeaveType::new("S", "Sick leave", false)];
        assert_eq!(chosen("vacation next week", &renamed).as_deref(), Some("A"));
        assert_eq!(chosen("off sick tomorrow", &renamed).as_deref(), Some("S"));
        assert_eq!(chosen("unpaid leave on Friday", &renamed), None, "no unpaid type: the server's default");
        assert_eq!(chosen("off sick tomorrow", &[]), None);
    }
}
