//! `POST /auth/refresh-token` (rotation with reuse detection) and `POST /auth/logout`.

use axum::extract::State;
use bt_api::schema::ulid;
use bt_app::account::sessions;
use bt_app::types::UserId;
use bt_http::openapi::{Data, ErrorBody, Invalid, Message};
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A refresh token (required: a missing one is 422).
#[derive(Deserialize, ToSchema)]
#[schema(as = RefreshInput)]
pub struct TokenBody {
    #[serde(default)]
    #[schema(required = true)]
    refresh_token: String,
}

/// The answer of a refresh: the new tokens (the refresh token rotates), and whose they are.
#[derive(Serialize, ToSchema)]
pub struct RefreshedSession {
    access_token: String,
    refresh_token: String,
    #[schema(schema_with = ulid)]
    id: UserId,
    name: String,
}

/// New access token (the refresh token rotates)
#[utoipa::path(post, path = "/auth/refresh-token", tag = "accounts", request_body = TokenBody, security(()),
    responses((status = 200, description = "Success (the same fields are repeated next to `data`)", body = Data<RefreshedSession>),
        (status = 401, description = "Invalid or expired refresh token.", body = ErrorBody),
        (status = 403, description = "Your team signs in with single sign-on. Please use the single sign-on button. \
            (A member's or HR's sign-in not made with single sign-on, once their team requires it; the sign-in ends.)",
            body = ErrorBody),
        (status = 422, response = Invalid)))]
#[tracing::instrument(skip(state, body))]
pub async fn refresh(State(state): State<AppState>, ApiJson(body): ApiJson<TokenBody>) -> ApiResult {
    let (user, session) = sessions::refresh(&state, &body.refresh_token).await?;
    Ok(crate::data_and_top(&RefreshedSession {
        access_token: session.access_token,
        refresh_token: session.refresh_token,
        id: user.id,
        name: user.name,
    }))
}

/// Sign out (revokes that sign-in)
#[utoipa::path(post, path = "/auth/logout", tag = "accounts", request_body = TokenBody, security(()),
    responses((status = 200, description = "Success", body = Data<Message>), (status = 422, response = Invalid)))]
#[tracing::instrument(skip(state, body))]
pub async fn logout(State(state): State<AppState>, ApiJson(body): ApiJson<TokenBody>) -> ApiResult {
    sessions::sign_out(&state, &body.refresh_token).await?;
    Ok(data(Message { message: "You have been signed out.".into() }))
}
