//! The leave record: a person's absence days as stored (its fields, its status, the §5 checks of a leave sent to be
//! saved), the status a new one starts with, and its repository ([`repo::LeaveRepo`]: the leave items, the owner's
//! leave guard and the team's request items). Below the allowances, which count balances from these records; the use
//! cases that write a leave, checking its balance, are in `leaves`, above the allowances.

pub mod repo;

use serde::{Deserialize, Serialize};

use super::dates::{self, date_field, inclusive_days};
use super::leave_types::{self, LeaveType};
use super::repo::owned_record_fields;
use super::repo::Record;
use super::Owner;
use bt_accounts::teams;
use bt_accounts::users::Role;
use bt_core::error::AppResult;
use bt_core::keys::{self, RecordKind};
use bt_core::store::Table;
use bt_core::types::{Day, RecordId, TeamId, UserId};
use bt_core::validate::Check;

pub const MAX_REASON_CHARS: u64 = 2000;
/// The longest single leave.
pub const MAX_LEAVE_DAYS: i64 = 366;
pub const FROM_REQUIRED: &str = "From date is required.";
pub const TO_REQUIRED: &str = "To date is required.";
pub const TO_BEFORE_FROM: &str = "To date must be after From date.";
pub const REASON_REQUIRED: &str = "Reason is required.";
pub const OVERLAP: &str = "You already have a leave on some of these dates.";
pub const HALF_DAY_VALUE: &str = "Half day must be am or pm.";
pub const HALF_DAY_SINGLE: &str = "A half day is a single day: From and To must be the same date.";
pub const DECIDED: &str = "This leave has been decided and can no longer be edited. Cancel it instead.";

/// A half-day leave: the morning or the afternoon of its one day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HalfDay {
    Am,
    Pm,
}

/// Where a leave stands. Leaves stored before approval existed read as approved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LeaveStatus {
    Pending,
    #[default]
    Approved,
    Declined,
    Cancelled,
}

