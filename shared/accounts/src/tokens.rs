//! Personal API tokens: a person's own scripts call the API with `Authorization: Bearer btpat_…`.
//!
//! - **Secret.** `btpat_` followed by 256 random bits (43 url-safe characters), shown once when the token is made;
//!   only its SHA-256 is stored, in an item keyed by that hash (`PAT#<hash>`), so a request finds its token with one
//!   GetItem. The token itself (name, scope, dates) lives in its owner's partition (`USER#<id>` /
//!   `APITOKEN#<tokenId>`), which is how its owner lists and revokes it. Both go together.
//! - **Scope.** `read` calls only GET and HEAD routes; `write` calls every route a signed-in person may call, except
//!   those that a session alone may use (tokens, password, e-mail, account deletion: see `bt_http::auth`).
//! - **Lifetime.** 1 to 365 days ([`DEFAULT_EXPIRY_DAYS`] when not given); an expired token is refused (401) and
//!   its items go with the table's TTL. A token belongs to the account's token version of its creation: changing or
//!   resetting the password, undoing an e-mail change or being removed from a team ends it, as it ends every sign-in;
//!   deleting the account deletes it. Ended tokens are no longer listed.
//! - **Last use.** `lastUsedAt` is written at most once an hour per token ([`LAST_USED_EVERY_SECS`]): a script calling
//!   every second costs one write an hour, and the list shows the last use to the hour.
//! - A person holds at most [`MAX_TOKENS`] live tokens.
//! - **Single sign-on.** A member or HR of a team that requires single sign-on makes no tokens, and the tokens they
//!   hold are refused (403) on every route while the requirement is on (see `crate::sso`); admins are not affected.

use crate::audit::{Action, Entry};
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use crate::auth::{hash_token, random_token};
use crate::repo;
use crate::users::{get_user, User};
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::types::{RecordId, UserId};
use bt_core::validate::Check;

/// What every API token's secret starts with, so that it is told apart from a session's access token at a glance.
pub const TOKEN_PREFIX: &str = "btpat_";
/// Most live (neither expired nor ended) tokens one person may hold.
pub const MAX_TOKENS: usize = 20;
pub const DEFAULT_EXPIRY_DAYS: i64 = 90;
pub const MAX_EXPIRY_DAYS: i64 = 365;
pub const MAX_NAME_CHARS: u64 = 60;
/// `lastUsedAt` moves at most this often.
pub const LAST_USED_EVERY_SECS: i64 = 3600;

pub const NAME_REQUIRED: &str = "Name is required.";
pub const NAME_TOO_LONG: &str = "Name must be at most 60 characters.";
pub const SCOPE_REQUIRED: &str = "Scope is required.";
pub const BAD_SCOPE: &str = "Scope must be read or write.";
pub const BAD_EXPIRY: &str = "Expiry must be between 1 and 365 days.";
pub const TOO_MANY: &str = "You can have at most 20 API tokens. Revoke one before creating another.";
pub const NOT_FOUND: &str = "API token not found.";
pub const INVALID: &str = "Invalid or expired API token.";
/// A read-only token on a route that writes.
pub const READ_ONLY: &str = "This API token is read-only.";
/// Any token on a route only a signed-in person may use.
pub const SESSION_ONLY: &str =
    "API tokens cannot manage API tokens, change the password or e-mail address, or delete the account; sign in instead.";

/// What a token may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TokenScope {
    /// GET and HEAD routes only.
    Read,
    /// Every route a signed-in person may call, but the session-only ones.
    Write,
}

/// What a request was signed in with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Credential {
    /// A session's access token (the web app, a sign-in).
    Session,
    /// A personal API token.
    ApiToken { id: RecordId, scope: TokenScope },
}

/// The body of `POST /user/tokens`.
#[derive(Debug, Clone, Default)]
pub struct TokenInput {
    pub name: Option<String>,
    pub scope: Option<String>,
    pub expires_in_days: Option<i64>,
}

/// A token as its owner lists it: never its secret nor the secret's hash.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiToken {
    pub id: RecordId,
    pub name: String,
    pub scope: TokenScope,
    pub created_at: String,
    pub last_used_at: Option<String>,
    pub expires_at: String,
}

/// What creating a token answers: the token and its secret, the only time the secret is shown.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NewApiToken {
    pub id: RecordId,
    pub name: String,
    pub scope: TokenScope,
    pub created_at: String,
    pub last_used_at: Option<String>,
    pub expires_at: String,
    /// `btpat_…`: whoever has it calls the API as its owner, within its scope.
    pub token: String,
}

/// The token item in its owner's partition (`USER#<userId>` / `APITOKEN#<id>`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredToken {
    pub id: RecordId,
    pub user_id: UserId,
    pub name: String,
    pub scope: TokenScope,
    pub token_hash: String,
    /// The account's token version at creation: a later one ends the token.
    pub token_version: i64,
    pub created_at: String,
    pub expires_at: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_used_at: Option<String>,
    /// Expiry in epoch seconds (the table's TTL).
    pub ttl: i64,
}

