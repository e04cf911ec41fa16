//! The caller's team: its name and default time zone, member count and list, role changes, removal of a member.

use axum::extract::State;
use bt_api::account::teams::TeamInput;
use bt_api::records::presence::MemberPresence;
use bt_api::schema::{role, stamp, ulid};
use bt_api::wire;
use bt_app::account::teams::{self, Member, Team};
use bt_app::account::{team_member_count, Role};
use bt_app::types::{Email, TeamId, UserId};
use bt_app::work::presence;
use bt_http::auth::AuthUser;
use bt_http::openapi::{path_param, Data, ErrorBody, Invalid, Message, NotFound, Unauthorized};
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiResult, IdPath};
use serde::{Deserialize, Serialize};
use utoipa::openapi::path::{Parameter, ParameterIn};
use utoipa::{IntoParams, ToSchema};

/// A member of the team as the team's admins see them.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Member)]
pub struct MemberView {
    #[schema(schema_with = ulid)]
    id: UserId,
    name: String,
    #[schema(value_type = String)]
    email: Email,
    #[schema(schema_with = role)]
    role: Role,
    #[schema(schema_with = stamp)]
    joined_at: String,
}

impl From<Member> for MemberView {
    fn from(member: Member) -> MemberView {
        MemberView {
            id: member.user_id,
            name: member.name,
            email: member.email,
            role: member.role,
            joined_at: member.joined_at,
        }
    }
}

/// The `{userId}` of a member route (`IdPath<UserId>`).
pub struct UserIdParam;

impl IntoParams for UserIdParam {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        vec![path_param("userId", "A member of my team", ulid())]
    }
}

/// Number of members of my team
#[utoipa::path(get, path = "/admin/get-count", tag = "team",
    responses((status = 200, description = "Success", body = Data<u64>), (status = 401, response = Unauthorized)))]
#[tracing::instrument(skip(state, caller), fields(user_id = %caller.id()))]
pub async fn member_count(State(state): State<AppState>, caller: AuthUser) -> ApiResult {
    Ok(data(team_member_count(state.services(), caller.team_id()).await?))
}

// Their status now: available, on a live break, or on leave today; sorted by name.
/// My team's members with their status now
#[utoipa::path(get, path = "/admin/get", tag = "team",
    responses((status = 200, description = "Success", body = Data<Vec<MemberPresence>>),
        (status = 401, response = Unauthorized)))]
#[tracing::instrument(skip(state, caller), fields(user_id = %caller.id()))]
pub async fn members(State(state): State<AppState>, caller: AuthUser) -> ApiResult {
    let members = presence::team_presence_seen_by(state.services(), &caller.user, state.clock.now()).await?;
    Ok(data(wire::<Vec<MemberPresence>, _>(members)))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = RoleInput)]
pub struct RoleBody {
    #[serde(default)]
    #[schema(required = true, schema_with = role)]
    role: String,
}

/// Set a member's role (admins)
#[utoipa::path(put, path = "/admin/role/{userId}", tag = "team", params(UserIdParam), request_body = RoleBody,
    responses((status = 200, description = "Success", body = Data<MemberView>), (status = 401, response = Unauthorized),
        (status = 403, description = "Not allowed for your role", body = ErrorBody), (status = 404, response = NotFound),
        (status = 409, description = "No admin would be left", body = ErrorBody), (status = 422, response = Invalid)))]
#[tracing::instrument(skip(state, caller, body), fields(user_id = %caller.id()))]
pub async fn set_role(
    State(state): State<AppState>,
    caller: AuthUser,
    IdPath(target_id): IdPath<UserId>,
    ApiJson(body): ApiJson<RoleBody>,
) -> ApiResult {
    let member = teams::set_role(&state, &caller.user, &target_id, &body.role).await?;
    Ok(data(MemberView::from(member)))
}

// The removed person keeps their account and records and gets a new team of their own; their access tokens stop
// working (they continue after a refresh, in the new team).
/// Remove a member (admins)
#[utoipa::path(delete, path = "/admin/member/{userId}", tag = "team", params(UserIdParam),
    responses((status = 200, description = "Success", body = Data<Message>), (status = 401, response = Unauthorized),
        (status = 403, description = "Not allowed for your role", body = ErrorBody), (status = 404, response = NotFound),
        (status = 409, description = "No admin would be left", body = ErrorBody)))]
#[tracing::instrument(skip(state, caller), fields(user_id = %caller.id()))]
pub async fn remove_member(
    State(state): State<AppState>,
    caller: AuthUser,
    IdPath(target_id): IdPath<UserId>,
) -> ApiResult {
    let member = teams::remove_member(&state, &caller.user, &target_id).await?;
    Ok(data(Message { message: format!("{} has been removed from the team.", member.name) }))
}

/// The caller's team as its members see it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Team)]
pub struct TeamView {
    #[schema(schema_with = ulid)]
    id: TeamId,
    /// The team's name (new teams are called "<owner>'s team" until an admin names them).
    name: String,
    /// The time zone new members start in, when an admin set one (an IANA name).
    time_zone: Option<String>,
    /// The admin is still to be asked for the team's name (false for everyone else).
    ask_name: bool,
}

impl TeamView {
    fn of(team: Team, is_admin: bool) -> TeamView {
        TeamView { id: team.id, name: team.name, time_zone: team.time_zone, ask_name: is_admin && team.ask_name }
    }
}

/// My team's name and default time zone
#[utoipa::path(get, path = "/admin/team", tag = "team",
    responses((status = 200, description = "Success", body = Data<TeamView>), (status = 401, response = Unauthorized)))]
#[tracing::instrument(skip(state, caller), fields(user_id = %caller.id()))]
pub async fn team(State(state): State<AppState>, caller: AuthUser) -> ApiResult {
    let team = teams::team_of(&state, &caller.user).await?;
    Ok(data(TeamView::of(team, caller.user.role == Role::Admin)))
}

/// Name my team, set the time zone new members start in, or dismiss the question for the name (admins)
#[utoipa::path(put, path = "/admin/team", tag = "team", request_body = TeamInput,
    responses((status = 200, description = "Success", body = Data<TeamView>), (status = 401, response = Unauthorized),
        (status = 403, description = "Not allowed for your role", body = ErrorBody), (status = 422, response = Invalid)))]
#[tracing::instrument(skip(state, caller, body), fields(user_id = %caller.id()))]
pub async fn update_team(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<TeamInput>,
) -> ApiResult {
    let team = teams::update_team(&state, &caller.user, &body.into()).await?;
    Ok(data(TeamView::of(team, true)))
}
