//! Archives and reports: the caller's records of a range (paged), summaries, CSV exports, and for admins and HR
//! the same for any member of their team plus the team's totals.

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue};
use axum::response::IntoResponse;
use bt_api::records::leave_report::LeaveDaysReport;
use bt_api::records::reports::{Summary, TeamReport};
use bt_api::records::rules::ComplianceReport;
use bt_api::records::{breaks, checklist, leaves, meetings, tasks};
use bt_api::schema::{date, limit_schema, skip_schema, ulid};
use bt_api::wire;
use bt_app::account::teams;
use bt_app::records::leave_report;
use bt_app::records::reports::{self, RecordType, Records};
use bt_app::records::type_names;
use bt_app::records::{DateRange, Paging};
use bt_app::types::UserId;
use bt_app::work::rules::report as compliance_report;
use bt_app::{AppError, AppResult};
use bt_http::auth::AuthUser;
use bt_http::openapi::{path_param, query_param, Data, ErrorBody, Invalid, NotFound, Unauthorized};
use bt_http::{data, ApiQuery, ApiResult};
use bt_http::{AppState, Routes};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tracing::instrument;
use utoipa::openapi::path::{Parameter, ParameterIn};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{IntoParams, ToSchema};

pub fn routes<R: Routes>(r: R) -> R {
    bt_http::routes!(r, breaks, tasks, leaves, meetings, checklist, summary, team, leave_days, compliance, export)
}

/// The export of the leave-days report (`/reports/export/leave-days`), beside the record kinds.
const LEAVE_DAYS: &str = "leave-days";
/// The export of the compliance report (`/reports/export/compliance`).
const COMPLIANCE: &str = "compliance";

fn schema(value: Value) -> RefOr<Schema> {
    serde_json::from_value(value).expect("a valid schema")
}

fn kind_schema() -> RefOr<Schema> {
    let mut kinds: Vec<&str> = RecordType::ALL.map(RecordType::as_str).to_vec();
    kinds.push(LEAVE_DAYS);
    kinds.push(COMPLIANCE);
    schema(json!({ "type": "string", "enum": kinds }))
}

fn records_schema() -> RefOr<Schema> {
    let description = "Records of the kind asked for (Break, Task, Leave, Meeting or ChecklistItem)";
    schema(json!({ "type": "array", "items": { "type": "object", "description": description } }))
}

/// A page of one kind of records, with how many there are in the range.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportPage {
    #[schema(schema_with = records_schema)]
    items: Vec<Value>,
    total_count: u64,
}

/// Each record as a JSON object, its keys in alphabetical order as the pages have always listed them.
fn values<T: Serialize>(items: Vec<T>) -> AppResult<Vec<Value>> {
    items.into_iter().map(|i| serde_json::to_value(i).map_err(|e| AppError::Internal(e.into()))).collect()
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ReportQuery {
    from: Option<String>,
    to: Option<String>,
    user_id: Option<String>,
    skip: Option<u64>,
    limit: Option<u64>,
}

fn range_params() -> Vec<Parameter> {
    vec![
        query_param("from", Some("First day (with `to`, or alone for one day)"), date()),
        query_param("to", None, date()),
    ]
}

fn subject_param() -> Parameter {
    query_param("userId", Some("A member of my team (admins and HR)"), ulid())
}

/// The query of the record lists: all of it.
impl IntoParams for ReportQuery {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let mut out = range_params();
        out.push(subject_param());
        out.push(query_param("skip", None, skip_schema()));
        out.push(query_param("limit", None, limit_schema()));
        out
    }
}

/// The query of a member's reports that are not paged: [`ReportQuery`] without `skip` and `limit`.
struct SubjectRangeQuery;

impl IntoParams for SubjectRangeQuery {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let mut out = range_params();
        out.push(subject_param());
        out
    }
}

/// The query of the team's reports: the range of [`ReportQuery`].
struct RangeQuery;

impl IntoParams for RangeQuery {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        range_params()
    }
}

/// The `{kind}` of an export.
struct KindParam;

impl IntoParams for KindParam {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        vec![path_param("kind", "Record kind", kind_schema())]
    }
}

