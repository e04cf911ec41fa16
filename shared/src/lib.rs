//! The library every Breaktime function links: domain types and rules, validation, auth, the store and mail ports
//! with their adapters, HTTP helpers and the one error type.

pub mod account;
pub mod auth;
pub mod clock;
pub mod config;
pub mod error;
pub mod http;
pub mod keys;
pub mod mail;
pub mod ratelimit;
pub mod records;
pub mod state;
pub mod store;
pub mod validate;

#[cfg(feature = "lambda")]
pub mod lambda;

pub use error::{AppError, AppResult};
pub use state::AppState;
