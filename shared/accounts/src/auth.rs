//! Passwords, tokens and the signed-in caller.

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use base64::Engine;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::User;
use bt_core::error::{AppError, AppResult};
use bt_core::i18n::Language;
use bt_core::services::Services;
use bt_core::types::UserId;

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
    /// The sign-in (session family) the token belongs to: once that sign-in ends, the token is refused at once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sid: Option<String>,
    /// The account's language when the token was issued (none when the account has none): the language of answers
    /// given before, or without, reading the account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lng: Option<Language>,
}

/// An access token outside any sign-in (tests and tools); it lives until it expires or the user's token version moves.
pub fn issue_access_token(state: &Services, user: &User) -> AppResult<String> {
    sign_access_token(state, user, None)
}

/// An access token of the sign-in `family_id`: it dies with that sign-in (sign-out, a refresh token's reuse).
pub fn issue_session_access_token(state: &Services, user: &User, family_id: &str) -> AppResult<String> {
    sign_access_token(state, user, Some(family_id))
}

fn sign_access_token(state: &Services, user: &User, family_id: Option<&str>) -> AppResult<String> {
    let now = state.clock.now().timestamp();
    let claims = Claims {
        sub: user.id.to_string(),
        name: user.name.clone(),
        tid: user.team_id.to_string(),
        tv: user.token_version,
        iat: now,
        exp: now + state.config.access_token_secs,
        typ: "access".into(),
        sid: family_id.map(str::to_string),
        lng: user.language,
    };
    hs256::install();
    jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &EncodingKey::from_secret(&state.config.jwt_secret))
        .map_err(|e| AppError::Internal(anyhow::anyhow!("token signing failed: {e}")))
}

/// The claims of a token this service signed: algorithm (HS256 alone) and signature checked, the type and expiry
/// not. A request's bearer is checked once (the language layer of `bt-http`); its claims then give the request's
/// language ([`language_of_claims`]) and name its caller ([`user_of_claims`]).
pub fn signed_claims(state: &Services, token: &str) -> Option<Claims> {
    hs256::install();
    let mut validation = Validation::new(Algorithm::HS256);
    validation.validate_exp = false;
    validation.leeway = 0;
    validation.set_required_spec_claims(&["exp", "sub"]);
    let data =
        jsonwebtoken::decode::<Claims>(token, &DecodingKey::from_secret(&state.config.jwt_secret), &validation).ok()?;
    Some(data.claims)
}

/// Signed claims that open the API: an access token's, not expired (against the state's clock).
fn check_access(state: &Services, claims: &Claims) -> AppResult<()> {
    if claims.typ != "access" || claims.exp <= state.clock.now().timestamp() {
        return Err(AppError::unauthorized());
    }
    Ok(())
}

/// Checks signature, algorithm and expiry (against the state's clock).
pub fn decode_access_token(state: &Services, token: &str) -> AppResult<Claims> {
    let claims = signed_claims(state, token).ok_or_else(AppError::unauthorized)?;
    check_access(state, &claims)?;
    Ok(claims)
}

/// The account language a bearer access token carries, when its signature is good (an expired token still says
/// which language its account spoke; it opens nothing).
pub fn language_of_token(state: &Services, token: &str) -> Option<Language> {
    language_of_claims(&signed_claims(state, token)?)
}

/// The account language signed claims carry ([`language_of_token`] once the signature is checked).
pub fn language_of_claims(claims: &Claims) -> Option<Language> {
    (claims.typ == "access").then_some(claims.lng).flatten()
}

/// The user a bearer access token names, read fresh from the store: a deleted user, an unverified one, a revoked
/// token or one whose sign-in has ended is 401. One read: the ended sign-ins are marks on the user's own item.
pub async fn user_of_token(state: &Services, token: &str) -> AppResult<User> {
    let claims = signed_claims(state, token).ok_or_else(AppError::unauthorized)?;
    user_of_claims(state, &claims).await
}

/// [`user_of_token`] for claims whose signature [`signed_claims`] checked: the type and expiry are checked here,
/// then the user is read.
pub async fn user_of_claims(state: &Services, claims: &Claims) -> AppResult<User> {
    check_access(state, claims)?;
    // The token is signed, so its subject is an id this service issued; anything else is no user.
    let user_id = UserId::parse(&claims.sub).map_err(|_| AppError::unauthorized())?;
    let user = crate::get_user_in_session(state.table(), &user_id, claims.sid.as_deref())
        .await?
        .ok_or_else(AppError::unauthorized)?;
    if user.token_version != claims.tv || !user.verified {
        return Err(AppError::unauthorized());
    }
    Ok(user)
}

/// How many token signatures this process has checked so far: the store-call print (`make bench-calls`) shows the
/// checks of each request as the difference.
pub fn signature_checks() -> u64 {
    hs256::CHECKS.load(std::sync::atomic::Ordering::Relaxed)
}

/// [`hash_password`] off the async workers (argon2 is deliberately slow).
pub async fn hash_password_async(password: String) -> AppResult<String> {
    tokio::task::spawn_blocking(move || hash_password(&password))
        .await
        .map_err(|e| AppError::Internal(anyhow::anyhow!("hashing task failed: {e}")))?
}

