//! Breaks: the logged record and its rules (§5), and live breaks started and ended from a phone.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

pub mod repo;

use self::repo::BreakRepo;
use super::dates::{self, date_field, format_date, format_time, minutes_between, time_field, DateRange};
use super::events::{self, RecordEvent, Via};
use super::paging::Paging;
use super::repo::{owned_record_fields, Record};
use super::work::compute::BreakSpan;
use super::work::lock;
use super::work::repo::lock as lock_repo;
use super::{new_id, timestamp, Expect, Owner, CHANGED_MEANWHILE};
use bt_core::error::{AppError, AppResult};
use bt_core::keys::{self, RecordKind};
use bt_core::services::Services;
use bt_core::store::{Table, TxOp};
use bt_core::types::{ClockTime, Day, RecordId, TeamId, UserId};
use bt_core::validate::Check;

pub const MAX_BREAK_MINUTES: i64 = 8 * 60;
pub const MAX_REASON_CHARS: u64 = 2000;
pub const MAX_TYPE_CHARS: u64 = 100;

pub const START_REQUIRED: &str = "Start time is required.";
pub const END_REQUIRED: &str = "End time is required.";
pub const TOO_LONG: &str = "Break cannot be more than 8 hours.";
/// `TOO_LONG` when the end is before the start: the end was read as the next day, and the message says so.
pub const TOO_LONG_NEXT_DAY: &str =
    "Break cannot be more than 8 hours. The end time is before the start time, so it was taken as the next day.";
pub const ZERO_LENGTH: &str = "Break duration must be greater than 0 minutes";
pub const TYPE_REQUIRED: &str = "Break type is required.";
pub const DATE_REQUIRED: &str = "Created Date is required.";
pub const ALREADY_ON_BREAK: &str = "You are already on a break.";
pub const NOT_ON_BREAK: &str = "You are not on a break.";

/// A break as the API shows it (§3). `duration` is in minutes and always computed here.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Break {
    #[serde(rename = "_id")]
    pub id: RecordId,
    pub user_id: UserId,
    pub start_time: ClockTime,
    pub end_time: ClockTime,
    pub duration: i64,
    pub created_date: Day,
    pub reason: String,
    #[serde(rename = "type")]
    pub break_type: String,
    pub is_closed: bool,
    pub is_modal: bool,
    /// True for a break taken with `POST /break/start` and `/break/end`.
    #[serde(default)]
    pub live: bool,
    pub created_at: String,
    pub updated_at: String,
}

impl Record for Break {
    const KIND: RecordKind = RecordKind::Break;
    const ENTITY: &'static str = "break";
    owned_record_fields!();
    fn date_key(&self) -> String {
        keys::break_by_date_sk(self.created_date, self.start_time, &self.id)
    }
    fn gsi2(&self, team_id: &TeamId) -> Option<(String, String)> {
        Some((keys::team_breaks_gsi(team_id), keys::team_break_sk(self.created_date, &self.user_id, &self.id)))
    }
}

