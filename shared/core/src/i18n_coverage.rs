//! Every message the server can answer with has a translation in each catalogue: the messages are found in the
//! source (the string literals given as the message of an error or a field check, and those given to
//! [`translate`](crate::i18n::translate) and [`tr`](crate::i18n::tr)), and each is looked up in de, fr and es.
//!
//! A message built with `format!` is looked up as a template: `{max}` in the catalogue stands for `{}` or `{MAX}` in
//! the source. Messages the scan cannot see (a fixed text of the core) are listed in [`FIXED`].

use std::path::{Path, PathBuf};

use crate::i18n::{has_key, is_translated, Language};

/// Calls that take a message, and which argument (from 0) it is.
const MESSAGE_CALLS: &[(&str, usize)] = &[
    ("AppError::field", 1),
    ("AppError::BadRequest", 0),
    ("AppError::Unauthorized", 0),
    ("AppError::Forbidden", 0),
    ("AppError::NotFound", 0),
    ("AppError::Conflict", 0),
    ("AppError::Unavailable", 0),
    (".required", 2),
    (".rule", 2),
    (".max_chars", 3),
    (".min_chars", 3),
    (".fail", 1),
    ("translate", 1),
    ("tr", 1),
    ("fill", 0),
    ("english", 0),
    ("fill_owned", 0),
    // Break Buddy's counted words: `count(n, language, "1 break", "{n} breaks")`.
    ("count", 2),
    ("count", 3),
    // The records' date and time fields: the messages for a missing and an invalid value.
    ("date_field", 3),
    ("date_field", 4),
    ("time_field", 3),
    // The password check of sensitive actions: the message for a missing password.
    ("confirm_password", 4),
];

/// Messages of the core that no call names (the fixed answers of `AppError::public_message`, the control-character
/// checks of a body).
const FIXED: &[&str] = &[
    "Invalid input.",
    "Request body is too large.",
    "The request body must be JSON (Content-Type: application/json).",
    "This method is not allowed on this path.",
    "Something went wrong. Please try again later.",
    crate::validate::NO_LINE_BREAKS,
    crate::validate::NO_CONTROL_CHARACTERS,
];

/// One message found in the source, with where it is.
#[derive(Debug, Clone)]
pub(crate) struct Found {
    pub text: String,
    pub place: String,
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The sources of the server's crates (the domain, the edge, the functions), without their tests.
fn sources() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for group in ["shared", "functions"] {
        for entry in std::fs::read_dir(repo().join(group)).unwrap() {
            let krate = entry.unwrap().path();
            if krate.ends_with("testkit") {
                continue;
            }
            rust_files(&krate.join("src"), &mut files);
        }
    }
    files.sort();
    files
}

/// A piece of source: code with comments removed, the string literals apart.
struct Scanned {
    /// The code with every literal's contents blanked (so a quote or a paren in a message is no code).
    code: Vec<char>,
    /// (start in `code`, the literal's value)
    literals: Vec<(usize, String)>,
}

fn scan(text: &str) -> Scanned {
    let chars: Vec<char> = text.chars().collect();
    let mut code = Vec::with_capacity(chars.len());
    let mut literals = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == '\'' {
            // A character literal ('"', '\'') or a lifetime ('a).
            let end = if next == Some('\\') {
                chars[i + 2..].iter().position(|&c| c == '\'').map(|p| i + 2 + p)
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match end {
                Some(end) => {
                    code.push('\'');
                    code.push('\'');
                    i = end + 1;
                }
                None => {
                    code.push(c);
                    i += 1;
                }
            }
        } else if c == '"' || (c == 'r' && (next == Some('"') || next == Some('#')) && !ident_char(code.last())) {
            let raw = c == 'r';
            let mut hashes = 0;
            if raw {
                i += 1;
                while chars.get(i) == Some(&'#') {
                    hashes += 1;
                    i += 1;
                }
                if chars.get(i) != Some(&'"') {
                    code.push('r');
                    continue;
                }
            }
            i += 1;
            let mut value = String::new();
            while i < chars.len() {
                let c = chars[i];
                if !raw && c == '\\' {
                    match chars.get(i + 1) {
                        Some('n') => value.push('\n'),
                        Some('t') => value.push('\t'),
                        Some('"') => value.push('"'),
                        Some('\\') => value.push('\\'),
                        Some('\'') => value.push('\''),
                        Some('\n') => {
                            // A line continuation: the line break and the next line's indentation are no text.
                            i += 2;
                            while chars.get(i).is_some_and(|c| c.is_whitespace()) {
                                i += 1;
                            }
                            continue;
                        }
                        Some(other) => value.push(*other),
                        None => {}
                    }
                    i += 2;
                    continue;
                }
                if c == '"' && (0..hashes).all(|h| chars.get(i + 1 + h) == Some(&'#')) {
                    i += 1 + hashes;
                    break;
                }
                value.push(c);
                i += 1;
            }
            literals.push((code.len(), value));
            code.push('"');
            code.push('"');
        } else {
            code.push(c);
            i += 1;
        }
    }
    Scanned { code, literals }
}

