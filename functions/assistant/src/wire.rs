//! The endpoint's wire shapes: the request body and the reply with the schemas the API document shows. Only this
//! function reads and writes them, so they live here (not in `bt-api`); the reply converts from the engine's
//! [`buddy::Reply`], field by field.

use bt_app::buddy::{self, answer::Action};
use bt_app::error::FieldErrors;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::openapi::{RefOr, Schema};
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = AskInput)]
pub struct AskBody {
    #[schema(required = true, nullable = false, max_length = 1000)]
    pub message: Option<String>,
}

/// `data` of `POST /assistant/ask`: the summary and the actions (the pre-filled record first), plus what was
/// understood, the fields still to fill in and any value that was left out because a record would refuse it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = AssistantReply)]
pub struct Reply {
    pub summary: String,
    #[schema(schema_with = actions_schema)]
    pub actions: Vec<Action>,
    #[schema(schema_with = intent_schema)]
    pub intent: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(schema_with = topic_schema, required = false)]
    pub topic: Option<&'static str>,
    /// The fields still to fill in (left out when none)
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(required = false)]
    pub missing: Vec<String>,
    /// Field to message, for each value left out because a record would refuse it (left out when none)
    #[serde(skip_serializing_if = "FieldErrors::is_empty")]
    #[schema(value_type = std::collections::BTreeMap<String, String>, required = false)]
    pub problems: FieldErrors,
}

impl From<buddy::Reply> for Reply {
    fn from(reply: buddy::Reply) -> Reply {
        let buddy::Reply { summary, actions, intent, topic, missing, problems } = reply;
        Reply { summary, actions, intent, topic, missing, problems }
    }
}

fn schema(value: serde_json::Value) -> RefOr<Schema> {
    serde_json::from_value(value).expect("a valid schema")
}

fn actions_schema() -> RefOr<Schema> {
    schema(json!({ "type": "array", "items": { "type": "object", "description":
        "`action` (createBreak, createTask, createLeave, createMeeting, createChecklist, logWork) plus the record's \
         fields; logWork: date, start, end, note and breaks (type, startTime, endTime)" } }))
}

/// [`Intent::name`](bt_app::buddy::understand::Intent::name).
fn intent_schema() -> RefOr<Schema> {
    schema(json!({ "type": "string", "enum": [
        "createBreak", "createTask", "createLeave", "createMeeting", "createChecklist", "breakMinutesToday",
        "breakMinutesWeek", "agendaToday", "whoIsOnBreak", "whoIsOffToday", "whoIsOff", "leaveBalance",
        "openTasksByPriority", "clockIn", "clockOut", "logWork", "workedToday", "workedWeek", "overtimeBalance",
        "nextBreakDue", "breaksEnough", "help", "unknown"
    ] }))
}

/// The help topic ([`HelpTopic::as_str`](bt_app::buddy::understand::HelpTopic::as_str)), for `help` alone.
fn topic_schema() -> RefOr<Schema> {
    schema(json!({ "type": "string", "enum": [
        "general", "breaks", "liveBreaks", "tasks", "leaves", "meetings", "checklist", "archives", "team", "profile"
    ] }))
}
