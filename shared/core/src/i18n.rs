//! The person's language and the server's message catalogues.
//!
//! Breaktime speaks English, German, French and Spanish. The English text of a message is its id (as gettext does):
//! the domain writes the specification's English wording, and [`translate`] gives the same message in another
//! language from `shared/core/locales/<language>.json`, a flat map of English message to translation that
//! translation platforms read as "key-value JSON". A message with values in it (`Must not exceed {max} characters.`)
//! is written with named placeholders in the catalogue; [`translate`] matches the English text against such
//! templates and puts the values into the translation (templates of a dozen characters of their own or more: pieces
//! of sentences such as `{n} days` are only filled in, by [`tr`]). Where the values are known, [`tr`] looks the
//! template up as written and fills it in.
//!
//! Which language: the account's (saved on the profile), else the request's `Accept-Language`, else English
//! ([`Language::resolve`]).

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// A language Breaktime speaks, as its ISO 639-1 code on the wire and in the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    #[default]
    En,
    De,
    Fr,
    Es,
}

impl Language {
    pub const ALL: [Language; 4] = [Language::En, Language::De, Language::Fr, Language::Es];

    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::De => "de",
            Language::Fr => "fr",
            Language::Es => "es",
        }
    }

    /// `de`, `DE` or `de-AT` is German; anything else is none of Breaktime's languages.
    pub fn from_tag(tag: &str) -> Option<Language> {
        let base = tag.trim().split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
        Language::ALL.into_iter().find(|language| language.code() == base)
    }

    /// The exact code (`en`, `de`, `fr`, `es`), as `PUT /user/profile` takes it.
    pub fn from_code(code: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|language| language.code() == code)
    }

    /// The most wanted of Breaktime's languages in an `Accept-Language` header (`fr-CH, fr;q=0.9, en;q=0.8`), by
    /// quality then order; `None` when it names none of them or is malformed.
    pub fn from_accept_language(header: &str) -> Option<Language> {
        let mut ranges: Vec<(f32, usize, Language)> = header
            .split(',')
            .enumerate()
            .filter_map(|(index, part)| {
                let mut pieces = part.split(';');
                let language = Language::from_tag(pieces.next()?)?;
                let quality = pieces
                    .find_map(|param| param.trim().strip_prefix("q=").map(|q| q.trim().parse::<f32>().ok()))
                    .unwrap_or(Some(1.0))?;
                (quality > 0.0 && quality <= 1.0).then_some((quality, index, language))
            })
            .collect();
        ranges.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        ranges.first().map(|(_, _, language)| *language)
    }

    /// The account's language, else the request's, else English.
    pub fn resolve(account: Option<Language>, accept_language: Option<&str>) -> Language {
        account.or_else(|| accept_language.and_then(Language::from_accept_language)).unwrap_or_default()
    }
}

impl std::fmt::Display for Language {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// One language's catalogue: exact messages, and templates with `{name}` placeholders.
struct Catalogue {
    /// Every entry, templates too, by its English text as written in the catalogue.
    keys: HashMap<&'static str, &'static str>,
    exact: HashMap<&'static str, &'static str>,
    /// (English template split at its placeholders, the placeholders' names, the translation)
    templates: Vec<(Vec<&'static str>, Vec<&'static str>, &'static str)>,
}

fn parse(source: &'static str) -> Catalogue {
    let owned: HashMap<String, String> =
        serde_json::from_str(source).expect("shared/core/locales/*.json is a flat JSON object of strings");
    // Parsed once for the process's life (a `OnceLock` each): the texts are kept as `'static` (a text with an escape,
    // `\"`, cannot be borrowed from the source).
    let map: HashMap<&'static str, &'static str> = owned
        .into_iter()
        .map(|(english, translated)| -> (&'static str, &'static str) {
            (Box::leak(english.into_boxed_str()), Box::leak(translated.into_boxed_str()))
        })
        .collect();
    let mut exact = HashMap::new();
    let mut templates = Vec::new();
    for (&english, &translated) in &map {
        match split_template(english) {
            // A template with few words of its own ("{n} days", "Task: {title}") is a piece of a sentence, filled in
            // with `tr`: matched against finished text it would take any text of its shape for itself.
            Some((pieces, _)) if pieces.iter().map(|p| p.chars().count()).sum::<usize>() < MATCHED_TEMPLATE_WORDS => {}
            Some((pieces, names)) => templates.push((pieces, names, translated)),
            None => {
                exact.insert(english, translated);
            }
        }
    }
    // Longer literal text first: the most specific template wins.
    templates.sort_by_key(|(pieces, _, _)| std::cmp::Reverse(pieces.iter().map(|p| p.len()).sum::<usize>()));
    Catalogue { keys: map, exact, templates }
}

/// The fewest characters of its own a template needs to be matched against a finished message by [`translate`].
const MATCHED_TEMPLATE_WORDS: usize = 12;

/// `Must not exceed {max} characters.` -> (["Must not exceed ", " characters."], ["max"]); `None` without placeholders.
fn split_template(text: &'static str) -> Option<(Vec<&'static str>, Vec<&'static str>)> {
    let mut pieces = Vec::new();
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}')? + open;
        let name = &rest[open + 1..close];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return None;
        }
        pieces.push(&rest[..open]);
        names.push(name);
        rest = &rest[close + 1..];
    }
    if names.is_empty() {
        return None;
    }
    pieces.push(rest);
    Some((pieces, names))
}

