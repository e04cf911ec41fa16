//! The one error type of every function, mapped to HTTP in exactly one place.

use std::collections::BTreeMap;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::store::StoreError;

/// Field name (as the client sent it) to the message the UI shows under that input.
pub type FieldErrors = BTreeMap<String, String>;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("validation failed")]
    Validation(FieldErrors),
    #[error("bad request: {0}")]
    BadRequest(String),
    #[error("unauthorized: {0}")]
    Unauthorized(String),
    #[error("forbidden: {0}")]
    Forbidden(String),
    #[error("not found: {0}")]
    NotFound(String),
    #[error("conflict: {0}")]
    Conflict(String),
    #[error("payload too large")]
    PayloadTooLarge,
    #[error("unsupported media type")]
    UnsupportedMediaType,
    #[error("method not allowed")]
    MethodNotAllowed,
    #[error("rate limited")]
    TooManyRequests { message: String, retry_after: u64 },
    #[error("service unavailable: {0}")]
    Unavailable(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub type AppResult<T> = Result<T, AppError>;

impl AppError {
    /// A single-field validation error.
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        let mut map = FieldErrors::new();
        map.insert(field.to_string(), message.into());
        AppError::Validation(map)
    }

    pub fn not_found() -> Self {
        AppError::NotFound("Record not found.".into())
    }

    pub fn unauthorized() -> Self {
        AppError::Unauthorized("Unauthorized".into())
    }

    pub fn status(&self) -> StatusCode {
        match self {
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

    /// The text the web app shows as the server's message.
    pub fn public_message(&self) -> String {
        match self {
            AppError::Validation(fields) => fields.values().next().cloned().unwrap_or_else(|| "Invalid input.".into()),
            AppError::BadRequest(m)
            | AppError::Unauthorized(m)
            | AppError::Forbidden(m)
            | AppError::NotFound(m)
            | AppError::Conflict(m)
            | AppError::Unavailable(m) => m.clone(),
            AppError::PayloadTooLarge => "Request body is too large.".into(),
            AppError::UnsupportedMediaType => "The request body must be JSON (Content-Type: application/json).".into(),
            AppError::MethodNotAllowed => "This method is not allowed on this path.".into(),
            AppError::TooManyRequests { message, .. } => message.clone(),
            AppError::Internal(_) => "Something went wrong. Please try again later.".into(),
        }
    }
}

impl From<StoreError> for AppError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::ConditionFailed => AppError::Conflict("The record was changed meanwhile.".into()),
            StoreError::Unavailable(cause) => {
                tracing::error!(%cause, "store unavailable");
                AppError::Unavailable("The service is temporarily unavailable. Please try again shortly.".into())
            }
            StoreError::Other(cause) => AppError::Internal(cause),
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        if let AppError::Internal(cause) = &self {
            tracing::error!(error = ?cause, "internal error");
        }
        let mut body = json!({ "message": self.public_message() });
        if let AppError::Validation(fields) = &self {
            body["errors"] = json!(fields);
        }
        let mut response = (status, axum::Json(body)).into_response();
        if let AppError::TooManyRequests { retry_after, .. } = &self {
            if let Ok(v) = retry_after.to_string().parse() {
                response.headers_mut().insert(axum::http::header::RETRY_AFTER, v);
            }
        }
        response
    }
}
