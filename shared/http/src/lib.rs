//! Breaktime's HTTP edge, shared by every function's router: application state, request extractors and answers in
//! the API's one JSON shape (see `docs/api.md`), the signed-in caller, the error-to-response mapping and the common
//! layers (CORS, security headers, body limit, JSON 404 and 405).

pub mod auth;
pub mod conditional;
pub mod download;
pub mod error;
pub mod idempotency;
pub mod language;
pub mod openapi;
pub mod records;
pub mod routes;
pub mod state;

pub use conditional::{data_with_etag, IfMatch};
pub use download::attachment;
pub use error::ApiError;
pub use language::RequestLanguage;
pub use routes::Routes;
pub use state::AppState;

#[doc(hidden)]
pub use utoipa_axum::paste as __paste;

use std::net::SocketAddr;
use std::str::FromStr;

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde::Serialize;

use bt_app::types::RecordId;
use bt_app::AppError;

/// The API's one success shape, serialised straight from the value (no intermediate JSON tree).
#[derive(Serialize)]
struct Envelope<T> {
    data: T,
}

/// `{"data": ...}` with 200.
pub fn data<T: Serialize>(value: T) -> Response {
    (StatusCode::OK, axum::Json(Envelope { data: value })).into_response()
}

/// `{"data": ...}` with 201.
pub fn created<T: Serialize>(value: T) -> Response {
    (StatusCode::CREATED, axum::Json(Envelope { data: value })).into_response()
}

pub type ApiResult = Result<Response, ApiError>;

/// A JSON body. Malformed JSON is 400; a value of the wrong type is 422 naming the field; a body declared as
/// something else than JSON is 415.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let declared_json = req.headers().get(axum::http::header::CONTENT_TYPE).is_none_or(is_json_content_type);
        let bytes = match axum::body::Bytes::from_request(req, state).await {
            Ok(b) => b,
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => return Err(AppError::PayloadTooLarge.into()),
            Err(_) => return Err(AppError::BadRequest("The request body could not be read.".into()).into()),
        };
        // A page on any site may post text/plain or form bodies here without a CORS preflight; the API takes JSON
        // only, so such a post is refused before it is read as JSON.
        if !declared_json && !bytes.is_empty() {
            return Err(AppError::UnsupportedMediaType.into());
        }
        parse_json(&bytes).map(ApiJson).map_err(ApiError)
    }
}

/// `application/json` or an `application/*+json` type, with any parameters.
fn is_json_content_type(value: &axum::http::HeaderValue) -> bool {
    let Ok(value) = value.to_str() else { return false };
    let mime = value.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    mime == "application/json" || (mime.starts_with("application/") && mime.ends_with("+json"))
}

pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, AppError> {
    if bytes.is_empty() {
        return parse_json(b"{}");
    }
    let de = &mut serde_json::Deserializer::from_slice(bytes);
    match serde_path_to_error::deserialize::<_, T>(de) {
        // JSON can only carry a control character in a string as an escape: without a backslash there is none.
        Ok(v) if !bytes.contains(&b'\\') => Ok(v),
        Ok(v) => {
            // A field the type ignores may still hold what JSON cannot carry (a lone surrogate escape).
            let body: serde_json::Value = serde_json::from_slice(bytes)
                .map_err(|_| AppError::BadRequest("The request body is not valid JSON.".into()))?;
            let faults = bt_app::validate::control_characters(&body);
            if faults.is_empty() {
                Ok(v)
            } else {
                Err(AppError::Validation(faults))
            }
        }
        Err(err) => {
            let path = err.path().to_string();
            let inner = err.into_inner();
            if inner.is_syntax() || inner.is_eof() {
                Err(AppError::BadRequest("The request body is not valid JSON.".into()))
            } else if path.is_empty() || path == "." {
                Err(AppError::BadRequest("The request body must be a JSON object.".into()))
            } else {
                Err(AppError::field(&path, "Invalid value."))
            }
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(_: JsonRejection) -> Self {
        ApiError(AppError::BadRequest("The request body is not valid JSON.".into()))
    }
}

/// A query string. Unparseable values are 422 naming the parameter.
pub struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or("");
        let de = serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
        serde_path_to_error::deserialize(de).map(ApiQuery).map_err(|err| {
            let path = err.path().to_string();
            ApiError(if path.is_empty() || path == "." {
                AppError::BadRequest("The query string is invalid.".into())
            } else {
                AppError::field(&path, "Invalid value.")
            })
        })
    }
}

