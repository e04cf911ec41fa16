//! The scheduled job (every minute: `scheduler-fn` on AWS, a task of the local server) and delivery to a person's
//! channels.
//!
//! At most once: each due reminder is claimed with a conditional write before anything is delivered (the claim takes
//! it off the due index, conditioned on the index key it was found under). Two overlapping runs, a retried run or a
//! run stopped half-way therefore never send one occurrence twice. The price is that a run stopped between the claim
//! and the delivery loses that one reminder; a duplicate "Still on break?" on every device is the worse failure for
//! a reminder, so the claim comes first.

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use serde_json::{json, Value};
use tokio::sync::Semaphore;

use super::guard::{self, GuardPlan};
use super::reminders::{self, Reminder};
use super::settings::{self, NotificationSettings, ReminderKind, Switch};
use super::work_cap::{self, WorkCap};
use super::{due, subscriptions, unsubscribe, PushOutcome};
use crate::repo;
use bt_accounts::users::{get_user, User};
use bt_core::codec::from_item;
use bt_core::error::AppResult;
use bt_core::i18n::{english, tr, translate, Language};
use bt_core::mail::notice_mail;
use bt_core::services::Services;
use bt_core::store::Item;
use bt_core::types::{RecordId, UserId};
use bt_records::{meetings, tasks, Owner};
use bt_work::rules::live_day;

/// How many minutes back a run catches up on when earlier runs were missed.
pub const CATCH_UP_MINUTES: i64 = 15;
/// Reminders handled at once by one run.
pub const CONCURRENCY: usize = 32;
/// How long a sent reminder's item stays (for support questions), then expires.
pub const KEEP_SENT_DAYS: i64 = 7;

/// One delivery attempt.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Delivery {
    pub kind: ReminderKind,
    pub user_id: UserId,
    /// `push` or `email`.
    pub channel: String,
    /// `delivered`, `gone` (the subscription was removed) or `failed: …`.
    pub outcome: String,
    pub title: String,
}

/// A due reminder not sent, and why.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Skipped {
    pub kind: ReminderKind,
    pub user_id: UserId,
    pub reason: String,
}

/// What one run did.
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RunReport {
    /// The instant the run took as now.
    pub now: String,
    /// The minutes (UTC, `YYYY-MM-DDTHH:MM`) whose reminders it looked for.
    pub minutes: Vec<String>,
    /// Reminders found due (including those another run had claimed).
    pub found: usize,
    pub sent: Vec<Delivery>,
    pub skipped: Vec<Skipped>,
    /// Team-chat webhook deliveries (events and daily posts).
    pub hooks: Vec<super::webhooks::HookSent>,
}

/// The scheduled run: every minute since the last finished run (at most [`CATCH_UP_MINUTES`]), then the cursor moves.
pub async fn run_scheduled(services: &Services, now: DateTime<Utc>) -> AppResult<RunReport> {
    let store = services.table();
    let this_minute = due::minute_of(now);
    let last = repo::job::last_minute(store)
        .await?
        .and_then(|m| chrono::NaiveDateTime::parse_from_str(&m, "%Y-%m-%dT%H:%M").ok())
        .map(|m| m.and_utc());
    let first = match last {
        Some(last) => (last + Duration::minutes(1)).max(this_minute - Duration::minutes(CATCH_UP_MINUTES)),
        None => this_minute,
    };
    let minutes = minutes_between(first, this_minute);
    let report = run_minutes(services, minutes, now).await?;
    repo::job::save_cursor(store, due::minute_key(this_minute)).await?;
    Ok(report)
}

/// A run as at `now` over the last [`CATCH_UP_MINUTES`] minutes, without the cursor (`POST /dev/scheduler/run`):
/// what was sent before is claimed already, so only what is due and unsent goes out. It also reads the next minute,
/// where an item due at once is filed (its due instant rounds up to the next whole minute, so that the scheduled
/// run after the write finds it); of that minute, only what is due by `now` goes out.
pub async fn run_at(services: &Services, now: DateTime<Utc>) -> AppResult<RunReport> {
    let this_minute = due::minute_of(now);
    let minutes =
        minutes_between(this_minute - Duration::minutes(CATCH_UP_MINUTES), this_minute + Duration::minutes(1));
    run_minutes(services, minutes, now).await
}

