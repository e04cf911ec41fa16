//! The team's audit log as admins read it.

use serde::Serialize;
use serde_json::json;
use utoipa::openapi::{RefOr, Schema};
use utoipa::ToSchema;

use bt_app::account::audit as dom;

fn schema(value: serde_json::Value) -> RefOr<Schema> {
    serde_json::from_value(value).expect("a valid schema")
}

/// The name of every action the log records.
pub fn action_schema() -> RefOr<Schema> {
    let names: Vec<&str> = dom::Action::ALL.iter().map(|a| a.as_str()).collect();
    schema(json!({ "type": "string", "enum": names }))
}

/// A setting or record as it was or became (any JSON value), or null.
fn state_schema() -> RefOr<Schema> {
    use utoipa::openapi::schema::{Object, SchemaType};
    Object::builder()
        .schema_type(SchemaType::AnyValue)
        .description(Some("The setting or record (any JSON value), or null when there is none"))
        .into()
}

fn nullable_string() -> RefOr<Schema> {
    schema(json!({ "type": ["string", "null"] }))
}

/// One entry: who did what, when, to whose data.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    pub id: String,
    /// UTC, with milliseconds.
    pub at: String,
    pub actor_id: String,
    /// The display name the actor had then (chosen by them: two people may share one).
    pub actor_name: String,
    /// The actor's account e-mail address, which tells them apart; null when their account is gone and the entry
    /// is older than the address being kept with it.
    #[schema(schema_with = nullable_string, required = true)]
    pub actor_email: Option<String>,
    #[schema(schema_with = action_schema)]
    pub action: String,
    /// Whose data it is, when it is one person's.
    #[schema(schema_with = nullable_string, required = true)]
    pub subject_id: Option<String>,
    #[schema(schema_with = nullable_string, required = true)]
    pub subject_name: Option<String>,
    /// What it concerns (a leave's days, a type's name, an address).
    pub summary: String,
    #[schema(schema_with = state_schema, required = true)]
    pub before: Option<serde_json::Value>,
    #[schema(schema_with = state_schema, required = true)]
    pub after: Option<serde_json::Value>,
}

impl From<dom::Entry> for AuditEntry {
    fn from(e: dom::Entry) -> Self {
        AuditEntry {
            id: e.id,
            at: e.at,
            actor_id: e.actor_id.to_string(),
            actor_name: e.actor_name,
            actor_email: e.actor_email,
            action: e.action.as_str().to_string(),
            subject_id: e.subject_id.map(|s| s.to_string()),
            subject_name: e.subject_name,
            summary: e.summary,
            before: e.before,
            after: e.after,
        }
    }
}

/// A page of the log, newest first.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditPage {
    pub entries: Vec<AuditEntry>,
    /// Pass as `cursor` for the next page; null on the last one.
    #[schema(schema_with = nullable_string, required = true)]
    pub next_cursor: Option<String>,
}

impl From<dom::Page> for AuditPage {
    fn from(p: dom::Page) -> Self {
        AuditPage { entries: p.entries.into_iter().map(AuditEntry::from).collect(), next_cursor: p.next_cursor }
    }
}

/// The CSV's columns, in order (`actorEmail` last, so the columns before it keep their places).
pub const CSV_HEADER: [&str; 11] = [
    "at",
    "actorId",
    "actorName",
    "action",
    "subjectId",
    "subjectName",
    "summary",
    "before",
    "after",
    "id",
    "actorEmail",
];

/// An entry as a CSV row (before and after as compact JSON).
pub fn csv_row(e: &dom::Entry) -> Vec<String> {
    let text = |v: &Option<serde_json::Value>| v.as_ref().map(|v| v.to_string()).unwrap_or_default();
    vec![
        e.at.clone(),
        e.actor_id.to_string(),
        e.actor_name.clone(),
        e.action.as_str().to_string(),
        e.subject_id.as_ref().map(|s| s.to_string()).unwrap_or_default(),
        e.subject_name.clone().unwrap_or_default(),
        e.summary.clone(),
        text(&e.before),
        text(&e.after),
        e.id.clone(),
        e.actor_email.clone().unwrap_or_default(),
    ]
}
