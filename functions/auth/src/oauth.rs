//! Social sign-in (GitHub, Google): OAuth 2 authorization code flow, PKCE for Google. The `state` of a sign-in in
//! progress is stored (hashed, 10 minutes, single use); the callback links the provider's verified e-mail to the
//! existing account or creates one, then sends the browser to the web app's `/auth/callback` with a new session.
//!
//! A sign-in is bound to the browser that started it (docs/security.md, "Sign-in callbacks"): the start sets an
//! HttpOnly cookie holding the `state`, limited to the provider's callback route, and a callback whose `state` is
//! not the one in that browser's cookie is refused before the state is looked up. The web app's one-time `nonce`
//! given to the start goes back to it with the session, so that the web app can tell a sign-in it started from a
//! link someone else made.

use std::sync::OnceLock;
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use bt_app::account::oauth::{self, SignInSecrets, STATE_TTL_SECS};
use bt_app::account::sessions::Session;
use bt_app::account::users::browser_zone;
use bt_app::account::User;
use bt_app::config::OAuthProvider;
use bt_app::i18n::{fill, translate, Language};
use bt_app::{ratelimit, AppError, AppResult};
use bt_http::openapi::ErrorBody;
use bt_http::AppState;
use bt_http::{ApiQuery, ApiResult, ClientIp, RequestLanguage};
use oauth2::basic::BasicClient;
use oauth2::url::form_urlencoded;
use oauth2::{
    AuthType, AuthUrl, AuthorizationCode, ClientId, ClientSecret, CsrfToken, EndpointNotSet, EndpointSet,
    PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, Scope, TokenResponse, TokenUrl,
};
use serde::Deserialize;
use serde_json::Value;
use utoipa::IntoParams;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Provider {
    GitHub,
    Google,
}

impl Provider {
    fn slug(self) -> &'static str {
        match self {
            Provider::GitHub => "github",
            Provider::Google => "google",
        }
    }
    fn label(self) -> &'static str {
        match self {
            Provider::GitHub => "GitHub",
            Provider::Google => "Google",
        }
    }
    fn settings(self, state: &AppState) -> Option<&OAuthProvider> {
        match self {
            Provider::GitHub => state.config.github.as_ref(),
            Provider::Google => state.config.google.as_ref(),
        }
    }
    fn scopes(self) -> &'static [&'static str] {
        match self {
            Provider::GitHub => &["read:user", "user:email"],
            Provider::Google => &["openid", "email", "profile"],
        }
    }
    fn uses_pkce(self) -> bool {
        self == Provider::Google
    }
    fn not_configured(self) -> String {
        fill("{provider} sign-in is not configured.", &[("provider", self.label())])
    }
    fn failed(self) -> String {
        fill("Sign-in with {provider} failed. Please try again.", &[("provider", self.label())])
    }
}

const SIGN_IN_EXPIRED: &str = "This sign-in has expired. Please try again.";
const SOMETHING_WENT_WRONG: &str = "Something went wrong. Please try again later.";

type ConfiguredClient = BasicClient<EndpointSet, EndpointNotSet, EndpointNotSet, EndpointNotSet, EndpointSet>;

fn client(state: &AppState, provider: Provider, settings: &OAuthProvider) -> AppResult<ConfiguredClient> {
    let bad_url =
        |e: oauth2::url::ParseError| AppError::Internal(anyhow::anyhow!("{} OAuth URL: {e}", provider.label()));
    let redirect = format!("{}/auth/{}/callback", state.config.api_url, provider.slug());
    Ok(BasicClient::new(ClientId::new(settings.client_id.clone()))
        .set_client_secret(ClientSecret::new(settings.client_secret.clone()))
        .set_auth_uri(AuthUrl::new(settings.auth_url.clone()).map_err(bad_url)?)
        .set_token_uri(TokenUrl::new(settings.token_url.clone()).map_err(bad_url)?)
        .set_redirect_uri(RedirectUrl::new(redirect).map_err(bad_url)?)
        // Both providers take the client credentials as form fields.
        .set_auth_type(AuthType::RequestBody))
}

