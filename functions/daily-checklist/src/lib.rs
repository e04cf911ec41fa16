//! The `daily-checklist` endpoint group: checklist items, their archive, and the two-latest-days view.

use axum::extract::State;
use axum::Router;
use bt_api::records::checklist::{ChecklistCreate, ChecklistInput, ChecklistItem, ChecklistPage, LatestChecklist};
use bt_api::schema::{date, limit_schema, skip_schema};
use bt_domain::records::checklist::{self, ChecklistFilter};
use bt_domain::records::{DateRange, Paging};
use bt_domain::AppError;
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
    bt_http::routes!(r, add, edit, remove, one, list, latest)
}

/// The routes as each Lambda serves them, without their description.
pub fn router() -> Router<AppState> {
    routes(Router::new())
}

/// The same routes with their description (the local server and the OpenAPI document).
pub fn openapi_router() -> OpenApiRouter<AppState> {
    routes(OpenApiRouter::new())
}

/// Add a checklist item
#[utoipa::path(post, path = "/daily-checklist/add", tag = "checklist", request_body = ChecklistCreate,
    responses((status = 201, description = "Created", body = Data<ChecklistItem>),
        (status = 401, response = Unauthorized), (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn add(State(state): State<AppState>, user: AuthUser, ApiJson(input): ApiJson<ChecklistCreate>) -> ApiResult {
    let item = checklist::add_item(state.services(), &user.owner(), &input.into(), state.clock.now()).await?;
    Ok(created(ChecklistItem::from(item)))
}

/// Edit one of my checklist items (left-out fields keep their value)
#[utoipa::path(put, path = "/daily-checklist/edit/{id}", tag = "checklist", params(IdParam, IfMatch),
    request_body = ChecklistInput,
    responses((status = 200, description = "Success", body = Data<ChecklistItem>,
            headers(("ETag" = String, description = "The record's version, for If-Match"))),
        (status = 401, response = Unauthorized), (status = 404, response = NotFound),
        (status = 422, response = Invalid),
        (status = 409, description = "Changed (If-Match names another version) or deleted meanwhile",
            body = ErrorBody)))]
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn edit(
    State(state): State<AppState>,
    user: AuthUser,
    IdPath(id): IdPath,
    IfMatch(expect): IfMatch,
    ApiJson(input): ApiJson<ChecklistInput>,
) -> ApiResult {
    let item =
        checklist::edit_item(state.services(), &user.owner(), &id, &input.into(), &expect, state.clock.now()).await?;
    let tag = item.updated_at.clone();
    Ok(data_with_etag(ChecklistItem::from(item), &tag))
}

/// Delete one of my checklist items
#[utoipa::path(delete, path = "/daily-checklist/delete/{id}", tag = "checklist", params(IdParam),
    responses((status = 200, description = "Success", body = Data<Deleted>), (status = 401, response = Unauthorized),
        (status = 404, response = NotFound)))]
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn remove(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    checklist::delete_item(state.services(), &user.owner(), &id).await?;
    Ok(data(Deleted::record(id)))
}

/// One of my checklist items
#[utoipa::path(get, path = "/daily-checklist/get/{id}", tag = "checklist", params(IdParam),
    responses((status = 200, description = "Success", body = Data<ChecklistItem>,
            headers(("ETag" = String, description = "The record's version, for If-Match"))),
        (status = 401, response = Unauthorized), (status = 404, response = NotFound)))]
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn one(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    let item = checklist::get_item(state.services(), &user.owner(), &id).await?;
    let tag = item.updated_at.clone();
    Ok(data_with_etag(ChecklistItem::from(item), &tag))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ListQuery {
    /// Part of the text, any case
    #[param(value_type = String, required = false)]
    task: Option<String>,
    #[param(value_type = bool, required = false)]
    status: Option<bool>,
    #[param(schema_with = date)]
    created_date_from: Option<String>,
    #[param(schema_with = date)]
    created_date_to: Option<String>,
    #[param(schema_with = skip_schema)]
    skip: Option<u64>,
    #[param(schema_with = limit_schema)]
    limit: Option<u64>,
}

/// My checklist items, filtered and paged, latest day first
///
/// `{checkList, totalCount}`: the caller's items, latest day first, filtered and paged.
#[utoipa::path(get, path = "/daily-checklist/get", tag = "checklist", params(ListQuery),
    responses((status = 200, description = "Success", body = Data<ChecklistPage>),
        (status = 401, response = Unauthorized), (status = 422, response = Invalid)))]
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
    Ok(data(ChecklistPage::from(checklist::items_page(state.services(), user.id(), &filter, paging).await?)))
}

/// Items of my two latest days, and my feature items
///
/// `{checkList, featureList, totalCount}`.
#[utoipa::path(get, path = "/daily-checklist/getCheckListWithTwoLatestDates", tag = "checklist",
    responses((status = 200, description = "Success", body = Data<LatestChecklist>),
        (status = 401, response = Unauthorized)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn latest(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    Ok(data(LatestChecklist::from(checklist::latest_two_days(state.services(), user.id()).await?)))
}
