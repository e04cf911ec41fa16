//! The caller's team: member count and list, role changes, removal of a member.

use axum::extract::State;
use bt_domain::account::{self, Member, Role};
use bt_domain::records::presence;
use bt_domain::store::{attr_str, Cond, Item, Query, SkCond, StoreError, TxOp};
use bt_domain::validate::Check;
use bt_domain::{keys, AppError, AppResult};
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

pub fn changed_meanwhile() -> AppError {
    AppError::Conflict("Your team was changed meanwhile. Please try again.".into())
}

/// Parses a role from a request body field.
pub fn parse_role(check: &mut Check, role: &str) -> Option<Role> {
    check.required("role", role, "Role is required.");
    let parsed = Role::parse(role);
    if !role.trim().is_empty() {
        check.rule("role", parsed.is_some(), "Role must be admin, hr or member.");
    }
    parsed
}

/// A transaction part that fails unless `user_id` is still an admin of the team when it commits.
pub fn still_admin(team_id: &str, user_id: &str) -> TxOp {
    TxOp::Check { key: keys::member(team_id, user_id), cond: Cond::eq("role", Role::Admin.as_str()) }
}

#[tracing::instrument(skip(state, caller), fields(user_id = %caller.id()))]
pub async fn member_count(State(state): State<AppState>, caller: AuthUser) -> ApiResult {
    Ok(data(account::team_member_count(state.table(), caller.team_id()).await?))
}

/// The members with their status now (available, on a live break, on leave today), sorted by name.
#[tracing::instrument(skip(state, caller), fields(user_id = %caller.id()))]
pub async fn members(State(state): State<AppState>, caller: AuthUser) -> ApiResult {
    let today = caller.owner().today(state.clock.now());
    Ok(data(presence::team_presence(state.table(), caller.team_id(), today).await?))
}

async fn get_member(state: &AppState, team_id: &str, user_id: &str) -> AppResult<Member> {
    match state.store.get(&keys::member(team_id, user_id)).await? {
        Some(item) => account::from_item(item),
        None => Err(AppError::NotFound("Member not found.".into())),
    }
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
    caller.require_admin()?;
    let mut check = Check::new();
    let role = parse_role(&mut check, &body.role);
    check.finish()?;
    let role = role.ok_or_else(|| AppError::field("role", "Role must be admin, hr or member."))?;
    let team_id = caller.team_id().to_string();
    let mut target = get_member(&state, &team_id, &target_id).await?;
    if target.role == role {
        return Ok(data(member_json(&target)));
    }
    // Whoever stays admin must still be one when this commits (two admins demoting each other at once).
    let mut guards = Vec::new();
    if caller.id() != target_id {
        guards.push(caller.id().to_string());
    }
    if target.role == Role::Admin {
        let members = account::team_members(state.table(), &team_id).await?;
        let Some(keeper) = members.iter().find(|m| m.user_id != target_id && m.role == Role::Admin) else {
            return Err(
                AppError::Conflict("A team needs at least one admin. Make another member admin first.".into()).into()
            );
        };
        if !guards.contains(&keeper.user_id) {
            guards.push(keeper.user_id.clone());
        }
    }
    let mut set = Item::new();
    set.insert("role".into(), role.as_str().into());
    let mut writes = vec![
        TxOp::Update { key: keys::member(&team_id, &target_id), set: set.clone(), cond: Cond::Exists },
        TxOp::Update { key: keys::user(&target_id), set, cond: Cond::eq("teamId", team_id.clone()) },
    ];
    writes.extend(guards.iter().map(|id| still_admin(&team_id, id)));
    match state.store.transact(writes).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => return Err(changed_meanwhile().into()),
        Err(e) => return Err(e.into()),
    }
    tracing::info!(target_id = %target_id, role = role.as_str(), "role changed");
    target.role = role;
    Ok(data(member_json(&target)))
}

