//! The signed-in caller as extractors: a bearer credential (a session's access token or a personal API token)
//! checked and its user read fresh on every request.
//!
//! A read-only API token is refused (403) on every route but GET and HEAD, here, before any handler runs. The routes
//! that a session alone may use (API tokens, password, e-mail, account deletion) take [`SessionUser`] instead of
//! [`AuthUser`], which refuses every API token (403).

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::Method;
use bt_domain::account::tokens::{self, Credential, TokenScope};
use bt_domain::account::{Role, User};
use bt_domain::i18n::Language;
use bt_domain::records::Owner;
use bt_domain::types::{TeamId, UserId};
use bt_domain::{AppError, AppResult};

use crate::error::ApiError;
use crate::language::AccountLanguage;
use crate::state::AppState;

/// The signed-in caller, read fresh from the store on every request (a deleted user or a revoked token is 401).
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub user: User,
    /// The language the caller is answered in: their account's, else the request's `Accept-Language`, else English.
    pub language: Language,
    /// What the request was signed in with: a session, or an API token and its scope.
    pub credential: Credential,
}

impl AuthUser {
    pub fn id(&self) -> &UserId {
        &self.user.id
    }
    pub fn team_id(&self) -> &TeamId {
        &self.user.team_id
    }
    pub fn role(&self) -> Role {
        self.user.role
    }
    pub fn require_admin(&self) -> AppResult<()> {
        self.user.require_admin()
    }
    /// The caller's time zone (profile setting; UTC when unknown).
    pub fn tz(&self) -> chrono_tz::Tz {
        self.user.tz()
    }
    /// The caller as the owner of the records a call reads or writes.
    pub fn owner(&self) -> Owner {
        Owner::of(&self.user)
    }
}

/// The bearer token of a request's headers, if it has one.
pub(crate) fn bearer(headers: &axum::http::HeaderMap) -> Option<&str> {
    let value = headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then_some(token.trim()).filter(|t| !t.is_empty())
}

async fn authenticate(state: &AppState, parts: &Parts) -> AppResult<Option<AuthUser>> {
    let Some(token) = bearer(&parts.headers) else { return Ok(None) };
    let (user, credential) = tokens::caller_of_bearer(state, token).await?;
    // The account as it is now speaks for the rest of the request (its errors too), not the token's older claim.
    if let Some(account) = parts.extensions.get::<AccountLanguage>() {
        account.set(user.language);
    }
    let accept = parts.headers.get(axum::http::header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok());
    let language = Language::resolve(user.language, accept);
    Ok(Some(AuthUser { user, language, credential }))
}

/// The caller of [`authenticate`] within what its credential allows on this request: a read-only API token is 403
/// on anything but GET and HEAD.
async fn authorize(state: &AppState, parts: &Parts) -> AppResult<Option<AuthUser>> {
    let caller = authenticate(state, parts).await?;
    if let Some(AuthUser { credential: Credential::ApiToken { scope: TokenScope::Read, .. }, .. }) = &caller {
        if !matches!(parts.method, Method::GET | Method::HEAD) {
            return Err(AppError::Forbidden(tokens::READ_ONLY.into()));
        }
    }
    Ok(caller)
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        Ok(authorize(state, parts).await?.ok_or_else(AppError::unauthorized)?)
    }
}

/// The caller when signed in, None for guests; an invalid token is still 401.
pub struct MaybeAuthUser(pub Option<AuthUser>);

impl FromRequestParts<AppState> for MaybeAuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        Ok(MaybeAuthUser(authorize(state, parts).await?))
    }
}

/// The caller signed in with a session, never with an API token (403 with [`tokens::SESSION_ONLY`]): the extractor of
/// the routes that manage API tokens, change the password or the e-mail address, or delete the account.
#[derive(Debug, Clone)]
pub struct SessionUser(pub AuthUser);

impl std::ops::Deref for SessionUser {
    type Target = AuthUser;

    fn deref(&self) -> &AuthUser {
        &self.0
    }
}

impl FromRequestParts<AppState> for SessionUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        // Any API token is refused here, read-only or not, with the one message that says what to do instead.
        let caller = authenticate(state, parts).await?.ok_or_else(AppError::unauthorized)?;
        if caller.credential != Credential::Session {
            return Err(AppError::Forbidden(tokens::SESSION_ONLY.into()).into());
        }
        Ok(SessionUser(caller))
    }
}
