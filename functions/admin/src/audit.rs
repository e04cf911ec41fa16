//! The team's audit log (admins): read by range, person and action, a page at a time, or as CSV.

use axum::extract::State;
use bt_api::account::audit::{action_schema, csv_row, AuditPage, CSV_HEADER};
use bt_api::schema::{date, ulid};
use bt_app::account::audit::{self, Filter};
use bt_app::records::reports::csv_safe;
use bt_app::AppError;
use bt_http::auth::AuthUser;
use bt_http::openapi::{query_param, Data, ErrorBody, Invalid, NotFound, Unauthorized};
use bt_http::{attachment, data, ApiQuery, ApiResult};
use bt_http::{AppState, Routes};
use serde::Deserialize;
use serde_json::json;
use tracing::instrument;
use utoipa::openapi::path::{Parameter, ParameterIn};
use utoipa::IntoParams;

pub fn routes<R: Routes>(r: R) -> R {
    bt_http::routes!(r, page, export)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct AuditQuery {
    from: Option<String>,
    to: Option<String>,
    user_id: Option<String>,
    action: Option<String>,
    cursor: Option<String>,
    limit: Option<u64>,
}

impl AuditQuery {
    fn filter(&self) -> Result<Filter, AppError> {
        Filter::parse(self.from.as_deref(), self.to.as_deref(), self.user_id.as_deref(), self.action.as_deref())
    }
}

fn filter_params() -> Vec<Parameter> {
    vec![
        query_param("from", Some("First day (UTC) of the range"), date()),
        query_param("to", Some("Last day (UTC) of the range"), date()),
        query_param("userId", Some("Only entries by or about this member"), ulid()),
        query_param("action", Some("Only this action"), action_schema()),
    ]
}

impl IntoParams for AuditQuery {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let mut out = filter_params();
        let limit =
            json!({ "type": "integer", "minimum": 1, "maximum": audit::MAX_PAGE, "default": audit::DEFAULT_PAGE });
        out.push(query_param("cursor", Some("`nextCursor` of the page before"), schema(json!({ "type": "string" }))));
        out.push(query_param("limit", None, schema(limit)));
        out
    }
}

/// The query of the CSV: the filters without paging.
struct AuditFilterQuery;

impl IntoParams for AuditFilterQuery {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        filter_params()
    }
}

fn schema(value: serde_json::Value) -> utoipa::openapi::RefOr<utoipa::openapi::Schema> {
    serde_json::from_value(value).expect("a valid schema")
}

/// The team's audit log (admins)
///
/// Newest first: members invited, joined, removed and their roles; invitations sent again and withdrawn; leaves
/// decided and cancelled; allowances, leave settings, leave types, break types, holidays, work schedules and rule sets
/// changed (with the setting before and after); members' records changed by an approver; timesheets submitted,
/// approved, returned and reopened; webhooks, API tokens and team calendar feeds created or removed; exports and
/// imports run. Each names its actor by account (`actorId`, `actorEmail`) as well as by the name they had then.
/// Append-only, kept two years. A `userId` who is neither a member of the team nor named in its log is 404.
#[utoipa::path(get, path = "/admin/audit", tag = "team", params(AuditQuery),
    responses((status = 200, description = "Success", body = Data<AuditPage>), (status = 401, response = Unauthorized),
        (status = 403, description = "Only team admins can do this.", body = ErrorBody),
        (status = 404, response = NotFound), (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn page(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<AuditQuery>) -> ApiResult {
    let filter = q.filter();
    let page = audit::page(&state, &user.user, &filter?, q.cursor.as_deref(), q.limit).await?;
    Ok(data(AuditPage::from(page)))
}

/// The team's audit log as CSV (admins)
///
/// Every entry the filters keep, newest first; `before` and `after` as JSON. The download is itself logged.
#[utoipa::path(get, path = "/admin/audit/export.csv", tag = "team", params(AuditFilterQuery),
    responses((status = 200, description = "CSV attachment", content_type = "text/csv", body = String),
        (status = 401, response = Unauthorized),
        (status = 403, description = "Only team admins can do this.", body = ErrorBody),
        (status = 404, response = NotFound), (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn export(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<AuditQuery>) -> ApiResult {
    let filter = q.filter();
    let entries = audit::export(&state, &user.user, &filter?).await?;
    let write = |e: csv::Error| AppError::Internal(e.into());
    let mut writer = csv::WriterBuilder::new().quote_style(csv::QuoteStyle::NonNumeric).from_writer(Vec::new());
    writer.write_record(CSV_HEADER).map_err(write)?;
    for entry in &entries {
        writer.write_record(csv_row(entry).into_iter().map(csv_safe)).map_err(write)?;
    }
    let body = writer.into_inner().map_err(|e| AppError::Internal(e.into_error().into()))?;
    let day = state.clock.now().format("%Y-%m-%d");
    Ok(attachment("text/csv; charset=utf-8", &format!("audit-log-{day}.csv"), body)?)
}
