//! Team-chat webhooks: the body each kind of hook accepts, the signature of generic hooks, and the delivery.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use hmac::{Hmac, Mac};
use rand::RngCore as _;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sha2::Sha256;

use crate::endpoint::check_url;
use crate::sender::failure_message;
use crate::Sender;

/// The header of a generic hook's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`.
pub const SIGNATURE_HEADER: &str = "Breaktime-Signature";
/// The header with the event's id, on every format, for the receiver to drop a repeated delivery.
pub const EVENT_ID_HEADER: &str = "Breaktime-Event-Id";
/// The prefix of a signing secret, so that one pasted somewhere is recognisable.
pub const SECRET_PREFIX: &str = "whsec_";

/// What a hook's URL expects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WebhookFormat {
    /// `{"text": ...}`: Slack's incoming webhooks, and the Slack-compatible ones of Mattermost, Rocket.Chat and
    /// Discord (its URL ending in `/slack`).
    Slack,
    /// A message with one Adaptive Card: Microsoft Teams' incoming webhooks and the Workflows webhooks that replace
    /// them (Workflows accept Adaptive Cards only).
    Teams,
    /// The event itself as JSON, signed: for the customer's own receiver.
    Generic,
}

/// Something that happened, as hooks are told of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WebhookEvent {
    /// A ULID, the same on every retry of this event, so that the receiver can de-duplicate.
    pub id: String,
    /// `leave.approved`, `daily.absences`, `break.started`, `break.ended`, `work.started`, `work.ended`.
    pub kind: String,
    /// RFC 3339.
    pub occurred_at: String,
    /// One line a person reads in the chat, e.g. "Ana is on leave today and tomorrow".
    pub text: String,
    /// The event's details, for generic receivers.
    pub data: Value,
}

/// Text as Slack shows it literally: `&`, `<` and `>` are its only control characters (a `<!channel>` ping, a
/// `<https://…|disguised>` link), escaped as Slack's message formatting asks.
pub fn slack_text(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Text as an Adaptive Card's TextBlock shows it literally: its Markdown subset (emphasis, links, lists, headings)
/// has every marker backslash-escaped, and a Markdown-style link cannot form.
pub fn teams_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if matches!(c, '\\' | '*' | '_' | '[' | ']' | '(' | ')' | '#' | '`' | '~' | '>' | '<' | '-' | '+' | '!' | '|') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The request body for a hook of `format`. The chat formats carry the event's text escaped for that chat, so no
/// name or type a member typed is read as markup; a generic receiver gets the text as it is, in JSON.
pub fn body(format: WebhookFormat, event: &WebhookEvent) -> Vec<u8> {
    let value = match format {
        WebhookFormat::Slack => json!({ "text": slack_text(&event.text) }),
        WebhookFormat::Teams => json!({
            "type": "message",
            "attachments": [{
                "contentType": "application/vnd.microsoft.card.adaptive",
                "contentUrl": null,
                "content": {
                    "$schema": "http://adaptivecards.io/schemas/adaptive-card.json",
                    "type": "AdaptiveCard",
                    "version": "1.4",
                    "body": [{ "type": "TextBlock", "text": teams_text(&event.text), "wrap": true }],
                },
            }],
        }),
        WebhookFormat::Generic => json!({
            "id": event.id,
            "type": event.kind,
            "occurredAt": event.occurred_at,
            "text": event.text,
            "data": event.data,
        }),
    };
    serde_json::to_vec(&value).expect("a JSON value serialises")
}

/// A new signing secret: `whsec_` and 32 random bytes in base64url. Shown to the admin once; the receiver keeps it.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    format!("{SECRET_PREFIX}{}", URL_SAFE_NO_PAD.encode(bytes))
}

/// The `Breaktime-Signature` value for `body` sent at `timestamp` (Unix seconds): `t=<timestamp>,v1=<hex>`, the hex
/// being HMAC-SHA256 keyed with the secret's text (all of it, `whsec_` included) over `"<timestamp>.<body>"`.
pub fn signature_header(secret: &str, timestamp: u64, body: &[u8]) -> String {
    format!("t={timestamp},v1={}", hex(&signed_mac(secret, timestamp, body).finalize().into_bytes()))
}

fn signed_mac(secret: &str, timestamp: u64, body: &[u8]) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok()).collect()
}

/// Why a signature was not accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("the signature header is not t=<seconds>,v1=<hex>")]
    Malformed,
    #[error("the signature's time is outside the tolerance")]
    Stale,
    #[error("no v1 signature matches")]
    Mismatch,
}

/// Verifies a `Breaktime-Signature` header as a receiver should: the time within `tolerance` of `now` (so that a
/// captured request cannot be replayed later) and a `v1` that matches, compared in constant time. Several `v1`
/// entries are allowed, any one matching, so that a secret can be rotated.
pub fn verify_signature(
    secret: &str,
    header: &str,
    body: &[u8],
    now: SystemTime,
    tolerance: Duration,
) -> Result<(), SignatureError> {
    let mut timestamp = None;
    let mut candidates = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => timestamp = Some(value.parse::<u64>().map_err(|_| SignatureError::Malformed)?),
            Some(("v1", value)) => candidates.push(unhex(value).ok_or(SignatureError::Malformed)?),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(SignatureError::Malformed)?;
    if candidates.is_empty() {
        return Err(SignatureError::Malformed);
    }
    let now = now.duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    if now.abs_diff(timestamp) > tolerance.as_secs() {
        return Err(SignatureError::Stale);
    }
    let mac = signed_mac(secret, timestamp, body);
    if candidates.iter().any(|c| mac.clone().verify_slice(c).is_ok()) {
        Ok(())
    } else {
        Err(SignatureError::Mismatch)
    }
}

/// What became of a delivery, for the hook's "last delivery" on the admin page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeliveryOutcome {
    /// The receiver answered 2xx.
    Delivered { status: u16 },
    /// Anything else: another status (`status` set), or no answer (`status` none: time-out, refused address,
    /// connection failure). `message` is short and safe to show: "HTTP 500", "timed out",
    /// "address refused: not public". Never the URL, which holds the hook's token for Slack and Teams.
    Failed { status: Option<u16>, message: String },
}

impl Sender {
    /// Posts `event` to the hook at `url` in its `format`. `secret` signs generic hooks' bodies (the other formats
    /// go to services that would not check it). Every format carries the `Breaktime-Event-Id` header.
    pub async fn webhook(
        &self,
        url: &str,
        format: WebhookFormat,
        secret: &str,
        event: &WebhookEvent,
    ) -> DeliveryOutcome {
        let url = match check_url(url, self.policy) {
            Ok(url) => url,
            Err(e) => return DeliveryOutcome::Failed { status: None, message: e.short().into() },
        };
        let body = body(format, event);
        let mut request = self
            .client
            .post(url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header(EVENT_ID_HEADER, &event.id);
        if format == WebhookFormat::Generic {
            let now = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
            request = request.header(SIGNATURE_HEADER, signature_header(secret, now, &body));
        }
        match request.body(body).send().await {
            Ok(response) if response.status().is_success() => {
                DeliveryOutcome::Delivered { status: response.status().as_u16() }
            }
            Ok(response) => {
                let status = response.status().as_u16();
                let message = if response.status().is_redirection() {
                    format!("HTTP {status}: redirects are not followed")
                } else {
                    format!("HTTP {status}")
                };
                DeliveryOutcome::Failed { status: Some(status), message }
            }
            Err(e) => DeliveryOutcome::Failed { status: None, message: failure_message(&e) },
        }
    }
}