impl LeaveStatus {
    /// Whether the leave keeps its days from other leaves of the same person (a declined or cancelled one frees them).
    pub fn holds_days(self) -> bool {
        matches!(self, LeaveStatus::Pending | LeaveStatus::Approved)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Leave {
    #[serde(rename = "_id")]
    pub id: RecordId,
    pub user_id: UserId,
    pub from_date: Day,
    pub to_date: Day,
    pub reason: String,
    /// Days from `fromDate` to `toDate`, both included (computed here).
    pub days: i64,
    pub created_at: String,
    pub updated_at: String,
    /// The leave's type (a leave stored before types existed is of the team's default type).
    #[serde(default = "leave_types::default_type_id")]
    pub type_id: RecordId,
    #[serde(default)]
    pub status: LeaveStatus,
    /// Who approved or declined it (absent when it needed no decision).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided_by: Option<UserId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided_by_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided_at: Option<String>,
    /// The approver's comment on the decision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// The requester's name, in the team's list of pending requests only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_name: Option<String>,
    /// A one-day leave of half a day: the morning or the afternoon.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub half_day: Option<HalfDay>,
    /// The working days it takes: days on the team's work week that are not holidays (a half day 0.5), counted when
    /// it was saved (absent on leaves saved before working days were counted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub working_days: Option<f64>,
}

impl Leave {
    /// Decided by an approver (approved or declined by someone): the requester may cancel it, not edit it.
    pub fn is_decided(&self) -> bool {
        self.decided_by.is_some() || matches!(self.status, LeaveStatus::Declined | LeaveStatus::Cancelled)
    }
}

impl Record for Leave {
    const KIND: RecordKind = RecordKind::Leave;
    const ENTITY: &'static str = "leave";
    owned_record_fields!();
    fn date_key(&self) -> String {
        keys::leave_by_date_sk(self.from_date, &self.id)
    }
    fn gsi2(&self, team_id: &TeamId) -> Option<(String, String)> {
        Some((keys::team_leaves_gsi(team_id), keys::team_leave_sk(self.to_date, &self.user_id, &self.id)))
    }
}

/// The body of `POST /leaves/add` (and `PUT /leaves/edit/{id}`). A `days` sent by the client is ignored.
#[derive(Debug, Clone, Default)]
pub struct LeaveInput {
    pub from_date: Option<String>,
    pub to_date: Option<String>,
    pub reason: Option<String>,
    /// One of the team's leave types (`GET /leaves/types`); the default type when left out.
    pub type_id: Option<String>,
    /// `am` or `pm` for half of a one-day leave; `""` for a whole day.
    pub half_day: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ValidLeave {
    pub from_date: Day,
    pub to_date: Day,
    pub reason: String,
    /// 1 when both dates are the same day, else the inclusive count.
    pub days: i64,
    pub half_day: Option<HalfDay>,
}

pub fn validate_leave(input: &LeaveInput) -> AppResult<ValidLeave> {
    let mut check = Check::new();
    let from = date_field(&mut check, "fromDate", input.from_date.as_deref(), FROM_REQUIRED, dates::INVALID_DATE);
    let to = date_field(&mut check, "toDate", input.to_date.as_deref(), TO_REQUIRED, dates::INVALID_DATE);
    if let (Some(f), Some(t)) = (from, to) {
        check.rule("toDate", t >= f, TO_BEFORE_FROM).rule(
            "toDate",
            inclusive_days(f.date(), t.date()) <= MAX_LEAVE_DAYS,
            "A leave cannot be longer than 366 days.",
        );
    }
    let reason = input.reason.as_deref().unwrap_or("").trim();
    check.required("reason", reason, REASON_REQUIRED).max_chars(
        "reason",
        reason,
        MAX_REASON_CHARS,
        "Reason must not exceed 2000 characters.",
    );
    let half_day = match input.half_day.as_deref().map(str::trim) {
        None | Some("") => None,
        Some("am") => Some(HalfDay::Am),
        Some("pm") => Some(HalfDay::Pm),
        Some(_) => {
            check.fail("halfDay", HALF_DAY_VALUE);
            None
        }
    };
    if half_day.is_some() && from.is_some() && from != to {
        check.fail("halfDay", HALF_DAY_SINGLE);
    }
    check.finish()?;
    let (from, to) = (from.expect("checked"), to.expect("checked"));
    Ok(ValidLeave {
        from_date: from,
        to_date: to,
        reason: reason.to_string(),
        days: inclusive_days(from.date(), to.date()),
        half_day,
    })
}

/// What a new or edited leave of `leave_type` starts as: pending when the type needs approval and someone else in the
/// team (an admin or HR) can decide it; approved otherwise (a team with no other approver approves its own).
pub(crate) async fn initial_status(store: &dyn Table, owner: &Owner, leave_type: &LeaveType) -> AppResult<LeaveStatus> {
    if !leave_type.needs_approval {
        return Ok(LeaveStatus::Approved);
    }
    let approvers = approvers_of(store, &owner.team_id, &owner.user_id).await?;
    Ok(if approvers.is_empty() { LeaveStatus::Approved } else { LeaveStatus::Pending })
}

/// The team's admins and HR other than `requester`: who decides a request.
pub async fn approvers_of(store: &dyn Table, team_id: &TeamId, requester: &UserId) -> AppResult<Vec<teams::Member>> {
    Ok(teams::team_members(store, team_id)
        .await?
        .into_iter()
        .filter(|m| matches!(m.role, Role::Admin | Role::Hr) && &m.user_id != requester)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use bt_core::error::AppError;

    fn input(from: &str, to: &str) -> LeaveInput {
        LeaveInput {
            from_date: Some(from.into()),
            to_date: Some(to.into()),
            reason: Some("Family".into()),
            type_id: None,
            half_day: None,
        }
    }

    #[test]
    fn days_are_inclusive() {
        assert_eq!(validate_leave(&input("2024-05-01", "2024-05-01")).unwrap().days, 1);
        assert_eq!(validate_leave(&input("2024-05-30", "2024-06-02")).unwrap().days, 4);
    }

    #[test]
    fn the_spec_messages() {
        let fail = |i: LeaveInput, field: &str| match validate_leave(&i) {
            Err(AppError::Validation(f)) => f[field].clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(fail(input("2024-05-02", "2024-05-01"), "toDate"), TO_BEFORE_FROM);
        assert_eq!(fail(LeaveInput::default(), "fromDate"), FROM_REQUIRED);
        assert_eq!(fail(LeaveInput::default(), "toDate"), TO_REQUIRED);
        assert_eq!(fail(LeaveInput::default(), "reason"), REASON_REQUIRED);
        assert_eq!(fail(input("2024-05-01", "2024-5-2"), "toDate"), dates::INVALID_DATE);
    }
}
