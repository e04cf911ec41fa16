//! The core of Breaktime's domain, on which every other layer stands: ids and value types ([`types`]), every key
//! of the single table ([`keys`]), the store, mail, outbound and model ports, the item codec, validation, the
//! idempotency and rate-limit records, the services a domain call is given, and the one domain error. It depends
//! on no other Breaktime crate.

pub mod assistant;
pub mod clock;
pub mod codec;
pub mod config;
pub mod error;
pub mod holidays;
pub mod i18n;
#[cfg(test)]
mod i18n_coverage;
pub mod idempotency;
pub mod keys;
pub mod mail;
pub mod outbound;
pub mod ratelimit;
pub mod services;
pub mod store;
pub mod types;
pub mod validate;

pub use error::{AppError, AppResult};
pub use services::Services;
