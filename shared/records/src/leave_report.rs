//! The leave-days report of the archives: per member and leave type, the approved leave days in a range, in calendar
//! days (the specification's `days`) and in working days (the team's work week minus its holidays), each leave
//! clipped to the range. Members see their own rows; admins and HR every member's. Reads: the team's leaves index
//! (one Query), its members, its leave types and the ledger of the range's years (settings and holidays).

use std::collections::BTreeMap;

use chrono::{DateTime, Datelike, Utc};
use serde::Serialize;

use super::allowances::{working_days, Ledger};
use super::dates::{computed_day, DateRange};
use super::leave_record::{repo::LeaveRepo, LeaveStatus};
use super::leave_types::team_leave_types;
use bt_accounts::teams::team_members;
use bt_accounts::users::User;
use bt_core::error::AppResult;
use bt_core::services::Services;
use bt_core::types::{Day, RecordId, UserId};

/// A leave type of the report's columns.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReportLeaveType {
    pub id: RecordId,
    pub name: String,
    pub color: String,
}

/// A member's approved leave of one type in the range.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LeaveDaysRow {
    pub user_id: UserId,
    pub name: String,
    pub type_id: RecordId,
    pub type_name: String,
    /// Calendar days in the range (a half day counts 0.5).
    pub days: f64,
    /// Working days in the range.
    pub working_days: f64,
}

/// `GET /reports/leave-days`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LeaveDaysReport {
    pub from: Day,
    pub to: Day,
    /// The team's leave types, in their order.
    pub types: Vec<ReportLeaveType>,
    /// By member name, then type.
    pub rows: Vec<LeaveDaysRow>,
}

/// The report a viewer may see: their own rows, or every member's for admins and HR.
pub async fn leave_days(
    app: &Services,
    viewer: &User,
    range: DateRange,
    now: DateTime<Utc>,
) -> AppResult<LeaveDaysReport> {
    let store = app.table();
    let team_id = &viewer.team_id;
    let types = team_leave_types(store, team_id, now).await?;
    let everyone = viewer.role.sees_reports();
    let all: Vec<_> = LeaveRepo::new(store)
        .team_in(team_id, range)
        .await?
        .into_iter()
        .filter(|l| l.status == LeaveStatus::Approved && (everyone || l.user_id == viewer.id))
        .collect();
    let ledger = Ledger::load(store, team_id, range.from.year(), range.to.year(), types.clone()).await?;
    let names: BTreeMap<UserId, String> =
        team_members(store, team_id).await?.into_iter().map(|m| (m.user_id, m.name)).collect();
    let default = types.iter().find(|t| t.is_default).map(|t| t.id.clone());
    let mut sums: BTreeMap<(UserId, RecordId), (f64, f64)> = BTreeMap::new();
    for leave in &all {
        let (from, to) = (leave.from_date.date().max(range.from), leave.to_date.date().min(range.to));
        if from > to {
            continue;
        }
        let calendar = if leave.half_day.is_some() && from == to { 0.5 } else { DateRange { from, to }.days() as f64 };
        let working = working_days(from, to, leave.half_day, &ledger.settings.work_week, &ledger.holidays, None);
        let type_id = if types.iter().any(|t| t.id == leave.type_id) {
            leave.type_id.clone()
        } else {
            default.clone().unwrap_or_else(|| leave.type_id.clone())
        };
        let sum = sums.entry((leave.user_id.clone(), type_id)).or_default();
        sum.0 += calendar;
        sum.1 += working;
    }
    let mut rows: Vec<LeaveDaysRow> = sums
        .into_iter()
        .map(|((user_id, type_id), (days, working_days))| LeaveDaysRow {
            name: names.get(&user_id).cloned().unwrap_or_else(|| "Former member".into()),
            type_name: types.iter().find(|t| t.id == type_id).map(|t| t.name.clone()).unwrap_or_else(|| "Leave".into()),
            user_id,
            type_id,
            days,
            working_days,
        })
        .collect();
    let order = |id: &RecordId| types.iter().position(|t| &t.id == id).unwrap_or(usize::MAX);
    rows.sort_by(|a, b| {
        a.name
            .to_lowercase()
            .cmp(&b.name.to_lowercase())
            .then(a.user_id.cmp(&b.user_id))
            .then(order(&a.type_id).cmp(&order(&b.type_id)))
    });
    Ok(LeaveDaysReport {
        from: computed_day(range.from)?,
        to: computed_day(range.to)?,
        types: types.into_iter().map(|t| ReportLeaveType { id: t.id, name: t.name, color: t.color }).collect(),
        rows,
    })
}

/// The report as CSV rows: a header and one row per member and type.
pub fn csv_rows(report: &LeaveDaysReport) -> (Vec<&'static str>, Vec<Vec<String>>) {
    let header = vec!["member", "leaveType", "days", "workingDays", "from", "to", "userId"];
    let rows = report
        .rows
        .iter()
        .map(|r| {
            vec![
                r.name.clone(),
                r.type_name.clone(),
                r.days.to_string(),
                r.working_days.to_string(),
                report.from.to_string(),
                report.to.to_string(),
                r.user_id.to_string(),
            ]
        })
        .collect();
    (header, rows)
}
