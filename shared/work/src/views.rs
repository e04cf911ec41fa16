//! What working time shows: a person's days, summaries and the open period as the contract answers them, built
//! from the items of `bt_records::work::model` by the use cases of this crate.

use serde::{Deserialize, Serialize};

use bt_core::types::{ClockTime, Day, UserId};
use bt_records::breaks::Break;
use bt_records::work::compute::BreakSpan;
use bt_records::work::model::{Adjustment, WorkChange, WorkPeriod};

/// `OpenWork` of the contract.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpenWork {
    pub since: String,
    pub date: Day,
    pub start_time: ClockTime,
    pub time_zone: String,
    pub worked_minutes: i64,
}

/// What credits a day's target, as shown.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DayCredit {
    pub holiday: Option<String>,
    pub leave: Option<LeaveCredit>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LeaveCredit {
    #[serde(rename = "type")]
    pub leave_type: String,
    pub half: bool,
}

/// A day of a person's working time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WorkDay {
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
    /// The rules the day falls short of, with their notes (filled by [`crate::rules::findings`]; empty elsewhere).
    #[serde(skip)]
    pub findings: Vec<crate::rules::findings::DayFinding>,
}

/// A day of a team report: whose it is, and the day.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MemberDay {
    pub user_id: UserId,
    pub name: String,
    pub day: WorkDay,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SummaryDay {
    pub date: Day,
    pub worked: i64,
    pub target: i64,
    pub difference: i64,
    pub credit: DayCredit,
}

impl From<&WorkDay> for SummaryDay {
    fn from(d: &WorkDay) -> Self {
        SummaryDay {
            date: d.date,
            worked: d.worked,
            target: d.target,
            difference: d.difference,
            credit: d.credit.clone(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WorkSummary {
    pub from: Day,
    pub to: Day,
    pub days: Vec<SummaryDay>,
    pub worked: i64,
    pub target: i64,
    pub difference: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct WeekTotals {
    pub worked: i64,
    pub target: i64,
    pub difference: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WorkBalance {
    pub balance: i64,
    pub since: Day,
    pub through: Option<Day>,
    pub carried_over: Option<i64>,
    pub adjustments: Vec<Adjustment>,
    pub today: SummaryDay,
    pub week: WeekTotals,
}

/// A break as the day's arithmetic sees it: its date, times and type.
pub fn break_span(b: &Break) -> BreakSpan {
    BreakSpan {
        date: b.created_date.date(),
        start: b.start_time.time(),
        end: b.end_time.time(),
        break_type: b.break_type.clone(),
    }
}
