//! Invitations by e-mail: an admin invites (`POST /admin/invite`), the invited person accepts while signed in with
//! that address (`POST /admin/accept-email-invitation`) and moves from their own team to the inviting one.
//! The rules and the stored invitation live in `bt_domain::account::invitations`.

use axum::extract::State;
use bt_domain::account::{invitations, Role};
use bt_domain::records::schema::{role, ulid};
use bt_domain::types::{Email, TeamId};
use bt_http::auth::AuthUser;
use bt_http::openapi::{Data, ErrorBody, Invalid, Unauthorized};
use bt_http::AppState;
use bt_http::{created, data, ApiJson, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Deserialize, ToSchema)]
#[schema(as = InviteInput)]
pub struct InviteBody {
    #[serde(default)]
    #[schema(required = true)]
    email: String,
    #[serde(default)]
    #[schema(required = true, schema_with = role)]
    role: String,
}

/// An invitation that went out.
#[derive(Serialize, ToSchema)]
pub struct InvitationSent {
    message: String,
    #[schema(value_type = String)]
    email: Email,
    #[schema(schema_with = role)]
    role: Role,
}

/// Invite by e-mail (admins)
#[utoipa::path(post, path = "/admin/invite", tag = "team", request_body = InviteBody,
    responses((status = 201, description = "Created", body = Data<InvitationSent>), (status = 401, response = Unauthorized),
        (status = 403, description = "Not allowed for your role", body = ErrorBody),
        (status = 409, description = "Already a member", body = ErrorBody), (status = 422, response = Invalid)))]
#[tracing::instrument(skip(state, caller, body), fields(user_id = %caller.id()))]
pub async fn invite(State(state): State<AppState>, caller: AuthUser, ApiJson(body): ApiJson<InviteBody>) -> ApiResult {
    let sent = invitations::invite(&state, &caller.user, &body.email, &body.role).await?;
    Ok(created(InvitationSent {
        message: format!("Invitation sent to {}.", sent.email),
        email: sent.email,
        role: sent.role,
    }))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = TokenInput)]
pub struct AcceptBody {
    #[serde(default)]
    #[schema(required = true)]
    token: String,
}

/// The team joined, and the role there.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationAccepted {
    message: String,
    #[schema(schema_with = ulid)]
    team_id: TeamId,
    team_name: String,
    #[schema(schema_with = role)]
    role: Role,
}

/// Join the team of an invitation
#[utoipa::path(post, path = "/admin/accept-email-invitation", tag = "team", request_body = AcceptBody,
    responses((status = 200, description = "Success", body = Data<InvitationAccepted>),
        (status = 401, response = Unauthorized), (status = 403, description = "Not allowed for your role", body = ErrorBody),
        (status = 409, description = "Last admin of a team with members", body = ErrorBody),
        (status = 422, response = Invalid)))]
#[tracing::instrument(skip(state, caller, body), fields(user_id = %caller.id()))]
pub async fn accept(State(state): State<AppState>, caller: AuthUser, ApiJson(body): ApiJson<AcceptBody>) -> ApiResult {
    let joined = invitations::accept(&state, &caller.user, &body.token).await?;
    Ok(data(InvitationAccepted {
        message: format!("You have joined {}.", joined.team.name),
        team_id: joined.team.id,
        team_name: joined.team.name,
        role: joined.role,
    }))
}
