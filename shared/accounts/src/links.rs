//! Single-use e-mailed links (verification, password reset, e-mail change) and what following them does. Only the
//! SHA-256 of a link's token is stored (`TOKEN#<hash>`), with its expiry and a TTL; using a link deletes it in the
//! same transaction as its effect.

use serde::{Deserialize, Serialize};

use super::send_mail;
use super::sessions;
use super::users::{self, check_email, check_password, get_user, User, EMAIL_TAKEN};
use crate::auth::{self, hash_token, random_token};
use crate::repo;
use bt_core::error::{AppError, AppResult};
use bt_core::i18n::tr;
use bt_core::mail::{link_mail, Mail};
use bt_core::ratelimit;
use bt_core::services::Services;
use bt_core::store::{Key, TxOp};
use bt_core::types::{Email, UserId};
use bt_core::validate::{normalize_email, Check};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkKind {
    Verify,
    Reset,
    ChangeEmail,
    /// Mailed to the old address when the address changes: it puts the old address back and ends every sign-in.
    UndoEmailChange,
}

/// How long the old address can undo a change of address (at least a week, so an owner away for days still can).
pub const UNDO_EMAIL_CHANGE_SECS: i64 = 14 * 24 * 3600;

/// The link item, found by the hash of its token.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EmailLink {
    pub kind: LinkKind,
    #[serde(rename = "userId")]
    pub user_id: UserId,
    /// The address the link was mailed to.
    pub email: Email,
    /// The user's token version when mailed: a later password change or reset makes the link stale.
    #[serde(rename = "tokenVersion")]
    pub token_version: i64,
    #[serde(rename = "expiresAt")]
    pub expires_at: i64,
    pub ttl: i64,
}

impl EmailLink {
    /// A link works until (not at) its expiry second.
    pub fn expired(&self, now: i64) -> bool {
        self.expires_at <= now
    }
}

/// Stores a new link for `user`, mailed to `email`, and returns its token (the only copy).
pub async fn create(
    state: &Services,
    kind: LinkKind,
    user: &User,
    email: &Email,
    lifetime_secs: i64,
) -> AppResult<String> {
    let token = random_token();
    let expires_at = state.clock.now().timestamp() + lifetime_secs;
    let link = EmailLink {
        kind,
        user_id: user.id.clone(),
        email: email.clone(),
        token_version: user.token_version,
        expires_at,
        ttl: expires_at,
    };
    repo::links::insert(state.table(), &hash_token(&token), &link).await?;
    Ok(token)
}

/// A link that exists, is of an expected kind and has not expired; [`ValidLink::use_op`] spends it.
pub struct ValidLink {
    key: Key,
    pub link: EmailLink,
}

impl ValidLink {
    /// The transaction part that makes the link single use: it fails when the link was used meanwhile.
    fn use_op(&self) -> TxOp {
        repo::links::use_op(&self.key)
    }

    async fn still_unused(&self, state: &Services) -> AppResult<bool> {
        repo::links::exists(state.table(), &self.key).await
    }
}

pub fn invalid_link() -> AppError {
    AppError::BadRequest("This link is invalid or has already been used.".into())
}

pub fn expired_link() -> AppError {
    AppError::BadRequest("This link has expired. Please request a new one.".into())
}

/// The link of `token` when it is one of `kinds` and has not expired (an expired one is deleted).
pub async fn check(state: &Services, token: &str, kinds: &[LinkKind]) -> AppResult<ValidLink> {
    let token = token.trim();
    Check::new().required("token", token, "Token is required.").finish()?;
    let key = repo::links::key(&hash_token(token));
    let link = repo::links::find(state.table(), &key).await?.ok_or_else(invalid_link)?;
    if !kinds.contains(&link.kind) {
        return Err(invalid_link());
    }
    if link.expired(state.clock.now().timestamp()) {
        repo::links::delete(state.table(), &key).await?;
        return Err(expired_link());
    }
    Ok(ValidLink { key, link })
}

// ---- mails -----------------------------------------------------------------------------------------------------

/// `{app_url}{path}?token=<token>` plus any extra parameters (tokens are url-safe base64).
pub fn url(state: &Services, path: &str, token: &str, extra: &str) -> String {
    format!("{}{path}?token={token}{extra}", state.config.app_url)
}

