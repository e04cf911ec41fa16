//! Users: the profile item, the e-mail guard (one account per address), sign-up, profile changes, the password
//! check of sensitive actions and account deletion.

use serde::{Deserialize, Serialize};

use super::links::{self, LinkKind};
use super::send_mail;
use super::teams::{self, admin_who_stays, AdminChange, Team};
use crate::auth;
use crate::repo;
use bt_core::error::{AppError, AppResult};
use bt_core::i18n::Language;
use bt_core::ratelimit;
use bt_core::services::Services;
use bt_core::types::{Email, TeamId, UserId};
use bt_core::validate::{normalize_email, Check};

pub const EMAIL_TAKEN: &str = "An account with this email already exists.";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Admin,
    Hr,
    Member,
}

impl Role {
    pub fn parse(s: &str) -> Option<Role> {
        match s.trim().to_lowercase().as_str() {
            "admin" => Some(Role::Admin),
            "hr" => Some(Role::Hr),
            "member" => Some(Role::Member),
            _ => None,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Hr => "hr",
            Role::Member => "member",
        }
    }
    /// Admins and HR see every member's reports.
    pub fn sees_reports(self) -> bool {
        matches!(self, Role::Admin | Role::Hr)
    }
}

/// The profile item (`USER#<id>` / `PROFILE`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct User {
    pub id: UserId,
    pub name: String,
    pub email: Email,
    #[serde(rename = "passwordHash", default)]
    pub password_hash: Option<String>,
    pub verified: bool,
    #[serde(rename = "teamId")]
    pub team_id: TeamId,
    pub role: Role,
    #[serde(rename = "timeZone", default = "default_tz")]
    pub time_zone: String,
    /// Bumped to invalidate every access token issued before (password change, removal from a team).
    #[serde(rename = "tokenVersion", default)]
    pub token_version: i64,
    #[serde(rename = "pendingEmail", default, skip_serializing_if = "Option::is_none")]
    pub pending_email: Option<Email>,
    /// The language the person chose (sign-up saves the one of their browser); accounts from before languages
    /// have none and get the request's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<Language>,
    #[serde(rename = "createdAt")]
    pub created_at: String,
}

impl User {
    /// The user's time zone (profile setting; UTC when unknown).
    pub fn tz(&self) -> chrono_tz::Tz {
        self.time_zone.parse().unwrap_or(chrono_tz::UTC)
    }

    /// The same account starting in `time_zone` (an IANA name already checked).
    pub fn in_zone(mut self, time_zone: Option<String>) -> User {
        if let Some(zone) = time_zone {
            self.time_zone = zone;
        }
        self
    }

    pub fn require_admin(&self) -> AppResult<()> {
        if self.role == Role::Admin {
            Ok(())
        } else {
            Err(AppError::Forbidden("Only team admins can do this.".into()))
        }
    }

    /// The language of what the person is sent: theirs, else English.
    pub fn language(&self) -> Language {
        self.language.unwrap_or_default()
    }

    /// A new admin of `team` (a new account always starts in a team of its own), speaking `language`.
    pub fn new_admin(
        name: String,
        email: Email,
        password_hash: Option<String>,
        verified: bool,
        team: &Team,
        language: Language,
    ) -> User {
        User {
            id: UserId::new(),
            name,
            email,
            password_hash,
            verified,
            team_id: team.id.clone(),
            role: Role::Admin,
            time_zone: "UTC".into(),
            token_version: 0,
            pending_email: None,
            language: Some(language),
            created_at: team.created_at.clone(),
        }
    }
}

fn default_tz() -> String {
    "UTC".into()
}

pub use crate::repo::users::{
    create_account, email_guard_item, email_taken, ended_session_attr, find_by_email as find_user_by_email,
    get as get_user, get_in_session as get_user_in_session, new_account_ops, user_item, ENDED_SESSION_PREFIX,
};

// ---- the rules of the account's fields --------------------------------------------------------------------------

