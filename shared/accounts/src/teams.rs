//! Teams and memberships: every user belongs to exactly one team (`user.teamId`, mirrored by the membership item
//! `TEAM#<teamId>` / `MEMBER#<userId>`). Role changes and moves between teams write the profile and the membership
//! in one transaction, and a team with members always keeps an admin ([`admin_who_stays`]).

use serde::{Deserialize, Serialize};

use super::users::{get_user, Role, User};
use super::{from_item, to_item};
use bt_core::error::{AppError, AppResult};
use bt_core::keys;
use bt_core::services::Services;
use bt_core::store::{attr_str, key_of, Cond, Item, Query, SkCond, StoreError, Table, TxOp, GSI1PK, GSI2PK, PK, SK};
use bt_core::types::{Email, RecordId, TeamId, UserId};
use bt_core::validate::Check;

/// The team item (`TEAM#<id>` / `TEAM`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Team {
    pub id: TeamId,
    pub name: String,
    #[serde(rename = "createdAt")]
    pub created_at: String,
}

/// The membership item (`TEAM#<teamId>` / `MEMBER#<userId>`), denormalised for one-Query team lists.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Member {
    #[serde(rename = "userId")]
    pub user_id: UserId,
    pub name: String,
    pub email: Email,
    pub role: Role,
    #[serde(rename = "joinedAt")]
    pub joined_at: String,
}

/// A new one-person team for `owner_name` (every user belongs to a team).
pub fn personal_team(owner_name: &str, now: &str) -> Team {
    Team { id: TeamId::new(), name: format!("{}'s team", owner_name.trim()), created_at: now.to_string() }
}

pub fn team_item(team: &Team) -> AppResult<Item> {
    to_item("team", &keys::team(&team.id), team)
}

pub fn member_item(team_id: &TeamId, member: &Member) -> AppResult<Item> {
    to_item("member", &keys::member(team_id, &member.user_id), member)
}

/// The membership a user holds in their team (name, e-mail and role copied from the profile).
pub fn membership_of(user: &User, joined_at: &str) -> Member {
    Member {
        user_id: user.id.clone(),
        name: user.name.clone(),
        email: user.email.clone(),
        role: user.role,
        joined_at: joined_at.to_string(),
    }
}

pub async fn get_team(store: &dyn Table, team_id: &TeamId) -> AppResult<Option<Team>> {
    match store.get(&keys::team(team_id)).await? {
        Some(item) => Ok(Some(from_item(item)?)),
        None => Ok(None),
    }
}

fn members_query(team_id: &TeamId) -> Query {
    Query::table(keys::team_pk(team_id), SkCond::BeginsWith(keys::MEMBER_PREFIX.into()))
}

pub async fn team_members(store: &dyn Table, team_id: &TeamId) -> AppResult<Vec<Member>> {
    store.query_all(&members_query(team_id)).await?.into_iter().map(from_item).collect()
}

pub async fn team_member_count(store: &dyn Table, team_id: &TeamId) -> AppResult<u64> {
    Ok(store.count(&members_query(team_id)).await?)
}

/// The membership of `user_id` in the team, if they belong to it.
pub async fn find_member(store: &dyn Table, team_id: &TeamId, user_id: &UserId) -> AppResult<Option<Member>> {
    match store.get(&keys::member(team_id, user_id)).await? {
        Some(item) => Ok(Some(from_item(item)?)),
        None => Ok(None),
    }
}

/// Whether `user_id` belongs to the team.
pub async fn is_member(store: &dyn Table, team_id: &TeamId, user_id: &UserId) -> AppResult<bool> {
    Ok(store.get(&keys::member(team_id, user_id)).await?.is_some())
}

