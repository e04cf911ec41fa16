//! A team's audit log: who did what, when, to whose data, with the settings before and after. Append-only: an entry
//! is written in the same transaction as the change it tells of (a change that cannot log is not made), no route
//! edits or deletes one, and each is kept two years (TTL). Admins read it by range, person and action.
//!
//! The use cases of every layer build an [`Entry`] and hand it to their repository, which adds
//! [`op`] (the entry's transaction part) to the write; a change that writes nothing else (an export) appends it
//! alone with [`append`].

use chrono::{DateTime, NaiveDate, SecondsFormat, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::repo;
use crate::User;
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::store::{Table, TxOp};
use bt_core::types::{TeamId, UserId};

/// How long an entry is kept: two years.
pub const KEEP_SECS: i64 = 2 * 366 * 24 * 60 * 60;

/// What happened. The wire and CSV name of each is its `as_str` (`member.invited`, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    #[serde(rename = "member.invited")]
    MemberInvited,
    #[serde(rename = "member.joined")]
    MemberJoined,
    #[serde(rename = "member.removed")]
    MemberRemoved,
    #[serde(rename = "member.roleChanged")]
    RoleChanged,
    #[serde(rename = "leave.approved")]
    LeaveApproved,
    #[serde(rename = "leave.declined")]
    LeaveDeclined,
    #[serde(rename = "leave.cancelled")]
    LeaveCancelled,
    #[serde(rename = "allowance.changed")]
    AllowanceChanged,
    #[serde(rename = "leaveSettings.changed")]
    LeaveSettingsChanged,
    #[serde(rename = "leaveType.created")]
    LeaveTypeCreated,
    #[serde(rename = "leaveType.changed")]
    LeaveTypeChanged,
    #[serde(rename = "leaveType.deleted")]
    LeaveTypeDeleted,
    #[serde(rename = "holidays.changed")]
    HolidaysChanged,
    #[serde(rename = "workRules.changed")]
    WorkRulesChanged,
    #[serde(rename = "workSchedule.changed")]
    WorkScheduleChanged,
    #[serde(rename = "record.changedByApprover")]
    RecordChangedByApprover,
    #[serde(rename = "timesheet.submitted")]
    TimesheetSubmitted,
    #[serde(rename = "timesheet.approved")]
    TimesheetApproved,
    #[serde(rename = "timesheet.returned")]
    TimesheetReturned,
    #[serde(rename = "timesheet.reopened")]
    TimesheetReopened,
    #[serde(rename = "webhook.created")]
    WebhookCreated,
    #[serde(rename = "webhook.removed")]
    WebhookRemoved,
    #[serde(rename = "token.created")]
    TokenCreated,
    #[serde(rename = "token.revoked")]
    TokenRevoked,
    #[serde(rename = "export.run")]
    ExportRun,
    #[serde(rename = "import.run")]
    ImportRun,
    #[serde(rename = "sso.changed")]
    SsoChanged,
    #[serde(rename = "breakTypes.changed")]
    BreakTypesChanged,
    #[serde(rename = "invitation.withdrawn")]
    InvitationWithdrawn,
    #[serde(rename = "invitation.resent")]
    InvitationResent,
    #[serde(rename = "calendarFeed.created")]
    CalendarFeedCreated,
    #[serde(rename = "calendarFeed.revoked")]
    CalendarFeedRevoked,
    #[serde(rename = "team.changed")]
    TeamChanged,
}

