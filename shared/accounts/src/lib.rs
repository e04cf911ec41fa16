//! Accounts: users, teams and memberships, invitations, e-mailed links, sessions, personal API tokens, social and
//! single sign-on state, the team's single sign-on requirement, the team's audit log and contact messages. Each
//! module holds an entity, its rules and its use cases; handlers parse, call one of them and answer. Only the
//! repositories (`repo`, one module per entity) call the store port: the use cases call their reads and writes, and
//! compose the transaction parts they build into one commit. The item shapes and keys
//! (`bt_core::keys`) are those of the data model.

pub mod audit;
pub mod auth;
pub mod contact;
pub mod invitations;
pub mod links;
pub mod oauth;
mod repo;
pub mod sessions;
pub mod sso;
pub mod teams;
pub mod tokens;
pub mod users;

use bt_core::mail::Mail;
use bt_core::services::Services;

pub use teams::{
    get_team, member_item, membership_of, personal_team, team_item, team_member_count, team_members, Member, Team,
};

pub use users::{
    email_guard_item, find_user_by_email, get_user, get_user_in_session, new_account_ops, user_item, Role, User,
};

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
