//! The signed-in caller as extractors: a bearer credential (a session's access token or a personal API token)
//! checked and its user read fresh on every request.
//!
//! Once per request: the language layer checks an access token's signature ([`SignedToken`]), and the first layer or
//! extractor that needs the caller (the idempotency layer on a write, else the route's extractor) reads the user and
//! leaves what it found in the request ([`KnownCaller`]) for the rest. A request reads its caller with one signature
//! check and one read of the user (an API token: its secret's item and the owner), whoever asks.
//!
//! A read-only API token is refused (403) on every route but GET and HEAD, here, before any handler runs. The routes
//! that a session alone may use (API tokens, password, e-mail, account deletion) take [`SessionUser`] instead of
//! [`AuthUser`], which refuses every API token (403).

use std::sync::Arc;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{Extensions, HeaderMap, Method};
use bt_app::account::tokens::{self, Credential, TokenScope};
use bt_app::account::{Role, User};
use bt_app::auth::Claims;
use bt_app::i18n::Language;
use bt_app::records::Owner;
use bt_app::types::{TeamId, UserId};
use bt_app::{AppError, AppResult};

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
pub(crate) fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then_some(token.trim()).filter(|t| !t.is_empty())
}

/// The signature check of a request's access token, made once by the language layer ([`crate::language::speak`]):
/// the claims when the signature holds (their type and expiry are checked where the caller is read), None when it
/// does not. Not in a request without a bearer or with an API token.
#[derive(Debug, Clone)]
pub(crate) struct SignedToken(Option<Arc<Claims>>);

impl SignedToken {
    pub(crate) fn check(state: &AppState, token: &str) -> Option<SignedToken> {
        (!tokens::is_api_token(token)).then(|| SignedToken(bt_app::auth::signed_claims(state, token).map(Arc::new)))
    }

    pub(crate) fn claims(&self) -> Option<&Claims> {
        self.0.as_deref()
    }
}

/// The caller as the first reader of a request found it, for every later one: the user and the credential, or the
/// refusal (401, 403) each of them would meet again. A failure of the store is not kept: a later reader tries again.
#[derive(Debug, Clone)]
pub(crate) struct KnownCaller(Result<(User, Credential), Refusal>);

#[derive(Debug, Clone)]
enum Refusal {
    Unauthorized(String),
    Forbidden(String),
}

impl KnownCaller {
    fn outcome(&self) -> AppResult<(User, Credential)> {
        match &self.0 {
            Ok(caller) => Ok(caller.clone()),
            Err(Refusal::Unauthorized(m)) => Err(AppError::Unauthorized(m.clone())),
            Err(Refusal::Forbidden(m)) => Err(AppError::Forbidden(m.clone())),
        }
    }
}

/// The caller a request's bearer names (None without a bearer): as an earlier reader of the request left it, else
/// read now (an access token's signature as the language layer checked it, else checked here).
pub(crate) async fn read_caller(
    state: &AppState,
    headers: &HeaderMap,
    extensions: &Extensions,
) -> AppResult<Option<(User, Credential)>> {
    let Some(token) = bearer(headers) else { return Ok(None) };
    if let Some(known) = extensions.get::<KnownCaller>() {
        return known.outcome().map(Some);
    }
    let caller = match extensions.get::<SignedToken>() {
        Some(signed) if !tokens::is_api_token(token) => match signed.claims() {
            Some(claims) => (bt_app::auth::user_of_claims(state, claims).await?, Credential::Session),
            None => return Err(AppError::unauthorized()),
        },
        _ => tokens::caller_of_bearer(state, token).await?,
    };
    Ok(Some(caller))
}

/// Leaves what [`read_caller`] found in the request for its later readers (a failure of the store excepted).
pub(crate) fn remember(extensions: &mut Extensions, outcome: &AppResult<Option<(User, Credential)>>) {
    let known = match outcome {
        Ok(Some(caller)) => Ok(caller.clone()),
        Ok(None) => return,
        Err(AppError::Unauthorized(m)) => Err(Refusal::Unauthorized(m.clone())),
        Err(AppError::Forbidden(m)) => Err(Refusal::Forbidden(m.clone())),
        Err(_) => return,
    };
    extensions.insert(KnownCaller(known));
}

async fn authenticate(state: &AppState, parts: &mut Parts) -> AppResult<Option<AuthUser>> {
    let outcome = read_caller(state, &parts.headers, &parts.extensions).await;
    if parts.extensions.get::<KnownCaller>().is_none() {
        remember(&mut parts.extensions, &outcome);
    }
    let Some((user, credential)) = outcome? else { return Ok(None) };
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
async fn authorize(state: &AppState, parts: &mut Parts) -> AppResult<Option<AuthUser>> {
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
