//! The `break` endpoint group: breaks logged by hand (§7 paths) and live breaks started and ended from a phone.

use axum::extract::State;
use axum::routing::{delete, get, post, put};
use axum::Router;
use bt_domain::records::{breaks, dates, BreakInput, LiveBreakInput};
use bt_http::auth::AuthUser;
use bt_http::AppState;
use bt_http::{created, data, ApiJson, ApiQuery, ApiResult, IdPath};
use serde::Deserialize;
use serde_json::json;
use tracing::instrument;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/break/add", post(add))
        .route("/break/edit/{id}", put(edit))
        .route("/break/delete/{id}", delete(remove))
        .route("/break/get/{id}", get(one))
        .route("/break/todayBreaks", get(today_breaks))
        .route("/break/start", post(start))
        .route("/break/end", post(end))
        .route("/break/current", get(current))
}

#[instrument(skip_all, fields(user = %user.id()))]
async fn add(State(state): State<AppState>, user: AuthUser, ApiJson(input): ApiJson<BreakInput>) -> ApiResult {
    let record = breaks::add_break(state.table(), &user.owner(), &input, state.clock.now()).await?;
    Ok(created(record))
}

#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn edit(
    State(state): State<AppState>,
    user: AuthUser,
    IdPath(id): IdPath,
    ApiJson(input): ApiJson<BreakInput>,
) -> ApiResult {
    let record = breaks::edit_break(state.table(), &user.owner(), &id, &input, state.clock.now()).await?;
    Ok(data(record))
}

#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn remove(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    breaks::delete_break(state.table(), &user.owner(), &id).await?;
    Ok(data(json!({ "_id": id, "message": "Record deleted." })))
}

#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn one(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    Ok(data(breaks::get_break(state.table(), &user.owner(), &id).await?))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct TodayQuery {
    today_created_date: Option<String>,
}

/// The caller's breaks of a day (today in their zone by default), by start time.
#[instrument(skip_all, fields(user = %user.id()))]
async fn today_breaks(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<TodayQuery>) -> ApiResult {
    let day = dates::day_or_today(q.today_created_date.as_deref(), "todayCreatedDate", user.tz(), state.clock.now())?;
    Ok(data(breaks::breaks_on(state.table(), user.id(), day).await?))
}

#[instrument(skip_all, fields(user = %user.id()))]
async fn start(State(state): State<AppState>, user: AuthUser, ApiJson(input): ApiJson<LiveBreakInput>) -> ApiResult {
    let open = breaks::start_break(state.table(), &user.owner(), &input, state.clock.now()).await?;
    Ok(created(open))
}

#[instrument(skip_all, fields(user = %user.id()))]
async fn end(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    let record = breaks::end_break(state.table(), &user.owner(), state.clock.now()).await?;
    Ok(data(record))
}

/// The caller's open break, or null.
#[instrument(skip_all, fields(user = %user.id()))]
async fn current(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    Ok(data(breaks::current_break(state.table(), user.id()).await?))
}
