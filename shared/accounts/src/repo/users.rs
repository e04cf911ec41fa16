//! The profile item (`USER#<id>` / `PROFILE`), with the marks of ended sign-ins and a kept invitation on it, and the
//! e-mail guard (`EMAIL#<address>`): one account per address, and the login look-up.

use serde_json::Value;

use crate::teams::{member_item, membership_of, team_item, Team};
use crate::users::{Role, User};
use bt_core::codec::{from_item, to_item};
use bt_core::error::AppResult;
use bt_core::i18n::Language;
use bt_core::keys;
use bt_core::store::{Cond, Item, StoreError, StoreResult, Table, TxOp};
use bt_core::types::{Email, TeamId, UserId};

/// The attribute of a new account that keeps the invitation it signed up through, until its address is verified.
pub const PENDING_INVITATION: &str = "pendingInvitation";

pub const ENDED_SESSION_PREFIX: &str = "endedSession#";

/// The attribute of the user's item that marks the sign-in `family_id` as ended, with the time it ended.
pub fn ended_session_attr(family_id: &str) -> String {
    format!("{ENDED_SESSION_PREFIX}{family_id}")
}

pub fn user_item(user: &User) -> AppResult<Item> {
    to_item("user", &keys::user(&user.id), user)
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

// ---- reads -------------------------------------------------------------------------------------------------------

pub async fn get(store: &dyn Table, user_id: &UserId) -> AppResult<Option<User>> {
    match store.get(&keys::user(user_id)).await? {
        Some(item) => Ok(Some(from_item(item)?)),
        None => Ok(None),
    }
}

/// The user, unless the sign-in `session` (a family id from an access token) has ended: its access tokens are then
/// worth nothing, though they have not expired (read in the same read as the user).
pub async fn get_in_session(store: &dyn Table, user_id: &UserId, session: Option<&str>) -> AppResult<Option<User>> {
    let Some(item) = store.get(&keys::user(user_id)).await? else { return Ok(None) };
    if session.is_some_and(|family_id| item.contains_key(&ended_session_attr(family_id))) {
        return Ok(None);
    }
    Ok(Some(from_item(item)?))
}

pub async fn find_by_email(store: &dyn Table, email: &Email) -> AppResult<Option<User>> {
    let Some(guard) = store.get(&keys::email(email)).await? else { return Ok(None) };
    // A guard that names no user leads nowhere, like one whose user is gone.
    let Some(user_id) = guard.get("userId").and_then(Value::as_str).and_then(|id| UserId::parse(id).ok()) else {
        return Ok(None);
    };
    get(store, &user_id).await
}

/// Whether an account (or a confirmed e-mail change) holds the address.
pub async fn email_taken(store: &dyn Table, email: &Email) -> AppResult<bool> {
    Ok(store.get(&keys::email(email)).await?.is_some())
}

/// The invitation (its token hash) a new account signed up through, if it keeps one.
pub async fn pending_invitation(store: &dyn Table, user_id: &UserId) -> AppResult<Option<String>> {
    let Some(item) = store.get(&keys::user(user_id)).await? else { return Ok(None) };
    Ok(item.get(PENDING_INVITATION).and_then(|v| v.as_str()).map(str::to_string))
}

// ---- single writes -----------------------------------------------------------------------------------------------

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
    super::commit(store, new_account_ops(user, team)?).await
}

/// Keeps the invitation (its token hash) a new account signed up through on its profile.
pub async fn keep_invitation(store: &dyn Table, user_id: &UserId, token_hash: String) -> AppResult<()> {
    let mut set = Item::new();
    set.insert(PENDING_INVITATION.into(), token_hash.into());
    store.update(&keys::user(user_id), set, Cond::Exists).await?;
    Ok(())
}

pub async fn clear_pending_invitation(store: &dyn Table, user_id: &UserId) -> AppResult<()> {
    let mut clear = Item::new();
    clear.insert(PENDING_INVITATION.into(), Value::Null);
    store.update(&keys::user(user_id), clear, Cond::Exists).await?;
    Ok(())
}

/// Notes the address a change was asked for, until its link is followed.
pub async fn set_pending_email(store: &dyn Table, user_id: &UserId, email: &Email) -> AppResult<()> {
    let mut set = Item::new();
    set.insert("pendingEmail".into(), email.clone().into());
    store.update(&keys::user(user_id), set, Cond::Exists).await?;
    Ok(())
}

/// Marks the account verified by a sign-in provider and drops its password, if its address is still `user.email`;
/// returns the profile as stored.
pub async fn verify_dropping_password(store: &dyn Table, user: &User) -> AppResult<User> {
    let mut set = Item::new();
    set.insert("verified".into(), true.into());
    set.insert("passwordHash".into(), Value::Null);
    let item = store.update(&keys::user(&user.id), set, Cond::eq("email", user.email.clone())).await?;
    from_item(item)
}

/// Marks the sign-in `family_id` ended at `now` on the user's item (its access tokens are refused from then on), and
/// removes the marks of sign-ins that ended more than `keep_secs` ago. Nothing when the user is gone.
pub async fn mark_session_ended(
    store: &dyn Table,
    user_id: &UserId,
    family_id: &str,
    now: i64,
    keep_secs: i64,
) -> AppResult<()> {
    let mut mark = Item::new();
    mark.insert(ended_session_attr(family_id), now.into());
    let user = match store.update(&keys::user(user_id), mark, Cond::Exists).await {
        Ok(user) => user,
        // The user is gone: so are their tokens.
        Err(StoreError::ConditionFailed) => return Ok(()),
        Err(e) => return Err(e.into()),
    };
    let stale: Item = user
        .iter()
        .filter(|(attr, ended)| {
            attr.starts_with(ENDED_SESSION_PREFIX) && ended.as_i64().is_none_or(|at| at + keep_secs < now)
        })
        .map(|(attr, _)| (attr.clone(), Value::Null))
        .collect();
    if !stale.is_empty() {
        ignore_gone(store.update(&keys::user(user_id), stale, Cond::Exists).await)?;
    }
    Ok(())
}