impl Action {
    pub const ALL: [Action; 33] = [
        Action::MemberInvited,
        Action::MemberJoined,
        Action::MemberRemoved,
        Action::RoleChanged,
        Action::LeaveApproved,
        Action::LeaveDeclined,
        Action::LeaveCancelled,
        Action::AllowanceChanged,
        Action::LeaveSettingsChanged,
        Action::LeaveTypeCreated,
        Action::LeaveTypeChanged,
        Action::LeaveTypeDeleted,
        Action::HolidaysChanged,
        Action::WorkRulesChanged,
        Action::WorkScheduleChanged,
        Action::RecordChangedByApprover,
        Action::TimesheetSubmitted,
        Action::TimesheetApproved,
        Action::TimesheetReturned,
        Action::TimesheetReopened,
        Action::WebhookCreated,
        Action::WebhookRemoved,
        Action::TokenCreated,
        Action::TokenRevoked,
        Action::ExportRun,
        Action::ImportRun,
        Action::SsoChanged,
        Action::BreakTypesChanged,
        Action::InvitationWithdrawn,
        Action::InvitationResent,
        Action::CalendarFeedCreated,
        Action::CalendarFeedRevoked,
        Action::TeamChanged,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Action::MemberInvited => "member.invited",
            Action::MemberJoined => "member.joined",
            Action::MemberRemoved => "member.removed",
            Action::RoleChanged => "member.roleChanged",
            Action::LeaveApproved => "leave.approved",
            Action::LeaveDeclined => "leave.declined",
            Action::LeaveCancelled => "leave.cancelled",
            Action::AllowanceChanged => "allowance.changed",
            Action::LeaveSettingsChanged => "leaveSettings.changed",
            Action::LeaveTypeCreated => "leaveType.created",
            Action::LeaveTypeChanged => "leaveType.changed",
            Action::LeaveTypeDeleted => "leaveType.deleted",
            Action::HolidaysChanged => "holidays.changed",
            Action::WorkRulesChanged => "workRules.changed",
            Action::WorkScheduleChanged => "workSchedule.changed",
            Action::RecordChangedByApprover => "record.changedByApprover",
            Action::TimesheetSubmitted => "timesheet.submitted",
            Action::TimesheetApproved => "timesheet.approved",
            Action::TimesheetReturned => "timesheet.returned",
            Action::TimesheetReopened => "timesheet.reopened",
            Action::WebhookCreated => "webhook.created",
            Action::WebhookRemoved => "webhook.removed",
            Action::TokenCreated => "token.created",
            Action::TokenRevoked => "token.revoked",
            Action::ExportRun => "export.run",
            Action::ImportRun => "import.run",
            Action::SsoChanged => "sso.changed",
            Action::BreakTypesChanged => "breakTypes.changed",
            Action::InvitationWithdrawn => "invitation.withdrawn",
            Action::InvitationResent => "invitation.resent",
            Action::CalendarFeedCreated => "calendarFeed.created",
            Action::CalendarFeedRevoked => "calendarFeed.revoked",
            Action::TeamChanged => "team.changed",
        }
    }

    pub fn parse(text: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|a| a.as_str() == text)
    }
}

/// One entry of the log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    pub id: String,
    #[serde(skip)]
    pub team_id: Option<TeamId>,
    /// When, in UTC with milliseconds (`2026-05-04T09:30:00.123Z`): the sort key's first part.
    pub at: String,
    pub actor_id: UserId,
    /// The display name the actor had then: chosen by the actor, so not who they are (see `actor_email`).
    pub actor_name: String,
    /// The actor's account e-mail address when they acted: what tells apart two people of the same name. Entries
    /// written before it was kept (and the few written without the account at hand) have none stored; [`page`] and
    /// [`export`] fill it in from the account, where it still exists.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor_email: Option<String>,
    pub action: Action,
    /// Whose data changed (the member invited, the person whose leave was decided), when it is one person's.
    #[serde(default)]
    pub subject_id: Option<UserId>,
    #[serde(default)]
    pub subject_name: Option<String>,
    /// What it concerns, in a few words of data (a leave's dates, a type's name, an e-mail address).
    #[serde(default)]
    pub summary: String,
    /// The setting or record before and after the change, where there is one.
    #[serde(default)]
    pub before: Option<Value>,
    #[serde(default)]
    pub after: Option<Value>,
}

impl Entry {
    /// An entry of `actor`'s team, by `actor` (their name and account e-mail as they are now), now.
    pub fn by(actor: &User, action: Action, now: DateTime<Utc>) -> Entry {
        let entry = Entry::of(&actor.team_id, &actor.id, &actor.name, action, now);
        Entry { actor_email: Some(actor.email.as_str().to_string()), ..entry }
    }

    /// An entry of `team_id`'s log, by the person `actor_id` named `actor_name`, at `now`.
    pub fn of(team_id: &TeamId, actor_id: &UserId, actor_name: &str, action: Action, now: DateTime<Utc>) -> Entry {
        Entry {
            id: crate::new_id(),
            team_id: Some(team_id.clone()),
            at: stamp(now),
            actor_id: actor_id.clone(),
            actor_name: actor_name.to_string(),
            actor_email: None,
            action,
            subject_id: None,
            subject_name: None,
            summary: String::new(),
            before: None,
            after: None,
        }
    }

    /// The same entry in another team's log (a person joining names the team they join).
    pub fn in_team(mut self, team_id: &TeamId) -> Entry {
        self.team_id = Some(team_id.clone());
        self
    }

    /// Whose data it is.
    pub fn whose(mut self, id: &UserId, name: &str) -> Entry {
        self.subject_id = Some(id.clone());
        self.subject_name = Some(name.to_string());
        self
    }

    pub fn about(mut self, summary: impl Into<String>) -> Entry {
        self.summary = summary.into();
        self
    }

    /// The state before and after, as JSON (any serialisable value; a value that cannot be written is left out).
    pub fn change<B: Serialize, A: Serialize>(mut self, before: Option<&B>, after: Option<&A>) -> Entry {
        self.before = before.and_then(|b| serde_json::to_value(b).ok());
        self.after = after.and_then(|a| serde_json::to_value(a).ok());
        self
    }

