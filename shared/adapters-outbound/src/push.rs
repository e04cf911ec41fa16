//! Web Push: VAPID keys (RFC 8292), payload encryption (RFC 8291 over the aes128gcm coding of RFC 8188) and the
//! request to the push service (RFC 8030).
//!
//! Crate choice: the encryption uses `ece-native` (RFC 8188 on RustCrypto's aes-gcm and hkdf) and `p256`, and this
//! module adds the RFC 8291 key derivation (one HKDF call), checked byte for byte against the RFC's Appendix A.
//! Not chosen: `web-push` and `ece` (their encryption needs OpenSSL, which the arm64 Lambda build with zig cannot
//! link, and `web-push` brings an HTTP client of its own); `web-push-native` (a wrapper of the same `ece-native`
//! whose current release pulls a second generation of hkdf and sha2 next to `ece-native`'s, whose VAPID signing
//! pulls `jwt-simple` with every algorithm it knows, and whose fixed-salt encryption is private, so the RFC's
//! vector could not be reproduced through it). VAPID's ES256 token is signed here with `p256`'s ECDSA.

use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use hkdf::Hkdf;
use p256::ecdsa::signature::Signer as _;
use p256::ecdsa::{Signature, SigningKey};
use p256::elliptic_curve::sec1::ToEncodedPoint;
use p256::{PublicKey, SecretKey};
use rand::RngCore as _;
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use crate::endpoint::check_url;
use crate::sender::{body_start, failure_message};
use crate::{EndpointError, Sender};

/// Largest body a push service must accept (RFC 8030 section 7.2).
pub const MAX_ENCRYPTED_LEN: usize = 4096;
/// The header of an RFC 8291 message: salt (16), record size (4), key id length (1), the sender's key (65).
const HEADER_LEN: usize = 16 + 4 + 1 + 65;
/// The record's padding delimiter (1) and AES-GCM tag (16).
const RECORD_OVERHEAD: usize = 1 + 16;
/// Largest plaintext that fits in [`MAX_ENCRYPTED_LEN`] as one record: 3993 bytes.
pub const MAX_PLAINTEXT_LEN: usize = MAX_ENCRYPTED_LEN - HEADER_LEN - RECORD_OVERHEAD;
/// The record size written in the header, as browsers and the RFC's example use.
const RECORD_SIZE: u32 = 4096;
/// How long a VAPID token stays valid: RFC 8292 allows at most 24 hours; 12 leaves room for clock skew.
const VAPID_VALIDITY: Duration = Duration::from_secs(12 * 60 * 60);

/// The deployment's VAPID key pair (P-256). Made once per deployment and kept by the caller (SSM on AWS, a file in
/// `DATA_DIR` locally): a new key invalidates every browser subscription made with the old one.
#[derive(Clone)]
pub struct VapidKeys {
    secret: SecretKey,
}

impl fmt::Debug for VapidKeys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("VapidKeys").field("public", &self.public_key_b64url()).finish_non_exhaustive()
    }
}

/// A key or subscription value that is not what the specification says.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    #[error("the VAPID private key is not a base64url P-256 scalar of 32 bytes")]
    VapidKey,
    #[error("the subscription's p256dh is not a base64url uncompressed P-256 point")]
    P256dh,
    #[error("the subscription's auth is not 16 bytes of base64url")]
    Auth,
}

impl VapidKeys {
    pub fn generate() -> VapidKeys {
        VapidKeys { secret: SecretKey::random(&mut rand::rngs::OsRng) }
    }

