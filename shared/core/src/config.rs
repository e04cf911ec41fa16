//! Configuration from the environment, read and checked once at start-up.

use std::collections::BTreeMap;
use std::env;

#[derive(Debug, Clone)]
pub struct OAuthProvider {
    pub client_id: String,
    pub client_secret: String,
    pub auth_url: String,
    pub token_url: String,
    /// Where the signed-in user's profile (and, for GitHub, e-mail addresses) is read.
    pub userinfo_url: String,
    pub emails_url: Option<String>,
}

/// Single sign-on with an OpenID Connect provider (`OIDC_*`): the endpoints come from the issuer's discovery
/// document (`<issuer>/.well-known/openid-configuration`), read when a sign-in starts.
#[derive(Debug, Clone)]
pub struct OidcProvider {
    /// The issuer URL exactly as the provider names itself in its discovery document and tokens.
    pub issuer: String,
    pub client_id: String,
    pub client_secret: String,
    /// The sign-in button's text (`OIDC_LABEL`, default "Single sign-on").
    pub label: String,
}

#[derive(Debug, Clone)]
pub struct RateLimits {
    /// (max requests, window seconds)
    /// Failed sign-ins to one address from one client address; then that client waits (right password or not).
    pub login_per_email: (i64, i64),
    /// Failed sign-ins to one address from anywhere: the higher ceiling that stops guessing spread over many clients.
    pub login_failures_per_email: (i64, i64),
    /// Failed sign-ins from one client address to any address; then that client waits. Only a client with failures
    /// of its own in this window meets the ceiling per address from anywhere.
    pub login_failures_per_ip: (i64, i64),
    pub login_per_ip: (i64, i64),
    pub signup_per_ip: (i64, i64),
    pub mail_per_email: (i64, i64),
    pub contact_per_ip: (i64, i64),
    pub assistant_per_user: (i64, i64),
}

#[derive(Debug, Clone)]
pub struct Config {
    pub jwt_secret: Vec<u8>,
    /// Origin of the web app, used in mailed links and OAuth redirects (no trailing slash).
    pub app_url: String,
    /// Public origin of the main API (OAuth callback URLs).
    pub api_url: String,
    pub mail_from: String,
    pub support_email: String,
    pub cors_origins: Vec<String>,
    /// Trust `X-Forwarded-For` for the client address (only behind a proxy you run).
    pub trust_forwarded_for: bool,
    pub github: Option<OAuthProvider>,
    pub google: Option<OAuthProvider>,
    pub oidc: Option<OidcProvider>,
    pub rate_limits: RateLimits,
    pub access_token_secs: i64,
    pub refresh_token_secs: i64,
    pub verify_token_secs: i64,
    pub reset_token_secs: i64,
    pub invite_token_secs: i64,
    /// Serve `GET /dev/outbox` (local runs only).
    pub dev_routes: bool,
}

#[derive(Debug, thiserror::Error)]
#[error("configuration error: {0}")]
pub struct ConfigError(pub String);

fn var(name: &str) -> Option<String> {
    env::var(name).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}

fn num(name: &str, default: i64) -> Result<i64, ConfigError> {
    match var(name) {
        None => Ok(default),
        Some(v) => v.parse().map_err(|_| ConfigError(format!("{name} must be a whole number, got {v:?}"))),
    }
}

fn limit(name: &str, default: (i64, i64)) -> Result<(i64, i64), ConfigError> {
    Ok((num(&format!("RATE_LIMIT_{name}"), default.0)?, default.1))
}

fn provider(prefix: &str, defaults: [&str; 4]) -> Result<Option<OAuthProvider>, ConfigError> {
    let id = var(&format!("{prefix}_CLIENT_ID"));
    let secret = var(&format!("{prefix}_CLIENT_SECRET"));
    match (id, secret) {
        (None, None) => Ok(None),
        (Some(client_id), Some(client_secret)) => {
            let get = |suffix: &str, d: &str| var(&format!("{prefix}_{suffix}")).unwrap_or_else(|| d.to_string());
            Ok(Some(OAuthProvider {
                client_id,
                client_secret,
                auth_url: get("AUTH_URL", defaults[0]),
                token_url: get("TOKEN_URL", defaults[1]),
                userinfo_url: get("USERINFO_URL", defaults[2]),
                emails_url: if defaults[3].is_empty() && var(&format!("{prefix}_EMAILS_URL")).is_none() {
                    None
                } else {
                    Some(get("EMAILS_URL", defaults[3]))
                },
            }))
        }
        _ => Err(ConfigError(format!("{prefix}_CLIENT_ID and {prefix}_CLIENT_SECRET must be set together"))),
    }
}

