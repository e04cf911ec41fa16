//! The `task` endpoint group: tasks (§7 paths) and the filtered task list.

use axum::extract::State;
use axum::Router;
use bt_api::records::tasks::{Task, TaskCreate, TaskInput};
use bt_api::schema::date;
use bt_api::schema::{limit_schema, skip_schema};
use bt_api::wire;
use bt_app::records::tasks::{self, TaskFilter};
use bt_app::records::{dates, Paging};
use bt_http::auth::AuthUser;
use bt_http::openapi::{query_param, Data, Invalid, Unauthorized};
use bt_http::{data, ApiQuery, ApiResult};
use bt_http::{AppState, Routes};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::openapi::path::{Parameter, ParameterIn};
use utoipa::openapi::{Ref, RefOr, Schema};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;

/// The group's routes, declared once (see `bt_http::routes`): [`router`] serves them, [`openapi_router`] also
/// describes them.
pub fn routes<R: Routes>(r: R) -> R {
    bt_http::routes!(r, crud::add, crud::edit, crud::remove, crud::one, today_tasks, list)
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
        record: tasks::Task, tag: "tasks", create: TaskCreate, input: TaskInput, answer: Task;
        /// Add a task
        add "/task/add" [] |app, owner, input| tasks::add_task(app, owner, &input.into(), app.clock.now());
        /// Edit one of my tasks (left-out fields keep their value)
        edit "/task/edit/{id}" [
            (status = 409, description = "Changed (If-Match names another version) or deleted meanwhile",
                body = ErrorBody),
        ] |app, owner, id, input, expect| tasks::edit_task(app, owner, id, &input.into(), expect, app.clock.now());
        /// Delete one of my tasks
        remove "/task/delete/{id}" [] |app, owner, id| tasks::delete_task(app, owner, id);
        /// One of my tasks
        one "/task/get/{id}" [] |app, owner, id| tasks::get_task(app, owner, id);
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct TodayQuery {
    today_scheduled_date: Option<String>,
}

impl IntoParams for TodayQuery {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        vec![query_param("todayScheduledDate", Some("Default: today in my time zone"), date())]
    }
}

/// My tasks scheduled on a day
#[utoipa::path(get, path = "/task/todayTasks", tag = "tasks", params(TodayQuery),
    responses((status = 200, description = "Success", body = Data<Vec<Task>>), (status = 401, response = Unauthorized),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn today_tasks(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<TodayQuery>) -> ApiResult {
    let day =
        dates::day_or_today(q.today_scheduled_date.as_deref(), "todayScheduledDate", user.tz(), state.clock.now())?;
    Ok(data(wire::<Vec<Task>, _>(tasks::tasks_on(state.services(), user.id(), day).await?)))
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

impl IntoParams for ListQuery {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let text = RefOr::T(Schema::Object(utoipa::openapi::Object::with_type(utoipa::openapi::Type::String)));
        vec![
            query_param("status", None, RefOr::Ref(Ref::from_schema_name("TaskStatus"))),
            query_param("priority", None, RefOr::Ref(Ref::from_schema_name("TaskPriority"))),
            query_param("title", Some("Part of the title, any case"), text),
            query_param("scheduledFrom", None, date()),
            query_param("scheduledTo", None, date()),
            query_param("createdDateFrom", None, date()),
            query_param("createdDateTo", None, date()),
            query_param("skip", None, skip_schema()),
            query_param("limit", None, limit_schema()),
        ]
    }
}

/// What `GET /task/list` answers: a page of tasks and how many match in all.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TaskList {
    tasks: Vec<Task>,
    total_count: u64,
}

/// My tasks, filtered and paged, latest scheduled first
#[utoipa::path(get, path = "/task/list", tag = "tasks", params(ListQuery),
    responses((status = 200, description = "Success", body = Data<TaskList>), (status = 401, response = Unauthorized),
        (status = 422, response = Invalid)))]
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
    let (tasks, total_count) = tasks::tasks_page(state.services(), user.id(), &filter, paging).await?;
    Ok(data(TaskList { tasks: wire(tasks), total_count }))
}
