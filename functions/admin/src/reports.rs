//! Archives and reports: the caller's records of a range (paged), summaries, CSV exports, and for admins and HR
//! the same for any member of their team plus the team's totals.

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use bt_domain::account::teams;
use bt_domain::records::reports::{self, RecordType};
use bt_domain::records::{DateRange, Paging};
use bt_domain::validate::is_id;
use bt_domain::{AppError, AppResult};
use bt_http::auth::AuthUser;
use bt_http::AppState;
use bt_http::{data, ApiQuery, ApiResult};
use serde::Deserialize;
use serde_json::json;
use tracing::instrument;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/reports/breaks", get(breaks))
        .route("/reports/tasks", get(tasks))
        .route("/reports/leaves", get(leaves))
        .route("/reports/meetings", get(meetings))
        .route("/reports/checklist", get(checklist))
        .route("/reports/summary", get(summary))
        .route("/reports/team", get(team))
        .route("/reports/export/{kind}", get(export))
}

macro_rules! archive_lists {
    ($($name:ident => $kind:expr),* $(,)?) => {
        $(
            async fn $name(state: State<AppState>, user: AuthUser, q: ApiQuery<ReportQuery>) -> ApiResult {
                list($kind, state, user, q).await
            }
        )*
    };
}

archive_lists!(
    breaks => RecordType::Breaks,
    tasks => RecordType::Tasks,
    leaves => RecordType::Leaves,
    meetings => RecordType::Meetings,
    checklist => RecordType::Checklist,
);

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ReportQuery {
    from: Option<String>,
    to: Option<String>,
    user_id: Option<String>,
    skip: Option<u64>,
    limit: Option<u64>,
}

/// Whose reports the caller asks for: their own, or (admins and HR) a member of their team. A member asking for
/// someone else is 403; an id outside the team is 404.
async fn subject(state: &AppState, user: &AuthUser, user_id: Option<&str>) -> AppResult<String> {
    let Some(wanted) = user_id.map(str::trim).filter(|v| !v.is_empty()) else { return Ok(user.id().to_string()) };
    if wanted.eq_ignore_ascii_case(user.id()) {
        return Ok(user.id().to_string());
    }
    if !user.role().sees_reports() {
        return Err(AppError::Forbidden("Only admins and HR can view other members' reports.".into()));
    }
    let wanted = wanted.to_ascii_uppercase();
    if !is_id(&wanted) || !teams::is_member(state.table(), user.team_id(), &wanted).await? {
        return Err(AppError::NotFound("Member not found.".into()));
    }
    Ok(wanted)
}

fn range(q: &ReportQuery) -> AppResult<DateRange> {
    DateRange::required(q.from.as_deref(), q.to.as_deref(), "from", "to")
}

/// `{items, totalCount}`: one kind of records in the range, latest first.
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
    let (items, total) = reports::records_page(state.table(), &owner, kind, range, paging).await?;
    Ok(data(json!({ "items": items, "totalCount": total })))
}

#[instrument(skip_all, fields(user = %user.id()))]
async fn summary(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<ReportQuery>) -> ApiResult {
    let range = range(&q)?;
    let owner = subject(&state, &user, q.user_id.as_deref()).await?;
    Ok(data(reports::user_summary(state.table(), &owner, range).await?))
}

/// Per-member and team totals (admins and HR).
#[instrument(skip_all, fields(user = %user.id()))]
async fn team(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<ReportQuery>) -> ApiResult {
    if !user.role().sees_reports() {
        return Err(AppError::Forbidden("Only admins and HR can view the team's reports.".into()).into());
    }
    let range = range(&q)?;
    Ok(data(reports::team_report(state.table(), user.team_id(), range).await?))
}

/// One kind of records in the range as a CSV file, earliest first.
#[instrument(skip_all, fields(user = %user.id()))]
async fn export(
    State(state): State<AppState>,
    user: AuthUser,
    kind: Result<Path<String>, PathRejection>,
    ApiQuery(q): ApiQuery<ReportQuery>,
) -> ApiResult {
    // A kind that is not even UTF-8 is as unknown as any other (axum's own rejection would be plain text).
    let kind = kind.ok().and_then(|Path(kind)| RecordType::parse(&kind));
    let kind = kind.ok_or_else(|| AppError::NotFound("Not found.".into()))?;
    let range = range(&q)?;
    let owner = subject(&state, &user, q.user_id.as_deref()).await?;
    let (header_row, rows) = reports::export_rows(state.table(), &owner, kind, range).await?;
    let mut writer = csv::Writer::from_writer(Vec::new());
    let write = |e: csv::Error| AppError::Internal(e.into());
    writer.write_record(&header_row).map_err(write)?;
    for row in rows {
        writer.write_record(row.into_iter().map(reports::csv_safe)).map_err(write)?;
    }
    let body = writer.into_inner().map_err(|e| AppError::Internal(e.into_error().into()))?;
    let filename = format!("{}-{}-{}.csv", kind.as_str(), range.from, range.to);
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