/// The body of `POST /break/add` and `PUT /break/edit/{id}`. Anything else the client sends (`duration`,
/// `isClosed`, `isModal`, `_id`, `userId`) is ignored.
#[derive(Debug, Clone, Default)]
pub struct BreakInput {
    pub start_time: Option<String>,
    pub end_time: Option<String>,
    pub created_date: Option<String>,
    pub reason: Option<String>,
    pub break_type: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ValidBreak {
    pub start_time: ClockTime,
    pub end_time: ClockTime,
    pub created_date: Day,
    /// Minutes, 1 to 480; an end before the start is on the next day.
    pub duration: i64,
    pub reason: String,
    pub break_type: String,
}

fn check_type(check: &mut Check, value: Option<&str>) -> String {
    let value = value.unwrap_or("").trim();
    check.required("type", value, TYPE_REQUIRED).max_chars(
        "type",
        value,
        MAX_TYPE_CHARS,
        "Break type must not exceed 100 characters.",
    );
    value.to_string()
}

fn check_reason(check: &mut Check, value: Option<&str>) -> String {
    let value = value.unwrap_or("").trim();
    check.max_chars("reason", value, MAX_REASON_CHARS, "Reason must not exceed 2000 characters.");
    value.to_string()
}

/// The rules of §5 for a break. `today` is the owner's day: a break dated after tomorrow is rejected (one day of
/// slack for a client whose clock is ahead of the profile's zone).
pub fn validate_break(input: &BreakInput, today: NaiveDate) -> AppResult<ValidBreak> {
    let mut check = Check::new();
    let start = time_field(&mut check, "startTime", input.start_time.as_deref(), START_REQUIRED);
    let end = time_field(&mut check, "endTime", input.end_time.as_deref(), END_REQUIRED);
    let mut duration = 0;
    if let (Some(s), Some(e)) = (start, end) {
        duration = minutes_between(s.time(), e.time());
        let too_long = if e.time() < s.time() { TOO_LONG_NEXT_DAY } else { TOO_LONG };
        check.rule("endTime", duration > 0, ZERO_LENGTH).rule("endTime", duration <= MAX_BREAK_MINUTES, too_long);
    }
    let break_type = check_type(&mut check, input.break_type.as_deref());
    let created =
        date_field(&mut check, "createdDate", input.created_date.as_deref(), DATE_REQUIRED, dates::INVALID_DATE);
    if let Some(d) = created {
        check.rule("createdDate", d.date() <= today + Duration::days(1), "Break date cannot be in the future.");
    }
    let reason = check_reason(&mut check, input.reason.as_deref());
    check.finish()?;
    Ok(ValidBreak {
        start_time: start.expect("checked"),
        end_time: end.expect("checked"),
        created_date: created.expect("checked"),
        duration,
        reason,
        break_type,
    })
}

impl ValidBreak {
    fn into_break(self, id: RecordId, user_id: &UserId, created_at: String, updated_at: String, live: bool) -> Break {
        Break {
            id,
            user_id: user_id.clone(),
            start_time: self.start_time,
            end_time: self.end_time,
            duration: self.duration,
            created_date: self.created_date,
            reason: self.reason,
            break_type: self.break_type,
            is_closed: true,
            is_modal: false,
            live,
            created_at,
            updated_at,
        }
    }
}

pub async fn add_break(app: &Services, owner: &Owner, input: &BreakInput, now: DateTime<Utc>) -> AppResult<Break> {
    let (store, breaks) = (app.table(), BreakRepo::new(app.table()));
    let valid = validate_break(input, owner.today(now))?;
    let record = valid.into_break(new_id(now), &owner.user_id, timestamp(now), timestamp(now), false);
    // Its own day and the night shift's day before that holds it: none may be in a locked month.
    let days = lock::break_days(store, &owner.user_id, &[span_of(&record)]).await?;
    let unlocked = open_months(store, &owner.user_id, &days).await?;
    if breaks.insert(&record, &owner.team_id, unlocked).await? {
        return Ok(record);
    }
    Err(lock::explain(store, &owner.user_id, &days, AppError::Conflict(CHANGED_MEANWHILE.into())).await)
}

/// Fields left out of the body keep their stored value; the result is validated as a whole.
/// Written only over the version `expect` names (a conflict, and nothing written, otherwise).
pub async fn edit_break(
    app: &Services,
    owner: &Owner,
    id: &RecordId,
    input: &BreakInput,
    expect: &Expect,
    now: DateTime<Utc>,
) -> AppResult<Break> {
    let (store, breaks) = (app.table(), BreakRepo::new(app.table()));
    let stored = breaks.load_for_edit(&owner.user_id, id, expect).await?;
    let old = &stored.record;
    let valid = validate_break(&input.over(old), owner.today(now))?;
    let record = valid.into_break(old.id.clone(), &owner.user_id, old.created_at.clone(), timestamp(now), old.live);
    // Every day it counts in, where it was and where it lands, must be in an open month.
    let days = lock::break_days(store, &owner.user_id, &[span_of(old), span_of(&record)]).await?;
    let unlocked = open_months(store, &owner.user_id, &days).await?;
    if breaks.replace(&record, &owner.team_id, stored.version, unlocked).await? {
        return Ok(record);
    }
    let otherwise = AppError::Conflict("This record was changed or deleted meanwhile. Reload it and try again.".into());
    Err(lock::explain(store, &owner.user_id, &days, otherwise).await)
}

impl BreakInput {
    /// This edit over the stored break: every field left out keeps its stored value.
    fn over(&self, old: &Break) -> BreakInput {
        let keep = |sent: &Option<String>, stored: String| sent.clone().or(Some(stored));
        BreakInput {
            start_time: keep(&self.start_time, old.start_time.to_string()),
            end_time: keep(&self.end_time, old.end_time.to_string()),
            created_date: keep(&self.created_date, old.created_date.to_string()),
            reason: keep(&self.reason, old.reason.clone()),
            break_type: keep(&self.break_type, old.break_type.clone()),
        }
    }
}

/// The break as the arithmetic of working time sees it.
fn span_of(b: &Break) -> BreakSpan {
    BreakSpan {
        date: b.created_date.date(),
        start: b.start_time.time(),
        end: b.end_time.time(),
        break_type: b.break_type.clone(),
    }
}

/// The month lock's part of a write of breaks on these days: refused at once (the lock's 409, naming the month)
/// when one of them is in a locked month, else the checks the write commits with it.
async fn open_months(store: &dyn Table, user_id: &UserId, days: &[NaiveDate]) -> AppResult<Vec<TxOp>> {
    lock::ensure_open(store, user_id, days).await?;
    Ok(lock_repo::unlocked_all(user_id, days))
}

pub async fn get_break(app: &Services, owner: &Owner, id: &RecordId) -> AppResult<Break> {
    Ok(BreakRepo::new(app.table()).load(&owner.user_id, id).await?.record)
}

/// Deletes a break, if its month is open: a transaction of the delete (read at its version) and the lock's check.
pub async fn delete_break(app: &Services, owner: &Owner, id: &RecordId) -> AppResult<Break> {
    let (store, breaks) = (app.table(), BreakRepo::new(app.table()));
    let stored = breaks.load(&owner.user_id, id).await?;
    let days = lock::break_days(store, &owner.user_id, &[span_of(&stored.record)]).await?;
    let unlocked = open_months(store, &owner.user_id, &days).await?;
    if breaks.delete(&owner.user_id, id, stored.version, unlocked).await? {
        return Ok(stored.record);
    }
    Err(lock::explain(store, &owner.user_id, &days, AppError::not_found()).await)
}

/// The owner's breaks of one day, by start time.
pub async fn breaks_on(app: &Services, user_id: &UserId, day: NaiveDate) -> AppResult<Vec<Break>> {
    BreakRepo::new(app.table()).on_day(user_id, day).await
}

/// A page of the owner's breaks in a range (all when None), newest first.
pub async fn breaks_page(
    store: &dyn Table,
    user_id: &UserId,
    range: Option<DateRange>,
    paging: Paging,
) -> AppResult<(Vec<Break>, u64)> {
    BreakRepo::new(store).page(user_id, range, paging).await
}

/// Every break of the owner in a range, oldest first (summaries, exports).
pub async fn breaks_in(store: &dyn Table, user_id: &UserId, range: DateRange) -> AppResult<Vec<Break>> {
    BreakRepo::new(store).in_range(user_id, range).await
}

/// Every break of a team in a range: one Query on the team's GSI2 partition.
pub async fn team_breaks_in(store: &dyn Table, team_id: &TeamId, range: DateRange) -> AppResult<Vec<Break>> {
    BreakRepo::new(store).team_in_range(team_id, range).await
}

// ---- live breaks ----------------------------------------------------------------------------------------------

/// The body of `POST /break/start`.
#[derive(Debug, Clone, Default)]
pub struct LiveBreakInput {
    pub break_type: Option<String>,
    pub reason: Option<String>,
    /// When the break started, as taken on the device (RFC 3339), for a start sent late (offline); now when absent.
    /// Within the last 24 hours and at most 2 minutes ahead of the server's clock.
    pub at: Option<String>,
}

/// The body of `POST /break/end` (optional).
#[derive(Debug, Clone, Default)]
pub struct EndBreakInput {
    /// When the break ended, as taken on the device (RFC 3339), for an end sent late (offline); now when absent.
    /// Within the last 24 hours, at most 2 minutes ahead of the server's clock, and after the break's start.
    pub at: Option<String>,
}

/// How far back a time taken on the device may be, and how far ahead of the server's clock.
pub const DEVICE_TIME_BACK: Duration = Duration::hours(24);
pub const DEVICE_TIME_AHEAD: Duration = Duration::minutes(2);
pub const AT_INVALID: &str = "Give the time as an RFC 3339 date and time, such as 2026-03-11T10:30:00Z.";
pub const AT_TOO_OLD: &str = "The time must be within the last 24 hours.";
pub const AT_AHEAD: &str = "The time cannot be in the future.";
pub const END_BEFORE_START: &str = "The end must be after the break's start.";

/// The instant a live-break tap happened: `at` when the device sent one (checked against the window), else `now`.
pub fn device_time(at: Option<&str>, now: DateTime<Utc>) -> AppResult<DateTime<Utc>> {
    let Some(raw) = at.map(str::trim).filter(|s| !s.is_empty()) else { return Ok(now) };
    let at = DateTime::parse_from_rfc3339(raw).map_err(|_| AppError::field("at", AT_INVALID))?.with_timezone(&Utc);
    if at < now - DEVICE_TIME_BACK {
        return Err(AppError::field("at", AT_TOO_OLD));
    }
    if at > now + DEVICE_TIME_AHEAD {
        return Err(AppError::field("at", AT_AHEAD));
    }
    Ok(at)
}

/// `(type, reason)` of a break about to start.
pub fn validate_live_break(input: &LiveBreakInput) -> AppResult<(String, String)> {
    let mut check = Check::new();
    let break_type = check_type(&mut check, input.break_type.as_deref());
    let reason = check_reason(&mut check, input.reason.as_deref());
    check.finish()?;
    Ok((break_type, reason))
}

/// A break in progress: the `OPENBREAK` item of the user, mirrored as the team's `ONBREAK#` presence item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpenBreak {
    pub user_id: UserId,
    pub team_id: TeamId,
    pub name: String,
    #[serde(rename = "type")]
    pub break_type: String,
    pub reason: String,
    /// When it started (RFC 3339 UTC).
    pub since: String,
    /// Its start in the user's zone, as the closed break will carry it.
    pub start_time: ClockTime,
    pub created_date: Day,
    pub time_zone: String,
}

