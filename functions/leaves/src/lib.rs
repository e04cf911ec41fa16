//! The `leaves` endpoint group: the caller's leaves (absence days).

use axum::extract::State;
use axum::routing::{delete, get, post, put};
use axum::Router;
use bt_domain::records::{leaves, DateRange, LeaveInput, Paging};
use bt_http::auth::AuthUser;
use bt_http::AppState;
use bt_http::{created, data, ApiJson, ApiQuery, ApiResult, IdPath};
use serde::Deserialize;
use serde_json::json;
use tracing::instrument;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/leaves/add", post(add))
        .route("/leaves/edit/{id}", put(edit))
        .route("/leaves/delete/{id}", delete(remove))
        .route("/leaves/get/{id}", get(one))
        .route("/leaves/list", get(list))
}

#[instrument(skip_all, fields(user = %user.id()))]
async fn add(State(state): State<AppState>, user: AuthUser, ApiJson(input): ApiJson<LeaveInput>) -> ApiResult {
    let leave = leaves::add_leave(state.table(), &user.owner(), &input, state.clock.now()).await?;
    Ok(created(leave))
}

#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn edit(
    State(state): State<AppState>,
    user: AuthUser,
    IdPath(id): IdPath,
    ApiJson(input): ApiJson<LeaveInput>,
) -> ApiResult {
    let leave = leaves::edit_leave(state.table(), &user.owner(), &id, &input, state.clock.now()).await?;
    Ok(data(leave))
}

#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn remove(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    leaves::delete_leave(state.table(), &user.owner(), &id).await?;
    Ok(data(json!({ "_id": id, "message": "Record deleted." })))
}

#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn one(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    Ok(data(leaves::get_leave(state.table(), &user.owner(), &id).await?))
}

#[derive(Debug, Deserialize)]
struct ListQuery {
    from: Option<String>,
    to: Option<String>,
    skip: Option<u64>,
    limit: Option<u64>,
}

/// `{leaves, totalCount}`: the caller's leaves sharing a day with `from..to` (all without them), latest first.
#[instrument(skip_all, fields(user = %user.id()))]
async fn list(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<ListQuery>) -> ApiResult {
    let paging = Paging::new(q.skip, q.limit)?;
    let range = DateRange::parse(q.from.as_deref(), q.to.as_deref(), "from", "to")?;
    let (items, total) = leaves::leaves_page(state.table(), user.id(), range, paging).await?;
    Ok(data(json!({ "leaves": items, "totalCount": total })))
}
