//! Working time: periods, the open period, days, summaries, the overtime balance and schedules.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::breaks::Break;
use crate::wire;
use bt_app::types::{ClockTime, Day, RecordId, UserId};
use bt_app::work as dom;

wire! { from dom::Source;
    /// How a period came to be: clocked in and out, or entered by hand.
    #[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "lowercase")]
    pub enum Source { Clock, Manual }
}

wire! { from dom::ChangeAction;
    #[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "lowercase")]
    pub enum ChangeAction { Created, Edited, Deleted, Closed }
}

wire! { from dom::PeriodValue;
    /// A period's value before a change.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct PeriodValue {
        #[schema(schema_with = crate::schema::date)]
        pub date: Day,
        #[schema(schema_with = crate::schema::time)]
        pub start: ClockTime,
        #[schema(schema_with = crate::schema::time)]
        pub end: ClockTime,
    }
}

wire! { from dom::WorkChange;
    /// One change of a period: who, when, why, and its value before (null when it was created).
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct WorkChange {
        pub action: ChangeAction,
        #[schema(schema_with = crate::schema::ulid)]
        pub by: UserId,
        pub by_name: String,
        #[schema(schema_with = crate::schema::stamp)]
        pub at: String,
        pub note: String,
        pub previous: Option<PeriodValue>,
    }
}

wire! { from dom::WorkPeriod;
    /// A working period, from `start` on `date` to `end` (of the next day when `nextDay`); it counts on `date`.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct WorkPeriod {
        #[serde(rename = "_id")]
        #[schema(schema_with = crate::schema::ulid)]
        pub id: RecordId,
        #[schema(schema_with = crate::schema::ulid)]
        pub user_id: UserId,
        #[schema(schema_with = crate::schema::date)]
        pub date: Day,
        #[schema(schema_with = crate::schema::time)]
        pub start: ClockTime,
        #[schema(schema_with = crate::schema::time)]
        pub end: ClockTime,
        #[schema(minimum = 1, maximum = 960)]
        pub minutes: i64,
        pub next_day: bool,
        #[schema(max_length = 500)]
        pub note: String,
        pub source: Source,
        pub auto_closed: bool,
        pub changes: Vec<WorkChange>,
        #[schema(schema_with = crate::schema::stamp)]
        pub created_at: String,
        #[schema(schema_with = crate::schema::stamp)]
        pub updated_at: String,
    }
}

wire! { from dom::OpenWork;
    /// The open period of a clocked-in person; `workedMinutes` is the day's net time so far, this period included.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct OpenWork {
        #[schema(schema_with = crate::schema::stamp)]
        pub since: String,
        #[schema(schema_with = crate::schema::date)]
        pub date: Day,
        #[schema(schema_with = crate::schema::time)]
        pub start_time: ClockTime,
        pub time_zone: String,
        pub worked_minutes: i64,
    }
}

// ---- the live guard of the break and rest rules -------------------------------------------------------------------

wire! { from dom::rules::live_day::RestNotice;
    /// The day started before the daily rest since the previous working day was over.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct RestNotice {
        /// The end of the previous working day.
        #[schema(schema_with = crate::schema::stamp)]
        pub since: String,
        /// When the required rest is over.
        #[schema(schema_with = crate::schema::stamp)]
        pub ends_at: String,
        pub required_minutes: i64,
        pub rest_minutes: i64,
        /// "Your 11-hour rest since 22:10 yesterday ends at 09:10", in the caller's language.
        pub message: String,
    }
}

wire! { from dom::rules::live_day::LiveGuard;
    /// What the team's break and rest rules say of a person at work now.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct LiveGuard {
        /// Working (not on a break) past a break threshold or the longest stretch without the break due.
        pub break_due: bool,
        /// When the next break falls due if work goes on without one.
        #[schema(schema_with = crate::schema::stamp_or_null, required = true)]
        pub next_break_at: Option<String>,
        /// Minutes of break due then (0 when none is ahead).
        pub next_break_minutes: i64,
        /// When the daily maximum is reached if work goes on.
        #[schema(schema_with = crate::schema::stamp_or_null, required = true)]
        pub daily_max_at: Option<String>,
        #[schema(required = true)]
        pub rest: Option<RestNotice>,
    }
}

