//! Understanding by a hosted model on Amazon Bedrock (Converse API), behind the `bedrock` feature.
//!
//! The model is asked for one strict JSON object `{"intent": ..., "topic": ..., "fields": {...}}`. Its answer is
//! read against the same schema the built-in engine fills (field names, types and the record's own checks); anything
//! else (an error, a timeout, text that is not that object) is an error, and the caller falls back to the built-in
//! engine.

use std::fmt;
use std::time::Duration;

use aws_sdk_bedrockruntime::error::DisplayErrorContext;
use aws_sdk_bedrockruntime::types::{
    ContentBlock, ConversationRole, ConverseOutput, InferenceConfiguration, Message, SystemContentBlock,
};
use aws_sdk_bedrockruntime::Client;
use chrono::Datelike;
use serde_json::{Map, Value};
use tokio::sync::OnceCell;

use crate::understand::{checked, Context, HelpTopic, Intent, Proposal, Understanding};

/// How long a model answer may take before the built-in engine answers instead.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(3);

#[derive(Debug)]
pub enum ModelError {
    Call(String),
    Timeout,
    Malformed(String),
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::Call(e) => write!(f, "model call failed: {e}"),
            ModelError::Timeout => write!(f, "model timed out"),
            ModelError::Malformed(e) => write!(f, "malformed model answer: {e}"),
        }
    }
}

impl std::error::Error for ModelError {}

pub struct Bedrock {
    client: Client,
    model_id: String,
    timeout: Duration,
}

impl Bedrock {
    pub fn new(client: Client, model_id: impl Into<String>) -> Bedrock {
        Bedrock { client, model_id: model_id.into(), timeout: DEFAULT_TIMEOUT }
    }

    pub fn with_timeout(mut self, timeout: Duration) -> Bedrock {
        self.timeout = timeout;
        self
    }

    /// A client from the default AWS configuration (the Lambda's role and region), optionally at another endpoint.
    pub async fn from_aws_config(model_id: String, endpoint: Option<String>) -> Bedrock {
        let sdk = bt_adapters_aws::sdk::aws_config_from_env().await;
        let mut config = aws_sdk_bedrockruntime::config::Builder::from(&sdk);
        if let Some(url) = endpoint {
            config = config.endpoint_url(url);
        }
        Bedrock::new(Client::from_conf(config.build()), model_id)
    }

    pub async fn understand(&self, message: &str, ctx: &Context) -> Result<Understanding, ModelError> {
        let user = Message::builder()
            .role(ConversationRole::User)
            .content(ContentBlock::Text(message.to_string()))
            .build()
            .map_err(|e| ModelError::Call(e.to_string()))?;
        let call = self
            .client
            .converse()
            .model_id(&self.model_id)
            .system(SystemContentBlock::Text(prompt(ctx)))
            .messages(user)
            .inference_config(InferenceConfiguration::builder().max_tokens(600).temperature(0.0).build())
            .send();
        let output = tokio::time::timeout(self.timeout, call)
            .await
            .map_err(|_| ModelError::Timeout)?
            .map_err(|e| ModelError::Call(DisplayErrorContext(e).to_string()))?;
        let text = match output.output() {
            Some(ConverseOutput::Message(m)) => {
                m.content().iter().filter_map(|b| b.as_text().ok()).map(String::as_str).collect::<String>()
            }
            _ => return Err(ModelError::Malformed("no message in the answer".into())),
        };
        read_answer(&text, ctx)
    }
}

/// The model client, made on the first question (building it reads the AWS configuration, which is async).
pub struct Lazy {
    cell: OnceCell<Bedrock>,
    model_id: String,
    endpoint: Option<String>,
}

