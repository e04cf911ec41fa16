//! Notifications: settings, unsubscribe links, webhooks and the scheduled job's report.

pub mod job;
pub mod settings;
pub mod unsubscribe;
pub mod webhooks;
