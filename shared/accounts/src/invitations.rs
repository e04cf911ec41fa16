//! Invitations by e-mail: an admin invites, the invited person accepts while signed in with that address and moves
//! from their own team to the inviting one. Only the SHA-256 of an invitation's token is stored (`INVITE#<hash>`),
//! for 7 days, listed under the team by GSI1.

use serde::{Deserialize, Serialize};

use super::teams::{
    self, admin_who_stays, changed_meanwhile, delete_team_leftovers, membership_of, move_team_scoped_items, parse_role,
    still_admin, AdminChange, Team,
};
use super::users::{check_email, Role, User};
use crate::audit::{self, Action, Entry};
use crate::auth::{hash_token, random_token};
use crate::repo;
use bt_core::error::{AppError, AppResult};
use bt_core::i18n::{tr, Language};
use bt_core::mail::link_mail;
use bt_core::ratelimit;
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::{Email, TeamId, UserId};
use bt_core::validate::{normalize_email, Check};

/// The invitation item, found by the hash of its token.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Invitation {
    #[serde(rename = "teamId")]
    pub team_id: TeamId,
    #[serde(rename = "teamName")]
    pub team_name: String,
    pub email: Email,
    pub role: Role,
    #[serde(rename = "invitedBy")]
    pub invited_by: UserId,
    #[serde(rename = "createdAt")]
    pub created_at: String,
    #[serde(rename = "expiresAt")]
    pub expires_at: i64,
    pub ttl: i64,
}

impl Invitation {
    /// An invitation works until (not at) its expiry second.
    pub fn expired(&self, now: i64) -> bool {
        self.expires_at <= now
    }
}

/// An invitation that went out.
#[derive(Debug, Clone)]
pub struct Invited {
    pub email: Email,
    pub role: Role,
}

/// The admin invites `email` (normalised) to their team as `role`, by mail: in the language of the invitee's account
/// when the address has one, else in `language` (the admin's request's).
pub async fn invite(state: &Services, admin: &User, email: &str, role: &str, language: Language) -> AppResult<Invited> {
    admin.require_admin()?;
    let email = normalize_email(email);
    let mut check = Check::new();
    let email = check_email(&mut check, &email);
    let role = parse_role(&mut check, role);
    check.finish()?;
    let email = email.expect("checked");
    let role = role.ok_or_else(|| AppError::field("role", "Role must be admin, hr or member."))?;
    let members = teams::team_members(state.table(), &admin.team_id).await?;
    if members.iter().any(|m| m.email == email) {
        return Err(AppError::Conflict("This person is already a member of your team.".into()));
    }
    ratelimit::hit(state, "mail", &email, state.config.rate_limits.mail_per_email).await?;
    let team = teams::get_team(state.table(), &admin.team_id).await?.ok_or_else(AppError::not_found)?;

    let logged =
        Entry::by(admin, Action::MemberInvited, state.clock.now()).about(format!("{email} ({})", role.as_str()));
    send(state, admin, &team, &email, role, language, Some(logged)).await?;
    tracing::info!(team_id = %team.id, role = role.as_str(), "invitation sent");
    Ok(Invited { email, role })
}

