//! Accounts: sign-up, profile, contact and API token bodies.

pub mod audit;
pub mod contact;
pub mod sso;
pub mod teams;
pub mod tokens;
pub mod users;