/// One paged list handler per record kind (`GET /reports/<kind>`): the same query, answer and rules for each, so
/// they are written once. `$summary` is the operation's summary in the document.
macro_rules! record_lists {
    ($($name:ident: $kind:ident, $path:tt, $summary:tt;)*) => {$(
        #[doc = $summary]
        #[utoipa::path(get, path = $path, tag = "reports", params(ReportQuery),
            responses((status = 200, description = "Success", body = Data<ReportPage>),
                (status = 401, response = Unauthorized),
                (status = 403, description = "Not allowed for your role", body = ErrorBody),
                (status = 404, response = NotFound), (status = 422, response = Invalid)))]
        async fn $name(state: State<AppState>, user: AuthUser, q: ApiQuery<ReportQuery>) -> ApiResult {
            list(RecordType::$kind, state, user, q).await
        }
    )*};
}

record_lists! {
    breaks: Breaks, "/reports/breaks", "Breaks in a range, paged, latest first (items are Break)";
    tasks: Tasks, "/reports/tasks", "Tasks in a range, paged, latest first (items are Task)";
    leaves: Leaves, "/reports/leaves", "Leaves in a range, paged, latest first (items are Leave)";
    meetings: Meetings, "/reports/meetings", "Meetings in a range, paged, latest first (items are Meeting)";
    checklist: Checklist, "/reports/checklist", "Checklist in a range, paged, latest first (items are ChecklistItem)";
}

/// Whose reports the caller asks for: their own, or (admins and HR) a member of their team. A member asking for
/// someone else is 403; an id outside the team is 404.
async fn subject(state: &AppState, user: &AuthUser, user_id: Option<&str>) -> AppResult<UserId> {
    let Some(wanted) = user_id.map(str::trim).filter(|v| !v.is_empty()) else { return Ok(user.id().clone()) };
    if wanted.eq_ignore_ascii_case(user.id()) {
        return Ok(user.id().clone());
    }
    if !user.role().sees_reports() {
        return Err(AppError::Forbidden("Only admins and HR can view other members' reports.".into()));
    }
    let Ok(wanted) = UserId::parse(wanted) else { return Err(AppError::NotFound("Member not found.".into())) };
    if !teams::has_member(state.services(), user.team_id(), &wanted).await? {
        return Err(AppError::NotFound("Member not found.".into()));
    }
    Ok(wanted)
}

fn range(q: &ReportQuery) -> AppResult<DateRange> {
    DateRange::required(q.from.as_deref(), q.to.as_deref(), "from", "to")
}

/// [`ReportPage`]: one kind of records in the range, latest first.
#[instrument(skip_all, fields(user = %user.id(), kind = kind.as_str()))]
async fn list(
    kind: RecordType,
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<ReportQuery>,
) -> ApiResult {
    let range = range(&q)?;
    let paging = Paging::new(q.skip, q.limit)?;
    let owner = subject(&state, &user, q.user_id.as_deref()).await?;
    let (records, total) = reports::records_page(state.services(), &owner, kind, range, paging).await?;
    let items = match records {
        Records::Breaks(items) => values(wire::<Vec<breaks::Break>, _>(items)),
        Records::Tasks(items) => values(wire::<Vec<tasks::Task>, _>(items)),
        Records::Leaves(items) => values(wire::<Vec<leaves::Leave>, _>(items)),
        Records::Meetings(items) => values(wire::<Vec<meetings::Meeting>, _>(items)),
        Records::Checklist(items) => values(wire::<Vec<checklist::ChecklistItem>, _>(items)),
    }?;
    Ok(data(ReportPage { items, total_count: total }))
}

