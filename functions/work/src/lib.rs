//! The `work` endpoint group: clocking in and out, periods entered by hand, a day's and a range's working time, the
//! overtime balance, the team's schedule, and the archives' working-time report (JSON and CSV) (a member's own schedule is `PUT /admin/work-schedule/{userId}`, served
//! by the admin group, which owns `/admin/`). `?userId=` lets an approver (admin or HR) read or act
//! on a member of their own team; anyone else is answered 404.

mod rules;

use axum::extract::State;
use axum::Router;
use bt_api::records::work::{
    CurrentWork, DeletePeriodInput, EndWorkInput, EndedWork, OvertimeInput, PeriodInput, ScheduleInput, StartWorkInput,
    WorkBalance, WorkDay, WorkPeriod, WorkReport, WorkSchedule, WorkSummary,
};
use bt_api::schema::{date, ulid};
use bt_api::wire;
use bt_app::records::dates::DateRange;
use bt_app::records::reports::csv_safe;
use bt_app::types::RecordId;
use bt_app::work::rules::findings;
use bt_app::work::{balance, days, live, periods, report, schedule};
use bt_app::{AppError, AppResult};
use bt_http::auth::AuthUser;
use bt_http::openapi::{Data, Deleted, ErrorBody, IdParam, Invalid, NotFound, Unauthorized};
use bt_http::{attachment, created, data, ApiJson, ApiQuery, ApiResult, IdPath};
use bt_http::{AppState, Routes};
use serde::Deserialize;
use tracing::instrument;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;

/// The group's routes, declared once (see `bt_http::routes`): [`router`] serves them, [`openapi_router`] also
/// describes them.
pub fn routes<R: Routes>(r: R) -> R {
    bt_http::routes!(
        r,
        start,
        end,
        current,
        day,
        summary,
        balance_of,
        carry_over,
        adjust,
        add_period,
        edit_period,
        delete_period,
        get_schedule,
        put_schedule,
        work_report,
        work_report_csv,
        rules::get_rules,
        rules::put_rules,
        rules::put_note
    )
}

/// The routes as each Lambda serves them, without their description.
pub fn router() -> Router<AppState> {
    routes(Router::new())
}