/// [`verify_password`] off the async workers.
pub async fn verify_password_async(password: String, hash: String) -> bool {
    tokio::task::spawn_blocking(move || verify_password(&password, &hash)).await.unwrap_or(false)
}

// Sessions (refresh tokens in families) live with the other account items; their names stay reachable here.
pub use crate::sessions::{
    family_liveness, issue_session, refresh_token_item, revoke_all_sessions, revoke_family, RefreshTokenRecord, Session,
};

/// The cryptography behind `jsonwebtoken`: HS256 alone, on RustCrypto's `hmac` and `sha2`. The crate's bundled
/// providers link every algorithm it knows (RSA, ECDSA, EdDSA with their big-number code) into every Lambda, for
/// tokens this service never accepts. Any other algorithm is refused here, as `Validation` already refuses it.
mod hs256 {
    use std::sync::Once;

    use hmac::{Hmac, Mac};
    use jsonwebtoken::crypto::{CryptoProvider, JwkUtils, JwtSigner, JwtVerifier};
    use jsonwebtoken::errors::{ErrorKind, Result};
    use jsonwebtoken::Algorithm;
    use sha2::Sha256;

    struct Hs256(Hmac<Sha256>);

    impl Hs256 {
        fn new(algorithm: &Algorithm, secret: Result<&[u8]>) -> Result<Self> {
            if *algorithm != Algorithm::HS256 {
                return Err(ErrorKind::InvalidAlgorithm.into());
            }
            Hmac::new_from_slice(secret?).map(Hs256).map_err(|_| ErrorKind::InvalidKeyFormat.into())
        }

        fn mac(&self, message: &[u8]) -> Hmac<Sha256> {
            let mut mac = self.0.clone();
            mac.update(message);
            mac
        }
    }

    impl signature::Signer<Vec<u8>> for Hs256 {
        fn try_sign(&self, message: &[u8]) -> std::result::Result<Vec<u8>, signature::Error> {
            Ok(self.mac(message).finalize().into_bytes().to_vec())
        }
    }

    /// Signatures checked by this process, for [`super::signature_checks`].
    pub(super) static CHECKS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

    impl signature::Verifier<Vec<u8>> for Hs256 {
        fn verify(&self, message: &[u8], signature: &Vec<u8>) -> std::result::Result<(), signature::Error> {
            CHECKS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            // `verify_slice` compares in constant time.
            self.mac(message).verify_slice(signature).map_err(signature::Error::from_source)
        }
    }

    impl JwtSigner for Hs256 {
        fn algorithm(&self) -> Algorithm {
            Algorithm::HS256
        }
    }

    impl JwtVerifier for Hs256 {
        fn algorithm(&self) -> Algorithm {
            Algorithm::HS256
        }
    }

    static PROVIDER: CryptoProvider = CryptoProvider {
        signer_factory: |algorithm, key| Ok(Box::new(Hs256::new(algorithm, key.try_get_hmac_secret())?)),
        verifier_factory: |algorithm, key| Ok(Box::new(Hs256::new(algorithm, key.try_get_hmac_secret())?)),
        jwk_utils: JwkUtils::new_unimplemented(),
    };

    /// Installs the provider for the process, once; cheap enough to call before every sign and verify.
    pub(super) fn install() {
        static ONCE: Once = Once::new();
        ONCE.call_once(|| {
            // Only this module installs a provider, so the slot is free.
            let _ = PROVIDER.install_default();
        });
    }
}

#[cfg(test)]
mod hs256_tests {
    use jsonwebtoken::crypto::{sign, verify};
    use jsonwebtoken::errors::ErrorKind;
    use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey};

    #[test]
    fn signs_and_verifies_hs256_and_refuses_every_other_algorithm() {
        super::hs256::install();
        let secret = b"a secret of the test";
        let signature = sign(b"header.claims", &EncodingKey::from_secret(secret), Algorithm::HS256).unwrap();
        // RFC 7515 A.1 shape: 32 bytes of HMAC-SHA256, base64url without padding.
        assert_eq!(signature.len(), 43);
        let key = DecodingKey::from_secret(secret);
        assert!(verify(&signature, b"header.claims", &key, Algorithm::HS256).unwrap());
        assert!(!verify(&signature, b"header.claimz", &key, Algorithm::HS256).unwrap());
        assert!(!verify(&signature, b"header.claims", &DecodingKey::from_secret(b"another"), Algorithm::HS256).unwrap());
        for algorithm in [Algorithm::HS384, Algorithm::HS512, Algorithm::RS256, Algorithm::ES256, Algorithm::EdDSA] {
            let refused = verify(&signature, b"header.claims", &key, algorithm).unwrap_err();
            assert_eq!(refused.kind(), &ErrorKind::InvalidAlgorithm, "{algorithm:?}");
            assert!(sign(b"header.claims", &EncodingKey::from_secret(secret), algorithm).is_err(), "{algorithm:?}");
        }
    }

    #[test]
    fn matches_a_known_hs256_signature() {
        // The HMAC-SHA256 of RFC 4231 test case 2, base64url: the provider computes the standard MAC.
        super::hs256::install();
        let signature =
            sign(b"what do ya want for nothing?", &EncodingKey::from_secret(b"Jefe"), Algorithm::HS256).unwrap();
        assert_eq!(signature, "W9zBRr9gdU5qBCQmCJV1x1oAPwidJzmDnexYuWTsOEM");
    }
}
