//! The items of working time, as records: a person's periods (entered, or clocked live through the open period),
//! schedules, overtime, start dates, and the month lock an approved timesheet sets. Other records need them here:
//! a break or a leave written into an approved month is refused by the lock, and the lock asks which days a break
//! counts in, which the periods tell. What working time makes of them (the day's net time, targets, balances, the
//! rules engine, timesheets, presence) is the crate above, `bt-work`.
//!
//! Layout: pure arithmetic ([`compute`]) and the types with their validation ([`model`]), the items and the
//! transaction parts that write them ([`repo`]), and the lock's checks ([`lock`]). See `infra/docs/data-model.md`.
//!
//! Deletions: a deleted period keeps its item as a tombstone (`deleted: true`), moved to the `WORKDEL` index
//! partitions; its changes (the last one the deletion) are the day's `deletedChanges`.

pub mod compute;
pub mod lock;
pub mod model;
pub mod repo;

pub use model::*;
