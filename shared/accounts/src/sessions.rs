//! Sessions: refresh tokens in families, sign-in with a password, rotation, sign-out and password changes.
//!
//! A sign-in starts a family (`USER#<id>` / `FAMILY#<familyId>`, with a `revoked` flag); each refresh token of that
//! sign-in (`RT#<sha256>` / `RT`) names its family and is used once: rotation marks it `used` and puts its successor
//! in one transaction. Presenting a used token again means it leaked, so the whole family is revoked.
//!
//! A family made with single sign-on says so (`sso`): when the person's team requires single sign-on, only those
//! sign-ins are refreshed; any other ends at its next refresh (403, the single sign-on message).

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::users::{self, check_password, confirm_password, get_user, User};
use super::{new_id, send_mail};
use crate::auth::{self, hash_password, hash_token, issue_session_access_token, random_token};
use crate::repo;
use crate::repo::sessions::FamilyOrigin;
use bt_core::error::{AppError, AppResult};
use bt_core::i18n::tr;
use bt_core::ratelimit;
use bt_core::services::Services;
use bt_core::store::Item;
use bt_core::types::{Email, UserId};
use bt_core::validate::{normalize_email, Check};

/// Tokens of one sign-in.
#[derive(Debug, Clone)]
pub struct Session {
    pub access_token: String,
    pub refresh_token: String,
}

/// A stored refresh token (found by the hash of the token).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RefreshTokenRecord {
    #[serde(rename = "userId")]
    pub user_id: UserId,
    #[serde(rename = "familyId")]
    pub family_id: String,
    pub used: bool,
    #[serde(rename = "expiresAt")]
    pub expires_at: i64,
    pub ttl: i64,
}

/// The item of a new, unused refresh token of `family_id`, valid for the configured refresh lifetime.
pub fn refresh_token_item(state: &Services, token_hash: &str, user_id: &UserId, family_id: &str) -> AppResult<Item> {
    let expires_at = state.clock.now().timestamp() + state.config.refresh_token_secs;
    repo::sessions::refresh_token_item(token_hash, user_id, family_id, expires_at)
}

pub use crate::repo::sessions::family_liveness;

/// Starts a new sign-in for `user`: a new family and its first refresh token, plus an access token.
pub async fn issue_session(state: &Services, user: &User) -> AppResult<Session> {
    start_session(state, user, FamilyOrigin { sso: false }).await
}

/// [`issue_session`] for a sign-in made with single sign-on: a team that requires it keeps this one.
pub async fn issue_sso_session(state: &Services, user: &User) -> AppResult<Session> {
    start_session(state, user, FamilyOrigin { sso: true }).await
}

async fn start_session(state: &Services, user: &User, origin: FamilyOrigin) -> AppResult<Session> {
    let family_id = new_id();
    let refresh_token = random_token();
    let now = state.clock.now();
    let expires_at = now.timestamp() + state.config.refresh_token_secs;
    let first_token = refresh_token_item(state, &hash_token(&refresh_token), &user.id, &family_id)?;
    let created_at = now.to_rfc3339();
    repo::sessions::insert_family(state.table(), &user.id, &family_id, origin, created_at, expires_at, first_token)
        .await?;
    Ok(Session { access_token: issue_session_access_token(state, user, &family_id)?, refresh_token })
}

/// Revokes one sign-in: none of its refresh tokens works any more, and its access tokens are refused at once (a
/// mark on the user's item, which every request reads anyway). Marks older than an access token's lifetime guard
/// nothing any more and are removed.
pub async fn revoke_family(state: &Services, user_id: &UserId, family_id: &str) -> AppResult<()> {
    let now = state.clock.now().timestamp();
    repo::sessions::revoke(state.table(), user_id, family_id, now, state.config.access_token_secs).await
}

/// Revokes every sign-in of the user (password reset or change, removal from a team).
pub async fn revoke_all_sessions(state: &Services, user_id: &UserId) -> AppResult<()> {
    for (family_id, _) in repo::sessions::unrevoked_families(state.table(), user_id).await? {
        revoke_family(state, user_id, &family_id).await?;
    }
    Ok(())
}

// ---- sign-in with a password -----------------------------------------------------------------------------------

pub const INVALID_CREDENTIALS: &str = "Invalid email or password.";
pub const EMAIL_NOT_ACTIVE: &str = "Email is not active. Please verify your email first.";

