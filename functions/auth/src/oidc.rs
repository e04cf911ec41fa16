//! Single sign-on with an OpenID Connect provider (`OIDC_ISSUER`, `OIDC_CLIENT_ID`, `OIDC_CLIENT_SECRET`,
//! `OIDC_LABEL`), with the `openidconnect` crate: discovery (`<issuer>/.well-known/openid-configuration` and its
//! JWKS, kept for 10 minutes per issuer), the authorization code flow with PKCE (S256), `state` and `nonce`.
//!
//! The callback consumes the stored state (hashed, 10 minutes, single use, bound to its PKCE verifier and nonce),
//! exchanges the code, and verifies the ID token with the crate's own crypto: the signature against the provider's
//! keys (RS256 unless the provider lists others), `iss`, `aud` (and `azp` when there are several audiences),
//! `exp`, and the `nonce` of this very state. A nonce is never reused: each state gets a fresh one and a state
//! serves one callback, so an ID token replayed into another sign-in carries the wrong nonce and is refused.
//! `email_verified` must be true. The account is the one of that address, or a new one.
//!
//! As with GitHub and Google (see `oauth.rs`), the sign-in is bound to the browser that started it by an HttpOnly
//! cookie holding the `state`, and the web app's one-time `nonce` goes back to it with the session.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use bt_app::account::oauth::{self, SignInSecrets};
use bt_app::account::sessions::Session;
use bt_app::account::sso::SSO_NOT_CONFIGURED;
use bt_app::account::User;
use bt_app::config::OidcProvider;
use bt_app::i18n::Language;
use bt_app::{ratelimit, AppError};
use bt_http::openapi::ErrorBody;
use bt_http::AppState;
use bt_http::{ApiQuery, ApiResult, ClientIp, RequestLanguage};
use openidconnect::core::{CoreAuthenticationFlow, CoreClient, CoreProviderMetadata};
use openidconnect::{
    AuthorizationCode, ClientId, ClientSecret, CsrfToken, IssuerUrl, Nonce, PkceCodeChallenge, PkceCodeVerifier,
    RedirectUrl, Scope, TokenResponse,
};

use crate::oauth::{
    error_query, http, session_query, started_here, to_provider, to_web_app, CallbackQuery, StartQuery,
};

const SLUG: &str = "oidc";
const FAILED: &str = "Single sign-on failed. Please try again.";
const CANCELLED: &str = "Single sign-on was cancelled.";
const UNAVAILABLE: &str = "Single sign-on is unavailable right now. Please try again later.";
const NO_VERIFIED_EMAIL: &str = "Your single sign-on account has no verified email address.";
const SIGN_IN_EXPIRED: &str = "This sign-in has expired. Please try again.";
const SOMETHING_WENT_WRONG: &str = "Something went wrong. Please try again later.";

/// How long a provider's discovery document and keys are kept before they are read again.
const DISCOVERY_TTL: Duration = Duration::from_secs(600);

/// The provider's discovery document (with its keys), read at most every [`DISCOVERY_TTL`] per issuer.
async fn metadata(settings: &OidcProvider) -> anyhow::Result<CoreProviderMetadata> {
    static CACHE: OnceLock<Mutex<HashMap<String, (Instant, CoreProviderMetadata)>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some((at, metadata)) = cache.lock().expect("cache lock").get(&settings.issuer) {
        if at.elapsed() < DISCOVERY_TTL {
            return Ok(metadata.clone());
        }
    }
    let issuer = IssuerUrl::new(settings.issuer.clone())?;
    let metadata = CoreProviderMetadata::discover_async(issuer, http()).await?;
    cache.lock().expect("cache lock").insert(settings.issuer.clone(), (Instant::now(), metadata.clone()));
    Ok(metadata)
}

fn redirect_url(state: &AppState) -> anyhow::Result<RedirectUrl> {
    Ok(RedirectUrl::new(format!("{}/auth/{SLUG}/callback", state.config.api_url))?)
}

/// To the web app's `/auth/callback` with `error=<message>` in the request's language.
fn back_with_error(state: &AppState, language: Language, message: &str) -> Response {
    to_web_app(state, SLUG, &error_query(language, message))
}

