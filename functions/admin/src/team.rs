//! The caller's team: member count and list, role changes, removal of a member.

use axum::extract::State;
use bt_domain::account::team_member_count;
use bt_domain::account::teams::{self, Member};
use bt_domain::records::presence;
use bt_http::auth::AuthUser;
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiResult, IdPath};
use serde::Deserialize;
use serde_json::{json, Value};

pub fn member_json(member: &Member) -> Value {
    json!({
        "id": member.user_id,
        "name": member.name,
        "email": member.email,
        "role": member.role,
        "joinedAt": member.joined_at,
    })
}

#[tracing::instrument(skip(state, caller), fields(user_id = %caller.id()))]
pub async fn member_count(State(state): State<AppState>, caller: AuthUser) -> ApiResult {
    Ok(data(team_member_count(state.table(), caller.team_id()).await?))
}

/// The members with their status now (available, on a live break, on leave today), sorted by name.
#[tracing::instrument(skip(state, caller), fields(user_id = %caller.id()))]
pub async fn members(State(state): State<AppState>, caller: AuthUser) -> ApiResult {
    let today = caller.owner().today(state.clock.now());
    Ok(data(presence::team_presence(state.table(), caller.team_id(), today).await?))
}

#[derive(Deserialize)]
pub struct RoleBody {
    #[serde(default)]
    role: String,
}

#[tracing::instrument(skip(state, caller, body), fields(user_id = %caller.id()))]
pub async fn set_role(
    State(state): State<AppState>,
    caller: AuthUser,
    IdPath(target_id): IdPath,
    ApiJson(body): ApiJson<RoleBody>,
) -> ApiResult {
    let member = teams::set_role(&state, &caller.user, &target_id, &body.role).await?;
    Ok(data(member_json(&member)))
}

/// Removes a member from the caller's team. The removed person keeps their account and records and gets a new
/// team of their own; their access tokens stop working (they continue after a refresh, in the new team).
#[tracing::instrument(skip(state, caller), fields(user_id = %caller.id()))]
pub async fn remove_member(State(state): State<AppState>, caller: AuthUser, IdPath(target_id): IdPath) -> ApiResult {
    let member = teams::remove_member(&state, &caller.user, &target_id).await?;
    Ok(data(json!({ "message": format!("{} has been removed from the team.", member.name) })))
}
