//! The local server: every function's router mounted under the same paths as API Gateway, the web app from
//! `web/dist` with an SPA fallback, and the assistant API on the same origin.

use std::path::{Path, PathBuf};

use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::routing::get_service;
use axum::Router;
use bt_domain::AppError;
use bt_http::openapi::{Data, NotFound};
use bt_http::AppState;
use bt_http::{data, not_found_fallback, with_common_layers};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub mod openapi;
pub mod reference;

/// Every function's routes, merged: the API exactly as API Gateway serves it.
pub fn api_router() -> Router<AppState> {
    openapi::functions().into()
}

/// The local server's own routes. `/dev/outbox` is served only with `DEV_ROUTES=1` but always described.
pub fn local_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(openapi_json)).routes(routes!(outbox))
}

/// The whole local app. `web_dist` is served when it exists.
pub fn app(state: AppState, web_dist: Option<&Path>) -> Router {
    let mut api = openapi::functions().routes(routes!(openapi_json));
    if state.config.dev_routes {
        api = api.routes(routes!(outbox));
    }
    let api: Router<AppState> = api.into();
    let mut router = with_common_layers(api, &state);
    if let Some(dist) = web_dist.filter(|d| d.join("index.html").exists()) {
        let index = dist.join("index.html");
        // Hashed bundles never change under their name; everything else is revalidated, so a new build shows at once.
        let assets = tower::ServiceBuilder::new()
            .layer(SetResponseHeaderLayer::overriding(
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=31536000, immutable"),
            ))
            .service(ServeDir::new(dist.join("assets")));
        let spa = tower::ServiceBuilder::new()
            .layer(SetResponseHeaderLayer::if_not_present(header::CACHE_CONTROL, HeaderValue::from_static("no-cache")))
            .service(ServeDir::new(dist).fallback(ServeFile::new(index)));
        // Files answer GET and HEAD; any other method is the API's JSON 404, not the file server's empty 405.
        router = router
            .nest_service("/assets", get_service(assets).fallback(not_found_fallback))
            .fallback_service(get_service(spa).fallback(not_found_fallback));
    }
    router
        .layer(tower_http::compression::CompressionLayer::new())
        // The web app's files get the same security headers as the API answers.
        .layer(SetResponseHeaderLayer::if_not_present(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(
                "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; \
                 connect-src 'self'; manifest-src 'self'; worker-src 'self'; frame-ancestors 'none'; base-uri 'self'; \
                 form-action 'self'",
            ),
        ))
        .with_state(state)
}

/// This document (local server)
#[utoipa::path(get, path = "/openapi.json", tag = "local", security(()),
    responses((status = 200, description = "OpenAPI 3 document", body = Object)))]
async fn openapi_json() -> impl axum::response::IntoResponse {
    ([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], openapi::document_text())
}

/// Mails the local outbox holds, newest last (local runs only)
#[utoipa::path(get, path = "/dev/outbox", tag = "local", security(()),
    responses((status = 200, description = "Success", body = Data<Vec<bt_domain::mail::SentMail>>),
        (status = 404, response = NotFound)))]
async fn outbox(State(state): State<AppState>) -> bt_http::ApiResult {
    let mails = state.mailer.sent().ok_or_else(|| AppError::NotFound("This mail adapter keeps no outbox.".into()))?;
    Ok(data(mails))
}

/// The folder the built web app is served from.
pub fn default_web_dist() -> PathBuf {
    std::env::var("WEB_DIST").map(PathBuf::from).unwrap_or_else(|_| PathBuf::from("web/dist"))
}
