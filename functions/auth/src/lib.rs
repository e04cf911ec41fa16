//! The `auth` endpoint group: sign-in with a password or a social account (GitHub, Google), session refresh with
//! rotating refresh tokens, and sign-out.

mod login;
mod oauth;
mod session;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Router;
use bt_http::AppState;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// The routes with their description: what is registered is what is documented. Every route here is used without
/// an access token (`security(())` on each annotation).
pub fn openapi_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login::login))
        .routes(routes!(session::refresh))
        .routes(routes!(session::logout))
        .routes(routes!(oauth::github_start))
        .routes(routes!(oauth::google_start))
        .routes(routes!(oauth::github_callback))
        .routes(routes!(oauth::google_callback))
}

pub fn router() -> Router<AppState> {
    openapi_router().into()
}

/// `{"data": {...}}` with the same fields repeated at the top level: the web app reads the sign-in and refresh
/// answers from either place. (The document describes the `data` envelope; the envelope is not closed.)
pub(crate) fn data_and_top<T: Serialize>(fields: &T) -> Response {
    let fields = serde_json::to_value(fields).expect("an answer serialises");
    let mut body = fields.clone();
    body["data"] = fields;
    (StatusCode::OK, axum::Json(body)).into_response()
}