fn minutes_between(first: DateTime<Utc>, last: DateTime<Utc>) -> Vec<DateTime<Utc>> {
    let mut out = Vec::new();
    let mut minute = first;
    while minute <= last {
        out.push(minute);
        minute += Duration::minutes(1);
    }
    out
}

enum Outcome {
    Sent(Vec<Delivery>),
    Skipped(Skipped),
    Hook(Option<super::webhooks::HookSent>),
}

async fn run_minutes(services: &Services, minutes: Vec<DateTime<Utc>>, now: DateTime<Utc>) -> AppResult<RunReport> {
    let mut report = RunReport { now: now.to_rfc3339(), ..Default::default() };
    let mut found = Vec::new();
    for minute in &minutes {
        let key = due::minute_key(*minute);
        let mut shards = tokio::task::JoinSet::new();
        for shard in 0..due::SHARDS {
            let services = services.clone();
            let key = key.clone();
            shards.spawn(async move { reminders::due_in(services.table(), &key, shard).await });
        }
        while let Some(joined) = shards.join_next().await {
            let due = joined.map_err(|e| bt_core::AppError::Internal(e.into()))??;
            found.extend(due.into_iter().filter(|item| due_by(item, now)));
        }
        report.minutes.push(key);
    }
    report.found = found.len();
    let limit = Arc::new(Semaphore::new(CONCURRENCY));
    let mut work = tokio::task::JoinSet::new();
    for item in found {
        let services = services.clone();
        let limit = limit.clone();
        work.spawn(async move {
            let _permit = limit.acquire_owned().await;
            let outcome = handle_item(&services, &item, now).await;
            (item, outcome)
        });
    }
    while let Some(joined) = work.join_next().await {
        let (item, outcome) = joined.map_err(|e| bt_core::AppError::Internal(e.into()))?;
        match outcome {
            Ok(Outcome::Sent(deliveries)) => report.sent.extend(deliveries),
            Ok(Outcome::Skipped(skipped)) => report.skipped.push(skipped),
            Ok(Outcome::Hook(sent)) => report.hooks.extend(sent),
            Err(e) => {
                tracing::warn!(error = %e, sk = ?item.get(bt_core::store::SK), "due item failed");
                if let Ok(reminder) = from_item::<Reminder>(item) {
                    report.skipped.push(skip(&reminder, &format!("error: {e}")));
                }
            }
        }
    }
    if !report.sent.is_empty() || !report.hooks.is_empty() {
        tracing::info!(found = report.found, sent = report.sent.len(), hooks = report.hooks.len(), "scheduler run");
    }
    Ok(report)
}

/// Whether an item found under a minute is due at `now` (a run as at an earlier instant leaves later ones).
fn due_by(item: &Item, now: DateTime<Utc>) -> bool {
    item.get("due")
        .and_then(Value::as_str)
        .and_then(|d| DateTime::parse_from_rfc3339(d).ok())
        .is_none_or(|d| d.with_timezone(&Utc) <= now)
}

fn skip(reminder: &Reminder, reason: &str) -> Skipped {
    Skipped { kind: reminder.kind, user_id: reminder.user_id.clone(), reason: reason.into() }
}

/// Claims a due item: off the due index, conditioned on the index key it was found under. Only one run wins.
async fn claim(services: &Services, item: &Item, now: DateTime<Utc>) -> AppResult<bool> {
    let keep_until = (now + Duration::days(KEEP_SENT_DAYS)).timestamp();
    repo::job::claim(services.table(), item, now.to_rfc3339(), keep_until).await
}

