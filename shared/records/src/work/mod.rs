//! Working time: the working day around the breaks. A person clocks in and out (live, like a live break) or enters
//! a period for a past day with a note; a day's net time is its periods minus the rest (breaks whose types the team
//! counts as rest) that lies inside them; targets come from the team's and the member's schedules, credited by public
//! holidays and approved leaves; months are summed into timesheets that an approver locks.
//!
//! Layout: pure rules and arithmetic in their own modules (no store: [`compute`], [`model`]), the items and
//! transaction parts in [`repo`], and the use cases that compose them ([`live`], [`periods`], [`schedule`],
//! [`days`], [`balance`], [`report`]). See `infra/docs/data-model.md`.
//!
//! Deletions: a deleted period keeps its item as a tombstone (`deleted: true`), moved to the `WORKDEL` index
//! partitions; its changes (the last one the deletion) are the day's `deletedChanges`.

pub mod balance;
pub mod compute;
pub mod days;
pub mod live;
pub mod lock;
pub mod model;
pub mod periods;
pub mod repo;
pub mod report;
pub mod rules;
pub mod schedule;
pub mod start;
pub mod timesheets;

pub use days::{days, team_days};
pub use model::*;