    /// The private scalar (32 bytes), base64url without padding: the form to store.
    pub fn to_private_b64url(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.secret.to_bytes())
    }

    pub fn from_private_b64url(value: &str) -> Result<VapidKeys, KeyError> {
        let bytes = URL_SAFE_NO_PAD.decode(value.trim()).map_err(|_| KeyError::VapidKey)?;
        if bytes.len() != 32 {
            return Err(KeyError::VapidKey);
        }
        let secret = SecretKey::from_slice(&bytes).map_err(|_| KeyError::VapidKey)?;
        Ok(VapidKeys { secret })
    }

    /// The public key as an uncompressed point (65 bytes), base64url without padding: what the browser's
    /// `pushManager.subscribe({applicationServerKey})` takes and what the `k=` of the Authorization header carries.
    pub fn public_key_b64url(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.secret.public_key().to_encoded_point(false).as_bytes())
    }

    /// The `Authorization` header of RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`, for the push service at
    /// `endpoint`'s origin, valid for 12 hours from `now`.
    pub fn authorization(&self, endpoint: &url::Url, contact: &str, now: SystemTime) -> Result<String, PushError> {
        if !(contact.starts_with("mailto:") || contact.starts_with("https:")) {
            return Err(PushError::Contact);
        }
        let exp = (now + VAPID_VALIDITY).duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
        let claims = VapidClaims { aud: endpoint.origin().ascii_serialization(), exp, sub: contact.to_string() };
        let header = URL_SAFE_NO_PAD.encode(br#"{"typ":"JWT","alg":"ES256"}"#);
        let claims = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&claims).expect("claims serialise"));
        let signing_input = format!("{header}.{claims}");
        let signature: Signature = SigningKey::from(&self.secret).sign(signing_input.as_bytes());
        let token = format!("{signing_input}.{}", URL_SAFE_NO_PAD.encode(signature.to_bytes()));
        Ok(format!("vapid t={token}, k={}", self.public_key_b64url()))
    }
}

/// The claims of a VAPID token (RFC 8292 section 2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VapidClaims {
    /// The push service's origin, e.g. `https://fcm.googleapis.com`.
    pub aud: String,
    /// Expiry, Unix seconds; at most 24 hours ahead.
    pub exp: u64,
    /// A `mailto:` or `https:` contact for the push service's operator.
    pub sub: String,
}

/// A browser's subscription, as `PushSubscription.toJSON()` gives it (`expirationTime` and unknown fields are
/// ignored).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushSubscription {
    pub endpoint: String,
    pub keys: SubscriptionKeys,
}

/// The subscription's keys, base64url as browsers give them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SubscriptionKeys {
    /// The browser's P-256 public key (65 bytes, uncompressed).
    pub p256dh: String,
    /// The browser's authentication secret (16 bytes).
    pub auth: String,
}

impl PushSubscription {
    /// Checks the keys decode to what RFC 8291 needs, so a broken subscription is refused when it is stored (the
    /// endpoint is checked by [`crate::check_endpoint`]).
    pub fn check_keys(&self) -> Result<(), KeyError> {
        self.decoded_keys().map(|_| ())
    }

    fn decoded_keys(&self) -> Result<(PublicKey, [u8; 16]), KeyError> {
        // Browsers send base64url without padding; some libraries pad it.
        let p256dh =
            URL_SAFE_NO_PAD.decode(self.keys.p256dh.trim().trim_end_matches('=')).map_err(|_| KeyError::P256dh)?;
        if p256dh.len() != 65 || p256dh[0] != 0x04 {
            return Err(KeyError::P256dh);
        }
        let public = PublicKey::from_sec1_bytes(&p256dh).map_err(|_| KeyError::P256dh)?;
        let auth = URL_SAFE_NO_PAD.decode(self.keys.auth.trim().trim_end_matches('=')).map_err(|_| KeyError::Auth)?;
        let auth: [u8; 16] = auth.try_into().map_err(|_| KeyError::Auth)?;
        Ok((public, auth))
    }
}

/// How urgently the push service should deliver (RFC 8030 section 5.3): it may hold `low` messages until the device
/// is on power and Wi-Fi.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Urgency {
    VeryLow,
    Low,
    #[default]
    Normal,
    High,
}

impl Urgency {
    pub fn as_str(self) -> &'static str {
        match self {
            Urgency::VeryLow => "very-low",
            Urgency::Low => "low",
            Urgency::Normal => "normal",
            Urgency::High => "high",
        }
    }
}

