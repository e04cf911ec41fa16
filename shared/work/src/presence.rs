//! Team presence: who is on a live break, who is on leave today, and every member's status right now.
//!
//! Each view reads a fixed number of Queries whatever the team size (no per-member reads): the team partition
//! (`MEMBER#` and `ONBREAK#` items, one key range), the members on the clock (`WORKING#` items) and, for leaves, the
//! team's leaves index (and the team's leave types, for their names).
//!
//! A member on an approved leave of the whole day is on leave, whatever else: a live break left running or a
//! clock-in does not make them "on break" or "working" to the team. On a half day's leave, the clock decides.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;

use crate::repo;
use crate::rules::live_day::team_breaks_due;
use crate::OpenWorkItem;
use bt_accounts::users::User;
use bt_accounts::Role;
use bt_core::error::AppResult;
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::{ClockTime, Day, Email, RecordId, TeamId, UserId};
use bt_records::breaks::OpenBreak;
use bt_records::dates::DateRange;
use bt_records::leave_types::team_leave_types;
use bt_records::leaves::{team_leaves_in, Leave};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum PresenceStatus {
    /// Neither on the clock, on a break nor on leave ("off").
    Available,
    /// Clocked in (working time), not on a break.
    Working,
    OnBreak,
    OnLeave,
}

/// One member of the team with their status now (the rows of `GET /admin/get`).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MemberPresence {
    pub id: UserId,
    pub name: String,
    pub email: Email,
    pub role: Role,
    pub joined_at: String,
    pub status: PresenceStatus,
    /// On break: when the break started (RFC 3339). On leave: the leave's first day.
    pub since: Option<String>,
    /// On break: its type.
    pub break_type: Option<String>,
    /// On leave: the leave's last day.
    pub until: Option<Day>,
    /// On leave: the leave's type (its name, e.g. "Sick leave").
    pub leave_type: Option<String>,
    /// Clocked in since (RFC 3339), whatever the status (a member on a break during work keeps it).
    pub working_since: Option<String>,
    /// Working (not on a break) past a break threshold or the longest stretch without the break due, under the
    /// team's rules; shown to the member, admins and HR only (false for anyone else).
    pub break_due: bool,
}

/// A member on a live break (`GET /admin/onBreak`).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OnBreakMember {
    pub user_id: UserId,
    pub name: String,
    #[serde(rename = "type")]
    pub break_type: String,
    pub reason: String,
    /// When the break started (RFC 3339 UTC).
    pub since: String,
    /// Start in the member's own zone, with that day.
    pub start_time: ClockTime,
    pub created_date: Day,
}

/// A member on leave on a day (`GET /admin/onLeaves`).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OnLeaveMember {
    pub user_id: UserId,
    pub name: String,
    pub leave_id: RecordId,
    pub from_date: Day,
    pub to_date: Day,
    pub days: i64,
    /// The leave's type (its name, e.g. "Sick leave"): shown to everyone in the team.
    pub leave_type: String,
    /// Shown to admins and HR only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// Who of the team is on a live break now, longest first.
pub async fn on_break(store: &dyn Table, team_id: &TeamId) -> AppResult<Vec<OnBreakMember>> {
    let (members, breaks) = repo::presence::members_and_breaks(store, team_id).await?;
    let mut out: Vec<OnBreakMember> = breaks
        .into_iter()
        .filter_map(|b| {
            // A break started before the member left the team is not the team's business.
            let member = members.iter().find(|m| m.user_id == b.user_id)?;
            Some(OnBreakMember {
                user_id: b.user_id,
                name: member.name.clone(),
                break_type: b.break_type,
                reason: b.reason,
                since: b.since,
                start_time: b.start_time,
                created_date: b.created_date,
            })
        })
        .collect();
    out.sort_by(|a, b| a.since.cmp(&b.since));
    Ok(out)
}

/// [`on_break`] as the team sees it on `today`: without the members on a whole day's leave (they are on leave).
/// Two Queries more: the team's leaves index and its leave types.
pub async fn on_break_on(app: &Services, team_id: &TeamId, today: NaiveDate) -> AppResult<Vec<OnBreakMember>> {
    let store = app.table();
    let away = whole_day_leaves(store, team_id, today).await?;
    let mut out = on_break(store, team_id).await?;
    out.retain(|b| !away.iter().any(|l| l.user_id == b.user_id));
    Ok(out)
}

/// The team's approved leaves on `day` that take the whole day (not half of it).
async fn whole_day_leaves(store: &dyn Table, team_id: &TeamId, day: NaiveDate) -> AppResult<Vec<Leave>> {
    let mut leaves = team_leaves_in(store, team_id, DateRange::day(day)).await?;
    leaves.retain(|l| l.half_day.is_none() && l.from_date.date() <= day && day <= l.to_date.date());
    Ok(leaves)
}

/// The names of the team's leave types by id (one Query).
async fn type_names(store: &dyn Table, team_id: &TeamId) -> AppResult<HashMap<RecordId, String>> {
    Ok(team_leave_types(store, team_id, Utc::now()).await?.into_iter().map(|t| (t.id, t.name)).collect())
}