async fn get_member(store: &dyn Table, team_id: &TeamId, user_id: &UserId) -> AppResult<Member> {
    find_member(store, team_id, user_id).await?.ok_or_else(|| AppError::NotFound("Member not found.".into()))
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

/// A role from a request body: field errors as the forms show them.
pub fn role_field(role: &str) -> AppResult<Role> {
    let mut check = Check::new();
    let parsed = parse_role(&mut check, role);
    check.finish()?;
    parsed.ok_or_else(|| AppError::field("role", "Role must be admin, hr or member."))
}

// ---- the rule: a team keeps an admin ----------------------------------------------------------------------------

/// How a member stops being an admin of their team.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdminChange {
    /// They stay in the team with another role.
    Demoted,
    /// They leave the team (deletion, a move to another team).
    Leaves,
}

/// The change would leave a team with members but without an admin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LastAdmin;

/// The rule "a team keeps an admin": whether `user_id` may be demoted or leave, given the team's `members`.
/// It is refused when they are an admin, no other member is one, and someone would remain (themselves when
/// demoted). Otherwise the answer is the other admin who stays, if any: the write must check that this member is
/// still an admin when it commits (two admins demoting or leaving at the same moment).
pub fn admin_who_stays<'a>(
    members: &'a [Member],
    user_id: &UserId,
    change: AdminChange,
) -> Result<Option<&'a Member>, LastAdmin> {
    let is_admin = members.iter().any(|m| m.user_id == *user_id && m.role == Role::Admin);
    let other_admin = members.iter().find(|m| m.user_id != *user_id && m.role == Role::Admin);
    let others = members.iter().any(|m| m.user_id != *user_id);
    let someone_remains = others || change == AdminChange::Demoted;
    if is_admin && other_admin.is_none() && someone_remains {
        return Err(LastAdmin);
    }
    Ok(other_admin)
}

/// A transaction part that fails unless `user_id` is still an admin of the team when it commits.
pub fn still_admin(team_id: &TeamId, user_id: &UserId) -> TxOp {
    TxOp::Check { key: keys::member(team_id, user_id), cond: Cond::eq("role", Role::Admin.as_str()) }
}

// ---- use cases -------------------------------------------------------------------------------------------------

/// Gives a member of the admin's team another role; returns the membership as changed.
pub async fn set_role(state: &Services, admin: &User, target_id: &UserId, role: &str) -> AppResult<Member> {
    admin.require_admin()?;
    let role = role_field(role)?;
    let team_id = admin.team_id.clone();
    let mut target = get_member(state.table(), &team_id, target_id).await?;
    if target.role == role {
        return Ok(target);
    }
    // Whoever stays admin must still be one when this commits (two admins demoting each other at once).
    let mut guards = Vec::new();
    if admin.id != *target_id {
        guards.push(admin.id.clone());
    }
    if target.role == Role::Admin {
        let members = team_members(state.table(), &team_id).await?;
        let keeper = admin_who_stays(&members, target_id, AdminChange::Demoted).map_err(|_| {
            AppError::Conflict("A team needs at least one admin. Make another member admin first.".into())
        })?;
        if let Some(keeper) = keeper {
            if !guards.contains(&keeper.user_id) {
                guards.push(keeper.user_id.clone());
            }
        }
    }
    let mut set = Item::new();
    set.insert("role".into(), role.as_str().into());
    let mut writes = vec![
        TxOp::Update { key: keys::member(&team_id, target_id), set: set.clone(), cond: Cond::Exists },
        TxOp::Update { key: keys::user(target_id), set, cond: Cond::eq("teamId", team_id.clone()) },
    ];
    writes.extend(guards.iter().map(|id| still_admin(&team_id, id)));
    match state.table().transact(writes).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => return Err(changed_meanwhile()),
        Err(e) => return Err(e.into()),
    }
    if target.role == Role::Admin {
        // An admin no more: the invitations they sent lose their sender.
        super::invitations::revoke_sent_by(state.table(), &team_id, target_id).await?;
    }
    tracing::info!(target_id = %target_id, role = role.as_str(), "role changed");
    target.role = role;
    Ok(target)
}