impl StoredToken {
    fn listed(self) -> ApiToken {
        ApiToken {
            id: self.id,
            name: self.name,
            scope: self.scope,
            created_at: self.created_at,
            last_used_at: self.last_used_at,
            expires_at: self.expires_at,
        }
    }

    fn live(&self, user: &User, now: i64) -> bool {
        self.token_version == user.token_version && self.ttl > now
    }
}

/// The secret's item (`PAT#<sha256>` / `PAT`): which token of whom a secret opens, with what it needs to decide on a
/// request without reading the token item.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TokenPointer {
    pub user_id: UserId,
    pub token_id: RecordId,
    pub token_hash: String,
    pub scope: TokenScope,
    pub token_version: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_used_at: Option<String>,
    /// Expiry in epoch seconds (also the table's TTL).
    pub ttl: i64,
}

fn stamp(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

fn parse(input: &TokenInput) -> AppResult<(String, TokenScope, i64)> {
    let name = input.name.as_deref().unwrap_or("").trim().to_string();
    let scope = match input.scope.as_deref().map(str::trim) {
        None | Some("") => Err(SCOPE_REQUIRED),
        Some("read") => Ok(TokenScope::Read),
        Some("write") => Ok(TokenScope::Write),
        Some(_) => Err(BAD_SCOPE),
    };
    let days = input.expires_in_days.unwrap_or(DEFAULT_EXPIRY_DAYS);
    let mut check = Check::new();
    check.required("name", &name, NAME_REQUIRED).max_chars("name", &name, MAX_NAME_CHARS, NAME_TOO_LONG);
    if let Err(message) = scope {
        check.fail("scope", message);
    }
    check.rule("expiresInDays", (1..=MAX_EXPIRY_DAYS).contains(&days), BAD_EXPIRY);
    check.finish()?;
    Ok((name, scope.expect("checked"), days))
}

/// Creates a token for `user` and answers its secret, which is never shown again. The one write of a creation.
pub async fn create_token(state: &Services, user: &User, input: &TokenInput) -> AppResult<NewApiToken> {
    crate::sso::check_api_token(state, user).await?;
    let (name, scope, days) = parse(input)?;
    let store = state.table();
    let now = state.clock.now();
    // Two creations at the same moment may both pass this count; the cap is a bound on clutter, not a secret.
    let live = repo::tokens::list(store, &user.id).await?.iter().filter(|t| t.live(user, now.timestamp())).count();
    if live >= MAX_TOKENS {
        return Err(AppError::Conflict(TOO_MANY.into()));
    }
    let secret = format!("{TOKEN_PREFIX}{}", random_token());
    let expires = now + Duration::days(days);
    let token = StoredToken {
        id: RecordId::new(),
        user_id: user.id.clone(),
        name,
        scope,
        token_hash: hash_token(&secret),
        token_version: user.token_version,
        created_at: stamp(now),
        expires_at: stamp(expires),
        last_used_at: None,
        ttl: expires.timestamp(),
    };
    let pointer = TokenPointer {
        user_id: user.id.clone(),
        token_id: token.id.clone(),
        token_hash: token.token_hash.clone(),
        scope,
        token_version: user.token_version,
        last_used_at: None,
        ttl: token.ttl,
    };
    let logged = Entry::by(user, Action::TokenCreated, now).whose(&user.id, &user.name).about(format!(
        "{} ({})",
        token.name,
        scope_name(scope)
    ));
    if !repo::tokens::insert(store, &token, &pointer, &logged).await? {
        return Err(AppError::Conflict("The API token could not be created. Please try again.".into()));
    }
    tracing::info!(user_id = %user.id, token_id = %token.id, scope = ?scope, "api token created");
    let listed = token.listed();
    Ok(NewApiToken {
        id: listed.id,
        name: listed.name,
        scope: listed.scope,
        created_at: listed.created_at,
        last_used_at: listed.last_used_at,
        expires_at: listed.expires_at,
        token: secret,
    })
}

/// The caller's tokens, oldest first, without those a newer token version ended (one Query of their partition).
/// Expired ones stay listed (with their past expiry) until the table's TTL takes them.
pub async fn list_tokens(app: &Services, user: &User) -> AppResult<Vec<ApiToken>> {
    let store = app.table();
    let tokens = repo::tokens::list(store, &user.id).await?;
    Ok(tokens.into_iter().filter(|t| t.token_version == user.token_version).map(StoredToken::listed).collect())
}

/// Revokes one of the caller's tokens: it and its secret's item are deleted together, and the secret is refused
/// (401) from then on. Another person's token id is not found, like an unknown one. The one write of a revocation.
pub async fn revoke_token(state: &Services, user: &User, id: &RecordId) -> AppResult<ApiToken> {
    let store = state.table();
    let not_found = || AppError::NotFound(NOT_FOUND.into());
    let token = repo::tokens::find(store, &user.id, id).await?.ok_or_else(not_found)?;
    let logged = Entry::by(user, Action::TokenRevoked, state.clock.now()).whose(&user.id, &user.name).about(format!(
        "{} ({})",
        token.name,
        scope_name(token.scope)
    ));
    if !repo::tokens::delete(store, &token, &logged).await? {
        return Err(not_found());
    }
    tracing::info!(user_id = %user.id, token_id = %id, "api token revoked");
    Ok(token.listed())
}

/// A scope as the audit log names it.
fn scope_name(scope: TokenScope) -> &'static str {
    match scope {
        TokenScope::Read => "read",
        TokenScope::Write => "write",
    }
}