/// One HTTP client for every sign-in provider (GitHub, Google, OpenID Connect): no redirects (the discovery, token
/// and profile endpoints never need one, and following them would open those requests to server-side request
/// forgery or send the secret elsewhere), short timeouts, and no idle connections kept. A kept connection belongs to
/// the runtime that opened it, and a process may run more than one (the tests start one per app): a request on a
/// connection whose runtime has ended fails with "runtime dropped the dispatch task". Sign-ins are rare enough that
/// a fresh connection each time costs nothing that shows.
pub(crate) fn http() -> &'static reqwest::Client {
    static CLIENT: OnceLock<reqwest::Client> = OnceLock::new();
    CLIENT.get_or_init(|| {
        reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .pool_max_idle_per_host(0)
            .timeout(Duration::from_secs(10))
            .user_agent("Breaktime")
            .build()
            .expect("HTTP client")
    })
}

fn found(location: &str) -> Response {
    (StatusCode::FOUND, [(header::LOCATION, location.to_string())]).into_response()
}

// ---- the browser binding ----------------------------------------------------------------------------------------

/// The cookie that holds the `state` of the sign-in this browser started.
pub(crate) const STATE_COOKIE: &str = "bt_sign_in_state";

/// What the start of a sign-in takes from the web app.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StartQuery {
    /// A one-time value of the web app (16 to 128 characters of `A-Z a-z 0-9 - _`), sent back with the session to
    /// the web app's `/auth/callback` as `nonce`; a value of another shape is dropped
    #[param(nullable = false)]
    pub(crate) nonce: Option<String>,
    /// The browser's time zone (an IANA name such as `Europe/Berlin`): an account made by this sign-in starts in
    /// it; a value that is no IANA name is dropped (the account then starts in UTC)
    #[serde(rename = "timeZone")]
    #[param(rename = "timeZone", nullable = false)]
    pub(crate) time_zone: Option<String>,
}

/// `Set-Cookie` for the state cookie of `slug`'s callback: the state for [`STATE_TTL_SECS`], or (None) its removal.
/// HttpOnly, SameSite=Lax (the provider sends the browser back with a top-level GET, which carries it), only on
/// this provider's callback route of the API, and Secure when the API is served over https. It belongs to the API's
/// host, which serves both the start and the callback (on AWS another origin than the web app's).
fn state_cookie(state: &AppState, slug: &str, value: Option<&str>) -> HeaderValue {
    let api = state.config.api_url.as_str();
    let base_path =
        oauth2::url::Url::parse(api).map(|u| u.path().trim_end_matches('/').to_string()).unwrap_or_default();
    let secure = if api.starts_with("https://") { "; Secure" } else { "" };
    let (value, max_age) = match value {
        Some(value) => (value, STATE_TTL_SECS),
        None => ("", 0),
    };
    let cookie = format!(
        "{STATE_COOKIE}={value}; Path={base_path}/auth/{slug}/callback; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}"
    );
    HeaderValue::from_str(&cookie).expect("a state is URL-safe")
}

/// The redirect that starts a sign-in at the provider, with the cookie that binds its `state` to this browser.
pub(crate) fn to_provider(state: &AppState, slug: &str, url: &str, csrf: &str) -> Response {
    let mut response = found(url);
    response.headers_mut().append(header::SET_COOKIE, state_cookie(state, slug, Some(csrf)));
    response
}

/// The redirect back to the web app's `/auth/callback` with `query`; the state cookie is removed, whatever happened.
pub(crate) fn to_web_app(state: &AppState, slug: &str, query: &str) -> Response {
    let mut response = found(&format!("{}/auth/callback?{query}", state.config.app_url));
    response.headers_mut().append(header::SET_COOKIE, state_cookie(state, slug, None));
    response
}

/// Whether the browser that presents `csrf` is the one that started that sign-in: its state cookie holds it.
pub(crate) fn started_here(headers: &HeaderMap, csrf: &str) -> bool {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .any(|(name, value)| name == STATE_COOKIE && !value.is_empty() && value == csrf)
}

