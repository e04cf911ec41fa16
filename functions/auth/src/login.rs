//! `POST /auth/login`: e-mail and password to a new session.

use std::sync::OnceLock;

use axum::extract::State;
use bt_domain::auth::{self, hash_password};
use bt_domain::validate::{normalize_email, Check};
use bt_domain::{account, ratelimit, AppError};
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

pub const INVALID_CREDENTIALS: &str = "Invalid email or password.";
pub const EMAIL_NOT_ACTIVE: &str = "Email is not active. Please verify your email first.";

/// A hash to check unknown addresses against, so an unknown e-mail takes as long as a wrong password.
fn decoy_hash() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| hash_password("decoy password for unknown accounts").unwrap_or_default())
}

#[tracing::instrument(skip(state, body))]
pub async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<LoginBody>,
) -> ApiResult {
    let email = normalize_email(&body.email);
    Check::new()
        .required("email", &email, "Email is required.")
        .email("email", &email, "Please enter a valid email address.")
        .required("password", &body.password, "Password is required.")
        .finish()?;
    let limits = &state.config.rate_limits;
    ratelimit::hit(&state, "login-ip", &ip, limits.login_per_ip).await?;
    ratelimit::hit(&state, "login-email", &email, limits.login_per_email).await?;

    let user = account::find_user_by_email(state.table(), &email).await?;
    let stored_hash = user.as_ref().and_then(|u| u.password_hash.clone());
    let password_ok = match stored_hash {
        Some(hash) => auth::verify_password_async(body.password, hash).await,
        None => {
            // Unknown address, or an account that only signs in through GitHub or Google.
            let password = body.password;
            let _ = tokio::task::spawn_blocking(move || auth::verify_password(&password, decoy_hash())).await;
            false
        }
    };
    let Some(user) = user.filter(|_| password_ok) else {
        return Err(AppError::Unauthorized(INVALID_CREDENTIALS.into()).into());
    };
    // Told only to whoever knows the password, so it reveals nothing about which addresses have accounts.
    if !user.verified {
        return Err(AppError::Forbidden(EMAIL_NOT_ACTIVE.into()).into());
    }
    let session = auth::issue_session(&state, &user).await?;
    tracing::info!(user_id = %user.id, "signed in");
    Ok(crate::data_and_top(json!({
        "name": user.name,
        "id": user.id,
        "email": user.email,
        "access_token": session.access_token,
        "refresh_token": session.refresh_token,
    })))
}
