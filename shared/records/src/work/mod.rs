//! Working time: the working day around the breaks. A person clocks in and out (live, like a live break) or enters
//! a period for a past day with a note; a day's net time is its periods minus the rest (breaks whose types the team
//! counts as rest) that lies inside them; targets come from the team's and the member's schedules, credited by public
//! holidays and approved leaves; months are summed into timesheets that an approver locks.
//!
//! Layout: pure rules and arithmetic in their own modules (no store), the items and transaction parts in [`repo`],
//! and the use cases that compose them. See `docs/working-time.md` and `infra/docs/data-model.md`.

pub mod lock;
pub mod repo;
pub mod timesheets;
