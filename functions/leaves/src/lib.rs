//! The `leaves` endpoint group: the caller's leaves (absence days), the team's leave types and holidays, and leave requests
//! (approval by admins and HR, withdrawal by the requester).

mod balances;
mod holidays;
mod requests;
mod types;

use axum::extract::State;
use axum::Router;
use bt_api::records::leaves::{Leave, LeaveCreate, LeaveInput};
use bt_api::schema::{date, limit_schema, skip_schema};
use bt_api::wire;
use bt_app::records::{leave_requests, leaves, DateRange, Paging};
use bt_http::auth::AuthUser;
use bt_http::openapi::{query_param, Data, Invalid, Unauthorized};
use bt_http::{data, ApiQuery, ApiResult};
use bt_http::{AppState, Routes};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::openapi::path::{Parameter, ParameterIn};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;

/// The group's routes, declared once (see `bt_http::routes`): [`router`] serves them, [`openapi_router`] also
/// describes them.
pub fn routes<R: Routes>(r: R) -> R {
    bt_http::routes!(
        r,
        crud::add,
        crud::edit,
        crud::remove,
        crud::one,
        list,
        types::list_types,
        types::add_type,
        types::edit_type,
        types::delete_type,
        requests::pending,
        requests::approve,
        requests::decline,
        requests::cancel,
        balances::balance,
        balances::preview,
        balances::settings,
        balances::set_settings,
        balances::calendar,
        holidays::countries,
        holidays::team_holidays,
        holidays::set_team_holidays
    )
}

/// The routes as each Lambda serves them, without their description.
pub fn router() -> Router<AppState> {
    routes(Router::new())
}

/// The same routes with their description (the local server and the OpenAPI document).
pub fn openapi_router() -> OpenApiRouter<AppState> {
    routes(OpenApiRouter::new())
}

// Adding or editing a leave of a type that needs approval is a request.
bt_http::record_routes! {
    mod crud {
        record: leaves::Leave, tag: "leaves", create: LeaveCreate, input: LeaveInput, answer: Leave;
        /// Add a leave (of a type that needs approval: a request, pending until an admin or HR decides it)
        add "/leaves/add" [
            (status = 409,
                description = "You already have a leave on some of these dates. / A month of it is approved and locked (the \
                    message names the month).",
                body = ErrorBody),
        ] |app, owner, input| leave_requests::request_leave(app, owner, &input.into());
        /// Edit one of my leaves (left-out fields keep their value)
        edit "/leaves/edit/{id}" [
            (status = 409,
                description = "Overlaps a leave, decided already, changed (If-Match names another version), or a month of \
                    it (where it was or where it goes) is approved and locked",
                body = ErrorBody),
        ] |app, owner, id, input, expect| leave_requests::edit_request(app, owner, id, &input.into(), expect);
        /// Delete one of my leaves
        remove "/leaves/delete/{id}" [
            (status = 409, description = "A month of it is approved and locked (the message names the month)", body = ErrorBody),
        ] |app, owner, id| leaves::delete_leave(app, owner, id);
        /// One of my leaves
        one "/leaves/get/{id}" [] |app, owner, id| leaves::get_leave(app, owner, id);
    }
}

#[derive(Debug, Deserialize)]
struct ListQuery {
    from: Option<String>,
    to: Option<String>,
    skip: Option<u64>,
    limit: Option<u64>,
}

/// Built by hand: the derived `IntoParams` would drop what `schema_with` does not carry.
impl IntoParams for ListQuery {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        vec![
            query_param("from", None, date()),
            query_param("to", None, date()),
            query_param("skip", None, skip_schema()),
            query_param("limit", None, limit_schema()),
        ]
    }
}

/// What `GET /leaves/list` answers: a page of leaves and how many match in all.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct LeaveList {
    leaves: Vec<Leave>,
    total_count: u64,
}

/// My leaves sharing a day with a range (all without one), latest first
#[utoipa::path(get, path = "/leaves/list", tag = "leaves", params(ListQuery),
    responses((status = 200, description = "Success", body = Data<LeaveList>), (status = 401, response = Unauthorized),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn list(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<ListQuery>) -> ApiResult {
    let paging = Paging::new(q.skip, q.limit)?;
    let range = DateRange::parse(q.from.as_deref(), q.to.as_deref(), "from", "to")?;
    let (leaves, total_count) = leaves::leaves_page(state.services(), user.id(), range, paging).await?;
    Ok(data(LeaveList { leaves: wire(leaves), total_count }))
}
