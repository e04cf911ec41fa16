//! Clocking in and out, like a live break: one open period at a time, taps carry the device's time `at` (within the
//! last 24 hours, not in the future), and a period left open is closed at 16 hours: by the scheduled job at that
//! time ([`close_left_open`], filed by the notifications layer on `WorkStarted`), or when it is next touched
//! ([`settle`]), whichever comes first.
//!
//! The routes' entry points are here: [`start_with_guard`] (`POST /work/start`) and [`current_with_guard`] (`GET
//! /work/current`) answer the open period with the guard of the team's rules, each reading the open period once
//! and the day once (`rules::live_day::open_day`) for both the period's net time and the guard.

use chrono::{DateTime, Datelike, Duration, Months, NaiveTime, Utc};

use super::lock;
use super::model::{
    self, ChangeAction, EndWorkInput, OpenWork, OpenWorkItem, Source, StartWorkInput, WorkChange, WorkPeriod,
    ALREADY_CLOCKED_IN, AUTO_CLOSED_NOTE, MAX_NOTE_CHARS, NOTE_TOO_LONG, NOT_CLOCKED_IN,
};
use super::repo;
use super::repo::lock as lock_repo;
use crate::rules::live_day::{self, CurrentWork};
use bt_core::error::{AppError, AppResult};
use bt_core::i18n::Language;
use bt_core::store::Table;
use bt_core::types::ClockTime;
use bt_core::validate::Check;
use bt_records::breaks::device_time;
use bt_records::dates::computed_day;
use bt_records::events::{self, RecordEvent, Via};
use bt_records::{new_id, timestamp, Owner};

pub const END_BEFORE_START: &str = "The end must be after the start of the working period.";

/// The open period of the owner, after closing it at 16 hours if it has been open longer (then None).
pub async fn settle(store: &dyn Table, owner: &Owner, now: DateTime<Utc>) -> AppResult<Option<OpenWorkItem>> {
    let Some(open) = repo::open_work(store, &owner.user_id).await? else { return Ok(None) };
    if !open.over_cap(now) {
        return Ok(Some(open));
    }
    match close(store, owner, &open, now, true, now).await {
        Ok(_) => {}
        // Closed meanwhile by another request, or stopped with nothing written because its month is locked.
        Err(AppError::Conflict(_)) => {}
        Err(e) => return Err(e),
    }
    Ok(repo::open_work(store, &owner.user_id).await?.filter(|o| !o.over_cap(now)))
}

