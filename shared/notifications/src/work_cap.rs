//! A work period left open is closed at 16 hours, on time, and its person is told once.
//!
//! Clocking in files the period's closing on the due index at its start plus 16 hours ([`WorkCap`], one per person
//! like the open period; clocking out drops it). When it falls due, the job asks the records layer to close the
//! period if it is still the one that began then and still open (`bt_work::open::close_left_open`, exactly
//! as a lazy close on the next touch does). Whichever closes it, the records publish `WorkAutoClosed`, and the
//! notice is filed here as a reminder keyed by the period's start and written only if absent: a period is never
//! announced twice, whether the job, the person's next touch, or both at once closed it.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use super::due;
use super::reminders::Reminder;
use super::settings::{self, ReminderKind};
use crate::repo;
use bt_core::error::AppResult;
use bt_core::i18n::{english, fill};
use bt_core::store::Table;
use bt_core::types::UserId;
use bt_records::work::{OpenWorkItem, WorkPeriod, MAX_PERIOD_MINUTES};
use bt_records::Owner;

/// The page the notice opens.
pub const PATH: &str = "/working-time";

/// The notice's body (a template of the catalogues: `translate` gives it in the person's language when it is sent).
const NOTICE_BODY: &str = "You clocked in on {date} at {time} and did not clock out, so the period was closed automatically after 16 hours. If you stopped earlier, correct it on that day.";

/// The scheduled closing of one open period, as filed on the due index.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WorkCap {
    pub user_id: UserId,
    /// The open period's start (RFC 3339 UTC): only that period is closed.
    pub since: String,
    /// When it is due (RFC 3339 UTC): the start plus 16 hours, or the clock-in itself for a start sent that late.
    pub due: String,
}

/// When a period that began at `since` is closed: 16 hours on, but never before `now` (a start sent late from the
/// device may already be over the cap, and the job only looks back a few minutes).
pub fn cap_due(since: DateTime<Utc>, now: DateTime<Utc>) -> DateTime<Utc> {
    (since + Duration::minutes(MAX_PERIOD_MINUTES)).max(now)
}

async fn best_effort(what: &str, result: AppResult<()>) {
    if let Err(e) = result {
        tracing::warn!(error = %e, "work period closing: {what}");
    }
}

/// Clocked in: the period's closing is filed.
pub async fn work_started(store: &dyn Table, open: &OpenWorkItem, now: DateTime<Utc>) {
    let result = async {
        let due = cap_due(open.since()?, now);
        let cap = WorkCap { user_id: open.user_id.clone(), since: open.since.clone(), due: due.to_rfc3339() };
        repo::work_cap::file(store, &cap, due).await
    };
    best_effort("not filed", result.await).await;
}

/// Clocked out of the period that began at `since`: its closing goes.
pub async fn work_ended(store: &dyn Table, user_id: &UserId, since: &str) {
    best_effort("not dropped", repo::work_cap::drop_for(store, user_id, since).await).await;
}

/// The notice of a closed period, in English (the job gives it in the person's language from the catalogue's
/// templates), due at `due`.
pub fn notice(owner: &Owner, period: &WorkPeriod, since: &str, due: DateTime<Utc>) -> Reminder {
    let values = [("date", period.date.to_string()), ("time", period.start.to_string())];
    let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
    Reminder {
        user_id: owner.user_id.clone(),
        kind: ReminderKind::WorkClosed,
        subject: since.to_string(),
        due: due.to_rfc3339(),
        guard: since.to_string(),
        title: english("Your working time was closed after 16 hours").into(),
        body: fill(NOTICE_BODY, &values),
        path: PATH.into(),
    }
}

/// A period was closed at 16 hours: its notice is filed once (a second closing event of the same period files
/// nothing), due now, or when the person's quiet hours end.
pub async fn work_auto_closed(store: &dyn Table, owner: &Owner, period: &WorkPeriod, since: &str, now: DateTime<Utc>) {
    let result = async {
        let settings = settings::load(store, &owner.user_id).await?;
        let due = match settings.quiet() {
            Some(quiet @ (_, to)) if due::in_quiet_hours(owner.tz, quiet, now) => due::next_daily(owner.tz, to, now),
            _ => now,
        };
        repo::work_cap::file_notice_once(store, &notice(owner, period, since, due)).await?;
        Ok(())
    };
    best_effort("notice not filed", result.await).await;
}

/// The notice item filed for the period that began at `since`, if it is there (the job sends it in the run that
/// closed the period).
pub async fn notice_item(store: &dyn Table, user_id: &UserId, since: &str) -> AppResult<Option<bt_core::store::Item>> {
    repo::work_cap::notice_item(store, user_id, ReminderKind::WorkClosed, since).await
}