    pub fn team(&self) -> &TeamId {
        self.team_id.as_ref().expect("an entry is made for a team")
    }

    /// Whether the entry is by or about `user`.
    pub fn concerns(&self, user: &UserId) -> bool {
        self.actor_id == *user || self.subject_id.as_ref() == Some(user)
    }
}

/// The sort-key form of a time: RFC 3339 in UTC with milliseconds and `Z`, so that text order is time order.
pub fn stamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// The entry's part of the transaction that makes the change it tells of.
pub fn op(entry: &Entry) -> AppResult<TxOp> {
    repo::audit::put_op(entry)
}

/// Appends an entry on its own, before what it tells of: for a download, which writes nothing else, and for an
/// import, whose rows are written in many transactions (an entry that cannot be written stops either before it
/// starts).
pub async fn append(store: &dyn Table, entry: &Entry) -> AppResult<()> {
    repo::audit::append(store, entry).await
}

/// What an admin asks the log for.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    pub user_id: Option<UserId>,
    pub action: Option<Action>,
}

impl Filter {
    /// The filter of a request's parameters, each checked (field-level messages).
    pub fn parse(from: Option<&str>, to: Option<&str>, user_id: Option<&str>, action: Option<&str>) -> AppResult<Self> {
        let mut faults = std::collections::BTreeMap::new();
        let date = |name: &str, v: Option<&str>, faults: &mut std::collections::BTreeMap<String, String>| {
            let v = v.map(str::trim).filter(|v| !v.is_empty())?;
            match NaiveDate::parse_from_str(v, "%Y-%m-%d") {
                Ok(d) => Some(d),
                Err(_) => {
                    faults.insert(name.to_string(), "Invalid date format.".to_string());
                    None
                }
            }
        };
        let from = date("from", from, &mut faults);
        let to = date("to", to, &mut faults);
        if let (Some(f), Some(t)) = (from, to) {
            if t < f {
                faults.insert("to".into(), "End date cannot be earlier than start date.".into());
            }
        }
        let user_id = match user_id.map(str::trim).filter(|v| !v.is_empty()) {
            None => None,
            Some(v) => match UserId::parse(v) {
                Ok(id) => Some(id),
                Err(_) => {
                    faults.insert("userId".into(), "Invalid value.".into());
                    None
                }
            },
        };
        let action = match action.map(str::trim).filter(|v| !v.is_empty()) {
            None => None,
            Some(v) => match Action::parse(v) {
                Some(a) => Some(a),
                None => {
                    faults.insert("action".into(), "Unknown action.".into());
                    None
                }
            },
        };
        if !faults.is_empty() {
            return Err(AppError::Validation(faults));
        }
        Ok(Filter { from, to, user_id, action })
    }

    fn keeps(&self, entry: &Entry) -> bool {
        self.action.is_none_or(|a| a == entry.action) && self.user_id.as_ref().is_none_or(|u| entry.concerns(u))
    }
}

/// One page of the log, newest first, and the cursor of the next when there are more.
#[derive(Debug, Clone)]
pub struct Page {
    pub entries: Vec<Entry>,
    pub next_cursor: Option<String>,
}

pub const DEFAULT_PAGE: usize = 50;
pub const MAX_PAGE: usize = 200;

/// A page of the admin's team's log, newest first. `cursor` is the `nextCursor` of the page before.
pub async fn page(
    state: &Services,
    admin: &User,
    filter: &Filter,
    cursor: Option<&str>,
    limit: Option<u64>,
) -> AppResult<Page> {
    admin.require_admin()?;
    let limit = match limit {
        None => DEFAULT_PAGE,
        Some(n) if (1..=MAX_PAGE as u64).contains(&n) => n as usize,
        Some(_) => return Err(AppError::field("limit", format!("Limit must be between 1 and {MAX_PAGE}."))),
    };
    let (low, mut high) = bounds(filter);
    if let Some(cursor) = cursor.map(str::trim).filter(|c| !c.is_empty()) {
        if !repo::audit::is_sort_key(cursor) {
            return Err(AppError::field("cursor", "Invalid value."));
        }
        // Strictly before the cursor: the cursor's own entry was the last of the page before.
        high = high.min(cursor.to_string());
    }
    let (entries, more) = repo::audit::newest_first(state.table(), &admin.team_id, &low, &high, limit, |e| {
        filter.keeps(e) && cursor.is_none_or(|c| repo::audit::sort_key(e) != c.trim())
    })
    .await?;
    if entries.is_empty() && cursor.is_none() {
        known_person(state, admin, filter).await?;
    }
    let next_cursor = if more { entries.last().map(repo::audit::sort_key) } else { None };
    let entries = with_actor_emails(state.table(), entries).await?;
    Ok(Page { entries, next_cursor })
}

