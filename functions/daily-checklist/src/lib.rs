//! The `daily-checklist` endpoint group: checklist items, their archive, and the two-latest-days view.

use axum::extract::State;
use axum::routing::{delete, get, post, put};
use axum::Router;
use bt_domain::records::checklist::{self, ChecklistFilter};
use bt_domain::records::{ChecklistInput, DateRange, Paging};
use bt_domain::AppError;
use bt_http::auth::AuthUser;
use bt_http::AppState;
use bt_http::{created, data, ApiJson, ApiQuery, ApiResult, IdPath};
use serde::Deserialize;
use serde_json::json;
use tracing::instrument;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/daily-checklist/add", post(add))
        .route("/daily-checklist/edit/{id}", put(edit))
        .route("/daily-checklist/delete/{id}", delete(remove))
        .route("/daily-checklist/get/{id}", get(one))
        .route("/daily-checklist/get", get(list))
        .route("/daily-checklist/getCheckListWithTwoLatestDates", get(latest))
}

#[instrument(skip_all, fields(user = %user.id()))]
async fn add(State(state): State<AppState>, user: AuthUser, ApiJson(input): ApiJson<ChecklistInput>) -> ApiResult {
    let item = checklist::add_item(state.table(), &user.owner(), &input, state.clock.now()).await?;
    Ok(created(item))
}

#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn edit(
    State(state): State<AppState>,
    user: AuthUser,
    IdPath(id): IdPath,
    ApiJson(input): ApiJson<ChecklistInput>,
) -> ApiResult {
    let item = checklist::edit_item(state.table(), &user.owner(), &id, &input, state.clock.now()).await?;
    Ok(data(item))
}

#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn remove(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    checklist::delete_item(state.table(), &user.owner(), &id).await?;
    Ok(data(json!({ "_id": id, "message": "Record deleted." })))
}

#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn one(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    Ok(data(checklist::get_item(state.table(), &user.owner(), &id).await?))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ListQuery {
    task: Option<String>,
    status: Option<bool>,
    created_date_from: Option<String>,
    created_date_to: Option<String>,
    skip: Option<u64>,
    limit: Option<u64>,
}

/// `{checkList, totalCount}`: the caller's items, latest day first, filtered and paged.
#[instrument(skip_all, fields(user = %user.id()))]
async fn list(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<ListQuery>) -> ApiResult {
    let paging = Paging::new(q.skip, q.limit)?;
    let task = q.task.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
    // No stored item is longer, so a longer search is a mistake (or an attempt at a costly scan).
    if task.as_ref().is_some_and(|t| t.chars().count() as u64 > checklist::MAX_TASK_CHARS) {
        return Err(AppError::field("task", checklist::TASK_TOO_LONG).into());
    }
    let filter = ChecklistFilter {
        task,
        status: q.status,
        created: DateRange::parse(
            q.created_date_from.as_deref(),
            q.created_date_to.as_deref(),
            "createdDateFrom",
            "createdDateTo",
        )?,
    };
    Ok(data(checklist::items_page(state.table(), user.id(), &filter, paging).await?))
}

/// `{checkList, featureList, totalCount}`.
#[instrument(skip_all, fields(user = %user.id()))]
async fn latest(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    Ok(data(checklist::latest_two_days(state.table(), user.id()).await?))
}
