//! The language of a request: the account's, else `Accept-Language`, else English ([`Language::resolve`]).

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, HeaderMap};
use bt_domain::i18n::Language;

use crate::error::ApiError;

/// The language `Accept-Language` asks for, when it names one of the product's.
pub fn accept_language(headers: &HeaderMap) -> Option<Language> {
    headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).and_then(Language::from_accept_language)
}

/// The language of a request from someone who may have no account yet (sign-up, a forgotten password, the contact
/// form): `Accept-Language`, else English.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequestLanguage(pub Language);

impl<S: Send + Sync> FromRequestParts<S> for RequestLanguage {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(RequestLanguage(accept_language(&parts.headers).unwrap_or_default()))
    }
}