/// The query the web app's `/auth/callback` gets after a sign-in: the session, who it is, and the web app's nonce.
pub(crate) fn session_query(user: &User, session: &Session, browser_nonce: Option<&str>) -> String {
    let mut query = form_urlencoded::Serializer::new(String::new());
    query
        .append_pair("access_token", &session.access_token)
        .append_pair("refresh_token", &session.refresh_token)
        .append_pair("name", &user.name)
        .append_pair("id", &user.id);
    if let Some(nonce) = browser_nonce {
        query.append_pair("nonce", nonce);
    }
    query.finish()
}

/// The query the web app's `/auth/callback` gets after a failed sign-in: `error=<message>` in `language`.
pub(crate) fn error_query(language: Language, message: &str) -> String {
    form_urlencoded::Serializer::new(String::new()).append_pair("error", &translate(language, message)).finish()
}

// ---- which providers are on -------------------------------------------------------------------------------------

/// The social sign-in providers that are configured.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct Providers {
    pub github: bool,
    pub google: bool,
    /// Single sign-on (OpenID Connect), with its button's text; absent when not configured.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub oidc: Option<SingleSignOn>,
}

/// The single sign-on button.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct SingleSignOn {
    /// The button's text (`OIDC_LABEL`)
    pub label: String,
}

/// Which social sign-in providers are on (the sign-in page shows only their buttons); `oidc` with its label when
/// single sign-on is configured
#[utoipa::path(get, path = "/auth/providers", tag = "accounts", security(()),
    responses((status = 200, description = "Success", body = bt_http::openapi::Data<Providers>)))]
#[tracing::instrument(skip(state))]
pub async fn providers(State(state): State<AppState>) -> ApiResult {
    let on = |p: Provider| p.settings(&state).is_some();
    let oidc = state.config.oidc.as_ref().map(|o| SingleSignOn { label: o.label.clone() });
    Ok(bt_http::data(Providers { github: on(Provider::GitHub), google: on(Provider::Google), oidc }))
}

// ---- start ------------------------------------------------------------------------------------------------------

/// Start github sign-in
#[utoipa::path(get, path = "/auth/github", tag = "accounts", params(StartQuery), security(()),
    responses((status = 302, description = "To the provider",
            headers(("Location" = String, description = "The provider's authorization page"),
                ("Set-Cookie" = String, description = "`bt_sign_in_state`: binds the sign-in to this browser (HttpOnly, SameSite=Lax, for the callback route only, 10 minutes)"))),
        (status = 404, description = "This sign-in is not configured (see GET /auth/providers)", body = ErrorBody),
        (status = 429, description = "Rate limited", body = ErrorBody)))]
#[tracing::instrument(skip(state))]
pub async fn github_start(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiQuery(query): ApiQuery<StartQuery>,
) -> ApiResult {
    start(&state, Provider::GitHub, &ip, query).await
}

/// Start google sign-in
#[utoipa::path(get, path = "/auth/google", tag = "accounts", params(StartQuery), security(()),
    responses((status = 302, description = "To the provider",
            headers(("Location" = String, description = "The provider's authorization page"),
                ("Set-Cookie" = String, description = "`bt_sign_in_state`: binds the sign-in to this browser (HttpOnly, SameSite=Lax, for the callback route only, 10 minutes)"))),
        (status = 404, description = "This sign-in is not configured (see GET /auth/providers)", body = ErrorBody),
        (status = 429, description = "Rate limited", body = ErrorBody)))]
#[tracing::instrument(skip(state))]
pub async fn google_start(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiQuery(query): ApiQuery<StartQuery>,
) -> ApiResult {
    start(&state, Provider::Google, &ip, query).await
}

async fn start(state: &AppState, provider: Provider, ip: &str, query: StartQuery) -> ApiResult {
    // A provider that is off is absent, not out of order: 404 with the reason (the web app hides its button).
    let settings = provider.settings(state).ok_or_else(|| AppError::NotFound(provider.not_configured()))?;
    // Each start stores a state item: limited like sign-in attempts.
    ratelimit::hit(state, "oauth-ip", ip, state.config.rate_limits.login_per_ip).await?;
    let client = client(state, provider, settings)?;
    let mut request = client.authorize_url(CsrfToken::new_random);
    for scope in provider.scopes() {
        request = request.add_scope(Scope::new(scope.to_string()));
    }
    let mut pkce_verifier = None;
    if provider.uses_pkce() {
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        request = request.set_pkce_challenge(challenge);
        pkce_verifier = Some(verifier.secret().clone());
    }
    let (url, csrf) = request.url();
    let secrets = SignInSecrets {
        pkce_verifier,
        nonce: None,
        browser_nonce: oauth::browser_nonce(query.nonce.as_deref()),
        time_zone: browser_zone(query.time_zone.as_deref()),
    };
    oauth::save_state_with(state, provider.slug(), csrf.secret(), secrets).await?;
    Ok(to_provider(state, provider.slug(), url.as_str(), csrf.secret()))
}