pub async fn start_break(
    app: &Services,
    owner: &Owner,
    input: &LiveBreakInput,
    now: DateTime<Utc>,
) -> AppResult<OpenBreak> {
    let (store, breaks) = (app.table(), BreakRepo::new(app.table()));
    let (break_type, reason) = validate_live_break(input)?;
    let now = device_time(input.at.as_deref(), now)?;
    let local = owner.local_now(now);
    let open = OpenBreak {
        user_id: owner.user_id.clone(),
        team_id: owner.team_id.clone(),
        name: owner.name.clone(),
        break_type,
        reason,
        since: timestamp(now),
        start_time: ClockTime::from_time(local.time()),
        created_date: dates::computed_day(local.date())?,
        time_zone: owner.tz.name().to_string(),
    };
    // A break that starts in a locked day (its own, or a night shift's of the day before) could not be ended.
    let first_minute = BreakSpan {
        date: open.created_date.date(),
        start: local.time(),
        end: (local + Duration::minutes(1)).time(),
        break_type: open.break_type.clone(),
    };
    let days = lock::break_days(store, &owner.user_id, &[first_minute]).await?;
    let unlocked = open_months(store, &owner.user_id, &days).await?;
    if !breaks.start(&open, unlocked).await? {
        return Err(lock::explain(store, &owner.user_id, &days, AppError::Conflict(ALREADY_ON_BREAK.into())).await);
    }
    let event = RecordEvent::BreakStarted { owner: owner.clone(), open: open.clone(), now };
    events::publish(Via::Services(app), event).await;
    Ok(open)
}

