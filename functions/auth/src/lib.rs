//! The `auth` endpoint group: sign-in with a password, a social account (GitHub, Google) or single sign-on (OpenID
//! Connect), session refresh with rotating refresh tokens, and sign-out.

mod login;
mod oauth;
mod oidc;
mod session;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Router;
use bt_http::{AppState, Routes};
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;

/// The group's routes, declared once (see `bt_http::routes`): [`router`] serves them, [`openapi_router`] also
/// describes them.
pub fn routes<R: Routes>(r: R) -> R {
    bt_http::routes!(
        r,
        login::login,
        session::refresh,
        session::logout,
        oauth::providers,
        oauth::github_start,
        oauth::google_start,
        oauth::github_callback,
        oauth::google_callback,
        oidc::start,
        oidc::callback
    )
}

/// The routes as each Lambda serves them, without their description.
pub fn router() -> Router<AppState> {
    routes(Router::new())
}

/// The same routes with their description (the local server and the OpenAPI document).
pub fn openapi_router() -> OpenApiRouter<AppState> {
    routes(OpenApiRouter::new())
}

/// `{"data": {...}}` with the same fields repeated at the top level: the web app reads the sign-in and refresh
/// answers from either place. (The document describes the `data` envelope; the envelope is not closed.)
pub(crate) fn data_and_top<T: Serialize>(fields: &T) -> Response {
    let fields = serde_json::to_value(fields).expect("an answer serialises");
    let mut body = fields.clone();
    body["data"] = fields;
    (StatusCode::OK, axum::Json(body)).into_response()
}
