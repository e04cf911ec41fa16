//! The `task` endpoint group: tasks (§7 paths) and the filtered task list.

use axum::extract::State;
use axum::routing::{delete, get, post, put};
use axum::Router;
use bt_domain::records::tasks::{self, TaskFilter};
use bt_domain::records::{dates, Paging, TaskInput};
use bt_http::auth::AuthUser;
use bt_http::AppState;
use bt_http::{created, data, ApiJson, ApiQuery, ApiResult, IdPath};
use serde::Deserialize;
use serde_json::json;
use tracing::instrument;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/task/add", post(add))
        .route("/task/edit/{id}", put(edit))
        .route("/task/delete/{id}", delete(remove))
        .route("/task/get/{id}", get(one))
        .route("/task/todayTasks", get(today_tasks))
        .route("/task/list", get(list))
}

#[instrument(skip_all, fields(user = %user.id()))]
async fn add(State(state): State<AppState>, user: AuthUser, ApiJson(input): ApiJson<TaskInput>) -> ApiResult {
    let task = tasks::add_task(state.table(), &user.owner(), &input, state.clock.now()).await?;
    Ok(created(task))
}

#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn edit(
    State(state): State<AppState>,
    user: AuthUser,
    IdPath(id): IdPath,
    ApiJson(input): ApiJson<TaskInput>,
) -> ApiResult {
    let task = tasks::edit_task(state.table(), &user.owner(), &id, &input, state.clock.now()).await?;
    Ok(data(task))
}

#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn remove(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    tasks::delete_task(state.table(), &user.owner(), &id).await?;
    Ok(data(json!({ "_id": id, "message": "Record deleted." })))
}

#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn one(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    Ok(data(tasks::get_task(state.table(), &user.owner(), &id).await?))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct TodayQuery {
    today_scheduled_date: Option<String>,
}

/// The caller's tasks scheduled on a day (today in their zone by default).
#[instrument(skip_all, fields(user = %user.id()))]
async fn today_tasks(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<TodayQuery>) -> ApiResult {
    let day =
        dates::day_or_today(q.today_scheduled_date.as_deref(), "todayScheduledDate", user.tz(), state.clock.now())?;
    Ok(data(tasks::tasks_on(state.table(), user.id(), day).await?))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ListQuery {
    status: Option<String>,
    priority: Option<String>,
    title: Option<String>,
    scheduled_from: Option<String>,
    scheduled_to: Option<String>,
    created_date_from: Option<String>,
    created_date_to: Option<String>,
    skip: Option<u64>,
    limit: Option<u64>,
}

/// `{tasks, totalCount}`: the caller's tasks, latest scheduled first, filtered and paged.
#[instrument(skip_all, fields(user = %user.id()))]
async fn list(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<ListQuery>) -> ApiResult {
    let paging = Paging::new(q.skip, q.limit)?;
    let filter = TaskFilter::parse(
        q.status.as_deref(),
        q.priority.as_deref(),
        q.title.as_deref(),
        (q.scheduled_from.as_deref(), q.scheduled_to.as_deref()),
        (q.created_date_from.as_deref(), q.created_date_to.as_deref()),
    )?;
    let (items, total) = tasks::tasks_page(state.table(), user.id(), &filter, paging).await?;
    Ok(data(json!({ "tasks": items, "totalCount": total })))
}
