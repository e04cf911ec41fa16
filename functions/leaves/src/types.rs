//! The team's leave types: every member reads them; admins add, edit, archive and delete.

use axum::extract::State;
use bt_api::records::leave_types::{LeaveType, LeaveTypeInput};
use bt_api::wire;
use bt_app::records::leave_types;
use bt_http::auth::AuthUser;
use bt_http::openapi::{Data, Deleted, ErrorBody, IdParam, Invalid, NotFound, Unauthorized};
use bt_http::AppState;
use bt_http::{created, data, ApiJson, ApiResult, IdPath};
use tracing::instrument;

/// My team's leave types (archived ones included), the starting three first
#[utoipa::path(get, path = "/leaves/types", tag = "leaves",
    responses((status = 200, description = "Success", body = Data<Vec<LeaveType>>), (status = 401, response = Unauthorized)))]
#[instrument(skip_all, fields(user = %user.id()))]
pub(crate) async fn list_types(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    let types = leave_types::list_leave_types(state.services(), user.team_id(), state.clock.now()).await?;
    Ok(data(wire::<Vec<LeaveType>, _>(types)))
}

/// Add a leave type to my team (admins)
#[utoipa::path(post, path = "/leaves/types", tag = "leaves", request_body = LeaveTypeInput,
    responses((status = 201, description = "Created", body = Data<LeaveType>), (status = 401, response = Unauthorized),
        (status = 403, description = "Only admins can manage leave types.", body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
pub(crate) async fn add_type(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(input): ApiJson<LeaveTypeInput>,
) -> ApiResult {
    let added = leave_types::add_leave_type(state.services(), &user.user, &input.into(), state.clock.now()).await?;
    Ok(created(LeaveType::from(added)))
}

/// Edit or archive a leave type of my team (admins; left-out fields keep their value)
#[utoipa::path(put, path = "/leaves/types/{id}", tag = "leaves", params(IdParam), request_body = LeaveTypeInput,
    responses((status = 200, description = "Success", body = Data<LeaveType>), (status = 401, response = Unauthorized),
        (status = 403, description = "Only admins can manage leave types.", body = ErrorBody),
        (status = 404, response = NotFound), (status = 422, response = Invalid),
        (status = 409, description = "Changed meanwhile", body = ErrorBody)))]
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
pub(crate) async fn edit_type(
    State(state): State<AppState>,
    user: AuthUser,
    IdPath(id): IdPath,
    ApiJson(input): ApiJson<LeaveTypeInput>,
) -> ApiResult {
    let edited =
        leave_types::edit_leave_type(state.services(), &user.user, &id, &input.into(), state.clock.now()).await?;
    Ok(data(LeaveType::from(edited)))
}

/// Delete a leave type no leave has (admins; the default type and types in use stay: archive them instead)
#[utoipa::path(delete, path = "/leaves/types/{id}", tag = "leaves", params(IdParam),
    responses((status = 200, description = "Success", body = Data<Deleted>), (status = 401, response = Unauthorized),
        (status = 403, description = "Only admins can manage leave types.", body = ErrorBody),
        (status = 404, response = NotFound),
        (status = 409, description = "In use, or the default type", body = ErrorBody)))]
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
pub(crate) async fn delete_type(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    let deleted = leave_types::delete_leave_type(state.services(), &user.user, &id, state.clock.now()).await?;
    Ok(data(Deleted { id: deleted.id.to_string(), message: "Leave type deleted.".into() }))
}
