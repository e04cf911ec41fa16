//! Break Buddy's endpoint: `POST /assistant/ask` reads the caller and the message, asks the engine
//! ([`bt_app::buddy::ask`]: understanding, answers, proposals, the hosted model's use) and answers its reply.
//!
//! The wire shapes (the request body, the reply with its schema) are this crate's ([`wire`]); the engine knows
//! nothing of HTTP.

#![warn(clippy::too_many_lines)]

pub mod wire;

use std::sync::Arc;

use axum::extract::State;
use axum::{Extension, Router};
use bt_app::buddy::{self, Question};
use bt_http::auth::MaybeAuthUser;
use bt_http::openapi::{Data, ErrorBody, Invalid, Unauthorized};
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiResult, ClientIp, RequestLanguage};
use tracing::instrument;
use utoipa_axum::router::OpenApiRouter;

pub use bt_app::buddy::Assistant;
use wire::{AskBody, Reply};

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

// Break Buddy understands English and answers in the person's language.
/// Ask Break Buddy (guests get a sign-in notice for record proposals)
#[utoipa::path(post, path = "/assistant/ask", tag = "assistant", request_body = AskBody,
    security((), ("bearerAuth" = [])),
    responses((status = 200, description = "Success", body = Data<Reply>),
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
    let question = Question { message: &message, ip: &ip, language };
    let reply = buddy::ask(&state, &assistant, user.as_ref().map(|u| &u.user), question).await?;
    Ok(data(Reply::from(reply)))
}
