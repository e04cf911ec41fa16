//! Field checks that collect every message of a request, worded as the product specification words them.

use validator::{ValidateEmail, ValidateLength};

use crate::error::{AppError, AppResult, FieldErrors};

#[derive(Default)]
pub struct Check {
    errors: FieldErrors,
}

impl Check {
    pub fn new() -> Self {
        Self::default()
    }

    fn has(&self, field: &str) -> bool {
        self.errors.contains_key(field)
    }

    /// Records a message for the field unless it already has one (the first failed rule wins).
    pub fn fail(&mut self, field: &str, message: impl Into<String>) -> &mut Self {
        self.errors.entry(field.to_string()).or_insert_with(|| message.into());
        self
    }

    pub fn rule(&mut self, field: &str, ok: bool, message: &str) -> &mut Self {
        if !ok && !self.has(field) {
            self.fail(field, message);
        }
        self
    }

    /// Non-empty after trimming.
    pub fn required(&mut self, field: &str, value: &str, message: &str) -> &mut Self {
        self.rule(field, !value.trim().is_empty(), message)
    }

    pub fn max_chars(&mut self, field: &str, value: &str, max: u64, message: &str) -> &mut Self {
        self.rule(field, value.validate_length(None, Some(max), None), message)
    }

    pub fn min_chars(&mut self, field: &str, value: &str, min: u64, message: &str) -> &mut Self {
        self.rule(field, value.validate_length(Some(min), None, None), message)
    }

    pub fn finish(&mut self) -> AppResult<()> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(AppError::Validation(std::mem::take(&mut self.errors)))
        }
    }
}

/// A simple e-mail shape (HTML5 rules, as the validator crate implements them), at most 254 characters.
pub fn is_email(value: &str) -> bool {
    let v = value.trim();
    v.len() <= 254 && v.validate_email() && v.contains('.')
}

/// A record id: a ULID (26 Crockford base-32 characters).
pub fn is_id(value: &str) -> bool {
    value.len() == 26 && ulid::Ulid::from_string(value).is_ok()
}

/// Normalised e-mail address (trimmed, lower case).
pub fn normalize_email(value: &str) -> String {
    value.trim().to_lowercase()
}

/// Fields whose text may run over several lines (a description, a reason, a comment, a message); every other text
/// field is one line.
pub const MULTILINE_FIELDS: &[&str] = &["description", "reason", "comment", "message", "text", "notes", "note"];

pub const NO_LINE_BREAKS: &str = "Line breaks and control characters are not allowed here.";
pub const NO_CONTROL_CHARACTERS: &str = "Control characters are not allowed here.";

/// The text fields of a request body that hold control characters, each with its message: no C0 control character
/// but tab anywhere, and line breaks (LF, or CR LF) only in [`MULTILINE_FIELDS`]. A name with a line break would
/// write lines of its own into a calendar feed, a mail subject or a chat message. Nested fields are named by their
/// path (`items.0.title`), as the other field errors are.
pub fn control_characters(body: &serde_json::Value) -> FieldErrors {
    let mut errors = FieldErrors::new();
    walk(body, "", false, &mut errors);
    errors
}

fn walk(value: &serde_json::Value, path: &str, multiline: bool, errors: &mut FieldErrors) {
    match value {
        serde_json::Value::String(text) => {
            if let Some(message) = text_fault(text, multiline) {
                errors.entry(path.to_string()).or_insert_with(|| message.to_string());
            }
        }
        serde_json::Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                walk(item, &join(path, &i.to_string()), multiline, errors);
            }
        }
        serde_json::Value::Object(fields) => {
            for (key, item) in fields {
                walk(item, &join(path, key), MULTILINE_FIELDS.contains(&key.as_str()), errors);
            }
        }
        _ => {}
    }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

fn text_fault(text: &str, multiline: bool) -> Option<&'static str> {
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let fine = match c {
            '\t' => true,
            '\n' => multiline,
            '\r' => multiline && chars.peek() == Some(&'\n'),
            c => !c.is_ascii_control() || c == '\u{7f}',
        };
        if !fine {
            return Some(if multiline { NO_CONTROL_CHARACTERS } else { NO_LINE_BREAKS });
        }
    }
    None
}

#[cfg(test)]
mod control_character_tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn names_are_one_line_and_descriptions_may_break_lines() {
        let body = json!({
            "name": "Eve\r\nBEGIN:VALARM",
            "title": "Tab\tis fine",
            "description": "Line one\r\nline two\nthree",
            "reason": "bare\rreturn",
            "comment": "bell\u{7}",
            "nested": { "items": [{ "title": "a\nb" }, { "title": "ok" }] },
            "type": "Nul\u{0}",
            "count": 3,
        });
        let errors = control_characters(&body);
        let mut fields: Vec<&str> = errors.keys().map(String::as_str).collect();
        fields.sort();
        assert_eq!(fields, ["comment", "name", "nested.items.0.title", "reason", "type"]);
        assert_eq!(errors["name"], NO_LINE_BREAKS);
        assert_eq!(errors["reason"], NO_CONTROL_CHARACTERS);
        assert!(control_characters(&json!({ "name": "Zoë Ünal — ok" })).is_empty());
    }
}
