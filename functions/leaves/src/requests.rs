//! Leave requests: the team's pending list and decisions (admins and HR), and withdrawal (the requester).

use axum::extract::State;
use bt_api::records::leaves::Leave;
use bt_api::schema::{limit_schema, skip_schema};
use bt_api::wire;
use bt_app::records::leave_requests::{self, Decision};
use bt_app::records::Paging;
use bt_http::auth::AuthUser;
use bt_http::openapi::{query_param, Data, ErrorBody, IdParam, Invalid, NotFound, Unauthorized};
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiQuery, ApiResult, IdPath};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::openapi::path::{Parameter, ParameterIn};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Deserialize)]
pub(crate) struct PageQuery {
    skip: Option<u64>,
    limit: Option<u64>,
}

impl IntoParams for PageQuery {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        vec![query_param("skip", None, skip_schema()), query_param("limit", None, limit_schema())]
    }
}

/// What `GET /leaves/pending` answers: a page of requests (each with `userName`) and how many are pending in all.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PendingList {
    leaves: Vec<Leave>,
    total_count: u64,
}

/// The optional body of a decision.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub(crate) struct DecisionInput {
    /// Shown to the requester (and mailed to them).
    #[schema(max_length = 500)]
    comment: Option<String>,
}

/// My team's pending leave requests, oldest first (admins and HR)
#[utoipa::path(get, path = "/leaves/pending", tag = "leaves", params(PageQuery),
    responses((status = 200, description = "Success", body = Data<PendingList>), (status = 401, response = Unauthorized),
        (status = 403, description = "Only admins and HR can decide leave requests.", body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
pub(crate) async fn pending(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult {
    let paging = Paging::new(q.skip, q.limit)?;
    let (leaves, total_count) = leave_requests::pending_requests(state.services(), &user.user, paging).await?;
    Ok(data(PendingList { leaves: wire(leaves), total_count }))
}

async fn decide(
    state: &AppState,
    user: &AuthUser,
    id: &bt_app::types::RecordId,
    decision: Decision,
    input: DecisionInput,
) -> ApiResult {
    let leave = leave_requests::decide(state, &user.user, id, decision, input.comment.as_deref()).await?;
    Ok(data(Leave::from(leave)))
}

/// Approve a pending leave request of my team (admins and HR; never one's own)
#[utoipa::path(post, path = "/leaves/approve/{id}", tag = "leaves", params(IdParam), request_body(content = DecisionInput, description = "Optional"),
    responses((status = 200, description = "Success", body = Data<Leave>), (status = 401, response = Unauthorized),
        (status = 403, description = "Members, and one's own request", body = ErrorBody),
        (status = 404, response = NotFound), (status = 422, response = Invalid),
        (status = 409, description = "No longer pending, or a month of it is approved and locked", body = ErrorBody)))]
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
pub(crate) async fn approve(
    State(state): State<AppState>,
    user: AuthUser,
    IdPath(id): IdPath,
    ApiJson(input): ApiJson<DecisionInput>,
) -> ApiResult {
    decide(&state, &user, &id, Decision::Approve, input).await
}

/// Decline a pending leave request of my team, with an optional comment (admins and HR; never one's own)
#[utoipa::path(post, path = "/leaves/decline/{id}", tag = "leaves", params(IdParam), request_body(content = DecisionInput, description = "Optional"),
    responses((status = 200, description = "Success", body = Data<Leave>), (status = 401, response = Unauthorized),
        (status = 403, description = "Members, and one's own request", body = ErrorBody),
        (status = 404, response = NotFound), (status = 422, response = Invalid),
        (status = 409, description = "No longer pending, or a month of it is approved and locked", body = ErrorBody)))]
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
pub(crate) async fn decline(
    State(state): State<AppState>,
    user: AuthUser,
    IdPath(id): IdPath,
    ApiJson(input): ApiJson<DecisionInput>,
) -> ApiResult {
    decide(&state, &user, &id, Decision::Decline, input).await
}

/// Withdraw one of my leaves: a pending request, or an approved leave that has not started
#[utoipa::path(post, path = "/leaves/cancel/{id}", tag = "leaves", params(IdParam),
    responses((status = 200, description = "Success", body = Data<Leave>), (status = 401, response = Unauthorized),
        (status = 404, response = NotFound),
        (status = 409, description = "Started, declined or cancelled already, or a month of it is approved and locked",
            body = ErrorBody)))]
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
pub(crate) async fn cancel(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    Ok(data(Leave::from(leave_requests::cancel(&state, &user.owner(), &id).await?)))
}
