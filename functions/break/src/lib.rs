//! The `break` endpoint group: breaks logged by hand (§7 paths) and live breaks started and ended from a phone.

use axum::extract::State;
use axum::Router;
use bt_api::records::breaks::{Break, BreakCreate, BreakInput, EndBreakInput, LiveBreakInput, OpenBreak};
use bt_api::schema::date;
use bt_api::wire;
use bt_domain::records::{breaks, dates};
use bt_http::auth::AuthUser;
use bt_http::openapi::{Data, Deleted, ErrorBody, IdParam, Invalid, NotFound, Unauthorized};
use bt_http::{created, data, data_with_etag, ApiJson, ApiQuery, ApiResult, IdPath, IfMatch};
use bt_http::{AppState, Routes};
use serde::Deserialize;
use tracing::instrument;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;

/// The group's routes, declared once (see `bt_http::routes`): [`router`] serves them, [`openapi_router`] also
/// describes them.
pub fn routes<R: Routes>(r: R) -> R {
    bt_http::routes!(r, add, edit, remove, one, today_breaks, start, end, current)
}

/// The routes as each Lambda serves them, without their description.
pub fn router() -> Router<AppState> {
    routes(Router::new())
}

/// The same routes with their description (the local server and the OpenAPI document).
pub fn openapi_router() -> OpenApiRouter<AppState> {
    routes(OpenApiRouter::new())
}

/// Add a break
#[utoipa::path(post, path = "/break/add", tag = "breaks", request_body = BreakCreate,
    responses((status = 201, description = "Created", body = Data<Break>), (status = 401, response = Unauthorized),
        (status = 422, response = Invalid),
        (status = 409, description = "A day it counts in is in an approved and locked month (the message names the month)",
            body = ErrorBody)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn add(State(state): State<AppState>, user: AuthUser, ApiJson(input): ApiJson<BreakCreate>) -> ApiResult {
    let record = breaks::add_break(state.table(), &user.owner(), &input.into(), state.clock.now()).await?;
    Ok(created(Break::from(record)))
}

/// Edit one of my breaks (left-out fields keep their value)
#[utoipa::path(put, path = "/break/edit/{id}", tag = "breaks", params(IdParam, IfMatch), request_body = BreakInput,
    responses((status = 200, description = "Success", body = Data<Break>,
            headers(("ETag" = String, description = "The record's version, for If-Match"))),
        (status = 401, response = Unauthorized),
        (status = 404, response = NotFound), (status = 422, response = Invalid),
        (status = 409,
            description = "Changed (If-Match names another version) or deleted meanwhile, or a day it counts in is in an \
                approved and locked month",
            body = ErrorBody)))]
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn edit(
    State(state): State<AppState>,
    user: AuthUser,
    IdPath(id): IdPath,
    IfMatch(expect): IfMatch,
    ApiJson(input): ApiJson<BreakInput>,
) -> ApiResult {
    let record =
        breaks::edit_break(state.table(), &user.owner(), &id, &input.into(), &expect, state.clock.now()).await?;
    let tag = record.updated_at.clone();
    Ok(data_with_etag(Break::from(record), &tag))
}

/// Delete one of my breaks
#[utoipa::path(delete, path = "/break/delete/{id}", tag = "breaks", params(IdParam),
    responses((status = 200, description = "Success", body = Data<Deleted>), (status = 401, response = Unauthorized),
        (status = 404, response = NotFound),
        (status = 409, description = "A day it counts in is in an approved and locked month (the message names the month)",
            body = ErrorBody)))]
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn remove(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    breaks::delete_break(state.table(), &user.owner(), &id).await?;
    Ok(data(Deleted::record(id)))
}

/// One of my breaks
#[utoipa::path(get, path = "/break/get/{id}", tag = "breaks", params(IdParam),
    responses((status = 200, description = "Success", body = Data<Break>,
            headers(("ETag" = String, description = "The record's version, for If-Match"))),
        (status = 401, response = Unauthorized),
        (status = 404, response = NotFound)))]
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn one(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    let record = breaks::get_break(state.table(), &user.owner(), &id).await?;
    let tag = record.updated_at.clone();
    Ok(data_with_etag(Break::from(record), &tag))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct TodayQuery {
    /// Default: today in my time zone
    #[param(schema_with = date)]
    today_created_date: Option<String>,
}

/// My breaks of a day, by start time
#[utoipa::path(get, path = "/break/todayBreaks", tag = "breaks", params(TodayQuery),
    responses((status = 200, description = "Success", body = Data<Vec<Break>>), (status = 401, response = Unauthorized),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn today_breaks(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<TodayQuery>) -> ApiResult {
    let day = dates::day_or_today(q.today_created_date.as_deref(), "todayCreatedDate", user.tz(), state.clock.now())?;
    Ok(data(wire::<Vec<Break>, _>(breaks::breaks_on(state.table(), user.id(), day).await?)))
}

/// Start a live break now
#[utoipa::path(post, path = "/break/start", tag = "breaks", request_body = LiveBreakInput,
    responses((status = 201, description = "Started", body = Data<OpenBreak>), (status = 401, response = Unauthorized),
        (status = 409, description = "You are already on a break. / The time is in an approved and locked month.",
            body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn start(State(state): State<AppState>, user: AuthUser, ApiJson(input): ApiJson<LiveBreakInput>) -> ApiResult {
    let open = breaks::start_break(state.table(), &user.owner(), &input.into(), state.clock.now()).await?;
    Ok(created(OpenBreak::from(open)))
}

/// End my live break (records it)
#[utoipa::path(post, path = "/break/end", tag = "breaks", request_body(content = Option<EndBreakInput>),
    responses((status = 200, description = "Success", body = Data<Break>), (status = 401, response = Unauthorized),
        (status = 409,
            description = "You are not on a break. / The break lies in an approved and locked month: it stopped and \
                was not recorded.",
            body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn end(State(state): State<AppState>, user: AuthUser, ApiJson(input): ApiJson<EndBreakInput>) -> ApiResult {
    let record = breaks::end_break(state.table(), &user.owner(), &input.into(), state.clock.now()).await?;
    Ok(data(Break::from(record)))
}

/// My live break, or null
#[utoipa::path(get, path = "/break/current", tag = "breaks",
    responses((status = 200, description = "Success", body = Data<Option<OpenBreak>>), (status = 401, response = Unauthorized)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn current(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    Ok(data(wire::<Option<OpenBreak>, _>(breaks::current_break(state.table(), user.id()).await?)))
}
