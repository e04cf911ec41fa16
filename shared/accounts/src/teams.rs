//! Teams and memberships: every user belongs to exactly one team (`user.teamId`, mirrored by the membership item
//! `TEAM#<teamId>` / `MEMBER#<userId>`). Role changes and moves between teams write the profile and the membership
//! in one transaction, and a team with members always keeps an admin ([`admin_who_stays`]).

use serde::{Deserialize, Serialize};

use super::users::{get_user, Role, User};
use crate::audit::{self, Action, Entry};
use crate::repo;
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::{Email, TeamId, UserId};
use bt_core::validate::Check;

/// The team item (`TEAM#<id>` / `TEAM`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Team {
    pub id: TeamId,
    pub name: String,
    #[serde(rename = "createdAt")]
    pub created_at: String,
    /// The time zone the team's new members start in, when an admin set one (an IANA name); without it a new
    /// member starts in their browser's.
    #[serde(rename = "timeZone", default, skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
    /// The team's admin is still to be asked for its name: set on a new team, cleared once an admin named it or
    /// dismissed the question. Teams from before have none, and keep their name until it is changed.
    #[serde(rename = "askName", default, skip_serializing_if = "std::ops::Not::not")]
    pub ask_name: bool,
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

/// A new one-person team for `owner_name` (every user belongs to a team), called "<owner>'s team" until its admin
/// names it (they are asked once).
pub fn personal_team(owner_name: &str, now: &str) -> Team {
    Team {
        id: TeamId::new(),
        name: format!("{}'s team", owner_name.trim()),
        created_at: now.to_string(),
        time_zone: None,
        ask_name: true,
    }
}

pub use crate::repo::teams::{
    delete_leftovers as delete_team_leftovers, find_member, get as get_team, is_member, member_item,
    members as team_members, move_team_scoped_items, still_admin, team_item,
};

/// How many members the team has.
pub async fn team_member_count(app: &Services, team_id: &TeamId) -> AppResult<u64> {
    let store = app.table();
    repo::teams::member_count(store, team_id).await
}

