//! The local server: every function's router mounted under the same paths as API Gateway, the web app from
//! `web/dist` with an SPA fallback, and the assistant API on the same origin.

use std::path::{Path, PathBuf};

use axum::extract::State;
use axum::http::{header, HeaderName, HeaderValue};
use axum::routing::get_service;
use axum::Router;
use bt_app::AppError;
use bt_http::openapi::{Data, NotFound};
use bt_http::AppState;
use bt_http::{data, not_found_fallback, with_common_layers};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub mod openapi;
pub mod reference;
pub mod scheduler;
pub mod selfhost;

/// Every function's routes, merged: the API exactly as API Gateway serves it.
pub fn api_router() -> Router<AppState> {
    openapi::functions().into()
}

/// The local server's own routes. `/dev/outbox` is served only with `DEV_ROUTES=1` but always described.
pub fn local_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(openapi_json)).routes(routes!(outbox)).routes(routes!(run_scheduler))
}

/// The whole local app. `web_dist` is served when it exists.
pub fn app(state: AppState, web_dist: Option<&Path>) -> Router {
    let mut api = openapi::functions().routes(routes!(openapi_json));
    if state.config.dev_routes {
        api = api.routes(routes!(outbox)).routes(routes!(run_scheduler));
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
            .layer(SetResponseHeaderLayer::if_not_present(header::VARY, HeaderValue::from_static("accept-encoding")))
            // The build writes a Brotli copy of each text file (web/vite.config.ts): sent as it is to browsers that
            // accept it; other answers are compressed on the fly below.
            .service(ServeDir::new(dist.join("assets")).precompressed_br());
        let spa = tower::ServiceBuilder::new()
            .layer(SetResponseHeaderLayer::if_not_present(header::CACHE_CONTROL, HeaderValue::from_static("no-cache")))
            .layer(SetResponseHeaderLayer::if_not_present(header::VARY, HeaderValue::from_static("accept-encoding")))
            .service(
                ServeDir::new(dist)
                    .precompressed_br()
                    .fallback(IndexOrNotFound(ServeFile::new(index).precompressed_br())),
            );
        // Files answer GET and HEAD; any other method is the API's JSON 404, not the file server's empty 405.
        router = router
            .nest_service("/assets", get_service(assets).fallback(not_found_fallback))
            .fallback_service(get_service(spa).fallback(not_found_fallback));
    }
    router
        .layer(tower_http::compression::CompressionLayer::new())
        // The web app's files get the same security headers as the API answers.
        .layer(SetResponseHeaderLayer::if_not_present(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
        // As CloudFront's policy (template.yaml, WebSecurityHeaders): no powerful feature the app does not use, and
        // no window another site opens keeps a handle on the app's.
        .layer(SetResponseHeaderLayer::if_not_present(
            HeaderName::from_static("permissions-policy"),
            HeaderValue::from_static("camera=(), microphone=(), geolocation=()"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            HeaderName::from_static("cross-origin-opener-policy"),
            HeaderValue::from_static("same-origin"),
        ))
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
                "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; \
                 script-src 'self' 'sha256-Gxr07R8FUxpoxZFSGrVLwY2+o3dV4yDaVTZYGfNBA0A='; \
                 connect-src 'self'; manifest-src 'self'; worker-src 'self'; frame-ancestors 'none'; base-uri 'self'; \
                 form-action 'self'",
            ),
        ))
        .with_state(state)
}

/// Whether a request for a path the app does not have comes from an API client rather than a browser: it carries an
/// `Authorization` header, or it asks for JSON and not for HTML. Those get the API's JSON 404 (as API Gateway answers
/// an unknown route); a browser still gets `index.html`, whose router draws its own "not found" page.
pub fn wants_api_answer(headers: &axum::http::HeaderMap) -> bool {
    if headers.contains_key(header::AUTHORIZATION) {
        return true;
    }
    let accept = headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|item| item.split(';').next().unwrap_or("").trim().to_ascii_lowercase())
        .collect::<Vec<_>>();
    let json =
        accept.iter().any(|m| m == "application/json" || (m.starts_with("application/") && m.ends_with("+json")));
    json && !accept.iter().any(|m| m == "text/html")
}

