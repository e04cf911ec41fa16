//! Idempotent writes. A write sent with an `Idempotency-Key` is claimed for its caller and key before it runs; its
//! first completed answer is then kept for 24 hours, and every repeat with the same key and the same request gets
//! that answer again instead of running. The same key with another request is refused.
//!
//! One item per caller and key, `USER#<userId>` / `IDEM#<key>`, written with conditions only:
//! - the claim is a put on an absent item, so of two concurrent repeats exactly one runs the write;
//! - the answer is recorded by an update conditioned on the claim's own stamp, so a claim taken over after its
//!   lease (the function stopped half-way) cannot be completed by the stalled one;
//! - `ttl` lets DynamoDB drop the item after a day (the SQLite adapter prunes it the same way).
//!
//! The claim keeps what the first caller signed in with ([`CallerKind`]): a kept answer is replayed only to a caller
//! whose credential may do all that one's could, so a repeat never gets past the route's own access rules (a
//! read-only API token never replays a write; an answer first given to a session, which may hold a session or a new
//! API token's secret, goes to a session only).

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::error::{AppError, AppResult};
use crate::keys;
use crate::store::{Cond, Item, StoreError, Table};
use crate::types::UserId;

/// The request header that names a write.
pub const HEADER: &str = "Idempotency-Key";
/// The answer header that marks a replayed answer.
pub const REPLAYED_HEADER: &str = "Idempotency-Replayed";
/// How long a completed answer is kept.
pub const KEEP: Duration = Duration::hours(24);
/// How long a claim holds before another request with the key may take it over: far longer than any write runs
/// (a function's timeout is 10 s), so only a claim whose function stopped half-way is ever taken over.
pub const LEASE: Duration = Duration::seconds(60);
/// Answers larger than this are not kept (every write of the API answers with one record, a few hundred bytes).
pub const MAX_KEPT_BODY: usize = 64 * 1024;

pub const INVALID_KEY: &str = "The Idempotency-Key header must be 1 to 64 visible ASCII characters.";
pub const KEY_REUSED: &str = "This Idempotency-Key was already used for another request.";
pub const IN_PROGRESS: &str = "A request with this Idempotency-Key is still in progress. Try again in a moment.";
/// A repeat with an API token of a write first made signed in: its answer may hold what only a session may see.
pub const SESSION_REPLAY: &str =
    "This Idempotency-Key was first used signed in; repeat the request signed in, not with an API token.";

/// A checked key: 1 to 64 visible ASCII characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdempotencyKey(String);

impl IdempotencyKey {
    pub fn parse(raw: &[u8]) -> AppResult<Self> {
        let visible = (1..=64).contains(&raw.len()) && raw.iter().all(|b| (0x21..=0x7e).contains(b));
        match std::str::from_utf8(raw) {
            Ok(s) if visible => Ok(IdempotencyKey(s.to_string())),
            _ => Err(AppError::field(HEADER, INVALID_KEY)),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// What a write's caller signed in with, as far as it decides what they may do: a session may do all a write token
/// may, and a write token all a read-only one may.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CallerKind {
    /// A read-only API token (GET and HEAD only).
    ReadToken,
    /// An API token that may write (every route but the session-only ones).
    WriteToken,
    /// A session's access token (every route, the session-only ones too).
    Session,
}

impl CallerKind {
    /// Whether this caller may be given an answer first given to `first`: it may do all `first` could.
    pub fn may_replay(self, first: CallerKind) -> bool {
        self >= first
    }
}

/// What makes two requests "the same": method, path with query, and body, hashed.
pub fn fingerprint(method: &str, path_and_query: &str, body: &[u8]) -> String {
    let mut h = Sha256::new();
    h.update(method.as_bytes());
    h.update([0]);
    h.update(path_and_query.as_bytes());
    h.update([0]);
    h.update(body);
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// A kept answer: status, content type and body (text; every answer of the API is JSON or CSV).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptAnswer {
    pub status: u16,
    #[serde(rename = "contentType", default, skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
    pub body: String,
}

/// The outcome of claiming a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// This request runs the write; `stamp` identifies the claim when the answer is recorded or the claim released.
    Run { stamp: String },
    /// The write ran already: here is its answer, and what its first caller signed in with.
    Replay { answer: KeptAnswer, first: CallerKind },
    /// The key was used for another request.
    Reused,
    /// Another request with the key is running.
    InProgress,
}

#[derive(Debug, Deserialize)]
struct Stored {
    fingerprint: String,
    stamp: String,
    #[serde(rename = "claimedAt")]
    claimed_at: i64,
    ttl: i64,
    answer: Option<KeptAnswer>,
    /// Claims made before callers were kept: taken as a session's, so they are replayed to sessions only.
    #[serde(default = "session")]
    caller: CallerKind,
}

fn session() -> CallerKind {
    CallerKind::Session
}

struct ClaimOf<'a> {
    user_id: &'a UserId,
    key: &'a IdempotencyKey,
    caller: CallerKind,
    fingerprint: &'a str,
}

fn claim_item(of: &ClaimOf<'_>, stamp: &str, now: DateTime<Utc>) -> Item {
    let ClaimOf { user_id, key, caller, fingerprint } = of;
    let k = keys::idempotency(user_id, key.as_str());
    let mut item = Item::new();
    item.insert("PK".into(), Value::String(k.pk));
    item.insert("SK".into(), Value::String(k.sk));
    item.insert("entity_type".into(), Value::from("idempotency"));
    item.insert("fingerprint".into(), Value::from(*fingerprint));
    item.insert("caller".into(), serde_json::to_value(caller).unwrap_or(Value::Null));
    item.insert("stamp".into(), Value::from(stamp));
    item.insert("claimedAt".into(), Value::from(now.timestamp()));
    item.insert("ttl".into(), Value::from((now + KEEP).timestamp()));
    item
}

