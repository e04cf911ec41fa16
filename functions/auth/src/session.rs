//! `POST /auth/refresh-token` (rotation with reuse detection) and `POST /auth/logout`.

use axum::extract::State;
use bt_domain::account::sessions;
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiResult};
use serde::Deserialize;
use serde_json::json;

#[derive(Deserialize)]
pub struct TokenBody {
    #[serde(default)]
    refresh_token: String,
}

#[tracing::instrument(skip(state, body))]
pub async fn refresh(State(state): State<AppState>, ApiJson(body): ApiJson<TokenBody>) -> ApiResult {
    let (user, session) = sessions::refresh(&state, &body.refresh_token).await?;
    Ok(crate::data_and_top(json!({
        "access_token": session.access_token,
        "refresh_token": session.refresh_token,
        "id": user.id,
        "name": user.name,
    })))
}

#[tracing::instrument(skip(state, body))]
pub async fn logout(State(state): State<AppState>, ApiJson(body): ApiJson<TokenBody>) -> ApiResult {
    sessions::sign_out(&state, &body.refresh_token).await?;
    Ok(data(json!({ "message": "You have been signed out." })))
}
