//! Team presence views (the spec's management group): who is on a live break, who is away on a day. Any member of
//! the team may see them; leave reasons are shown to admins and HR only.

use axum::extract::State;
use bt_api::records::presence::{OnBreakMember, OnLeaveMember};
use bt_api::schema::date;
use bt_api::wire;
use bt_app::records::dates;
use bt_app::work::presence;
use bt_http::auth::AuthUser;
use bt_http::openapi::{query_param, Data, Invalid, Unauthorized};
use bt_http::{data, ApiQuery, ApiResult};
use bt_http::{AppState, Routes};
use serde::Deserialize;
use tracing::instrument;
use utoipa::openapi::path::{Parameter, ParameterIn};
use utoipa::IntoParams;

pub fn routes<R: Routes>(r: R) -> R {
    bt_http::routes!(r, on_break, on_leaves)
}

// `[{userId, name, type, reason, since, startTime, createdDate}]`, longest break first.
/// Members on a live break now (not those on a whole day's leave today)
#[utoipa::path(get, path = "/admin/onBreak", tag = "team",
    responses((status = 200, description = "Success", body = Data<Vec<OnBreakMember>>),
        (status = 401, response = Unauthorized)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn on_break(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    let today = dates::today(user.tz(), state.clock.now());
    Ok(data(wire::<Vec<OnBreakMember>, _>(presence::on_break_on(state.services(), user.team_id(), today).await?)))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct DayQuery {
    today_date: Option<String>,
}

impl IntoParams for DayQuery {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        vec![query_param("todayDate", Some("Default: today in my time zone"), date())]
    }
}

// `[{userId, name, leaveId, fromDate, toDate, days, leaveType, reason?}]` of `todayDate` (the caller's today by default).
/// Members on leave on a day (reasons for admins and HR)
#[utoipa::path(get, path = "/admin/onLeaves", tag = "team", params(DayQuery),
    responses((status = 200, description = "Success", body = Data<Vec<OnLeaveMember>>),
        (status = 401, response = Unauthorized), (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn on_leaves(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<DayQuery>) -> ApiResult {
    let day = dates::day_or_today(q.today_date.as_deref(), "todayDate", user.tz(), state.clock.now())?;
    let with_reasons = user.role().sees_reports();
    let away = presence::on_leave(state.services(), user.team_id(), day, with_reasons).await?;
    Ok(data(wire::<Vec<OnLeaveMember>, _>(away)))
}
