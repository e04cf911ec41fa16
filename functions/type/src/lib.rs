//! The `type` endpoint group: the team's break types (`data[0].type`, §7).

use axum::extract::State;
use axum::Router;
use bt_api::records::break_types::BreakTypesInput;
use bt_app::records::break_types;
use bt_http::auth::AuthUser;
use bt_http::openapi::{Data, ErrorBody, Invalid, Unauthorized};
use bt_http::{data, ApiJson, ApiResult};
use bt_http::{AppState, Routes};
use serde::Serialize;
use tracing::instrument;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

/// The group's routes, declared once (see `bt_http::routes`): [`router`] serves them, [`openapi_router`] also
/// describes them.
pub fn routes<R: Routes>(r: R) -> R {
    bt_http::routes!(r, list, edit)
}

/// The routes as each Lambda serves them, without their description.
pub fn router() -> Router<AppState> {
    routes(Router::new())
}

/// The same routes with their description (the local server and the OpenAPI document).
pub fn openapi_router() -> OpenApiRouter<AppState> {
    routes(OpenApiRouter::new())
}

/// The one entry of the answer.
#[derive(Serialize, ToSchema)]
struct TypeList {
    #[serde(rename = "type")]
    types: Vec<String>,
}

/// The team's break types, as `[{"type": [...]}]`.
#[derive(Serialize, ToSchema)]
struct BreakTypes(#[schema(inline)] Vec<TypeList>);

impl BreakTypes {
    fn of(types: Vec<String>) -> BreakTypes {
        BreakTypes(vec![TypeList { types }])
    }
}

/// The team's break types (or the default list)
///
/// The team's list, or the default list of §3 when the team has none.
#[utoipa::path(get, path = "/type/get", tag = "breaks",
    responses((status = 200, description = "Success", body = Data<BreakTypes>), (status = 401, response = Unauthorized)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn list(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    let types = break_types::team_break_types(state.services(), user.team_id()).await?;
    Ok(data(BreakTypes::of(types)))
}

/// Set the team's break types (admins)
///
/// Admins replace the team's list; the change is in the audit log (`breakTypes.changed`).
#[utoipa::path(put, path = "/type/edit", tag = "breaks", request_body = BreakTypesInput,
    responses((status = 200, description = "Success", body = Data<BreakTypes>), (status = 401, response = Unauthorized),
        (status = 403, description = "Not allowed for your role", body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn edit(State(state): State<AppState>, user: AuthUser, ApiJson(input): ApiJson<BreakTypesInput>) -> ApiResult {
    let types = break_types::edit_team_break_types(state.services(), &user.user, &input.into()).await?;
    Ok(data(BreakTypes::of(types)))
}
