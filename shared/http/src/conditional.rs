//! Conditional edits: a record's read and edit answer its version as an `ETag` (its `updatedAt`, quoted), and an
//! edit sent with `If-Match: <that value>` is written only over that version (409 otherwise, nothing written). See
//! docs/api.md, Conditional edits.

use axum::extract::FromRequestParts;
use axum::http::header::{ETAG, IF_MATCH};
use axum::http::request::Parts;
use axum::http::HeaderValue;
use axum::response::Response;
use bt_app::records::Expect;
use bt_app::AppError;
use serde::Serialize;
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::{ObjectBuilder, Required, Type};
use utoipa::IntoParams;

use crate::error::ApiError;

pub const INVALID_IF_MATCH: &str = "If-Match must be the record's updatedAt as last read (its ETag).";

/// The version an edit expects, from its `If-Match` header: none (any version) when the header is absent or `*`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IfMatch(pub Expect);

impl IfMatch {
    /// The header's value: an entity tag `"..."`, a weak one `W/"..."` (compared as a strong one: the tag is the
    /// record's exact version either way), or the `updatedAt` bare.
    pub fn parse(value: &[u8]) -> Result<IfMatch, AppError> {
        let invalid = || AppError::field("If-Match", INVALID_IF_MATCH);
        let value = std::str::from_utf8(value).map_err(|_| invalid())?.trim();
        if value == "*" {
            return Ok(IfMatch(Expect::Any));
        }
        let tag = value.strip_prefix("W/").unwrap_or(value);
        let tag = tag.strip_prefix('"').and_then(|t| t.strip_suffix('"')).unwrap_or(tag);
        if tag.is_empty() || !tag.bytes().all(|b| b.is_ascii_graphic() && b != b'"') {
            return Err(invalid());
        }
        Ok(IfMatch(Expect::UpdatedAt(tag.to_string())))
    }
}

impl<S: Send + Sync> FromRequestParts<S> for IfMatch {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        match parts.headers.get(IF_MATCH) {
            None => Ok(IfMatch(Expect::Any)),
            Some(value) => IfMatch::parse(value.as_bytes()).map_err(ApiError),
        }
    }
}

// By hand: a header parameter with its description, for `params(IdParam, IfMatch)`.
impl IntoParams for IfMatch {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        vec![ParameterBuilder::new()
            .name("If-Match")
            .parameter_in(ParameterIn::Header)
            .required(Required::False)
            .description(Some(
                "The record's `updatedAt` as last read (the ETag of its read), quoted or bare; a weak `W/\"...\"` is \
                 taken too. The edit is written only over that version: another is 409 and nothing is written. See \
                 Conditional edits in the API's description.",
            ))
            .schema(Some(ObjectBuilder::new().schema_type(Type::String).min_length(Some(1))))
            .build()]
    }
}

/// `{"data": ...}` with 200 and the record's version, `updatedAt`, as its `ETag` (what `If-Match` sends back).
pub fn data_with_etag<T: Serialize>(value: T, updated_at: &str) -> Response {
    let mut response = crate::data(value);
    if let Ok(tag) = HeaderValue::from_str(&format!("\"{updated_at}\"")) {
        response.headers_mut().insert(ETAG, tag);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_bare_and_weak_tags_name_the_same_version() {
        let stamp = "2025-06-02T08:00:00.000Z";
        for value in [format!("\"{stamp}\""), stamp.to_string(), format!("W/\"{stamp}\""), format!(" \"{stamp}\" ")] {
            assert_eq!(IfMatch::parse(value.as_bytes()).unwrap(), IfMatch(Expect::UpdatedAt(stamp.into())), "{value}");
        }
        assert_eq!(IfMatch::parse(b"*").unwrap(), IfMatch(Expect::Any));
        for bad in [&b""[..], b"\"\"", b"W/\"\"", b"a b", b"\"a\"b\"", b"\xff"] {
            assert!(matches!(IfMatch::parse(bad), Err(AppError::Validation(_))), "{bad:?}");
        }
    }

    #[test]
    fn the_etag_is_the_quoted_version() {
        let response = data_with_etag(serde_json::json!({ "_id": "x" }), "2025-06-02T08:00:00.000Z");
        assert_eq!(response.headers()[ETAG], "\"2025-06-02T08:00:00.000Z\"");
    }
}
