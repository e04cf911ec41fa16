//! `Idempotency-Key` on every POST, PUT and DELETE (see `bt_app::idempotency`): a repeat of a completed write
//! gets the kept answer with `Idempotency-Replayed: true` and writes nothing, the key with another request is 422,
//! and a repeat that arrives while the first is still running waits for its answer (409 if it takes too long).
//!
//! Keys are kept per signed-in caller. A request without a valid access token (sign-in, sign-up, the contact form)
//! runs as usual: its own handler answers it, and the header is ignored.
//!
//! A kept answer is replayed only to a caller whose credential may do all the first caller's could: the access rules
//! of the extractors (`crate::auth`) run inside the handler, which a replay does not reach, so they are applied here
//! to what the claim kept. A read-only API token is 403 as the route would answer it; a write token repeating a
//! write first made signed in is 403 too, since the route may be one only a session may use and its answer (a new
//! API token, a session) may hold what only a session may see. Nothing is replayed then, and the key stays taken.

use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use bt_app::account::tokens::{self, Credential, TokenScope};
use bt_app::idempotency::{self as idem, CallerKind, Claim, IdempotencyKey, KeptAnswer};
use bt_app::types::UserId;
use bt_app::AppError;

use crate::error::{ApiError, ErrorMessages};
use crate::state::AppState;
use crate::{MAX_BODY_BYTES, MAX_UPLOAD_BYTES};

/// How long a repeat waits for the first request's answer, and how often it looks.
const WAIT: Duration = Duration::from_secs(5);
const POLL: Duration = Duration::from_millis(50);

/// The layer's function (`axum::middleware::from_fn_with_state`).
pub async fn idempotent(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    if !matches!(*req.method(), Method::POST | Method::PUT | Method::DELETE | Method::PATCH) {
        return next.run(req).await;
    }
    let Some(raw) = req.headers().get(idem::HEADER) else { return next.run(req).await };
    let key = match IdempotencyKey::parse(raw.as_bytes()) {
        Ok(k) => k,
        Err(e) => return ApiError(e).into_response(),
    };
    // The caller is read here once for the whole request: the route's extractor finds it in the request.
    let outcome = crate::auth::read_caller(&state, req.headers(), req.extensions()).await;
    let Ok(Some((user, credential))) = &outcome else {
        crate::auth::remember(req.extensions_mut(), &outcome);
        return next.run(req).await;
    };
    let (user_id, caller) = (user.id.clone(), kind(credential));

    let (mut parts, body) = req.into_parts();
    // A file upload (the import routes, whose own limit is larger) is kept up to the largest upload; the route's
    // limit then applies as usual.
    let multipart = parts
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().to_ascii_lowercase().starts_with("multipart/form-data"));
    let limit = if multipart { MAX_UPLOAD_BYTES } else { MAX_BODY_BYTES };
    let bytes = match axum::body::to_bytes(body, limit).await {
        Ok(b) => b,
        Err(_) => return ApiError(AppError::PayloadTooLarge).into_response(),
    };
    let path = parts.uri.path_and_query().map(|p| p.as_str()).unwrap_or("/");
    let fingerprint = idem::fingerprint(parts.method.as_str(), path, &bytes);

    let started = tokio::time::Instant::now();
    let mut waited = false;
    loop {
        let now = state.clock.now();
        match idem::claim(state.table(), &user_id, &key, caller, &fingerprint, now).await {
            Err(e) => return ApiError(e).into_response(),
            Ok(Claim::Replay { answer, first }) if caller.may_replay(first) => return replay(answer),
            Ok(Claim::Replay { .. }) => return ApiError(refusal(caller)).into_response(),
            Ok(Claim::Reused) => return ApiError(AppError::field(idem::HEADER, idem::KEY_REUSED)).into_response(),
            Ok(Claim::InProgress) if started.elapsed() < WAIT => {
                waited = true;
                tokio::time::sleep(POLL).await
            }
            Ok(Claim::InProgress) => return ApiError(AppError::Conflict(idem::IN_PROGRESS.into())).into_response(),
            Ok(Claim::Run { stamp }) => {
                // After a wait for the first request (which may have changed the account), the route reads the
                // caller afresh.
                if !waited {
                    crate::auth::remember(&mut parts.extensions, &outcome);
                }
                let response = next.run(Request::from_parts(parts, Body::from(bytes))).await;
                return finish(&state, &user_id, &key, &stamp, response).await;
            }
        }
    }
}