/// The same routes with their description (the local server and the OpenAPI document).
pub fn openapi_router() -> OpenApiRouter<AppState> {
    routes(OpenApiRouter::new())
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct WhoQuery {
    /// A member of my team (approvers); me when left out
    #[param(schema_with = ulid)]
    user_id: Option<String>,
}

/// Clock in (recorded whatever the rest since the previous working day: `guard.rest` says when it was short)
#[utoipa::path(post, path = "/work/start", tag = "work", request_body(content = Option<StartWorkInput>),
    responses((status = 201, description = "Clocked in", body = Data<CurrentWork>), (status = 401, response = Unauthorized),
        (status = 409, description = "You are already clocked in. / The time is in an approved and locked month.",
            body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn start(State(state): State<AppState>, user: AuthUser, ApiJson(input): ApiJson<StartWorkInput>) -> ApiResult {
    let language = user.user.language();
    let open =
        live::start_with_guard(state.services(), &user.owner(), language, &input.into(), state.clock.now()).await?;
    Ok(created(CurrentWork::from(open)))
}

/// Clock out (records the period; `summary` is the day's under the team's break and rest rules)
#[utoipa::path(post, path = "/work/end", tag = "work", request_body(content = Option<EndWorkInput>),
    responses((status = 200, description = "Success", body = Data<EndedWork>), (status = 401, response = Unauthorized),
        (status = 409, description = "You are not clocked in. / The period lies in an approved and locked month: the \
            clock stopped and nothing was recorded.",
            body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn end(State(state): State<AppState>, user: AuthUser, ApiJson(input): ApiJson<EndWorkInput>) -> ApiResult {
    let language = user.user.language();
    let ended =
        live::end_with_summary(state.services(), &user.owner(), language, &input.into(), state.clock.now()).await?;
    Ok(data(EndedWork::from(ended)))
}

/// My open period with the guard of the team's break and rest rules, or null (one open longer than 16 hours is
/// closed at 16 hours first)
#[utoipa::path(get, path = "/work/current", tag = "work",
    responses((status = 200, description = "Success", body = Data<Option<CurrentWork>>),
        (status = 401, response = Unauthorized)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn current(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    let open =
        live::current_with_guard(state.services(), &user.owner(), user.user.language(), state.clock.now()).await?;
    Ok(data(wire::<Option<CurrentWork>, _>(open)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct DayQuery {
    /// Default: today in the person's time zone
    #[param(schema_with = date)]
    date: Option<String>,
    /// A member of my team (approvers); me when left out
    #[param(schema_with = ulid)]
    user_id: Option<String>,
}

/// A day's periods, breaks, net time, target and difference, and the break and rest rules it falls short of
#[utoipa::path(get, path = "/work/day", tag = "work", params(DayQuery),
    responses((status = 200, description = "Success", body = Data<WorkDay>), (status = 401, response = Unauthorized),
        (status = 404, response = NotFound), (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn day(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<DayQuery>) -> ApiResult {
    let day =
        findings::work_day(state.services(), &user.user, q.user_id.as_deref(), q.date.as_deref(), state.clock.now())
            .await?;
    Ok(data(WorkDay::from(day).localized(user.user.language())))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct RangeQuery {
    #[param(schema_with = date)]
    from: Option<String>,
    #[param(schema_with = date)]
    to: Option<String>,
    /// A member of my team (approvers); me when left out
    #[param(schema_with = ulid)]
    user_id: Option<String>,
}

/// Each day of a range (at most 366 days) and the totals
#[utoipa::path(get, path = "/work/summary", tag = "work", params(RangeQuery),
    responses((status = 200, description = "Success", body = Data<WorkSummary>), (status = 401, response = Unauthorized),
        (status = 404, response = NotFound), (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn summary(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<RangeQuery>) -> ApiResult {
    let owner = periods::subject(state.services(), &user.user, q.user_id.as_deref()).await?;
    let range = DateRange::required(q.from.as_deref(), q.to.as_deref(), "from", "to")?;
    Ok(data(WorkSummary::from(days::summary(state.services(), &owner, range, state.clock.now()).await?)))
}

/// The overtime balance
#[utoipa::path(get, path = "/work/balance", tag = "work", params(WhoQuery),
    responses((status = 200, description = "Success", body = Data<WorkBalance>), (status = 401, response = Unauthorized),
        (status = 404, response = NotFound)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn balance_of(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<WhoQuery>) -> ApiResult {
    let owner = periods::subject(state.services(), &user.user, q.user_id.as_deref()).await?;
    Ok(data(WorkBalance::from(balance::balance(state.services(), &owner, state.clock.now()).await?)))
}

/// Set a member's carried-over balance, once (approvers)
#[utoipa::path(put, path = "/work/balance/carry-over", tag = "work", request_body = OvertimeInput,
    responses((status = 200, description = "Success", body = Data<WorkBalance>), (status = 401, response = Unauthorized),
        (status = 403, description = "Only team admins and HR can do this.", body = ErrorBody),
        (status = 404, response = NotFound),
        (status = 409, description = "The carried-over balance is already set.", body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn carry_over(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(input): ApiJson<OvertimeInput>,
) -> ApiResult {
    let owner = periods::subject(state.services(), &user.user, input.user_id.as_deref()).await?;
    let answer =
        balance::set_carry_over(state.services(), &user.user, &owner, &input.into(), state.clock.now()).await?;
    Ok(data(WorkBalance::from(answer)))
}

/// Adjust a member's balance with a note (approvers)
#[utoipa::path(post, path = "/work/balance/adjustments", tag = "work", request_body = OvertimeInput,
    responses((status = 201, description = "Created", body = Data<WorkBalance>), (status = 401, response = Unauthorized),
        (status = 403, description = "Only team admins and HR can do this.", body = ErrorBody),
        (status = 404, response = NotFound), (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn adjust(State(state): State<AppState>, user: AuthUser, ApiJson(input): ApiJson<OvertimeInput>) -> ApiResult {
    let owner = periods::subject(state.services(), &user.user, input.user_id.as_deref()).await?;
    let answer =
        balance::add_adjustment(state.services(), &user.user, &owner, &input.into(), state.clock.now()).await?;
    Ok(created(WorkBalance::from(answer)))
}

/// Add a period by hand (a note is required)
#[utoipa::path(post, path = "/work/periods", tag = "work", params(WhoQuery), request_body = PeriodInput,
    responses((status = 201, description = "Created", body = Data<WorkPeriod>), (status = 401, response = Unauthorized),
        (status = 404, response = NotFound),
        (status = 409, description = "A month it counts in is approved and locked (the message names the month).",
            body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn add_period(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<WhoQuery>,
    ApiJson(input): ApiJson<PeriodInput>,
) -> ApiResult {
    let owner = periods::subject(state.services(), &user.user, q.user_id.as_deref()).await?;
    let period = periods::add_period(state.services(), &user.user, &owner, &input.into(), state.clock.now()).await?;
    Ok(created(WorkPeriod::from(period)))
}

/// Edit a period (left-out times keep their value; a note is required)
#[utoipa::path(put, path = "/work/periods/{id}", tag = "work", params(IdParam, WhoQuery), request_body = PeriodInput,
    responses((status = 200, description = "Success", body = Data<WorkPeriod>), (status = 401, response = Unauthorized),
        (status = 404, response = NotFound),
        (status = 409, description = "A month it counts in is approved and locked (the message names the month).",
            body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn edit_period(
    State(state): State<AppState>,
    user: AuthUser,
    IdPath(id): IdPath<RecordId>,
    ApiQuery(q): ApiQuery<WhoQuery>,
    ApiJson(input): ApiJson<PeriodInput>,
) -> ApiResult {
    let owner = periods::subject(state.services(), &user.user, q.user_id.as_deref()).await?;
    let period =
        periods::edit_period(state.services(), &user.user, &owner, &id, &input.into(), state.clock.now()).await?;
    Ok(data(WorkPeriod::from(period)))
}

/// Delete a period (kept in the day's `deletedChanges`)
#[utoipa::path(delete, path = "/work/periods/{id}", tag = "work", params(IdParam, WhoQuery),
    request_body(content = Option<DeletePeriodInput>),
    responses((status = 200, description = "Success", body = Data<Deleted>), (status = 401, response = Unauthorized),
        (status = 404, response = NotFound),
        (status = 409, description = "A month it counts in is approved and locked (the message names the month).",
            body = ErrorBody)))]
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn delete_period(
    State(state): State<AppState>,
    user: AuthUser,
    IdPath(id): IdPath<RecordId>,
    ApiQuery(q): ApiQuery<WhoQuery>,
    ApiJson(input): ApiJson<DeletePeriodInput>,
) -> ApiResult {
    let owner = periods::subject(state.services(), &user.user, q.user_id.as_deref()).await?;
    let now = state.clock.now();
    periods::delete_period(state.services(), &user.user, &owner, &id, input.note.as_deref(), now).await?;
    Ok(data(Deleted::record(id)))
}

/// The team's schedule and mine
#[utoipa::path(get, path = "/work/schedule", tag = "work",
    responses((status = 200, description = "Success", body = Data<WorkSchedule>), (status = 401, response = Unauthorized)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn get_schedule(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    Ok(data(WorkSchedule::from(schedule::schedule_of(state.services(), &user.owner(), state.clock.now()).await?)))
}

/// Set the team's schedule and paid break types (admins)
#[utoipa::path(put, path = "/work/schedule", tag = "work", request_body = ScheduleInput,
    responses((status = 200, description = "Success", body = Data<WorkSchedule>), (status = 401, response = Unauthorized),
        (status = 403, description = "Only team admins can do this.", body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn put_schedule(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(input): ApiJson<ScheduleInput>,
) -> ApiResult {
    let answer = schedule::set_team_schedule(state.services(), &user.user, &input.into(), state.clock.now()).await?;
    Ok(data(WorkSchedule::from(answer)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ReportQuery {
    /// First day (with `to`, or alone for one day)
    #[param(schema_with = date)]
    from: Option<String>,
    #[param(schema_with = date)]
    to: Option<String>,
}

/// Per member over a range (at most 366 days): net time worked, target and difference, by name, with the sums (my own
/// row; every member's of the team for admins and HR)
#[utoipa::path(get, path = "/work/report", tag = "work", params(ReportQuery),
    responses((status = 200, description = "Success", body = Data<WorkReport>), (status = 401, response = Unauthorized),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn work_report(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<ReportQuery>) -> ApiResult {
    let range = DateRange::required(q.from.as_deref(), q.to.as_deref(), "from", "to")?;
    Ok(data(WorkReport::from(report::work_report(state.services(), &user.user, range, state.clock.now()).await?)))
}

/// The working-time report as CSV: a row a member and a `total` row, in minutes
#[utoipa::path(get, path = "/work/report.csv", tag = "work", params(ReportQuery),
    responses((status = 200, description = "CSV attachment", content_type = "text/csv", body = String),
        (status = 401, response = Unauthorized), (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn work_report_csv(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<ReportQuery>,
) -> ApiResult {
    let range = DateRange::required(q.from.as_deref(), q.to.as_deref(), "from", "to")?;
    let answer = report::work_report(state.services(), &user.user, range, state.clock.now()).await?;
    let filename = format!("working-time-{}-{}.csv", range.from, range.to);
    Ok(attachment("text/csv; charset=utf-8", &filename, report_csv(&answer)?)?)
}

/// The header is fixed and machine-read (unquoted); below it every cell that is not a number is quoted, and the
/// member's name is defused like every other CSV export's text (`reports::csv_safe`).
fn report_csv(answer: &report::WorkReport) -> AppResult<Vec<u8>> {
    let fault = |e: csv::Error| AppError::Internal(e.into());
    let mut header = report::CSV_HEADER.join(",").into_bytes();
    header.extend(b"\n");
    let mut writer = csv::WriterBuilder::new().quote_style(csv::QuoteStyle::NonNumeric).from_writer(header);
    for mut row in report::csv_rows(answer) {
        row[0] = csv_safe(std::mem::take(&mut row[0]));
        writer.write_record(&row).map_err(fault)?;
    }
    writer.into_inner().map_err(|e| AppError::Internal(e.into_error().into()))
}