/// Break minutes per day and type, task counts, leave days, in a range
#[utoipa::path(get, path = "/reports/summary", tag = "reports", params(SubjectRangeQuery),
    responses((status = 200, description = "Success", body = Data<Summary>), (status = 401, response = Unauthorized),
        (status = 403, description = "Not allowed for your role", body = ErrorBody), (status = 404, response = NotFound),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn summary(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<ReportQuery>) -> ApiResult {
    let range = range(&q)?;
    let owner = subject(&state, &user, q.user_id.as_deref()).await?;
    Ok(data(Summary::from(reports::user_summary(state.services(), &owner, range).await?)))
}

/// Per-member and team totals in a range (admins and HR)
#[utoipa::path(get, path = "/reports/team", tag = "reports", params(RangeQuery),
    responses((status = 200, description = "Success", body = Data<TeamReport>), (status = 401, response = Unauthorized),
        (status = 403, description = "Not allowed for your role", body = ErrorBody), (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn team(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<ReportQuery>) -> ApiResult {
    if !user.role().sees_reports() {
        return Err(AppError::Forbidden("Only admins and HR can view the team's reports.".into()).into());
    }
    let range = range(&q)?;
    Ok(data(TeamReport::from(reports::team_report(state.services(), user.team_id(), range).await?)))
}

/// Approved leave days per member and leave type in a range, in days and working days (my own; every member's for
/// admins and HR)
#[utoipa::path(get, path = "/reports/leave-days", tag = "reports", params(RangeQuery),
    responses((status = 200, description = "Success", body = Data<LeaveDaysReport>), (status = 401, response = Unauthorized),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn leave_days(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<ReportQuery>) -> ApiResult {
    let range = range(&q)?;
    let report = leave_report::leave_days(state.services(), &user.user, range, state.clock.now()).await?;
    Ok(data(LeaveDaysReport::from(report)))
}

/// The break and rest findings of a range (at most 366 days) per member, with their counts (admins and HR: everyone,
/// or one member with `userId`; members: their own only)
#[utoipa::path(get, path = "/reports/compliance", tag = "reports", params(SubjectRangeQuery),
    responses((status = 200, description = "Success", body = Data<ComplianceReport>),
        (status = 401, response = Unauthorized),
        (status = 403, description = "You can only see your own compliance report.", body = ErrorBody),
        (status = 404, response = NotFound), (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn compliance(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<ReportQuery>) -> ApiResult {
    let range = range(&q)?;
    let report =
        compliance_report::compliance(state.services(), &user.user, range, q.user_id.as_deref(), state.clock.now())
            .await?;
    Ok(data(ComplianceReport::localized(report, user.user.language())))
}

// Earliest first.
/// One kind of records in a range as CSV (`leave-days`: the leave-days report; `compliance`: the break and rest
/// findings, one row each)
#[utoipa::path(get, path = "/reports/export/{kind}", tag = "reports", params(KindParam, SubjectRangeQuery),
    responses((status = 200, description = "CSV attachment", content_type = "text/csv", body = String),
        (status = 401, response = Unauthorized), (status = 403, description = "Not allowed for your role", body = ErrorBody),
        (status = 404, response = NotFound), (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn export(
    State(state): State<AppState>,
    user: AuthUser,
    kind: Result<Path<String>, PathRejection>,
    ApiQuery(q): ApiQuery<ReportQuery>,
) -> ApiResult {
    // A kind that is not even UTF-8 is as unknown as any other (axum's own rejection would be plain text).
    let kind = kind.ok().map(|Path(kind)| kind).unwrap_or_default();
    let (name, (header_row, rows), range) = if kind == LEAVE_DAYS {
        let range = range(&q)?;
        let report = leave_report::leave_days(state.services(), &user.user, range, state.clock.now()).await?;
        (LEAVE_DAYS, leave_report::csv_rows(&report), range)
    } else if kind == COMPLIANCE {
        let range = range(&q)?;
        let now = state.clock.now();
        let rows =
            compliance_report::compliance_csv(state.services(), &user.user, range, q.user_id.as_deref(), now).await?;
        (COMPLIANCE, rows, range)
    } else {
        let kind = RecordType::parse(&kind).ok_or_else(|| AppError::NotFound("Not found.".into()))?;
        let range = range(&q)?;
        let owner = subject(&state, &user, q.user_id.as_deref()).await?;
        (kind.as_str(), reports::export_rows(state.services(), &owner, kind, range).await?, range)
    };
    let rows = type_names::csv_rows_in(user.user.language(), &header_row, rows);
    let write = |e: csv::Error| AppError::Internal(e.into());
    let into_bytes = |w: csv::Writer<Vec<u8>>| w.into_inner().map_err(|e| AppError::Internal(e.into_error().into()));
    // The header is fixed and machine-read, as it always was; every cell below it that is not a number is quoted,
    // so a reader that splits on `;` (or any other separator) never sees user text start a cell of its own.
    let mut header = csv::Writer::from_writer(Vec::new());
    header.write_record(&header_row).map_err(write)?;
    let mut body = into_bytes(header)?;
    let mut writer = csv::WriterBuilder::new().quote_style(csv::QuoteStyle::NonNumeric).from_writer(Vec::new());
    for row in rows {
        writer.write_record(row.into_iter().map(reports::csv_safe)).map_err(write)?;
    }
    body.extend(into_bytes(writer)?);
    let filename = format!("{name}-{}-{}.csv", range.from, range.to);
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{filename}\""))
        .map_err(|e| AppError::Internal(e.into()))?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/csv; charset=utf-8")),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        body,
    )
        .into_response())
}
