//! The domain error as an HTTP answer: the one place where an [`AppError`] becomes a status and a body.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use bt_core::store::StoreError;
use bt_domain::AppError;
use serde_json::json;

/// What a handler or extractor answers when it fails: a domain error on its way out.
#[derive(Debug)]
pub struct ApiError(pub AppError);

impl From<AppError> for ApiError {
    fn from(e: AppError) -> Self {
        ApiError(e)
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        ApiError(e.into())
    }
}

/// The status of each kind of failure.
pub fn status_of(error: &AppError) -> StatusCode {
    match error {
        AppError::Validation(_) => StatusCode::UNPROCESSABLE_ENTITY,
        AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
        AppError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
        AppError::Forbidden(_) => StatusCode::FORBIDDEN,
        AppError::NotFound(_) => StatusCode::NOT_FOUND,
        AppError::Conflict(_) => StatusCode::CONFLICT,
        AppError::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        AppError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        AppError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
        AppError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
        AppError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
        AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

impl ApiError {
    pub fn status(&self) -> StatusCode {
        status_of(&self.0)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let error = self.0;
        let status = status_of(&error);
        if let AppError::Internal(cause) = &error {
            tracing::error!(error = ?cause, "internal error");
        }
        let mut body = json!({ "message": error.public_message() });
        if let AppError::Validation(fields) = &error {
            body["errors"] = json!(fields);
        }
        let mut response = (status, axum::Json(body)).into_response();
        if let AppError::TooManyRequests { retry_after, .. } = &error {
            if let Ok(v) = retry_after.to_string().parse() {
                response.headers_mut().insert(axum::http::header::RETRY_AFTER, v);
            }
        }
        response
    }
}