fn ident_char(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// The call a position is an argument of (`AppError::field`, `.rule`, `format!`) and which argument it is, looking
/// back from `at`; None when the position is in no call of its statement.
fn enclosing_call(code: &[char], at: usize) -> Option<(String, usize, usize)> {
    let mut depth = 0i32;
    let mut argument = 0;
    let mut i = at;
    while i > 0 {
        i -= 1;
        match code[i] {
            ')' | ']' | '}' => depth += 1,
            '(' | '[' | '{' if depth > 0 => depth -= 1,
            '[' => return None,
            '{' => {
                // A block inside the call (`if .. { "a" } else { "b" }`, a match arm): the call goes on outside it,
                // and the commas seen so far were the block's.
                argument = 0;
            }
            '(' => {
                let mut start = i;
                while start > 0 && (ident_char(Some(&code[start - 1])) || matches!(code[start - 1], ':' | '.' | '!')) {
                    start -= 1;
                }
                let callee: String = code[start..i].iter().collect();
                return Some((callee, argument, start));
            }
            ',' if depth == 0 => argument += 1,
            ';' if depth == 0 => return None,
            _ => {}
        }
    }
    None
}

fn is_message_call(callee: &str, argument: usize) -> bool {
    MESSAGE_CALLS.iter().any(|(call, index)| {
        *index == argument
            && (callee == *call
                || (call.starts_with('.') && callee.ends_with(call))
                || (!call.starts_with('.') && callee.ends_with(&format!("::{call}"))))
    })
}

/// Whether the text right before `at` is the `message:` of a `TooManyRequests`.
fn is_message_field(code: &[char], at: usize) -> bool {
    let before: String = code[at.saturating_sub(80)..at].iter().collect();
    let before = before.trim_end();
    before.ends_with("message:") && before.contains("TooManyRequests")
}

/// A constant that is a sentence (`"Reason is required."`) is a message, wherever it is used: constants are how the
/// domain names its messages, and a constant sentence that is not shown would be no harm in a catalogue.
fn is_sentence(text: &str) -> bool {
    text.chars().next().is_some_and(|c| c.is_uppercase())
        && text.contains(' ')
        && (text.ends_with('.') || text.ends_with('!') || text.ends_with('?'))
}

/// Whether a literal at `at` is the text of an error type (`#[error("Use an https address.")]`, shown as a field's
/// message when it starts with a capital).
fn error_attribute(code: &[char], at: usize) -> bool {
    enclosing_call(code, at).is_some_and(|(callee, argument, start)| {
        callee == "error" && argument == 0 && code[..start].ends_with(&['#', '['])
    })
}

/// Whether a literal at `at` is a message: an argument of a message call, directly or as the format string of a
/// `format!` that is one.
fn is_message_at(code: &[char], at: usize) -> bool {
    if is_message_field(code, at) {
        return true;
    }
    // A literal compared with is a value, not what is said (`if field == "password" { .. }`).
    let before: String = code[at.saturating_sub(4)..at].iter().collect();
    if before.trim_end().ends_with("==") || before.trim_end().ends_with("!=") {
        return false;
    }
    let Some((callee, argument, start)) = enclosing_call(code, at) else { return false };
    if callee == "format!" && argument == 0 {
        return is_message_field(code, start)
            || enclosing_call(code, start).is_some_and(|(c, a, _)| is_message_call(&c, a));
    }
    is_message_call(&callee, argument)
}

/// The `const NAME: &str = "..."` of a source, by name.
fn constants(scanned: &Scanned) -> Vec<(String, String)> {
    scanned
        .literals
        .iter()
        .filter_map(|(at, value)| {
            let before: String = scanned.code[at.saturating_sub(100)..*at].iter().collect();
            // The value may stand on the line after `const NAME: &str =` (a long sentence, as rustfmt breaks it).
            let line = before.trim_end().rsplit('\n').next().unwrap_or("");
            let rest = line.trim_start().strip_prefix("pub ").unwrap_or(line.trim_start());
            let rest = rest.strip_prefix("pub(crate) ").unwrap_or(rest);
            let name = rest.strip_prefix("const ")?.split(':').next()?.trim().to_string();
            rest.trim_end().ends_with("&str =").then_some((name, value.clone()))
        })
        .collect()
}

/// Whether what stands at `at`, inside the value of a `let` whose `=` is at `eq`, is that value itself (a branch of
/// an `if` or a `match` included) or the format string of a `format!` that is: not an argument of another call.
fn is_let_value(code: &[char], at: usize, eq: usize) -> bool {
    match enclosing_call(code, at) {
        None => true,
        Some((_, _, start)) if start < eq => true,
        Some((callee, argument, start)) => callee == "format!" && argument == 0 && is_let_value(code, start, eq),
    }
}

/// Whether the literal at `at` is a pattern of a match arm (`"startTime" | "from" => ..`), not a value.
fn is_pattern(code: &[char], at: usize) -> bool {
    let after: String = code[at + 2..(at + 6).min(code.len())].iter().collect();
    let after = after.trim_start();
    let before: String = code[at.saturating_sub(4)..at].iter().collect();
    let before = before.trim_end();
    after.starts_with("=>")
        || (after.starts_with('|') && !after.starts_with("||"))
        || (before.ends_with('|') && !before.ends_with("||"))
}

/// Whether a text says something: a letter outside its `{placeholders}` (`"{email}|{ip}"` is a key, not a message).
fn has_words(text: &str) -> bool {
    let mut inside = false;
    text.chars().any(|c| {
        match c {
            '{' => inside = true,
            '}' => inside = false,
            _ => {}
        }
        !inside && c.is_alphabetic()
    })
}

/// The `let name = value;` bindings of a source whose name is then given as a message (`let too_long = if .. {
/// TOO_LONG_NEXT_DAY } else { TOO_LONG }; check.rule("endTime", ok, too_long)`), with the literals and constants of
/// their values: those are messages as much as if they were written in the call.
fn let_messages(s: &Scanned, consts: &[(String, String)]) -> Vec<String> {
    let code = &s.code;
    let mut out = Vec::new();
    let mut i = 0;
    while i + 4 < code.len() {
        let is_let = code[i..i + 4] == ['l', 'e', 't', ' '] && !ident_char(i.checked_sub(1).map(|p| &code[p]));
        if !is_let {
            i += 1;
            continue;
        }
        i += 4;
        let mut start = i;
        while code.get(start).is_some_and(|c| c.is_whitespace()) {
            start += 1;
        }
        if code[start..].starts_with(&['m', 'u', 't', ' ']) {
            start += 4;
        }
        let end = (start..code.len()).find(|&j| !ident_char(Some(&code[j]))).unwrap_or(code.len());
        let name: String = code[start..end].iter().collect();
        // `let name = value;` or `let name: Type = value;`; patterns (`let (a, b)`, `let Some(x)`) are no binding
        // of a message.
        let rest = (end..code.len()).find(|&j| !code[j].is_whitespace()).unwrap_or(code.len());
        let eq = match code.get(rest) {
            Some('=') if code.get(rest + 1) != Some(&'=') => rest,
            Some(':') if code.get(rest + 1) != Some(&':') => {
                match (rest..code.len()).find(|&j| matches!(code[j], '=' | ';' | '{')) {
                    Some(j) if code[j] == '=' => j,
                    _ => continue,
                }
            }
            _ => continue,
        };
        if name.is_empty() || name == "_" {
            continue;
        }
        // The value runs to the `;` of its statement.
        let mut depth = 0i32;
        let mut value_end = eq;
        while value_end < code.len() {
            match code[value_end] {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => depth -= 1,
                ';' if depth == 0 => break,
                _ => {}
            }
            if depth < 0 {
                break;
            }
            value_end += 1;
        }
        // The name is read until its block closes.
        let mut depth = 0i32;
        let mut given = false;
        let mut j = value_end;
        while j < code.len() && !given {
            match code[j] {
                '{' => depth += 1,
                '}' if depth == 0 => break,
                '}' => depth -= 1,
                c if ident_char(Some(&c)) && !ident_char(j.checked_sub(1).map(|p| &code[p])) => {
                    let word_end = (j..code.len()).find(|&k| !ident_char(Some(&code[k]))).unwrap_or(code.len());
                    given = word_end - j == name.len()
                        && code[j..word_end].iter().copied().eq(name.chars())
                        && is_message_at(code, j);
                    j = word_end;
                    continue;
                }
                _ => {}
            }
            j += 1;
        }
        if given {
            for (at, value) in &s.literals {
                if (eq..value_end).contains(at)
                    && is_let_value(code, *at, eq)
                    && !is_pattern(code, *at)
                    && has_words(value)
                {
                    out.push(value.clone());
                }
            }
            let mut k = eq;
            while k < value_end {
                if code[k].is_ascii_uppercase() && !ident_char(k.checked_sub(1).map(|p| &code[p])) {
                    let word_end = (k..value_end).find(|&w| !ident_char(Some(&code[w]))).unwrap_or(value_end);
                    let word: String = code[k..word_end].iter().collect();
                    if let Some((_, value)) = consts.iter().find(|(n, _)| *n == word) {
                        if is_let_value(code, k, eq) {
                            out.push(value.clone());
                        }
                    }
                    k = word_end;
                } else {
                    k += 1;
                }
            }
        }
        i = eq;
    }
    out
}

/// Every message of the server's source.
pub(crate) fn messages() -> Vec<Found> {
    let files = sources();
    let scanned: Vec<(PathBuf, Scanned)> = files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            // Unit tests sit at the end of a file, after their `#[cfg(test)]`.
            let text = match text.find("#[cfg(test)]\nmod ") {
                Some(cut) => text[..cut].to_string(),
                None => text,
            };
            let scanned = scan(&text);
            (path, scanned)
        })
        .collect();
    let consts: Vec<(String, String)> = scanned.iter().flat_map(|(_, s)| constants(s)).collect();
    let mut found = Vec::new();
    for (path, s) in &scanned {
        let place = path.strip_prefix(repo()).unwrap_or(path).display().to_string();
        for (at, value) in &s.literals {
            let error_text = error_attribute(&s.code, *at) && value.starts_with(|c: char| c.is_uppercase());
            if error_text || is_message_at(&s.code, *at) {
                found.push(Found { text: value.clone(), place: place.clone() });
            }
        }
        for text in let_messages(s, &consts) {
            found.push(Found { text, place: place.clone() });
        }
        for (_, value) in constants(s) {
            if is_sentence(&value) {
                found.push(Found { text: value, place: place.clone() });
            }
        }
        // Constants given as a message: `AppError::Conflict(EMAIL_TAKEN.into())`.
        let mut i = 0;
        while i < s.code.len() {
            if s.code[i].is_ascii_uppercase() && !ident_char(i.checked_sub(1).map(|p| &s.code[p])) {
                let end = (i..s.code.len()).find(|&j| !ident_char(Some(&s.code[j]))).unwrap_or(s.code.len());
                let name: String = s.code[i..end].iter().collect();
                if name.len() > 1 && name.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_') {
                    if let Some((_, value)) = consts.iter().find(|(n, _)| *n == name) {
                        if is_message_at(&s.code, i) {
                            found.push(Found { text: value.clone(), place: place.clone() });
                        }
                    }
                }
                i = end;
            } else {
                i += 1;
            }
        }
    }
    found.extend(FIXED.iter().map(|text| Found { text: text.to_string(), place: "shared/core (fixed)".into() }));
    found
}

