//! Users, teams and memberships: the items and the reads every function needs.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::{AppError, AppResult};
use crate::keys;
use crate::store::{Cond, Item, Key, Table, TxOp};

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
    pub id: String,
    pub name: String,
    pub email: String,
    #[serde(rename = "passwordHash", default)]
    pub password_hash: Option<String>,
    pub verified: bool,
    #[serde(rename = "teamId")]
    pub team_id: String,
    pub role: Role,
    #[serde(rename = "timeZone", default = "default_tz")]
    pub time_zone: String,
    /// Bumped to invalidate every access token issued before (password change, removal from a team).
    #[serde(rename = "tokenVersion", default)]
    pub token_version: i64,
    #[serde(rename = "pendingEmail", default, skip_serializing_if = "Option::is_none")]
    pub pending_email: Option<String>,
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
}

fn default_tz() -> String {
    "UTC".into()
}

/// The membership item (`TEAM#<teamId>` / `MEMBER#<userId>`), denormalised for one-Query team lists.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Member {
    #[serde(rename = "userId")]
    pub user_id: String,
    pub name: String,
    pub email: String,
    pub role: Role,
    #[serde(rename = "joinedAt")]
    pub joined_at: String,
}

/// Turns a typed entity into a table item with its keys and `entity_type`.
pub fn to_item<T: Serialize>(entity_type: &str, key: &Key, entity: &T) -> AppResult<Item> {
    let mut item = match serde_json::to_value(entity).map_err(|e| AppError::Internal(e.into()))? {
        Value::Object(m) => m,
        _ => return Err(AppError::Internal(anyhow::anyhow!("entity is not an object"))),
    };
    item.insert("PK".into(), Value::String(key.pk.clone()));
    item.insert("SK".into(), Value::String(key.sk.clone()));
    item.insert("entity_type".into(), Value::String(entity_type.into()));
    Ok(item)
}

/// Reads a typed entity back from an item (key attributes are ignored).
pub fn from_item<T: serde::de::DeserializeOwned>(item: Item) -> AppResult<T> {
    serde_json::from_value(Value::Object(item)).map_err(|e| AppError::Internal(anyhow::anyhow!("corrupt item: {e}")))
}

pub fn user_item(user: &User) -> AppResult<Item> {
    to_item("user", &keys::user(&user.id), user)
}

pub fn member_item(team_id: &str, member: &Member) -> AppResult<Item> {
    to_item("member", &keys::member(team_id, &member.user_id), member)
}

pub async fn get_user(store: &dyn Table, user_id: &str) -> AppResult<Option<User>> {
    match store.get(&keys::user(user_id)).await? {
        Some(item) => Ok(Some(from_item(item)?)),
        None => Ok(None),
    }
}

pub async fn find_user_by_email(store: &dyn Table, email: &str) -> AppResult<Option<User>> {
    let Some(guard) = store.get(&keys::email(email)).await? else { return Ok(None) };
    let Some(user_id) = guard.get("userId").and_then(Value::as_str) else { return Ok(None) };
    get_user(store, user_id).await
}

pub async fn team_members(store: &dyn Table, team_id: &str) -> AppResult<Vec<Member>> {
    let items = store
        .query_all(&crate::store::Query::table(
            keys::team_pk(team_id),
            crate::store::SkCond::BeginsWith(keys::MEMBER_PREFIX.into()),
        ))
        .await?;
    items.into_iter().map(from_item).collect()
}

/// The team item (`TEAM#<id>` / `TEAM`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Team {
    pub id: String,
    pub name: String,
    #[serde(rename = "createdAt")]
    pub created_at: String,
}

/// A fresh time-sortable id (ULID).
pub fn new_id() -> String {
    ulid::Ulid::new().to_string()
}

/// A new one-person team for `owner_name` (every user belongs to a team).
pub fn personal_team(owner_name: &str, now: &str) -> Team {
    Team { id: new_id(), name: format!("{}'s team", owner_name.trim()), created_at: now.to_string() }
}

pub fn team_item(team: &Team) -> AppResult<Item> {
    to_item("team", &keys::team(&team.id), team)
}

pub async fn get_team(store: &dyn Table, team_id: &str) -> AppResult<Option<Team>> {
    match store.get(&keys::team(team_id)).await? {
        Some(item) => Ok(Some(from_item(item)?)),
        None => Ok(None),
    }
}

/// The e-mail guard: one account per address (written under `attribute_not_exists`), and the login look-up.
pub fn email_guard_item(email: &str, user_id: &str) -> Item {
    let key = keys::email(email);
    let mut item = Item::new();
    item.insert(crate::store::PK.into(), Value::String(key.pk));
    item.insert(crate::store::SK.into(), Value::String(key.sk));
    item.insert("entity_type".into(), Value::from("email"));
    item.insert("userId".into(), Value::from(user_id));
    item
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

pub async fn team_member_count(store: &dyn Table, team_id: &str) -> AppResult<u64> {
    Ok(store
        .count(&crate::store::Query::table(
            keys::team_pk(team_id),
            crate::store::SkCond::BeginsWith(keys::MEMBER_PREFIX.into()),
        ))
        .await?)
}

/// Whether `user_id` is the only admin of a team that has other members (who would be left without an admin).
pub fn is_last_admin_with_others(members: &[Member], user_id: &str) -> bool {
    let me_admin = members.iter().any(|m| m.user_id == user_id && m.role == Role::Admin);
    let other_admins = members.iter().any(|m| m.user_id != user_id && m.role == Role::Admin);
    let others = members.iter().any(|m| m.user_id != user_id);
    me_admin && others && !other_admins
}