async fn handle_item(services: &Services, item: &Item, now: DateTime<Utc>) -> AppResult<Outcome> {
    let entity = item.get("entity_type").and_then(Value::as_str).unwrap_or_default().to_string();
    match entity.as_str() {
        "webhook_delivery" | "webhook_daily" => {
            if !claim(services, item, now).await? {
                return Ok(Outcome::Hook(None));
            }
            let sent = if entity == "webhook_delivery" {
                super::webhooks::deliver(services, from_item(item.clone())?, now).await?
            } else {
                super::webhooks::post_daily(services, from_item(item.clone())?, now).await?
            };
            Ok(Outcome::Hook(sent))
        }
        "work_cap" => close_left_open(services, item, now).await,
        "break_guard" => guard_due(services, item, now).await,
        _ => handle_reminder(services, item, now).await,
    }
}

async fn handle_reminder(services: &Services, item: &Item, now: DateTime<Utc>) -> AppResult<Outcome> {
    let reminder: Reminder = from_item(item.clone())?;
    if !claim(services, item, now).await? {
        return Ok(Outcome::Skipped(skip(&reminder, "sent by another run")));
    }
    handle(services, &reminder, now).await
}

/// A work period's 16 hours are up: the records close it if it is still that period and still open, and the
/// notice its closing filed goes out in this run (unless quiet hours hold it back: then it is due when they end).
async fn close_left_open(services: &Services, item: &Item, now: DateTime<Utc>) -> AppResult<Outcome> {
    let cap: WorkCap = from_item(item.clone())?;
    let skipped = |reason: &str| {
        Outcome::Skipped(Skipped {
            kind: ReminderKind::WorkClosed,
            user_id: cap.user_id.clone(),
            reason: reason.into(),
        })
    };
    if !claim(services, item, now).await? {
        return Ok(skipped("closed by another run"));
    }
    let store = services.table();
    let Some(user) = get_user(store, &cap.user_id).await? else { return Ok(skipped("no such account")) };
    let owner = Owner::of(&user);
    if bt_work::open::close_left_open(store, &owner, &cap.since, now).await?.is_none() {
        return Ok(skipped("the period has ended"));
    }
    match work_cap::notice_item(store, &cap.user_id, &cap.since).await? {
        Some(notice) if due_by(&notice, now) => handle_reminder(services, &notice, now).await,
        Some(_) => Ok(skipped("quiet hours")),
        None => Ok(skipped("no notice filed")),
    }
}

/// A guard message falls due: checked again against the day as it stands (still that open period, not on a live
/// break, the stage still ahead), sent at most once per stage and period (the mark is written only if absent) on the
/// person's channels unless their switch or quiet hours hold it, then the next stage is planned.
async fn guard_due(services: &Services, item: &Item, now: DateTime<Utc>) -> AppResult<Outcome> {
    let plan: GuardPlan = from_item(item.clone())?;
    let skipped = |reason: &str| {
        Outcome::Skipped(Skipped { kind: guard::KIND, user_id: plan.user_id.clone(), reason: reason.into() })
    };
    if !claim(services, item, now).await? {
        return Ok(skipped("sent by another run"));
    }
    let store = services.table();
    let Some(user) = get_user(store, &plan.user_id).await? else { return Ok(skipped("no such account")) };
    let owner = Owner::of(&user);
    let Some(at) = live_day::at_work(store, &owner, now).await? else { return Ok(skipped("not at work")) };
    if at.open.since != plan.since {
        return Ok(skipped("the period has ended"));
    }
    if at.on_break {
        return Ok(skipped("on a break"));
    }
    let ahead = |u: &&bt_work::rules::engine::Upcoming| u.overdue || at.instant(u.due) > now;
    let Some(upcoming) = at.live.upcoming.iter().filter(ahead).find(|u| u.stage.tag() == plan.stage) else {
        guard::file_next(store, &at, None, now).await?;
        return Ok(skipped("no longer ahead"));
    };
    if at.instant(upcoming.warn) > now {
        // A break taken meanwhile moved it on: it waits for its new time.
        let (plan, due) = guard::plan_of(&at, upcoming, now);
        crate::repo::guard::file(store, &plan, due).await?;
        return Ok(skipped("moved"));
    }
    let settings = settings::load(store, &user.id).await?;
    let switch = settings.switch(guard::KIND);
    let after = Some(upcoming.due);
    if !switch.enabled {
        guard::file_next(store, &at, after, now).await?;
        return Ok(skipped("turned off"));
    }
    if quiet_now(&owner, &settings, now) {
        guard::file_next(store, &at, after, now).await?;
        return Ok(skipped("quiet hours"));
    }
    let keep_until = (now + Duration::days(KEEP_SENT_DAYS)).timestamp();
    if !guard::mark_sent_once(store, &at, &plan.stage, now, keep_until).await? {
        guard::file_next(store, &at, after, now).await?;
        return Ok(skipped("sent already"));
    }
    let language = user.language();
    let message = Message {
        kind: guard::KIND,
        tag: format!("{}-{}", guard::KIND.tag(), plan.stage),
        title: translate(language, guard::title(upcoming)),
        body: translate(language, &upcoming.message),
        path: guard::PATH.into(),
        action_label: english("Open Breaktime").into(),
        actions: vec![(guard::START_BREAK, english("Start break").into())],
    };
    let sent = deliver(services, &user, switch, &message).await;
    guard::file_next(store, &at, after, now).await?;
    Ok(Outcome::Sent(sent))
}