fn ignore_gone<T>(result: StoreResult<T>) -> AppResult<()> {
    match result {
        Ok(_) | Err(StoreError::ConditionFailed) => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// Deletes every item of the user's partition (records, sessions, settings; a calendar feed's token goes with it).
pub async fn delete_items(store: &dyn Table, user_id: &UserId) -> AppResult<()> {
    super::delete_partition(store, keys::user_pk(user_id)).await
}

// ---- transaction parts -------------------------------------------------------------------------------------------

/// The profile fields a change sets (the others stay).
#[derive(Debug, Clone, Copy, Default)]
pub struct ProfileChange<'a> {
    pub name: Option<&'a str>,
    pub time_zone: Option<&'a str>,
    pub language: Option<Language>,
}

/// Sets the changed profile fields (at least one given), while the user is still in `team_id`.
pub fn change_profile_op(user_id: &UserId, team_id: &TeamId, change: &ProfileChange) -> TxOp {
    let mut set = Item::new();
    if let Some(name) = change.name {
        set.insert("name".into(), name.into());
    }
    if let Some(tz) = change.time_zone {
        set.insert("timeZone".into(), tz.into());
    }
    if let Some(language) = change.language {
        set.insert("language".into(), language.code().into());
    }
    TxOp::Update { key: keys::user(user_id), set, cond: Cond::eq("teamId", team_id.clone()) }
}

/// Sets a new password and invalidates every access token issued before (fails when the account's token version
/// moved meanwhile).
pub fn set_password_op(user: &User, password_hash: String) -> TxOp {
    let mut set = Item::new();
    set.insert("passwordHash".into(), password_hash.into());
    set.insert("tokenVersion".into(), (user.token_version + 1).into());
    TxOp::Update { key: keys::user(&user.id), set, cond: Cond::eq("tokenVersion", user.token_version) }
}

/// Gives the user another role in their team (fails when they left `team_id` meanwhile).
pub fn set_role_op(user_id: &UserId, team_id: &TeamId, role: Role) -> TxOp {
    let mut set = Item::new();
    set.insert("role".into(), role.as_str().into());
    TxOp::Update { key: keys::user(user_id), set, cond: Cond::eq("teamId", team_id.clone()) }
}

/// Moves the user from team `from` (fails when they are no longer in it) to `to` with `role`; with a token version,
/// it is set too (every access token issued before stops working), and so is a time zone.
pub fn move_to_team_op(
    user_id: &UserId,
    from: &TeamId,
    to: &TeamId,
    role: Role,
    token_version: Option<i64>,
    time_zone: Option<&str>,
) -> TxOp {
    let mut set = Item::new();
    set.insert("teamId".into(), to.clone().into());
    set.insert("role".into(), role.as_str().into());
    if let Some(zone) = time_zone {
        set.insert("timeZone".into(), zone.into());
    }
    if let Some(version) = token_version {
        set.insert("tokenVersion".into(), version.into());
    }
    TxOp::Update { key: keys::user(user_id), set, cond: Cond::eq("teamId", from.clone()) }
}

/// Marks the account verified, while its address is still the one the link was sent to.
pub fn verify_op(user_id: &UserId, email: &Email) -> TxOp {
    let mut set = Item::new();
    set.insert("verified".into(), true.into());
    TxOp::Update { key: keys::user(user_id), set, cond: Cond::eq("email", email.clone()) }
}

/// Changes the address of the profile from `from` (fails when it is no longer that) to `to`, clearing the pending one.
pub fn change_email_op(user_id: &UserId, from: &Email, to: &Email) -> TxOp {
    let mut set = Item::new();
    set.insert("email".into(), to.clone().into());
    set.insert("pendingEmail".into(), Value::Null);
    TxOp::Update { key: keys::user(user_id), set, cond: Cond::eq("email", from.clone()) }
}

/// Puts `email` back as the profile's address and invalidates every access token (fails when the token version
/// moved meanwhile).
pub fn restore_email_op(user: &User, email: &Email) -> TxOp {
    let mut set = Item::new();
    set.insert("email".into(), email.clone().into());
    set.insert("pendingEmail".into(), Value::Null);
    set.insert("tokenVersion".into(), (user.token_version + 1).into());
    TxOp::Update { key: keys::user(&user.id), set, cond: Cond::eq("tokenVersion", user.token_version) }
}

/// Deletes the profile, while the user is still in `team_id`.
pub fn delete_op(user_id: &UserId, team_id: &TeamId) -> TxOp {
    TxOp::Delete { key: keys::user(user_id), cond: Cond::eq("teamId", team_id.clone()) }
}

/// Takes the guard of an address for the user (fails when another account holds it).
pub fn claim_email_op(email: &Email, user_id: &UserId) -> TxOp {
    TxOp::Put { item: email_guard_item(email, user_id), cond: Cond::NotExists }
}

/// Frees the guard of an address the user holds (fails when it is not theirs).
pub fn release_email_op(email: &Email, user_id: &UserId) -> TxOp {
    TxOp::Delete { key: keys::email(email), cond: Cond::eq("userId", user_id.clone()) }
}