// ---- start ------------------------------------------------------------------------------------------------------

/// Start single sign-on
///
/// Redirects to the OpenID Connect provider's authorization page (authorization code flow with PKCE, `state` and
/// `nonce`, scopes `openid email profile`). When the provider cannot be reached, the browser goes back to the web
/// app's `/auth/callback?error=<message>` instead.
#[utoipa::path(get, path = "/auth/oidc", tag = "accounts", params(StartQuery), security(()),
    responses((status = 302, description = "To the provider, or back to the web app's /auth/callback with `error` when the provider cannot be reached",
            headers(("Location" = String, description = "The provider's authorization page, or `<app>/auth/callback?error=<message>`"),
                ("Set-Cookie" = String, description = "`bt_sign_in_state`: binds the sign-in to this browser (HttpOnly, SameSite=Lax, for the callback route only, 10 minutes)"))),
        (status = 404, description = "Single sign-on is not configured.", body = ErrorBody),
        (status = 429, description = "Rate limited", body = ErrorBody)))]
#[tracing::instrument(skip(state))]
pub async fn start(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    RequestLanguage(language): RequestLanguage,
    ApiQuery(query): ApiQuery<StartQuery>,
) -> ApiResult {
    // Off is absent, not out of order: 404 with the reason (the web app hides the button).
    let settings = state.config.oidc.as_ref().ok_or_else(|| AppError::NotFound(SSO_NOT_CONFIGURED.into()))?;
    // Each start stores a state item: limited like sign-in attempts.
    ratelimit::hit(&state, "oauth-ip", &ip, state.config.rate_limits.login_per_ip).await?;
    let metadata = match metadata(settings).await {
        Ok(metadata) => metadata,
        Err(e) => {
            tracing::warn!(issuer = %settings.issuer, error = %e, "OpenID Connect discovery failed");
            return Ok(back_with_error(&state, language, UNAVAILABLE));
        }
    };
    let client = CoreClient::from_provider_metadata(
        metadata,
        ClientId::new(settings.client_id.clone()),
        Some(ClientSecret::new(settings.client_secret.clone())),
    )
    .set_redirect_uri(redirect_url(&state).map_err(AppError::Internal)?);
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let (url, csrf, nonce) = client
        .authorize_url(CoreAuthenticationFlow::AuthorizationCode, CsrfToken::new_random, Nonce::new_random)
        .add_scope(Scope::new("email".into()))
        .add_scope(Scope::new("profile".into()))
        .set_pkce_challenge(challenge)
        .url();
    let secrets = SignInSecrets {
        pkce_verifier: Some(verifier.secret().clone()),
        nonce: Some(nonce.secret().clone()),
        browser_nonce: oauth::browser_nonce(query.nonce.as_deref()),
        time_zone: bt_app::account::users::browser_zone(query.time_zone.as_deref()),
    };
    oauth::save_state_with(&state, SLUG, csrf.secret(), secrets).await?;
    Ok(to_provider(&state, SLUG, url.as_str(), csrf.secret()))
}

// ---- callback ---------------------------------------------------------------------------------------------------

/// Finish single sign-on
///
/// Always a redirect to the web app: with a session when the ID token passed every check and its e-mail is
/// verified, with `error=<message>` otherwise (a state this browser's cookie does not hold; an unknown, used or
/// expired state; a token with a bad signature, another audience or issuer, expired, or with another sign-in's
/// nonce; an unverified e-mail).
#[utoipa::path(get, path = "/auth/oidc/callback", tag = "accounts", params(CallbackQuery), security(()),
    responses((status = 302, description = "To the web app's /auth/callback",
        headers(("Location" = String, description = "`<app>/auth/callback?access_token=…&refresh_token=…&name=…&id=…&nonce=…` (`nonce` when the start had one), or `?error=<message>`; refused (`error`) unless the browser's `bt_sign_in_state` cookie holds this `state`"),
            ("Set-Cookie" = String, description = "Removes `bt_sign_in_state`")))))]
