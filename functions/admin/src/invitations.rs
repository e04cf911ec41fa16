//! Invitations by e-mail: an admin invites (`POST /admin/invite`), the invited person accepts while signed in with
//! that address (`POST /admin/accept-email-invitation`) and moves from their own team to the inviting one.
//! Only the SHA-256 of an invitation's token is stored (`INVITE#<hash>`), for 7 days, listed under the team by GSI1.

use axum::extract::State;
use bt_domain::account::{self, Role};
use bt_domain::auth::{hash_token, random_token};
use bt_domain::mail::link_mail;
use bt_domain::store::{Cond, Item, StoreError, TxOp, GSI1PK, GSI1SK};
use bt_domain::validate::{normalize_email, Check};
use bt_domain::{keys, ratelimit, AppError};
use bt_http::auth::AuthUser;
use bt_http::AppState;
use bt_http::{created, data, ApiJson, ApiResult};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::team::{changed_meanwhile, delete_team_leftovers, move_team_scoped_items, parse_role, still_admin};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Invitation {
    #[serde(rename = "teamId")]
    pub team_id: String,
    #[serde(rename = "teamName")]
    pub team_name: String,
    pub email: String,
    pub role: Role,
    #[serde(rename = "invitedBy")]
    pub invited_by: String,
    #[serde(rename = "createdAt")]
    pub created_at: String,
    #[serde(rename = "expiresAt")]
    pub expires_at: i64,
    pub ttl: i64,
}

#[derive(Deserialize)]
pub struct InviteBody {
    #[serde(default)]
    email: String,
    #[serde(default)]
    role: String,
}

#[tracing::instrument(skip(state, caller, body), fields(user_id = %caller.id()))]
pub async fn invite(State(state): State<AppState>, caller: AuthUser, ApiJson(body): ApiJson<InviteBody>) -> ApiResult {
    caller.require_admin()?;
    let email = normalize_email(&body.email);
    let mut check = Check::new();
    check
        .required("email", &email, "Email is required.")
        .email("email", &email, "Please enter a valid email address.")
        .max_chars("email", &email, 70, "Email must not exceed 70 characters.");
    let role = parse_role(&mut check, &body.role);
    check.finish()?;
    let role = role.ok_or_else(|| AppError::field("role", "Role must be admin, hr or member."))?;
    let members = account::team_members(state.table(), caller.team_id()).await?;
    if members.iter().any(|m| m.email == email) {
        return Err(AppError::Conflict("This person is already a member of your team.".into()).into());
    }
    ratelimit::hit(&state, "mail", &email, state.config.rate_limits.mail_per_email).await?;
    let team = account::get_team(state.table(), caller.team_id()).await?.ok_or_else(AppError::not_found)?;

    let token = random_token();
    let now = state.clock.now();
    let expires_at = now.timestamp() + state.config.invite_token_secs;
    let invitation = Invitation {
        team_id: team.id.clone(),
        team_name: team.name.clone(),
        email: email.clone(),
        role,
        invited_by: caller.id().to_string(),
        created_at: now.to_rfc3339(),
        expires_at,
        ttl: expires_at,
    };
    let key = keys::invitation(&hash_token(&token));
    let mut item = account::to_item("invitation", &key, &invitation)?;
    item.insert(GSI1PK.into(), keys::team_invites_gsi(&team.id).into());
    item.insert(GSI1SK.into(), invitation.created_at.clone().into());
    state.store.put(item, Cond::NotExists).await?;

    let link = format!("{}/accept-email-invitation?token={token}", state.config.app_url);
    let mail = link_mail(
        &email,
        &format!("{} invited you to {} on Breaktime", caller.user.name, team.name),
        &format!(
            "{} invited you to join the team \"{}\" on Breaktime as {}. Sign in (or sign up) with this email \
             address, then accept the invitation. It is valid for 7 days.",
            caller.user.name,
            team.name,
            role.as_str()
        ),
        "Accept the invitation",
        &link,
    );
    if let Err(e) = state.mailer.send(mail).await {
        tracing::error!(error = %e, "invitation mail not sent");
        state.store.delete(&key, Cond::None).await?;
        return Err(
            AppError::Unavailable("The invitation email could not be sent. Please try again later.".into()).into()
        );
    }
    tracing::info!(team_id = %team.id, role = role.as_str(), "invitation sent");
    Ok(created(json!({ "message": format!("Invitation sent to {email}."), "email": email, "role": role })))
}

