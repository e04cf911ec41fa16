//! Break Buddy, the in-app assistant: `POST /assistant/ask` reads a plain sentence, answers questions from the
//! caller's own data and team, and proposes pre-filled records.
//!
//! The understanding is built in ([`understand`]): no external service, no key, no cost. A hosted model can be
//! switched on instead through the port [`model::LanguageModel`] (the Lambda's `main.rs` with feature `bedrock` and
//! `ASSISTANT_PROVIDER=bedrock`); its answer passes the same checks, and the built-in engine answers whenever the
//! model fails.

#![warn(clippy::too_many_lines)]

pub mod answer;
pub mod help;
pub mod model;
pub mod rules;
pub mod speech;
pub mod understand;

use std::sync::Arc;

use axum::extract::State;
use axum::{Extension, Router};
use bt_domain::ratelimit;
use bt_domain::records::break_types::{team_break_types, DEFAULT_BREAK_TYPES};
use bt_domain::records::leave_types::team_leave_types;
use bt_domain::records::meetings;
use bt_domain::validate::Check;
use bt_http::auth::MaybeAuthUser;
use bt_http::openapi::{Data, ErrorBody, Invalid, Unauthorized};
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiResult, ClientIp, RequestLanguage};
use serde::Deserialize;
use tracing::instrument;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

pub use model::Assistant;
use understand::{Context, TeamLeaveType, TeamMember};

/// The longest message accepted.
pub const MAX_MESSAGE_CHARS: u64 = 1000;

/// The routes with their description, with the built-in engine (the local server's and the OpenAPI document's).
pub fn openapi_router() -> OpenApiRouter<AppState> {
    bt_http::routes!(OpenApiRouter::new(), ask).layer(Extension(Arc::new(Assistant::built_in())))
}

/// The assistant's routes with the built-in engine, without their description.
pub fn router() -> Router<AppState> {
    router_with(Assistant::built_in())
}

/// The assistant's routes with a given provider (the Lambda's `main.rs` passes a hosted model; tests a fake one).
pub fn router_with(assistant: Assistant) -> Router<AppState> {
    bt_http::routes!(Router::new(), ask).layer(Extension(Arc::new(assistant)))
}

#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = AskInput)]
struct AskBody {
    #[schema(required = true, nullable = false, max_length = 1000)]
    message: Option<String>,
}

// Break Buddy understands English and answers in the person's language.
/// Ask Break Buddy (guests get a sign-in notice for record proposals)
#[utoipa::path(post, path = "/assistant/ask", tag = "assistant", request_body = AskBody,
    security((), ("bearerAuth" = [])),
    responses((status = 200, description = "Success", body = Data<answer::Reply>),
        (status = 401, response = Unauthorized), (status = 422, response = Invalid),
        (status = 429, description = "Rate limited", body = ErrorBody)))]
#[instrument(skip_all, fields(user = user.as_ref().map(|u| u.id().to_string())))]
async fn ask(
    State(state): State<AppState>,
    Extension(assistant): Extension<Arc<Assistant>>,
    MaybeAuthUser(user): MaybeAuthUser,
    ClientIp(ip): ClientIp,
    RequestLanguage(request_language): RequestLanguage,
    ApiJson(body): ApiJson<AskBody>,
) -> ApiResult {
    // The person's language: their account's, else the request's (a guest's `Accept-Language`), else English.
    let language = user.as_ref().map_or(request_language, |u| u.language);
    let message = body.message.unwrap_or_default();
    Check::new()
        .required("message", &message, "Message is required.")
        .max_chars("message", &message, MAX_MESSAGE_CHARS, "Message must not exceed 1000 characters.")
        .finish()?;
    // Signed-in people are counted per account; guests (help answers only) per address.
    let limit = state.config.rate_limits.assistant_per_user;
    match &user {
        Some(u) => ratelimit::hit(&state, "assistant", u.id(), limit).await?,
        None => ratelimit::hit(&state, "assistant-guest", &ip, limit).await?,
    }
    let now = state.clock.now();
    let (tz, types, leave_types) = match &user {
        Some(u) => {
            // The types a new leave may take (archived ones are kept for old leaves only). They refine a leave
            // proposal, nothing more: without them a leave is proposed without a type and gets the team's default.
            let leave_types = match team_leave_types(state.table(), u.team_id(), now).await {
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
            (u.tz(), team_break_types(state.services(), u.team_id()).await?, leave_types)
        }
        None => (chrono_tz::UTC, DEFAULT_BREAK_TYPES.iter().map(|t| t.to_string()).collect(), Vec::new()),
    };
    // The teammates a meeting may invite, for the names a sentence says ("meeting with Sam").
    let members = match &user {
        Some(u) => match meetings::invitees(state.table(), &u.owner()).await {
            Ok(people) => people.into_iter().map(|p| TeamMember::new(p.user_id.to_string(), p.name)).collect(),
            Err(e) => {
                tracing::warn!(error = %e, "team members not read; meetings are proposed without attendees");
                Vec::new()
            }
        },
        None => Vec::new(),
    };
    let ctx = Context::new(now.with_timezone(&tz), types).with_leave_types(leave_types).with_members(members);
    let understanding = understand::as_offered(assistant.understand(message.trim(), &ctx).await, message.trim());
    tracing::info!(intent = understanding.intent.name(), "understood");
    let reply = answer::reply(&state, user.as_ref(), &ctx, understanding, language).await?;
    Ok(data(reply))
}
