//! The open period and how it ends: a period left open is closed at 16 hours, by the scheduled job at that time
//! ([`close_left_open`], filed by the notifications layer on `WorkStarted`) or when it is next touched ([`settle`]),
//! and every end (the person's, or the cap's) is written by one function ([`close`]), which keeps an approved month
//! as it was. The day views and the rules read the open period through [`settle`]; clocking in and out
//! (`crate::live`) builds on this module.

use chrono::{DateTime, Datelike, Duration, Months, NaiveTime, Utc};

use super::lock;
use super::model::{
    self, ChangeAction, OpenWorkItem, Source, WorkChange, WorkPeriod, AUTO_CLOSED_NOTE, NOT_CLOCKED_IN,
};
use super::repo;
use super::repo::lock as lock_repo;
use bt_core::error::{AppError, AppResult};
use bt_core::store::Table;
use bt_core::types::ClockTime;
use bt_records::dates::computed_day;
use bt_records::events::{self, RecordEvent, Via};
use bt_records::{new_id, timestamp, Owner};

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

/// Writes the period of an open one ended at `ended` (capped at 16 hours: then closed automatically, with a note).
///
/// A clock always ends, even in a month locked while it ran (older data, or an approval racing the clock): the part
/// inside the approved month is not written (it keeps its figures), the part after the month's end is the period,
/// from 00:00 of the next month's 1st; when nothing is left, the clock stops with no period and the answer is the
/// lock's 409, so the person knows the time was not recorded.
pub(crate) async fn close(
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
