//! The one error type of the domain. It names what went wrong in the product's words; the HTTP crate maps it to a
//! status and a body in exactly one place (`bt_http::ApiError`).

use std::collections::BTreeMap;

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