pub fn verification_mail(state: &Services, user: &User, token: &str) -> Mail {
    let language = user.language();
    link_mail(
        language,
        &user.email,
        &tr(language, "Verify your Breaktime email", &[]),
        &tr(
            language,
            "Welcome to Breaktime, {name}! Please confirm your email address to activate your account.",
            &[("name", &user.name)],
        ),
        &tr(language, "Verify email", &[]),
        &url(state, "/verify-new-email", token, "&kind=signup"),
    )
}

pub fn reset_mail(state: &Services, user: &User, token: &str) -> Mail {
    let language = user.language();
    link_mail(
        language,
        &user.email,
        &tr(language, "Reset your Breaktime password", &[]),
        &tr(
            language,
            "Hello {name}, we received a request to reset your password. The link works once, for one hour.",
            &[("name", &user.name)],
        ),
        &tr(language, "Choose a new password", &[]),
        &url(state, "/verify-reset-password", token, ""),
    )
}

pub fn change_email_mail(state: &Services, user: &User, new_email: &Email, token: &str) -> Mail {
    let language = user.language();
    link_mail(
        language,
        new_email,
        &tr(language, "Confirm your new Breaktime email", &[]),
        &tr(
            language,
            "Hello {name}, please confirm that this is your new email address for Breaktime.",
            &[("name", &user.name)],
        ),
        &tr(language, "Confirm email", &[]),
        &url(state, "/verify-new-email", token, ""),
    )
}

fn check_email_field(email: &str) -> AppResult<Email> {
    let parsed = Email::parse(email).ok();
    Check::new()
        .required("email", email, "Email is required.")
        .rule("email", parsed.is_some(), "Please enter a valid email address.")
        .finish()?;
    Ok(parsed.expect("checked"))
}

// ---- verification ------------------------------------------------------------------------------------------------

/// A verified new account, and the team it joined when it signed up through an invitation.
#[derive(Debug, Clone)]
pub struct Verified {
    pub user: User,
    pub joined: Option<super::teams::Team>,
}

/// Follows a sign-up verification link; returns the verified account.
pub async fn verify_email(state: &Services, token: &str) -> AppResult<Verified> {
    let link = check(state, token, &[LinkKind::Verify]).await?;
    verify(state, link).await
}

/// Marks the account of a verification link verified, spending the link, and joins the team it was invited to.
async fn verify(state: &Services, link: ValidLink) -> AppResult<Verified> {
    let user = get_user(state.table(), &link.link.user_id).await?.ok_or_else(invalid_link)?;
    let writes = vec![
        link.use_op(),
        // The address must still be the one the link was sent to.
        repo::users::verify_op(&user.id, &link.link.email),
    ];
    if !repo::commit(state.table(), writes).await? {
        return Err(invalid_link());
    }
    tracing::info!(user_id = %user.id, "email verified");
    let joined = super::invitations::join_on_verification(state, &user).await?;
    Ok(Verified { user, joined })
}

/// What asking for a new verification link came to (the same whether or not an account exists).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resent {
    /// Sent, or no account has the address.
    Sent,
    AlreadyVerified,
}

pub async fn resend_verification(state: &Services, email: &str) -> AppResult<Resent> {
    let email = check_email_field(&normalize_email(email))?;
    ratelimit::hit(state, "mail", &email, state.config.rate_limits.mail_per_email).await?;
    let Some(user) = users::find_user_by_email(state.table(), &email).await? else { return Ok(Resent::Sent) };
    if user.verified {
        return Ok(Resent::AlreadyVerified);
    }
    let token = create(state, LinkKind::Verify, &user, &user.email, state.config.verify_token_secs).await?;
    if !send_mail(state, verification_mail(state, &user, &token)).await {
        return Err(AppError::Unavailable("The verification email could not be sent. Please try again later.".into()));
    }
    Ok(Resent::Sent)
}

// ---- passwords -----------------------------------------------------------------------------------------------

/// Mails a reset link to a verified account of `email`; an unknown address gets the same (silent) success.
pub async fn forgot_password(state: &Services, email: &str) -> AppResult<()> {
    let email = check_email_field(&normalize_email(email))?;
    ratelimit::hit(state, "mail", &email, state.config.rate_limits.mail_per_email).await?;
    let Some(user) = users::find_user_by_email(state.table(), &email).await? else { return Ok(()) };
    if !user.verified {
        return Err(AppError::Forbidden("Email is not active. Please verify your email first.".into()));
    }
    let token = create(state, LinkKind::Reset, &user, &user.email, state.config.reset_token_secs).await?;
    if !send_mail(state, reset_mail(state, &user, &token)).await {
        return Err(AppError::Unavailable(
            "The password reset email could not be sent. Please try again later.".into(),
        ));
    }
    Ok(())
}