/// The sign-up rules for a name (also used when the profile's name changes).
pub fn check_name(check: &mut Check, name: &str) {
    check
        .required("name", name, "Name is required")
        .min_chars("name", name, 3, "Name must be at least 3 characters long.")
        .max_chars("name", name, 60, "Name must not exceed 60 characters.");
}

pub const UNKNOWN_TIME_ZONE: &str = "Unknown time zone.";

/// The rule of a time zone (sign-up, the profile, the team's default): an IANA name such as `Europe/Berlin`; its
/// canonical spelling when it is one.
pub fn check_time_zone(check: &mut Check, field: &str, zone: &str) -> Option<String> {
    let parsed = zone.trim().parse::<chrono_tz::Tz>().ok();
    check.rule(field, parsed.is_some(), UNKNOWN_TIME_ZONE);
    parsed.map(|tz| tz.name().to_string())
}

/// A zone a browser reported where nobody can be told it is wrong (the start of a social sign-in): kept when it is
/// an IANA name, dropped otherwise (the account then starts in UTC).
pub fn browser_zone(given: Option<&str>) -> Option<String> {
    let given = given?.trim();
    (given.len() <= 64).then(|| given.parse::<chrono_tz::Tz>().ok()).flatten().map(|tz| tz.name().to_string())
}

/// The zone a new account starts in: the team default if the admin of the team it joins set one, else the zone of
/// the browser it was made in, else UTC.
pub fn starting_zone(team_default: Option<&str>, browser: Option<&str>) -> String {
    team_default.or(browser).unwrap_or("UTC").to_string()
}

/// The sign-up rules for an e-mail address (also used for a new address and an invitation's); the address when it
/// is one.
pub fn check_email(check: &mut Check, email: &str) -> Option<Email> {
    let parsed = Email::parse(email).ok();
    check
        .required("email", email, "Email is required.")
        .rule("email", parsed.is_some(), "Please enter a valid email address.")
        .max_chars("email", email, 70, "Email must not exceed 70 characters.");
    parsed
}

/// The sign-up rules for a new password (also used by reset and change).
pub fn check_password(check: &mut Check, field: &str, password: &str) {
    check
        .required(field, password, "Password is required.")
        .min_chars(field, password, 6, "Password must be at least 6 characters long.")
        .max_chars(field, password, 20, "Password must not exceed 20 characters.");
}

// ---- sign-up -------------------------------------------------------------------------------------------------

/// What `POST /user/signup` sends.
#[derive(Debug, Clone, Default)]
pub struct SignUpInput {
    pub name: String,
    pub email: String,
    pub password: String,
    /// The token of the invitation link the person came from: once the address is verified, the account joins
    /// that team (when the invitation was sent to this address and is still good).
    pub invitation: Option<String>,
    /// The browser's time zone (an IANA name): the account starts in it. Absent: UTC.
    pub time_zone: Option<String>,
}

/// A new account, unverified until its link is followed.
#[derive(Debug, Clone)]
pub struct SignedUp {
    pub user: User,
    /// Whether the verification mail went out.
    pub mail_sent: bool,
}

