//! Single-use e-mailed links (verification, password reset, e-mail change). Only the SHA-256 of a link's token is
//! stored (`TOKEN#<hash>`), with its expiry and a TTL; using a link deletes it in the same transaction as its effect.

use bt_domain::account::{from_item, to_item, User};
use bt_domain::auth::{hash_token, random_token};
use bt_domain::mail::{link_mail, Mail};
use bt_domain::store::{Cond, Key, TxOp};
use bt_domain::validate::Check;
use bt_domain::{keys, AppError, AppResult};
use bt_http::AppState;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkKind {
    Verify,
    Reset,
    ChangeEmail,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EmailLink {
    pub kind: LinkKind,
    #[serde(rename = "userId")]
    pub user_id: String,
    /// The address the link was mailed to.
    pub email: String,
    /// The user's token version when mailed: a later password change or reset makes the link stale.
    #[serde(rename = "tokenVersion")]
    pub token_version: i64,
    #[serde(rename = "expiresAt")]
    pub expires_at: i64,
    pub ttl: i64,
}

/// Stores a new link for `user`, mailed to `email`, and returns its token (the only copy).
pub async fn create(
    state: &AppState,
    kind: LinkKind,
    user: &User,
    email: &str,
    lifetime_secs: i64,
) -> AppResult<String> {
    let token = random_token();
    let expires_at = state.clock.now().timestamp() + lifetime_secs;
    let link = EmailLink {
        kind,
        user_id: user.id.clone(),
        email: email.to_string(),
        token_version: user.token_version,
        expires_at,
        ttl: expires_at,
    };
    state.store.put(to_item("email_token", &keys::email_token(&hash_token(&token)), &link)?, Cond::NotExists).await?;
    Ok(token)
}

/// A link that exists, is of an expected kind and has not expired; [`ValidLink::use_op`] spends it.
pub struct ValidLink {
    key: Key,
    pub link: EmailLink,
}

impl ValidLink {
    /// The transaction part that makes the link single use: it fails when the link was used meanwhile.
    pub fn use_op(&self) -> TxOp {
        TxOp::Delete { key: self.key.clone(), cond: Cond::Exists }
    }

    pub async fn still_unused(&self, state: &AppState) -> AppResult<bool> {
        Ok(state.store.get(&self.key).await?.is_some())
    }
}

pub fn invalid_link() -> AppError {
    AppError::BadRequest("This link is invalid or has already been used.".into())
}

pub fn expired_link() -> AppError {
    AppError::BadRequest("This link has expired. Please request a new one.".into())
}

pub async fn check(state: &AppState, token: &str, kinds: &[LinkKind]) -> AppResult<ValidLink> {
    let token = token.trim();
    Check::new().required("token", token, "Token is required.").finish()?;
    let key = keys::email_token(&hash_token(token));
    let item = state.store.get(&key).await?.ok_or_else(invalid_link)?;
    let link: EmailLink = from_item(item)?;
    if !kinds.contains(&link.kind) {
        return Err(invalid_link());
    }
    if link.expires_at <= state.clock.now().timestamp() {
        state.store.delete(&key, Cond::None).await?;
        return Err(expired_link());
    }
    Ok(ValidLink { key, link })
}

/// `{app_url}{path}?token=<token>` plus any extra parameters (tokens are url-safe base64).
pub fn url(state: &AppState, path: &str, token: &str, extra: &str) -> String {
    format!("{}{path}?token={token}{extra}", state.config.app_url)
}

pub fn verification_mail(state: &AppState, user: &User, token: &str) -> Mail {
    link_mail(
        &user.email,
        "Verify your Breaktime email",
        &format!("Welcome to Breaktime, {}! Please confirm your email address to activate your account.", user.name),
        "Verify email",
        &url(state, "/verify-new-email", token, "&kind=signup"),
    )
}

pub fn reset_mail(state: &AppState, user: &User, token: &str) -> Mail {
    link_mail(
        &user.email,
        "Reset your Breaktime password",
        &format!(
            "Hello {}, we received a request to reset your password. The link works once, for one hour.",
            user.name
        ),
        "Choose a new password",
        &url(state, "/verify-reset-password", token, ""),
    )
}

pub fn change_email_mail(state: &AppState, user: &User, new_email: &str, token: &str) -> Mail {
    link_mail(
        new_email,
        "Confirm your new Breaktime email",
        &format!("Hello {}, please confirm that this is your new email address for Breaktime.", user.name),
        "Confirm email",
        &url(state, "/verify-new-email", token, ""),
    )
}

/// Sends a mail; a failure is logged and reported as false (callers decide what the person is told).
pub async fn send(state: &AppState, mail: Mail) -> bool {
    let subject = mail.subject.clone();
    match state.mailer.send(mail).await {
        Ok(()) => true,
        Err(e) => {
            tracing::error!(error = %e, %subject, "mail not sent");
            false
        }
    }
}