/// The web app's fallback for a path no file has: `index.html`, or the JSON 404 for an API client.
#[derive(Clone)]
struct IndexOrNotFound(ServeFile);

impl tower::Service<axum::extract::Request> for IndexOrNotFound {
    type Response = axum::response::Response;
    type Error = std::convert::Infallible;
    type Future = std::pin::Pin<Box<dyn std::future::Future<Output = Result<Self::Response, Self::Error>> + Send>>;

    fn poll_ready(&mut self, _: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), Self::Error>> {
        std::task::Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: axum::extract::Request) -> Self::Future {
        use axum::response::IntoResponse;
        use tower::ServiceExt;
        let index = self.0.clone();
        Box::pin(async move {
            if wants_api_answer(request.headers()) {
                return Ok(not_found_fallback().await.into_response());
            }
            index.oneshot(request).await.map(|answer| answer.map(axum::body::Body::new))
        })
    }
}

/// This document (local server)
#[utoipa::path(get, path = "/openapi.json", tag = "local", security(()),
    responses((status = 200, description = "OpenAPI 3 document", body = Object)))]
async fn openapi_json() -> impl axum::response::IntoResponse {
    ([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], openapi::document_text())
}

/// Mails the local outbox holds, newest last (local runs only)
#[utoipa::path(get, path = "/dev/outbox", tag = "local", security(()),
    responses((status = 200, description = "Success", body = Data<Vec<bt_api::mail::SentMail>>),
        (status = 404, response = NotFound)))]
async fn outbox(State(state): State<AppState>) -> bt_http::ApiResult {
    let mails = state.mailer.sent().ok_or_else(|| AppError::NotFound("This mail adapter keeps no outbox.".into()))?;
    Ok(data(bt_api::wire::<Vec<bt_api::mail::SentMail>, _>(mails)))
}

/// The instant a dev scheduler run takes as now.
#[derive(serde::Deserialize, utoipa::ToSchema, Default)]
struct SchedulerRun {
    /// RFC 3339; the server's clock when absent.
    #[schema(format = DateTime, example = "2026-03-11T10:45:00Z")]
    now: Option<String>,
}

/// Run the reminder job as at an instant (local runs only)
///
/// Sends what is due in the 15 minutes up to `now` and not sent yet, exactly as the scheduled job does, and answers
/// what it sent and skipped. The body is optional.
#[utoipa::path(post, path = "/dev/scheduler/run", tag = "local", security(()), request_body(content = SchedulerRun, content_type = "application/json"),
    responses((status = 200, description = "Success", body = Data<bt_api::notifications::job::RunReport>),
        (status = 404, response = NotFound), (status = 422, response = bt_http::openapi::Invalid)))]
async fn run_scheduler(State(state): State<AppState>, body: axum::body::Bytes) -> bt_http::ApiResult {
    let input: SchedulerRun = if body.iter().all(u8::is_ascii_whitespace) {
        SchedulerRun::default()
    } else {
        serde_json::from_slice(&body).map_err(|e| AppError::BadRequest(format!("The body is not valid JSON: {e}")))?
    };
    let now = match input.now.as_deref() {
        None => state.clock.now(),
        Some(raw) => chrono::DateTime::parse_from_rfc3339(raw)
            .map_err(|_| AppError::field("now", "Give the time as an RFC 3339 date and time."))?
            .with_timezone(&chrono::Utc),
    };
    let report = bt_app::notifications::job::run_at(&state, now).await?;
    Ok(data(bt_api::notifications::job::RunReport::from(report)))
}

/// The folder the built web app is served from.
pub fn default_web_dist() -> PathBuf {
    std::env::var("WEB_DIST").map(PathBuf::from).unwrap_or_else(|_| PathBuf::from("web/dist"))
}