/// The scheduled closing of a period left open: when the owner's open period is still the one that began at `since`
/// and has run 16 hours by `now`, it is closed at 16 hours exactly as [`settle`] closes it (the automatic note, the
/// `WorkAutoClosed` event). None when it was ended or closed meanwhile, is another period, has not run 16 hours, or
/// lay wholly in a locked month (then the clock is stopped with nothing written, as `settle` stops it).
pub async fn close_left_open(
    store: &dyn Table,
    owner: &Owner,
    since: &str,
    now: DateTime<Utc>,
) -> AppResult<Option<WorkPeriod>> {
    let Some(open) = repo::open_work(store, &owner.user_id).await? else { return Ok(None) };
    if open.since != since || now - open.since()? < Duration::minutes(model::MAX_PERIOD_MINUTES) {
        return Ok(None);
    }
    match close(store, owner, &open, now, true, now).await {
        Ok(period) => Ok(Some(period)),
        Err(AppError::Conflict(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The open period with the day's net time so far.
pub async fn view(store: &dyn Table, owner: &Owner, open: &OpenWorkItem, now: DateTime<Utc>) -> AppResult<OpenWork> {
    let date = open.date.date();
    let days = super::days::days_at(store, owner, date, date, now).await?;
    let worked = days.first().map(|d| d.worked).unwrap_or(0);
    Ok(shown(open, worked))
}

fn shown(open: &OpenWorkItem, worked: i64) -> OpenWork {
    OpenWork {
        since: open.since.clone(),
        date: open.date,
        start_time: open.start_time,
        time_zone: open.time_zone.clone(),
        worked_minutes: worked,
    }
}

/// `GET /work/current`: the open period (settled first) with its net time and guard, or None.
pub async fn current_with_guard(
    store: &dyn Table,
    owner: &Owner,
    language: Language,
    now: DateTime<Utc>,
) -> AppResult<Option<CurrentWork>> {
    let Some(open) = settle(store, owner, now).await? else { return Ok(None) };
    Ok(Some(guarded(store, owner, &open, language, now).await?))
}

/// `POST /work/start`: clocks in (whatever the rest since the previous working day) and answers what `GET
/// /work/current` would answer now: the open period as written, its net time and the guard, whose `rest` says when
/// the start came before the rest was over.
pub async fn start_with_guard(
    store: &dyn Table,
    owner: &Owner,
    language: Language,
    input: &StartWorkInput,
    now: DateTime<Utc>,
) -> AppResult<CurrentWork> {
    let open = clock_in(store, owner, input, now).await?;
    if open.over_cap(now) {
        // A start sent more than 16 hours late is closed by the answer's own read: then there is nothing to guard.
        return Ok(CurrentWork { open: view(store, owner, &open, now).await?, guard: None });
    }
    guarded(store, owner, &open, language, now).await
}

/// An open period not past 16 hours, with the net time and guard of its day, read once.
async fn guarded(
    store: &dyn Table,
    owner: &Owner,
    open: &OpenWorkItem,
    language: Language,
    now: DateTime<Utc>,
) -> AppResult<CurrentWork> {
    let (worked, guard) = live_day::open_day(store, owner, open, language, now).await?;
    Ok(CurrentWork { open: shown(open, worked), guard })
}

pub async fn current(store: &dyn Table, owner: &Owner, now: DateTime<Utc>) -> AppResult<Option<OpenWork>> {
    match settle(store, owner, now).await? {
        Some(open) => Ok(Some(view(store, owner, &open, now).await?)),
        None => Ok(None),
    }
}

/// Clocks in and answers the open period with the day's net time (the guard's reads left out).
pub async fn start_work(
    store: &dyn Table,
    owner: &Owner,
    input: &StartWorkInput,
    now: DateTime<Utc>,
) -> AppResult<OpenWork> {
    let open = clock_in(store, owner, input, now).await?;
    view(store, owner, &open, now).await
}

/// The clock-in itself: the open period as written.
async fn clock_in(
    store: &dyn Table,
    owner: &Owner,
    input: &StartWorkInput,
    now: DateTime<Utc>,
) -> AppResult<OpenWorkItem> {
    let mut check = Check::new();
    let note = input.note.as_deref().unwrap_or("").trim().to_string();
    check.max_chars("note", &note, MAX_NOTE_CHARS, NOTE_TOO_LONG);
    check.finish()?;
    let at = device_time(input.at.as_deref(), now)?;
    settle(store, owner, now).await?;
    let local = owner.local_now(at);
    let open = OpenWorkItem {
        user_id: owner.user_id.clone(),
        team_id: owner.team_id.clone(),
        name: owner.name.clone(),
        since: timestamp(at),
        date: computed_day(local.date())?,
        start_time: ClockTime::from_time(local.time()),
        time_zone: owner.tz.name().to_string(),
        note,
    };
    // A clock started in a locked month could only end by writing into it.
    let date = open.date.date();
    lock::ensure_open(store, &owner.user_id, &[date]).await?;
    let mut ops = repo::start_ops(&open)?;
    ops.push(lock_repo::unlocked(&owner.user_id, date));
    if !repo::commit(store, ops).await? {
        return Err(lock::explain(store, &owner.user_id, &[date], AppError::Conflict(ALREADY_CLOCKED_IN.into())).await);
    }
    events::publish(Via::Store(store), RecordEvent::WorkStarted { owner: owner.clone(), open: open.clone(), now })
        .await;
    Ok(open)
}

pub async fn end_work(
    store: &dyn Table,
    owner: &Owner,
    input: &EndWorkInput,
    now: DateTime<Utc>,
) -> AppResult<WorkPeriod> {
    let ended = device_time(input.at.as_deref(), now)?;
    let open =
        repo::open_work(store, &owner.user_id).await?.ok_or_else(|| AppError::Conflict(NOT_CLOCKED_IN.into()))?;
    let since = open.since()?;
    if ended < since {
        return Err(AppError::field("at", END_BEFORE_START));
    }
    let auto = ended - since > Duration::minutes(model::MAX_PERIOD_MINUTES);
    close(store, owner, &open, ended, auto, now).await
}

/// Writes the period of an open one ended at `ended` (capped at 16 hours: then closed automatically, with a note).
///
/// A clock always ends, even in a month locked while it ran (older data, or an approval racing the clock): the part
/// inside the approved month is not written (it keeps its figures), the part after the month's end is the period,
/// from 00:00 of the next month's 1st; when nothing is left, the clock stops with no period and the answer is the
/// lock's 409, so the person knows the time was not recorded.
async fn close(
    store: &dyn Table,
    owner: &Owner,
    open: &OpenWorkItem,
    ended: DateTime<Utc>,
    auto: bool,
    now: DateTime<Utc>,
) -> AppResult<WorkPeriod> {
    let (mut start, mut end) = open.local_span(ended)?;
    if end - start < Duration::minutes(1) {
        end = start + Duration::minutes(1);
    }
    let mut days = lock::period_days(store, &owner.user_id, &[start.date()], None).await?;
    while let Some(month) = lock::first_locked(store, &owner.user_id, &days).await? {
        let next_month = start.date().with_day(1).and_then(|d| d.checked_add_months(Months::new(1)));
        match next_month.map(|d| d.and_time(NaiveTime::MIN)) {
            Some(after) if month == lock::month_of(start.date()) && after < end => {
                start = after;
                days = lock::period_days(store, &owner.user_id, &[start.date()], None).await?;
            }
            _ => return Err(stop_in_locked_month(store, owner, open, &month).await),
        }
    }
    let minutes = (end - start).num_minutes();
    let note = if auto { AUTO_CLOSED_NOTE.to_string() } else { open.note.clone() };
    let changes = if auto {
        vec![WorkChange {
            action: ChangeAction::Closed,
            by: owner.user_id.clone(),
            by_name: owner.name.clone(),
            at: timestamp(now),
            note: AUTO_CLOSED_NOTE.into(),
            previous: None,
        }]
    } else {
        Vec::new()
    };
    let period = WorkPeriod {
        id: new_id(now),
        user_id: owner.user_id.clone(),
        date: computed_day(start.date())?,
        start: ClockTime::from_time(start.time()),
        end: ClockTime::from_time(end.time()),
        minutes,
        next_day: end.date() > start.date(),
        note,
        source: Source::Clock,
        auto_closed: auto,
        changes,
        created_at: timestamp(now),
        updated_at: timestamp(now),
    };
    let mut ops = repo::close_ops(open, &period, &owner.team_id)?;
    ops.extend(lock_repo::unlocked_besides(&owner.user_id, &days, &[start.date()]));
    if !repo::commit(store, ops).await? {
        return match lock::first_locked(store, &owner.user_id, &days).await? {
            // Locked between the read and the write.
            Some(month) => Err(stop_in_locked_month(store, owner, open, &month).await),
            None => Err(AppError::Conflict(NOT_CLOCKED_IN.into())),
        };
    }
    let event = if auto {
        RecordEvent::WorkAutoClosed { owner: owner.clone(), period: period.clone(), since: open.since.clone(), now }
    } else {
        RecordEvent::WorkEnded { owner: owner.clone(), period: period.clone(), since: open.since.clone(), now }
    };
    events::publish(Via::Store(store), event).await;
    Ok(period)
}

/// Stops the clock of a period that can only be written into the locked `month`: the open period and its presence
/// items go, nothing is written, and the answer is the lock's 409.
async fn stop_in_locked_month(store: &dyn Table, owner: &Owner, open: &OpenWorkItem, month: &str) -> AppError {
    match repo::commit(store, repo::stop_ops(open, &owner.team_id)).await {
        Ok(true) => {
            tracing::info!(user = %owner.user_id, month, "clock in a locked month stopped, not recorded");
            lock::locked_in(month)
        }
        Ok(false) => AppError::Conflict(NOT_CLOCKED_IN.into()),
        Err(e) => e,
    }
}