/// Whether the person is a member of the team (the check before a team view of one person).
pub async fn has_member(app: &Services, team_id: &TeamId, user_id: &UserId) -> AppResult<bool> {
    let store = app.table();
    is_member(store, team_id, user_id).await
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
    let logged = Entry::by(admin, Action::RoleChanged, state.clock.now())
        .whose(target_id, &target.name)
        .change(Some(&target.role), Some(&role));
    let mut writes = vec![
        repo::teams::set_role_op(&team_id, target_id, role),
        repo::users::set_role_op(target_id, &team_id, role),
        audit::op(&logged)?,
    ];
    writes.extend(guards.iter().map(|id| still_admin(&team_id, id)));
    if !repo::commit(state.table(), writes).await? {
        return Err(changed_meanwhile());
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
    let writes = vec![
        repo::teams::leave_op(&team_id, target_id),
        repo::users::move_to_team_op(target_id, &team_id, &team.id, Role::Admin, Some(target.token_version + 1), None),
        repo::teams::insert_op(&team)?,
        repo::teams::join_op(&team.id, &membership_of(&moved, &now))?,
        // The admin's authority must hold when this commits.
        still_admin(&team_id, &admin.id),
        audit::op(
            &Entry::by(admin, Action::MemberRemoved, state.clock.now())
                .whose(target_id, &target.name)
                .about(member.email.to_string()),
        )?,
    ];
    if !repo::commit(state.table(), writes).await? {
        return Err(changed_meanwhile());
    }
    move_team_scoped_items(state.table(), target_id, &team_id, &team.id).await?;
    super::invitations::revoke_sent_by(state.table(), &team_id, target_id).await?;
    tracing::info!(target_id = %target_id, "member removed");
    Ok(member)
}

// ---- the team's name and default time zone ----------------------------------------------------------------------

pub const TEAM_NAME_REQUIRED: &str = "Team name is required.";
pub const TEAM_NAME_TOO_LONG: &str = "Team name must not exceed 60 characters.";

/// The rules of a team's name (trimmed): 1 to 60 characters.
pub fn check_team_name(check: &mut Check, name: &str) {
    check.required("name", name, TEAM_NAME_REQUIRED).max_chars("name", name, 60, TEAM_NAME_TOO_LONG);
}

/// What `PUT /admin/team` may change. Any such call also ends the question for the team's name.
#[derive(Debug, Clone, Default)]
pub struct TeamInput {
    pub name: Option<String>,
    /// An IANA name, or empty to let new members start in their browser's zone again.
    pub time_zone: Option<String>,
}

/// The caller's team (any member may read its name; the rest is for its admins to act on).
pub async fn team_of(state: &Services, user: &User) -> AppResult<Team> {
    get_team(state.table(), &user.team_id).await?.ok_or_else(AppError::not_found)
}

/// The admin names the team, sets (or clears) the time zone new members start in, or only dismisses the question
/// for the team's name; returns the team as stored. A change of name or zone is in the team's audit log.
pub async fn update_team(state: &Services, admin: &User, input: &TeamInput) -> AppResult<Team> {
    admin.require_admin()?;
    let name = input.name.as_deref().map(str::trim);
    let time_zone = input.time_zone.as_deref().map(str::trim);
    let mut check = Check::new();
    if let Some(name) = name {
        check_team_name(&mut check, name);
    }
    let zone = match time_zone {
        Some("") => Some(None),
        Some(given) => {
            let zone = super::users::check_time_zone(&mut check, "timeZone", given);
            zone.map(Some)
        }
        None => None,
    };
    check.finish()?;

    let mut team = team_of(state, admin).await?;
    let new_name = name.filter(|n| *n != team.name).map(str::to_string);
    let new_zone = zone.filter(|z| *z != team.time_zone);
    if new_name.is_none() && new_zone.is_none() && !team.ask_name {
        return Ok(team);
    }
    let mut writes = vec![
        repo::teams::settings_op(&team.id, new_name.as_deref(), new_zone.as_ref().map(Option::as_deref)),
        // The admin's authority must hold when this commits.
        still_admin(&team.id, &admin.id),
    ];
    if new_name.is_some() || new_zone.is_some() {
        let before = serde_json::json!({ "name": team.name, "timeZone": team.time_zone });
        let after = serde_json::json!({
            "name": new_name.as_deref().unwrap_or(&team.name),
            "timeZone": new_zone.clone().unwrap_or_else(|| team.time_zone.clone()),
        });
        let logged = Entry::by(admin, Action::TeamChanged, state.clock.now())
            .about(new_name.as_deref().unwrap_or(&team.name).to_string())
            .change(Some(&before), Some(&after));
        writes.push(audit::op(&logged)?);
    }
    if !repo::commit(state.table(), writes).await? {
        return Err(changed_meanwhile());
    }
    if let Some(name) = new_name {
        team.name = name;
    }
    if let Some(zone) = new_zone {
        team.time_zone = zone;
    }
    team.ask_name = false;
    tracing::info!(team_id = %team.id, "team settings changed");
    Ok(team)
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
    fn a_new_team_asks_for_its_name_and_has_no_default_zone() {
        let team = personal_team(" Ada ", "2026-01-01T00:00:00Z");
        assert_eq!(team.name, "Ada's team");
        assert!(team.ask_name);
        assert_eq!(team.time_zone, None);
        // A team stored before keeps its name and is not asked.
        let old: Team = serde_json::from_value(serde_json::json!({
            "id": "01HZX3Y8Q2W5E7R9T1V3B5N7M9", "name": "Ada's team", "createdAt": "c"
        }))
        .unwrap();
        assert!(!old.ask_name);
    }

    #[test]
    fn team_names_are_one_to_sixty_characters() {
        let fields = |name: &str| {
            let mut check = Check::new();
            check_team_name(&mut check, name);
            check.finish().err()
        };
        assert!(fields("A").is_none());
        assert!(fields(&"x".repeat(60)).is_none());
        let Some(AppError::Validation(f)) = fields("") else { panic!("a validation error") };
        assert_eq!(f["name"], TEAM_NAME_REQUIRED);
        let Some(AppError::Validation(f)) = fields(&"x".repeat(61)) else { panic!("a validation error") };
        assert_eq!(f["name"], TEAM_NAME_TOO_LONG);
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