/// Stores a new invitation of `team` for `email` as `role`, vouched for by `inviter` (an admin of the team), and
/// mails its link (in the language of the invitee's account, else in `language`); nothing is kept when the mail
/// cannot be sent. `logged` is the audit entry written with it (taken back when the mail cannot be sent).
async fn send(
    state: &Services,
    inviter: &User,
    team: &Team,
    email: &Email,
    role: Role,
    language: Language,
    logged: Option<Entry>,
) -> AppResult<PendingInvitation> {
    let token = random_token();
    let now = state.clock.now();
    let expires_at = now.timestamp() + state.config.invite_token_secs;
    let invitation = Invitation {
        team_id: team.id.clone(),
        team_name: team.name.clone(),
        email: email.clone(),
        role,
        invited_by: inviter.id.clone(),
        created_at: now.to_rfc3339(),
        expires_at,
        ttl: expires_at,
    };
    let id = hash_token(&token);
    let mut writes = vec![repo::invitations::insert_op(&id, &invitation)?];
    if let Some(entry) = &logged {
        writes.push(audit::op(entry)?);
    }
    if !repo::commit(state.table(), writes).await? {
        return Err(changed_meanwhile());
    }

    let link = format!("{}/accept-email-invitation?token={token}", state.config.app_url);
    let language = match super::users::find_user_by_email(state.table(), email).await? {
        Some(invitee) => invitee.language.unwrap_or(language),
        None => language,
    };
    let names = [("inviter", inviter.name.as_str()), ("team", team.name.as_str())];
    // A whole sentence for each role (a catalogue translates sentences, not pieces of them).
    let intro = tr(
        language,
        match role {
            Role::Admin => {
                "{inviter} invited you to join the team \"{team}\" on Breaktime as admin. Sign in (or sign up) with \
                 this email address, then accept the invitation. It is valid for 7 days."
            }
            Role::Hr => {
                "{inviter} invited you to join the team \"{team}\" on Breaktime as hr. Sign in (or sign up) with \
                 this email address, then accept the invitation. It is valid for 7 days."
            }
            Role::Member => {
                "{inviter} invited you to join the team \"{team}\" on Breaktime as member. Sign in (or sign up) with \
                 this email address, then accept the invitation. It is valid for 7 days."
            }
        },
        &names,
    );
    let mail = link_mail(
        language,
        email,
        &tr(language, "{inviter} invited you to {team} on Breaktime", &names),
        &intro,
        &tr(language, "Accept the invitation", &[]),
        &link,
    );
    if let Err(e) = state.mailer.send(mail).await {
        tracing::error!(error = %e, "invitation mail not sent");
        repo::invitations::delete(state.table(), &id).await?;
        if let Some(entry) = &logged {
            repo::audit::undo(state.table(), entry).await?;
        }
        return Err(AppError::Unavailable("The invitation email could not be sent. Please try again later.".into()));
    }
    Ok(PendingInvitation { id, invitation, expired: false })
}

// ---- the newcomer's side ------------------------------------------------------------------------------------------

/// What an invitation link offers, shown before anyone signs in: the address it was sent to, the team and role, and
/// whether that address has an account (sign in) or not yet (sign up). Only the holder of the mailed token can ask.
#[derive(Debug, Clone)]
pub struct InvitationPreview {
    pub email: Email,
    pub team_name: String,
    pub role: Role,
    pub account_exists: bool,
}

/// The invitation of `token` if it can still be accepted.
async fn usable(state: &Services, token_hash: &str) -> AppResult<Invitation> {
    let invitation = repo::invitations::find(state.table(), token_hash).await?.ok_or_else(invalid_invitation)?;
    if invitation.expired(state.clock.now().timestamp()) {
        return Err(AppError::BadRequest("This invitation has expired. Please ask for a new one.".into()));
    }
    let inviter = teams::find_member(state.table(), &invitation.team_id, &invitation.invited_by).await?;
    if inviter.is_none_or(|m| m.role != Role::Admin) {
        return Err(sender_gone());
    }
    Ok(invitation)
}

pub async fn preview(state: &Services, token: &str) -> AppResult<InvitationPreview> {
    let token = token.trim();
    Check::new().required("token", token, "Token is required.").finish()?;
    let invitation = usable(state, &hash_token(token)).await?;
    let account_exists = super::users::find_user_by_email(state.table(), &invitation.email).await?.is_some();
    // The team's name now: it may have been named since the invitation went out.
    let team_name = match teams::get_team(state.table(), &invitation.team_id).await? {
        Some(team) => team.name,
        None => invitation.team_name,
    };
    Ok(InvitationPreview { email: invitation.email, team_name, role: invitation.role, account_exists })
}

pub use crate::repo::users::PENDING_INVITATION;

/// A sign-up through an invitation link: when the invitation is usable and was sent to this very address, the new
/// account keeps it, and joins the team once its address is verified ([`join_on_verification`]). Anything else is
/// an ordinary sign-up.
pub async fn keep_for_sign_up(state: &Services, user: &User, token: &str) -> AppResult<()> {
    let hash = hash_token(token.trim());
    match usable(state, &hash).await {
        Ok(invitation) if invitation.email == user.email => {
            repo::users::keep_invitation(state.table(), &user.id, hash).await?;
        }
        Ok(_) | Err(AppError::BadRequest(_) | AppError::Forbidden(_)) => {}
        Err(e) => return Err(e),
    }
    Ok(())
}

/// Called when a new account's address is verified: the invitation it signed up through is accepted (with every
/// rule of [`accept`]); the team joined, if any. A failure is no failure of the verification: the invitation can
/// still be accepted from its link.
pub async fn join_on_verification(state: &Services, user: &User) -> AppResult<Option<Team>> {
    let Some(hash) = repo::users::pending_invitation(state.table(), &user.id).await? else { return Ok(None) };
    repo::users::clear_pending_invitation(state.table(), &user.id).await?;
    let mut verified = user.clone();
    verified.verified = true;
    match accept_hashed(state, &verified, &hash, Joining::NewAccount).await {
        Ok(joined) => Ok(Some(joined.team)),
        Err(e) => {
            tracing::info!(error = %e, user_id = %user.id, "the invitation of a sign-up was not accepted");
            Ok(None)
        }
    }
}

