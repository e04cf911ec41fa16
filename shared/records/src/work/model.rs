//! The domain types of working time and their rules (no store).

use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, Utc};
use serde::{Deserialize, Serialize};

use super::compute::{PeriodSpan, Weekdays};
use crate::dates::{self, format_date, format_time};
use crate::repo::{owned_record_fields, Record};
use crate::{timestamp, Owner};
use bt_accounts::User;
use bt_core::error::{AppError, AppResult};
use bt_core::keys::{self, RecordKind};
use bt_core::types::{ClockTime, Day, RecordId, TeamId, UserId};
use bt_core::validate::Check;

pub const MAX_PERIOD_MINUTES: i64 = 16 * 60;
pub const MAX_NOTE_CHARS: u64 = 500;
pub const ALREADY_CLOCKED_IN: &str = "You are already clocked in.";
pub const NOT_CLOCKED_IN: &str = "You are not clocked in.";
pub const AUTO_CLOSED_NOTE: &str = "Closed automatically after 16 hours.";
pub const NOTE_REQUIRED: &str = "A note is required.";
pub const NOTE_TOO_LONG: &str = "Note must not exceed 500 characters.";
pub const OVERLAPS: &str = "This period overlaps another one.";
pub const PERIOD_TOO_LONG: &str = "A period cannot be more than 16 hours.";
pub const PERIOD_EMPTY: &str = "A period must be longer than 0 minutes.";
pub const PERIOD_IN_FUTURE: &str = "The date cannot be in the future.";
pub const START_REQUIRED: &str = "Start time is required.";
pub const END_REQUIRED: &str = "End time is required.";
pub const DATE_REQUIRED: &str = "Date is required.";
pub const CARRY_SET: &str = "The carried-over balance is already set.";
pub const BAD_WEEKDAYS: &str = "Give seven weekday values from 0 to 1440 minutes, Monday first.";
pub const BAD_MINUTES: &str = "Minutes must be a whole number.";
pub const APPROVERS_ONLY: &str = "Only team admins and HR can do this.";

/// How a period came to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    Clock,
    Manual,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChangeAction {
    Created,
    Edited,
    Deleted,
    Closed,
}

/// A period's value before a change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PeriodValue {
    pub date: Day,
    pub start: ClockTime,
    pub end: ClockTime,
}

/// One change of a period: who, when, why, and what it was before.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WorkChange {
    pub action: ChangeAction,
    pub by: UserId,
    pub by_name: String,
    pub at: String,
    pub note: String,
    pub previous: Option<PeriodValue>,
}

/// A working period: from `start` on `date` to `end` (of the next day when `nextDay`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WorkPeriod {
    #[serde(rename = "_id")]
    pub id: RecordId,
    pub user_id: UserId,
    pub date: Day,
    pub start: ClockTime,
    pub end: ClockTime,
    pub minutes: i64,
    pub next_day: bool,
    pub note: String,
    pub source: Source,
    #[serde(default)]
    pub auto_closed: bool,
    #[serde(default)]
    pub changes: Vec<WorkChange>,
    pub created_at: String,
    pub updated_at: String,
}

impl Record for WorkPeriod {
    const KIND: RecordKind = RecordKind::Work;
    const ENTITY: &'static str = "work_period";
    owned_record_fields!();
    fn date_key(&self) -> String {
        keys::work_by_date_sk(self.date, self.start, &self.id)
    }
    fn gsi2(&self, team_id: &TeamId) -> Option<(String, String)> {
        Some((keys::team_work_gsi(team_id), keys::team_work_sk(self.date, &self.user_id, &self.id)))
    }
}

impl WorkPeriod {
    pub fn span(&self) -> PeriodSpan {
        PeriodSpan { date: self.date.date(), start: self.start.time(), end: self.end.time(), next_day: self.next_day }
    }

    pub fn value(&self) -> PeriodValue {
        PeriodValue { date: self.date, start: self.start, end: self.end }
    }
}

/// The open period of a clocked-in person: `USER#<id>` / `OPENWORK`, mirrored as the team's `WORKING#` item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpenWorkItem {
    pub user_id: UserId,
    pub team_id: TeamId,
    pub name: String,
    pub since: String,
    pub date: Day,
    pub start_time: ClockTime,
    pub time_zone: String,
    #[serde(default)]
    pub note: String,
}