/// Claims `key` for a request of `fingerprint` by a caller signed in with `caller`, or says why it cannot run.
pub async fn claim(
    store: &dyn Table,
    user_id: &UserId,
    key: &IdempotencyKey,
    caller: CallerKind,
    fingerprint: &str,
    now: DateTime<Utc>,
) -> AppResult<Claim> {
    let stamp = ulid::Ulid::new().to_string();
    let fresh = claim_item(&ClaimOf { user_id, key, caller, fingerprint }, &stamp, now);
    // Two rounds: the item may vanish (released, or expired and pruned) between the failed put and the read.
    for _ in 0..2 {
        match store.put(fresh.clone(), Cond::NotExists).await {
            Ok(()) => return Ok(Claim::Run { stamp }),
            Err(StoreError::ConditionFailed) => {}
            Err(e) => return Err(e.into()),
        }
        let Some(item) = store.get(&keys::idempotency(user_id, key.as_str())).await? else { continue };
        let stored: Stored = serde_json::from_value(Value::Object(item))
            .map_err(|e| AppError::Internal(anyhow::anyhow!("corrupt idempotency item: {e}")))?;
        let expired = stored.ttl <= now.timestamp();
        let stalled = stored.answer.is_none() && stored.claimed_at + LEASE.num_seconds() <= now.timestamp();
        if expired || stalled {
            // Taken over only if nobody else took it over first.
            return match store.put(fresh, Cond::eq("stamp", stored.stamp)).await {
                Ok(()) => Ok(Claim::Run { stamp }),
                Err(StoreError::ConditionFailed) => Ok(Claim::InProgress),
                Err(e) => Err(e.into()),
            };
        }
        if stored.fingerprint != fingerprint {
            return Ok(Claim::Reused);
        }
        return Ok(match stored.answer {
            Some(answer) => Claim::Replay { answer, first: stored.caller },
            None => Claim::InProgress,
        });
    }
    Ok(Claim::InProgress)
}

/// Records the answer of a claimed write. A claim that was taken over in the meantime is left to its new holder.
pub async fn complete(
    store: &dyn Table,
    user_id: &UserId,
    key: &IdempotencyKey,
    stamp: &str,
    answer: &KeptAnswer,
) -> AppResult<()> {
    let mut set = Item::new();
    set.insert("answer".into(), serde_json::to_value(answer).map_err(|e| AppError::Internal(e.into()))?);
    match store.update(&keys::idempotency(user_id, key.as_str()), set, Cond::eq("stamp", stamp)).await {
        Ok(_) | Err(StoreError::ConditionFailed) => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// Gives a claim up without an answer (the write failed in a way a retry may fix), so the next repeat runs it.
pub async fn release(store: &dyn Table, user_id: &UserId, key: &IdempotencyKey, stamp: &str) -> AppResult<()> {
    match store.delete(&keys::idempotency(user_id, key.as_str()), Cond::eq("stamp", stamp)).await {
        Ok(_) | Err(StoreError::ConditionFailed) => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// Whether an answer of this status is the write's final word, kept and replayed. A server error, a rate limit, an
/// expired session or a refused permission may all go the other way on a retry, so they are not.
pub fn keeps(status: u16) -> bool {
    (200..500).contains(&status) && !matches!(status, 401 | 403 | 408 | 409 | 429)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_one_to_64_visible_ascii_characters() {
        assert!(IdempotencyKey::parse(b"a").is_ok());
        assert!(IdempotencyKey::parse(&[b'x'; 64]).is_ok());
        assert!(IdempotencyKey::parse(b"2f1c-9a#b:~!").is_ok());
        for bad in [&b""[..], &[b'x'; 65], b"has space", b"tab\there", "é".as_bytes(), b"\x7f"] {
            match IdempotencyKey::parse(bad) {
                Err(AppError::Validation(f)) => assert_eq!(f.get(HEADER).map(String::as_str), Some(INVALID_KEY)),
                other => panic!("{bad:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn the_fingerprint_covers_method_path_and_body() {
        let a = fingerprint("POST", "/task/add", b"{}");
        assert_eq!(a, fingerprint("POST", "/task/add", b"{}"));
        assert_ne!(a, fingerprint("PUT", "/task/add", b"{}"));
        assert_ne!(a, fingerprint("POST", "/task/add?x=1", b"{}"));
        assert_ne!(a, fingerprint("POST", "/task/add", b"{ }"));
        // The separators keep the parts apart.
        assert_ne!(fingerprint("POST", "/a", b"b"), fingerprint("POST", "/ab", b""));
    }

    #[test]
    fn a_replay_goes_to_a_caller_who_may_do_all_the_first_could() {
        use CallerKind::*;
        for (repeat, first, may) in [
            (Session, Session, true),
            (Session, WriteToken, true),
            (WriteToken, WriteToken, true),
            (WriteToken, Session, false),
            (ReadToken, Session, false),
            (ReadToken, WriteToken, false),
            (ReadToken, ReadToken, true),
        ] {
            assert_eq!(repeat.may_replay(first), may, "{repeat:?} after {first:?}");
        }
    }

    #[test]
    fn only_final_answers_are_kept() {
        for s in [200, 201, 204, 400, 404, 413, 415, 422] {
            assert!(keeps(s), "{s}");
        }
        for s in [401, 403, 408, 409, 429, 500, 503] {
            assert!(!keeps(s), "{s}");
        }
    }
}
