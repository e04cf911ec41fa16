//! Calendar feeds: secret URLs a calendar app subscribes to (iCalendar, rendered by the calendar function).
//!
//! - A **personal feed** (`me`) shows its owner's pending and approved leaves and their meetings.
//! - A **team feed** (`team`), for admins and HR, shows the approved leaves (absences) of the team it was made in,
//!   each with the member's name and the leave's type, never its reason.
//!
//! The URL carries a token of 256 random bits; only its SHA-256 is stored, in an item keyed by that hash
//! (`CALTOKEN#<hash>`), so a fetch is one GetItem and the token cannot be read back from the table. The feed itself
//! lives in its owner's partition (`USER#<userId>` / `CALFEED#<id>`), which is how its owner lists and revokes it.
//!
//! A team feed's creation and revocation are in its team's audit log (`calendarFeed.created`, `calendarFeed.revoked`),
//! written in the transaction that makes the change: whoever holds its URL reads the team's absences. A personal feed
//! shows its owner's own records only and is not logged.
//!
//! Everything a feed shows is decided when it is read, from the owner's profile as it is then: a deleted account's
//! feeds are gone, a personal feed shows the owner's own records whatever team they are in now, and a team feed shows
//! its team only while its owner is still an admin or HR of that team (else it is not found).

use std::collections::HashMap;

use chrono::{DateTime, Months, NaiveDate, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::allowances::HalfDay;
use super::dates::{self, DateRange};
use super::leave_types::repo::LeaveTypeRepo;
use super::leaves::{self, LeaveStatus};
use super::meetings;
use super::{new_id, timestamp};
use bt_accounts::audit::{Action, Entry};
use bt_accounts::auth;
use bt_accounts::users::get_user;
use bt_accounts::{teams, User};
use bt_core::error::{AppError, AppResult};
use bt_core::keys;
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::{RecordId, TeamId, UserId};

pub mod repo;

use self::repo::FeedRepo;

/// Most feeds one person may have at a time.
pub const MAX_FEEDS: u64 = 10;
/// A feed covers the days from this many months before today (in its owner's time zone)...
pub const MONTHS_BACK: u32 = 12;
/// ...to this many months after.
pub const MONTHS_AHEAD: u32 = 24;

pub const SCOPE_REQUIRED: &str = "Scope is required.";
pub const BAD_SCOPE: &str = "Scope must be me or team.";
pub const APPROVERS_ONLY: &str = "Only admins and HR can create a team calendar feed.";
pub const TOO_MANY: &str = "You can have at most 10 calendar feeds. Revoke one before creating another.";
pub const NOT_FOUND: &str = "Calendar feed not found.";
const NOT_CREATED: &str = "The feed could not be created. Please try again.";

/// Whose records a feed shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FeedScope {
    /// The owner's own leaves and meetings.
    Me,
    /// The approved leaves of the owner's team (admins and HR).
    Team,
}

/// The body of `POST /calendar/feeds`: `scope` is `me` (my leaves and meetings) or `team` (my team's approved
/// absences; admins and HR).
#[derive(Debug, Clone, Default)]
pub struct FeedInput {
    pub scope: Option<String>,
}

/// A feed as its owner lists it. The URL is not here: it was shown once, when the feed was created.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CalendarFeed {
    pub id: RecordId,
    pub scope: FeedScope,
    pub created_at: String,
}

/// What creating a feed answers: the feed and its secret URL, the only time the URL is shown.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NewCalendarFeed {
    pub id: RecordId,
    pub scope: FeedScope,
    /// `<API origin>/calendar/<token>.ics`: whoever has it reads the feed, without signing in.
    pub url: String,
    pub created_at: String,
}

/// The feed item in its owner's partition (`USER#<userId>` / `CALFEED#<id>`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredFeed {
    id: RecordId,
    user_id: UserId,
    scope: FeedScope,
    /// The team a team feed was made in. Not named `teamId`: a member's move to another team re-points every
    /// `teamId` of their partition, and a team feed must never follow its owner into another team.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    feed_team_id: Option<TeamId>,
    token_hash: String,
    created_at: String,
}

