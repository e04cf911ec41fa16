//! Social sign-in (GitHub, Google) and single sign-on (OpenID Connect) as the table sees it: the `state` of a
//! sign-in in progress (stored hashed, for 10 minutes, single use, with the PKCE verifier when the provider uses one
//! and the OpenID Connect `nonce` the ID token must carry, and the web app's own one-time value that goes back to
//! it with the session), and the account of a provider-verified address.

use super::sessions::{issue_session, Session};
use super::teams::personal_team;
use super::users::{create_account, find_user_by_email, User};
use crate::auth::hash_token;
use crate::repo;
use bt_core::error::{AppError, AppResult};
use bt_core::i18n::Language;
use bt_core::services::Services;
use bt_core::types::Email;

pub const STATE_TTL_SECS: i64 = 10 * 60;

/// What a sign-in in progress keeps for its callback.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SignInSecrets {
    /// The PKCE code verifier, when the provider uses PKCE.
    pub pkce_verifier: Option<String>,
    /// The OpenID Connect `nonce` sent with the authorization request; the ID token must carry it.
    pub nonce: Option<String>,
    /// The web app's one-time value for this sign-in (see [`browser_nonce`]), handed back with the session so that
    /// the web app knows it started this sign-in itself.
    pub browser_nonce: Option<String>,
    /// The browser's time zone as the start received it (see [`crate::users::browser_zone`]): a new account starts
    /// in it.
    pub time_zone: Option<String>,
}

/// The web app's one-time value as the start of a sign-in received it: kept when it is 16 to 128 characters of
/// `A-Z a-z 0-9 - _` (what the web app sends), dropped otherwise (the sign-in then goes on without one, and the web
/// app asks the person to confirm the account before it keeps the session).
pub fn browser_nonce(given: Option<&str>) -> Option<String> {
    let given = given?;
    let fits =
        (16..=128).contains(&given.len()) && given.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    fits.then(|| given.to_string())
}

/// Stores the `state` (`csrf`) of a sign-in that has just started, with what its callback needs.
pub async fn save_state_with(state: &Services, provider: &str, csrf: &str, secrets: SignInSecrets) -> AppResult<()> {
    let expires_at = state.clock.now().timestamp() + STATE_TTL_SECS;
    repo::oauth::insert(state.table(), &hash_token(csrf), provider, expires_at, secrets).await
}

/// Consumes the stored state: what its callback needs, when it is known, unused, unexpired and of this provider.
/// A state is deleted by the first callback that presents it, whatever follows, so it (and the nonce bound to it)
/// serves one sign-in at most.
pub async fn take_state_with(state: &Services, provider: &str, csrf: &str) -> AppResult<Option<SignInSecrets>> {
    let Some(stored) = repo::oauth::take(state.table(), &hash_token(csrf)).await? else { return Ok(None) };
    if stored.provider.as_deref() != Some(provider) || stored.expires_at <= state.clock.now().timestamp() {
        return Ok(None);
    }
    Ok(Some(SignInSecrets {
        pkce_verifier: stored.pkce_verifier,
        nonce: stored.nonce,
        browser_nonce: stored.browser_nonce,
        time_zone: stored.time_zone,
    }))
}

/// Signs in the account of a provider-verified address (see [`account_of_verified_email`]) with a new session.
pub async fn social_sign_in(
    state: &Services,
    email: &str,
    name: &str,
    language: Language,
    time_zone: Option<&str>,
) -> AppResult<(User, Session)> {
    let user = account_of_verified_email(state, email, name, language, time_zone).await?;
    // A team that requires single sign-on keeps its members to it.
    crate::sso::check_other_sign_in(state, &user).await?;
    let session = issue_session(state, &user).await?;
    Ok((user, session))
}

/// Signs in the account of an address the OpenID Connect provider verified (see [`account_of_verified_email`]).
pub async fn single_sign_on(
    state: &Services,
    email: &str,
    name: &str,
    language: Language,
    time_zone: Option<&str>,
) -> AppResult<(User, Session)> {
    let user = account_of_verified_email(state, email, name, language, time_zone).await?;
    // Marked as made with single sign-on: a team that requires it keeps this sign-in, and no other.
    let session = super::sessions::issue_sso_session(state, &user).await?;
    Ok((user, session))
}

/// The account of a provider-verified address: the existing one (now verified), or a new one with its own team,
/// speaking `language` (the request's) and starting in `time_zone` (the browser's, else UTC). The provider's address is checked like any other before it is looked up or
/// stored.
pub async fn account_of_verified_email(
    state: &Services,
    email: &str,
    name: &str,
    language: Language,
    time_zone: Option<&str>,
) -> AppResult<User> {
    let email = Email::parse(email)
        .map_err(|_| AppError::BadRequest("The email address of this account cannot be used.".into()))?;
    for _ in 0..2 {
        if let Some(user) = find_user_by_email(state.table(), &email).await? {
            if user.verified {
                return Ok(user);
            }
            // Whoever signed up with this address never proved they own it; the provider just did. Their password
            // is dropped so that it cannot be used to get into the account of the address's real owner.
            return repo::users::verify_dropping_password(state.table(), &user).await;
        }
        let now = state.clock.now().to_rfc3339();
        let name = display_name(name, &email);
        let team = personal_team(&name, &now);
        let zone = crate::users::starting_zone(None, crate::users::browser_zone(time_zone).as_deref());
        let user = User::new_admin(name, email.clone(), None, true, &team, language).in_zone(Some(zone));
        if create_account(state.table(), &user, &team).await? {
            return Ok(user);
        }
        // The address was taken meanwhile (a sign-up at the same moment): link to that account instead.
    }
    Err(AppError::Conflict("An account with this email already exists.".into()))
}

/// The provider's name for the person, else the part of the address before the `@`, at most 60 characters.
pub fn display_name(name: &str, email: &str) -> String {
    let name = name.trim();
    let name = if name.is_empty() { email.split('@').next().unwrap_or(email) } else { name };
    name.chars().take(60).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn display_names_fall_back_to_the_address() {
        assert_eq!(super::display_name("  Ana Lima ", "ana@example.com"), "Ana Lima");
        assert_eq!(super::display_name(" ", "ana@example.com"), "ana");
        assert_eq!(super::display_name(&"x".repeat(80), "a@b.c").chars().count(), 60);
    }

    #[test]
    fn only_a_web_app_nonce_of_the_expected_shape_is_kept() {
        let good = "aB3-_".repeat(6);
        assert_eq!(super::browser_nonce(Some(&good)), Some(good.clone()));
        assert_eq!(super::browser_nonce(None), None);
        assert_eq!(super::browser_nonce(Some("short")), None);
        assert_eq!(super::browser_nonce(Some(&"a".repeat(129))), None);
        assert_eq!(super::browser_nonce(Some(&format!("{good}&x=1"))), None);
    }
}