/// Removes a member from the admin's team; returns the membership they had. The removed person keeps their account
/// and records and gets a new team of their own; their access tokens stop working (they continue after a refresh,
/// in the new team).
pub async fn remove_member(state: &Services, admin: &User, target_id: &UserId) -> AppResult<Member> {
    admin.require_admin()?;
    let team_id = admin.team_id.clone();
    if admin.id == *target_id {
        return Err(AppError::BadRequest(
            "You cannot remove yourself. Delete your account or join another team instead.".into(),
        ));
    }
    let member = get_member(state.table(), &team_id, target_id).await?;
    let target = get_user(state.table(), target_id).await?.ok_or_else(AppError::not_found)?;
    let now = state.clock.now().to_rfc3339();
    let team = personal_team(&target.name, &now);
    let mut moved = target.clone();
    moved.team_id = team.id.clone();
    moved.role = Role::Admin;
    let mut set = Item::new();
    set.insert("teamId".into(), team.id.clone().into());
    set.insert("role".into(), Role::Admin.as_str().into());
    set.insert("tokenVersion".into(), (target.token_version + 1).into());
    let writes = vec![
        TxOp::Delete { key: keys::member(&team_id, target_id), cond: Cond::Exists },
        TxOp::Update { key: keys::user(target_id), set, cond: Cond::eq("teamId", team_id.clone()) },
        TxOp::Put { item: team_item(&team)?, cond: Cond::NotExists },
        TxOp::Put { item: member_item(&team.id, &membership_of(&moved, &now))?, cond: Cond::NotExists },
        // The admin's authority must hold when this commits.
        still_admin(&team_id, &admin.id),
    ];
    match state.table().transact(writes).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => return Err(changed_meanwhile()),
        Err(e) => return Err(e.into()),
    }
    move_team_scoped_items(state.table(), target_id, &team_id, &team.id).await?;
    super::invitations::revoke_sent_by(state.table(), &team_id, target_id).await?;
    tracing::info!(target_id = %target_id, "member removed");
    Ok(member)
}