impl StoredFeed {
    fn listed(self) -> CalendarFeed {
        CalendarFeed { id: self.id, scope: self.scope, created_at: self.created_at }
    }
}

/// The token item (`CALTOKEN#<hash>` / `CALTOKEN`): which feed of whom a token opens.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct TokenPointer {
    user_id: UserId,
    feed_id: RecordId,
}

const FEED_ENTITY: &str = keys::CALENDAR_FEED_ENTITY;
const TOKEN_ENTITY: &str = "calendar_feed_token";

fn not_found() -> AppError {
    AppError::NotFound(NOT_FOUND.into())
}

fn parse_scope(input: &FeedInput) -> AppResult<FeedScope> {
    match input.scope.as_deref().map(str::trim) {
        None | Some("") => Err(AppError::field("scope", SCOPE_REQUIRED)),
        Some("me") => Ok(FeedScope::Me),
        Some("team") => Ok(FeedScope::Team),
        Some(_) => Err(AppError::field("scope", BAD_SCOPE)),
    }
}

/// Creates a feed for `user` and answers its URL (`{api_url}/calendar/<token>.ics`), which is never shown again.
pub async fn create_feed(app: &Services, user: &User, input: &FeedInput) -> AppResult<NewCalendarFeed> {
    let scope = parse_scope(input)?;
    if scope == FeedScope::Team && !user.role.sees_reports() {
        return Err(AppError::Forbidden(APPROVERS_ONLY.into()));
    }
    let repo = FeedRepo::new(app.table());
    // Two creations at the same moment may both pass this count; the cap is a bound on clutter, not a secret.
    if repo.count(&user.id).await? >= MAX_FEEDS {
        return Err(AppError::Conflict(TOO_MANY.into()));
    }
    let now = app.clock.now();
    let token = auth::random_token();
    let token_hash = auth::hash_token(&token);
    let feed = StoredFeed {
        id: new_id(now),
        user_id: user.id.clone(),
        scope,
        feed_team_id: (scope == FeedScope::Team).then(|| user.team_id.clone()),
        token_hash: token_hash.clone(),
        created_at: timestamp(now),
    };
    let pointer = TokenPointer { user_id: user.id.clone(), feed_id: feed.id.clone() };
    repo.create(&feed, &pointer, logged(user, Action::CalendarFeedCreated, &feed, now).as_ref()).await?;
    tracing::info!(user_id = %user.id, feed_id = %feed.id, scope = ?scope, "calendar feed created");
    Ok(NewCalendarFeed {
        url: format!("{}/calendar/{token}.ics", app.config.api_url),
        id: feed.id,
        scope,
        created_at: feed.created_at,
    })
}

/// The caller's feeds, oldest first (one Query of their partition).
pub async fn list_feeds(app: &Services, user_id: &UserId) -> AppResult<Vec<CalendarFeed>> {
    feeds_of(app.table(), user_id).await
}

/// The same list over the store (the data export).
pub async fn feeds_of(store: &dyn Table, user_id: &UserId) -> AppResult<Vec<CalendarFeed>> {
    Ok(FeedRepo::new(store).list(user_id).await?.into_iter().map(StoredFeed::listed).collect())
}

/// The audit entry of a team feed's creation or revocation by `user`, in the log of the team the feed shows (none for
/// a personal feed).
fn logged(user: &User, action: Action, feed: &StoredFeed, now: DateTime<Utc>) -> Option<Entry> {
    let team = feed.feed_team_id.as_ref().filter(|_| feed.scope == FeedScope::Team)?;
    let listed = CalendarFeed { id: feed.id.clone(), scope: feed.scope, created_at: feed.created_at.clone() };
    let (before, after) = match action {
        Action::CalendarFeedCreated => (None, Some(&listed)),
        _ => (Some(&listed), None),
    };
    Some(Entry::by(user, action, now).in_team(team).about(format!("team feed {}", feed.id)).change(before, after))
}

