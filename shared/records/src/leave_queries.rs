//! Questions about leaves that read, never write: who of a team is away in a range (approved leaves only, with the
//! member's name and the type's name, never the reason), and the status a new leave of a type would start with. The
//! assistant answers "who is off next week?" and tells whether a proposed leave will wait for approval through these,
//! so its answers follow the same rules as the Leaves pages.

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::dates::DateRange;
use super::leave_record::repo::LeaveRepo;
use super::leave_record::{self, HalfDay, LeaveStatus};
use super::leave_types::{self, LeaveType};
use super::Owner;
use bt_accounts::teams;
use bt_core::error::AppResult;
use bt_core::store::Table;
use bt_core::types::{Day, RecordId, TeamId, UserId};

/// An approved leave of a member, as colleagues may see it: who, when, which type (no reason).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Absence {
    pub user_id: UserId,
    pub name: String,
    pub leave_id: RecordId,
    pub type_id: RecordId,
    /// The type's name ("Leave" when its type is gone and the team has no default).
    pub type_name: String,
    pub from_date: Day,
    pub to_date: Day,
    pub half_day: Option<HalfDay>,
}

/// The team's approved leaves that share a day with `range`, by member name, then date. Pending, declined and
/// cancelled leaves are not absences; leaves of people who have left the team are not the team's. Three Queries
/// whatever the team size: the team's leaves index, the members, the leave types.
pub async fn team_absences(
    store: &dyn Table,
    team_id: &TeamId,
    range: DateRange,
    now: DateTime<Utc>,
) -> AppResult<Vec<Absence>> {
    let mut approved = LeaveRepo::new(store).team_in(team_id, range).await?;
    approved.retain(|l| l.status == LeaveStatus::Approved);
    if approved.is_empty() {
        return Ok(Vec::new());
    }
    let members = teams::team_members(store, team_id).await?;
    let types = leave_types::team_leave_types(store, team_id, now).await?;
    let mut out: Vec<Absence> = approved
        .into_iter()
        .filter(|l| l.status == LeaveStatus::Approved)
        .filter_map(|l| {
            let member = members.iter().find(|m| m.user_id == l.user_id)?;
            let kind = types.iter().find(|t| t.id == l.type_id).or_else(|| types.iter().find(|t| t.is_default));
            Some(Absence {
                user_id: l.user_id,
                name: member.name.clone(),
                leave_id: l.id,
                type_id: l.type_id,
                type_name: kind.map(|t| t.name.clone()).unwrap_or_else(|| "Leave".into()),
                from_date: l.from_date,
                to_date: l.to_date,
                half_day: l.half_day,
            })
        })
        .collect();
    out.sort_by(|a, b| {
        a.name
            .to_lowercase()
            .cmp(&b.name.to_lowercase())
            .then(a.user_id.cmp(&b.user_id))
            .then(a.from_date.cmp(&b.from_date))
            .then(a.leave_id.cmp(&b.leave_id))
    });
    Ok(out)
}

/// The status a new leave of `leave_type` by `owner` would start with, as the leave form's save decides it: pending
/// when the type needs approval and someone else in the team can give it, approved otherwise.
pub async fn new_leave_status(store: &dyn Table, owner: &Owner, leave_type: &LeaveType) -> AppResult<LeaveStatus> {
    leave_record::initial_status(store, owner, leave_type).await
}