/// Creates an account with a team of its own, speaking `language` (the request's), and mails its verification link
/// (rate-limited per client address).
pub async fn sign_up(state: &Services, ip: &str, input: SignUpInput, language: Language) -> AppResult<SignedUp> {
    let name = input.name.trim().to_string();
    let email = normalize_email(&input.email);
    let mut check = Check::new();
    check_name(&mut check, &name);
    let email = check_email(&mut check, &email);
    check_password(&mut check, "password", &input.password);
    let time_zone = match input.time_zone.as_deref().map(str::trim).filter(|z| !z.is_empty()) {
        Some(zone) => check_time_zone(&mut check, "timeZone", zone),
        None => None,
    };
    check.finish()?;
    let email = email.expect("checked");
    ratelimit::hit(state, "signup-ip", ip, state.config.rate_limits.signup_per_ip).await?;
    if email_taken(state.table(), &email).await? {
        return Err(AppError::Conflict(EMAIL_TAKEN.into()));
    }

    let password_hash = auth::hash_password_async(input.password).await?;
    let now = state.clock.now().to_rfc3339();
    let team = teams::personal_team(&name, &now);
    let user = User::new_admin(name, email.clone(), Some(password_hash), false, &team, language)
        .in_zone(Some(starting_zone(None, time_zone.as_deref())));
    if !create_account(state.table(), &user, &team).await? {
        return Err(AppError::Conflict(EMAIL_TAKEN.into()));
    }
    tracing::info!(user_id = %user.id, "account created");
    if let Some(token) = input.invitation.as_deref().filter(|t| !t.trim().is_empty()) {
        if let Err(e) = super::invitations::keep_for_sign_up(state, &user, token).await {
            tracing::warn!(error = %e, user_id = %user.id, "the invitation of a sign-up was not kept");
        }
    }

    // The account exists from here on, so a link that cannot be stored is reported like a mail that cannot be sent
    // (not as an error: signing up again would only say the address is taken); a resend finishes the job later.
    let mail_sent = match links::create(state, LinkKind::Verify, &user, &email, state.config.verify_token_secs).await {
        Ok(token) => send_mail(state, links::verification_mail(state, &user, &token)).await,
        Err(e) => {
            tracing::error!(error = %e, user_id = %user.id, "verification link not stored");
            false
        }
    };
    Ok(SignedUp { user, mail_sent })
}

// ---- the profile -----------------------------------------------------------------------------------------------

fn changed_meanwhile() -> AppError {
    AppError::Conflict("Your account was changed meanwhile. Please try again.".into())
}

/// What `PUT /user/profile` may change.
#[derive(Debug, Clone, Default)]
pub struct ProfileInput {
    pub name: Option<String>,
    pub time_zone: Option<String>,
    /// A language code: `en`, `de`, `fr` or `es`.
    pub language: Option<String>,
}

pub const PASSWORD_INCORRECT: &str = "Password is incorrect.";
pub const CURRENT_PASSWORD_INCORRECT: &str = "Current password is incorrect.";

pub const CHOOSE_A_LANGUAGE: &str = "Choose one of: en, de, fr, es.";

/// Changes the name (the team's member list shows it too), the time zone and the language; returns the profile as
/// stored.
pub async fn update_profile(state: &Services, user: User, input: &ProfileInput) -> AppResult<User> {
    let name = input.name.as_deref().map(str::trim);
    let time_zone = input.time_zone.as_deref().map(str::trim);
    let language = input.language.as_deref().map(Language::from_code);
    let mut check = Check::new();
    if let Some(name) = name {
        check_name(&mut check, name);
    }
    let time_zone = match time_zone {
        Some(tz) => check_time_zone(&mut check, "timeZone", tz),
        None => None,
    };
    if let Some(language) = language {
        check.rule("language", language.is_some(), CHOOSE_A_LANGUAGE);
    }
    check.finish()?;

    let new_name = name.filter(|n| *n != user.name);
    let new_time_zone = time_zone.as_deref().filter(|tz| *tz != user.time_zone);
    let new_language = language.flatten().filter(|l| user.language != Some(*l));
    if new_name.is_none() && new_time_zone.is_none() && new_language.is_none() {
        return Ok(user);
    }
    let change = repo::users::ProfileChange { name: new_name, time_zone: new_time_zone, language: new_language };
    let mut writes = vec![repo::users::change_profile_op(&user.id, &user.team_id, &change)];
    if let Some(name) = new_name {
        writes.push(repo::teams::rename_member_op(&user.team_id, &user.id, name));
    }
    if !repo::commit(state.table(), writes).await? {
        return Err(changed_meanwhile());
    }
    get_user(state.table(), &user.id).await?.ok_or_else(AppError::unauthorized)
}