// ---- callback ---------------------------------------------------------------------------------------------------

/// What the provider sends the browser back with.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CallbackQuery {
    /// The authorization code
    #[param(nullable = false)]
    pub(crate) code: Option<String>,
    /// The `state` the sign-in started with
    #[param(nullable = false)]
    pub(crate) state: Option<String>,
    /// Why the provider refused (`access_denied` when the person cancelled)
    #[param(nullable = false)]
    pub(crate) error: Option<String>,
}

/// Finish github sign-in
#[utoipa::path(get, path = "/auth/github/callback", tag = "accounts", params(CallbackQuery), security(()),
    responses((status = 302, description = "To the web app's /auth/callback",
        headers(("Location" = String, description = "`<app>/auth/callback?access_token=…&refresh_token=…&name=…&id=…&nonce=…` (`nonce` when the start had one), or `?error=<message>`; refused (`error`) unless the browser's `bt_sign_in_state` cookie holds this `state`"),
            ("Set-Cookie" = String, description = "Removes `bt_sign_in_state`")))))]
#[tracing::instrument(skip(state, query, headers))]
pub async fn github_callback(
    State(state): State<AppState>,
    RequestLanguage(language): RequestLanguage,
    headers: HeaderMap,
    ApiQuery(query): ApiQuery<CallbackQuery>,
) -> Response {
    callback(&state, Provider::GitHub, &headers, query, language).await
}

/// Finish google sign-in
#[utoipa::path(get, path = "/auth/google/callback", tag = "accounts", params(CallbackQuery), security(()),
    responses((status = 302, description = "To the web app's /auth/callback",
        headers(("Location" = String, description = "`<app>/auth/callback?access_token=…&refresh_token=…&name=…&id=…&nonce=…` (`nonce` when the start had one), or `?error=<message>`; refused (`error`) unless the browser's `bt_sign_in_state` cookie holds this `state`"),
            ("Set-Cookie" = String, description = "Removes `bt_sign_in_state`")))))]
#[tracing::instrument(skip(state, query, headers))]
pub async fn google_callback(
    State(state): State<AppState>,
    RequestLanguage(language): RequestLanguage,
    headers: HeaderMap,
    ApiQuery(query): ApiQuery<CallbackQuery>,
) -> Response {
    callback(&state, Provider::Google, &headers, query, language).await
}

/// Always a redirect to the web app: with the session (and the web app's nonce) on success, with `error=<message>`
/// (in the request's language) otherwise. A new account speaks the language of the browser that signed up.
async fn callback(
    state: &AppState,
    provider: Provider,
    headers: &HeaderMap,
    query: CallbackQuery,
    language: Language,
) -> Response {
    let query_string = match finish(state, provider, headers, query, language).await {
        Ok((user, session, nonce)) => session_query(&user, &session, nonce.as_deref()),
        Err(message) => error_query(language, &message),
    };
    to_web_app(state, provider.slug(), &query_string)
}

/// A message for the person when something of ours failed (the cause goes to the log only).
fn ours(provider: Provider) -> impl Fn(AppError) -> String {
    move |e| {
        tracing::error!(provider = provider.slug(), error = %e, "social sign-in failed");
        match e {
            AppError::Internal(_) => SOMETHING_WENT_WRONG.into(),
            other => other.public_message(),
        }
    }
}

