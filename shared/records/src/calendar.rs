//! The team calendar: each member's approved and pending leaves that share a day with a month, and the team's
//! holidays. Members see the type of a colleague's leave, never its reason (reasons are for the requester and the
//! approvers). A few Queries whatever the team size: the members, the team's leaves index, the leave types.

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use serde::Serialize;

use super::dates::{computed_day, DateRange};
use super::leaves::{self, LeaveStatus};
use bt_accounts::users::User;
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::types::{Day, RecordId, UserId};

pub const BAD_MONTH: &str = "Month must be written YYYY-MM.";

/// One leave on the calendar.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CalendarLeave {
    #[serde(rename = "_id")]
    pub id: RecordId,
    pub type_id: RecordId,
    pub type_name: String,
    /// `#rrggbb`, the type's.
    pub color: String,
    pub status: LeaveStatus,
    pub from_date: Day,
    pub to_date: Day,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub half_day: Option<super::allowances::HalfDay>,
    /// The requester's own leaves, and every leave for admins and HR; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// A member's row of the calendar.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CalendarMember {
    pub user_id: UserId,
    pub name: String,
    pub leaves: Vec<CalendarLeave>,
}

/// A day off of the whole team.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Holiday {
    pub date: Day,
    pub name: String,
}

/// `GET /leaves/calendar`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TeamCalendar {
    /// `YYYY-MM`.
    pub month: String,
    pub from: Day,
    pub to: Day,
    /// Every member, by name, with their leaves in the month (earliest first).
    pub members: Vec<CalendarMember>,
    pub holidays: Vec<Holiday>,
}

/// The first and last day of `YYYY-MM` (this month in the viewer's zone when None).
pub fn month_range(month: Option<&str>, today: NaiveDate) -> AppResult<DateRange> {
    let first = match month.map(str::trim).filter(|m| !m.is_empty()) {
        None => today.with_day(1).expect("day one"),
        Some(m) => {
            let ok = m.len() == 7 && m.as_bytes()[4] == b'-';
            let parsed = ok.then(|| NaiveDate::parse_from_str(&format!("{m}-01"), "%Y-%m-%d").ok()).flatten();
            parsed.filter(|d| (1900..=2999).contains(&d.year())).ok_or_else(|| AppError::field("month", BAD_MONTH))?
        }
    };
    let next = if first.month() == 12 {
        NaiveDate::from_ymd_opt(first.year() + 1, 1, 1)
    } else {
        NaiveDate::from_ymd_opt(first.year(), first.month() + 1, 1)
    };
    Ok(DateRange { from: first, to: next.expect("a valid month").pred_opt().expect("a day before") })
}

pub async fn team_calendar(
    app: &Services,
    viewer: &User,
    month: Option<&str>,
    now: DateTime<Utc>,
) -> AppResult<TeamCalendar> {
    let store = app.table();
    let range = month_range(month, super::dates::today(viewer.tz(), now))?;
    let team_id = &viewer.team_id;
    let types = super::leave_types::team_leave_types(store, team_id, now).await?;
    let all = leaves::team_leaves_any_status_in(store, team_id, range).await?;
    let mut members = bt_accounts::teams::team_members(store, team_id).await?;
    members.sort_by(|a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase()).then(a.user_id.cmp(&b.user_id)));
    let sees_reasons = viewer.role.sees_reports();
    let rows = members
        .into_iter()
        .map(|m| {
            let mut theirs: Vec<CalendarLeave> = all
                .iter()
                .filter(|l| l.user_id == m.user_id && matches!(l.status, LeaveStatus::Approved | LeaveStatus::Pending))
                .map(|l| {
                    let t = types.iter().find(|t| t.id == l.type_id).or_else(|| types.iter().find(|t| t.is_default));
                    CalendarLeave {
                        id: l.id.clone(),
                        type_id: l.type_id.clone(),
                        type_name: t.map(|t| t.name.clone()).unwrap_or_else(|| "Leave".into()),
                        color: t.map(|t| t.color.clone()).unwrap_or_else(|| "#64748b".into()),
                        status: l.status,
                        from_date: l.from_date,
                        to_date: l.to_date,
                        half_day: l.half_day,
                        reason: (sees_reasons || l.user_id == viewer.id).then(|| l.reason.clone()),
                    }
                })
                .collect();
            theirs.sort_by(|a, b| a.from_date.cmp(&b.from_date).then(a.id.cmp(&b.id)));
            CalendarMember { user_id: m.user_id, name: m.name, leaves: theirs }
        })
        .collect();
    let holidays = super::holidays::holidays_between(store, team_id, range.from, range.to)
        .await?
        .into_iter()
        .map(|h| Holiday { date: h.date, name: h.name })
        .collect();
    Ok(TeamCalendar {
        month: format!("{:04}-{:02}", range.from.year(), range.from.month()),
        from: computed_day(range.from)?,
        to: computed_day(range.to)?,
        members: rows,
        holidays,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dates::format_date;

    #[test]
    fn months_and_their_last_days() {
        let today = NaiveDate::from_ymd_opt(2024, 2, 10).unwrap();
        let feb = month_range(None, today).unwrap();
        assert_eq!((format_date(feb.from), format_date(feb.to)), ("2024-02-01".into(), "2024-02-29".into()));
        let dec = month_range(Some("2024-12"), today).unwrap();
        assert_eq!(format_date(dec.to), "2024-12-31");
        for bad in ["2024-13", "2024-1", "24-01", "2024-01-01", "abcd-ef"] {
            assert!(month_range(Some(bad), today).is_err(), "{bad}");
        }
    }
}