/// A hash to check unknown addresses against, so an unknown e-mail takes as long as a wrong password.
fn decoy_hash() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| hash_password("decoy password for unknown accounts").unwrap_or_default())
}

/// E-mail and password to a new session. Rate-limited so that whoever fails waits, and nobody else:
///
/// - every attempt counts against the client address (`login_per_ip`);
/// - failures count against the pair of address tried and client address (`login_per_email`): that client waits,
///   right password or not;
/// - failures count against the client address, whichever address it tried (`login_failures_per_ip`): a client
///   trying one password on many accounts waits too;
/// - failures count against the address tried from anywhere (`login_failures_per_email`), a higher ceiling that
///   bounds guesses spread over many clients. It applies only to a client with failures of its own in its window:
///   a client that has not failed (the owner on their own device) is never kept out by others' guesses, and each
///   guessing client gets at most one guess past it per window.
pub async fn sign_in(state: &Services, ip: &str, email: &str, password: String) -> AppResult<(User, Session)> {
    let email = normalize_email(email);
    let parsed = Email::parse(&email).ok();
    Check::new()
        .required("email", &email, "Email is required.")
        .rule("email", parsed.is_some(), "Please enter a valid email address.")
        .required("password", &password, "Password is required.")
        .finish()?;
    let email = parsed.expect("checked");
    let limits = &state.config.rate_limits;
    let pair = format!("{email}|{ip}");
    ratelimit::hit(state, "login-ip", ip, limits.login_per_ip).await?;
    ratelimit::check(state, "login-fail", &pair, limits.login_per_email).await?;
    let own_failures = ratelimit::check(state, "login-fail-ip", ip, limits.login_failures_per_ip).await?;
    if own_failures > 0 {
        ratelimit::check(state, "login-fail-email", &email, limits.login_failures_per_email).await?;
    }

    let user = users::find_user_by_email(state.table(), &email).await?;
    let stored_hash = user.as_ref().and_then(|u| u.password_hash.clone());
    let password_ok = match stored_hash {
        Some(hash) => auth::verify_password_async(password, hash).await,
        None => {
            // Unknown address, or an account that only signs in through GitHub or Google.
            let _ = tokio::task::spawn_blocking(move || auth::verify_password(&password, decoy_hash())).await;
            false
        }
    };
    if !password_ok {
        ratelimit::count(state, "login-fail", &pair, limits.login_per_email).await?;
        ratelimit::count(state, "login-fail-ip", ip, limits.login_failures_per_ip).await?;
        let failures = ratelimit::count(state, "login-fail-email", &email, limits.login_failures_per_email).await?;
        if failures == FAILURES_TOLD {
            if let Some(user) = user.filter(|u| u.verified) {
                send_mail(state, failed_sign_ins_mail(state, &user)).await;
            }
        }
        return Err(AppError::Unauthorized(INVALID_CREDENTIALS.into()));
    }
    let Some(user) = user else { return Err(AppError::Unauthorized(INVALID_CREDENTIALS.into())) };
    // Told only to whoever knows the password, so it reveals nothing about which addresses have accounts.
    if !user.verified {
        return Err(AppError::Forbidden(EMAIL_NOT_ACTIVE.into()));
    }
    // Also told only to whoever knows the password.
    crate::sso::check_other_sign_in(state, &user).await?;
    let session = issue_session(state, &user).await?;
    tracing::info!(user_id = %user.id, "signed in");
    Ok((user, session))
}

/// The failed sign-ins to an address in one window after which its owner is mailed (once a window).
pub const FAILURES_TOLD: i64 = 5;

fn failed_sign_ins_mail(state: &Services, user: &User) -> bt_core::mail::Mail {
    let language = user.language();
    bt_core::mail::notice_mail(
        language,
        &user.email,
        &tr(language, "Failed sign-ins to your Breaktime account", &[]),
        &tr(
            language,
            "Hello {name}, someone tried to sign in to your Breaktime account with a wrong password {count} times \
             in the last minutes. If it was you, you can choose a new password with \"Forgot password\". If it was \
             not, your account stays safe as long as your password is not known; signing in from your own device \
             keeps working.",
            &[("name", &user.name), ("count", &FAILURES_TOLD.to_string())],
        ),
        &tr(language, "Open Breaktime", &[]),
        &state.config.app_url,
    )
}

