//! Team presence views (the spec's management group): who is on a live break, who is away on a day. Any member of
//! the team may see them; leave reasons are shown to admins and HR only.

use axum::extract::State;
use axum::routing::get;
use axum::Router;
use bt_domain::records::{dates, presence};
use bt_http::auth::AuthUser;
use bt_http::AppState;
use bt_http::{data, ApiQuery, ApiResult};
use serde::Deserialize;
use tracing::instrument;

pub fn router() -> Router<AppState> {
    Router::new().route("/admin/onBreak", get(on_break)).route("/admin/onLeaves", get(on_leaves))
}

/// `[{userId, name, type, reason, since, startTime, createdDate}]`, longest break first.
#[instrument(skip_all, fields(user = %user.id()))]
async fn on_break(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    Ok(data(presence::on_break(state.table(), user.team_id()).await?))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct DayQuery {
    today_date: Option<String>,
}

/// `[{userId, name, leaveId, fromDate, toDate, days, reason?}]` of `todayDate` (the caller's today by default).
#[instrument(skip_all, fields(user = %user.id()))]
async fn on_leaves(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<DayQuery>) -> ApiResult {
    let day = dates::day_or_today(q.today_date.as_deref(), "todayDate", user.tz(), state.clock.now())?;
    let with_reasons = user.role().sees_reports();
    Ok(data(presence::on_leave(state.table(), user.team_id(), day, with_reasons).await?))
}
