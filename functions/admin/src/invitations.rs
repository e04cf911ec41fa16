//! Invitations by e-mail: an admin invites (`POST /admin/invite`), the invited person accepts while signed in with
//! that address (`POST /admin/accept-email-invitation`) and moves from their own team to the inviting one.
//! The rules and the stored invitation live in `bt_domain::account::invitations`.

use axum::extract::State;
use bt_domain::account::invitations;
use bt_http::auth::AuthUser;
use bt_http::AppState;
use bt_http::{created, data, ApiJson, ApiResult};
use serde::Deserialize;
use serde_json::json;

#[derive(Deserialize)]
pub struct InviteBody {
    #[serde(default)]
    email: String,
    #[serde(default)]
    role: String,
}

#[tracing::instrument(skip(state, caller, body), fields(user_id = %caller.id()))]
pub async fn invite(State(state): State<AppState>, caller: AuthUser, ApiJson(body): ApiJson<InviteBody>) -> ApiResult {
    let sent = invitations::invite(&state, &caller.user, &body.email, &body.role).await?;
    Ok(created(json!({
        "message": format!("Invitation sent to {}.", sent.email),
        "email": sent.email,
        "role": sent.role,
    })))
}

#[derive(Deserialize)]
pub struct AcceptBody {
    #[serde(default)]
    token: String,
}

#[tracing::instrument(skip(state, caller, body), fields(user_id = %caller.id()))]
pub async fn accept(State(state): State<AppState>, caller: AuthUser, ApiJson(body): ApiJson<AcceptBody>) -> ApiResult {
    let joined = invitations::accept(&state, &caller.user, &body.token).await?;
    Ok(data(json!({
        "message": format!("You have joined {}.", joined.team.name),
        "teamId": joined.team.id,
        "teamName": joined.team.name,
        "role": joined.role,
    })))
}