/// The name of a leave's type; "Leave" for a type the team no longer has.
fn type_name(names: &HashMap<RecordId, String>, leave: &Leave) -> String {
    names.get(&leave.type_id).cloned().unwrap_or_else(|| "Leave".into())
}

/// Who of the team is on leave on `day`, by name, with the leave's type. Three Queries: the team's leaves index, the
/// member list and the leave types.
pub async fn on_leave(
    app: &Services,
    team_id: &TeamId,
    day: NaiveDate,
    with_reasons: bool,
) -> AppResult<Vec<OnLeaveMember>> {
    let store = app.table();
    let leaves = team_leaves_in(store, team_id, DateRange::day(day)).await?;
    let (members, _) = repo::presence::members_and_breaks(store, team_id).await?;
    let names = type_names(store, team_id).await?;
    let mut out: Vec<OnLeaveMember> = leaves
        .into_iter()
        .filter_map(|l: Leave| {
            let member = members.iter().find(|m| m.user_id == l.user_id)?;
            let leave_type = type_name(&names, &l);
            Some(OnLeaveMember {
                user_id: l.user_id,
                name: member.name.clone(),
                leave_id: l.id,
                from_date: l.from_date,
                to_date: l.to_date,
                days: l.days,
                leave_type,
                reason: with_reasons.then_some(l.reason),
            })
        })
        .collect();
    out.sort_by(|a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase()).then(a.user_id.cmp(&b.user_id)));
    Ok(out)
}

/// Every member of the team with their status on `today` (the viewer's day): on a live break (since when, which
/// type), working (clocked in, since when), on leave (which type, until when; a whole day's leave comes first), or
/// available (off). Four Queries whatever the team size.
/// For `GET /admin/get`.
pub async fn team_presence(store: &dyn Table, team_id: &TeamId, today: NaiveDate) -> AppResult<Vec<MemberPresence>> {
    Ok(presence_with(store, team_id, today).await?.0)
}

/// [`team_presence`] as `viewer` sees it at `now`: `breakDue` filled in for the viewer's own row, and for every row
/// when the viewer is an admin or HR (the team's rule set, periods and breaks: a fixed number of reads more).
pub async fn team_presence_seen_by(
    app: &Services,
    viewer: &User,
    now: DateTime<Utc>,
) -> AppResult<Vec<MemberPresence>> {
    let store = app.table();
    let today = bt_records::dates::today(viewer.tz(), now);
    let (mut rows, on_clock, breaks) = presence_with(store, &viewer.team_id, today).await?;
    let sees_all = viewer.role.sees_reports();
    let visible = |id: &UserId| sees_all || id == &viewer.id;
    let on_break: Vec<UserId> = breaks.iter().map(|b| b.user_id.clone()).collect();
    let due = team_breaks_due(store, &viewer.team_id, &on_clock, &on_break, &visible, now).await?;
    for row in &mut rows {
        row.break_due = due.contains(&row.id);
    }
    Ok(rows)
}

type Presence = (Vec<MemberPresence>, Vec<OpenWorkItem>, Vec<OpenBreak>);

async fn presence_with(store: &dyn Table, team_id: &TeamId, today: NaiveDate) -> AppResult<Presence> {
    let (members, breaks) = repo::presence::members_and_breaks(store, team_id).await?;
    let on_clock = repo::team_working(store, team_id).await?;
    let leaves = team_leaves_in(store, team_id, DateRange::day(today)).await?;
    let names = if leaves.is_empty() { HashMap::new() } else { type_names(store, team_id).await? };
    let mut out: Vec<MemberPresence> = members
        .into_iter()
        .map(|m| {
            let mut p = MemberPresence {
                id: m.user_id.clone(),
                name: m.name,
                email: m.email,
                role: m.role,
                joined_at: m.joined_at,
                status: PresenceStatus::Available,
                since: None,
                break_type: None,
                until: None,
                leave_type: None,
                working_since: on_clock.iter().find(|o| o.user_id == m.user_id).map(|o| o.since.clone()),
                break_due: false,
            };
            let leave = leaves.iter().find(|l| l.user_id == m.user_id);
            let whole_day = leave.is_some_and(|l| l.half_day.is_none());
            if let Some(l) = leave.filter(|_| whole_day) {
                p.status = PresenceStatus::OnLeave;
                p.since = Some(l.from_date.to_string());
                p.until = Some(l.to_date);
                p.leave_type = Some(type_name(&names, l));
            } else if let Some(b) = breaks.iter().find(|b| b.user_id == m.user_id) {
                p.status = PresenceStatus::OnBreak;
                p.since = Some(b.since.clone());
                p.break_type = Some(b.break_type.clone());
            } else if let Some(since) = &p.working_since {
                p.status = PresenceStatus::Working;
                p.since = Some(since.clone());
            } else if let Some(l) = leave {
                p.status = PresenceStatus::OnLeave;
                p.since = Some(l.from_date.to_string());
                p.until = Some(l.to_date);
                p.leave_type = Some(type_name(&names, l));
            }
            p
        })
        .collect();
    out.sort_by(|a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase()).then(a.id.cmp(&b.id)));
    Ok((out, on_clock, breaks))
}
