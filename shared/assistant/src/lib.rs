//! Break Buddy's engine: it reads a plain sentence, answers questions from the caller's own data and team, and
//! proposes pre-filled records. [`ask`] is the whole of it, as the assistant function calls it.
//!
//! The understanding is built in ([`understand`]): no external service, no key, no cost. A hosted model can be
//! switched on instead through the core's port [`model::LanguageModel`] (the Lambda's `main.rs` with feature
//! `bedrock` and `ASSISTANT_PROVIDER=bedrock`); its answer passes the same checks, and the built-in engine answers
//! whenever the model fails. The answers ([`answer`]) read the caller's data through the records' use cases, never
//! the store. Nothing here knows HTTP, Lambda, AWS, SQLite or OpenAPI (the architecture test keeps it so).

#![warn(clippy::too_many_lines)]

pub mod answer;
pub mod help;
pub mod model;
pub mod rules;
pub mod speech;
pub mod understand;

use bt_accounts::User;
use bt_core::error::AppResult;
use bt_core::i18n::Language;
use bt_core::ratelimit;
use bt_core::services::Services;
use bt_core::validate::Check;
use bt_records::break_types::{team_break_types, DEFAULT_BREAK_TYPES};
use bt_records::leave_types::team_leave_types;
use bt_records::{meetings, Owner};

pub use answer::Reply;
pub use model::Assistant;
use understand::{Context, TeamLeaveType, TeamMember};

/// The longest message accepted.
pub const MAX_MESSAGE_CHARS: u64 = 1000;

/// What a person asked: the message as typed, the address it came from (a guest's questions are counted per
/// address) and the language of the reply (the person's, else their request's).
#[derive(Debug, Clone, Copy)]
pub struct Question<'a> {
    pub message: &'a str,
    pub ip: &'a str,
    pub language: Language,
}

/// Answers a question of `caller` (a guest when `None`): checks the message (422 when missing, blank or over
/// [`MAX_MESSAGE_CHARS`]), counts it against the rate limit (per account, guests per address), reads what the
/// understanding needs of the caller's team, understands the message with `assistant` and replies.
pub async fn ask(
    app: &Services,
    assistant: &Assistant,
    caller: Option<&User>,
    question: Question<'_>,
) -> AppResult<Reply> {
    let Question { message, ip, language } = question;
    Check::new()
        .required("message", message, "Message is required.")
        .max_chars("message", message, MAX_MESSAGE_CHARS, "Message must not exceed 1000 characters.")
        .finish()?;
    // Signed-in people are counted per account; guests (help answers only) per address.
    let limit = app.config.rate_limits.assistant_per_user;
    match caller {
        Some(u) => ratelimit::hit(app, "assistant", &u.id, limit).await?,
        None => ratelimit::hit(app, "assistant-guest", ip, limit).await?,
    }
    let owner = caller.map(Owner::of);
    let ctx = context(app, owner.as_ref()).await?;
    let understanding = understand::as_offered(assistant.understand(message.trim(), &ctx).await, message.trim());
    tracing::info!(intent = understanding.intent.name(), "understood");
    answer::reply(app, owner.as_ref(), &ctx, understanding, language).await
}

/// What the understanding knows of the caller: now in their time zone, their team's break types and leave types,
/// and the teammates a meeting may invite. A guest gets UTC and the product's break types.
async fn context(app: &Services, owner: Option<&Owner>) -> AppResult<Context> {
    let now = app.clock.now();
    let Some(owner) = owner else {
        let types = DEFAULT_BREAK_TYPES.iter().map(|t| t.to_string()).collect();
        return Ok(Context::new(now.with_timezone(&chrono_tz::UTC), types));
    };
    // The types a new leave may take (archived ones are kept for old leaves only). They refine a leave proposal,
    // nothing more: without them a leave is proposed without a type and gets the team's default.
    let leave_types = match team_leave_types(app.table(), &owner.team_id, now).await {
        Ok(types) => types
            .into_iter()
            .filter(|t| !t.archived)
            .map(|t| TeamLeaveType::new(t.id.to_string(), t.name, t.is_default))
            .collect(),
        Err(e) => {
            tracing::warn!(error = %e, "leave types not read; leaves are proposed without a type");
            Vec::new()
        }
    };
    let types = team_break_types(app, &owner.team_id).await?;
    // The teammates a meeting may invite, for the names a sentence says ("meeting with Sam").
    let members = match meetings::invitees(app, owner).await {
        Ok(people) => people.into_iter().map(|p| TeamMember::new(p.user_id.to_string(), p.name)).collect(),
        Err(e) => {
            tracing::warn!(error = %e, "team members not read; meetings are proposed without attendees");
            Vec::new()
        }
    };
    Ok(Context::new(now.with_timezone(&owner.tz), types).with_leave_types(leave_types).with_members(members))
}
