//! The `contact` endpoint group: `POST /contactUs/send`, the support and feedback form, open to signed-out visitors.
//! Each message is stored first, then mailed to the support address (`bt_app::account::contact`), so a mail
//! outage loses nothing.

use axum::extract::State;
use axum::response::IntoResponse;
use axum::Router;
use bt_api::account::contact::ContactInput;
use bt_app::account::contact;
use bt_http::openapi::{ErrorBody, Invalid};
use bt_http::{ApiJson, ApiResult, ClientIp};
use bt_http::{AppState, Routes};
use serde::Serialize;
use serde_json::json;
use utoipa::openapi::{RefOr, Schema};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

/// The group's routes, declared once (see `bt_http::routes`): [`router`] serves them, [`openapi_router`] also
/// describes them.
pub fn routes<R: Routes>(r: R) -> R {
    bt_http::routes!(r, send)
}

/// The routes as each Lambda serves them, without their description.
pub fn router() -> Router<AppState> {
    routes(Router::new())
}

/// The same routes with their description (the local server and the OpenAPI document).
pub fn openapi_router() -> OpenApiRouter<AppState> {
    routes(OpenApiRouter::new())
}

/// What the web app checks for: the answer's data is exactly this text.
const SENT: &str = "message sent!";

fn sent() -> RefOr<Schema> {
    serde_json::from_value(json!({ "type": "string", "enum": [SENT] })).expect("a valid schema")
}

// The answer of a message sent (or dropped as a bot's): `{"data": "message sent!"}` (shown inline).
#[derive(Serialize, ToSchema)]
struct Sent {
    #[schema(schema_with = sent)]
    data: &'static str,
}

/// Send a support or feedback message
#[utoipa::path(post, path = "/contactUs/send", tag = "accounts", request_body = ContactInput, security(()),
    responses((status = 200, description = "Success", body = inline(Sent)), (status = 422, response = Invalid),
        (status = 429, description = "Rate limited", body = ErrorBody)))]
#[tracing::instrument(skip(state, body))]
pub async fn send(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<ContactInput>,
) -> ApiResult {
    contact::submit(&state, &ip, &body.into()).await?;
    Ok(axum::Json(Sent { data: SENT }).into_response())
}
