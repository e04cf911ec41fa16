//! `POST /auth/login`: e-mail and password to a new session.

use axum::extract::State;
use bt_domain::account::sessions;
use bt_http::AppState;
use bt_http::{ApiJson, ApiResult, ClientIp};
use serde::Deserialize;
use serde_json::json;

#[derive(Deserialize)]
pub struct LoginBody {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
}

#[tracing::instrument(skip(state, body))]
pub async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<LoginBody>,
) -> ApiResult {
    let (user, session) = sessions::sign_in(&state, &ip, &body.email, body.password).await?;
    Ok(crate::data_and_top(json!({
        "name": user.name,
        "id": user.id,
        "email": user.email,
        "access_token": session.access_token,
        "refresh_token": session.refresh_token,
    })))
}
