//! The first day with a target: a member's days before it have none (target 0), in every figure, because every
//! figure is summed from the days [`super::days`] builds and those ask [`first_target_day`] alone: the dashboard's
//! day and week, the summary, the timesheet month (and its CSV and PDF), the team's month, the working-time report of
//! the archives (and its CSV), and the overtime balance, which also counts from it.
//!
//! The first day is the day the member joined the team, in the member's own time zone (that day counts whole: its
//! target is due), or the start date an approver set for them (`PUT /admin/start-dates/{userId}`, any day, earlier or
//! later than the joining). A set date belongs to the membership it was set in: a member who leaves and comes back
//! starts again from their new joining. Unknown (a membership without a joining time): every day has its target.
//!
//! Setting a start date moves the targets of the days between the old and the new first day: it is refused (409,
//! the lock's message) when one of those months is approved and locked, and an approved month answers from its
//! stored figures anyway ([`super::timesheets`]), so no locked figure moves.

use std::collections::HashMap;

use bt_accounts::audit::{Action, Entry};
use bt_accounts::teams::{self, Member};
use bt_accounts::users::{get_user, User};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use chrono_tz::Tz;
use serde::Serialize;

use super::lock;
use super::model::{StartDate, DATE_REQUIRED};
use super::periods::{require_approver, subject_in};
use super::repo;
use super::repo::lock as lock_repo;
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::{Day, TeamId, UserId};
use bt_core::validate::Check;
use bt_records::dates::{self, computed_day, date_field};
use bt_records::{timestamp, Owner, CHANGED_MEANWHILE};

pub const START_OUT_OF_RANGE: &str = "A start date lies between 2000-01-01 and a year from today.";

/// The most months a start date's write checks in its transaction (a transaction holds at most 100 parts).
const MAX_CHECKED_MONTHS: usize = 90;

/// The body of `PUT /admin/start-dates/{userId}`.
#[derive(Debug, Clone, Default)]
pub struct StartDateInput {
    pub start_date: Option<String>,
}

/// A member's first day with a target, as the admin panel shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MemberStart {
    pub user_id: UserId,
    /// The first day with a target (null when the joining is not known: every day has its target).
    pub start_date: Option<Day>,
    /// The day the member joined the team, in their zone.
    pub joined_on: Option<Day>,
    /// Whether an approver set the start date (else it is the joining day).
    pub set: bool,
}

/// The day of `joined_at` (RFC 3339) in `tz`.
pub fn joined_on(joined_at: &str, tz: Tz) -> Option<NaiveDate> {
    DateTime::parse_from_rfc3339(joined_at).ok().map(|at| at.with_timezone(&tz).date_naive())
}

/// The one rule every figure follows: the first day with a target is the approver's start date of this membership,
/// else the day of joining in the member's zone; `None` when neither is known.
pub fn first_target_day(joined_at: &str, tz: Tz, set: Option<&StartDate>) -> Option<NaiveDate> {
    set.filter(|s| s.joined_at == joined_at).map(|s| s.date.date()).or_else(|| joined_on(joined_at, tz))
}

/// Whether `date` has a target for a member whose first day with one is `start`.
pub fn has_target(start: Option<NaiveDate>, date: NaiveDate) -> bool {
    start.is_none_or(|first| date >= first)
}

/// A person's first day with a target (two reads: the membership and the set date).
pub async fn start_of(store: &dyn Table, owner: &Owner) -> AppResult<Option<NaiveDate>> {
    let Some(member) = teams::find_member(store, &owner.team_id, &owner.user_id).await? else { return Ok(None) };
    let set = repo::start_date(store, &owner.team_id, &owner.user_id).await?;
    Ok(first_target_day(&member.joined_at, owner.tz, set.as_ref()))
}

