//! Reminders and notifications: each person's settings, the reminders due at a minute (found by a Query on a
//! sharded due-time key, never a Scan), the scheduled job that sends them at most once, and the ports of the
//! channels (Web Push here; mail is [`bt_core::mail`]).
//!
//! How a reminder lives: a write that makes one due (a live break started, a meeting added or moved, the daily
//! agenda, a leave requested or decided) puts a reminder item in its person's partition, keyed by kind and subject,
//! with `GSI1PK = DUE#<minute>#<shard>`. The job of a minute queries that minute's shards, claims each item with a
//! conditional write that takes it off the index (so a second run, a retry or an overlapping run finds nothing to
//! claim), checks it still stands (the break still open, the meeting still at that time), and only then delivers.
//! The same index carries work that is not a reminder: team-chat deliveries ([`webhooks`]) and the 16-hour closing
//! of a work period left open ([`work_cap`]), and the live guard's next warning of a person at work ([`guard`]).

pub mod due;
pub mod events;
pub mod export;
pub mod guard;
pub mod job;
pub mod meeting_notices;
pub use bt_core::outbound;
pub mod reminders;
mod repo;
pub mod settings;
pub mod subscriptions;
pub mod unsubscribe;
pub mod webhooks;
pub mod work_cap;

pub use outbound::{Outbound, PushOutcome, PushSubscription};
pub use settings::NotificationSettings;