/// Removes a member from the caller's team. The removed person keeps their account and records and gets a new
/// team of their own; their access tokens stop working (they continue after a refresh, in the new team).
#[tracing::instrument(skip(state, caller), fields(user_id = %caller.id()))]
pub async fn remove_member(State(state): State<AppState>, caller: AuthUser, IdPath(target_id): IdPath) -> ApiResult {
    caller.require_admin()?;
    let team_id = caller.team_id().to_string();
    if caller.id() == target_id {
        return Err(AppError::BadRequest(
            "You cannot remove yourself. Delete your account or join another team instead.".into(),
        )
        .into());
    }
    let member = get_member(&state, &team_id, &target_id).await?;
    let target = account::get_user(state.table(), &target_id).await?.ok_or_else(AppError::not_found)?;
    let now = state.clock.now().to_rfc3339();
    let team = account::personal_team(&target.name, &now);
    let mut moved = target.clone();
    moved.team_id = team.id.clone();
    moved.role = Role::Admin;
    let mut set = Item::new();
    set.insert("teamId".into(), team.id.clone().into());
    set.insert("role".into(), Role::Admin.as_str().into());
    set.insert("tokenVersion".into(), (target.token_version + 1).into());
    let writes = vec![
        TxOp::Delete { key: keys::member(&team_id, &target_id), cond: Cond::Exists },
        TxOp::Update { key: keys::user(&target_id), set, cond: Cond::eq("teamId", team_id.clone()) },
        TxOp::Put { item: account::team_item(&team)?, cond: Cond::NotExists },
        TxOp::Put {
            item: account::member_item(&team.id, &account::membership_of(&moved, &now))?,
            cond: Cond::NotExists,
        },
        still_admin(&team_id, caller.id()),
    ];
    match state.store.transact(writes).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => return Err(changed_meanwhile().into()),
        Err(e) => return Err(e.into()),
    }
    move_team_scoped_items(&state, &target_id, &team_id, &team.id).await?;
    tracing::info!(target_id = %target_id, "member removed");
    Ok(data(json!({ "message": format!("{} has been removed from the team.", member.name) })))
}

/// After a user changed teams, what placed them in the old one follows them: the live-break presence item moves to
/// the new team's partition, and every item of theirs that names the team (`teamId`, and team-wide index keys
/// `GSI2PK = TEAM#<teamId>#...`) names the new one, so the old team's lists and reports no longer include them.
pub async fn move_team_scoped_items(state: &AppState, user_id: &str, from: &str, to: &str) -> AppResult<()> {
    use bt_domain::store::{key_of, GSI2PK, PK, SK};
    if let Some(mut item) = state.store.delete(&keys::team_on_break(from, user_id), Cond::None).await? {
        let key = keys::team_on_break(to, user_id);
        item.insert(PK.into(), key.pk.into());
        item.insert(SK.into(), key.sk.into());
        if item.contains_key("teamId") {
            item.insert("teamId".into(), to.into());
        }
        state.store.put(item, Cond::None).await?;
    }
    let old_prefix = format!("{}#", keys::team_pk(from));
    let items = state.store.query_all(&Query::table(keys::user_pk(user_id), SkCond::All)).await?;
    for item in items {
        let mut set = Item::new();
        if attr_str(&item, "teamId") == Some(from) {
            set.insert("teamId".into(), to.into());
        }
        if let Some(rest) = attr_str(&item, GSI2PK).and_then(|pk| pk.strip_prefix(old_prefix.as_str())) {
            set.insert(GSI2PK.into(), format!("{}#{rest}", keys::team_pk(to)).into());
        }
        let Some(key) = key_of(&item) else { continue };
        if set.is_empty() || key == keys::user(user_id) {
            continue;
        }
        // Skipped when the item went away meanwhile (a record deleted at the same moment).
        match state.store.update(&key, set, Cond::Exists).await {
            Ok(_) | Err(StoreError::ConditionFailed) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

/// Deletes what is left in the partition of a team nobody belongs to any more.
pub async fn delete_team_leftovers(state: &AppState, team_id: &str) -> AppResult<()> {
    for item in state.store.query_all(&Query::table(keys::team_pk(team_id), SkCond::All)).await? {
        if let Some(key) = bt_domain::store::key_of(&item) {
            state.store.delete(&key, Cond::None).await?;
        }
    }
    Ok(())
}