/// Every member's first day with a target, for a range from `from` on: one Query for the set dates, and the profile
/// (for the time zone) only of a member who joined near or inside the range without a set date. Who joined two days
/// or more before `from` starts before the range in any zone, so their zone does not matter there.
pub async fn team_starts(
    store: &dyn Table,
    team_id: &TeamId,
    members: &[Member],
    from: NaiveDate,
) -> AppResult<HashMap<UserId, NaiveDate>> {
    let set = repo::team_start_dates(store, team_id).await?;
    let mut out = HashMap::with_capacity(members.len());
    for member in members {
        let mine = set.iter().find(|s| s.user_id == member.user_id && s.joined_at == member.joined_at);
        let near = joined_on(&member.joined_at, chrono_tz::UTC).is_some_and(|d| d + Duration::days(1) >= from);
        let tz = match (mine, near) {
            (None, true) => get_user(store, &member.user_id).await?.map(|u| u.tz()).unwrap_or(chrono_tz::UTC),
            _ => chrono_tz::UTC,
        };
        if let Some(first) = first_target_day(&member.joined_at, tz, mine) {
            out.insert(member.user_id.clone(), first);
        }
    }
    Ok(out)
}

async fn member_start(store: &dyn Table, member: &Owner, membership: &Member) -> AppResult<MemberStart> {
    let set = repo::start_date(store, &member.team_id, &member.user_id).await?;
    let set = set.filter(|s| s.joined_at == membership.joined_at);
    Ok(MemberStart {
        user_id: member.user_id.clone(),
        start_date: first_target_day(&membership.joined_at, member.tz, set.as_ref()).map(computed_day).transpose()?,
        joined_on: joined_on(&membership.joined_at, member.tz).map(computed_day).transpose()?,
        set: set.is_some(),
    })
}

async fn membership(store: &dyn Table, member: &Owner) -> AppResult<Member> {
    teams::find_member(store, &member.team_id, &member.user_id).await?.ok_or_else(AppError::not_found)
}

/// `GET /admin/start-dates`: every member's first day with a target (admins and HR).
pub async fn start_dates(app: &Services, approver: &User) -> AppResult<Vec<MemberStart>> {
    let store = app.table();
    require_approver(approver)?;
    let members = teams::team_members(store, &approver.team_id).await?;
    let set = repo::team_start_dates(store, &approver.team_id).await?;
    let mut out = Vec::with_capacity(members.len());
    for m in &members {
        let mine = set.iter().find(|s| s.user_id == m.user_id && s.joined_at == m.joined_at);
        let tz = get_user(store, &m.user_id).await?.map(|u| u.tz()).unwrap_or(chrono_tz::UTC);
        out.push(MemberStart {
            user_id: m.user_id.clone(),
            start_date: first_target_day(&m.joined_at, tz, mine).map(computed_day).transpose()?,
            joined_on: joined_on(&m.joined_at, tz).map(computed_day).transpose()?,
            set: mine.is_some(),
        });
    }
    Ok(out)
}

/// The months whose targets moving the first day from `before` to `after` changes: from the earlier day to the day
/// before the later one, no later than the member's today (a month that has not begun cannot be approved).
fn months_moved(before: Option<NaiveDate>, after: NaiveDate, today: NaiveDate) -> Vec<NaiveDate> {
    let (low, high) = match before {
        Some(b) => (b.min(after), b.max(after)),
        None => (after, after),
    };
    let last = (high - Duration::days(1)).min(today);
    if last < low {
        return Vec::new();
    }
    let mut months = lock::months_of(low, last);
    months.truncate(MAX_CHECKED_MONTHS);
    months
}

