//! The browser's side, for tests: a fake user agent that decrypts what a push service would forward to it, and the
//! VAPID check a push service makes.

use std::time::{SystemTime, UNIX_EPOCH};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use p256::ecdsa::signature::Verifier as _;
use p256::ecdsa::{Signature, VerifyingKey};
use p256::elliptic_curve::sec1::ToEncodedPoint;
use p256::{PublicKey, SecretKey};
use rand::RngCore as _;

use crate::push::{message_ikm, SubscriptionKeys, VapidClaims};
use crate::PushSubscription;

/// A browser's push keys: a P-256 key pair and an authentication secret, as `pushManager.subscribe` makes them.
#[derive(Clone)]
pub struct FakeUserAgent {
    secret: SecretKey,
    auth: [u8; 16],
}

impl Default for FakeUserAgent {
    fn default() -> Self {
        Self::new()
    }
}

impl FakeUserAgent {
    pub fn new() -> FakeUserAgent {
        let mut auth = [0u8; 16];
        rand::rngs::OsRng.fill_bytes(&mut auth);
        FakeUserAgent { secret: SecretKey::random(&mut rand::rngs::OsRng), auth }
    }

    /// A user agent with given keys (base64url), e.g. those of RFC 8291's example.
    pub fn from_keys(private_b64url: &str, auth_b64url: &str) -> FakeUserAgent {
        let secret = SecretKey::from_slice(&URL_SAFE_NO_PAD.decode(private_b64url).expect("base64url private key"))
            .expect("a P-256 private key");
        let auth = URL_SAFE_NO_PAD.decode(auth_b64url).expect("base64url auth").try_into().expect("16 bytes of auth");
        FakeUserAgent { secret, auth }
    }

    /// The subscription this browser would hand the app for `endpoint`.
    pub fn subscription(&self, endpoint: &str) -> PushSubscription {
        PushSubscription {
            endpoint: endpoint.to_string(),
            keys: SubscriptionKeys {
                p256dh: URL_SAFE_NO_PAD.encode(self.secret.public_key().to_encoded_point(false).as_bytes()),
                auth: URL_SAFE_NO_PAD.encode(self.auth),
            },
        }
    }

    /// Decrypts a push message body as the browser does (RFC 8291 section 3); panics if it cannot, which is the
    /// test failing.
    pub fn decrypt(&self, body: &[u8]) -> Vec<u8> {
        self.try_decrypt(body).unwrap_or_else(|e| panic!("the push message does not decrypt: {e}"))
    }

    pub fn try_decrypt(&self, body: &[u8]) -> Result<Vec<u8>, String> {
        if body.len() < 21 {
            return Err("shorter than the aes128gcm header".into());
        }
        let key_len = body[20] as usize;
        if key_len != 65 || body.len() < 21 + key_len {
            return Err(format!("the key id is {key_len} bytes, not the sender's 65-byte public key"));
        }
        let sender = PublicKey::from_sec1_bytes(&body[21..21 + key_len]).map_err(|_| "the key id is no P-256 key")?;
        let own_public = self.secret.public_key();
        let ikm = message_ikm(&self.secret, &sender, &sender, &own_public, &self.auth);
        ece_native::decrypt(ikm, body.to_vec()).map_err(|e| format!("aes128gcm: {e}"))
    }
}

/// Checks an `Authorization: vapid t=<jwt>, k=<key>` header as a push service does (RFC 8292): `k` is the
/// expected public key (base64url), the ES256 signature verifies with it, and the token has not expired and
/// expires within 24 hours. Answers the token's claims.
pub fn verify_vapid(authorization: &str, public_key_b64url: &str) -> Result<VapidClaims, String> {
    let params = authorization.strip_prefix("vapid ").ok_or("the scheme is not vapid")?;
    let mut token = None;
    let mut key = None;
    for part in params.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => token = Some(value),
            Some(("k", value)) => key = Some(value),
            _ => return Err(format!("unexpected parameter {part:?}")),
        }
    }
    let (token, key) = (token.ok_or("no t=")?, key.ok_or("no k=")?);
    if key != public_key_b64url {
        return Err("k= is not the expected public key".into());
    }
    let verifying = VerifyingKey::from_sec1_bytes(&URL_SAFE_NO_PAD.decode(key).map_err(|_| "k= is not base64url")?)
        .map_err(|_| "k= is not a P-256 point")?;
    let mut parts = token.split('.');
    let (header, claims, signature) = match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some(h), Some(c), Some(s), None) => (h, c, s),
        _ => return Err("the token is not three parts".into()),
    };
    let header: serde_json::Value =
        serde_json::from_slice(&URL_SAFE_NO_PAD.decode(header).map_err(|_| "header is not base64url")?)
            .map_err(|_| "header is not JSON")?;
    if header["alg"] != "ES256" {
        return Err(format!("alg is {}, not ES256", header["alg"]));
    }
    let signature = Signature::from_slice(&URL_SAFE_NO_PAD.decode(signature).map_err(|_| "bad signature base64")?)
        .map_err(|_| "the signature is not 64 bytes")?;
    verifying
        .verify(format!("{}.{claims}", token.split('.').next().unwrap_or_default()).as_bytes(), &signature)
        .map_err(|_| "the signature does not verify")?;
    let claims: VapidClaims =
        serde_json::from_slice(&URL_SAFE_NO_PAD.decode(claims).map_err(|_| "claims are not base64url")?)
            .map_err(|e| format!("claims: {e}"))?;
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    if claims.exp <= now || claims.exp > now + 24 * 60 * 60 {
        return Err(format!("exp {} is not within the next 24 hours", claims.exp));
    }
    Ok(claims)
}