/// Who wrote a note on a finding, and what.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FindingNote {
    pub text: String,
    #[schema(schema_with = crate::schema::ulid)]
    pub by_id: UserId,
    pub by_name: String,
    #[schema(schema_with = crate::schema::stamp)]
    pub at: String,
}

/// One break or rest rule a day does not meet (it only warns).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Finding {
    /// `break`, `continuous`, `dailyMax`, `rest` or `weeklyAverage`.
    #[schema(example = "break")]
    pub rule: String,
    /// Local date and time, `YYYY-MM-DDTHH:MM`.
    #[schema(example = "2026-03-11T17:40")]
    pub when: String,
    pub minutes_missing: i64,
    /// In the caller's language.
    pub message: String,
    /// The law and section ("ArbZG § 4"; empty for a custom set).
    pub law: String,
    #[schema(required = true)]
    pub note: Option<FindingNote>,
}

impl From<dom::rules::Finding> for Finding {
    fn from(f: dom::rules::Finding) -> Finding {
        Finding {
            rule: f.rule.tag().into(),
            when: f.when,
            minutes_missing: f.minutes_missing,
            message: f.message,
            law: f.law,
            note: None,
        }
    }
}

impl crate::convert::Convert<Finding> for dom::rules::Finding {
    fn convert(self) -> Finding {
        Finding::from(self)
    }
}

wire! { from dom::rules::live_day::DaySummary;
    /// The day's net time, qualifying breaks and findings, when clocking out.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct DaySummary {
        pub worked: i64,
        /// Qualifying break minutes (the blocks the rule set counts).
        pub breaks: i64,
        pub findings: Vec<Finding>,
        /// "Worked 8 h 40 min, breaks 30 min." or "Worked 6 h 20 min. Breaks: 20 min of the 30 min due after 6 hours
        /// of work – 10 min short.", in the caller's language.
        pub message: String,
    }
}

wire! { from dom::rules::live_day::CurrentWork;
    /// The open period and the guard of the team's break and rest rules (null for a team without rules).
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct CurrentWork {
        #[serde(flatten)]
        pub open: OpenWork,
        #[schema(required = true)]
        pub guard: Option<LiveGuard>,
    }
}

wire! { from dom::rules::live_day::EndedWork;
    /// The period clocked out and the day's summary under the team's rules (null for a team without rules).
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct EndedWork {
        #[serde(flatten)]
        pub period: WorkPeriod,
        #[schema(required = true)]
        pub summary: Option<DaySummary>,
    }
}

wire! { from dom::LeaveCredit;
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct LeaveCredit {
        #[serde(rename = "type")]
        pub leave_type: String,
        pub half: bool,
    }
}

wire! { from dom::DayCredit;
    /// What credits a day's target: a public holiday (its name) or an approved leave (a half day credits half).
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct DayCredit {
        pub holiday: Option<String>,
        pub leave: Option<LeaveCredit>,
    }
}

wire! { from dom::WorkDay;
    /// A day of working time. `worked` is net minutes (periods minus the rest inside them), `difference` = worked −
    /// target; `deletedChanges` are the changes of the day's deleted periods, the deletion last; `findings` are the
    /// break and rest rules the day falls short of (a weekly-average finding sits on the Sunday that ends the week,
    /// or on the week's last day asked for), each with its note.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct WorkDay {
        #[schema(schema_with = crate::schema::date)]
        pub date: Day,
        pub periods: Vec<WorkPeriod>,
        pub breaks: Vec<Break>,
        pub open: Option<OpenWork>,
        pub worked: i64,
        pub rest: i64,
        pub paid_breaks: i64,
        pub target: i64,
        pub difference: i64,
        pub credit: DayCredit,
        pub deleted_changes: Vec<WorkChange>,
        pub findings: Vec<super::rules::Finding>,
    }
}

