//! The records of a signed-in user (breaks, tasks, leaves, meetings, checklist items), the team's break types and
//! the items of working time, and the reports over them.
//!
//! Each record module holds the domain type (serialised with the field names of the product specification, §3), a
//! pure `validate_*` function that turns a request body into a valid value or the §5 messages, and the repository
//! functions over the [`Table`](bt_core::store::Table) port. Handlers (and the assistant) call these; nothing here
//! knows about HTTP beyond [`AppError`](bt_core::AppError).
//!
//! Every read or write by id builds its key from the caller's own user id ([`Owner`]), so a record of another user
//! or team is simply not found.

pub mod allowances;
pub mod break_types;
pub mod breaks;
pub mod calendar;
pub mod checklist;
pub mod dates;
pub mod events;
pub mod export;
pub mod feeds;
pub mod holidays;
pub mod import;
pub mod leave_queries;
pub mod leave_record;
pub mod leave_report;
pub mod leave_requests;
pub mod leave_types;
pub mod leaves;
pub mod meetings;
pub mod paging;
mod repo;
pub mod reports;
pub mod tasks;
pub mod type_names;
pub mod work;

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use chrono_tz::Tz;

use bt_accounts::User;
use bt_core::types::{RecordId, TeamId, UserId};

pub use break_types::DEFAULT_BREAK_TYPES;
pub use breaks::{
    validate_break, validate_live_break, Break, BreakInput, EndBreakInput, LiveBreakInput, OpenBreak, ValidBreak,
};
pub use checklist::{validate_checklist_item, ChecklistInput, ChecklistItem, ValidChecklistItem};
pub use dates::DateRange;
pub use leaves::{validate_leave, Leave, LeaveInput, ValidLeave};
pub use meetings::{validate_meeting, Answer, Attendee, Meeting, MeetingAnswerInput, MeetingInput, ValidMeeting};
pub use paging::Paging;
pub use tasks::{validate_task, Task, TaskInput, TaskPriority, TaskStatus, ValidTask};

/// Which version of a record an edit may replace.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Expect {
    /// Whatever is stored (the record must still exist): the last write wins.
    #[default]
    Any,
    /// Only the version the person last saw, named by its `updatedAt` (HTTP `If-Match`); another version is a
    /// conflict, and nothing is written.
    UpdatedAt(String),
}

/// The answer to an edit whose record is no longer the version it was made from.
pub const CHANGED_MEANWHILE: &str = "This record was changed meanwhile.";

impl Expect {
    /// Whether a stored version with this `updatedAt` is the one expected (a conflict otherwise).
    pub fn check(&self, updated_at: &str) -> bt_core::error::AppResult<()> {
        match self {
            Expect::UpdatedAt(seen) if seen != updated_at => {
                Err(bt_core::error::AppError::Conflict(CHANGED_MEANWHILE.into()))
            }
            _ => Ok(()),
        }
    }
}

/// Whose records a call reads or writes: the signed-in caller, or (reports) a member an admin looks at.
#[derive(Debug, Clone)]
pub struct Owner {
    pub user_id: UserId,
    pub team_id: TeamId,
    pub name: String,
    /// The owner's time zone: "today" and every day boundary are taken in it.
    pub tz: Tz,
}

impl Owner {
    pub fn of(user: &User) -> Owner {
        Owner { user_id: user.id.clone(), team_id: user.team_id.clone(), name: user.name.clone(), tz: user.tz() }
    }

    /// The owner's calendar day at `now`.
    pub fn today(&self, now: DateTime<Utc>) -> NaiveDate {
        dates::today(self.tz, now)
    }

    /// The owner's wall-clock time at `now`.
    pub fn local_now(&self, now: DateTime<Utc>) -> NaiveDateTime {
        dates::local_now(self.tz, now)
    }
}

/// A new record id: a ULID of `now`, so ids sort by creation time. Ids made in the same millisecond by this process
/// follow each other (the previous one plus one), so two records saved one after the other keep that order.
pub fn new_id(now: DateTime<Utc>) -> RecordId {
    static LAST: std::sync::Mutex<Option<ulid::Ulid>> = std::sync::Mutex::new(None);
    let mut last = LAST.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let id = next_id(*last, now);
    *last = Some(id);
    RecordId::from(id)
}

fn next_id(last: Option<ulid::Ulid>, now: DateTime<Utc>) -> ulid::Ulid {
    let fresh = ulid::Ulid::from_datetime(now.into());
    match last {
        Some(previous) if previous.timestamp_ms() == fresh.timestamp_ms() => previous.increment().unwrap_or(fresh),
        _ => fresh,
    }
}

/// Timestamps stored on records (`createdAt`, `updatedAt`): RFC 3339 UTC, millisecond precision.
pub fn timestamp(now: DateTime<Utc>) -> String {
    now.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

#[cfg(test)]
mod id_tests {
    use super::*;

    #[test]
    fn an_edit_expecting_a_version_takes_only_that_one() {
        let stored = "2025-06-02T08:00:00.000Z";
        assert!(Expect::Any.check(stored).is_ok());
        assert!(Expect::UpdatedAt(stored.into()).check(stored).is_ok());
        let stale = Expect::UpdatedAt("2025-06-01T08:00:00.000Z".into()).check(stored);
        assert!(matches!(stale, Err(bt_core::error::AppError::Conflict(m)) if m == CHANGED_MEANWHILE));
    }

    #[test]
    fn ids_of_one_millisecond_follow_each_other_and_carry_its_time() {
        let now = Utc::now();
        let mut last = None;
        let ids: Vec<ulid::Ulid> = (0..1000)
            .map(|_| {
                let id = next_id(last, now);
                last = Some(id);
                id
            })
            .collect();
        assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
        assert!(ids.iter().all(|id| id.timestamp_ms() == now.timestamp_millis() as u64));
        // A later millisecond starts afresh at its own time.
        let later = now + chrono::Duration::milliseconds(1);
        assert_eq!(next_id(last, later).timestamp_ms(), later.timestamp_millis() as u64);
    }
}
