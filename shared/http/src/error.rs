//! The domain error as an HTTP answer: the one place where an [`AppError`] becomes a status and a body.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use bt_app::error::FieldErrors;
use bt_app::i18n::{translate, Language};
use bt_app::AppError;
use bt_core::store::StoreError;
use serde::{Deserialize, Serialize};

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

/// The body of an error answer, in English as the domain words it. The answer carries it in its extensions too, so
/// that the language layer ([`crate::language::speak`]) can answer in the request's language.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ErrorMessages {
    // `errors` before `message`: the order the body always had.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub errors: Option<FieldErrors>,
    pub message: String,
}

impl ErrorMessages {
    /// The same messages in `language` (each through the catalogues; a field's name stays).
    pub fn translated(&self, language: Language) -> ErrorMessages {
        ErrorMessages {
            errors: self.errors.as_ref().map(|fields| {
                fields.iter().map(|(field, message)| (field.clone(), translate(language, message))).collect()
            }),
            message: translate(language, &self.message),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let error = self.0;
        let status = status_of(&error);
        if let AppError::Internal(cause) = &error {
            tracing::error!(error = ?cause, "internal error");
        }
        let errors = match &error {
            AppError::Validation(fields) => Some(fields.clone()),
            _ => None,
        };
        let body = ErrorMessages { errors, message: error.public_message() };
        let mut response = (status, axum::Json(&body)).into_response();
        response.extensions_mut().insert(body);
        if let AppError::TooManyRequests { retry_after, .. } = &error {
            if let Ok(v) = retry_after.to_string().parse() {
                response.headers_mut().insert(axum::http::header::RETRY_AFTER, v);
            }
        }
        response
    }
}
