//! `POST /user/signup`, `POST /user/verify-email` and `POST /user/resend-verification`.

use axum::extract::State;
use bt_api::account::users::SignUpInput;
use bt_app::account::links::{self, Resent};
use bt_app::account::users;
use bt_app::types::Email;
use bt_http::openapi::{Data, ErrorBody, Invalid, Message};
use bt_http::AppState;
use bt_http::{created, data, ApiJson, ApiResult, ClientIp, RequestLanguage};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// An answer about an address: what happened, and the address (normalised) it happened to.
#[derive(Serialize, ToSchema)]
pub struct EmailMessage {
    pub message: String,
    #[schema(value_type = String)]
    pub email: Email,
}

impl EmailMessage {
    pub fn new(message: impl Into<String>, email: Email) -> EmailMessage {
        EmailMessage { message: message.into(), email }
    }
}

/// Sign up (mails a verification link)
#[utoipa::path(post, path = "/user/signup", tag = "accounts", security(()), request_body = SignUpInput,
    responses((status = 201, description = "Created", body = Data<EmailMessage>),
        (status = 409, description = "Email taken", body = ErrorBody), (status = 422, response = Invalid),
        (status = 429, description = "Rate limited", body = ErrorBody)))]
#[tracing::instrument(skip(state, body))]
pub async fn signup(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    RequestLanguage(language): RequestLanguage,
    ApiJson(body): ApiJson<SignUpInput>,
) -> ApiResult {
    let signed_up = users::sign_up(&state, &ip, body.into(), language).await?;
    let message = if signed_up.mail_sent {
        "Verification email sent!"
    } else {
        "Your account was created, but the verification email could not be sent. Please ask for a new one in a few minutes."
    };
    Ok(created(EmailMessage::new(message, signed_up.user.email)))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = TokenInput)]
pub struct TokenBody {
    #[serde(default)]
    #[schema(required = true)]
    pub token: String,
}

pub const VERIFIED: &str = "Your email has been verified. You can now sign in.";

/// The answer to a followed sign-up link: the specification's words, and the team joined when the person signed up
/// through an invitation.
pub fn verified_message(verified: &links::Verified) -> String {
    match &verified.joined {
        Some(team) => format!("Your email has been verified and you have joined {}. You can now sign in.", team.name),
        None => VERIFIED.into(),
    }
}

/// Verify the e-mail of a new account
#[utoipa::path(post, path = "/user/verify-email", tag = "accounts", security(()), request_body = TokenBody,
    responses((status = 200, description = "Success", body = Data<EmailMessage>), (status = 422, response = Invalid)))]
#[tracing::instrument(skip(state, body))]
pub async fn verify_email(State(state): State<AppState>, ApiJson(body): ApiJson<TokenBody>) -> ApiResult {
    let verified = links::verify_email(&state, &body.token).await?;
    Ok(data(EmailMessage::new(verified_message(&verified), verified.user.email)))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = EmailInput)]
pub struct EmailBody {
    #[serde(default)]
    #[schema(required = true)]
    pub email: String,
}

pub const RESENT: &str = "Verification email has been resent.";

/// Resend the verification mail
#[utoipa::path(post, path = "/user/resend-verification", tag = "accounts", security(()), request_body = EmailBody,
    responses((status = 200, description = "Success", body = Data<Message>), (status = 422, response = Invalid),
        (status = 429, description = "Rate limited", body = ErrorBody)))]
#[tracing::instrument(skip(state, body))]
pub async fn resend_verification(State(state): State<AppState>, ApiJson(body): ApiJson<EmailBody>) -> ApiResult {
    let message = match links::resend_verification(&state, &body.email).await? {
        Resent::Sent => RESENT,
        Resent::AlreadyVerified => "This email is already verified. You can sign in.",
    };
    Ok(data(Message { message: message.into() }))
}