/// What became of a push message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PushOutcome {
    /// The push service took it (201).
    Delivered,
    /// The subscription has expired or was withdrawn (404 or 410): the caller removes it.
    Gone,
    /// The push service answered something else, e.g. 400 (bad request), 403 (VAPID key mismatch), 413, 429.
    Refused { status: u16, message: String },
    /// No answer: time-out, refused address at connect time, connection failure.
    Failed(String),
}

/// The message could not be sent at all: nothing went out, and trying again would not help.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PushError {
    #[error("the payload is {len} bytes; a push message holds at most {MAX_PLAINTEXT_LEN}")]
    PayloadTooLarge { len: usize },
    #[error("the VAPID contact must be a mailto: or https: address")]
    Contact,
    #[error(transparent)]
    Key(#[from] KeyError),
    #[error("the push endpoint is refused: {0}")]
    Endpoint(#[from] EndpointError),
    #[error("the payload could not be encrypted")]
    Encryption,
}

/// Encrypts `plaintext` for the subscription's browser as RFC 8291 says, with a fresh key pair and salt.
pub fn encrypt(sub: &PushSubscription, plaintext: &[u8]) -> Result<Vec<u8>, PushError> {
    let (ua_public, auth) = sub.decoded_keys()?;
    let mut salt = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut salt);
    let sender_secret = SecretKey::random(&mut rand::rngs::OsRng);
    encrypt_with(plaintext, &ua_public, &auth, &sender_secret, salt)
}

/// RFC 8291 section 3.4 with a given sender key and salt (the RFC's example fixes both).
pub(crate) fn encrypt_with(
    plaintext: &[u8],
    ua_public: &PublicKey,
    auth: &[u8; 16],
    sender_secret: &SecretKey,
    salt: [u8; 16],
) -> Result<Vec<u8>, PushError> {
    if plaintext.len() > MAX_PLAINTEXT_LEN {
        return Err(PushError::PayloadTooLarge { len: plaintext.len() });
    }
    let sender_public = sender_secret.public_key();
    let ikm = message_ikm(sender_secret, ua_public, &sender_public, ua_public, auth);
    let sender_key = sender_public.to_encoded_point(false);
    let body = ece_native::encrypt(ikm, salt, sender_key.as_bytes(), std::iter::once(plaintext.to_vec()), RECORD_SIZE)
        .map_err(|_| PushError::Encryption)?;
    debug_assert!(body.len() <= MAX_ENCRYPTED_LEN);
    Ok(body)
}

/// The input keying material of RFC 8291 section 3.3: HKDF-SHA-256 with the browser's auth secret as salt over the
/// ECDH secret, with `"WebPush: info" 0x00 || ua_public || as_public` as info. Both sides compute it; `own` is the
/// private key of the side computing, `peer` the other side's public key.
pub(crate) fn message_ikm(
    own: &SecretKey,
    peer: &PublicKey,
    as_public: &PublicKey,
    ua_public: &PublicKey,
    auth: &[u8; 16],
) -> [u8; 32] {
    let shared = p256::ecdh::diffie_hellman(own.to_nonzero_scalar(), peer.as_affine());
    let mut info = Vec::with_capacity(14 + 65 + 65);
    info.extend_from_slice(b"WebPush: info\0");
    info.extend_from_slice(ua_public.to_encoded_point(false).as_bytes());
    info.extend_from_slice(as_public.to_encoded_point(false).as_bytes());
    let mut ikm = [0u8; 32];
    Hkdf::<Sha256>::new(Some(auth), shared.raw_secret_bytes())
        .expand(&info, &mut ikm)
        .expect("32 bytes is a valid HKDF-SHA-256 length");
    ikm
}

