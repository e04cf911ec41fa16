//! Reminder items: put when a write makes a reminder due, removed when its reason goes (a break ended, a meeting
//! deleted). Each is one item per occurrence (`keys::reminder`), so a moved meeting replaces its reminder.
//!
//! Scheduling is a courtesy of the write that causes it: a failure is logged and the write stands. The job checks
//! again before sending (the break still open, the meeting still at that time), so a reminder left behind by a
//! failed removal is never sent.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use super::due;
use super::settings::{self, NotificationSettings, ReminderKind};
use bt_core::error::AppResult;
use bt_core::i18n::{english, fill, tr, Language};
use bt_core::store::Table;
use bt_core::types::UserId;
use bt_records::breaks::repo::BreakRepo;
use bt_records::breaks::OpenBreak;
use bt_records::meetings::Meeting;
use bt_records::Owner;

/// The subject of the live-break reminder: a person has at most one open break.
pub const LIVE_BREAK: &str = "live";
/// The subject of the daily agenda.
pub const DAILY: &str = "daily";

/// One reminder waiting for its minute.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Reminder {
    pub user_id: UserId,
    pub kind: ReminderKind,
    /// A record id, [`LIVE_BREAK`] or [`DAILY`] (with the kind, it names the occurrence's item).
    pub subject: String,
    /// When it is due (RFC 3339 UTC).
    pub due: String,
    /// What must still hold when it is sent: the open break's `since`, or the meeting's `date#from`.
    #[serde(default)]
    pub guard: String,
    pub title: String,
    pub body: String,
    /// The page a tap opens (`/breaks`, `/meetings`).
    pub path: String,
}

impl Reminder {
    pub fn due_at(&self) -> Option<DateTime<Utc>> {
        DateTime::parse_from_rfc3339(&self.due).ok().map(|t| t.with_timezone(&Utc))
    }
}

pub use crate::repo::reminders::{delete as cancel, due_in, due_index, reminder_item, save as put};

async fn best_effort(what: &str, result: AppResult<()>) {
    if let Err(e) = result {
        tracing::warn!(error = %e, "reminder not scheduled: {what}");
    }
}

// ---- what writes call --------------------------------------------------------------------------------------------

pub fn break_reminder(open: &OpenBreak, settings: &NotificationSettings) -> Option<Reminder> {
    let minutes = settings.break_reminder.minutes;
    if !settings.break_reminder.enabled {
        return None;
    }
    let since = DateTime::parse_from_rfc3339(&open.since).ok()?.with_timezone(&Utc);
    Some(Reminder {
        user_id: open.user_id.clone(),
        kind: ReminderKind::Break,
        subject: LIVE_BREAK.into(),
        due: (since + Duration::minutes(i64::from(minutes))).to_rfc3339(),
        guard: open.since.clone(),
        // In English: the job gives it in the person's language (the catalogue's template) when it is sent.
        title: english("Still on break?").into(),
        body: fill(
            "Your {type} started at {time} ({minutes} minutes ago).",
            &[("type", &open.break_type), ("time", &open.start_time.to_string()), ("minutes", &minutes.to_string())],
        ),
        path: "/breaks".into(),
    })
}

/// A live break started: its "Still on break?" reminder.
pub async fn break_started(store: &dyn Table, open: &OpenBreak) {
    let result = async {
        let settings = settings::load(store, &open.user_id).await?;
        match break_reminder(open, &settings) {
            Some(reminder) => put(store, &reminder).await,
            None => Ok(()),
        }
    };
    best_effort("break started", result.await).await;
}

/// The live break ended: its reminder goes.
pub async fn break_ended(store: &dyn Table, user_id: &UserId) {
    best_effort("break ended", cancel(store, user_id, ReminderKind::Break, LIVE_BREAK).await).await;
}

/// When a meeting starts, in its owner's zone.
pub fn meeting_start(owner: &Owner, meeting: &Meeting) -> Option<DateTime<Utc>> {
    Some(due::local_instant(meeting.zone(owner.tz), meeting.schedule_date.date(), meeting.from.time()))
}

pub fn meeting_guard(meeting: &Meeting) -> String {
    format!("{}#{}", meeting.schedule_date, meeting.from)
}