/// The values of `text` at the template's placeholders, when the text is that template filled in.
fn match_template<'t>(pieces: &[&str], text: &'t str) -> Option<Vec<&'t str>> {
    let mut rest = text.strip_prefix(pieces[0])?;
    let mut values = Vec::with_capacity(pieces.len() - 1);
    for (index, piece) in pieces.iter().enumerate().skip(1) {
        let last = index == pieces.len() - 1;
        let end = if last {
            if !rest.ends_with(piece) {
                return None;
            }
            rest.len() - piece.len()
        } else if piece.is_empty() {
            return None;
        } else {
            rest.find(piece)?
        };
        let value = &rest[..end];
        if value.is_empty() {
            return None;
        }
        values.push(value);
        rest = &rest[end + piece.len()..];
    }
    Some(values)
}

fn catalogue(language: Language) -> Option<&'static Catalogue> {
    static DE: OnceLock<Catalogue> = OnceLock::new();
    static FR: OnceLock<Catalogue> = OnceLock::new();
    static ES: OnceLock<Catalogue> = OnceLock::new();
    match language {
        Language::En => None,
        Language::De => Some(DE.get_or_init(|| parse(include_str!("../locales/de.json")))),
        Language::Fr => Some(FR.get_or_init(|| parse(include_str!("../locales/fr.json")))),
        Language::Es => Some(ES.get_or_init(|| parse(include_str!("../locales/es.json")))),
    }
}

/// `english` in `language`: the catalogue's translation, or the English text itself when the catalogue has none
/// (user data, or a message not translated yet; the completeness test lists those).
pub fn translate(language: Language, english: &str) -> String {
    let Some(catalogue) = catalogue(language) else { return english.to_string() };
    if let Some(found) = catalogue.exact.get(english) {
        return (*found).to_string();
    }
    for (pieces, names, translated) in &catalogue.templates {
        if let Some(values) = match_template(pieces, english) {
            let values: Vec<(&str, &str)> = names.iter().copied().zip(values).collect();
            return fill(translated, &values);
        }
    }
    english.to_string()
}

/// A message with values: the catalogue's translation of the English `template` (looked up as written, with its
/// `{name}` placeholders), filled with `values`; the English template filled in when the catalogue lacks it.
///
/// ```
/// use bt_core::i18n::{tr, Language};
/// assert_eq!(tr(Language::En, "Hello {name}", &[("name", "Ana")]), "Hello Ana");
/// ```
pub fn tr(language: Language, template: &str, values: &[(&str, &str)]) -> String {
    let translated = catalogue(language).and_then(|c| c.keys.get(template).copied()).unwrap_or(template);
    fill(translated, values)
}