pub async fn current_break(app: &Services, user_id: &UserId) -> AppResult<Option<OpenBreak>> {
    BreakRepo::new(app.table()).open_break(user_id).await
}

/// The closed break of an open one ended at `now`. Times are taken in the zone the break started in, at the offset
/// of its start, so a clock change during the break changes nothing: the end is the start plus the time it was open.
/// A break shorter than a minute counts as one minute, and one left open past 8 hours is recorded as 8 hours.
pub fn close_open_break(open: &OpenBreak, now: DateTime<Utc>) -> AppResult<ValidBreak> {
    let tz: chrono_tz::Tz = open.time_zone.parse().unwrap_or(chrono_tz::UTC);
    let since = DateTime::parse_from_rfc3339(&open.since)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("open break with a bad start: {e}")))?
        .with_timezone(&Utc);
    let start = since.with_timezone(&tz).naive_local();
    let elapsed = (now - since).clamp(Duration::zero(), Duration::minutes(MAX_BREAK_MINUTES));
    let end = start + elapsed;
    let mut end_time = end.time();
    if minutes_between(start.time(), end_time) == 0 {
        end_time = (start + Duration::minutes(1)).time();
    }
    let input = BreakInput {
        start_time: Some(format_time(start.time())),
        end_time: Some(format_time(end_time)),
        created_date: Some(format_date(start.date())),
        reason: Some(open.reason.clone()),
        break_type: Some(open.break_type.clone()),
    };
    validate_break(&input, start.date())
}

