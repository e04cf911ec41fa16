//! Breaktime's domain: the entities and their rules, validation, every key of the single table, the store and mail
//! ports, and the one domain error. It knows nothing of HTTP, Lambda, AWS or SQLite (a test over `cargo metadata`
//! keeps it so): the HTTP crate maps [`AppError`] to answers, the adapter crates implement the ports.

pub mod account;
pub mod app;
pub mod assistant;
pub use account::auth;
pub mod clock;
pub mod codec;
pub mod config;
pub mod error;
pub mod holidays;
pub mod idempotency;
pub mod keys;
pub mod mail;
pub mod notifications;
pub mod outbound;
pub mod ratelimit;
pub mod records;
pub mod schema;
pub mod services;
pub mod store;
pub mod types;
pub mod validate;

pub use error::{AppError, AppResult};
pub use services::Services;
