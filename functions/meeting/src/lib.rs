//! The `meeting` endpoint group: meetings and their today / upcoming / all lists.

use axum::extract::State;
use axum::routing::{delete, get, post, put};
use axum::Router;
use bt_domain::records::meetings::{self, MeetingView};
use bt_domain::records::{dates, DateRange, MeetingInput, Paging};
use bt_http::auth::AuthUser;
use bt_http::AppState;
use bt_http::{created, data, ApiJson, ApiQuery, ApiResult, IdPath};
use serde::Deserialize;
use serde_json::json;
use tracing::instrument;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/meeting/add", post(add))
        .route("/meeting/edit/{id}", put(edit))
        .route("/meeting/delete/{id}", delete(remove))
        .route("/meeting/get/{id}", get(one))
        .route("/meeting/get", get(today_or_upcoming))
        .route("/meeting/all", get(all))
}

#[instrument(skip_all, fields(user = %user.id()))]
async fn add(State(state): State<AppState>, user: AuthUser, ApiJson(input): ApiJson<MeetingInput>) -> ApiResult {
    let meeting = meetings::add_meeting(state.table(), &user.owner(), &input, state.clock.now()).await?;
    Ok(created(meeting))
}

#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn edit(
    State(state): State<AppState>,
    user: AuthUser,
    IdPath(id): IdPath,
    ApiJson(input): ApiJson<MeetingInput>,
) -> ApiResult {
    let meeting = meetings::edit_meeting(state.table(), &user.owner(), &id, &input, state.clock.now()).await?;
    Ok(data(meeting))
}

#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn remove(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    meetings::delete_meeting(state.table(), &user.owner(), &id).await?;
    Ok(data(json!({ "_id": id, "message": "Record deleted." })))
}

#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn one(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    Ok(data(meetings::get_meeting(state.table(), &user.owner(), &id).await?))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct DayQuery {
    today_scheduled_date: Option<String>,
    is_today: Option<bool>,
    skip: Option<u64>,
    limit: Option<u64>,
}

/// `isToday=true` (default): the meetings of `todayScheduledDate` (the caller's today by default). `false`: the
/// upcoming ones, after that day, and later today when it is the caller's today.
#[instrument(skip_all, fields(user = %user.id()))]
async fn today_or_upcoming(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<DayQuery>,
) -> ApiResult {
    let paging = Paging::new(q.skip, q.limit)?;
    let owner = user.owner();
    let now = state.clock.now();
    let day = dates::day_or_today(q.today_scheduled_date.as_deref(), "todayScheduledDate", owner.tz, now)?;
    let view = if q.is_today.unwrap_or(true) {
        MeetingView::Day(day)
    } else {
        let local = owner.local_now(now);
        MeetingView::Upcoming { day, after: (local.date() == day).then_some(local.time()) }
    };
    Ok(data(meetings::list_meetings(state.table(), user.id(), view, paging).await?))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct AllQuery {
    start_schedule_date: Option<String>,
    end_schedule_date: Option<String>,
    skip: Option<u64>,
    limit: Option<u64>,
}

/// Every meeting of the caller, or those of a range; latest first.
#[instrument(skip_all, fields(user = %user.id()))]
async fn all(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<AllQuery>) -> ApiResult {
    let paging = Paging::new(q.skip, q.limit)?;
    let range = DateRange::parse(
        q.start_schedule_date.as_deref(),
        q.end_schedule_date.as_deref(),
        "startScheduleDate",
        "endScheduleDate",
    )?;
    Ok(data(meetings::list_meetings(state.table(), user.id(), MeetingView::All(range), paging).await?))
}