/// Checks the caller's current password (rate-limited per account against guessing with a stolen session).
/// Accounts that only sign in through GitHub or Google have none to check.
pub async fn confirm_password(state: &Services, user: &User, field: &str, given: &str, missing: &str) -> AppResult<()> {
    let Some(hash) = user.password_hash.clone() else { return Ok(()) };
    Check::new().required(field, given, missing).finish()?;
    ratelimit::hit(state, "password-check", &user.id, state.config.rate_limits.login_per_email).await?;
    if auth::verify_password_async(given.to_string(), hash).await {
        Ok(())
    } else {
        Err(AppError::field(field, if field == "password" { PASSWORD_INCORRECT } else { CURRENT_PASSWORD_INCORRECT }))
    }
}

// ---- deletion --------------------------------------------------------------------------------------------------

/// Deletes the caller's account after checking their password: the profile, the e-mail guard and the membership in
/// one transaction (the team too when they were its last member), then their records and sessions. The last admin
/// of a team with other members cannot leave it without an admin.
pub async fn delete_account(state: &Services, user: &User, password: &str) -> AppResult<()> {
    confirm_password(state, user, "password", password, "Password is required.").await?;
    let members = teams::team_members(state.table(), &user.team_id).await?;
    let keeper = admin_who_stays(&members, &user.id, AdminChange::Leaves)
        .map_err(|_| AppError::Conflict("Make another member admin before deleting your account.".into()))?;
    let alone = members.iter().all(|m| m.user_id == user.id);
    let mut writes = vec![
        repo::users::delete_op(&user.id, &user.team_id),
        repo::users::release_email_op(&user.email, &user.id),
        repo::teams::leave_op(&user.team_id, &user.id),
    ];
    if alone {
        writes.push(repo::teams::delete_op(&user.team_id));
    } else if user.role == Role::Admin {
        if let Some(keeper) = keeper {
            writes.push(repo::teams::still_admin(&user.team_id, &keeper.user_id));
        }
    }
    if !repo::commit(state.table(), writes).await? {
        return Err(changed_meanwhile());
    }
    tracing::info!(user_id = %user.id, team_deleted = alone, "account deleted");

    // The account is gone; now its records, sessions and (when it was the last member) the team's items.
    if !alone {
        repo::teams::delete_on_break(state.table(), &user.team_id, &user.id).await?;
    }
    repo::users::delete_items(state.table(), &user.id).await?;
    if alone {
        repo::teams::delete_items(state.table(), &user.team_id).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_are_iana_names_in_their_canonical_spelling() {
        let mut check = Check::new();
        assert_eq!(check_time_zone(&mut check, "timeZone", " Europe/Berlin ").as_deref(), Some("Europe/Berlin"));
        assert!(check.finish().is_ok());
        let mut check = Check::new();
        assert_eq!(check_time_zone(&mut check, "timeZone", "Mars/Olympus"), None);
        let AppError::Validation(fields) = check.finish().unwrap_err() else { panic!("a validation error") };
        assert_eq!(fields["timeZone"], UNKNOWN_TIME_ZONE);
    }

    #[test]
    fn a_browser_zone_of_another_shape_is_dropped() {
        assert_eq!(browser_zone(Some("America/New_York")).as_deref(), Some("America/New_York"));
        assert_eq!(browser_zone(Some("not a zone")), None);
        assert_eq!(browser_zone(Some("")), None);
        assert_eq!(browser_zone(None), None);
    }

    #[test]
    fn a_new_account_starts_in_the_team_default_else_the_browser_zone_else_utc() {
        assert_eq!(starting_zone(Some("Asia/Tokyo"), Some("Europe/Berlin")), "Asia/Tokyo");
        assert_eq!(starting_zone(None, Some("Europe/Berlin")), "Europe/Berlin");
        assert_eq!(starting_zone(None, None), "UTC");
    }
}
