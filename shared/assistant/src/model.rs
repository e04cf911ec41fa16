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

pub use bt_core::assistant::{LanguageModel, ModelError};

use bt_records::dates::DateRange;

use crate::understand::{checked, understand, Context, HelpTopic, Intent, Proposal, Understanding};

/// The longest span a "who is off" question may ask about.
const MAX_PERIOD_DAYS: i64 = 366;

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
        // Working time ("clock me in", "worked 8 to 5 ...") is read on cues no other request uses: the built-in
        // engine answers it, whatever the provider.
        let built_in = understand(message, ctx);
        if built_in.intent.is_work() {
            return built_in;
        }
        if let Some(model) = &self.model {
            match self.ask(model.as_ref(), message, ctx).await {
                Ok(u) => return with_people(u, &built_in),
                Err(e) => tracing::warn!(error = %e, "model answer unusable; using the built-in engine"),
            }
        }
        built_in
    }

    /// The model's understanding of `message`, within the time allowed and checked like the built-in engine's.
    async fn ask(&self, model: &dyn LanguageModel, message: &str, ctx: &Context) -> Result<Understanding, ModelError> {
        let text = tokio::time::timeout(self.timeout, model.complete(&prompt(ctx), message))
            .await
            .map_err(|_| ModelError::Timeout)??;
        let mut u = read_answer(&text, ctx)?;
        // A question about a form's options is answered with the list, whoever decided it was a help question.
        if matches!(u.intent, Intent::Help(_)) {
            u.options = crate::understand::options_asked(message);
        }
        Ok(u)
    }
}

/// The teammates a meeting invites are matched to the sentence's names by the built-in engine, whoever read the rest
/// (a model is never trusted with user ids); its title too, when the model gave none.
fn with_people(mut u: Understanding, built_in: &Understanding) -> Understanding {
    if let (Some(Proposal::Meeting(m)), Some(Proposal::Meeting(b))) = (&mut u.proposal, &built_in.proposal) {
        m.attendees.clone_from(&b.attendees);
        m.unclear.clone_from(&b.unclear);
        if m.title.is_empty() {
            m.title = crate::understand::meeting_title(&m.description);
        }
    }
    u
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

intent is one of: createBreak, createTask, createLeave, createMeeting, createChecklist, breakMinutesToday, breakMinutesWeek, agendaToday, whoIsOnBreak, whoIsOffToday, whoIsOff, leaveBalance, openTasksByPriority, help, unknown.
whoIsOffToday: who of the team is away today. whoIsOff: who of the team is away on other days ("next week", "tomorrow", "on Friday"). leaveBalance: the person's own leave days left, taken and pending this year.
topic (help only): general, breaks, liveBreaks, tasks, leaves, meetings, checklist, archives, team, profile.
fields, only for the create intents and whoIsOff, with exactly these keys:
- createBreak: type (one of: {types}), reason, startTime, endTime, createdDate
- createTask: title, description, scheduled, status (To Do, In Progress, In Review, Completed, Invalid, On Hold, Deferred, Blocked; default To Do), priority (Normal, Important, Critical, Low, High, Urgent, Blocker; default Normal)
- createLeave: fromDate, toDate, reason, days (number: inclusive day count, or null), type (the leave type the message names, one of: {leave_types}; "" when it names none)
- createMeeting: title (a short name: the topic, "Budget" for "about the budget"; else ""), from, to, scheduleDate, description
- createChecklist: task, status (false), createdDate, isFeature (boolean)
- whoIsOff: from, to (the first and last day asked about; a week is Monday to Sunday)
Times are "HH:MM" (24 hour), dates "YYYY-MM-DD". Strings you cannot fill from the message are "" (never invent them); a date not mentioned is today for a break, task, meeting or checklist item.
Now is {weekday} {date} {time} (the person's time zone {tz}). A break is usually logged after it happened."#,
        types = ctx.break_types.join(", "),
        leave_types = ctx.leave_types.iter().map(|t| t.name.as_str()).collect::<Vec<_>>().join(", "),
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
    let today = ctx.now.date_naive();
    let mut given = match obj.get("fields") {
        Some(Value::Object(m)) => m.clone(),
        None | Some(Value::Null) => Map::new(),
        Some(_) => return Err(bad("fields is not an object")),
    };
    match intent {
        Intent::WhoIsOffToday => return Ok(Understanding::who_is_off(DateRange::day(today), today)),
        Intent::WhoIsOff => return Ok(Understanding::who_is_off(read_period(&given)?, today)),
        _ => {}
    }
    let Some(kind) = intent.kind() else {
        return Ok(Understanding::of_intent(intent));
    };
    let mut fields = Proposal::empty(kind, today).fields();
    // A leave's type is named by the model and looked up among the team's types: an id is never taken on trust.
    let leave_type = match kind {
        crate::understand::Kind::Leave => {
            let by_name = given.remove("type");
            let by_id = given.remove("typeId");
            match (by_name, by_id) {
                (Some(Value::String(n)), _) if !n.trim().is_empty() => {
                    ctx.leave_types.iter().find(|t| t.name.trim().eq_ignore_ascii_case(n.trim())).map(|t| t.id.clone())
                }
                (_, Some(Value::String(id))) => ctx.leave_type(id.trim()).map(|t| t.id.clone()),
                (None | Some(Value::Null | Value::String(_)), None | Some(Value::Null)) => None,
                _ => return Err(bad("type has the wrong type")),
            }
        }
        _ => None,
    };
    // The people a meeting invites are the built-in engine's to match ([`with_people`]).
    given.remove("attendees");
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
            l.type_id = leave_type;
        }
        _ => {}
    }
    Ok(checked(intent, proposal, today))
}

