//! Breaktime's application: the domain as handlers and start-ups see it, and the composition root. The domain is six
//! crates in one direction, which Cargo enforces (a crate cannot name one that does not come before it):
//!
//! `bt-core` (ids, value types, keys, ports, codec, validation, the error) → `bt-accounts` → `bt-records` →
//! `bt-work` → `bt-notifications` → `bt-assistant`.
//!
//! Records publish [`records::events::RecordEvent`]s through a port; notifications handles them. This crate names
//! the layers under one roof and holds the composition root: [`app::services`] installs the event handler, and
//! [`export::run`] hands the export (a records use case) the parts of working time and notifications. It knows
//! nothing of HTTP, Lambda, AWS or SQLite (the architecture test over `cargo metadata` keeps it so).
//!
//! The store port (`bt_core::store`: items, conditions, queries, writes, transactions), the keys of the table
//! (`bt_core::keys`) and the item codec are not named here: a handler, which sees the domain through this crate
//! only, cannot write a raw store operation; it calls a use-case function of a layer. The start-ups and adapters depend on `bt-core` for the port.
//!
//! ```compile_fail
//! // A function crate cannot name the store port through the domain.
//! use bt_app::store::{Cond, Table};
//! ```
//!
//! ```compile_fail
//! // Nor build a key of the table.
//! let _ = bt_app::keys::user_pk;
//! ```
//!
//! ```compile_fail
//! // Nor reach the store field of the services.
//! fn raw(services: &bt_app::Services) {
//!     let _ = &services.store;
//! }
//! ```

pub mod app;
pub mod export;

pub use bt_accounts as account;
pub use bt_accounts::auth;
/// Break Buddy, the assistant's engine (understanding, answers, proposals, the hosted model's use).
pub use bt_assistant as buddy;
pub use bt_core::{
    assistant, clock, config, error, holidays, i18n, idempotency, mail, outbound, ratelimit, services, types, validate,
};
pub use bt_notifications as notifications;
pub use bt_work as work;

pub use bt_records as records;

pub use bt_core::error::{AppError, AppResult};
pub use bt_core::services::Services;