async fn finish(
    state: &AppState,
    provider: Provider,
    headers: &HeaderMap,
    query: CallbackQuery,
    language: Language,
) -> Result<(User, Session, Option<String>), String> {
    if let Some(error) = query.error {
        tracing::info!(provider = provider.slug(), %error, "provider refused the sign-in");
        return Err(if error == "access_denied" {
            fill("Sign-in with {provider} was cancelled.", &[("provider", provider.label())])
        } else {
            provider.failed()
        });
    }
    let settings = provider.settings(state).ok_or_else(|| provider.not_configured())?;
    let (Some(code), Some(csrf)) = (query.code, query.state) else {
        return Err(provider.failed());
    };
    // A link made in another browser (someone else's sign-in) stops here, and its state stays unused.
    if !started_here(headers, &csrf) {
        tracing::info!(provider = provider.slug(), "OAuth state without this browser's cookie");
        return Err(SIGN_IN_EXPIRED.into());
    }
    let secrets =
        oauth::take_state_with(state, provider.slug(), &csrf).await.map_err(ours(provider))?.ok_or_else(|| {
            tracing::info!(provider = provider.slug(), "unknown, used or expired OAuth state");
            SIGN_IN_EXPIRED.to_string()
        })?;
    let pkce_verifier = secrets.pkce_verifier;

    let client = client(state, provider, settings).map_err(ours(provider))?;
    let mut exchange = client.exchange_code(AuthorizationCode::new(code));
    if let Some(verifier) = pkce_verifier {
        exchange = exchange.set_pkce_verifier(PkceCodeVerifier::new(verifier));
    }
    let token = exchange.request_async(http()).await.map_err(|e| {
        tracing::warn!(provider = provider.slug(), error = %e, "code exchange failed");
        provider.failed()
    })?;
    let access = token.access_token().secret();
    let identity = match provider {
        Provider::GitHub => github_identity(settings, access).await,
        Provider::Google => google_identity(settings, access).await,
    }
    .map_err(|e| {
        tracing::warn!(provider = provider.slug(), error = %e, "reading the profile failed");
        provider.failed()
    })?;
    let Some((email, name)) = identity else {
        return Err(fill("Your {provider} account has no verified email address.", &[("provider", provider.label())]));
    };
    let (user, session) = oauth::social_sign_in(state, &email, &name, language, secrets.time_zone.as_deref())
        .await
        .map_err(ours(provider))?;
    tracing::info!(provider = provider.slug(), user_id = %user.id, "signed in with a social account");
    Ok((user, session, secrets.browser_nonce))
}

async fn get_json<T: serde::de::DeserializeOwned>(url: &str, access_token: &str) -> anyhow::Result<T> {
    let response = http()
        .get(url)
        .bearer_auth(access_token)
        .header(header::ACCEPT, "application/json")
        .send()
        .await?
        .error_for_status()?;
    Ok(response.json().await?)
}

/// (verified e-mail, display name), or None when the account has no verified address.
type Identity = Option<(String, String)>;

async fn github_identity(settings: &OAuthProvider, access_token: &str) -> anyhow::Result<Identity> {
    #[derive(Deserialize)]
    struct GitHubUser {
        login: String,
        name: Option<String>,
    }
    #[derive(Deserialize)]
    struct GitHubEmail {
        email: String,
        #[serde(default)]
        primary: bool,
        #[serde(default)]
        verified: bool,
    }
    let profile: GitHubUser = get_json(&settings.userinfo_url, access_token).await?;
    let Some(emails_url) = &settings.emails_url else { return Ok(None) };
    let emails: Vec<GitHubEmail> = get_json(emails_url, access_token).await?;
    let Some(primary) = emails.into_iter().find(|e| e.primary && e.verified) else { return Ok(None) };
    let name = profile.name.filter(|n| !n.trim().is_empty()).unwrap_or(profile.login);
    Ok(Some((primary.email, name)))
}

async fn google_identity(settings: &OAuthProvider, access_token: &str) -> anyhow::Result<Identity> {
    let profile: Value = get_json(&settings.userinfo_url, access_token).await?;
    let verified = match profile.get("email_verified") {
        Some(Value::Bool(b)) => *b,
        Some(Value::String(s)) => s == "true",
        _ => false,
    };
    let Some(email) = profile.get("email").and_then(Value::as_str).filter(|_| verified) else { return Ok(None) };
    let name = profile.get("name").and_then(Value::as_str).unwrap_or_default().to_string();
    Ok(Some((email.to_string(), name)))
}
