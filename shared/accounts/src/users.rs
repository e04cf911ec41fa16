//! Users: the profile item, the e-mail guard (one account per address), sign-up, profile changes, the password
//! check of sensitive actions and account deletion.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::links::{self, LinkKind};
use super::teams::{self, admin_who_stays, member_item, membership_of, team_item, AdminChange, Team};
use super::{from_item, send_mail, to_item};
use crate::auth;
use bt_core::error::{AppError, AppResult};
use bt_core::keys;
use bt_core::ratelimit;
use bt_core::services::Services;
use bt_core::store::{key_of, Cond, Item, Query, SkCond, StoreError, Table, TxOp};
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
    #[serde(rename = "createdAt")]
    pub created_at: String,
}

impl User {
    /// The user's time zone (profile setting; UTC when unknown).
    pub fn tz(&self) -> chrono_tz::Tz {
        self.time_zone.parse().unwrap_or(chrono_tz::UTC)
    }

    pub fn require_admin(&self) -> AppResult<()> {
        if self.role == Role::Admin {
            Ok(())
        } else {
            Err(AppError::Forbidden("Only team admins can do this.".into()))
        }
    }

    /// A new admin of `team` (a new account always starts in a team of its own).
    pub fn new_admin(name: String, email: Email, password_hash: Option<String>, verified: bool, team: &Team) -> User {
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
            created_at: team.created_at.clone(),
        }
    }
}

fn default_tz() -> String {
    "UTC".into()
}

pub fn user_item(user: &User) -> AppResult<Item> {
    to_item("user", &keys::user(&user.id), user)
}

pub async fn get_user(store: &dyn Table, user_id: &UserId) -> AppResult<Option<User>> {
    match store.get(&keys::user(user_id)).await? {
        Some(item) => Ok(Some(from_item(item)?)),
        None => Ok(None),
    }
}

/// The attribute of the user's item that marks the sign-in `family_id` as ended, with the time it ended.
pub fn ended_session_attr(family_id: &str) -> String {
    format!("{ENDED_SESSION_PREFIX}{family_id}")
}

pub const ENDED_SESSION_PREFIX: &str = "endedSession#";

/// The user, unless the sign-in `session` (a family id from an access token) has ended: its access tokens are then
/// worth nothing, though they have not expired (read in the same read as the user).
pub async fn get_user_in_session(
    store: &dyn Table,
    user_id: &UserId,
    session: Option<&str>,
) -> AppResult<Option<User>> {
    let Some(item) = store.get(&keys::user(user_id)).await? else { return Ok(None) };
    if session.is_some_and(|family_id| item.contains_key(&ended_session_attr(family_id))) {
        return Ok(None);
    }
    Ok(Some(from_item(item)?))
}

pub async fn find_user_by_email(store: &dyn Table, email: &Email) -> AppResult<Option<User>> {
    let Some(guard) = store.get(&keys::email(email)).await? else { return Ok(None) };
    // A guard that names no user leads nowhere, like one whose user is gone.
    let Some(user_id) = guard.get("userId").and_then(Value::as_str).and_then(|id| UserId::parse(id).ok()) else {
        return Ok(None);
    };
    get_user(store, &user_id).await
}

/// Whether an account (or a confirmed e-mail change) holds the address.
pub async fn email_taken(store: &dyn Table, email: &Email) -> AppResult<bool> {
    Ok(store.get(&keys::email(email)).await?.is_some())
}

/// The e-mail guard: one account per address (written under `attribute_not_exists`), and the login look-up.
pub fn email_guard_item(email: &Email, user_id: &UserId) -> Item {
    let key = keys::email(email);
    let mut item = Item::new();
    item.insert(bt_core::store::PK.into(), Value::String(key.pk));
    item.insert(bt_core::store::SK.into(), Value::String(key.sk));
    item.insert("entity_type".into(), Value::from("email"));
    item.insert("userId".into(), Value::from(user_id.as_str()));
    item
}

/// The writes that create an account, for one transaction: the profile, the e-mail guard (only while the address
/// is free, so a taken address fails the whole transaction with `ConditionFailed`), the user's own team and their
/// admin membership. `user.team_id` must be `team.id`.
pub fn new_account_ops(user: &User, team: &Team) -> AppResult<Vec<TxOp>> {
    Ok(vec![
        TxOp::Put { item: user_item(user)?, cond: Cond::NotExists },
        TxOp::Put { item: email_guard_item(&user.email, &user.id), cond: Cond::NotExists },
        TxOp::Put { item: team_item(team)?, cond: Cond::NotExists },
        TxOp::Put { item: member_item(&team.id, &membership_of(user, &team.created_at))?, cond: Cond::NotExists },
    ])
}