// ---- the admins' list ---------------------------------------------------------------------------------------------

/// An invitation as admins see it in the list: `id` is the stored key's token hash (it grants nothing: accepting
/// takes the mailed token itself).
#[derive(Debug, Clone)]
pub struct PendingInvitation {
    pub id: String,
    pub invitation: Invitation,
    pub expired: bool,
}

/// The admin's team's invitations, newest first.
pub async fn list(state: &Services, admin: &User) -> AppResult<Vec<PendingInvitation>> {
    admin.require_admin()?;
    let now = state.clock.now().timestamp();
    let mut list: Vec<PendingInvitation> = repo::invitations::of_team(state.table(), &admin.team_id)
        .await?
        .into_iter()
        .map(|(id, invitation)| PendingInvitation { expired: invitation.expired(now), id, invitation })
        .collect();
    list.sort_by(|a, b| b.invitation.created_at.cmp(&a.invitation.created_at));
    Ok(list)
}

/// The admin's team's invitation `id`; another team's or an unknown one is 404.
async fn own(state: &Services, admin: &User, id: &str) -> AppResult<Invitation> {
    admin.require_admin()?;
    let not_found = || AppError::NotFound("Invitation not found.".into());
    if id.is_empty() || id.len() > 128 || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(not_found());
    }
    let invitation = repo::invitations::find(state.table(), id).await?.ok_or_else(not_found)?;
    if invitation.team_id != admin.team_id {
        return Err(not_found());
    }
    Ok(invitation)
}

/// Withdraws an invitation: its link stops working. Logged in the same transaction; one accepted or withdrawn
/// meanwhile is not found.
pub async fn revoke(state: &Services, admin: &User, id: &str) -> AppResult<()> {
    let invitation = own(state, admin, id).await?;
    let logged = Entry::by(admin, Action::InvitationWithdrawn, state.clock.now()).about(described(&invitation));
    let writes = vec![repo::invitations::use_op(id), audit::op(&logged)?];
    if !repo::commit(state.table(), writes).await? {
        return Err(AppError::NotFound("Invitation not found.".into()));
    }
    tracing::info!(team_id = %admin.team_id, "invitation revoked");
    Ok(())
}

/// An invitation as the log names it: the address and the role (as a new one is logged).
fn described(invitation: &Invitation) -> String {
    format!("{} ({})", invitation.email, invitation.role.as_str())
}

/// Sends an invitation again with a new link and seven new days, vouched for by this admin; the old link stops
/// working.
pub async fn resend(state: &Services, admin: &User, id: &str, language: Language) -> AppResult<PendingInvitation> {
    let old = own(state, admin, id).await?;
    ratelimit::hit(state, "mail", &old.email, state.config.rate_limits.mail_per_email).await?;
    let team = teams::get_team(state.table(), &admin.team_id).await?.ok_or_else(AppError::not_found)?;
    let logged = Entry::by(admin, Action::InvitationResent, state.clock.now()).about(described(&old));
    let sent = send(state, admin, &team, &old.email, old.role, language, Some(logged)).await?;
    repo::invitations::delete(state.table(), id).await?;
    tracing::info!(team_id = %team.id, "invitation sent again");
    Ok(sent)
}

/// Withdraws every invitation `inviter` sent for the team: an admin removed or made something else no longer vouches
/// for anyone.
pub async fn revoke_sent_by(store: &dyn Table, team_id: &TeamId, inviter: &UserId) -> AppResult<()> {
    for (id, invitation) in repo::invitations::of_team(store, team_id).await? {
        if invitation.invited_by == *inviter {
            repo::invitations::delete(store, &id).await?;
        }
    }
    Ok(())
}

fn invalid_invitation() -> AppError {
    AppError::BadRequest("This invitation is invalid or has already been used.".into())
}

fn sender_gone() -> AppError {
    AppError::Forbidden(
        "This invitation is no longer valid: whoever sent it is no longer an admin of the team. Please ask for a new one."
            .into(),
    )
}

/// The team joined by accepting an invitation, and the role there.
#[derive(Debug, Clone)]
pub struct Joined {
    pub team: Team,
    pub role: Role,
    /// The member's time zone from now on.
    pub time_zone: String,
}

