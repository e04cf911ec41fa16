//! Query and path parameters whose schema is one of the wire formats (`bt_domain::records::schema`), described by
//! hand: utoipa's `#[param(schema_with = ...)]` leaves out the parameter's description and `required`.

use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::{RefOr, Required, Schema};

/// A parameter of the query, which may be left out.
pub fn query(name: &str, description: Option<&str>, schema: RefOr<Schema>) -> Parameter {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Query)
        .required(Required::False)
        .description(description)
        .schema(Some(schema))
        .build()
}

/// A parameter of the path, always there.
pub fn path(name: &str, description: &str, schema: RefOr<Schema>) -> Parameter {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Path)
        .required(Required::True)
        .description(Some(description))
        .schema(Some(schema))
        .build()
}
