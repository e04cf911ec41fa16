//! Accounts: sign-up, profile and contact bodies.

pub mod audit;
pub mod contact;
pub mod users;
