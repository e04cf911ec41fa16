//! Breaktime's domain, as handlers and start-ups see it. The domain is four crates in one direction, which Cargo
//! enforces (a crate cannot name one that does not come before it):
//!
//! `bt-core` (ids, value types, keys, ports, codec, validation, the error) → `bt-accounts` → `bt-records` →
//! `bt-notifications`.
//!
//! Records publish [`records::events::RecordEvent`]s through a port; notifications handles them. This crate names
//! the layers under one roof and holds the composition root ([`app::services`]) that installs the handler. It knows
//! nothing of HTTP, Lambda, AWS or SQLite (the architecture test over `cargo metadata` keeps it so).

pub mod app;

pub use bt_accounts as account;
pub use bt_accounts::auth;
pub use bt_core::{
    assistant, clock, codec, config, error, holidays, idempotency, keys, mail, outbound, ratelimit, services, store,
    types, validate,
};
pub use bt_notifications as notifications;
pub use bt_records as records;

pub use bt_core::error::{AppError, AppResult};
pub use bt_core::services::Services;
