//! The `timesheets` endpoint group: a person's month of working time, handed in for approval and decided by an admin
//! or HR of the team, the team's overview of a month, and the month as CSV and as a PDF for an auditor.

mod export;

use axum::extract::{Path, State};
use axum::Router;
use bt_api::records::timesheets::{Timesheet, TimesheetDecision, TimesheetRow};
use bt_app::work::timesheets::{self, Decision, Month};
use bt_http::auth::AuthUser;
use bt_http::openapi::{Data, ErrorBody, Invalid, NotFound, Unauthorized};
use bt_http::{attachment, data, ApiJson, ApiQuery, ApiResult};
use bt_http::{AppState, Routes};
use serde::Deserialize;
use tracing::instrument;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;

/// The group's routes, declared once (see `bt_http::routes`): [`router`] serves them, [`openapi_router`] also
/// describes them.
pub fn routes<R: Routes>(r: R) -> R {
    bt_http::routes!(r, team, one, submit, approve, give_back, reopen, export_csv, export_pdf)
}

/// The routes as each Lambda serves them, without their description.
pub fn router() -> Router<AppState> {
    routes(Router::new())
}

/// The same routes with their description (the local server and the OpenAPI document).
pub fn openapi_router() -> OpenApiRouter<AppState> {
    routes(OpenApiRouter::new())
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct MonthQuery {
    /// `YYYY-MM`
    #[param(required = true, pattern = r"^\d{4}-\d{2}$")]
    month: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct MemberQuery {
    /// A member of my team (approvers); default: me
    user_id: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct MonthPath {
    /// `YYYY-MM`
    #[param(pattern = r"^\d{4}-\d{2}$")]
    month: String,
}

fn month(value: &str) -> Result<Month, bt_app::AppError> {
    Month::parse(value, "month")
}

/// My team's month: each member's status and totals (admins and HR)
#[utoipa::path(get, path = "/timesheets", tag = "timesheets", params(MonthQuery),
    responses((status = 200, description = "Success", body = Data<Vec<TimesheetRow>>),
        (status = 401, response = Unauthorized),
        (status = 403, description = "Only admins and HR can see the team's timesheets.", body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn team(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<MonthQuery>) -> ApiResult {
    let month = month(q.month.as_deref().unwrap_or(""))?;
    let rows = timesheets::team_month(state.services(), &user.user, month, state.clock.now()).await?;
    Ok(data(rows.into_iter().map(TimesheetRow::from).collect::<Vec<_>>()))
}

/// The month of the path: mine, or the member's of the query (approvers).
async fn sheet(
    state: &AppState,
    user: &AuthUser,
    p: &MonthPath,
    q: &MemberQuery,
) -> Result<timesheets::Timesheet, bt_app::AppError> {
    timesheets::timesheet(state.services(), &user.user, month(&p.month)?, q.user_id.as_deref(), state.clock.now()).await
}

/// A month's timesheet: mine, or (admins and HR) a team member's
#[utoipa::path(get, path = "/timesheets/{month}", tag = "timesheets", params(MonthPath, MemberQuery),
    responses((status = 200, description = "Success", body = Data<Timesheet>), (status = 401, response = Unauthorized),
        (status = 404, response = NotFound), (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn one(
    State(state): State<AppState>,
    user: AuthUser,
    Path(p): Path<MonthPath>,
    ApiQuery(q): ApiQuery<MemberQuery>,
) -> ApiResult {
    let sheet = sheet(&state, &user, &p, &q).await?;
    Ok(data(Timesheet::localized(sheet, user.user.language())))
}

/// Hand in my month for approval
#[utoipa::path(post, path = "/timesheets/{month}/submit", tag = "timesheets", params(MonthPath),
    responses((status = 200, description = "Submitted", body = Data<Timesheet>), (status = 401, response = Unauthorized),
        (status = 409, description = "Already submitted or approved, or a month that has not begun", body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn submit(State(state): State<AppState>, user: AuthUser, Path(p): Path<MonthPath>) -> ApiResult {
    let sheet = timesheets::submit(state.services(), &user.user, month(&p.month)?).await?;
    Ok(data(Timesheet::localized(sheet, user.user.language())))
}

/// A decision on a member's month: `timesheets::decide` with the caller, the month of the path and the body.
async fn decide(
    state: &AppState,
    user: &AuthUser,
    month_text: &str,
    body: TimesheetDecision,
    how: Decision,
) -> ApiResult {
    let (member, comment) = (body.user_id.as_deref(), body.comment.as_deref());
    let sheet = timesheets::decide(state.services(), &user.user, month(month_text)?, member, how, comment).await?;
    Ok(data(Timesheet::localized(sheet, user.user.language())))
}

/// The handler of one decision's route (approve, return, reopen): the same for each but for the [`Decision`] it
/// makes, each with its own description for the document.
macro_rules! decision_route {
    ($(#[$doc:meta])* $name:ident => $how:expr) => {
        $(#[$doc])*
        #[instrument(skip_all, fields(user = %user.id()))]
        async fn $name(
            State(state): State<AppState>,
            user: AuthUser,
            Path(p): Path<MonthPath>,
            ApiJson(body): ApiJson<TimesheetDecision>,
        ) -> ApiResult {
            decide(&state, &user, &p.month, body, $how).await
        }
    };
}

decision_route! {
    /// Approve a member's submitted month (admins and HR): the month is locked, and its figures are kept as computed now
    /// (the month, its CSV and PDF, the team's views and later balances answer from them until it is reopened)
    #[utoipa::path(post, path = "/timesheets/{month}/approve", tag = "timesheets", params(MonthPath),
        request_body = TimesheetDecision,
        responses((status = 200, description = "Approved", body = Data<Timesheet>), (status = 401, response = Unauthorized),
            (status = 403, description = "Not an approver, or an approver's own month while another approver exists",
                body = ErrorBody),
            (status = 404, response = NotFound),
            (status = 409, description = "Not submitted, or already approved, or \"<name> is still clocked in.\": the \
                person has an open work period or break in the month (they clock out or end the break first)",
                body = ErrorBody),
            (status = 422, response = Invalid)))]
    approve => Decision::Approve
}

decision_route! {
    /// Return a member's submitted month with a comment (admins and HR): editable again
    #[utoipa::path(post, path = "/timesheets/{month}/return", tag = "timesheets", params(MonthPath),
        request_body = TimesheetDecision,
        responses((status = 200, description = "Returned", body = Data<Timesheet>), (status = 401, response = Unauthorized),
            (status = 403, description = "Not an approver, or an approver's own month while another approver exists",
                body = ErrorBody),
            (status = 404, response = NotFound),
            (status = 409, description = "Not submitted, or already approved", body = ErrorBody),
            (status = 422, response = Invalid)))]
    give_back => Decision::Return
}

decision_route! {
    /// Reopen an approved month with a reason (admins): unlocked and open again
    #[utoipa::path(post, path = "/timesheets/{month}/reopen", tag = "timesheets", params(MonthPath),
        request_body = TimesheetDecision,
        responses((status = 200, description = "Reopened", body = Data<Timesheet>), (status = 401, response = Unauthorized),
            (status = 403, description = "Only admins can reopen a timesheet.", body = ErrorBody),
            (status = 404, response = NotFound),
            (status = 409, description = "This month's timesheet is not approved.", body = ErrorBody),
            (status = 422, response = Invalid)))]
    reopen => Decision::Reopen
}

/// A month's timesheet as CSV (one row a day and a totals row; minutes)
#[utoipa::path(get, path = "/timesheets/{month}/export.csv", tag = "timesheets", params(MonthPath, MemberQuery),
    responses((status = 200, description = "CSV attachment", content_type = "text/csv", body = String),
        (status = 401, response = Unauthorized), (status = 404, response = NotFound),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn export_csv(
    State(state): State<AppState>,
    user: AuthUser,
    Path(p): Path<MonthPath>,
    ApiQuery(q): ApiQuery<MemberQuery>,
) -> ApiResult {
    let sheet = sheet(&state, &user, &p, &q).await?;
    let body = export::csv(&sheet, user.user.language())?;
    Ok(attachment("text/csv; charset=utf-8", &export::filename(&sheet, "csv"), body)?)
}

/// A month's timesheet as a PDF to hand to an auditor (the day table, totals and the approval stamp)
#[utoipa::path(get, path = "/timesheets/{month}/export.pdf", tag = "timesheets", params(MonthPath, MemberQuery),
    responses((status = 200, description = "PDF attachment", content_type = "application/pdf", body = Vec<u8>),
        (status = 401, response = Unauthorized), (status = 404, response = NotFound),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn export_pdf(
    State(state): State<AppState>,
    user: AuthUser,
    Path(p): Path<MonthPath>,
    ApiQuery(q): ApiQuery<MemberQuery>,
) -> ApiResult {
    let sheet = sheet(&state, &user, &p, &q).await?;
    Ok(attachment("application/pdf", &export::filename(&sheet, "pdf"), export::pdf(&sheet, user.user.language()))?)
}