/// The break reminder's type in the reader's language: it is filed in English with the type as stored ("Your Coffee
/// Break started at ..."), and a default type reads "Kaffeepause" in German; a type the team named stays.
fn break_type_in(language: Language, body: String, reminder: &Reminder) -> String {
    let Some(stored) = reminder.body.strip_prefix("Your ").and_then(|rest| rest.split(" started at ").next()) else {
        return body;
    };
    body.replacen(stored, &bt_records::type_names::break_type_name(language, stored), 1)
}

async fn handle(services: &Services, reminder: &Reminder, now: DateTime<Utc>) -> AppResult<Outcome> {
    let store = services.table();
    let Some(user) = get_user(store, &reminder.user_id).await? else {
        return Ok(Outcome::Skipped(skip(reminder, "no such account")));
    };
    let owner = Owner::of(&user);
    let settings = settings::load(store, &user.id).await?;
    let language = user.language();
    let mut message = Message::of(reminder);
    match reminder.kind {
        ReminderKind::Break => {
            let open = bt_records::breaks::repo::BreakRepo::new(store).open_break(&user.id).await?;
            if open.is_none_or(|open| open.since != reminder.guard) {
                return Ok(Outcome::Skipped(skip(reminder, "the break has ended")));
            }
            // Filed in English when the break started (the catalogue's templates give it in the person's language).
            message.title = translate(language, &reminder.title);
            message.body = translate(language, &reminder.body);
            message.body = break_type_in(language, message.body, reminder);
            message.actions = vec![("end-break", english("End break now").into())];
            message.action_label = english("End it now").into();
            message.path = "/breaks?action=end-break".into();
        }
        ReminderKind::Meeting => {
            let id = RecordId::parse(&reminder.subject).ok();
            let meeting = match id {
                Some(id) => meetings::get_meeting(services, &owner, &id).await.ok(),
                None => None,
            };
            let Some(meeting) = meeting.filter(|m| reminders::meeting_guard(m) == reminder.guard) else {
                return Ok(Outcome::Skipped(skip(reminder, "the meeting was moved or deleted")));
            };
            (message.title, message.body) = reminders::meeting_words(&meeting, language);
        }
        ReminderKind::Agenda => {
            // The next day's agenda is filed before this one is delivered, so the chain survives a failed delivery.
            if let Some(next) = reminders::agenda_reminder(&owner, &settings, now) {
                reminders::put(store, &next).await?;
            }
            message.title = translate(language, &reminder.title);
            message.body = agenda_text(services, &owner, now, language).await?;
        }
        // Written in the person's language when they were filed.
        ReminderKind::LeaveRequested | ReminderKind::LeaveDecided | ReminderKind::MeetingInvitation => {}
        // Guard messages are never filed as reminders (see `guard_due`).
        ReminderKind::BreakGuard => return Ok(Outcome::Skipped(skip(reminder, "not a reminder"))),
        // Filed in English when the period was closed.
        ReminderKind::WorkClosed => {
            message.title = translate(language, &reminder.title);
            message.body = translate(language, &reminder.body);
        }
    }
    let switch = settings.switch(reminder.kind);
    if !switch.enabled {
        return Ok(Outcome::Skipped(skip(reminder, "turned off")));
    }
    if quiet_now(&owner, &settings, now) {
        return Ok(Outcome::Skipped(skip(reminder, "quiet hours")));
    }
    Ok(Outcome::Sent(deliver(services, &user, switch, &message).await))
}