/// Sets a new password through a reset link and ends every sign-in of the account.
pub async fn reset_password(state: &Services, token: &str, password: String) -> AppResult<()> {
    let mut check = Check::new();
    check.required("token", token, "Token is required.");
    check_password(&mut check, "password", &password);
    check.finish()?;
    let link = self::check(state, token, &[LinkKind::Reset]).await?;
    let user = get_user(state.table(), &link.link.user_id).await?.ok_or_else(invalid_link)?;
    // A password changed since the link was mailed (another reset, a change) makes the link stale.
    if user.token_version != link.link.token_version {
        return Err(invalid_link());
    }
    let password_hash = auth::hash_password_async(password).await?;
    if !repo::commit(state.table(), vec![link.use_op(), repo::users::set_password_op(&user, password_hash)]).await? {
        return Err(invalid_link());
    }
    sessions::revoke_all_sessions(state, &user.id).await?;
    tracing::info!(user_id = %user.id, "password reset");
    Ok(())
}

// ---- e-mail change -------------------------------------------------------------------------------------------

/// Asks to change the caller's address, after checking the current password (an access token alone is not enough
/// to take the account): the new one must be free; a link goes to it, and the profile notes it as pending. Returns
/// the new address (normalised).
pub async fn change_email(state: &Services, user: &User, email: &str, current_password: &str) -> AppResult<Email> {
    let email = normalize_email(email);
    let mut check = Check::new();
    let parsed = check_email(&mut check, &email);
    check.rule("email", email != user.email.as_str(), "This is already your email address.");
    if user.password_hash.is_some() {
        check.required("currentPassword", current_password, "Current password is required.");
    }
    check.finish()?;
    users::confirm_password(state, user, "currentPassword", current_password, "Current password is required.").await?;
    let email = parsed.expect("checked");
    if users::email_taken(state.table(), &email).await? {
        return Err(AppError::Conflict(EMAIL_TAKEN.into()));
    }
    ratelimit::hit(state, "mail", &email, state.config.rate_limits.mail_per_email).await?;
    let token = create(state, LinkKind::ChangeEmail, user, &email, state.config.verify_token_secs).await?;
    repo::users::set_pending_email(state.table(), &user.id, &email).await?;
    if !send_mail(state, change_email_mail(state, user, &email, &token)).await {
        return Err(AppError::Unavailable("The verification email could not be sent. Please try again later.".into()));
    }
    Ok(email)
}

/// What a link followed on the web app's `/verify-new-email` route did.
#[derive(Debug, Clone)]
pub enum EmailConfirmed {
    /// A sign-up verification link: the account (with its address) is verified.
    Verified(Box<Verified>),
    /// An e-mail change link: the account's address is now this one.
    Changed(Email),
    /// The old address's undo link: the account's address is this one again, and every sign-in has ended.
    Restored(Email),
}

/// Confirms a new address (also accepts a sign-up verification link, so either link works on the web app's
/// `/verify-new-email` route).
pub async fn verify_new_email(state: &Services, token: &str) -> AppResult<EmailConfirmed> {
    let link = check(state, token, &[LinkKind::ChangeEmail, LinkKind::Verify, LinkKind::UndoEmailChange]).await?;
    match link.link.kind {
        LinkKind::Verify => return Ok(EmailConfirmed::Verified(Box::new(verify(state, link).await?))),
        LinkKind::UndoEmailChange => return Ok(EmailConfirmed::Restored(undo_email_change(state, link).await?)),
        LinkKind::ChangeEmail | LinkKind::Reset => {}
    }
    let user = get_user(state.table(), &link.link.user_id).await?.ok_or_else(invalid_link)?;
    let new_email = link.link.email.clone();
    if user.pending_email.as_ref() != Some(&new_email) {
        // A later change request replaced this one.
        return Err(invalid_link());
    }
    let writes = vec![
        link.use_op(),
        repo::users::claim_email_op(&new_email, &user.id),
        repo::users::release_email_op(&user.email, &user.id),
        repo::users::change_email_op(&user.id, &user.email, &new_email),
        repo::teams::member_email_op(&user.team_id, &user.id, &new_email),
    ];
    if !repo::commit(state.table(), writes).await? {
        return Err(if link.still_unused(state).await? && users::email_taken(state.table(), &new_email).await? {
            AppError::Conflict(EMAIL_TAKEN.into())
        } else {
            invalid_link()
        });
    }
    tracing::info!(user_id = %user.id, "email changed");
    // The old address is told, with a way back: whoever changed it may not be the owner.
    let undo = create(state, LinkKind::UndoEmailChange, &user, &user.email, UNDO_EMAIL_CHANGE_SECS).await?;
    if !send_mail(state, email_changed_mail(state, &user, &new_email, &undo)).await {
        tracing::error!(user_id = %user.id, "the old address was not told of the change");
    }
    Ok(EmailConfirmed::Changed(new_email))
}

