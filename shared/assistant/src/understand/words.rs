//! The words of a message (quoted text left out), with the look-ups the detectors make: a word, one of a list, a
//! run of words ("how do i"), the opening words.

use super::lexer::Tok;

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