/// After a user changed teams, what placed them in the old one follows them: the live-break presence item moves to
/// the new team's partition, and every item of theirs that names the team (`teamId`, and team-wide index keys
/// `GSI2PK = TEAM#<teamId>#...`) names the new one, so the old team's lists and reports no longer include them.
pub async fn move_team_scoped_items(store: &dyn Table, user_id: &UserId, from: &TeamId, to: &TeamId) -> AppResult<()> {
    if let Some(mut item) = store.delete(&keys::team_on_break(from, user_id), Cond::None).await? {
        let key = keys::team_on_break(to, user_id);
        item.insert(PK.into(), key.pk.into());
        item.insert(SK.into(), key.sk.into());
        if item.contains_key("teamId") {
            item.insert("teamId".into(), to.clone().into());
        }
        store.put(item, Cond::None).await?;
    }
    let old_prefix = format!("{}#", keys::team_pk(from));
    let items = store.query_all(&Query::table(keys::user_pk(user_id), SkCond::All)).await?;
    for item in items {
        let mut set = Item::new();
        if attr_str(&item, "teamId") == Some(from.as_str()) {
            set.insert("teamId".into(), to.clone().into());
        }
        if let Some(rest) = attr_str(&item, GSI2PK).and_then(|pk| pk.strip_prefix(old_prefix.as_str())) {
            set.insert(GSI2PK.into(), format!("{}#{rest}", keys::team_pk(to)).into());
        }
        let Some(key) = key_of(&item) else { continue };
        if attr_str(&item, "entity_type") == Some("leave") {
            if let Some(id) = attr_str(&item, "_id").and_then(|id| RecordId::parse(id).ok()) {
                move_leave_request(store, &id, from, to).await?;
            }
        }
        if set.is_empty() || key == keys::user(user_id) {
            continue;
        }
        // Skipped when the item went away meanwhile (a record deleted at the same moment).
        match store.update(&key, set, Cond::Exists).await {
            Ok(_) | Err(StoreError::ConditionFailed) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

/// A member changed teams: the item by which approvers reach one of their leaves moves to the new team (a pending
/// request is then the new team's to decide).
async fn move_leave_request(store: &dyn Table, leave_id: &RecordId, from: &TeamId, to: &TeamId) -> AppResult<()> {
    let Some(mut item) = store.delete(&keys::leave_request(from, leave_id), Cond::None).await? else { return Ok(()) };
    let key = keys::leave_request(to, leave_id);
    item.insert(PK.into(), key.pk.into());
    item.insert(SK.into(), key.sk.into());
    if item.contains_key(GSI1PK) {
        item.insert(GSI1PK.into(), keys::team_pending_gsi(to).into());
    }
    store.put(item, Cond::None).await?;
    Ok(())
}

/// Deletes what is left in the partition of a team nobody belongs to any more.
pub async fn delete_team_leftovers(store: &dyn Table, team_id: &TeamId) -> AppResult<()> {
    for item in store.query_all(&Query::table(keys::team_pk(team_id), SkCond::All)).await? {
        if let Some(key) = key_of(&item) {
            store.delete(&key, Cond::None).await?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ids of the members of these tests, one per letter.
    fn id(letter: &str) -> UserId {
        let id = match letter {
            "A" => "01HZX3Y8Q2W5E7R9T1V3B5N7MA",
            "B" => "01HZX3Y8Q2W5E7R9T1V3B5N7MB",
            "C" => "01HZX3Y8Q2W5E7R9T1V3B5N7MC",
            other => panic!("no test id for {other}"),
        };
        UserId::parse(id).unwrap()
    }

    fn member(letter: &str, role: Role) -> Member {
        Member {
            user_id: id(letter),
            name: letter.into(),
            email: Email::parse(&format!("{letter}@example.com")).unwrap(),
            role,
            joined_at: String::new(),
        }
    }

    #[test]
    fn the_last_admin_cannot_leave_members_behind() {
        let team = [member("A", Role::Admin), member("B", Role::Member)];
        assert_eq!(admin_who_stays(&team, &id("A"), AdminChange::Leaves).unwrap_err(), LastAdmin);
        assert_eq!(admin_who_stays(&team, &id("A"), AdminChange::Demoted).unwrap_err(), LastAdmin);
        // A member who is no admin may always go.
        assert!(admin_who_stays(&team, &id("B"), AdminChange::Leaves).unwrap().is_some_and(|m| m.user_id == id("A")));
    }

    #[test]
    fn another_admin_is_named_so_the_write_can_check_them() {
        let team = [member("A", Role::Admin), member("B", Role::Hr), member("C", Role::Admin)];
        assert_eq!(admin_who_stays(&team, &id("A"), AdminChange::Leaves).unwrap().unwrap().user_id, id("C"));
        assert_eq!(admin_who_stays(&team, &id("A"), AdminChange::Demoted).unwrap().unwrap().user_id, id("C"));
    }

    #[test]
    fn an_admin_alone_may_leave_but_not_step_down() {
        let team = [member("A", Role::Admin)];
        assert!(admin_who_stays(&team, &id("A"), AdminChange::Leaves).unwrap().is_none());
        assert_eq!(admin_who_stays(&team, &id("A"), AdminChange::Demoted).unwrap_err(), LastAdmin);
    }

    #[test]
    fn roles_are_parsed_with_the_forms_messages() {
        assert_eq!(role_field(" HR ").unwrap(), Role::Hr);
        let AppError::Validation(fields) = role_field("").unwrap_err() else { panic!("a validation error") };
        assert_eq!(fields["role"], "Role is required.");
        let AppError::Validation(fields) = role_field("owner").unwrap_err() else { panic!("a validation error") };
        assert_eq!(fields["role"], "Role must be admin, hr or member.");
    }
}