impl WorkDay {
    /// The day with its findings' messages in `language`.
    pub fn localized(mut self, language: bt_app::i18n::Language) -> WorkDay {
        super::rules::localize(&mut self.findings, language);
        self
    }
}

wire! { from dom::SummaryDay;
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct SummaryDay {
        #[schema(schema_with = crate::schema::date)]
        pub date: Day,
        pub worked: i64,
        pub target: i64,
        pub difference: i64,
        pub credit: DayCredit,
    }
}

wire! { from dom::WorkSummary;
    /// Each day of a range and the totals.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct WorkSummary {
        #[schema(schema_with = crate::schema::date)]
        pub from: Day,
        #[schema(schema_with = crate::schema::date)]
        pub to: Day,
        pub days: Vec<SummaryDay>,
        pub worked: i64,
        pub target: i64,
        pub difference: i64,
    }
}

wire! { from dom::Adjustment;
    /// A manual change of the overtime balance (paid out, time off in lieu), in signed minutes.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Adjustment {
        #[serde(rename = "_id")]
        #[schema(schema_with = crate::schema::ulid)]
        pub id: RecordId,
        pub minutes: i64,
        pub note: String,
        #[schema(schema_with = crate::schema::ulid)]
        pub by: UserId,
        pub by_name: String,
        #[schema(schema_with = crate::schema::stamp)]
        pub at: String,
    }
}

wire! { from dom::WeekTotals;
    #[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
    pub struct WeekTotals {
        pub worked: i64,
        pub target: i64,
        pub difference: i64,
    }
}

wire! { from dom::WorkBalance;
    /// The overtime balance: every day's difference from `since` through `through` (yesterday, or today once its
    /// target is met), plus the carried-over value and the adjustments.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct WorkBalance {
        pub balance: i64,
        #[schema(schema_with = crate::schema::date)]
        pub since: Day,
        /// Null when no day is counted yet (the member started today).
        #[schema(value_type = Option<String>, format = Date)]
        pub through: Option<Day>,
        pub carried_over: Option<i64>,
        pub adjustments: Vec<Adjustment>,
        pub today: SummaryDay,
        pub week: WeekTotals,
    }
}

wire! { from dom::TeamSchedule;
    /// The team's weekday minutes (Monday first) and the break types it counts as working time.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct TeamSchedule {
        #[schema(min_items = 7, max_items = 7)]
        pub weekdays: Vec<i64>,
        pub paid_break_types: Vec<String>,
    }
}

wire! { from dom::MineSchedule;
    /// The schedule in force for me today: my own from a date, or the team's (`from` null).
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct MineSchedule {
        #[schema(value_type = Option<String>, format = Date)]
        pub from: Option<Day>,
        #[schema(min_items = 7, max_items = 7)]
        pub weekdays: Vec<i64>,
    }
}

wire! { from dom::ScheduleEntry;
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct ScheduleEntry {
        #[schema(schema_with = crate::schema::date)]
        pub from: Day,
        #[schema(min_items = 7, max_items = 7)]
        pub weekdays: Vec<i64>,
    }
}

wire! { from dom::WorkSchedule;
    /// The team's schedule, mine in force today, and my own schedules by date.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct WorkSchedule {
        pub team: TeamSchedule,
        pub mine: MineSchedule,
        pub history: Vec<ScheduleEntry>,
    }
}

// ---- bodies ---------------------------------------------------------------------------------------------------

wire! { into dom::StartWorkInput;
    /// The body of `POST /work/start` (optional).
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    pub struct StartWorkInput {
        /// When work started, as taken on the device (RFC 3339); now when absent. Within the last 24 hours and not
        /// in the future.
        #[schema(format = DateTime, example = "2026-03-11T08:02:00Z")]
        pub at: Option<String>,
        #[schema(max_length = 500)]
        pub note: Option<String>,
    }
}