/// Whether a bearer credential is an API token's secret (rather than a session's access token).
pub fn is_api_token(bearer: &str) -> bool {
    bearer.starts_with(TOKEN_PREFIX)
}

/// Whether `secret` has the shape of the secrets tokens are made with, so that nothing else reaches the store.
fn well_formed(secret: &str) -> bool {
    secret.strip_prefix(TOKEN_PREFIX).is_some_and(|rest| {
        rest.len() == 43 && rest.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    })
}

/// The owner of an API token's secret and the token's scope, read fresh: an unknown, revoked or expired token, one
/// of an older token version, or a deleted or unverified owner is 401; the token of a member or HR of a team that
/// requires single sign-on is 403. Two reads (the secret's item, the owner), a third (the team's requirement) for
/// members and HR on a server with single sign-on; a write at most once an hour for `lastUsedAt`.
pub async fn user_of_api_token(state: &Services, secret: &str) -> AppResult<(User, Credential)> {
    let invalid = || AppError::Unauthorized(INVALID.into());
    if !well_formed(secret) {
        return Err(invalid());
    }
    let store = state.table();
    let pointer = repo::tokens::find_by_hash(store, &hash_token(secret)).await?.ok_or_else(invalid)?;
    let now = state.clock.now();
    if pointer.ttl <= now.timestamp() {
        return Err(invalid());
    }
    let user = get_user(store, &pointer.user_id).await?.ok_or_else(invalid)?;
    if user.token_version != pointer.token_version || !user.verified {
        return Err(invalid());
    }
    crate::sso::check_api_token(state, &user).await?;
    let stale = pointer
        .last_used_at
        .as_deref()
        .and_then(|t| DateTime::parse_from_rfc3339(t).ok())
        .is_none_or(|last| (now - last.with_timezone(&Utc)).num_seconds() >= LAST_USED_EVERY_SECS);
    if stale {
        // A missed stamp only makes the list's "last used" older; the request goes on.
        if let Err(e) = repo::tokens::mark_used(store, &pointer, &stamp(now)).await {
            tracing::warn!(error = %e, token_id = %pointer.token_id, "api token last use not recorded");
        }
    }
    Ok((user, Credential::ApiToken { id: pointer.token_id, scope: pointer.scope }))
}

/// The caller a bearer credential names: an API token's owner (see [`user_of_api_token`]) or a session's user (see
/// [`crate::auth::user_of_token`]).
pub async fn caller_of_bearer(state: &Services, bearer: &str) -> AppResult<(User, Credential)> {
    if is_api_token(bearer) {
        return user_of_api_token(state, bearer).await;
    }
    Ok((crate::auth::user_of_token(state, bearer).await?, Credential::Session))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(name: &str, scope: Option<&str>, days: Option<i64>) -> TokenInput {
        TokenInput { name: Some(name.into()), scope: scope.map(String::from), expires_in_days: days }
    }

    fn field_error(result: AppResult<(String, TokenScope, i64)>, field: &str) -> String {
        match result {
            Err(AppError::Validation(fields)) => fields[field].to_string(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn inputs_are_checked_field_by_field() {
        assert_eq!(parse(&input(" CI ", Some("read"), None)).unwrap(), ("CI".into(), TokenScope::Read, 90));
        assert_eq!(parse(&input("x", Some("write"), Some(365))).unwrap().2, 365);
        assert_eq!(field_error(parse(&input(" ", Some("read"), None)), "name"), NAME_REQUIRED);
        assert_eq!(field_error(parse(&input(&"a".repeat(61), Some("read"), None)), "name"), NAME_TOO_LONG);
        assert!(parse(&input(&"é".repeat(60), Some("read"), None)).is_ok());
        assert_eq!(field_error(parse(&input("x", None, None)), "scope"), SCOPE_REQUIRED);
        assert_eq!(field_error(parse(&input("x", Some("admin"), None)), "scope"), BAD_SCOPE);
        for days in [0, -1, 366] {
            assert_eq!(field_error(parse(&input("x", Some("read"), Some(days))), "expiresInDays"), BAD_EXPIRY);
        }
    }

    #[test]
    fn only_well_formed_secrets_reach_the_store() {
        assert!(well_formed(&format!("{TOKEN_PREFIX}{}", random_token())));
        assert!(is_api_token("btpat_x"));
        assert!(!is_api_token("eyJhbGciOi"));
        for bad in ["btpat_", "btpat_abc", &format!("btpat_{}", "a".repeat(44)), &format!("xxpat_{}", "a".repeat(43))] {
            assert!(!well_formed(bad), "{bad}");
        }
    }
}
