//! The working-time report of the archives: per member over a range, the net time worked, the target and the
//! difference (overtime when positive), and how many days had working time. Members see their own row; admins and HR
//! every member's of the team. Reads: a member's days ([`super::days`], a fixed number of Queries), or the team's
//! ([`super::team_days`]: one Query per kind of record for the whole team, however many members). The days of an
//! approved month are its stored figures ([`super::timesheets`]: one more Query), not a recomputation.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::days::{self, MAX_SUMMARY_DAYS, RANGE_TOO_LONG};
use super::model::WorkDay;
use super::timesheets;
use bt_accounts::users::User;
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::types::{Day, UserId};
use bt_records::dates::{computed_day, DateRange};
use bt_records::Owner;

/// A member's working time in the range, in minutes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportRow {
    pub user_id: UserId,
    pub name: String,
    /// Net minutes worked (periods minus the rest inside them).
    pub worked: i64,
    /// The target after holidays and leaves are credited.
    pub target: i64,
    /// worked − target: overtime when positive.
    pub difference: i64,
    /// The days of the range with working time.
    pub days: u32,
}

/// `GET /work/report`: the rows by name, and their sums.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WorkReport {
    pub from: Day,
    pub to: Day,
    pub rows: Vec<ReportRow>,
    pub worked: i64,
    pub target: i64,
    pub difference: i64,
}

/// A member's row from their days of the range.
fn row<'a>(user_id: UserId, name: String, days: impl IntoIterator<Item = &'a WorkDay>) -> ReportRow {
    let mut row = ReportRow { user_id, name, worked: 0, target: 0, difference: 0, days: 0 };
    for day in days {
        row.worked += day.worked;
        row.target += day.target;
        row.difference += day.difference;
        row.days += u32::from(day.worked > 0);
    }
    row
}

/// The report from its rows: sorted by name (then id, for namesakes) and summed.
fn report(range: DateRange, mut rows: Vec<ReportRow>) -> AppResult<WorkReport> {
    rows.sort_by(|a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase()).then(a.user_id.cmp(&b.user_id)));
    let (worked, target, difference) =
        rows.iter().fold((0, 0, 0), |(w, t, d), r| (w + r.worked, t + r.target, d + r.difference));
    Ok(WorkReport { from: computed_day(range.from)?, to: computed_day(range.to)?, rows, worked, target, difference })
}

/// The report a viewer may see over a range of at most [`MAX_SUMMARY_DAYS`]: their own row, or every member's of the
/// team for admins and HR.
pub async fn work_report(app: &Services, viewer: &User, range: DateRange, now: DateTime<Utc>) -> AppResult<WorkReport> {
    let store = app.table();
    if range.days() > MAX_SUMMARY_DAYS {
        return Err(AppError::field("to", RANGE_TOO_LONG));
    }
    if !viewer.role.sees_reports() {
        let owner = Owner::of(viewer);
        let mut days = days::days_at(store, &owner, range.from, range.to, now).await?;
        timesheets::keep_approved_days(store, &owner.user_id, &mut days).await?;
        return report(range, vec![row(owner.user_id, owner.name, &days)]);
    }
    let mut team_days = days::team_days_at(store, &viewer.team_id, range.from, range.to, now).await?;
    timesheets::keep_approved_team_days(store, &viewer.team_id, range, &mut team_days).await?;
    let mut members: BTreeMap<&UserId, (&str, Vec<&WorkDay>)> = BTreeMap::new();
    for d in &team_days {
        members.entry(&d.user_id).or_insert_with(|| (&d.name, Vec::new())).1.push(&d.day);
    }
    let rows = members.into_iter().map(|(id, (name, days))| row(id.clone(), name.to_string(), days)).collect();
    report(range, rows)
}

/// The CSV's header: fixed and machine-read.
pub const CSV_HEADER: [&str; 8] = ["member", "days", "worked", "target", "difference", "from", "to", "userId"];

/// One CSV row a member and a `total` row, minutes as integers. The first cell (`member`) is text a member typed.
pub fn csv_rows(report: &WorkReport) -> Vec<[String; 8]> {
    let (from, to) = (report.from.to_string(), report.to.to_string());
    let mut rows: Vec<[String; 8]> = report
        .rows
        .iter()
        .map(|r| {
            [
                r.name.clone(),
                r.days.to_string(),
                r.worked.to_string(),
                r.target.to_string(),
                r.difference.to_string(),
                from.clone(),
                to.clone(),
                r.user_id.to_string(),
            ]
        })
        .collect();
    let days: u32 = report.rows.iter().map(|r| r.days).sum();
    rows.push([
        "total".into(),
        days.to_string(),
        report.worked.to_string(),
        report.target.to_string(),
        report.difference.to_string(),
        from,
        to,
        String::new(),
    ]);
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::DayCredit;
    use chrono::NaiveDate;

    fn day(date: &str, worked: i64, target: i64) -> WorkDay {
        WorkDay {
            date: Day::parse(date).unwrap(),
            periods: Vec::new(),
            breaks: Vec::new(),
            open: None,
            worked,
            rest: 0,
            paid_breaks: 0,
            target,
            difference: worked - target,
            credit: DayCredit { holiday: None, leave: None },
            deleted_changes: Vec::new(),
            findings: Vec::new(),
        }
    }

    fn range() -> DateRange {
        let d = |s| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        DateRange { from: d("2025-03-03"), to: d("2025-03-04") }
    }

    #[test]
    fn a_row_sums_its_days_and_counts_those_with_work() {
        let days = [day("2025-03-03", 500, 480), day("2025-03-04", 0, 480)];
        let r = row(UserId::new(), "Ann".into(), &days);
        assert_eq!((r.worked, r.target, r.difference, r.days), (500, 960, -460, 1));
    }

    #[test]
    fn rows_sort_by_name_whatever_the_case_and_the_totals_add_up() {
        let zed = row(UserId::new(), "zed".into(), &[day("2025-03-03", 60, 0)]);
        let ann = row(UserId::new(), "Ann".into(), &[day("2025-03-03", 480, 480)]);
        let bob = row(UserId::new(), "bob".into(), &[day("2025-03-03", 0, 480)]);
        let r = report(range(), vec![zed, ann, bob]).unwrap();
        let names: Vec<&str> = r.rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["Ann", "bob", "zed"]);
        assert_eq!((r.worked, r.target, r.difference), (540, 960, -420));
        let csv = csv_rows(&r);
        assert_eq!(csv.len(), 4);
        assert_eq!(csv[0][..7], ["Ann", "1", "480", "480", "0", "2025-03-03", "2025-03-04"]);
        assert_eq!(csv[3][..5], ["total", "2", "540", "960", "-420"]);
        assert_eq!(csv[3][7], "");
    }
}