impl OpenWorkItem {
    pub fn since(&self) -> AppResult<DateTime<Utc>> {
        DateTime::parse_from_rfc3339(&self.since)
            .map(|d| d.with_timezone(&Utc))
            .map_err(|e| AppError::Internal(anyhow::anyhow!("open work period with a bad start: {e}")))
    }

    fn tz(&self) -> chrono_tz::Tz {
        self.time_zone.parse().unwrap_or(chrono_tz::UTC)
    }

    /// The local start, and the local end after `elapsed` (the offset of the start: a clock change changes nothing).
    pub fn local_span(&self, until: DateTime<Utc>) -> AppResult<(NaiveDateTime, NaiveDateTime)> {
        let since = self.since()?;
        let start = since.with_timezone(&self.tz()).naive_local();
        let elapsed = (until - since).clamp(Duration::zero(), Duration::minutes(MAX_PERIOD_MINUTES));
        Ok((start, start + elapsed))
    }

    /// The open period as a span up to `until` (for the day's worked minutes so far).
    pub fn span_until(&self, until: DateTime<Utc>) -> AppResult<PeriodSpan> {
        let (start, end) = self.local_span(until)?;
        Ok(PeriodSpan { date: start.date(), start: start.time(), end: end.time(), next_day: end.date() > start.date() })
    }

    pub fn over_cap(&self, now: DateTime<Utc>) -> bool {
        self.since().is_ok_and(|s| now - s > Duration::minutes(MAX_PERIOD_MINUTES))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Adjustment {
    #[serde(rename = "_id")]
    pub id: RecordId,
    pub minutes: i64,
    pub note: String,
    pub by: UserId,
    pub by_name: String,
    pub at: String,
}

/// The carried-over balance, set once.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CarryOver {
    pub minutes: i64,
    pub note: String,
    /// The day it counts from (the day it was set, in the member's zone).
    pub date: Day,
    pub by: UserId,
    pub by_name: String,
    pub at: String,
}

/// The team's schedule item: `TEAM#<teamId>` / `WORKSCHEDULE`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TeamSchedule {
    pub weekdays: Weekdays,
    #[serde(default)]
    pub paid_break_types: Vec<String>,
}