/// Ends the caller's open break: one transaction removes the open break and the team presence item and writes the
/// closed break record.
pub async fn end_break(app: &Services, owner: &Owner, input: &EndBreakInput, now: DateTime<Utc>) -> AppResult<Break> {
    let (store, breaks) = (app.table(), BreakRepo::new(app.table()));
    let ended = device_time(input.at.as_deref(), now)?;
    let open = breaks.open_break(&owner.user_id).await?.ok_or_else(|| AppError::Conflict(NOT_ON_BREAK.into()))?;
    if input.at.is_some() && DateTime::parse_from_rfc3339(&open.since).is_ok_and(|since| ended < since) {
        return Err(AppError::field("at", END_BEFORE_START));
    }
    let valid = close_open_break(&open, ended)?;
    let record = valid.into_break(new_id(now), &owner.user_id, timestamp(now), timestamp(now), true);
    let days = lock::break_days(store, &owner.user_id, &[span_of(&record)]).await?;
    if let Some(month) = lock::first_locked(store, &owner.user_id, &days).await? {
        return Err(stop_break_in_locked_month(&breaks, owner, &open, &month).await);
    }
    let unlocked = lock_repo::unlocked_all(&owner.user_id, &days);
    if !breaks.end(owner, &open, &record, unlocked).await? {
        return match lock::first_locked(store, &owner.user_id, &days).await? {
            // Locked between the read and the write.
            Some(month) => Err(stop_break_in_locked_month(&breaks, owner, &open, &month).await),
            None => Err(AppError::Conflict(NOT_ON_BREAK.into())),
        };
    }
    let event = RecordEvent::BreakEnded { owner: owner.clone(), ended: record.clone(), now };
    events::publish(Via::Services(app), event).await;
    Ok(record)
}

