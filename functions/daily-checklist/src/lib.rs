//! The `daily-checklist` endpoint group: checklist items, their archive, and the two-latest-days view.

use axum::extract::State;
use axum::Router;
use bt_api::records::checklist::{ChecklistCreate, ChecklistInput, ChecklistItem, ChecklistPage, LatestChecklist};
use bt_api::schema::{date, limit_schema, skip_schema};
use bt_app::records::checklist::{self, ChecklistFilter};
use bt_app::records::{DateRange, Paging};
use bt_app::AppError;
use bt_http::auth::AuthUser;
use bt_http::openapi::{Data, Invalid, Unauthorized};
use bt_http::{data, ApiQuery, ApiResult};
use bt_http::{AppState, Routes};
use serde::Deserialize;
use tracing::instrument;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;

/// The group's routes, declared once (see `bt_http::routes`): [`router`] serves them, [`openapi_router`] also
/// describes them.
pub fn routes<R: Routes>(r: R) -> R {
    bt_http::routes!(r, crud::add, crud::edit, crud::remove, crud::one, list, latest)
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
        record: checklist::ChecklistItem, tag: "checklist", create: ChecklistCreate, input: ChecklistInput,
            answer: ChecklistItem;
        /// Add a checklist item
        add "/daily-checklist/add" [] |app, owner, input| checklist::add_item(app, owner, &input.into(), app.clock.now());
        /// Edit one of my checklist items (left-out fields keep their value)
        edit "/daily-checklist/edit/{id}" [
            (status = 409, description = "Changed (If-Match names another version) or deleted meanwhile",
                body = ErrorBody),
        ] |app, owner, id, input, expect| checklist::edit_item(app, owner, id, &input.into(), expect, app.clock.now());
        /// Delete one of my checklist items
        remove "/daily-checklist/delete/{id}" [] |app, owner, id| checklist::delete_item(app, owner, id);
        /// One of my checklist items
        one "/daily-checklist/get/{id}" [] |app, owner, id| checklist::get_item(app, owner, id);
    }
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