/// A member's schedule item: `USER#<userId>` / `WORKSCHED#<from>`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MemberSchedule {
    pub user_id: UserId,
    pub from: Day,
    pub weekdays: Weekdays,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MineSchedule {
    pub from: Option<Day>,
    pub weekdays: Weekdays,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleEntry {
    pub from: Day,
    pub weekdays: Weekdays,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WorkSchedule {
    pub team: TeamSchedule,
    pub mine: MineSchedule,
    pub history: Vec<ScheduleEntry>,
}

// ---- inputs and their rules --------------------------------------------------------------------------------------

#[derive(Debug, Clone, Default)]
pub struct StartWorkInput {
    pub at: Option<String>,
    pub note: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct EndWorkInput {
    pub at: Option<String>,
}

/// `POST /work/periods` and `PUT /work/periods/{id}` (left-out fields keep their value on an edit).
#[derive(Debug, Clone, Default)]
pub struct PeriodInput {
    pub date: Option<String>,
    pub start: Option<String>,
    pub end: Option<String>,
    pub note: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct ScheduleInput {
    pub weekdays: Option<Vec<i64>>,
    pub paid_break_types: Option<Vec<String>>,
}

#[derive(Debug, Clone, Default)]
pub struct MemberScheduleInput {
    pub from: Option<String>,
    pub weekdays: Option<Vec<i64>>,
}

#[derive(Debug, Clone, Default)]
pub struct OvertimeInput {
    pub user_id: Option<String>,
    pub minutes: Option<i64>,
    pub note: Option<String>,
}

/// A valid period: the date it starts, its times, its length; an end before the start is the next day.
#[derive(Debug, Clone, PartialEq)]
pub struct ValidPeriod {
    pub date: Day,
    pub start: ClockTime,
    pub end: ClockTime,
    pub minutes: i64,
    pub next_day: bool,
    pub note: String,
}

pub fn check_note(check: &mut Check, note: Option<&str>) -> String {
    let note = note.unwrap_or("").trim();
    check.required("note", note, NOTE_REQUIRED).max_chars("note", note, MAX_NOTE_CHARS, NOTE_TOO_LONG);
    note.to_string()
}

pub fn validate_period(input: &PeriodInput, today: NaiveDate) -> AppResult<ValidPeriod> {
    let mut check = Check::new();
    let date = dates::date_field(&mut check, "date", input.date.as_deref(), DATE_REQUIRED, dates::INVALID_DATE);
    let start = dates::time_field(&mut check, "start", input.start.as_deref(), START_REQUIRED);
    let end = dates::time_field(&mut check, "end", input.end.as_deref(), END_REQUIRED);
    let note = check_note(&mut check, input.note.as_deref());
    if let Some(d) = date {
        check.rule("date", d.date() <= today, PERIOD_IN_FUTURE);
    }
    let mut minutes = 0;
    if let (Some(s), Some(e)) = (start, end) {
        minutes = dates::minutes_between(s.time(), e.time());
        check.rule("end", minutes > 0, PERIOD_EMPTY).rule("end", minutes <= MAX_PERIOD_MINUTES, PERIOD_TOO_LONG);
    }
    check.finish()?;
    let (start, end) = (start.expect("checked"), end.expect("checked"));
    Ok(ValidPeriod { date: date.expect("checked"), start, end, minutes, next_day: end.time() <= start.time(), note })
}

/// Seven weekday minutes, each 0..=1440.
pub fn validate_weekdays(check: &mut Check, weekdays: Option<&Vec<i64>>) -> Weekdays {
    let mut out = [0; 7];
    match weekdays {
        Some(w) if w.len() == 7 && w.iter().all(|m| (0..=1440).contains(m)) => out.copy_from_slice(w),
        _ => {
            check.rule("weekdays", false, BAD_WEEKDAYS);
        }
    }
    out
}

/// A period's text form for a change's `previous`.
pub fn describe(v: &PeriodValue) -> String {
    format!("{} {}-{}", format_date(v.date.date()), format_time(v.start.time()), format_time(v.end.time()))
}

/// One change of a period: who made it, when, why, and what it was before.
pub fn change(
    actor: &User,
    action: ChangeAction,
    note: &str,
    previous: Option<&WorkPeriod>,
    now: DateTime<Utc>,
) -> WorkChange {
    WorkChange {
        action,
        by: actor.id.clone(),
        by_name: actor.name.clone(),
        at: timestamp(now),
        note: note.to_string(),
        previous: previous.map(WorkPeriod::value),
    }
}

/// A period entered by hand (or imported, under the id its row derives): its one change says who made it, with
/// `change_note`.
pub fn new_period(
    id: RecordId,
    owner: &Owner,
    valid: &ValidPeriod,
    actor: &User,
    change_note: &str,
    now: DateTime<Utc>,
) -> WorkPeriod {
    WorkPeriod {
        id,
        user_id: owner.user_id.clone(),
        date: valid.date,
        start: valid.start,
        end: valid.end,
        minutes: valid.minutes,
        next_day: valid.next_day,
        note: valid.note.clone(),
        source: Source::Manual,
        auto_closed: false,
        changes: vec![change(actor, ChangeAction::Created, change_note, None, now)],
        created_at: timestamp(now),
        updated_at: timestamp(now),
    }
}

/// An approver's start date for a member (`TEAM#<teamId>` / `WORKSTART#<userId>`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StartDate {
    pub user_id: UserId,
    pub date: Day,
    /// The membership's `joinedAt` when the date was set: it applies to that membership only.
    pub joined_at: String,
    pub by: UserId,
    pub by_name: String,
    pub at: String,
}

/// What was done to a timesheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    Submitted,
    Approved,
    Returned,
    Reopened,
}

impl Action {
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Submitted => "submitted",
            Action::Approved => "approved",
            Action::Returned => "returned",
            Action::Reopened => "reopened",
        }
    }
}