/// Every entry of the range that the filter keeps, newest first (the CSV download). The download is an export of
/// the team's data, so it is logged first: when that entry cannot be written, nothing is handed out.
pub async fn export(state: &Services, admin: &User, filter: &Filter) -> AppResult<Vec<Entry>> {
    admin.require_admin()?;
    let (low, high) = bounds(filter);
    let (entries, _) =
        repo::audit::newest_first(state.table(), &admin.team_id, &low, &high, usize::MAX, |e| filter.keeps(e)).await?;
    if entries.is_empty() {
        known_person(state, admin, filter).await?;
    }
    append(state.table(), &Entry::by(admin, Action::ExportRun, state.clock.now()).about("audit log (CSV)")).await?;
    with_actor_emails(state.table(), entries).await
}

/// Fills in the e-mail address of each entry's actor that has none stored, from the account as it is now (one read
/// per actor); an account that is gone leaves it empty.
async fn with_actor_emails(store: &dyn Table, mut entries: Vec<Entry>) -> AppResult<Vec<Entry>> {
    let mut known: std::collections::HashMap<UserId, Option<String>> = std::collections::HashMap::new();
    for entry in entries.iter_mut().filter(|e| e.actor_email.is_none()) {
        if !known.contains_key(&entry.actor_id) {
            let account = repo::users::get(store, &entry.actor_id).await?;
            known.insert(entry.actor_id.clone(), account.map(|u| u.email.as_str().to_string()));
        }
        entry.actor_email = known[&entry.actor_id].clone();
    }
    Ok(entries)
}

/// A person the filter names must be someone of the team: a member, or someone the log tells of (a member who has
/// left). Anyone else is not found, as on every other route that names a person.
async fn known_person(state: &Services, admin: &User, filter: &Filter) -> AppResult<()> {
    let Some(user_id) = &filter.user_id else { return Ok(()) };
    if crate::teams::is_member(state.table(), &admin.team_id, user_id).await? {
        return Ok(());
    }
    let anywhere = Filter { user_id: Some(user_id.clone()), ..Filter::default() };
    let (low, high) = bounds(&anywhere);
    let (seen, _) =
        repo::audit::newest_first(state.table(), &admin.team_id, &low, &high, 1, |e| anywhere.keeps(e)).await?;
    if seen.is_empty() {
        return Err(AppError::NotFound("Member not found.".into()));
    }
    Ok(())
}

/// The sort-key range of the filter's dates (whole UTC days; open ends reach the first and the last entry).
fn bounds(filter: &Filter) -> (String, String) {
    let low = filter.from.map(|d| d.format("%Y-%m-%d").to_string()).unwrap_or_else(|| "0".into());
    let high = filter.to.map(|d| format!("{}T~", d.format("%Y-%m-%d"))).unwrap_or_else(|| "~".into());
    (low, high)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_has_one_name_that_reads_back() {
        for a in Action::ALL {
            assert_eq!(Action::parse(a.as_str()), Some(a));
            assert_eq!(serde_json::to_value(a).unwrap(), a.as_str());
        }
        let names: std::collections::HashSet<_> = Action::ALL.iter().map(|a| a.as_str()).collect();
        assert_eq!(names.len(), Action::ALL.len());
    }

    #[test]
    fn stamps_sort_as_times_do() {
        let a = DateTime::parse_from_rfc3339("2026-05-04T09:30:00Z").unwrap().with_timezone(&Utc);
        let b = a + chrono::Duration::milliseconds(5);
        assert_eq!(stamp(a), "2026-05-04T09:30:00.000Z");
        assert!(stamp(a) < stamp(b));
    }

    #[test]
    fn filters_are_checked_field_by_field() {
        let AppError::Validation(f) =
            Filter::parse(Some("5/4/2026"), Some("2026-01-01"), Some("x"), Some("y")).unwrap_err()
        else {
            panic!("a validation error")
        };
        assert_eq!(f.keys().map(String::as_str).collect::<Vec<_>>(), ["action", "from", "userId"]);
        let AppError::Validation(f) = Filter::parse(Some("2026-02-01"), Some("2026-01-01"), None, None).unwrap_err()
        else {
            panic!("a validation error")
        };
        assert!(f.contains_key("to"));
        let ok = Filter::parse(Some("2026-01-01"), None, None, Some("leave.approved")).unwrap();
        assert_eq!(ok.action, Some(Action::LeaveApproved));
        let (low, high) = bounds(&Filter::parse(Some("2026-01-01"), Some("2026-01-31"), None, None).unwrap());
        assert!(low.as_str() <= "2026-01-01T00:00:00.000Z#X" && "2026-01-31T23:59:59.999Z#Y" < high.as_str());
        assert!("2026-02-01T00:00:00.000Z#Z" > high.as_str());
    }
}