/// Marks English text that is translated later, once the reader's language is known (gettext's `N_`): a reminder
/// filed before it is sent, a button label. It returns the text itself; the catalogue test finds it by this call.
pub const fn english(text: &'static str) -> &'static str {
    text
}

/// Whether the catalogue of `language` has an entry written exactly `english` (a message or a template).
pub fn has_key(language: Language, english: &str) -> bool {
    language == Language::En || catalogue(language).is_some_and(|c| c.keys.contains_key(english))
}

/// Whether the catalogue of `language` has `english` (exactly or as a filled-in template).
pub fn is_translated(language: Language, english: &str) -> bool {
    language == Language::En || translate(language, english) != english
}

/// Fills `{name}` placeholders of a message (in any language) with values.
/// One pass: a value that holds a `{name}` of its own (a person's text) is not filled in again.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after
            .find('}')
            .and_then(|close| values.iter().find(|(name, _)| *name == &after[..close]).map(|(_, v)| (close, *v)));
        match value {
            Some((close, value)) => {
                out.push_str(value);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_account_comes_first_then_the_request_then_english() {
        assert_eq!(Language::resolve(Some(Language::Fr), Some("de-DE,de;q=0.9")), Language::Fr);
        assert_eq!(Language::resolve(None, Some("de-DE,de;q=0.9")), Language::De);
        assert_eq!(Language::resolve(None, Some("pt-BR, ja;q=0.5")), Language::En);
        assert_eq!(Language::resolve(None, None), Language::En);
    }

    #[test]
    fn accept_language_goes_by_quality_then_order() {
        assert_eq!(Language::from_accept_language("fr-CH, fr;q=0.9, en;q=0.8"), Some(Language::Fr));
        assert_eq!(Language::from_accept_language("en;q=0.5, es;q=0.8"), Some(Language::Es));
        assert_eq!(Language::from_accept_language("pt, de-AT;q=0.3"), Some(Language::De));
        assert_eq!(Language::from_accept_language("de;q=0"), None);
        assert_eq!(Language::from_accept_language("*"), None);
        assert_eq!(Language::from_accept_language(""), None);
        assert_eq!(Language::from_accept_language("es;q=abc"), None);
    }

    #[test]
    fn codes_are_exact_and_tags_take_their_base() {
        assert_eq!(Language::from_code("de"), Some(Language::De));
        assert_eq!(Language::from_code("DE"), None);
        assert_eq!(Language::from_code("de-AT"), None);
        assert_eq!(Language::from_tag("es_MX"), Some(Language::Es));
        assert_eq!(serde_json::to_string(&Language::Fr).unwrap(), "\"fr\"");
    }

    #[test]
    fn templates_match_and_carry_their_values() {
        let (pieces, names) = split_template("Must not exceed {max} characters.").unwrap();
        assert_eq!(names, vec!["max"]);
        assert_eq!(match_template(&pieces, "Must not exceed 120 characters."), Some(vec!["120"]));
        assert_eq!(match_template(&pieces, "Must not exceed characters."), None);
        assert_eq!(match_template(&pieces, "Other text."), None);
        let (pieces, _) = split_template("{name} asks for {days} days").unwrap();
        assert_eq!(match_template(&pieces, "Ana Lee asks for 3 days"), Some(vec!["Ana Lee", "3"]));
        assert_eq!(fill("Hallo {name}", &[("name", "Ana")]), "Hallo Ana");
    }

    #[test]
    fn english_is_itself_and_unknown_text_stays() {
        assert_eq!(translate(Language::En, "Title is required."), "Title is required.");
        assert_eq!(translate(Language::De, "a text no catalogue has"), "a text no catalogue has");
    }

    #[test]
    fn every_catalogue_keeps_the_placeholders_of_its_messages() {
        for (language, source) in [
            (Language::De, include_str!("../locales/de.json")),
            (Language::Fr, include_str!("../locales/fr.json")),
            (Language::Es, include_str!("../locales/es.json")),
        ] {
            let map: HashMap<String, String> = serde_json::from_str(source).unwrap();
            for (english, translated) in &map {
                let names = |text: &str| {
                    let mut found: Vec<String> = text
                        .split('{')
                        .skip(1)
                        .filter_map(|part| part.split_once('}').map(|(name, _)| name.to_string()))
                        .collect();
                    found.sort();
                    found
                };
                assert_eq!(names(english), names(translated), "{language}: {english:?} -> {translated:?}");
                assert!(!translated.trim().is_empty(), "{language}: {english:?} has no translation");
            }
        }
    }
}