// ---- rotation and sign-out -------------------------------------------------------------------------------------

fn invalid() -> AppError {
    AppError::Unauthorized("Invalid or expired refresh token.".into())
}

fn required(token: &str) -> AppResult<&str> {
    let token = token.trim();
    Check::new().required("refresh_token", token, "Refresh token is required.").finish()?;
    Ok(token)
}

async fn find(state: &Services, token: &str) -> AppResult<Option<RefreshTokenRecord>> {
    repo::sessions::find_token(state.table(), &hash_token(token)).await
}

/// Trades a refresh token for a new access token and the token's successor. A token presented a second time
/// (reused or raced) revokes its whole sign-in.
pub async fn refresh(state: &Services, token: &str) -> AppResult<(User, Session)> {
    let token = required(token)?;
    let record = find(state, token).await?.ok_or_else(invalid)?;
    let now = state.clock.now().timestamp();
    if record.expires_at <= now {
        return Err(invalid());
    }
    let Some(origin) = repo::sessions::live_family(state.table(), &record.user_id, &record.family_id).await? else {
        return Err(invalid());
    };
    if record.used {
        tracing::warn!(user_id = %record.user_id, family_id = %record.family_id, "refresh token reused; revoking the sign-in");
        revoke_family(state, &record.user_id, &record.family_id).await?;
        return Err(invalid());
    }
    let user = get_user(state.table(), &record.user_id).await?.filter(|u| u.verified).ok_or_else(invalid)?;
    // A sign-in made otherwise than with single sign-on ends here once the person's team requires it (a member who
    // became one after it was turned on, an admin made a member): the 403 says how to sign in instead.
    if !origin.sso && crate::sso::kept_to_sso(state, &user).await? {
        tracing::info!(user_id = %user.id, family_id = %record.family_id, "refresh refused: the team requires single sign-on");
        revoke_family(state, &record.user_id, &record.family_id).await?;
        return Err(AppError::Forbidden(crate::sso::SSO_REQUIRED.into()));
    }

    let next = random_token();
    let rotation = vec![
        repo::sessions::use_token_op(&hash_token(token), now),
        repo::sessions::new_token_op(refresh_token_item(state, &hash_token(&next), &user.id, &record.family_id)?),
        repo::sessions::extend_family_op(&record.user_id, &record.family_id, now + state.config.refresh_token_secs),
    ];
    if !repo::commit(state.table(), rotation).await? {
        // Another request rotated this token first: the same token was presented twice.
        tracing::warn!(user_id = %record.user_id, family_id = %record.family_id, "refresh token raced; revoking the sign-in");
        revoke_family(state, &record.user_id, &record.family_id).await?;
        return Err(invalid());
    }
    let access_token = issue_session_access_token(state, &user, &record.family_id)?;
    Ok((user, Session { access_token, refresh_token: next }))
}

/// Ends the sign-in of a refresh token. Signing out twice, or with a token that already expired, is still a
/// sign-out.
pub async fn sign_out(state: &Services, token: &str) -> AppResult<()> {
    let token = required(token)?;
    if let Some(record) = find(state, token).await? {
        revoke_family(state, &record.user_id, &record.family_id).await?;
    }
    Ok(())
}

// ---- password change -------------------------------------------------------------------------------------------

/// Changes the caller's password after checking the current one (accounts without a password set one). Every other
/// sign-in ends; this one continues with the returned fresh session.
pub async fn change_password(
    state: &Services,
    user: &User,
    current_password: &str,
    password: String,
) -> AppResult<Session> {
    let mut check = Check::new();
    if user.password_hash.is_some() {
        check.required("currentPassword", current_password, "Current password is required.");
    }
    check_password(&mut check, "password", &password);
    check.finish()?;
    confirm_password(state, user, "currentPassword", current_password, "Current password is required.").await?;
    let password_hash = auth::hash_password_async(password).await?;
    if !repo::commit(state.table(), vec![repo::users::set_password_op(user, password_hash)]).await? {
        return Err(AppError::Conflict("Your account was changed meanwhile. Please try again.".into()));
    }
    revoke_all_sessions(state, &user.id).await?;
    let user = get_user(state.table(), &user.id).await?.ok_or_else(AppError::unauthorized)?;
    let session = issue_session(state, &user).await?;
    tracing::info!(user_id = %user.id, "password changed");
    Ok(session)
}
