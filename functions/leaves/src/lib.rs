//! The `leaves` endpoint group: the caller's leaves (absence days), the team's leave types and holidays, and leave requests
//! (approval by admins and HR, withdrawal by the requester).

mod balances;
mod holidays;
mod requests;
mod types;

use axum::extract::State;
use axum::Router;
use bt_domain::records::leaves::MAX_REASON_CHARS;
use bt_domain::records::paging::{limit_schema, skip_schema};
use bt_domain::records::schema::{date, required_text, ulid};
use bt_domain::records::{leave_requests, leaves, DateRange, Leave, LeaveInput, Paging};
use bt_http::auth::AuthUser;
use bt_http::openapi::{query_param, Data, Deleted, ErrorBody, IdParam, Invalid, NotFound, Unauthorized};
use bt_http::{created, data, data_with_etag, ApiJson, ApiQuery, ApiResult, IdPath, IfMatch};
use bt_http::{AppState, Routes};
use serde::{Deserialize, Serialize};
use serde_json::json;
use tracing::instrument;
use utoipa::openapi::path::{Parameter, ParameterIn};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;

/// The group's routes, declared once (see `bt_http::routes`): [`router`] serves them, [`openapi_router`] also
/// describes them.
pub fn routes<R: Routes>(r: R) -> R {
    bt_http::routes!(
        r,
        add,
        edit,
        remove,
        one,
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

fn reason_text() -> RefOr<Schema> {
    required_text(MAX_REASON_CHARS as usize)
}

/// `am` or `pm` for half of a one-day leave, `""` for a whole day.
fn half_day() -> RefOr<Schema> {
    serde_json::from_value(json!({ "type": "string", "enum": ["", "am", "pm"],
        "description": "am or pm: half of a one-day leave; empty: a whole day" }))
    .expect("a valid schema")
}

/// The `days` a client may send: ignored, the server counts them.
fn ignored_days() -> RefOr<Schema> {
    serde_json::from_value(json!({ "type": "integer", "description": "Ignored: the server counts the days" }))
        .expect("a valid schema")
}

/// A new leave.
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)]
struct LeaveCreate {
    #[schema(schema_with = date)]
    from_date: String,
    #[schema(schema_with = date)]
    to_date: String,
    #[schema(schema_with = reason_text)]
    reason: String,
    #[schema(schema_with = ignored_days)]
    days: Option<i64>,
    /// One of the team's leave types (`GET /leaves/types`); the default type when left out.
    #[schema(schema_with = ulid)]
    type_id: Option<String>,
    #[schema(schema_with = half_day)]
    half_day: Option<String>,
}

/// The body of `PUT /leaves/edit/{id}` (read as a [`LeaveInput`]): left-out fields keep their value.
#[derive(ToSchema)]
#[schema(as = LeaveInput, rename_all = "camelCase")]
#[allow(dead_code)]
struct LeaveEdit {
    #[schema(schema_with = date)]
    from_date: Option<String>,
    #[schema(schema_with = date)]
    to_date: Option<String>,
    reason: Option<String>,
    #[schema(schema_with = ignored_days)]
    days: Option<i64>,
    #[schema(schema_with = ulid)]
    type_id: Option<String>,
    /// Left out: a one-day leave keeps its half day.
    #[schema(schema_with = half_day)]
    half_day: Option<String>,
}

/// Add a leave (of a type that needs approval: a request, pending until an admin or HR decides it)
#[utoipa::path(post, path = "/leaves/add", tag = "leaves", request_body = LeaveCreate,
    responses((status = 201, description = "Created", body = Data<Leave>), (status = 401, response = Unauthorized),
        (status = 422, response = Invalid),
        (status = 409, description = "You already have a leave on some of these dates.", body = ErrorBody)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn add(State(state): State<AppState>, user: AuthUser, ApiJson(input): ApiJson<LeaveInput>) -> ApiResult {
    Ok(created(leave_requests::request_leave(&state, &user.owner(), &input).await?))
}

/// Edit one of my leaves (left-out fields keep their value)
#[utoipa::path(put, path = "/leaves/edit/{id}", tag = "leaves", params(IdParam, IfMatch), request_body = LeaveEdit,
    responses((status = 200, description = "Success", body = Data<Leave>,
            headers(("ETag" = String, description = "The record's version, for If-Match"))),
        (status = 401, response = Unauthorized),
        (status = 404, response = NotFound), (status = 422, response = Invalid),
        (status = 409,
            description = "Overlaps a leave, decided already, or changed (If-Match names another version)",
            body = ErrorBody)))]
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn edit(
    State(state): State<AppState>,
    user: AuthUser,
    IdPath(id): IdPath,
    IfMatch(expect): IfMatch,
    ApiJson(input): ApiJson<LeaveInput>,
) -> ApiResult {
    let leave = leave_requests::edit_request(&state, &user.owner(), &id, &input, &expect).await?;
    Ok(data_with_etag(&leave, &leave.updated_at))
}

/// Delete one of my leaves
#[utoipa::path(delete, path = "/leaves/delete/{id}", tag = "leaves", params(IdParam),
    responses((status = 200, description = "Success", body = Data<Deleted>), (status = 401, response = Unauthorized),
        (status = 404, response = NotFound)))]
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn remove(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    leaves::delete_leave(state.table(), &user.owner(), &id).await?;
    Ok(data(Deleted::record(id)))
}

/// One of my leaves
#[utoipa::path(get, path = "/leaves/get/{id}", tag = "leaves", params(IdParam),
    responses((status = 200, description = "Success", body = Data<Leave>,
            headers(("ETag" = String, description = "The record's version, for If-Match"))),
        (status = 401, response = Unauthorized),
        (status = 404, response = NotFound)))]
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn one(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    let leave = leaves::get_leave(state.table(), &user.owner(), &id).await?;
    Ok(data_with_etag(&leave, &leave.updated_at))
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
    let (leaves, total_count) = leaves::leaves_page(state.table(), user.id(), range, paging).await?;
    Ok(data(LeaveList { leaves, total_count }))
}