/// A message or template with each `{...}` written `{}` (`{{` and `}}` are braces): a format string of the source
/// and a catalogue's template for it read the same.
fn shape(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                out.push_str("{{");
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                out.push_str("}}");
            }
            '{' => {
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
                out.push_str("{}");
            }
            c => out.push(c),
        }
    }
    out
}

/// The shapes of a catalogue's entries.
fn catalogue_shapes(source: &str) -> std::collections::HashSet<String> {
    let map: std::collections::HashMap<String, String> = serde_json::from_str(source).unwrap();
    map.keys().map(|k| shape(k)).collect()
}

#[test]
fn every_message_of_the_server_has_a_translation_in_every_catalogue() {
    let found = messages();
    // The scan finds the messages (a scan that finds none would prove nothing).
    for known in ["Title is required.", "An account with this email already exists.", "Record not found."] {
        assert!(found.iter().any(|f| f.text == known), "the scan does not find {known:?}");
    }
    let catalogues = [
        (Language::De, catalogue_shapes(include_str!("../locales/de.json"))),
        (Language::Fr, catalogue_shapes(include_str!("../locales/fr.json"))),
        (Language::Es, catalogue_shapes(include_str!("../locales/es.json"))),
    ];
    let mut missing = Vec::new();
    for f in &found {
        // A format string's values may have other names in the catalogue: the shapes are compared. A message with
        // its values written in (`Title must not exceed 120 characters.`) may be a template's.
        for (language, shapes) in &catalogues {
            let known = if f.text.contains('{') {
                shapes.contains(&shape(&f.text))
            } else {
                has_key(*language, &f.text) || is_translated(*language, &f.text)
            };
            if !known {
                missing.push(format!("{language}: {:?} ({})", f.text, f.place));
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(missing.is_empty(), "{} messages without a translation:\n{}", missing.len(), missing.join("\n"));
}

#[test]
fn the_scan_reads_literals_calls_and_constants() {
    let s = scan(
        r#"const GONE: &str = "It is gone.";
fn f() {
    check.required("name", name, "Name is required.").max_chars("name", name, 60, "Too long; at most 60.");
    let x = AppError::field("when", if late { "Too late." } else { format!("Wait {n} days.") });
    log("Not a message.");
    AppError::Conflict(GONE.into())
}"#,
    );
    let messages: Vec<&str> =
        s.literals.iter().filter(|(at, _)| is_message_at(&s.code, *at)).map(|(_, v)| v.as_str()).collect();
    assert_eq!(messages, ["Name is required.", "Too long; at most 60.", "Too late.", "Wait {n} days."]);
    assert_eq!(constants(&s), [("GONE".to_string(), "It is gone.".to_string())]);
    assert_eq!(shape("Wait {n} days ({}), {{x}}."), "Wait {} days ({}), {{x}}.");
}

#[test]
fn the_scan_follows_a_message_bound_by_let() {
    let s = scan(
        r#"pub const LONG: &str =
    "A value on the line after its name.";
const SHORT: &str = "no sentence, a message all the same";
fn f() {
    let too_long = if next_day { LONG } else { SHORT };
    check.rule("endTime", ok, too_long);
    let mut later: &str = if late { "Too late." } else { "Too early." };
    later = "Now.";
    AppError::field("when", later);
    let wait = format!("Wait {n} days.", n = days.join(", "));
    AppError::BadRequest(wait);
    let shown = "Shown, not said.";
    log(shown);
    let english = match field { "startTime" | "from" => "start time", _ => "details" };
    tr(language, english, &[]);
    let pair = format!("{email}|{ip}");
    ratelimit::count(state, "login-fail", &pair, limit);
}"#,
    );
    let consts = constants(&s);
    assert_eq!(
        consts,
        [
            ("LONG".to_string(), "A value on the line after its name.".to_string()),
            ("SHORT".to_string(), "no sentence, a message all the same".to_string())
        ]
    );
    // What a `let` gives a message call: its constants and literals (branches, a format string), not the arguments
    // of the calls inside it (`", "`), a match arm's patterns, a key with no words, nor a binding no message call
    // takes.
    assert_eq!(
        let_messages(&s, &consts),
        [
            "A value on the line after its name.",
            "no sentence, a message all the same",
            "Too late.",
            "Too early.",
            "Wait {n} days.",
            "start time",
            "details"
        ]
    );
}
