//! `POST /user/forgot-password`, `POST /user/reset-password` and `POST /user/change-password`.

use axum::extract::State;
use bt_domain::account::{links, sessions};
use bt_http::auth::AuthUser;
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiResult};
use serde::Deserialize;
use serde_json::json;

use crate::signup::EmailBody;

const RESET_SENT: &str = "Password reset link has been sent to your email.";

#[tracing::instrument(skip(state, body))]
pub async fn forgot_password(State(state): State<AppState>, ApiJson(body): ApiJson<EmailBody>) -> ApiResult {
    // An unknown address gets the same answer as a known one.
    links::forgot_password(&state, &body.email).await?;
    Ok(data(json!({ "message": RESET_SENT })))
}

#[derive(Deserialize)]
pub struct ResetBody {
    #[serde(default)]
    token: String,
    #[serde(default)]
    password: String,
}

#[tracing::instrument(skip(state, body))]
pub async fn reset_password(State(state): State<AppState>, ApiJson(body): ApiJson<ResetBody>) -> ApiResult {
    links::reset_password(&state, &body.token, body.password).await?;
    Ok(data(json!({ "message": "Your password has been reset. You can now sign in with your new password." })))
}

#[derive(Deserialize)]
pub struct ChangePasswordBody {
    #[serde(default, rename = "currentPassword")]
    current_password: String,
    #[serde(default)]
    password: String,
}

#[tracing::instrument(skip(state, caller, body), fields(user_id = %caller.id()))]
pub async fn change_password(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<ChangePasswordBody>,
) -> ApiResult {
    let session = sessions::change_password(&state, &caller.user, &body.current_password, body.password).await?;
    Ok(data(json!({
        "message": "Your password has been changed.",
        "access_token": session.access_token,
        "refresh_token": session.refresh_token,
    })))
}
