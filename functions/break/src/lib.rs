//! The `break` endpoint group: breaks logged by hand (§7 paths) and live breaks started and ended from a phone.

use axum::extract::State;
use axum::Router;
use bt_api::records::breaks::{Break, BreakCreate, BreakInput, EndBreakInput, LiveBreakInput, OpenBreak};
use bt_api::schema::date;
use bt_api::wire;
use bt_app::records::{breaks, dates};
use bt_http::auth::AuthUser;
use bt_http::openapi::{Data, ErrorBody, Invalid, Unauthorized};
use bt_http::{created, data, ApiJson, ApiQuery, ApiResult};
use bt_http::{AppState, Routes};
use serde::Deserialize;
use tracing::instrument;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;

/// The group's routes, declared once (see `bt_http::routes`): [`router`] serves them, [`openapi_router`] also
/// describes them.
pub fn routes<R: Routes>(r: R) -> R {
    bt_http::routes!(r, crud::add, crud::edit, crud::remove, crud::one, today_breaks, start, end, current)
}

/// The routes as each Lambda serves them, without their description.
pub fn router() -> Router<AppState> {
    routes(Router::new())
}

/// The same routes with their description (the local server and the OpenAPI document).
pub fn openapi_router() -> OpenApiRouter<AppState> {
    routes(OpenApiRouter::new())
}

bt_http::record_routes! {
    mod crud {
        record: breaks::Break, tag: "breaks", create: BreakCreate, input: BreakInput, answer: Break;
        /// Add a break
        add "/break/add" [
            (status = 409, description = "A day it counts in is in an approved and locked month (the message names the month)",
                body = ErrorBody),
        ] |app, owner, input| breaks::add_break(app, owner, &input.into(), app.clock.now());
        /// Edit one of my breaks (left-out fields keep their value)
        edit "/break/edit/{id}" [
            (status = 409,
                description = "Changed (If-Match names another version) or deleted meanwhile, or a day it counts in is in an \
                    approved and locked month",
                body = ErrorBody),
        ] |app, owner, id, input, expect| breaks::edit_break(app, owner, id, &input.into(), expect, app.clock.now());
        /// Delete one of my breaks
        remove "/break/delete/{id}" [
            (status = 409, description = "A day it counts in is in an approved and locked month (the message names the month)",
                body = ErrorBody),
        ] |app, owner, id| breaks::delete_break(app, owner, id);
        /// One of my breaks
        one "/break/get/{id}" [] |app, owner, id| breaks::get_break(app, owner, id);
    }
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
    Ok(data(wire::<Vec<Break>, _>(breaks::breaks_on(state.services(), user.id(), day).await?)))
}

/// Start a live break now
#[utoipa::path(post, path = "/break/start", tag = "breaks", request_body = LiveBreakInput,
    responses((status = 201, description = "Started", body = Data<OpenBreak>), (status = 401, response = Unauthorized),
        (status = 409, description = "You are already on a break. / The time is in an approved and locked month.",
            body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn start(State(state): State<AppState>, user: AuthUser, ApiJson(input): ApiJson<LiveBreakInput>) -> ApiResult {
    let open = breaks::start_break(state.services(), &user.owner(), &input.into(), state.clock.now()).await?;
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
    let record = breaks::end_break(state.services(), &user.owner(), &input.into(), state.clock.now()).await?;
    Ok(data(Break::from(record)))
}

/// My live break, or null
#[utoipa::path(get, path = "/break/current", tag = "breaks",
    responses((status = 200, description = "Success", body = Data<Option<OpenBreak>>), (status = 401, response = Unauthorized)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn current(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    Ok(data(wire::<Option<OpenBreak>, _>(breaks::current_break(state.services(), user.id()).await?)))
}
