//! Invitations by e-mail: an admin invites (`POST /admin/invite`), the invited person accepts while signed in with
//! that address (`POST /admin/accept-email-invitation`) and moves from their own team to the inviting one.
//! The rules and the stored invitation live in `bt_app::account::invitations`.

use axum::extract::State;
use bt_api::schema::{role, ulid};
use bt_app::account::{invitations, Role};
use bt_app::types::{Email, TeamId};
use bt_http::auth::AuthUser;
use bt_http::openapi::{Data, Deleted, ErrorBody, Invalid, NotFound, Unauthorized};
use bt_http::AppState;
use bt_http::{created, data, ApiJson, ApiResult, IdPath};
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
    let sent = invitations::invite(&state, &caller.user, &body.email, &body.role, caller.language).await?;
    Ok(created(InvitationSent {
        message: format!("Invitation sent to {}.", sent.email),
        email: sent.email,
        role: sent.role,
    }))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = AcceptInvitationInput)]
pub struct AcceptBody {
    #[serde(default)]
    #[schema(required = true)]
    token: String,
    /// The browser's time zone (an IANA name): an account still in UTC moves to it, unless the team has a default.
    #[serde(default, rename = "timeZone")]
    #[schema(nullable = false)]
    time_zone: Option<String>,
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
    /// The member's time zone from now on.
    time_zone: String,
}

/// Join the team of an invitation
#[utoipa::path(post, path = "/admin/accept-email-invitation", tag = "team", request_body = AcceptBody,
    responses((status = 200, description = "Success", body = Data<InvitationAccepted>),
        (status = 401, response = Unauthorized), (status = 403, description = "Not allowed for your role", body = ErrorBody),
        (status = 409, description = "Last admin of a team with members", body = ErrorBody),
        (status = 422, response = Invalid)))]
#[tracing::instrument(skip(state, caller, body), fields(user_id = %caller.id()))]
pub async fn accept(State(state): State<AppState>, caller: AuthUser, ApiJson(body): ApiJson<AcceptBody>) -> ApiResult {
    let joined = invitations::accept(&state, &caller.user, &body.token, body.time_zone.as_deref()).await?;
    Ok(data(InvitationAccepted {
        message: format!("You have joined {}.", joined.team.name),
        team_id: joined.team.id,
        team_name: joined.team.name,
        role: joined.role,
        time_zone: joined.time_zone,
    }))
}

/// A pending invitation as admins see it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PendingInvitation {
    /// The invitation's id (it grants nothing: accepting takes the mailed link).
    id: String,
    #[schema(value_type = String)]
    email: Email,
    #[schema(schema_with = role)]
    role: Role,
    /// Who sent it (or sent it again).
    #[schema(schema_with = ulid)]
    invited_by: bt_app::types::UserId,
    /// RFC 3339.
    created_at: String,
    /// RFC 3339: the link works until then.
    expires_at: String,
    /// True once the link no longer works (send it again to renew it).
    expired: bool,
}

impl From<invitations::PendingInvitation> for PendingInvitation {
    fn from(p: invitations::PendingInvitation) -> Self {
        let expires_at = chrono::DateTime::from_timestamp(p.invitation.expires_at, 0)
            .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
            .unwrap_or_default();
        PendingInvitation {
            id: p.id,
            email: p.invitation.email,
            role: p.invitation.role,
            invited_by: p.invitation.invited_by,
            created_at: p.invitation.created_at,
            expires_at,
            expired: p.expired,
        }
    }
}

/// The team's pending invitations (admins)
///
/// Newest first, each with its expiry; expired ones stay listed (flagged) until they are cleared, so they can be sent
/// again.
#[utoipa::path(get, path = "/admin/invitations", tag = "team",
    responses((status = 200, description = "Success", body = Data<Vec<PendingInvitation>>),
        (status = 401, response = Unauthorized), (status = 403, description = "Only team admins can do this.", body = ErrorBody)))]
#[tracing::instrument(skip(state, caller), fields(user_id = %caller.id()))]
pub async fn pending(State(state): State<AppState>, caller: AuthUser) -> ApiResult {
    let list = invitations::list(&state, &caller.user).await?;
    Ok(data(list.into_iter().map(PendingInvitation::from).collect::<Vec<_>>()))
}

/// Send an invitation again (admins)
///
/// A new link, valid 7 days from now, vouched for by the caller; the old link stops working.
#[utoipa::path(post, path = "/admin/invitations/{id}/resend", tag = "team",
    params(("id" = String, Path, description = "The invitation's id, from the list")),
    responses((status = 200, description = "Success", body = Data<PendingInvitation>),
        (status = 401, response = Unauthorized), (status = 403, description = "Only team admins can do this.", body = ErrorBody),
        (status = 404, response = NotFound), (status = 429, description = "Too many mails to this address", body = ErrorBody)))]
#[tracing::instrument(skip(state, caller, id), fields(user_id = %caller.id()))]
pub async fn resend(State(state): State<AppState>, caller: AuthUser, IdPath(id): IdPath<String>) -> ApiResult {
    Ok(data(PendingInvitation::from(invitations::resend(&state, &caller.user, &id, caller.language).await?)))
}

/// Withdraw an invitation (admins)
#[utoipa::path(delete, path = "/admin/invitations/{id}", tag = "team",
    params(("id" = String, Path, description = "The invitation's id, from the list")),
    responses((status = 200, description = "Success", body = Data<Deleted>),
        (status = 401, response = Unauthorized), (status = 403, description = "Only team admins can do this.", body = ErrorBody),
        (status = 404, response = NotFound)))]
#[tracing::instrument(skip(state, caller, id), fields(user_id = %caller.id()))]
pub async fn revoke(State(state): State<AppState>, caller: AuthUser, IdPath(id): IdPath<String>) -> ApiResult {
    invitations::revoke(&state, &caller.user, &id).await?;
    Ok(data(Deleted { id, message: "Invitation withdrawn.".into() }))
}

/// What an invitation link offers.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationPreview {
    /// The address the invitation was sent to.
    #[schema(value_type = String)]
    email: Email,
    team_name: String,
    #[schema(schema_with = role)]
    role: Role,
    /// Whether that address has an account: sign in to accept; else sign up with it (the account joins the team
    /// once its address is verified).
    account_exists: bool,
}

/// What an invitation link offers (no sign-in needed)
///
/// For the page the mailed link opens: the invited address, the team, the role, and whether the address has an
/// account. 400 when the link is unknown, used or expired; 403 when its sender is no longer an admin.
#[utoipa::path(post, path = "/admin/invitation-preview", tag = "team", security(()), request_body = AcceptBody,
    responses((status = 200, description = "Success", body = Data<InvitationPreview>),
        (status = 400, description = "Unknown, used or expired", body = ErrorBody),
        (status = 403, description = "Its sender is no longer an admin", body = ErrorBody),
        (status = 422, response = Invalid)))]
#[tracing::instrument(skip(state, body))]
pub async fn preview(State(state): State<AppState>, ApiJson(body): ApiJson<AcceptBody>) -> ApiResult {
    let preview = invitations::preview(&state, &body.token).await?;
    Ok(data(InvitationPreview {
        email: preview.email,
        team_name: preview.team_name,
        role: preview.role,
        account_exists: preview.account_exists,
    }))
}