#[tracing::instrument(skip(state, query, headers))]
pub async fn callback(
    State(state): State<AppState>,
    RequestLanguage(language): RequestLanguage,
    headers: HeaderMap,
    ApiQuery(query): ApiQuery<CallbackQuery>,
) -> Response {
    match finish(&state, &headers, query, language).await {
        Ok((user, session, nonce)) => to_web_app(&state, SLUG, &session_query(&user, &session, nonce.as_deref())),
        Err(message) => back_with_error(&state, language, &message),
    }
}

/// A message for the person when something of ours failed (the cause goes to the log only).
fn ours(e: AppError) -> String {
    tracing::error!(provider = SLUG, error = %e, "single sign-on failed");
    match e {
        AppError::Internal(_) => SOMETHING_WENT_WRONG.into(),
        other => other.public_message(),
    }
}

fn refused(what: &'static str) -> impl Fn(String) -> String {
    move |cause| {
        tracing::warn!(provider = SLUG, cause, "{what}");
        FAILED.to_string()
    }
}

async fn finish(
    state: &AppState,
    headers: &HeaderMap,
    query: CallbackQuery,
    language: Language,
) -> Result<(User, Session, Option<String>), String> {
    if let Some(error) = query.error {
        tracing::info!(provider = SLUG, %error, "provider refused the sign-in");
        return Err(if error == "access_denied" { CANCELLED.into() } else { FAILED.into() });
    }
    let settings = state.config.oidc.as_ref().ok_or_else(|| SSO_NOT_CONFIGURED.to_string())?;
    let (Some(code), Some(csrf)) = (query.code, query.state) else {
        return Err(FAILED.into());
    };
    // A link made in another browser (someone else's sign-in) stops here, and its state stays unused.
    if !started_here(headers, &csrf) {
        tracing::info!(provider = SLUG, "sign-in state without this browser's cookie");
        return Err(SIGN_IN_EXPIRED.into());
    }
    let secrets = oauth::take_state_with(state, SLUG, &csrf).await.map_err(ours)?.ok_or_else(|| {
        tracing::info!(provider = SLUG, "unknown, used or expired sign-in state");
        SIGN_IN_EXPIRED.to_string()
    })?;
    let (Some(verifier), Some(nonce)) = (secrets.pkce_verifier, secrets.nonce) else {
        return Err(SIGN_IN_EXPIRED.into());
    };

    let metadata = metadata(settings).await.map_err(|e| {
        tracing::warn!(issuer = %settings.issuer, error = %e, "OpenID Connect discovery failed");
        UNAVAILABLE.to_string()
    })?;
    let client = CoreClient::from_provider_metadata(
        metadata,
        ClientId::new(settings.client_id.clone()),
        Some(ClientSecret::new(settings.client_secret.clone())),
    )
    .set_redirect_uri(redirect_url(state).map_err(|e| ours(AppError::Internal(e)))?);
    let token = client
        .exchange_code(AuthorizationCode::new(code))
        .map_err(|e| refused("the provider has no token endpoint")(e.to_string()))?
        .set_pkce_verifier(PkceCodeVerifier::new(verifier))
        .request_async(http())
        .await
        .map_err(|e| refused("code exchange failed")(e.to_string()))?;
    let id_token = token.id_token().ok_or_else(|| refused("no ID token")(String::new()))?;
    let claims = id_token
        .claims(&client.id_token_verifier(), &Nonce::new(nonce))
        .map_err(|e| refused("ID token refused")(e.to_string()))?;

    let email = claims.email().map(|e| e.as_str().to_string());
    let Some(email) = email.filter(|_| claims.email_verified() == Some(true)) else {
        tracing::info!(provider = SLUG, subject = claims.subject().as_str(), "no verified e-mail in the ID token");
        return Err(NO_VERIFIED_EMAIL.into());
    };
    let name = claims.name().and_then(|n| n.get(None)).map(|n| n.as_str().to_string()).unwrap_or_default();
    let (user, session) =
        oauth::single_sign_on(state, &email, &name, language, secrets.time_zone.as_deref()).await.map_err(ours)?;
    tracing::info!(provider = SLUG, user_id = %user.id, "signed in with single sign-on");
    Ok((user, session, secrets.browser_nonce))
}