/// A break that counts in a month locked while it ran (older data, or an approval racing the break) still ends:
/// the open break is removed and nothing is written into the approved month, and the answer is the lock's 409, so
/// the person knows the break was not recorded (an admin who reopens the month can add it).
async fn stop_break_in_locked_month(breaks: &BreakRepo<'_>, owner: &Owner, open: &OpenBreak, month: &str) -> AppError {
    match breaks.stop(owner, open).await {
        Ok(true) => {
            tracing::info!(user = %owner.user_id, month, "live break in a locked month stopped, not recorded");
            lock::locked_in(month)
        }
        Ok(false) => AppError::Conflict(NOT_ON_BREAK.into()),
        Err(e) => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(start: &str, end: &str) -> BreakInput {
        BreakInput {
            start_time: Some(start.into()),
            end_time: Some(end.into()),
            created_date: Some("2024-05-01".into()),
            reason: Some("  coffee  ".into()),
            break_type: Some("Coffee Break".into()),
        }
    }
    fn today() -> NaiveDate {
        dates::parse_date("2024-05-01").unwrap()
    }
    fn message(r: AppResult<ValidBreak>, field: &str) -> String {
        match r {
            Err(AppError::Validation(f)) => f.get(field).cloned().unwrap_or_default(),
            other => panic!("expected a validation error, got {other:?}"),
        }
    }

    #[test]
    fn duration_is_computed_and_reason_trimmed() {
        let b = validate_break(&input("09:00", "09:45"), today()).unwrap();
        assert_eq!(b.duration, 45);
        assert_eq!(b.reason, "coffee");
        assert_eq!(validate_break(&input("23:50", "00:10"), today()).unwrap().duration, 20);
        assert_eq!(validate_break(&input("09:00", "17:00"), today()).unwrap().duration, 480);
    }

    #[test]
    fn the_spec_messages() {
        assert_eq!(message(validate_break(&input("09:00", "09:00"), today()), "endTime"), ZERO_LENGTH);
        assert_eq!(message(validate_break(&input("09:00", "17:01"), today()), "endTime"), TOO_LONG);
        assert_eq!(message(validate_break(&input("22:00", "06:01"), today()), "endTime"), TOO_LONG_NEXT_DAY);
        assert_eq!(message(validate_break(&input("", "09:00"), today()), "startTime"), START_REQUIRED);
        assert_eq!(message(validate_break(&BreakInput::default(), today()), "endTime"), END_REQUIRED);
        assert_eq!(message(validate_break(&BreakInput::default(), today()), "type"), TYPE_REQUIRED);
        assert_eq!(message(validate_break(&BreakInput::default(), today()), "createdDate"), DATE_REQUIRED);
        let mut bad_date = input("09:00", "09:10");
        bad_date.created_date = Some("01/05/2024".into());
        assert_eq!(message(validate_break(&bad_date, today()), "createdDate"), dates::INVALID_DATE);
    }

    #[test]
    fn a_live_break_is_at_least_a_minute_and_at_most_eight_hours() {
        let open = OpenBreak {
            user_id: UserId::parse("01HZX3Y8Q2W5E7R9T1V3B5N7M9").unwrap(),
            team_id: TeamId::parse("01HZX3Y8Q2W5E7R9T1V3B5N7MA").unwrap(),
            name: "n".into(),
            break_type: "Lunch Break".into(),
            reason: String::new(),
            since: "2024-05-01T10:00:10Z".into(),
            start_time: ClockTime::parse("12:00").unwrap(),
            created_date: Day::parse("2024-05-01").unwrap(),
            time_zone: "Europe/Berlin".into(),
        };
        let at = |s: &str| DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc);
        let short = close_open_break(&open, at("2024-05-01T10:00:40Z")).unwrap();
        assert_eq!((short.start_time.to_string(), short.duration), ("12:00".into(), 1));
        let normal = close_open_break(&open, at("2024-05-01T10:30:10Z")).unwrap();
        assert_eq!((normal.end_time.to_string(), normal.duration), ("12:30".into(), 30));
        let forgotten = close_open_break(&open, at("2024-05-02T09:00:00Z")).unwrap();
        assert_eq!((forgotten.end_time.to_string(), forgotten.duration), ("20:00".into(), 480));
    }
}
