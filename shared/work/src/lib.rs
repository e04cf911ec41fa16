//! Working time: the working day around the breaks. A person clocks in and out (live, like a live break) or enters
//! a period for a past day with a note; a day's net time is its periods minus the rest (breaks whose types the team
//! counts as rest) that lies inside them; targets come from the team's and the member's schedules, from the day a
//! person joined, credited by public holidays and approved leaves; months are summed into timesheets that an
//! approver locks; the statutory rules engine reads the days and warns; the team board shows who works, rests or is
//! away.
//!
//! The items themselves (periods, the open period, schedules, overtime, start dates) and the month lock are records
//! (`bt_records::work`): breaks and leaves check the lock when they are written, below this crate. This crate
//! composes them: the use cases ([`live`], [`periods`], [`schedule`], [`start`], [`days`], [`balance`], [`report`],
//! [`timesheets`], [`presence`]), the rules engine ([`rules`]) and what they show ([`model`]'s views).

pub use bt_records::work::{compute, lock};

/// The types of working time: the items (`bt_records::work::model`) and the views this crate builds from them.
pub mod model {
    pub use bt_records::work::model::*;

    pub use crate::views::*;
}

/// The items of working time (`bt_records::work::repo`), the timesheets' own and the team board's read.
pub mod repo {
    pub use bt_records::work::repo::*;

    pub mod presence;
    pub mod timesheets;
}

pub mod balance;
pub mod days;
pub mod export;
pub mod live;
pub mod open;
pub mod periods;
pub mod presence;
pub mod report;
pub mod rules;
pub mod schedule;
pub mod start;
pub mod timesheets;
mod views;

pub use days::{days, team_days};
pub use model::*;
pub use presence::{team_presence, MemberPresence, PresenceStatus};