impl Lazy {
    /// `ASSISTANT_PROVIDER=bedrock` with `BEDROCK_MODEL_ID` (and optionally `BEDROCK_ENDPOINT`).
    pub fn from_env() -> Option<Lazy> {
        let var = |n: &str| std::env::var(n).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        if !var("ASSISTANT_PROVIDER").is_some_and(|p| p.eq_ignore_ascii_case("bedrock")) {
            return None;
        }
        let Some(model_id) = var("BEDROCK_MODEL_ID") else {
            tracing::warn!("ASSISTANT_PROVIDER=bedrock without BEDROCK_MODEL_ID; using the built-in engine");
            return None;
        };
        Some(Lazy { cell: OnceCell::new(), model_id, endpoint: var("BEDROCK_ENDPOINT") })
    }

    pub fn ready(model: Bedrock) -> Lazy {
        let model_id = model.model_id.clone();
        Lazy { cell: OnceCell::new_with(Some(model)), model_id, endpoint: None }
    }

    pub async fn get(&self) -> &Bedrock {
        self.cell.get_or_init(|| Bedrock::from_aws_config(self.model_id.clone(), self.endpoint.clone())).await
    }
}

/// The system prompt: what to answer, in which shape, against which "now" and break types.
pub fn prompt(ctx: &Context) -> String {
    let now = ctx.now;
    format!(
        r#"You read one message typed into Break Buddy, the assistant of a workplace app for breaks, tasks, leaves, meetings and a daily checklist. Answer with ONE JSON object and nothing else (no prose, no code fence):
{{"intent": string, "topic": string or null, "fields": object}}

intent is one of: createBreak, createTask, createLeave, createMeeting, createChecklist, breakMinutesToday, breakMinutesWeek, agendaToday, whoIsOnBreak, whoIsOffToday, openTasksByPriority, help, unknown.
topic (help only): general, breaks, liveBreaks, tasks, leaves, meetings, checklist, archives, team, profile.
fields, only for the create intents, with exactly these keys:
- createBreak: type (one of: {types}), reason, startTime, endTime, createdDate
- createTask: title, description, scheduled, status (To Do, In Progress, In Review, Completed, Invalid, On Hold, Deferred, Blocked; default To Do), priority (Normal, Important, Critical, Low, High, Urgent, Blocker; default Normal)
- createLeave: fromDate, toDate, reason, days (number: inclusive day count, or null)
- createMeeting: from, to, scheduleDate, description
- createChecklist: task, status (false), createdDate, isFeature (boolean)
Times are "HH:MM" (24 hour), dates "YYYY-MM-DD". Strings you cannot fill from the message are "" (never invent them); a date not mentioned is today for a break, task, meeting or checklist item.
Now is {weekday} {date} {time} (the person's time zone {tz}). A break is usually logged after it happened."#,
        types = ctx.break_types.join(", "),
        weekday = now.weekday(),
        date = now.format("%Y-%m-%d"),
        time = now.format("%H:%M"),
        tz = now.timezone().name(),
    )
}

/// Reads the model's text as the strict answer object, and checks a proposal like the built-in engine's.
pub fn read_answer(text: &str, ctx: &Context) -> Result<Understanding, ModelError> {
    let bad = |m: &str| ModelError::Malformed(m.to_string());
    let value: Value = serde_json::from_str(text.trim()).map_err(|e| ModelError::Malformed(e.to_string()))?;
    let obj = value.as_object().ok_or_else(|| bad("not an object"))?;
    let name = obj.get("intent").and_then(Value::as_str).ok_or_else(|| bad("no intent"))?;
    let topic = obj.get("topic").and_then(Value::as_str);
    if name == "help" && topic.is_some_and(|t| HelpTopic::parse(t).is_none()) {
        return Err(bad("unknown help topic"));
    }
    let intent = Intent::parse(name, topic).ok_or_else(|| bad("unknown intent"))?;
    let Some(kind) = intent.kind() else {
        return Ok(Understanding::of_intent(intent));
    };
    let today = ctx.now.date_naive();
    let mut fields = Proposal::empty(kind, today).fields();
    let given = match obj.get("fields") {
        Some(Value::Object(m)) => m.clone(),
        None | Some(Value::Null) => Map::new(),
        Some(_) => return Err(bad("fields is not an object")),
    };
    for (key, v) in given {
        let slot = fields.get(&key).ok_or_else(|| ModelError::Malformed(format!("unknown field {key}")))?;
        let same_type = matches!(
            (slot, &v),
            (Value::String(_), Value::String(_))
                | (Value::Bool(_), Value::Bool(_))
                | (Value::Null | Value::Number(_), Value::Null | Value::Number(_))
        );
        if !same_type {
            return Err(ModelError::Malformed(format!("{key} has the wrong type")));
        }
        let v = match v {
            Value::String(s) => Value::String(s.trim().to_string()),
            other => other,
        };
        fields.insert(key, v);
    }
    fields.insert("action".into(), Value::from(intent.name()));
    let mut proposal: Proposal =
        serde_json::from_value(Value::Object(fields)).map_err(|e| ModelError::Malformed(e.to_string()))?;
    match &mut proposal {
        // Only the team's own break types; a type the team does not have is left for the person to choose.
        Proposal::Break(b) => {
            b.break_type = ctx
                .break_types
                .iter()
                .find(|t| t.eq_ignore_ascii_case(b.break_type.trim()))
                .cloned()
                .unwrap_or_default();
        }
        // The day count is the record's to compute, never the model's.
        Proposal::Leave(l) => {
            l.days = match (
                chrono::NaiveDate::parse_from_str(&l.from_date, "%Y-%m-%d"),
                chrono::NaiveDate::parse_from_str(&l.to_date, "%Y-%m-%d"),
            ) {
                (Ok(f), Ok(t)) if t >= f => Some((t - f).num_days() + 1),
                _ => None,
            };
        }
        _ => {}
    }
    Ok(checked(intent, proposal, today))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn ctx() -> Context {
        let now = chrono_tz::Europe::London.with_ymd_and_hms(2026, 3, 11, 10, 30, 0).unwrap();
        Context::new(now, vec!["Coffee Break".into(), "Lunch Break".into()])
    }

    #[test]
    fn a_strict_answer_becomes_a_checked_proposal() {
        let u = read_answer(
            r#"{"intent":"createBreak","topic":null,"fields":{"type":"coffee break","startTime":"15:00","endTime":"15:15","createdDate":"2026-03-11","reason":""}}"#,
            &ctx(),
        )
        .unwrap();
        let Some(Proposal::Break(b)) = u.proposal else { panic!() };
        assert_eq!(
            (b.break_type.as_str(), b.start_time.as_str(), b.end_time.as_str()),
            ("Coffee Break", "15:00", "15:15")
        );
    }

    #[test]
    fn values_a_record_refuses_are_left_out() {
        let u = read_answer(
            r#"{"intent":"createLeave","fields":{"fromDate":"2026-03-20","toDate":"2026-03-18","reason":"Trip","days":99}}"#,
            &ctx(),
        )
        .unwrap();
        let Some(Proposal::Leave(l)) = &u.proposal else { panic!() };
        assert_eq!((l.to_date.as_str(), l.days), ("", None));
        assert_eq!(u.problems.get("toDate").map(String::as_str), Some("To date must be after From date."));
    }

    #[test]
    fn anything_but_the_schema_is_refused() {
        for text in [
            "Sure! Here is your break.",
            r#"{"intent":"createBreak","fields":{"colour":"red"}}"#,
            r#"{"intent":"createBreak","fields":{"startTime":15}}"#,
            r#"{"intent":"bookFlight"}"#,
            r#"{"intent":"help","topic":"weather"}"#,
            r#"["createBreak"]"#,
        ] {
            assert!(read_answer(text, &ctx()).is_err(), "{text}");
        }
    }

    #[test]
    fn the_prompt_names_now_and_the_teams_types() {
        let p = prompt(&ctx());
        assert!(p.contains("Wed 2026-03-11 10:30"));
        assert!(p.contains("Coffee Break, Lunch Break"));
    }
}
