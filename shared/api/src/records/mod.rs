//! The records of a signed-in user, the team's types, holidays and presence, and the reports over them.

pub mod allowances;
pub mod break_types;
pub mod breaks;
pub mod calendar;
pub mod checklist;
pub mod feeds;
pub mod holidays;
pub mod import;
pub mod leave_report;
pub mod leave_types;
pub mod leaves;
pub mod meetings;
pub mod presence;
pub mod reports;
pub mod rules;
pub mod tasks;
pub mod timesheets;
pub mod work;
