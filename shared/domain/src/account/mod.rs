//! Accounts: users, teams and memberships, invitations, e-mailed links, sessions, social sign-in state and contact
//! messages. Each module holds an entity, its rules and the repository and use-case functions over the store port;
//! handlers parse, call one of them and answer. The item shapes and keys (`crate::keys`) are those of the data model.

pub mod contact;
pub mod invitations;
pub mod links;
pub mod oauth;
pub mod sessions;
pub mod teams;
pub mod users;

use serde::Serialize;
use serde_json::Value;

use crate::error::{AppError, AppResult};
use crate::mail::Mail;
use crate::services::Services;
use crate::store::{Item, Key};

pub use teams::{
    get_team, member_item, membership_of, personal_team, team_item, team_member_count, team_members, Member, Team,
};
pub use users::{
    email_guard_item, find_user_by_email, get_user, get_user_in_session, new_account_ops, user_item, Role, User,
};

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

/// A fresh time-sortable id (ULID).
pub fn new_id() -> String {
    ulid::Ulid::new().to_string()
}

/// Sends a mail; a failure is logged and reported as false (callers decide what the person is told).
pub async fn send_mail(state: &Services, mail: Mail) -> bool {
    let subject = mail.subject.clone();
    match state.mailer.send(mail).await {
        Ok(()) => true,
        Err(e) => {
            tracing::error!(error = %e, %subject, "mail not sent");
            false
        }
    }
}
