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