/// The kind of caller a credential makes, which decides the kept answers it may be given. A token the route would
/// refuse ([`crate::auth::read_caller`] checks it as the route does: signature, expiry, token version, ended sign-in,
/// or an API token's hash, expiry and token version) makes no claim and gets nothing replayed: the route answers it.
fn kind(credential: &Credential) -> CallerKind {
    match credential {
        Credential::Session => CallerKind::Session,
        Credential::ApiToken { scope: TokenScope::Write, .. } => CallerKind::WriteToken,
        Credential::ApiToken { scope: TokenScope::Read, .. } => CallerKind::ReadToken,
    }
}

/// Why a caller may not be given a kept answer: a read-only token as every write route refuses it; a write token
/// because the answer was first given to a session.
fn refusal(caller: CallerKind) -> AppError {
    match caller {
        CallerKind::ReadToken => AppError::Forbidden(tokens::READ_ONLY.into()),
        _ => AppError::Forbidden(idem::SESSION_REPLAY.into()),
    }
}

/// Keeps a final answer (or gives the claim up for one a retry may change) and passes it on.
async fn finish(state: &AppState, user_id: &UserId, key: &IdempotencyKey, stamp: &str, response: Response) -> Response {
    let status = response.status();
    if !idem::keeps(status.as_u16()) {
        if let Err(e) = idem::release(state.table(), user_id, key, stamp).await {
            tracing::warn!(error = %e, "idempotency claim not released");
        }
        return response;
    }
    let (parts, body) = response.into_parts();
    let bytes = match axum::body::to_bytes(body, usize::MAX).await {
        Ok(b) => b,
        Err(e) => {
            tracing::error!(error = %e, "answer body unreadable");
            let _ = idem::release(state.table(), user_id, key, stamp).await;
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        }
    };
    let kept = match std::str::from_utf8(&bytes) {
        Ok(text) if bytes.len() <= idem::MAX_KEPT_BODY => Some(KeptAnswer {
            status: status.as_u16(),
            content_type: parts.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).map(str::to_string),
            body: text.to_string(),
        }),
        _ => None,
    };
    let outcome = match &kept {
        Some(answer) => idem::complete(state.table(), user_id, key, stamp, answer).await,
        None => idem::release(state.table(), user_id, key, stamp).await,
    };
    if let Err(e) = outcome {
        // The write itself happened: its answer still goes out; a repeat will find the claim and wait, then run.
        tracing::error!(error = %e, "idempotent answer not recorded");
    }
    Response::from_parts(parts, Body::from(bytes))
}

fn replay(answer: KeptAnswer) -> Response {
    let status = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::OK);
    // A kept error is kept as the domain words it (English); the language layer gives it in the retry's language.
    let messages = (!status.is_success()).then(|| serde_json::from_str::<ErrorMessages>(&answer.body).ok()).flatten();
    let mut response = (status, Bytes::from(answer.body)).into_response();
    if let Some(messages) = messages {
        response.extensions_mut().insert(messages);
    }
    let headers = response.headers_mut();
    if let Some(ct) = answer.content_type.and_then(|c| HeaderValue::from_str(&c).ok()) {
        headers.insert(header::CONTENT_TYPE, ct);
    }
    headers.insert(idem::REPLAYED_HEADER, HeaderValue::from_static("true"));
    response
}