/// The notice to the old address, with the link that undoes the change.
pub fn email_changed_mail(state: &Services, user: &User, new_email: &Email, token: &str) -> Mail {
    let language = user.language();
    link_mail(
        language,
        &user.email,
        &tr(language, "Your Breaktime email address was changed", &[]),
        &tr(
            language,
            "Hello {name}, the email address of your Breaktime account was changed to {email}. If you did not do \
             this, follow the link within {days} days: it puts this address back and signs the account out \
             everywhere; then choose a new password with \"Forgot password\".",
            &[
                ("name", &user.name),
                ("email", new_email.as_str()),
                ("days", &(UNDO_EMAIL_CHANGE_SECS / 86_400).to_string()),
            ],
        ),
        &tr(language, "This wasn't me: undo the change", &[]),
        &url(state, "/verify-new-email", token, ""),
    )
}

/// Puts the old address of an undo link back, whatever the address is now, and ends every sign-in and access token
/// of the account. A password set since does not make the link stale: that is what a taker would do first.
async fn undo_email_change(state: &Services, link: ValidLink) -> AppResult<Email> {
    let user = get_user(state.table(), &link.link.user_id).await?.ok_or_else(invalid_link)?;
    let old_email = link.link.email.clone();
    let mut writes = vec![link.use_op()];
    if user.email != old_email {
        writes.push(repo::users::claim_email_op(&old_email, &user.id));
        writes.push(repo::users::release_email_op(&user.email, &user.id));
        writes.push(repo::teams::member_email_op(&user.team_id, &user.id, &old_email));
    }
    writes.push(repo::users::restore_email_op(&user, &old_email));
    if !repo::commit(state.table(), writes).await? {
        if link.still_unused(state).await? && users::email_taken(state.table(), &old_email).await? {
            // The old address went to another account meanwhile: it cannot come back, but whoever holds this
            // account now is still signed out everywhere.
            sessions::revoke_all_sessions(state, &user.id).await?;
            return Err(AppError::Conflict(EMAIL_TAKEN.into()));
        }
        return Err(invalid_link());
    }
    sessions::revoke_all_sessions(state, &user.id).await?;
    tracing::warn!(user_id = %user.id, "email change undone from the old address");
    Ok(old_email)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bt_core::codec::to_item;
    use bt_core::keys;

    #[test]
    fn link_kinds_keep_their_stored_names() {
        for (kind, name) in [
            (LinkKind::Verify, "verify"),
            (LinkKind::Reset, "reset"),
            (LinkKind::ChangeEmail, "change_email"),
            (LinkKind::UndoEmailChange, "undo_email_change"),
        ] {
            assert_eq!(serde_json::to_value(kind).unwrap(), name);
            assert_eq!(serde_json::from_value::<LinkKind>(name.into()).unwrap(), kind);
        }
    }

    #[test]
    fn a_link_expires_at_its_expiry_second() {
        let link = EmailLink {
            kind: LinkKind::Reset,
            user_id: UserId::parse("01HZX3Y8Q2W5E7R9T1V3B5N7M9").unwrap(),
            email: Email::parse("a@example.com").unwrap(),
            token_version: 0,
            expires_at: 100,
            ttl: 100,
        };
        assert!(!link.expired(99));
        assert!(link.expired(100));
        let item = to_item("email_token", &keys::email_token("h"), &link).unwrap();
        assert_eq!(item["PK"], "TOKEN#h");
        assert_eq!(item["kind"], "reset");
        assert_eq!(item["tokenVersion"], 0);
    }
}
