//! The repositories of the notifications layer: the only code of the crate that calls the store port. One module
//! per kind of item builds its keys, items and conditions and offers small reads and writes named for what they do;
//! the use cases (settings, reminders, the job, subscriptions, webhooks, the work period's closing) call them. No write here spans items, so
//! there is no transaction to compose.

pub mod guard;
pub mod job;
pub mod reminders;
pub mod settings;
pub mod subscriptions;
pub mod webhooks;
pub mod work_cap;