/// The signed-in `user` accepts the invitation of `token`: they leave their team (deleted when they were its last
/// member; refused when they are its last admin and others stay) and join the inviting one with the invited role.
/// `browser_zone` is the time zone of the browser that accepts (see [`zone_on_joining`]).
pub async fn accept(state: &Services, user: &User, token: &str, browser_zone: Option<&str>) -> AppResult<Joined> {
    let token = token.trim();
    let mut check = Check::new();
    check.required("token", token, "Token is required.");
    let browser_zone = match browser_zone.map(str::trim).filter(|z| !z.is_empty()) {
        Some(zone) => super::users::check_time_zone(&mut check, "timeZone", zone),
        None => None,
    };
    check.finish()?;
    accept_hashed(state, user, &hash_token(token), Joining::Account { browser_zone }).await
}

/// Who joins a team by an invitation, as far as their time zone goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Joining {
    /// An account made through the invitation's link, joining as its address is verified.
    NewAccount,
    /// An account that accepts while signed in, from a browser in `browser_zone` (when it said).
    Account { browser_zone: Option<String> },
}

/// The time zone a member who joins a team moves to, if any: a new account takes the team's default when its admin
/// set one (else it keeps the zone of the browser it was made in); an existing account keeps the zone it has,
/// unless that is still the UTC every account used to start in, which gives way to the team's default, else to the
/// browser's zone.
pub fn zone_on_joining(team_default: Option<&str>, account_zone: &str, joining: &Joining) -> Option<String> {
    let zone = match joining {
        Joining::NewAccount => team_default,
        Joining::Account { browser_zone } if account_zone == "UTC" => team_default.or(browser_zone.as_deref()),
        Joining::Account { .. } => None,
    };
    zone.filter(|z| *z != account_zone).map(str::to_string)
}

/// [`accept`] by the stored hash of the token (a sign-up through the invitation keeps the hash until the new
/// address is verified).
pub async fn accept_hashed(state: &Services, user: &User, token_hash: &str, joining: Joining) -> AppResult<Joined> {
    let invitation = repo::invitations::find(state.table(), token_hash).await?.ok_or_else(invalid_invitation)?;
    if invitation.expired(state.clock.now().timestamp()) {
        repo::invitations::delete(state.table(), token_hash).await?;
        return Err(AppError::BadRequest("This invitation has expired. Please ask for a new one.".into()));
    }
    if invitation.email != user.email {
        return Err(AppError::Forbidden("This invitation was sent to another email address.".into()));
    }
    if invitation.team_id == user.team_id {
        repo::invitations::delete(state.table(), token_hash).await?;
        return Err(AppError::Conflict("You are already a member of this team.".into()));
    }
    let Some(team) = teams::get_team(state.table(), &invitation.team_id).await? else {
        repo::invitations::delete(state.table(), token_hash).await?;
        return Err(invalid_invitation());
    };
    // The invitation is only as good as its sender: they must still be an admin of the team when it is accepted
    // (checked again in the transaction below).
    let inviter = teams::find_member(state.table(), &team.id, &invitation.invited_by).await?;
    if inviter.is_none_or(|m| m.role != Role::Admin) {
        repo::invitations::delete(state.table(), token_hash).await?;
        return Err(sender_gone());
    }
    // Accepting one invitation to a team voids the others for the same address.
    let others: Vec<String> = repo::invitations::of_team(state.table(), &team.id)
        .await?
        .into_iter()
        .filter(|(id, other)| other.email == invitation.email && id != token_hash)
        .map(|(id, _)| id)
        .collect();
    let old_team = user.team_id.clone();
    let old_members = teams::team_members(state.table(), &old_team).await?;
    let keeper = admin_who_stays(&old_members, &user.id, AdminChange::Leaves)
        .map_err(|_| AppError::Conflict("Make another member admin before joining another team.".into()))?;
    let alone = old_members.iter().all(|m| m.user_id == user.id);

    let now = state.clock.now().to_rfc3339();
    let mut moved = user.clone();
    moved.team_id = team.id.clone();
    moved.role = invitation.role;
    let zone = zone_on_joining(team.time_zone.as_deref(), &user.time_zone, &joining);
    let mut writes = vec![
        repo::invitations::use_op(token_hash),
        repo::teams::leave_op(&old_team, &user.id),
        repo::teams::join_op(&team.id, &membership_of(&moved, &now))?,
        repo::users::move_to_team_op(&user.id, &old_team, &team.id, invitation.role, None, zone.as_deref()),
        repo::teams::exists_op(&team.id),
        still_admin(&team.id, &invitation.invited_by),
    ];
    writes.extend(others.iter().map(|id| repo::invitations::delete_op(id)));
    let logged = Entry::by(user, Action::MemberJoined, state.clock.now())
        .in_team(&team.id)
        .whose(&user.id, &user.name)
        .about(invitation.role.as_str());
    writes.push(audit::op(&logged)?);
    if alone {
        writes.push(repo::teams::delete_op(&old_team));
    } else if user.role == Role::Admin {
        if let Some(keeper) = keeper {
            writes.push(still_admin(&old_team, &keeper.user_id));
        }
    }
    if !repo::commit(state.table(), writes).await? {
        if !repo::invitations::exists(state.table(), token_hash).await? {
            return Err(invalid_invitation());
        }
        if teams::find_member(state.table(), &team.id, &invitation.invited_by)
            .await?
            .is_none_or(|m| m.role != Role::Admin)
        {
            repo::invitations::delete(state.table(), token_hash).await?;
            return Err(sender_gone());
        }
        return Err(changed_meanwhile());
    }
    move_team_scoped_items(state.table(), &user.id, &old_team, &team.id).await?;
    if alone {
        delete_team_leftovers(state.table(), &old_team).await?;
    }
    tracing::info!(team_id = %team.id, zone_changed = zone.is_some(), "invitation accepted");
    Ok(Joined { time_zone: zone.unwrap_or_else(|| user.time_zone.clone()), team, role: invitation.role })
}

