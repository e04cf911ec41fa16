//! The language of a request: the account's, else `Accept-Language`, else English ([`Language::resolve`]).
//!
//! The account's language is read fresh with the signed-in caller ([`AuthUser`](crate::auth::AuthUser) reads the
//! user on every request), so a language changed on the profile holds from the next request on. Before the caller
//! is read (or on a route that reads no caller), the `lng` claim of the bearer token stands for it. The web app
//! sends `Accept-Language` with the language it shows on every call, and it follows the account's language.

use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap};
use axum::middleware::Next;
use axum::response::Response;
use bt_app::i18n::Language;

use crate::auth::SignedToken;
use crate::error::{ApiError, ErrorMessages};
use crate::state::AppState;

/// The language `Accept-Language` asks for, when it names one of the product's.
pub fn accept_language(headers: &HeaderMap) -> Option<Language> {
    headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).and_then(Language::from_accept_language)
}

/// The account's language as far as the request knows it: the token's claim, then the account as read by the
/// caller's extractor. Put into the request's extensions by [`speak`].
#[derive(Debug, Clone, Default)]
pub struct AccountLanguage(Arc<Mutex<Option<Language>>>);

impl AccountLanguage {
    fn new(language: Option<Language>) -> Self {
        AccountLanguage(Arc::new(Mutex::new(language)))
    }

    pub fn get(&self) -> Option<Language> {
        *self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The account as read from the store: its language (or none) replaces the token's.
    pub fn set(&self, language: Option<Language>) {
        *self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = language;
    }
}

/// The language of a request as far as it is known from its parts: the account's, else `Accept-Language`, else
/// English.
pub fn of_request(parts: &Parts) -> Language {
    let account = parts.extensions.get::<AccountLanguage>().and_then(AccountLanguage::get);
    Language::resolve(account, parts.headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()))
}

/// The language of a request: the account's (from the token, for routes that read no account), else
/// `Accept-Language`, else English. Sign-up, sign-in, the password and verification links, the contact form and
/// the assistant's guests have no account and go by `Accept-Language`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequestLanguage(pub Language);

impl<S: Send + Sync> FromRequestParts<S> for RequestLanguage {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(RequestLanguage(of_request(parts)))
    }
}

/// The layer that knows each request's language: it reads the token's claim and leaves a place for the account's
/// language ([`AccountLanguage`]) in the request; then it gives an error answer's messages in that language. This
/// is the one place where errors are translated: the domain words them in English, the catalogues say them in the
/// others (`shared/core/locales`).
pub async fn speak(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    // The request's one check of its access token's signature: the claims name the language now, and the caller
    // where it is read (`crate::auth`).
    let signed = crate::auth::bearer(req.headers()).and_then(|token| SignedToken::check(&state, token));
    let claim = signed.as_ref().and_then(SignedToken::claims).and_then(bt_app::auth::language_of_claims);
    if let Some(signed) = signed {
        req.extensions_mut().insert(signed);
    }
    let account = AccountLanguage::new(claim);
    let accept = req.headers().get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).map(str::to_string);
    req.extensions_mut().insert(account.clone());
    let response = next.run(req).await;
    let language = Language::resolve(account.get(), accept.as_deref());
    if language == Language::En {
        return response;
    }
    let Some(english) = response.extensions().get::<ErrorMessages>().cloned() else { return response };
    let translated = english.translated(language);
    let Ok(body) = serde_json::to_vec(&translated) else { return response };
    let (mut parts, _) = response.into_parts();
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.extensions.insert(translated);
    Response::from_parts(parts, Body::from(body))
}
