//! Which understanding answers: the built-in engine, or a hosted language model with the engine as its fallback.
//!
//! The model is reached through the domain's port [`LanguageModel`] (one system prompt and one message in, text
//! out); an adapter implements it (Amazon Bedrock's Converse API in `bt-adapters-aws`, wired by `main.rs` when built
//! with the `bedrock` feature). Everything about understanding stays here: the model is asked for one strict JSON
//! object `{"intent": ..., "topic": ..., "fields": {...}}` ([`prompt`]), and its answer is read against the same
//! schema the built-in engine fills (field names, types and the record's own checks, [`read_answer`]). Anything else
//! (an error, a timeout, text that is not that object) is logged, and the built-in engine answers instead.

use std::sync::Arc;
use std::time::Duration;

use chrono::Datelike;
use serde_json::{Map, Value};

pub use bt_domain::assistant::{LanguageModel, ModelError};

use crate::understand::{checked, understand, Context, HelpTopic, Intent, Proposal, Understanding};

/// How long a model answer may take before the built-in engine answers instead.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(3);

/// The assistant's understanding provider, chosen once at start-up.
#[derive(Clone)]
pub struct Assistant {
    model: Option<Arc<dyn LanguageModel>>,
    timeout: Duration,
}

impl Assistant {
    /// Only the built-in engine.
    pub fn built_in() -> Assistant {
        Assistant { model: None, timeout: DEFAULT_TIMEOUT }
    }

    /// A hosted model first, the built-in engine whenever its answer is unusable.
    pub fn with_model(model: Arc<dyn LanguageModel>) -> Assistant {
        Assistant { model: Some(model), timeout: DEFAULT_TIMEOUT }
    }

    /// How long the model may take (3 s unless told).
    pub fn with_timeout(mut self, timeout: Duration) -> Assistant {
        self.timeout = timeout;
        self
    }

    pub fn has_model(&self) -> bool {
        self.model.is_some()
    }

    pub async fn understand(&self, message: &str, ctx: &Context) -> Understanding {
        if let Some(model) = &self.model {
            match self.ask(model.as_ref(), message, ctx).await {
                Ok(u) => return u,
                Err(e) => tracing::warn!(error = %e, "model answer unusable; using the built-in engine"),
            }
        }
        understand(message, ctx)
    }

    /// The model's understanding of `message`, within the time allowed and checked like the built-in engine's.
    async fn ask(&self, model: &dyn LanguageModel, message: &str, ctx: &Context) -> Result<Understanding, ModelError> {
        let text = tokio::time::timeout(self.timeout, model.complete(&prompt(ctx), message))
            .await
            .map_err(|_| ModelError::Timeout)??;
        read_answer(&text, ctx)
    }
}

impl Default for Assistant {
    fn default() -> Self {
        Assistant::built_in()
    }
}

/// The provider the environment asks for: `ASSISTANT_PROVIDER=bedrock` with `BEDROCK_MODEL_ID` (and optionally
/// `BEDROCK_ENDPOINT`), else the built-in engine. Building the provider is the start-up's (`main.rs`), which alone
/// may reach an adapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Provider {
    BuiltIn,
    Bedrock { model_id: String, endpoint: Option<String> },
}

impl Provider {
    pub fn from_env() -> Provider {
        Provider::from_vars(|name| std::env::var(name).ok())
    }

    /// As [`Provider::from_env`], from any source of variables; blank values count as unset.
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Provider {
        let var = |n: &str| var(n).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        match var("ASSISTANT_PROVIDER") {
            None => Provider::BuiltIn,
            Some(p) if p.eq_ignore_ascii_case("builtin") => Provider::BuiltIn,
            Some(p) if p.eq_ignore_ascii_case("bedrock") => match var("BEDROCK_MODEL_ID") {
                Some(model_id) => Provider::Bedrock { model_id, endpoint: var("BEDROCK_ENDPOINT") },
                None => {
                    tracing::warn!("ASSISTANT_PROVIDER=bedrock without BEDROCK_MODEL_ID; using the built-in engine");
                    Provider::BuiltIn
                }
            },
            Some(p) => {
                tracing::warn!(provider = %p, "unknown assistant provider; using the built-in engine");
                Provider::BuiltIn
            }
        }
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

    #[test]
    fn the_environment_chooses_the_provider() {
        let vars = |pairs: &'static [(&'static str, &'static str)]| {
            move |n: &str| pairs.iter().find(|(k, _)| *k == n).map(|(_, v)| v.to_string())
        };
        assert_eq!(Provider::from_vars(vars(&[])), Provider::BuiltIn);
        assert_eq!(Provider::from_vars(vars(&[("ASSISTANT_PROVIDER", "builtin")])), Provider::BuiltIn);
        assert_eq!(Provider::from_vars(vars(&[("ASSISTANT_PROVIDER", "bedrock")])), Provider::BuiltIn);
        assert_eq!(
            Provider::from_vars(vars(&[("ASSISTANT_PROVIDER", "openai"), ("BEDROCK_MODEL_ID", "m")])),
            Provider::BuiltIn
        );
        assert_eq!(
            Provider::from_vars(vars(&[
                ("ASSISTANT_PROVIDER", " Bedrock "),
                ("BEDROCK_MODEL_ID", "m"),
                ("BEDROCK_ENDPOINT", " ")
            ])),
            Provider::Bedrock { model_id: "m".into(), endpoint: None }
        );
        assert_eq!(
            Provider::from_vars(vars(&[
                ("ASSISTANT_PROVIDER", "bedrock"),
                ("BEDROCK_MODEL_ID", "m"),
                ("BEDROCK_ENDPOINT", "http://127.0.0.1:9"),
            ])),
            Provider::Bedrock { model_id: "m".into(), endpoint: Some("http://127.0.0.1:9".into()) }
        );
    }
}