fn quiet_now(owner: &Owner, settings: &NotificationSettings, now: DateTime<Utc>) -> bool {
    settings.quiet().is_some_and(|quiet| due::in_quiet_hours(owner.tz, quiet, now))
}

async fn agenda_text(services: &Services, owner: &Owner, now: DateTime<Utc>, language: Language) -> AppResult<String> {
    let today = owner.today(now);
    let store = services.table();
    let range = bt_records::DateRange { from: today, to: today };
    let mut meetings = meetings::meetings_in(store, &owner.user_id, range).await?;
    meetings.sort_by_key(|m| m.from);
    let tasks = tasks::tasks_on(services, &owner.user_id, today).await?;
    let mut lines = Vec::new();
    let meeting_word = tr(language, "Meeting", &[]);
    for m in meetings.iter().take(10) {
        let what = if m.description.trim().is_empty() { meeting_word.as_str() } else { m.description.trim() };
        lines.push(format!("{}–{} {}", m.from, m.to, what.chars().take(80).collect::<String>()));
    }
    let open_tasks: Vec<_> = tasks.iter().filter(|t| t.status.as_str() != "Completed").collect();
    for t in open_tasks.iter().take(10) {
        lines.push(tr(language, "Task: {title}", &[("title", &t.title.chars().take(80).collect::<String>())]));
    }
    if lines.is_empty() {
        return Ok(tr(language, "Nothing planned today.", &[]));
    }
    // A whole sentence for each way the counts read (a catalogue translates sentences, not pieces of them).
    let head = tr(
        language,
        match (meetings.len() == 1, open_tasks.len() == 1) {
            (true, true) => "1 meeting and 1 open task today.",
            (true, false) => "1 meeting and {tasks} open tasks today.",
            (false, true) => "{meetings} meetings and 1 open task today.",
            (false, false) => "{meetings} meetings and {tasks} open tasks today.",
        },
        &[("meetings", &meetings.len().to_string()), ("tasks", &open_tasks.len().to_string())],
    );
    Ok(format!("{head}\n{}", lines.join("\n")))
}

/// What a person is told, on every channel.
#[derive(Debug, Clone)]
pub struct Message {
    pub kind: ReminderKind,
    pub tag: String,
    pub title: String,
    pub body: String,
    /// The app page a tap or the mail's button opens.
    pub path: String,
    pub action_label: String,
    /// Notification action buttons (`action`, `title`).
    pub actions: Vec<(&'static str, String)>,
}

impl Message {
    pub fn of(reminder: &Reminder) -> Message {
        Message {
            kind: reminder.kind,
            tag: format!("{}-{}", reminder.kind.tag(), reminder.subject),
            title: reminder.title.clone(),
            body: reminder.body.clone(),
            path: reminder.path.clone(),
            action_label: english("Open Breaktime").into(),
            actions: Vec::new(),
        }
    }

    /// The button and action words in `language` (the title and body are the sender's: written in the person's
    /// language already).
    pub fn with_words_in(mut self, language: Language) -> Message {
        self.action_label = translate(language, &self.action_label);
        for (_, title) in &mut self.actions {
            *title = translate(language, title);
        }
        self
    }

