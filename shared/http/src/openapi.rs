//! The pieces of the HTTP contract every function shares, for `#[utoipa::path]` annotations: the `{"data": ...}`
//! envelope, the error body and the standard failures, the record id in a path, and the deletion answer.
//! `infra/local-server/src/openapi.rs` assembles the functions' routers into the one document.

use serde::Serialize;
use serde_json::json;
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::{RefOr, Required, Response, Schema};
use utoipa::{IntoParams, ToResponse, ToSchema};

/// Every success: `{"data": ...}` (201 for creates).
#[derive(ToSchema)]
pub struct Data<T> {
    pub data: T,
}

/// Every failure. `errors` (field to message) only for 422.
#[derive(Serialize, ToSchema)]
#[schema(as = Error)]
pub struct ErrorBody {
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub errors: Option<std::collections::BTreeMap<String, String>>,
}

/// What a delete answers.
#[derive(Serialize, ToSchema)]
pub struct Deleted {
    #[serde(rename = "_id")]
    #[schema(schema_with = bt_api::schema::ulid)]
    pub id: String,
    pub message: String,
}

impl Deleted {
    pub fn record(id: impl std::fmt::Display) -> Deleted {
        Deleted { id: id.to_string(), message: "Record deleted.".into() }
    }
}

/// An answer that only says what happened.
#[derive(Serialize, ToSchema)]
pub struct Message {
    pub message: String,
}

/// The `{id}` of a record route ([`IdPath`](crate::IdPath)).
pub struct IdParam {
    /// Record id (ULID); another user's id is 404
    pub id: String,
}

// By hand: a derived parameter with `schema_with` loses its description and is not required.
impl IntoParams for IdParam {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        vec![path_param("id", "Record id (ULID); another user's id is 404", bt_api::schema::ulid())]
    }
}

/// A query parameter, which may be left out. Parameters whose schema is one of the wire formats
/// (`bt_api::schema`) are described with these: utoipa's `#[param(schema_with = ...)]` leaves out the
/// parameter's description and `required`.
pub fn query_param(name: &str, description: Option<&str>, schema: RefOr<Schema>) -> Parameter {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Query)
        .required(Required::False)
        .description(description)
        .schema(Some(schema))
        .build()
}

/// A path parameter, always there.
pub fn path_param(name: &str, description: &str, schema: RefOr<Schema>) -> Parameter {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Path)
        .required(Required::True)
        .description(Some(description))
        .schema(Some(schema))
        .build()
}

/// An error answer with its description, for a status whose meaning is particular to an operation.
pub fn error_response(description: &str) -> RefOr<Response> {
    serde_json::from_value(json!({
        "description": description,
        "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
    }))
    .expect("a valid response")
}

macro_rules! shared_response {
    ($name:ident, $description:literal) => {
        #[doc = $description]
        pub struct $name;
        impl<'r> ToResponse<'r> for $name {
            fn response() -> (&'r str, RefOr<Response>) {
                (stringify!($name), error_response($description))
            }
        }
    };
}

shared_response!(Unauthorized, "Missing, malformed or expired token");
shared_response!(NotFound, "Unknown record, or one of another user or team");
shared_response!(Invalid, "Validation failed: `errors` names each field");

/// The standard failures, for the document's `components.responses`.
pub fn shared_responses() -> Vec<(String, RefOr<Response>)> {
    [Unauthorized::response(), NotFound::response(), Invalid::response()]
        .into_iter()
        .map(|(name, response)| (name.to_string(), response))
        .collect()
}