/// Revokes one of the caller's feeds: the feed and its token item go together, and its URL answers 404 from then
/// on. Another person's feed id is not found, like an unknown one.
pub async fn revoke_feed(app: &Services, user: &User, id: &RecordId) -> AppResult<CalendarFeed> {
    let repo = FeedRepo::new(app.table());
    let user_id = &user.id;
    let Some(feed) = repo.get(user_id, id).await? else { return Err(not_found()) };
    if !repo.revoke(&feed, logged(user, Action::CalendarFeedRevoked, &feed, app.clock.now()).as_ref()).await? {
        return Err(not_found());
    }
    tracing::info!(user_id = %user_id, feed_id = %id, "calendar feed revoked");
    Ok(feed.listed())
}

// ---- what a feed shows -------------------------------------------------------------------------------------------

/// A leave as a feed shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct FeedLeave {
    pub id: RecordId,
    /// The member's name (team feeds).
    pub person: Option<String>,
    /// The leave type's name ("Leave" for a type the team no longer has).
    pub type_name: String,
    pub status: LeaveStatus,
    pub from: NaiveDate,
    /// The last day, included.
    pub to: NaiveDate,
    pub half_day: Option<HalfDay>,
    /// The owner's own reason (personal feeds only; never in a team feed).
    pub reason: Option<String>,
    pub updated_at: Option<DateTime<Utc>>,
}

/// A meeting as a feed shows it: its wall-clock times in the owner's zone, as instants.
#[derive(Debug, Clone, PartialEq)]
pub struct FeedMeeting {
    pub id: RecordId,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub description: String,
    /// Empty when it has none (the summary then comes from the description).
    pub title: String,
    /// A room, an address or a video link; empty when none.
    pub place: String,
    pub updated_at: Option<DateTime<Utc>>,
}

/// Everything one fetch of a feed shows.
#[derive(Debug, Clone, PartialEq)]
pub struct FeedCalendar {
    pub scope: FeedScope,
    /// The calendar's name in the subscriber's app.
    pub name: String,
    /// The owner's time zone (IANA name), in which the range and the meetings' times are read.
    pub time_zone: String,
    /// The days covered: [`MONTHS_BACK`] before the owner's today to [`MONTHS_AHEAD`] after.
    pub range: DateRange,
    /// Earliest first.
    pub leaves: Vec<FeedLeave>,
    /// Earliest first (always empty in a team feed).
    pub meetings: Vec<FeedMeeting>,
    /// When this was read (the stamp of records that carry no time of their own).
    pub read_at: DateTime<Utc>,
}

