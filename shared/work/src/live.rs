//! Clocking in and out, like a live break: one open period at a time, taps carry the device's time `at` (within the
//! last 24 hours, not in the future), and a period left open is closed at 16 hours (`crate::open`: by the scheduled
//! job at that time, or when it is next touched, whichever comes first).
//!
//! The routes' entry points are here: [`start_with_guard`] (`POST /work/start`) and [`current_with_guard`] (`GET
//! /work/current`) answer the open period with the guard of the team's rules, each reading the open period once
//! and the day once (`rules::live_day::open_day`) for both the period's net time and the guard, and
//! [`end_with_summary`] (`POST /work/end`) answers the period with the day's summary under the rules.

use chrono::{DateTime, Duration, Utc};

use super::lock;
use super::model::{
    self, EndWorkInput, OpenWork, OpenWorkItem, StartWorkInput, WorkPeriod, ALREADY_CLOCKED_IN, MAX_NOTE_CHARS,
    NOTE_TOO_LONG, NOT_CLOCKED_IN,
};
use super::repo;
use super::repo::lock as lock_repo;
use crate::open::{close, settle};
use crate::rules::live_day::{self, CurrentWork, EndedWork};
use bt_core::error::{AppError, AppResult};
use bt_core::i18n::Language;
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::ClockTime;
use bt_core::validate::Check;
use bt_records::breaks::device_time;
use bt_records::dates::computed_day;
use bt_records::events::{self, RecordEvent, Via};
use bt_records::{timestamp, Owner};

pub const END_BEFORE_START: &str = "The end must be after the start of the working period.";

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
    app: &Services,
    owner: &Owner,
    language: Language,
    now: DateTime<Utc>,
) -> AppResult<Option<CurrentWork>> {
    let store = app.table();
    let Some(open) = settle(store, owner, now).await? else { return Ok(None) };
    Ok(Some(guarded(store, owner, &open, language, now).await?))
}

/// `POST /work/start`: clocks in (whatever the rest since the previous working day) and answers what `GET
/// /work/current` would answer now: the open period as written, its net time and the guard, whose `rest` says when
/// the start came before the rest was over.
pub async fn start_with_guard(
    app: &Services,
    owner: &Owner,
    language: Language,
    input: &StartWorkInput,
    now: DateTime<Utc>,
) -> AppResult<CurrentWork> {
    let store = app.table();
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

/// `POST /work/end`: clocks out and answers the day's summary under the team's rules.
pub async fn end_with_summary(
    app: &Services,
    owner: &Owner,
    language: Language,
    input: &EndWorkInput,
    now: DateTime<Utc>,
) -> AppResult<EndedWork> {
    let store = app.table();
    let period = end_work(store, owner, input, now).await?;
    let summary = live_day::day_summary(store, owner, period.date.date(), language, now).await?;
    Ok(EndedWork { period, summary })
}