/// The days of a `whoIsOff` answer: `from` and `to`, both dates, in order, at most a year apart.
fn read_period(fields: &Map<String, Value>) -> Result<DateRange, ModelError> {
    let date = |key: &str| {
        fields
            .get(key)
            .and_then(Value::as_str)
            .and_then(|s| chrono::NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d").ok())
            .ok_or_else(|| ModelError::Malformed(format!("{key} is not a date")))
    };
    let (from, to) = (date("from")?, date("to")?);
    if to < from || (to - from).num_days() >= MAX_PERIOD_DAYS {
        return Err(ModelError::Malformed("not a span of days".into()));
    }
    Ok(DateRange { from, to })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn ctx() -> Context {
        let now = chrono_tz::Europe::London.with_ymd_and_hms(2026, 3, 11, 10, 30, 0).unwrap();
        Context::new(now, vec!["Coffee Break".into(), "Lunch Break".into()]).with_leave_types(vec![
            crate::understand::TeamLeaveType::new("00000000000000000000000001", "Vacation", true),
            crate::understand::TeamLeaveType::new("00000000000000000000000002", "Sick", false),
            crate::understand::TeamLeaveType::new("01JQ8Z6Y3V4W5X6Y7Z8A9B0C1D", "Parental leave", false),
        ])
    }

    fn leave_type(answer: &str) -> Option<String> {
        match read_answer(answer, &ctx()).unwrap().proposal {
            Some(Proposal::Leave(l)) => l.type_id,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_leave_type_is_named_and_looked_up_among_the_teams() {
        let leave = |fields: &str| {
            format!(
                r#"{{"intent":"createLeave","fields":{{"fromDate":"2026-03-12","toDate":"2026-03-12","reason":"Flu"{fields}}}}}"#
            )
        };
        assert_eq!(leave_type(&leave(r#","type":"sick""#)).as_deref(), Some("00000000000000000000000002"));
        assert_eq!(leave_type(&leave(r#","type":"Parental leave""#)).as_deref(), Some("01JQ8Z6Y3V4W5X6Y7Z8A9B0C1D"));
        assert_eq!(
            leave_type(&leave(r#","typeId":"00000000000000000000000001""#)).as_deref(),
            Some("00000000000000000000000001")
        );
        // A type the team does not have, an invented id, or none: no typeId, the server's default.
        assert_eq!(leave_type(&leave(r#","type":"Sabbatical""#)), None);
        assert_eq!(leave_type(&leave(r#","typeId":"01HZZZZZZZZZZZZZZZZZZZZZZZ""#)), None);
        assert_eq!(leave_type(&leave(r#","type":"""#)), None);
        assert_eq!(leave_type(&leave("")), None);
        assert!(read_answer(&leave(r#","type":7"#), &ctx()).is_err());
    }

    #[test]
    fn who_is_off_and_the_balance() {
        let u =
            read_answer(r#"{"intent":"whoIsOff","fields":{"from":"2026-03-16","to":"2026-03-22"}}"#, &ctx()).unwrap();
        assert_eq!(u.intent, Intent::WhoIsOff);
        let p = u.period.unwrap();
        assert_eq!((p.from.to_string(), p.to.to_string()), ("2026-03-16".into(), "2026-03-22".into()));
        // Today alone is the today question.
        let u =
            read_answer(r#"{"intent":"whoIsOff","fields":{"from":"2026-03-11","to":"2026-03-11"}}"#, &ctx()).unwrap();
        assert_eq!(u.intent, Intent::WhoIsOffToday);
        let u = read_answer(r#"{"intent":"whoIsOffToday"}"#, &ctx()).unwrap();
        assert_eq!(
            (u.intent, u.period.map(|p| p.from.to_string())),
            (Intent::WhoIsOffToday, Some("2026-03-11".into()))
        );
        for bad in [
            r#"{"intent":"whoIsOff"}"#,
            r#"{"intent":"whoIsOff","fields":{"from":"2026-03-22","to":"2026-03-16"}}"#,
            r#"{"intent":"whoIsOff","fields":{"from":"next week","to":"2026-03-16"}}"#,
            r#"{"intent":"whoIsOff","fields":{"from":"2026-01-01","to":"2027-06-01"}}"#,
        ] {
            assert!(read_answer(bad, &ctx()).is_err(), "{bad}");
        }
        assert_eq!(read_answer(r#"{"intent":"leaveBalance"}"#, &ctx()).unwrap().intent, Intent::LeaveBalance);
        let p = prompt(&ctx());
        assert!(p.contains("whoIsOff, leaveBalance") && p.contains("one of: Vacation, Sick, Parental leave"), "{p}");
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