impl Sender {
    /// Sends `payload` to the subscription's browser through its push service.
    ///
    /// `contact` is the `mailto:` or `https:` address the push service may write to about this sender; `ttl_secs` is
    /// how long the service keeps the message for an offline device (0: deliver now or never).
    /// An `Err` means nothing was sent (a payload over [`MAX_PLAINTEXT_LEN`], a broken key, a refused endpoint).
    pub async fn push(
        &self,
        keys: &VapidKeys,
        contact: &str,
        sub: &PushSubscription,
        payload: &[u8],
        ttl_secs: u32,
        urgency: Urgency,
    ) -> Result<PushOutcome, PushError> {
        if payload.len() > MAX_PLAINTEXT_LEN {
            return Err(PushError::PayloadTooLarge { len: payload.len() });
        }
        let endpoint = check_url(&sub.endpoint, self.policy)?;
        let authorization = keys.authorization(&endpoint, contact, SystemTime::now())?;
        let body = encrypt(sub, payload)?;
        let sent = self
            .client
            .post(endpoint)
            .header("TTL", ttl_secs.to_string())
            .header("Urgency", urgency.as_str())
            .header(reqwest::header::CONTENT_ENCODING, "aes128gcm")
            .header(reqwest::header::CONTENT_TYPE, "application/octet-stream")
            .header(reqwest::header::AUTHORIZATION, authorization)
            .body(body)
            .send()
            .await;
        let response = match sent {
            Ok(response) => response,
            Err(e) => return Ok(PushOutcome::Failed(failure_message(&e))),
        };
        let status = response.status().as_u16();
        Ok(match status {
            200..=299 => PushOutcome::Delivered,
            404 | 410 => PushOutcome::Gone,
            _ => {
                let said = body_start(response, 1024).await;
                let message = if said.is_empty() { format!("HTTP {status}") } else { format!("HTTP {status}: {said}") };
                PushOutcome::Refused { status, message }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b64(s: &str) -> Vec<u8> {
        URL_SAFE_NO_PAD.decode(s).unwrap()
    }

    /// RFC 8291 section 5 and Appendix A: with the example's sender key and salt, the message is the example's,
    /// byte for byte.
    #[test]
    fn the_rfc_8291_example_is_reproduced_byte_for_byte() {
        let sender = SecretKey::from_slice(&b64("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw")).unwrap();
        assert_eq!(
            URL_SAFE_NO_PAD.encode(sender.public_key().to_encoded_point(false).as_bytes()),
            "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
        );
        let ua_public = PublicKey::from_sec1_bytes(&b64(
            "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
        ))
        .unwrap();
        let auth: [u8; 16] = b64("BTBZMqHH6r4Tts7J_aSIgg").try_into().unwrap();
        let salt: [u8; 16] = b64("DGv6ra1nlYgDCS1FRnbzlw").try_into().unwrap();

        let ikm = message_ikm(&sender, &ua_public, &sender.public_key(), &ua_public, &auth);
        assert_eq!(URL_SAFE_NO_PAD.encode(ikm), "S4lYMb_L0FxCeq0WhDx813KgSYqU26kOyzWUdsXYyrg");

        let body =
            encrypt_with(b"When I grow up, I want to be a watermelon", &ua_public, &auth, &sender, salt).unwrap();
        assert_eq!(
            URL_SAFE_NO_PAD.encode(body),
            "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PB\
             ru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
        );
    }

    #[test]
    fn the_largest_payload_fills_a_push_message_exactly() {
        let ua = SecretKey::random(&mut rand::rngs::OsRng);
        let sender = SecretKey::random(&mut rand::rngs::OsRng);
        let body = encrypt_with(&[7u8; MAX_PLAINTEXT_LEN], &ua.public_key(), &[1; 16], &sender, [2; 16]).unwrap();
        assert_eq!(body.len(), MAX_ENCRYPTED_LEN);
        assert_eq!(
            encrypt_with(&[7u8; MAX_PLAINTEXT_LEN + 1], &ua.public_key(), &[1; 16], &sender, [2; 16]),
            Err(PushError::PayloadTooLarge { len: MAX_PLAINTEXT_LEN + 1 })
        );
    }
}
