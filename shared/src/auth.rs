//! Passwords, tokens and the signed-in caller.

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use base64::Engine;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::account::{self, Role, User};
use crate::error::{AppError, AppResult};
use crate::state::AppState;

pub fn hash_password(password: &str) -> AppResult<String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| AppError::Internal(anyhow::anyhow!("password hashing failed: {e}")))
}

pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash)
        .map(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
        .unwrap_or(false)
}

/// A fresh random secret for links and refresh tokens (256 bits, url-safe).
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// Tokens are stored only as this hash.
pub fn hash_token(token: &str) -> String {
    let digest = Sha256::digest(token.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    pub sub: String,
    pub name: String,
    pub tid: String,
    /// Token version of the user when issued; a bump revokes every older token.
    pub tv: i64,
    pub iat: i64,
    pub exp: i64,
    pub typ: String,
}

pub fn issue_access_token(state: &AppState, user: &User) -> AppResult<String> {
    let now = state.clock.now().timestamp();
    let claims = Claims {
        sub: user.id.clone(),
        name: user.name.clone(),
        tid: user.team_id.clone(),
        tv: user.token_version,
        iat: now,
        exp: now + state.config.access_token_secs,
        typ: "access".into(),
    };
    jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &EncodingKey::from_secret(&state.config.jwt_secret))
        .map_err(|e| AppError::Internal(anyhow::anyhow!("token signing failed: {e}")))
}

/// Checks signature, algorithm and expiry (against the state's clock).
pub fn decode_access_token(state: &AppState, token: &str) -> AppResult<Claims> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.validate_exp = false;
    validation.leeway = 0;
    validation.set_required_spec_claims(&["exp", "sub"]);
    let data = jsonwebtoken::decode::<Claims>(token, &DecodingKey::from_secret(&state.config.jwt_secret), &validation)
        .map_err(|_| AppError::unauthorized())?;
    let claims = data.claims;
    if claims.typ != "access" || claims.exp <= state.clock.now().timestamp() {
        return Err(AppError::unauthorized());
    }
    Ok(claims)
}

/// The signed-in caller, read fresh from the store on every request (a deleted user or a revoked token is 401).
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub user: User,
}

impl AuthUser {
    pub fn id(&self) -> &str {
        &self.user.id
    }
    pub fn team_id(&self) -> &str {
        &self.user.team_id
    }
    pub fn role(&self) -> Role {
        self.user.role
    }
    pub fn require_admin(&self) -> AppResult<()> {
        if self.user.role == Role::Admin {
            Ok(())
        } else {
            Err(AppError::Forbidden("Only team admins can do this.".into()))
        }
    }
    /// The caller's time zone (profile setting; UTC when unknown).
    pub fn tz(&self) -> chrono_tz::Tz {
        self.user.time_zone.parse().unwrap_or(chrono_tz::UTC)
    }
}

fn bearer(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then_some(token.trim()).filter(|t| !t.is_empty())
}

pub async fn authenticate(state: &AppState, parts: &Parts) -> AppResult<Option<AuthUser>> {
    let Some(token) = bearer(parts) else { return Ok(None) };
    let claims = decode_access_token(state, token)?;
    let user = account::get_user(state.store.as_ref(), &claims.sub).await?.ok_or_else(AppError::unauthorized)?;
    if user.token_version != claims.tv || !user.verified {
        return Err(AppError::unauthorized());
    }
    Ok(Some(AuthUser { user }))
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        authenticate(state, parts).await?.ok_or_else(AppError::unauthorized)
    }
}

/// The caller when signed in, None for guests; an invalid token is still 401.
pub struct MaybeAuthUser(pub Option<AuthUser>);

impl FromRequestParts<AppState> for MaybeAuthUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        Ok(MaybeAuthUser(authenticate(state, parts).await?))
    }
}
