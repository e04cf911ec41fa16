//! `POST /user/signup`, `POST /user/verify-email` and `POST /user/resend-verification`.

use axum::extract::State;
use bt_domain::account::links::{self, Resent};
use bt_domain::account::users::{self, SignUpInput};
use bt_http::AppState;
use bt_http::{created, data, ApiJson, ApiResult, ClientIp};
use serde::Deserialize;
use serde_json::json;

#[tracing::instrument(skip(state, body))]
pub async fn signup(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<SignUpInput>,
) -> ApiResult {
    let signed_up = users::sign_up(&state, &ip, body).await?;
    let message = if signed_up.mail_sent {
        "Verification email sent!"
    } else {
        "Your account was created, but the verification email could not be sent. Please ask for a new one in a few minutes."
    };
    Ok(created(json!({ "message": message, "email": signed_up.user.email })))
}

#[derive(Deserialize)]
pub struct TokenBody {
    #[serde(default)]
    pub token: String,
}

pub const VERIFIED: &str = "Your email has been verified. You can now sign in.";

#[tracing::instrument(skip(state, body))]
pub async fn verify_email(State(state): State<AppState>, ApiJson(body): ApiJson<TokenBody>) -> ApiResult {
    let user = links::verify_email(&state, &body.token).await?;
    Ok(data(json!({ "message": VERIFIED, "email": user.email })))
}

#[derive(Deserialize)]
pub struct EmailBody {
    #[serde(default)]
    pub email: String,
}

pub const RESENT: &str = "Verification email has been resent.";

#[tracing::instrument(skip(state, body))]
pub async fn resend_verification(State(state): State<AppState>, ApiJson(body): ApiJson<EmailBody>) -> ApiResult {
    Ok(match links::resend_verification(&state, &body.email).await? {
        Resent::Sent => data(json!({ "message": RESENT })),
        Resent::AlreadyVerified => data(json!({ "message": "This email is already verified. You can sign in." })),
    })
}