impl From<QueryRejection> for ApiError {
    fn from(_: QueryRejection) -> Self {
        ApiError(AppError::BadRequest("The query string is invalid.".into()))
    }
}

/// One path parameter that is an id: a record's by default, `IdPath<UserId>` for a member. Anything that is not an
/// id is simply not found.
pub struct IdPath<T = RecordId>(pub T);

impl<T: FromStr, S: Send + Sync> FromRequestParts<S> for IdPath<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let axum::extract::Path(id) = axum::extract::Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_: PathRejection| ApiError(AppError::not_found()))?;
        id.parse().map(IdPath).map_err(|_| AppError::not_found().into())
    }
}

/// The caller's address as the platform in front of the router saw it (on Lambda, API Gateway's source IP, put
/// into the request's extensions by the Lambda start-up).
#[derive(Debug, Clone)]
pub struct SourceIp(pub String);

/// The caller's network address: API Gateway's source IP on Lambda, else the socket peer (or the first
/// `X-Forwarded-For` hop when configured to trust it).
#[derive(Debug, Clone)]
pub struct ClientIp(pub String);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        if let Some(SourceIp(ip)) = parts.extensions.get::<SourceIp>() {
            return Ok(ClientIp(ip.clone()));
        }
        if state.config.trust_forwarded_for {
            if let Some(first) =
                parts.headers.get("x-forwarded-for").and_then(|v| v.to_str().ok()).and_then(|v| v.split(',').next())
            {
                return Ok(ClientIp(first.trim().to_string()));
            }
        }
        if let Some(ConnectInfo(addr)) = parts.extensions.get::<ConnectInfo<SocketAddr>>() {
            return Ok(ClientIp(addr.ip().to_string()));
        }
        Ok(ClientIp("unknown".into()))
    }
}

/// JSON 404 for paths no router serves.
pub async fn not_found_fallback() -> ApiError {
    ApiError(AppError::NotFound("Not found.".into()))
}

/// JSON 405 for a path served with other methods (axum keeps the `Allow` header).
pub async fn method_not_allowed_fallback() -> ApiError {
    ApiError(AppError::MethodNotAllowed)
}

/// Largest request body any route accepts (the biggest record is well under it).
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// Largest upload (`POST /import/preview` and `/import/commit`, multipart): a 20 MB file and its form around it.
pub const MAX_UPLOAD_BYTES: usize = 20 * 1024 * 1024 + 64 * 1024;

/// What every function's router gets, on Lambda and locally: JSON 404s and 405s, idempotent writes, answers in the
/// request's language, a body-size cap, CORS for the configured web origins (with `If-Match` and `ETag` for conditional edits), and security headers.
pub fn with_common_layers(router: axum::Router<AppState>, state: &AppState) -> axum::Router<AppState> {
    use axum::http::{header, HeaderValue, Method};
    use tower_http::cors::{AllowOrigin, CorsLayer};
    use tower_http::set_header::SetResponseHeaderLayer;

    let origins: Vec<HeaderValue> = state.config.cors_origins.iter().filter_map(|o| o.parse().ok()).collect();
    let cors = CorsLayer::new()
        .allow_origin(AllowOrigin::list(origins))
        .allow_methods([Method::GET, Method::POST, Method::PUT, Method::DELETE, Method::OPTIONS])
        .allow_headers([
            header::AUTHORIZATION,
            header::CONTENT_TYPE,
            // Safelisted (a browser sends it without asking), named all the same for every value a browser may send.
            header::ACCEPT_LANGUAGE,
            header::HeaderName::from_static("idempotency-key"),
            header::IF_MATCH,
        ])
        .expose_headers([header::HeaderName::from_static("idempotency-replayed"), header::ETAG])
        .max_age(std::time::Duration::from_secs(600));
    router
        .fallback(not_found_fallback)
        .method_not_allowed_fallback(method_not_allowed_fallback)
        .layer(axum::middleware::from_fn_with_state(state.clone(), idempotency::idempotent))
        .layer(axum::middleware::from_fn_with_state(state.clone(), language::speak))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(cors)
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(header::CACHE_CONTROL, HeaderValue::from_static("no-store")))
}
