//! `POST /user/forgot-password`, `POST /user/reset-password` and `POST /user/change-password`.

use axum::extract::State;
use bt_domain::account;
use bt_domain::auth;
use bt_domain::store::{Cond, Item, StoreError, TxOp};
use bt_domain::validate::{normalize_email, Check};
use bt_domain::{keys, ratelimit, AppError};
use bt_http::auth::AuthUser;
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiResult};
use serde::Deserialize;
use serde_json::json;

use crate::links::{self, LinkKind};
use crate::signup::{check_password, EmailBody};

const RESET_SENT: &str = "Password reset link has been sent to your email.";

#[tracing::instrument(skip(state, body))]
pub async fn forgot_password(State(state): State<AppState>, ApiJson(body): ApiJson<EmailBody>) -> ApiResult {
    let email = normalize_email(&body.email);
    Check::new()
        .required("email", &email, "Email is required.")
        .email("email", &email, "Please enter a valid email address.")
        .finish()?;
    ratelimit::hit(&state, "mail", &email, state.config.rate_limits.mail_per_email).await?;
    // An unknown address gets the same answer as a known one.
    let Some(user) = account::find_user_by_email(state.table(), &email).await? else {
        return Ok(data(json!({ "message": RESET_SENT })));
    };
    if !user.verified {
        return Err(AppError::Forbidden("Email is not active. Please verify your email first.".into()).into());
    }
    let token = links::create(&state, LinkKind::Reset, &user, &user.email, state.config.reset_token_secs).await?;
    if !links::send(&state, links::reset_mail(&state, &user, &token)).await {
        return Err(AppError::Unavailable(
            "The password reset email could not be sent. Please try again later.".into(),
        )
        .into());
    }
    Ok(data(json!({ "message": RESET_SENT })))
}

#[derive(Deserialize)]
pub struct ResetBody {
    #[serde(default)]
    token: String,
    #[serde(default)]
    password: String,
}

/// The writes that set a new password and invalidate every access token issued before.
fn set_password_op(user: &account::User, password_hash: String) -> TxOp {
    let mut set = Item::new();
    set.insert("passwordHash".into(), password_hash.into());
    set.insert("tokenVersion".into(), (user.token_version + 1).into());
    TxOp::Update { key: keys::user(&user.id), set, cond: Cond::eq("tokenVersion", user.token_version) }
}

#[tracing::instrument(skip(state, body))]
pub async fn reset_password(State(state): State<AppState>, ApiJson(body): ApiJson<ResetBody>) -> ApiResult {
    let mut check = Check::new();
    check.required("token", &body.token, "Token is required.");
    check_password(&mut check, "password", &body.password);
    check.finish()?;
    let link = links::check(&state, &body.token, &[LinkKind::Reset]).await?;
    let user = account::get_user(state.table(), &link.link.user_id).await?.ok_or_else(links::invalid_link)?;
    // A password changed since the link was mailed (another reset, a change) makes the link stale.
    if user.token_version != link.link.token_version {
        return Err(links::invalid_link().into());
    }
    let password_hash = auth::hash_password_async(body.password).await?;
    match state.store.transact(vec![link.use_op(), set_password_op(&user, password_hash)]).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => return Err(links::invalid_link().into()),
        Err(e) => return Err(e.into()),
    }
    auth::revoke_all_sessions(&state, &user.id).await?;
    tracing::info!(user_id = %user.id, "password reset");
    Ok(data(json!({ "message": "Your password has been reset. You can now sign in with your new password." })))
}

#[derive(Deserialize)]
pub struct ChangePasswordBody {
    #[serde(default, rename = "currentPassword")]
    current_password: String,
    #[serde(default)]
    password: String,
}

/// Checks the caller's current password (rate-limited per account against guessing with a stolen session).
/// Accounts that only sign in through GitHub or Google have none to check.
pub async fn confirm_password(
    state: &AppState,
    user: &account::User,
    field: &str,
    given: &str,
    missing: &str,
) -> Result<(), AppError> {
    let Some(hash) = user.password_hash.clone() else { return Ok(()) };
    Check::new().required(field, given, missing).finish()?;
    ratelimit::hit(state, "password-check", &user.id, state.config.rate_limits.login_per_email).await?;
    if auth::verify_password_async(given.to_string(), hash).await {
        Ok(())
    } else {
        Err(AppError::field(
            field,
            format!("{} is incorrect.", if field == "password" { "Password" } else { "Current password" }),
        ))
    }
}

#[tracing::instrument(skip(state, caller, body), fields(user_id = %caller.id()))]
pub async fn change_password(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<ChangePasswordBody>,
) -> ApiResult {
    let user = caller.user;
    let mut check = Check::new();
    if user.password_hash.is_some() {
        check.required("currentPassword", &body.current_password, "Current password is required.");
    }
    check_password(&mut check, "password", &body.password);
    check.finish()?;
    confirm_password(&state, &user, "currentPassword", &body.current_password, "Current password is required.").await?;
    let password_hash = auth::hash_password_async(body.password).await?;
    match state.store.transact(vec![set_password_op(&user, password_hash)]).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => {
            return Err(AppError::Conflict("Your account was changed meanwhile. Please try again.".into()).into())
        }
        Err(e) => return Err(e.into()),
    }
    // Every other sign-in ends; this one continues with fresh tokens.
    auth::revoke_all_sessions(&state, &user.id).await?;
    let user = account::get_user(state.table(), &user.id).await?.ok_or_else(AppError::unauthorized)?;
    let session = auth::issue_session(&state, &user).await?;
    tracing::info!(user_id = %user.id, "password changed");
    Ok(data(json!({
        "message": "Your password has been changed.",
        "access_token": session.access_token,
        "refresh_token": session.refresh_token,
    })))
}