pub fn meeting_reminder(
    owner: &Owner,
    meeting: &Meeting,
    settings: &NotificationSettings,
    now: DateTime<Utc>,
) -> Option<Reminder> {
    if !settings.meeting_reminder.enabled {
        return None;
    }
    let minutes = settings.meeting_reminder.minutes;
    let start = meeting_start(owner, meeting)?;
    // A meeting already under way gets no reminder; one starting sooner than N minutes from now gets it at once.
    if start <= now {
        return None;
    }
    let due = (start - Duration::minutes(i64::from(minutes))).max(now);
    let (title, body) = meeting_words(meeting, Language::En);
    Some(Reminder {
        user_id: owner.user_id.clone(),
        kind: ReminderKind::Meeting,
        subject: meeting.id.to_string(),
        due: due.to_rfc3339(),
        guard: meeting_guard(meeting),
        title,
        body,
        path: "/meetings".into(),
    })
}

/// A meeting reminder's title and body in `language` (filed in English, sent in the person's language).
pub fn meeting_words(meeting: &Meeting, language: Language) -> (String, String) {
    let what = [&meeting.title, &meeting.description]
        .into_iter()
        .map(|t| t.trim())
        .find(|t| !t.is_empty())
        .map(str::to_string)
        .unwrap_or_else(|| tr(language, "Meeting", &[]));
    let what: String = what.chars().take(120).collect();
    let (from, to) = (meeting.from.to_string(), meeting.to.to_string());
    (
        tr(language, "Meeting at {time}", &[("time", &from)]),
        tr(language, "{what}, {from} to {to}.", &[("what", &what), ("from", &from), ("to", &to)]),
    )
}

/// A meeting added or edited: its reminder at the (new) time, or none.
pub async fn meeting_saved(store: &dyn Table, owner: &Owner, meeting: &Meeting, now: DateTime<Utc>) {
    let result = async {
        let settings = settings::load(store, &owner.user_id).await?;
        match meeting_reminder(owner, meeting, &settings, now) {
            Some(reminder) => put(store, &reminder).await,
            None => cancel(store, &owner.user_id, ReminderKind::Meeting, meeting.id.as_ref()).await,
        }
    };
    best_effort("meeting saved", result.await).await;
}

pub async fn meeting_deleted(store: &dyn Table, user_id: &UserId, meeting: &Meeting) {
    best_effort("meeting deleted", cancel(store, user_id, ReminderKind::Meeting, meeting.id.as_ref()).await).await;
}

/// The next daily agenda after `after`.
pub fn agenda_reminder(owner: &Owner, settings: &NotificationSettings, after: DateTime<Utc>) -> Option<Reminder> {
    if !settings.daily_agenda.enabled {
        return None;
    }
    let due = due::next_daily(owner.tz, settings.agenda_time(), after);
    Some(Reminder {
        user_id: owner.user_id.clone(),
        kind: ReminderKind::Agenda,
        subject: DAILY.into(),
        due: due.to_rfc3339(),
        guard: String::new(),
        // In English: the job writes the agenda in the person's language when it is sent.
        title: english("Your day").into(),
        body: String::new(),
        path: "/dashboard".into(),
    })
}

/// Settings changed: the open break's, the upcoming meetings' and the agenda's reminders follow them.
pub async fn reschedule(
    store: &dyn Table,
    owner: &Owner,
    settings: &NotificationSettings,
    now: DateTime<Utc>,
) -> AppResult<()> {
    match BreakRepo::new(store).open_break(&owner.user_id).await? {
        Some(open) => match break_reminder(&open, settings) {
            Some(reminder) if reminder.due_at().is_some_and(|due| due > now) => put(store, &reminder).await?,
            _ => cancel(store, &owner.user_id, ReminderKind::Break, LIVE_BREAK).await?,
        },
        None => cancel(store, &owner.user_id, ReminderKind::Break, LIVE_BREAK).await?,
    }
    match agenda_reminder(owner, settings, now) {
        Some(reminder) => put(store, &reminder).await?,
        None => cancel(store, &owner.user_id, ReminderKind::Agenda, DAILY).await?,
    }
    // Meetings of the coming weeks (a bounded read); later ones get theirs when edited or when settings change again.
    let today = owner.today(now);
    let range = bt_records::DateRange { from: today, to: today + Duration::days(RESCHEDULE_DAYS) };
    for meeting in bt_records::meetings::meetings_in(store, &owner.user_id, range).await? {
        match meeting_reminder(owner, &meeting, settings, now) {
            Some(reminder) => put(store, &reminder).await?,
            None => cancel(store, &owner.user_id, ReminderKind::Meeting, meeting.id.as_ref()).await?,
        }
    }
    Ok(())
}

/// How far ahead a settings change re-files meeting reminders.
pub const RESCHEDULE_DAYS: i64 = 60;
