//! The `type` endpoint group: the team's break types (`data[0].type`, §7).

use axum::extract::State;
use axum::routing::{get, put};
use axum::Router;
use bt_domain::records::break_types::{self, BreakTypesInput};
use bt_http::auth::AuthUser;
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiResult};
use serde_json::json;
use tracing::instrument;

pub fn router() -> Router<AppState> {
    Router::new().route("/type/get", get(list)).route("/type/edit", put(edit))
}

/// The team's list, or the default list of §3 when the team has none.
#[instrument(skip_all, fields(user = %user.id()))]
async fn list(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    let types = break_types::team_break_types(state.table(), user.team_id()).await?;
    Ok(data(json!([{ "type": types }])))
}

/// Admins replace the team's list.
#[instrument(skip_all, fields(user = %user.id()))]
async fn edit(State(state): State<AppState>, user: AuthUser, ApiJson(input): ApiJson<BreakTypesInput>) -> ApiResult {
    user.require_admin()?;
    let types = break_types::validate_break_types(&input)?;
    let types = break_types::set_team_break_types(state.table(), user.team_id(), types, state.clock.now()).await?;
    Ok(data(json!([{ "type": types }])))
}