wire! { into dom::EndWorkInput;
    /// The body of `POST /work/end` (optional).
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    pub struct EndWorkInput {
        /// When work ended, as taken on the device (RFC 3339); now when absent.
        #[schema(format = DateTime, example = "2026-03-11T17:00:00Z")]
        pub at: Option<String>,
    }
}

wire! { into dom::PeriodInput;
    /// The body of `POST /work/periods` (all required) and `PUT /work/periods/{id}` (left-out times keep their
    /// value; the note is always required). An end before the start is on the next day.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    pub struct PeriodInput {
        #[schema(schema_with = crate::schema::date)]
        pub date: Option<String>,
        #[schema(schema_with = crate::schema::time)]
        pub start: Option<String>,
        #[schema(schema_with = crate::schema::time)]
        pub end: Option<String>,
        #[schema(max_length = 500)]
        pub note: Option<String>,
    }
}

/// The optional body of `DELETE /work/periods/{id}`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct DeletePeriodInput {
    #[schema(max_length = 500)]
    pub note: Option<String>,
}

wire! { into dom::ScheduleInput;
    /// The body of `PUT /work/schedule`.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct ScheduleInput {
        /// Seven minutes, Monday first, each 0 to 1440.
        #[schema(min_items = 7, max_items = 7)]
        pub weekdays: Option<Vec<i64>>,
        pub paid_break_types: Option<Vec<String>>,
    }
}

wire! { into dom::MemberScheduleInput;
    /// The body of `PUT /admin/work-schedule/{userId}`: the member's weekday minutes from a date on.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    pub struct MemberScheduleInput {
        #[schema(schema_with = crate::schema::date)]
        pub from: Option<String>,
        #[schema(min_items = 7, max_items = 7)]
        pub weekdays: Option<Vec<i64>>,
    }
}

wire! { into dom::OvertimeInput;
    /// The body of `PUT /work/balance/carry-over` and `POST /work/balance/adjustments`.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct OvertimeInput {
        #[schema(schema_with = crate::schema::ulid)]
        pub user_id: Option<String>,
        pub minutes: Option<i64>,
        #[schema(max_length = 500)]
        pub note: Option<String>,
    }
}

// ---- the archives' report ---------------------------------------------------------------------------------------

wire! { from dom::report::ReportRow;
    /// A member's working time in the range, in minutes: net time worked, the target after holidays and leaves are
    /// credited, the difference (worked − target; overtime when positive) and the days with working time.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct WorkReportRow {
        #[schema(schema_with = crate::schema::ulid)]
        pub user_id: UserId,
        pub name: String,
        pub worked: i64,
        pub target: i64,
        pub difference: i64,
        #[schema(minimum = 0)]
        pub days: u32,
    }
}

wire! { from dom::report::WorkReport;
    /// `GET /work/report`: one row a member by name (my own only, unless I am an admin or HR) and their sums.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct WorkReport {
        #[schema(schema_with = crate::schema::date)]
        pub from: Day,
        #[schema(schema_with = crate::schema::date)]
        pub to: Day,
        pub rows: Vec<WorkReportRow>,
        pub worked: i64,
        pub target: i64,
        pub difference: i64,
    }
}

// ---- start dates ------------------------------------------------------------------------------------------------

wire! { from dom::start::MemberStart;
    /// A member's first day with a target: the days before it have none, in every figure.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct MemberStart {
        #[schema(schema_with = crate::schema::ulid)]
        pub user_id: UserId,
        /// The first day with a target (null when the joining is not known: every day has its target).
        #[schema(value_type = Option<String>, format = Date)]
        pub start_date: Option<Day>,
        /// The day the member joined the team, in their time zone.
        #[schema(value_type = Option<String>, format = Date)]
        pub joined_on: Option<Day>,
        /// Whether an admin or HR set the start date (else it is the day of joining).
        pub set: bool,
    }
}

wire! { into dom::start::StartDateInput;
    /// The body of `PUT /admin/start-dates/{userId}`.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct StartDateInput {
        /// The member's first day with a target (YYYY-MM-DD).
        #[schema(schema_with = crate::schema::date)]
        pub start_date: Option<String>,
    }
}
