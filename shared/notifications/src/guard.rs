//! The live guard's messages: while a person works under the team's break and rest rules, they are warned before a
//! break falls due, before the longest stretch without one is full, and before the daily maximum.
//!
//! How it runs: clocking in and ending a live break (still clocked in) plan the person's next message: the first
//! limit ahead (`bt_work::rules::live_day::at_work`, the engine's `Upcoming`), filed on the due index at its
//! warning time (`Upcoming.warn`, the person's local time made an instant by `due::local_instant`), one item per person that each re-plan
//! replaces. Starting a live break and clocking out drop it. When it falls due the job claims it and checks again
//! (still that open period, not on a live break, the stage still ahead), marks the stage of that period sent only if
//! it was not (so it goes out at most once, whatever runs overlap), respects the switch and quiet hours, sends, and
//! plans the next stage. A stage due at the same minute as the one just sent (a break and the longest stretch, both
//! at 6 hours) is covered by that message.

use chrono::{DateTime, NaiveDateTime, Utc};
use serde::{Deserialize, Serialize};

use super::settings::ReminderKind;
use crate::repo;
use bt_core::error::AppResult;
use bt_core::i18n::english;
use bt_core::store::Table;
use bt_core::types::UserId;
use bt_records::Owner;
use bt_work::rules::engine::{Stage, Upcoming};
use bt_work::rules::live_day::{self, AtWork};

/// The page a guard message opens.
pub const PATH: &str = "/dashboard";
/// The push action that starts a live break (the service worker's `start-break`).
pub const START_BREAK: &str = "start-break";

/// A person's next guard message, as filed on the due index.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GuardPlan {
    pub user_id: UserId,
    /// The open period's start (RFC 3339 UTC): only that period is warned about.
    pub since: String,
    /// The stage's tag (`break1`, `break2`, `continuous`, `dailyMax`).
    pub stage: String,
    /// When it is due (RFC 3339 UTC): the stage's warning time, or the planning itself when that has passed.
    pub due: String,
}

/// The title of a stage's message (a catalogue entry).
pub fn title(upcoming: &Upcoming) -> &'static str {
    match upcoming.stage {
        Stage::Break(_) | Stage::Continuous if upcoming.overdue => english("Break due now"),
        Stage::Break(_) | Stage::Continuous => english("Break due soon"),
        Stage::DailyMax => english("Daily maximum soon"),
    }
}

/// The limit to warn about next: the first (by warning time) still ahead at `now` and, after a message, due later
/// than the one it was about (`after`). None on a live break or when nothing is ahead.
pub fn next_stage(at: &AtWork, after: Option<NaiveDateTime>, now: DateTime<Utc>) -> Option<&Upcoming> {
    if at.on_break {
        return None;
    }
    at.live
        .upcoming
        .iter()
        .filter(|u| after.is_none_or(|after| u.due > after) && (u.overdue || at.instant(u.due) > now))
        .min_by_key(|u| (u.warn, u.due))
}

/// The plan of a stage: due at its warning time, or now when that has passed.
pub fn plan_of(at: &AtWork, upcoming: &Upcoming, now: DateTime<Utc>) -> (GuardPlan, DateTime<Utc>) {
    let due = at.instant(upcoming.warn).max(now);
    let plan = GuardPlan {
        user_id: at.open.user_id.clone(),
        since: at.open.since.clone(),
        stage: upcoming.stage.tag(),
        due: due.to_rfc3339(),
    };
    (plan, due)
}

/// Files the next stage after `after` (or drops the plan when nothing is ahead).
pub async fn file_next(
    store: &dyn Table,
    at: &AtWork,
    after: Option<NaiveDateTime>,
    now: DateTime<Utc>,
) -> AppResult<()> {
    match next_stage(at, after, now) {
        Some(upcoming) => {
            let (plan, due) = plan_of(at, upcoming, now);
            repo::guard::file(store, &plan, due).await
        }
        None => repo::guard::drop(store, &at.open.user_id).await,
    }
}

/// Plans the person's next message from their day as it stands (nothing when they are not at work under rules).
pub async fn replan(store: &dyn Table, owner: &Owner, now: DateTime<Utc>) -> AppResult<()> {
    match live_day::at_work(store, owner, now).await? {
        Some(at) => file_next(store, &at, None, now).await,
        None => repo::guard::drop(store, &owner.user_id).await,
    }
}

async fn best_effort(what: &str, result: AppResult<()>) {
    if let Err(e) = result {
        tracing::warn!(error = %e, "break guard: {what}");
    }
}

/// Clocked in, or a live break ended: the next message is planned.
pub async fn work_resumed(store: &dyn Table, owner: &Owner, now: DateTime<Utc>) {
    best_effort("not planned", replan(store, owner, now).await).await;
}

/// A live break started, or the person clocked out: nothing is due meanwhile.
pub async fn work_paused(store: &dyn Table, user_id: &UserId) {
    best_effort("not dropped", repo::guard::drop(store, user_id).await).await;
}

/// Marks a stage of a period sent, only if it was not: true when it may be sent now.
pub async fn mark_sent_once(
    store: &dyn Table,
    at: &AtWork,
    stage: &str,
    now: DateTime<Utc>,
    ttl: i64,
) -> AppResult<bool> {
    repo::guard::mark_sent_once(store, &at.open.user_id, &at.open.since, stage, now, ttl).await
}

/// The kind of a guard message.
pub const KIND: ReminderKind = ReminderKind::BreakGuard;
