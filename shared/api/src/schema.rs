//! The OpenAPI shapes of the wire formats the records use (ids, days, times, timestamps) and of the paging
//! parameters, for `#[schema(schema_with = ...)]` on the fields that carry them and for hand-written parameters.
//! The patterns are the ones the validators accept.

use serde_json::json;
use utoipa::openapi::{RefOr, Schema};

use bt_app::records::paging::{DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE};

pub const ULID_PATTERN: &str = "^[0-9A-HJKMNP-TV-Z]{26}$";
pub const DATE_PATTERN: &str = "^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$";
pub const TIME_PATTERN: &str = "^([01]\\d|2[0-3]):[0-5]\\d$";

fn schema(value: serde_json::Value) -> RefOr<Schema> {
    serde_json::from_value(value).expect("a valid schema")
}

fn or_null(value: serde_json::Value) -> RefOr<Schema> {
    let mut value = value;
    let kind = value["type"].take();
    value["type"] = json!([kind, "null"]);
    schema(value)
}

fn ulid_json() -> serde_json::Value {
    json!({ "type": "string", "pattern": ULID_PATTERN, "example": "01HZX3Y8Q2W5E7R9T1V3B5N7M9" })
}

fn date_json() -> serde_json::Value {
    json!({ "type": "string", "format": "date", "pattern": DATE_PATTERN, "example": "2024-05-06" })
}

/// A record or user id: a ULID.
pub fn ulid() -> RefOr<Schema> {
    schema(ulid_json())
}

/// A calendar day, `YYYY-MM-DD`.
pub fn date() -> RefOr<Schema> {
    schema(date_json())
}

/// A calendar day, or null.
pub fn date_or_null() -> RefOr<Schema> {
    or_null(date_json())
}

/// A wall-clock time, `HH:MM`.
pub fn time() -> RefOr<Schema> {
    schema(json!({ "type": "string", "pattern": TIME_PATTERN, "description": "24-hour HH:MM", "example": "09:30" }))
}

/// An instant, RFC 3339 UTC.
pub fn stamp() -> RefOr<Schema> {
    schema(json!({ "type": "string", "format": "date-time" }))
}

/// An instant, RFC 3339 UTC, or null.
pub fn stamp_or_null() -> RefOr<Schema> {
    or_null(json!({ "type": "string", "format": "date-time" }))
}

/// A role in a team.
pub fn role() -> RefOr<Schema> {
    schema(json!({ "type": "string", "enum": ["admin", "hr", "member"] }))
}

/// A language of the product, by its ISO 639-1 code.
pub fn language() -> RefOr<Schema> {
    schema(json!({ "type": "string", "enum": ["en", "de", "fr", "es"] }))
}

/// A text field as a create reads it: trimmed, not blank.
pub fn required_text(max_length: usize) -> RefOr<Schema> {
    schema(json!({ "type": "string", "maxLength": max_length, "minLength": 1, "pattern": "\\S" }))
}

/// The `skip` query parameter of a list.
pub fn skip_schema() -> RefOr<Schema> {
    schema(json!({ "type": "integer", "minimum": 0, "default": 0 }))
}

/// The `limit` query parameter of a list.
pub fn limit_schema() -> RefOr<Schema> {
    schema(json!({ "type": "integer", "minimum": 1, "maximum": MAX_PAGE_SIZE, "default": DEFAULT_PAGE_SIZE }))
}