/// Whether `token` has the shape of the tokens feeds are made with (43 url-safe base64 characters), so that nothing
/// else reaches the store.
fn is_token(token: &str) -> bool {
    token.len() == 43 && token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The days a feed covers, around the owner's today.
pub fn feed_range(tz: Tz, now: DateTime<Utc>) -> DateRange {
    let today = dates::today(tz, now);
    let from = today.checked_sub_months(Months::new(MONTHS_BACK)).unwrap_or(today);
    let to = today.checked_add_months(Months::new(MONTHS_AHEAD)).unwrap_or(today);
    DateRange { from, to }
}

/// What the feed of `token` shows now; an unknown or revoked token, a deleted owner, or a team feed whose owner is
/// no longer an admin or HR of its team is [`NOT_FOUND`]. Reads only: a GetItem on the token's hash, the feed and the
/// owner's profile, then the Queries of the records shown.
pub async fn feed_calendar(app: &Services, token: &str, now: DateTime<Utc>) -> AppResult<FeedCalendar> {
    if !is_token(token) {
        return Err(not_found());
    }
    let store = app.table();
    let repo = FeedRepo::new(store);
    let token_hash = auth::hash_token(token);
    let Some(pointer) = repo.pointer(&token_hash).await? else { return Err(not_found()) };
    let Some(feed) = repo.get(&pointer.user_id, &pointer.feed_id).await? else { return Err(not_found()) };
    if feed.token_hash != token_hash {
        return Err(not_found());
    }
    let Some(owner) = get_user(store, &feed.user_id).await? else { return Err(not_found()) };
    let range = feed_range(owner.tz(), now);
    match feed.scope {
        FeedScope::Me => personal_feed(store, &owner, range, now).await,
        FeedScope::Team => {
            let team_id = feed.feed_team_id.as_ref().ok_or_else(not_found)?;
            if &owner.team_id != team_id || !owner.role.sees_reports() {
                return Err(not_found());
            }
            team_feed(store, &owner, team_id, range, now).await
        }
    }
}

/// The team's leave type names, read without writing (a team that never used leave types has none stored).
async fn type_names(store: &dyn Table, team_id: &TeamId) -> AppResult<HashMap<RecordId, String>> {
    Ok(LeaveTypeRepo::new(store).list(team_id).await?.into_iter().map(|t| (t.id, t.name)).collect())
}

fn stamp(value: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(value).ok().map(|t| t.with_timezone(&Utc))
}

fn feed_leave(
    leave: leaves::Leave,
    names: &HashMap<RecordId, String>,
    person: Option<String>,
    with_reason: bool,
) -> Option<FeedLeave> {
    Some(FeedLeave {
        from: leave.from_date.date(),
        to: leave.to_date.date(),
        type_name: names.get(&leave.type_id).cloned().unwrap_or_else(|| "Leave".into()),
        person,
        status: leave.status,
        half_day: leave.half_day,
        reason: with_reason.then_some(leave.reason),
        updated_at: stamp(&leave.updated_at),
        id: leave.id,
    })
}

/// A wall-clock time of `tz` as an instant. A time the clocks skip (the hour a summer time starts) is read an hour
/// later, as the clocks then show it; a time they show twice (the hour it ends) is its first occurrence.
pub fn instant_of(tz: Tz, local: chrono::NaiveDateTime) -> DateTime<Utc> {
    use chrono::TimeZone;
    if let Some(t) = tz.from_local_datetime(&local).earliest() {
        return t.with_timezone(&Utc);
    }
    let later = local + chrono::Duration::hours(1);
    match tz.from_local_datetime(&later).earliest() {
        Some(t) => t.with_timezone(&Utc),
        None => local.and_utc(),
    }
}

async fn personal_feed(
    store: &dyn Table,
    owner: &User,
    range: DateRange,
    now: DateTime<Utc>,
) -> AppResult<FeedCalendar> {
    let names = type_names(store, &owner.team_id).await?;
    let leaves = leaves::leaves_in(store, &owner.id, range)
        .await?
        .into_iter()
        .filter(|l| l.status.holds_days())
        .filter_map(|l| feed_leave(l, &names, None, true))
        .collect();
    let tz = owner.tz();
    let meetings = meetings::meetings_in(store, &owner.id, range)
        .await?
        .into_iter()
        .map(|m| {
            let day = m.schedule_date.date();
            let zone = m.zone(tz);
            FeedMeeting {
                starts_at: instant_of(zone, day.and_time(m.from.time())),
                ends_at: instant_of(zone, day.and_time(m.to.time())),
                updated_at: stamp(&m.updated_at),
                description: m.description,
                title: m.title,
                place: m.place,
                id: m.id,
            }
        })
        .collect();
    Ok(FeedCalendar {
        scope: FeedScope::Me,
        name: format!("{}: leaves and meetings (Breaktime)", owner.name),
        time_zone: owner.time_zone.clone(),
        range,
        leaves,
        meetings,
        read_at: now,
    })
}

async fn team_feed(
    store: &dyn Table,
    owner: &User,
    team_id: &TeamId,
    range: DateRange,
    now: DateTime<Utc>,
) -> AppResult<FeedCalendar> {
    let names = type_names(store, team_id).await?;
    let members: HashMap<UserId, String> =
        teams::team_members(store, team_id).await?.into_iter().map(|m| (m.user_id, m.name)).collect();
    let team_name = teams::get_team(store, team_id).await?.map(|t| t.name).unwrap_or_else(|| "Team".into());
    let mut absences: Vec<FeedLeave> = leaves::team_leaves_in(store, team_id, range)
        .await?
        .into_iter()
        // Approved leaves of current members only (`team_leaves_in` reads approved ones).
        .filter(|l| l.status == LeaveStatus::Approved)
        .filter_map(|l| {
            let person = members.get(&l.user_id)?.clone();
            feed_leave(l, &names, Some(person), false)
        })
        .collect();
    absences.sort_by(|a, b| a.from.cmp(&b.from).then(a.id.cmp(&b.id)));
    Ok(FeedCalendar {
        scope: FeedScope::Team,
        name: format!("{team_name}: absences (Breaktime)"),
        time_zone: owner.time_zone.clone(),
        range,
        leaves: absences,
        meetings: Vec::new(),
        read_at: now,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{NaiveDate, NaiveTime, TimeZone};

    fn local(date: (i32, u32, u32), time: (u32, u32)) -> chrono::NaiveDateTime {
        NaiveDate::from_ymd_opt(date.0, date.1, date.2)
            .unwrap()
            .and_time(NaiveTime::from_hms_opt(time.0, time.1, 0).unwrap())
    }

    #[test]
    fn wall_clock_times_become_instants_across_summer_time() {
        let paris: Tz = "Europe/Paris".parse().unwrap();
        // Winter (UTC+1) and summer (UTC+2).
        assert_eq!(
            instant_of(paris, local((2024, 1, 15), (9, 0))),
            Utc.with_ymd_and_hms(2024, 1, 15, 8, 0, 0).unwrap()
        );
        assert_eq!(
            instant_of(paris, local((2024, 7, 15), (9, 0))),
            Utc.with_ymd_and_hms(2024, 7, 15, 7, 0, 0).unwrap()
        );
        // 02:30 on 31 March 2024 does not exist in Paris: it is read as 03:30 summer time.
        assert_eq!(
            instant_of(paris, local((2024, 3, 31), (2, 30))),
            Utc.with_ymd_and_hms(2024, 3, 31, 1, 30, 0).unwrap()
        );
        // 02:30 on 27 October 2024 happens twice: the first one (summer time).
        assert_eq!(
            instant_of(paris, local((2024, 10, 27), (2, 30))),
            Utc.with_ymd_and_hms(2024, 10, 27, 0, 30, 0).unwrap()
        );
    }

    #[test]
    fn only_well_formed_tokens_reach_the_store() {
        assert!(is_token(&auth::random_token()));
        for bad in ["", "abc", &"a".repeat(42), &"a".repeat(44), &format!("{}=", "a".repeat(42)), &"é".repeat(22)] {
            assert!(!is_token(bad), "{bad}");
        }
    }

    #[test]
    fn the_range_is_a_year_back_and_two_ahead_in_the_owners_zone() {
        let now = Utc.with_ymd_and_hms(2024, 2, 29, 23, 30, 0).unwrap();
        let tokyo: Tz = "Asia/Tokyo".parse().unwrap();
        let range = feed_range(tokyo, now);
        // Already 1 March in Tokyo.
        assert_eq!(
            (range.from, range.to),
            (NaiveDate::from_ymd_opt(2023, 3, 1).unwrap(), NaiveDate::from_ymd_opt(2026, 3, 1).unwrap())
        );
        let range = feed_range(chrono_tz::UTC, now);
        assert_eq!(
            (range.from, range.to),
            (NaiveDate::from_ymd_opt(2023, 2, 28).unwrap(), NaiveDate::from_ymd_opt(2026, 2, 28).unwrap())
        );
    }

    #[test]
    fn scopes_are_me_or_team() {
        let scope = |s: Option<&str>| parse_scope(&FeedInput { scope: s.map(String::from) });
        assert_eq!(scope(Some("me")).unwrap(), FeedScope::Me);
        assert_eq!(scope(Some(" team ")).unwrap(), FeedScope::Team);
        for (value, message) in [(None, SCOPE_REQUIRED), (Some(""), SCOPE_REQUIRED), (Some("all"), BAD_SCOPE)] {
            match scope(value) {
                Err(AppError::Validation(fields)) => assert_eq!(fields["scope"], message),
                other => panic!("{other:?}"),
            }
        }
    }
}
