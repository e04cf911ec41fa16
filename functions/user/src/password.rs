//! `POST /user/forgot-password`, `POST /user/reset-password` and `POST /user/change-password`.

use axum::extract::State;
use bt_app::account::{links, sessions};
use bt_http::auth::SessionUser;
use bt_http::openapi::{Data, ErrorBody, Invalid, Message, Unauthorized};
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::signup::EmailBody;

const RESET_SENT: &str = "Password reset link has been sent to your email.";

/// Mail a password reset link
#[utoipa::path(post, path = "/user/forgot-password", tag = "accounts", security(()), request_body = EmailBody,
    responses((status = 200, description = "Success", body = Data<Message>),
        (status = 403, description = "Not allowed for your role", body = ErrorBody), (status = 422, response = Invalid),
        (status = 429, description = "Rate limited", body = ErrorBody)))]
#[tracing::instrument(skip(state, body))]
pub async fn forgot_password(State(state): State<AppState>, ApiJson(body): ApiJson<EmailBody>) -> ApiResult {
    // An unknown address gets the same answer as a known one.
    links::forgot_password(&state, &body.email).await?;
    Ok(data(Message { message: RESET_SENT.into() }))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = ResetPasswordInput)]
pub struct ResetBody {
    #[serde(default)]
    #[schema(required = true)]
    token: String,
    #[serde(default)]
    #[schema(required = true)]
    password: String,
}

/// Set a new password with a reset link
#[utoipa::path(post, path = "/user/reset-password", tag = "accounts", security(()), request_body = ResetBody,
    responses((status = 200, description = "Success", body = Data<Message>), (status = 422, response = Invalid)))]
#[tracing::instrument(skip(state, body))]
pub async fn reset_password(State(state): State<AppState>, ApiJson(body): ApiJson<ResetBody>) -> ApiResult {
    links::reset_password(&state, &body.token, body.password).await?;
    let message = "Your password has been reset. You can now sign in with your new password.";
    Ok(data(Message { message: message.into() }))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = ChangePasswordInput)]
pub struct ChangePasswordBody {
    #[serde(default, rename = "currentPassword")]
    #[schema(required = true)]
    current_password: String,
    #[serde(default)]
    #[schema(required = true)]
    password: String,
}

/// The new session of the caller, who stays signed in on this device.
#[derive(Serialize, ToSchema)]
pub struct PasswordChanged {
    message: String,
    access_token: String,
    refresh_token: String,
}

/// Change my password (other sessions end)
#[utoipa::path(post, path = "/user/change-password", tag = "accounts", request_body = ChangePasswordBody,
    responses((status = 200, description = "Success", body = Data<PasswordChanged>),
        (status = 401, response = Unauthorized),
        (status = 403, description = "Called with an API token: sign in instead.", body = ErrorBody), (status = 422, response = Invalid)))]
#[tracing::instrument(skip(state, caller, body), fields(user_id = %caller.id()))]
pub async fn change_password(
    State(state): State<AppState>,
    caller: SessionUser,
    ApiJson(body): ApiJson<ChangePasswordBody>,
) -> ApiResult {
    let session = sessions::change_password(&state, &caller.user, &body.current_password, body.password).await?;
    Ok(data(PasswordChanged {
        message: "Your password has been changed.".into(),
        access_token: session.access_token,
        refresh_token: session.refresh_token,
    }))
}