fn oidc() -> Result<Option<OidcProvider>, ConfigError> {
    let issuer = var("OIDC_ISSUER");
    let id = var("OIDC_CLIENT_ID");
    let secret = var("OIDC_CLIENT_SECRET");
    match (issuer, id, secret) {
        (None, None, None) => Ok(None),
        (Some(issuer), Some(client_id), Some(client_secret)) => {
            if !(issuer.starts_with("https://") || issuer.starts_with("http://")) {
                return Err(ConfigError(format!("OIDC_ISSUER must be an http(s) URL, got {issuer:?}")));
            }
            Ok(Some(OidcProvider {
                // Providers name themselves with or without a trailing slash: kept as given, since the issuer of
                // the discovery document and of every ID token must match it exactly.
                issuer,
                client_id,
                client_secret,
                label: var("OIDC_LABEL").unwrap_or_else(|| "Single sign-on".into()),
            }))
        }
        _ => Err(ConfigError("OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together".into())),
    }
}

impl Config {
    /// Reads the environment. `local` fills what a developer's machine can do without (a signing key made for the
    /// data folder, local URLs); a Lambda refuses to start without them.
    pub fn from_env(local_secret: Option<Vec<u8>>) -> Result<Self, ConfigError> {
        let jwt_secret = match (var("JWT_SECRET"), local_secret) {
            (Some(s), _) if s.len() >= 32 => s.into_bytes(),
            (Some(_), _) => return Err(ConfigError("JWT_SECRET must be at least 32 characters".into())),
            (None, Some(s)) => s,
            (None, None) => return Err(ConfigError("JWT_SECRET is required".into())),
        };
        let port = var("PORT").unwrap_or_else(|| "8080".into());
        let app_url = var("APP_URL").unwrap_or_else(|| format!("http://127.0.0.1:{port}"));
        let app_url = app_url.trim_end_matches('/').to_string();
        let api_url = var("API_URL").unwrap_or_else(|| app_url.clone()).trim_end_matches('/').to_string();
        let cors_origins = var("CORS_ORIGINS")
            .map(|v| {
                v.split(',').map(|s| s.trim().trim_end_matches('/').to_string()).filter(|s| !s.is_empty()).collect()
            })
            .unwrap_or_else(|| vec![app_url.clone()]);
        Ok(Config {
            jwt_secret,
            api_url,
            mail_from: var("MAIL_FROM").unwrap_or_else(|| "Breaktime <no-reply@breaktime.local>".into()),
            support_email: var("SUPPORT_EMAIL").unwrap_or_else(|| "support@breaktime.local".into()),
            cors_origins,
            trust_forwarded_for: var("TRUST_FORWARDED_FOR").is_some_and(|v| v == "1" || v == "true"),
            github: provider(
                "GITHUB",
                [
                    "https://github.com/login/oauth/authorize",
                    "https://github.com/login/oauth/access_token",
                    "https://api.github.com/user",
                    "https://api.github.com/user/emails",
                ],
            )?,
            google: provider(
                "GOOGLE",
                [
                    "https://accounts.google.com/o/oauth2/v2/auth",
                    "https://oauth2.googleapis.com/token",
                    "https://openidconnect.googleapis.com/v1/userinfo",
                    "",
                ],
            )?,
            oidc: oidc()?,
            rate_limits: RateLimits {
                login_per_email: limit("LOGIN_PER_EMAIL", (10, 300))?,
                login_failures_per_email: limit("LOGIN_FAILURES_PER_EMAIL", (100, 900))?,
                login_failures_per_ip: limit("LOGIN_FAILURES_PER_IP", (50, 900))?,
                login_per_ip: limit("LOGIN_PER_IP", (100, 300))?,
                signup_per_ip: limit("SIGNUP_PER_IP", (60, 3600))?,
                mail_per_email: limit("MAIL_PER_EMAIL", (5, 900))?,
                contact_per_ip: limit("CONTACT_PER_IP", (10, 600))?,
                assistant_per_user: limit("ASSISTANT_PER_MINUTE", (20, 60))?,
            },
            access_token_secs: num("ACCESS_TOKEN_SECONDS", 8 * 3600)?,
            refresh_token_secs: num("REFRESH_TOKEN_SECONDS", 7 * 24 * 3600)?,
            verify_token_secs: 48 * 3600,
            reset_token_secs: 3600,
            invite_token_secs: 7 * 24 * 3600,
            dev_routes: false,
            app_url,
        })
    }

    /// Settings for tests: a fixed key, generous limits, no environment.
    pub fn for_tests() -> Self {
        let mut c = Config::from_env(Some(vec![7u8; 32])).expect("test config");
        c.jwt_secret = vec![7u8; 32];
        c.app_url = "http://127.0.0.1:8080".into();
        c.api_url = c.app_url.clone();
        c.cors_origins = vec![c.app_url.clone()];
        c.github = None;
        c.google = None;
        c.oidc = None;
        c.dev_routes = true;
        c
    }

    /// A summary safe to log (no secrets).
    pub fn describe(&self) -> BTreeMap<&'static str, String> {
        BTreeMap::from([
            ("app_url", self.app_url.clone()),
            ("api_url", self.api_url.clone()),
            ("cors_origins", self.cors_origins.join(",")),
            ("github", self.github.is_some().to_string()),
            ("google", self.google.is_some().to_string()),
            ("oidc", self.oidc.as_ref().map(|o| o.issuer.clone()).unwrap_or_else(|| "false".into())),
        ])
    }
}
