//! Accounts: sign-up, profile and contact bodies.

pub mod contact;
pub mod sso;
pub mod users;