    /// The push payload the service worker reads (kept well under the 4 KiB a push may carry).
    pub fn payload(&self) -> Vec<u8> {
        let body: String = self.body.chars().take(1000).collect();
        let actions: Vec<Value> = self.actions.iter().map(|(a, t)| json!({ "action": a, "title": t })).collect();
        json!({ "title": self.title, "body": body, "url": self.path, "tag": self.tag, "kind": self.kind, "actions": actions })
            .to_string()
            .into_bytes()
    }
}

/// Sends a message on the person's channels that are on: every subscribed browser, and mail (with a one-click
/// unsubscribe for its kind). A subscription the push service no longer knows is removed.
pub async fn deliver(services: &Services, user: &User, switch: Switch, message: &Message) -> Vec<Delivery> {
    let message = &message.clone().with_words_in(user.language());
    let mut out = Vec::new();
    let record = |channel: &str, outcome: String| Delivery {
        kind: message.kind,
        user_id: user.id.clone(),
        channel: channel.into(),
        outcome,
        title: message.title.clone(),
    };
    if switch.push && services.outbound.vapid_public_key().is_some() {
        match subscriptions::list(services.table(), &user.id).await {
            Ok(subs) => {
                let payload = message.payload();
                for sub in subs {
                    let outcome = services.outbound.push(&sub.subscription, &payload).await;
                    if outcome == PushOutcome::Gone {
                        if let Err(e) = subscriptions::unsubscribe(services, &user.id, &sub.subscription.endpoint).await
                        {
                            tracing::warn!(error = %e, "gone subscription not removed");
                        }
                    }
                    out.push(record("push", outcome.label()));
                }
            }
            Err(e) => out.push(record("push", format!("failed: {e}"))),
        }
    }
    if switch.email {
        let outcome = match services.mailer.send(reminder_mail(services, user, message)).await {
            Ok(()) => "delivered".to_string(),
            Err(e) => format!("failed: {e}"),
        };
        out.push(record("email", outcome));
    }
    out
}

/// A reminder's mail: the message, a button to the page, and the one-click unsubscribe for its kind.
pub fn reminder_mail(services: &Services, user: &User, message: &Message) -> bt_core::mail::Mail {
    let config = &services.config;
    // A kind without a switch of its own unsubscribes from the kind that governs it.
    let token = unsubscribe::token(&config.jwt_secret, &user.id, message.kind.governed_by());
    let page = format!("{}/unsubscribe?token={token}", config.app_url);
    let link = format!("{}{}", config.app_url, message.path);
    let language = user.language();
    let mut mail =
        notice_mail(language, user.email.as_str(), &message.title, &message.body, &message.action_label, &link);
    if message.kind == ReminderKind::MeetingInvitation && !message.actions.is_empty() {
        answer_links(&mut mail, language, &link, &message.actions);
    }
    let footer = tr(language, unsubscribe_footer(message.kind), &[]);
    mail.text = format!("{}\n\n{footer} {page}", mail.text);
    let esc = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
    mail.html = format!(
        "{}<p style=\"font-size:12px\">{} <a href=\"{}\">{}</a></p>",
        mail.html,
        esc(&footer),
        esc(&page),
        esc(&tr(language, "Unsubscribe", &[]))
    );
    mail.unsubscribe = Some(format!("{}/notifications/unsubscribe?token={token}", config.api_url));
    mail
}

/// An invitation's Yes and No in its mail: links that open the meeting in the app with the answer in the address
/// (`&answer=yes`), which the signed-in app sends (see `meeting_notices`).
fn answer_links(mail: &mut bt_core::mail::Mail, language: Language, link: &str, actions: &[(&'static str, String)]) {
    let esc = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
    let intro = tr(language, "Answer in Breaktime:", &[]);
    let links: Vec<(String, &str)> = actions
        .iter()
        .filter_map(|(action, title)| {
            let answer = action.strip_prefix("meeting-")?;
            Some((format!("{link}&answer={answer}"), title.as_str()))
        })
        .collect();
    let text: Vec<String> = links.iter().map(|(url, title)| format!("{title}: {url}")).collect();
    mail.text = format!("{}\n\n{intro}\n{}", mail.text, text.join("\n"));
    let html: Vec<String> =
        links.iter().map(|(url, title)| format!("<a href=\"{}\">{}</a>", esc(url), esc(title))).collect();
    mail.html = format!("{}<p>{} {}</p>", mail.html, esc(&intro), html.join(" · "));
}

/// Why a reminder's mail came, and how to stop it, for each kind (whole sentences for the catalogues).
fn unsubscribe_footer(kind: ReminderKind) -> &'static str {
    english(match kind.governed_by() {
        ReminderKind::Break | ReminderKind::WorkClosed => {
            "You get this because break reminders are on in your settings. Stop these mails:"
        }
        ReminderKind::Meeting => "You get this because meeting reminders are on in your settings. Stop these mails:",
        ReminderKind::Agenda => "You get this because the daily agenda are on in your settings. Stop these mails:",
        ReminderKind::LeaveRequested => {
            "You get this because leave requests to approve are on in your settings. Stop these mails:"
        }
        ReminderKind::LeaveDecided => {
            "You get this because decisions on your leave requests are on in your settings. Stop these mails:"
        }
        ReminderKind::BreakGuard => {
            "You get this because break and rest warnings are on in your settings. Stop these mails:"
        }
        ReminderKind::MeetingInvitation => {
            "You get this because meeting invitations are on in your settings. Stop these mails:"
        }
    })
}

/// A notice sent right after the write that causes it (a leave requested or decided), in the person's settings and
/// language (`notice` gives its title and body in a language). Inside quiet hours it is filed for the end of them,
/// and the job sends it then. Failures are logged: the write stands.
pub async fn notify_now(
    services: &Services,
    user_id: &UserId,
    kind: ReminderKind,
    notice: &(dyn Fn(Language) -> (String, String) + Sync),
    path: &str,
) {
    notify_now_with(services, user_id, kind, notice, path, Vec::new()).await
}

/// [`notify_now`] with action buttons (`action`, English title): a push shows them, an invitation's mail links them.
/// A notice held back by quiet hours goes out later without them.
pub async fn notify_now_with(
    services: &Services,
    user_id: &UserId,
    kind: ReminderKind,
    notice: &(dyn Fn(Language) -> (String, String) + Sync),
    path: &str,
    actions: Vec<(&'static str, String)>,
) {
    let result: AppResult<()> = async {
        let store = services.table();
        let now = services.clock.now();
        let Some(user) = get_user(store, user_id).await? else { return Ok(()) };
        let settings = settings::load(store, user_id).await?;
        let switch = settings.switch(kind);
        if !switch.enabled || !(switch.push || switch.email) {
            return Ok(());
        }
        let (title, body) = notice(user.language());
        let reminder = Reminder {
            user_id: user_id.clone(),
            kind,
            subject: bt_records::new_id(now).to_string(),
            due: now.to_rfc3339(),
            guard: String::new(),
            title,
            body,
            path: path.into(),
        };
        let owner = Owner::of(&user);
        if let Some((_, to)) = settings.quiet().filter(|_| quiet_now(&owner, &settings, now)) {
            let later = Reminder { due: due::next_daily(owner.tz, to, now).to_rfc3339(), ..reminder };
            return reminders::put(store, &later).await;
        }
        let message = Message { actions, ..Message::of(&reminder) };
        deliver(services, &user, switch, &message).await;
        Ok(())
    }
    .await;
    if let Err(e) = result {
        tracing::warn!(error = %e, ?kind, "notice not sent");
    }
}

#[cfg(test)]
mod break_type_tests {
    use super::*;

    #[test]
    fn the_break_reminder_names_a_default_type_in_the_readers_language() {
        let reminder = |body: &str| Reminder {
            user_id: UserId::parse("01HZX3Y8Q2W5E7R9T1V3B5N7M9").unwrap(),
            kind: ReminderKind::Break,
            subject: String::new(),
            due: String::new(),
            guard: String::new(),
            title: "Still on break?".into(),
            body: body.into(),
            path: "/breaks".into(),
        };
        let coffee = reminder("Your Coffee Break started at 10:15 (15 minutes ago).");
        let shown = break_type_in(Language::De, translate(Language::De, &coffee.body), &coffee);
        assert_eq!(shown, "Deine Pause (Kaffeepause) hat um 10:15 begonnen (vor 15 Minuten).");
        let own = reminder("Your Standup walk started at 10:15 (15 minutes ago).");
        let shown = break_type_in(Language::De, translate(Language::De, &own.body), &own);
        assert_eq!(shown, "Deine Pause (Standup walk) hat um 10:15 begonnen (vor 15 Minuten).");
    }
}