/// Writes a new account with its own team. False when the address was taken (nothing is written then).
pub async fn create_account(store: &dyn Table, user: &User, team: &Team) -> AppResult<bool> {
    match store.transact(new_account_ops(user, team)?).await {
        Ok(()) => Ok(true),
        Err(StoreError::ConditionFailed) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

// ---- the rules of the account's fields --------------------------------------------------------------------------

/// The sign-up rules for a name (also used when the profile's name changes).
pub fn check_name(check: &mut Check, name: &str) {
    check
        .required("name", name, "Name is required")
        .min_chars("name", name, 3, "Name must be at least 3 characters long.")
        .max_chars("name", name, 60, "Name must not exceed 60 characters.");
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
}

/// A new account, unverified until its link is followed.
#[derive(Debug, Clone)]
pub struct SignedUp {
    pub user: User,
    /// Whether the verification mail went out.
    pub mail_sent: bool,
}

/// Creates an account with a team of its own and mails its verification link (rate-limited per client address).
pub async fn sign_up(state: &Services, ip: &str, input: SignUpInput) -> AppResult<SignedUp> {
    let name = input.name.trim().to_string();
    let email = normalize_email(&input.email);
    let mut check = Check::new();
    check_name(&mut check, &name);
    let email = check_email(&mut check, &email);
    check_password(&mut check, "password", &input.password);
    check.finish()?;
    let email = email.expect("checked");
    ratelimit::hit(state, "signup-ip", ip, state.config.rate_limits.signup_per_ip).await?;
    if email_taken(state.table(), &email).await? {
        return Err(AppError::Conflict(EMAIL_TAKEN.into()));
    }

    let password_hash = auth::hash_password_async(input.password).await?;
    let now = state.clock.now().to_rfc3339();
    let team = teams::personal_team(&name, &now);
    let user = User::new_admin(name, email.clone(), Some(password_hash), false, &team);
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
}

/// Changes the name (the team's member list shows it too) and the time zone; returns the profile as stored.
pub async fn update_profile(state: &Services, user: User, input: &ProfileInput) -> AppResult<User> {
    let name = input.name.as_deref().map(str::trim);
    let time_zone = input.time_zone.as_deref().map(str::trim);
    let mut check = Check::new();
    if let Some(name) = name {
        check_name(&mut check, name);
    }
    if let Some(tz) = time_zone {
        check.rule("timeZone", tz.parse::<chrono_tz::Tz>().is_ok(), "Unknown time zone.");
    }
    check.finish()?;

    let mut set = Item::new();
    if let Some(name) = name.filter(|n| *n != user.name) {
        set.insert("name".into(), name.into());
    }
    if let Some(tz) = time_zone.filter(|tz| *tz != user.time_zone) {
        set.insert("timeZone".into(), tz.into());
    }
    if set.is_empty() {
        return Ok(user);
    }
    let mut writes =
        vec![TxOp::Update { key: keys::user(&user.id), set, cond: Cond::eq("teamId", user.team_id.clone()) }];
    if let Some(name) = name.filter(|n| *n != user.name) {
        let mut member = Item::new();
        member.insert("name".into(), name.into());
        writes.push(TxOp::Update { key: keys::member(&user.team_id, &user.id), set: member, cond: Cond::Exists });
    }
    match state.store.transact(writes).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => return Err(changed_meanwhile()),
        Err(e) => return Err(e.into()),
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
        Err(AppError::field(
            field,
            format!("{} is incorrect.", if field == "password" { "Password" } else { "Current password" }),
        ))
    }
}

/// The write that sets a new password and invalidates every access token issued before (fails when the account's
/// token version moved meanwhile).
pub(super) fn set_password_op(user: &User, password_hash: String) -> TxOp {
    let mut set = Item::new();
    set.insert("passwordHash".into(), password_hash.into());
    set.insert("tokenVersion".into(), (user.token_version + 1).into());
    TxOp::Update { key: keys::user(&user.id), set, cond: Cond::eq("tokenVersion", user.token_version) }
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
        TxOp::Delete { key: keys::user(&user.id), cond: Cond::eq("teamId", user.team_id.clone()) },
        TxOp::Delete { key: keys::email(&user.email), cond: Cond::eq("userId", user.id.clone()) },
        TxOp::Delete { key: keys::member(&user.team_id, &user.id), cond: Cond::Exists },
    ];
    if alone {
        writes.push(TxOp::Delete { key: keys::team(&user.team_id), cond: Cond::Exists });
    } else if user.role == Role::Admin {
        if let Some(keeper) = keeper {
            writes.push(teams::still_admin(&user.team_id, &keeper.user_id));
        }
    }
    match state.store.transact(writes).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => return Err(changed_meanwhile()),
        Err(e) => return Err(e.into()),
    }
    tracing::info!(user_id = %user.id, team_deleted = alone, "account deleted");

    // The account is gone; now its records, sessions and (when it was the last member) the team's items.
    let mut leftovers = vec![Query::table(keys::user_pk(&user.id), SkCond::All)];
    if alone {
        leftovers.push(Query::table(keys::team_pk(&user.team_id), SkCond::All));
    } else {
        state.store.delete(&keys::team_on_break(&user.team_id, &user.id), Cond::None).await?;
    }
    for query in leftovers {
        for item in state.store.query_all(&query).await? {
            // A calendar feed's token item lives outside the partition: it goes with the feed.
            if let Some(token) = keys::calendar_feed_token_of(&item) {
                state.store.delete(&token, Cond::None).await?;
            }
            if let Some(key) = key_of(&item) {
                state.store.delete(&key, Cond::None).await?;
            }
        }
    }
    Ok(())
}
