//! The `auth` endpoint group: sign-in with a password or a social account (GitHub, Google), session refresh with
//! rotating refresh tokens, and sign-out.

mod login;
mod oauth;
mod session;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use bt_http::AppState;
use serde_json::Value;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/auth/login", post(login::login))
        .route("/auth/refresh-token", post(session::refresh))
        .route("/auth/logout", post(session::logout))
        .route("/auth/github", get(oauth::github_start))
        .route("/auth/google", get(oauth::google_start))
        .route("/auth/github/callback", get(oauth::github_callback))
        .route("/auth/google/callback", get(oauth::google_callback))
}

/// `{"data": {...}}` with the same fields repeated at the top level: the web app reads the sign-in and refresh
/// answers from either place.
pub(crate) fn data_and_top(fields: Value) -> Response {
    let mut body = fields.clone();
    body["data"] = fields;
    (StatusCode::OK, axum::Json(body)).into_response()
}
