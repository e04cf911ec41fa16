//! Allowances and balances in working days: my balance, the preview the leave dialog shows, the team's settings;
//! and the team calendar.

use axum::extract::State;
use bt_api::records::allowances::{Balance, LeavePreview, LeaveSettings, LeaveSettingsInput};
use bt_api::records::calendar::TeamCalendar;
use bt_api::schema::{date, ulid};
use bt_app::records::allowances::{self, PreviewQuery};
use bt_app::records::calendar;
use bt_http::auth::AuthUser;
use bt_http::openapi::{query_param, Data, ErrorBody, Invalid, Unauthorized};
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiQuery, ApiResult};
use serde::Deserialize;
use tracing::instrument;
use utoipa::openapi::path::{Parameter, ParameterIn};
use utoipa::openapi::{RefOr, Schema};
use utoipa::IntoParams;

fn year_schema() -> RefOr<Schema> {
    serde_json::from_value(serde_json::json!({ "type": "integer", "minimum": 1900, "maximum": 2999 }))
        .expect("a valid schema")
}

fn half_day_schema() -> RefOr<Schema> {
    serde_json::from_value(serde_json::json!({ "type": "string", "enum": ["", "am", "pm"] })).expect("a valid schema")
}

#[derive(Debug, Deserialize)]
pub(crate) struct YearQuery {
    pub(crate) year: Option<i32>,
}

impl IntoParams for YearQuery {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        vec![query_param("year", Some("This year (in my time zone) when left out"), year_schema())]
    }
}

/// The query of the preview, as [`PreviewQuery`] reads it.
pub(crate) struct PreviewParams;

impl IntoParams for PreviewParams {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        vec![
            query_param("fromDate", None, date()),
            query_param("toDate", None, date()),
            query_param("halfDay", None, half_day_schema()),
            query_param("typeId", Some("The default type when left out"), ulid()),
            query_param("exclude", Some("The id of the leave being edited (its days are not counted twice)"), ulid()),
        ]
    }
}

/// My balance of a year in working days: allowance, carried over, taken, pending, remaining
#[utoipa::path(get, path = "/leaves/balance", tag = "leaves", params(YearQuery),
    responses((status = 200, description = "Success", body = Data<Balance>), (status = 401, response = Unauthorized),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
pub(crate) async fn balance(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<YearQuery>,
) -> ApiResult {
    Ok(data(Balance::from(allowances::balance_of(state.services(), &user.owner(), q.year, state.clock.now()).await?)))
}

/// What a leave would take before it is sent: its working days and the balance after it
#[utoipa::path(get, path = "/leaves/preview", tag = "leaves", params(PreviewParams),
    responses((status = 200, description = "Success", body = Data<LeavePreview>), (status = 401, response = Unauthorized),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
pub(crate) async fn preview(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<PreviewQuery>,
) -> ApiResult {
    Ok(data(LeavePreview::from(allowances::preview(state.services(), &user.owner(), &q, state.clock.now()).await?)))
}

/// My team's leave settings: default allowance, carry-over cap, negative balances, work week
#[utoipa::path(get, path = "/leaves/settings", tag = "leaves",
    responses((status = 200, description = "Success", body = Data<LeaveSettings>), (status = 401, response = Unauthorized)))]
#[instrument(skip_all, fields(user = %user.id()))]
pub(crate) async fn settings(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    Ok(data(LeaveSettings::from(allowances::settings_of(state.services(), user.team_id()).await?)))
}

/// Change my team's leave settings (admins; left-out fields keep their value)
#[utoipa::path(put, path = "/leaves/settings", tag = "leaves", request_body = LeaveSettingsInput,
    responses((status = 200, description = "Success", body = Data<LeaveSettings>), (status = 401, response = Unauthorized),
        (status = 403, description = "Only admins can change leave settings and allowances.", body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
pub(crate) async fn set_settings(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(input): ApiJson<LeaveSettingsInput>,
) -> ApiResult {
    Ok(data(LeaveSettings::from(
        allowances::set_team_settings(state.services(), &user.user, &input.into(), state.clock.now()).await?,
    )))
}

#[derive(Debug, Deserialize)]
pub(crate) struct MonthQuery {
    month: Option<String>,
}

impl IntoParams for MonthQuery {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let month = serde_json::from_value(serde_json::json!({ "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}$" }))
            .expect("a valid schema");
        vec![query_param("month", Some("YYYY-MM; this month (in my time zone) when left out"), month)]
    }
}

/// My team's calendar of a month: each member's approved and pending leaves (reasons only for the requester,
/// admins and HR), and the team's holidays
#[utoipa::path(get, path = "/leaves/calendar", tag = "leaves", params(MonthQuery),
    responses((status = 200, description = "Success", body = Data<TeamCalendar>), (status = 401, response = Unauthorized),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
pub(crate) async fn calendar(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<MonthQuery>,
) -> ApiResult {
    let month = calendar::team_calendar(state.services(), &user.user, q.month.as_deref(), state.clock.now()).await?;
    Ok(data(TeamCalendar::from(month)))
}