#[cfg(test)]
mod tests {
    use super::*;
    use bt_core::codec::to_item;
    use bt_core::keys;

    #[test]
    fn an_invitation_expires_at_its_expiry_second() {
        let invitation = Invitation {
            team_id: TeamId::parse("01HZX3Y8Q2W5E7R9T1V3B5N7M9").unwrap(),
            team_name: "Team".into(),
            email: Email::parse("a@example.com").unwrap(),
            role: Role::Member,
            invited_by: UserId::parse("01HZX3Y8Q2W5E7R9T1V3B5N7MA").unwrap(),
            created_at: "2024-01-01T00:00:00+00:00".into(),
            expires_at: 1_000,
            ttl: 1_000,
        };
        assert!(!invitation.expired(999));
        assert!(invitation.expired(1_000));
        assert!(invitation.expired(1_001));
    }

    #[test]
    fn a_member_who_joins_takes_the_team_default_only_when_new_or_never_set() {
        let browser = |zone: &str| Joining::Account { browser_zone: Some(zone.into()) };
        // A new account: the team default wins over the zone of the browser it was made in.
        assert_eq!(
            zone_on_joining(Some("Europe/Berlin"), "America/New_York", &Joining::NewAccount).as_deref(),
            Some("Europe/Berlin")
        );
        assert_eq!(zone_on_joining(None, "America/New_York", &Joining::NewAccount), None);
        // An account still in the UTC it started in: the team default, else the browser's.
        assert_eq!(
            zone_on_joining(Some("Europe/Berlin"), "UTC", &browser("Asia/Tokyo")).as_deref(),
            Some("Europe/Berlin")
        );
        assert_eq!(zone_on_joining(None, "UTC", &browser("Asia/Tokyo")).as_deref(), Some("Asia/Tokyo"));
        // An account with a zone of its own keeps it.
        assert_eq!(zone_on_joining(Some("Europe/Berlin"), "Asia/Tokyo", &browser("Europe/Paris")), None);
    }

    #[test]
    fn the_stored_shape_is_kept() {
        let invitation = Invitation {
            team_id: TeamId::parse("01HZX3Y8Q2W5E7R9T1V3B5N7M9").unwrap(),
            team_name: "Team".into(),
            email: Email::parse("a@example.com").unwrap(),
            role: Role::Hr,
            invited_by: UserId::parse("01HZX3Y8Q2W5E7R9T1V3B5N7MA").unwrap(),
            created_at: "c".into(),
            expires_at: 5,
            ttl: 5,
        };
        let item = to_item("invitation", &keys::invitation("h"), &invitation).unwrap();
        assert_eq!(item["PK"], "INVITE#h");
        assert_eq!(item["role"], "hr");
        for attr in ["teamId", "teamName", "invitedBy", "createdAt", "expiresAt", "ttl", "entity_type"] {
            assert!(item.contains_key(attr), "{attr}");
        }
    }
}