#[derive(Deserialize)]
pub struct AcceptBody {
    #[serde(default)]
    token: String,
}

fn invalid_invitation() -> AppError {
    AppError::BadRequest("This invitation is invalid or has already been used.".into())
}

#[tracing::instrument(skip(state, caller, body), fields(user_id = %caller.id()))]
pub async fn accept(State(state): State<AppState>, caller: AuthUser, ApiJson(body): ApiJson<AcceptBody>) -> ApiResult {
    let token = body.token.trim();
    Check::new().required("token", token, "Token is required.").finish()?;
    let key = keys::invitation(&hash_token(token));
    let item = state.store.get(&key).await?.ok_or_else(invalid_invitation)?;
    let invitation: Invitation = account::from_item(item)?;
    if invitation.expires_at <= state.clock.now().timestamp() {
        state.store.delete(&key, Cond::None).await?;
        return Err(AppError::BadRequest("This invitation has expired. Please ask for a new one.".into()).into());
    }
    let user = caller.user;
    if invitation.email != user.email {
        return Err(AppError::Forbidden("This invitation was sent to another email address.".into()).into());
    }
    if invitation.team_id == user.team_id {
        state.store.delete(&key, Cond::None).await?;
        return Err(AppError::Conflict("You are already a member of this team.".into()).into());
    }
    let Some(team) = account::get_team(state.table(), &invitation.team_id).await? else {
        state.store.delete(&key, Cond::None).await?;
        return Err(invalid_invitation().into());
    };
    let old_team = user.team_id.clone();
    let old_members = account::team_members(state.table(), &old_team).await?;
    if account::is_last_admin_with_others(&old_members, &user.id) {
        return Err(AppError::Conflict("Make another member admin before joining another team.".into()).into());
    }
    let alone = old_members.iter().all(|m| m.user_id == user.id);

    let now = state.clock.now().to_rfc3339();
    let mut moved = user.clone();
    moved.team_id = team.id.clone();
    moved.role = invitation.role;
    let mut set = Item::new();
    set.insert("teamId".into(), team.id.clone().into());
    set.insert("role".into(), invitation.role.as_str().into());
    let mut writes = vec![
        TxOp::Delete { key: key.clone(), cond: Cond::Exists },
        TxOp::Delete { key: keys::member(&old_team, &user.id), cond: Cond::Exists },
        TxOp::Put {
            item: account::member_item(&team.id, &account::membership_of(&moved, &now))?,
            cond: Cond::NotExists,
        },
        TxOp::Update { key: keys::user(&user.id), set, cond: Cond::eq("teamId", old_team.clone()) },
        TxOp::Check { key: keys::team(&team.id), cond: Cond::Exists },
    ];
    if alone {
        writes.push(TxOp::Delete { key: keys::team(&old_team), cond: Cond::Exists });
    } else if user.role == Role::Admin {
        if let Some(keeper) = old_members.iter().find(|m| m.user_id != user.id && m.role == Role::Admin) {
            writes.push(still_admin(&old_team, &keeper.user_id));
        }
    }
    match state.store.transact(writes).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => {
            return Err(
                if state.store.get(&key).await?.is_none() { invalid_invitation() } else { changed_meanwhile() }.into()
            )
        }
        Err(e) => return Err(e.into()),
    }
    move_team_scoped_items(&state, &user.id, &old_team, &team.id).await?;
    if alone {
        delete_team_leftovers(&state, &old_team).await?;
    }
    tracing::info!(team_id = %team.id, "invitation accepted");
    Ok(data(json!({
        "message": format!("You have joined {}.", team.name),
        "teamId": team.id,
        "teamName": team.name,
        "role": invitation.role,
    })))
}