/// `PUT /admin/start-dates/{userId}`: an approver sets a member's first day with a target (403 for others, 404 for a
/// member of another team, 422 for a bad date, 409 when it would move a locked month's targets).
pub async fn set_start_date(
    app: &Services,
    approver: &User,
    member_id: &str,
    input: &StartDateInput,
    now: DateTime<Utc>,
) -> AppResult<MemberStart> {
    let store = app.table();
    require_approver(approver)?;
    let member = subject_in(store, approver, Some(member_id)).await?;
    let today = member.today(now);
    let mut check = Check::new();
    let date = date_field(&mut check, "startDate", input.start_date.as_deref(), DATE_REQUIRED, dates::INVALID_DATE);
    let earliest = NaiveDate::from_ymd_opt(2000, 1, 1).expect("a date");
    if let Some(d) = date {
        check.rule("startDate", d.date() >= earliest && d.date() <= today + Duration::days(366), START_OUT_OF_RANGE);
    }
    check.finish()?;
    let date = date.expect("checked");
    let membership = membership(store, &member).await?;
    let before_set = repo::start_date(store, &member.team_id, &member.user_id).await?;
    let before = first_target_day(&membership.joined_at, member.tz, before_set.as_ref());
    let months = months_moved(before, date.date(), today);
    lock::ensure_open(store, &member.user_id, &months).await?;
    let start = StartDate {
        user_id: member.user_id.clone(),
        date,
        joined_at: membership.joined_at.clone(),
        by: approver.id.clone(),
        by_name: approver.name.clone(),
        at: timestamp(now),
    };
    let logged = Entry::by(approver, Action::WorkScheduleChanged, now)
        .whose(&member.user_id, &member.name)
        .about(format!("start date {}", dates::format_date(date.date())))
        .change(before_set.as_ref(), Some(&start));
    let checks = lock_repo::unlocked_all(&member.user_id, &months);
    if !repo::put_start_date(store, &member.team_id, &start, &logged, checks).await? {
        return Err(lock::explain(store, &member.user_id, &months, AppError::Conflict(CHANGED_MEANWHILE.into())).await);
    }
    member_start(store, &member, &membership).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn set(date: &str, joined_at: &str) -> StartDate {
        StartDate {
            user_id: UserId::new(),
            date: Day::parse(date).unwrap(),
            joined_at: joined_at.into(),
            by: UserId::new(),
            by_name: "Ann".into(),
            at: "2026-12-01T00:00:00Z".into(),
        }
    }

    #[test]
    fn the_first_day_is_the_joining_in_the_members_zone() {
        let joined = "2026-12-01T23:30:00Z";
        assert_eq!(first_target_day(joined, chrono_tz::UTC, None), Some(d("2026-12-01")));
        assert_eq!(first_target_day(joined, chrono_tz::Europe::Berlin, None), Some(d("2026-12-02")));
        assert_eq!(first_target_day(joined, chrono_tz::America::New_York, None), Some(d("2026-12-01")));
        assert_eq!(first_target_day("", chrono_tz::UTC, None), None);
    }

    #[test]
    fn a_set_date_wins_for_its_membership_only() {
        let joined = "2026-12-01T09:00:00Z";
        let s = set("2026-11-15", joined);
        assert_eq!(first_target_day(joined, chrono_tz::UTC, Some(&s)), Some(d("2026-11-15")));
        // Left and joined again: the new joining counts.
        assert_eq!(first_target_day("2027-01-04T09:00:00Z", chrono_tz::UTC, Some(&s)), Some(d("2027-01-04")));
    }

    #[test]
    fn days_before_the_first_have_no_target_and_the_first_has() {
        let first = Some(d("2026-12-02"));
        assert!(!has_target(first, d("2026-11-30")));
        assert!(!has_target(first, d("2026-12-01")));
        assert!(has_target(first, d("2026-12-02")));
        assert!(has_target(first, d("2026-12-03")));
        assert!(has_target(None, d("1999-01-01")));
    }

    #[test]
    fn moving_the_first_day_checks_the_months_in_between_up_to_today() {
        let today = d("2026-12-02");
        let three = [d("2026-10-01"), d("2026-11-01"), d("2026-12-01")];
        assert_eq!(months_moved(Some(d("2026-12-02")), d("2026-10-20"), today), three);
        assert_eq!(months_moved(Some(d("2026-10-20")), d("2026-12-02"), today), three);
        assert_eq!(months_moved(Some(d("2026-12-01")), d("2026-11-30"), today), [d("2026-11-01")]);
        assert!(months_moved(Some(d("2026-12-02")), d("2026-12-02"), today).is_empty());
        assert_eq!(months_moved(Some(d("2026-12-01")), d("2027-02-01"), today), [d("2026-12-01")]);
    }
}
