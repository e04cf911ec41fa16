//! Team-chat webhooks: admins add incoming-webhook URLs (Slack-compatible, Microsoft Teams, or a generic JSON signed
//! with HMAC-SHA256) and choose events. Events are filed as deliveries on the due index and posted by the reminder
//! job within the minute, at least once, each with an id a receiver uses to drop repeats; a failed delivery is tried
//! again with growing pauses, and the hook keeps its last delivery for the admin page.

use base64::Engine;
use bt_accounts::audit::{Action, Entry};
use chrono::{DateTime, Duration, Timelike, Utc};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::due;
use super::outbound::HookEvent;
use crate::repo;
use bt_accounts::users::User;
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::TeamId;
use bt_core::validate::Check;
use bt_records::dates::{format_time, parse_time};

pub const LEAVE_APPROVED: &str = "leave.approved";
pub const DAILY_ABSENCES: &str = "daily.absences";
pub const BREAK_STARTED: &str = "break.started";
pub const BREAK_ENDED: &str = "break.ended";
pub const WORK_STARTED: &str = "work.started";
pub const WORK_ENDED: &str = "work.ended";
pub const EVENTS: [&str; 6] = [LEAVE_APPROVED, DAILY_ABSENCES, BREAK_STARTED, BREAK_ENDED, WORK_STARTED, WORK_ENDED];
pub const FORMATS: [&str; 3] = ["slack", "teams", "generic"];
pub const MAX_HOOKS: usize = 10;
pub const MAX_URL_CHARS: usize = 2000;
/// Tries of one delivery, and the pause before each retry (minutes).
pub const MAX_ATTEMPTS: u32 = 6;
pub const BACKOFF_MINUTES: [i64; 5] = [1, 5, 15, 60, 240];

/// The last delivery of a hook.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LastDelivery {
    pub at: String,
    pub event: String,
    pub event_id: String,
    pub ok: bool,
    /// The receiver's HTTP status, when it answered.
    pub status: Option<u16>,
    /// "HTTP 200", "HTTP 500", "timed out", "address refused: not public"...
    pub message: String,
    /// Which try this was (1 to 6).
    pub attempt: u32,
    /// When the next try goes, after a failure that will be retried.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_attempt: Option<String>,
}

/// A team's webhook as admins see it (never with its secret).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Webhook {
    #[serde(rename = "_id")]
    pub id: String,
    pub url: String,
    /// `slack`, `teams` or `generic`.
    pub format: String,
    /// Of `leave.approved`, `daily.absences`, `break.started`, `break.ended`, `work.started`, `work.ended`.
    pub events: Vec<String>,
    /// When `daily.absences` posts who is off, local `HH:MM` in `timeZone`.
    pub daily_at: String,
    pub time_zone: String,
    pub created_at: String,
    pub last_delivery: Option<LastDelivery>,
}

/// A hook as stored: with its secret.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredHook {
    #[serde(flatten)]
    hook: Webhook,
    secret: String,
}

/// The answer to adding a hook: the only time its signing secret is shown.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CreatedWebhook {
    #[serde(flatten)]
    pub webhook: Webhook,
    /// `Breaktime-Signature` key of generic hooks (shown once; keep it in the receiver).
    pub secret: String,
}

/// The body of `POST /admin/webhooks`.
#[derive(Debug, Clone, Default)]
pub struct WebhookInput {
    /// The incoming-webhook URL (https, public address).
    pub url: Option<String>,
    /// `slack` (also Mattermost, Rocket.Chat, Discord's `/slack`), `teams` or `generic`.
    pub format: Option<String>,
    pub events: Option<Vec<String>>,
    /// `HH:MM` for `daily.absences` (default 09:00), in the admin's time zone.
    pub daily_at: Option<String>,
}

fn new_secret() -> String {
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    format!("whsec_{}", base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes))
}

pub async fn list(app: &Services, team_id: &TeamId) -> AppResult<Vec<Webhook>> {
    let store = app.table();
    Ok(stored_hooks(store, team_id).await?.into_iter().map(|s| s.hook).collect())
}

async fn stored_hooks(store: &dyn Table, team_id: &TeamId) -> AppResult<Vec<StoredHook>> {
    repo::webhooks::of_team(store, team_id).await
}

async fn load(store: &dyn Table, team_id: &TeamId, id: &str) -> AppResult<Option<StoredHook>> {
    repo::webhooks::find(store, team_id, id).await
}

/// Adds a hook to the admin's team; the answer shows its secret once.
pub async fn add(
    services: &Services,
    admin: &User,
    input: &WebhookInput,
    now: DateTime<Utc>,
) -> AppResult<CreatedWebhook> {
    admin.require_admin()?;
    let mut check = Check::new();
    let url = input.url.as_deref().unwrap_or("").trim().to_string();
    check.required("url", &url, "The webhook URL is required.");
    check.rule("url", url.len() <= MAX_URL_CHARS, "The URL is too long.");
    let format = input.format.as_deref().unwrap_or("").trim().to_ascii_lowercase();
    check.rule("format", FORMATS.contains(&format.as_str()), "Choose slack, teams or generic.");
    let mut events: Vec<String> =
        input.events.clone().unwrap_or_default().iter().map(|e| e.trim().to_string()).collect();
    events.sort();
    events.dedup();
    check.rule("events", !events.is_empty(), "Choose at least one event.");
    check.rule(
        "events",
        events.iter().all(|e| EVENTS.contains(&e.as_str())),
        "Events are leave.approved, daily.absences, break.started, break.ended, work.started and work.ended.",
    );
    let daily_at = match input.daily_at.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => "09:00".to_string(),
        Some(t) => match parse_time(t) {
            Some(t) => format_time(t),
            None => {
                check.fail("dailyAt", "Give a time as HH:MM, such as 09:00.");
                String::new()
            }
        },
    };
    check.finish()?;
    services.outbound.check_url(&url).await.map_err(|message| AppError::field("url", message))?;
    let store = services.table();
    if stored_hooks(store, &admin.team_id).await?.len() >= MAX_HOOKS {
        return Err(AppError::field("url", format!("A team can have at most {MAX_HOOKS} webhooks.")));
    }
    let hook = Webhook {
        id: bt_records::new_id(now).to_string(),
        url,
        format,
        events,
        daily_at,
        time_zone: admin.time_zone.clone(),
        created_at: bt_records::timestamp(now),
        last_delivery: None,
    };
    let stored = StoredHook { hook: hook.clone(), secret: new_secret() };
    let logged = Entry::by(admin, Action::WebhookCreated, now)
        .about(format!("{} ({})", redacted(&hook.url), hook.format))
        .change(None::<&Value>, Some(&serde_json::json!({ "format": hook.format, "events": hook.events })));
    repo::webhooks::insert(store, &admin.team_id, &hook.id, &stored, &logged).await?;
    if hook.events.iter().any(|e| e == DAILY_ABSENCES) {
        file_daily(store, &admin.team_id, &hook, now).await?;
    }
    Ok(CreatedWebhook { webhook: hook, secret: stored.secret })
}

pub async fn remove(app: &Services, admin: &User, id: &str, now: DateTime<Utc>) -> AppResult<()> {
    let store = app.table();
    admin.require_admin()?;
    let hook = stored_hooks(store, &admin.team_id).await?.into_iter().find(|h| h.hook.id == id);
    let Some(hook) = hook else { return Err(AppError::NotFound("Webhook not found.".into())) };
    let logged = Entry::by(admin, Action::WebhookRemoved, now).about(format!(
        "{} ({})",
        redacted(&hook.hook.url),
        hook.hook.format
    ));
    if !repo::webhooks::delete(store, &admin.team_id, id, &logged).await? {
        return Err(AppError::NotFound("Webhook not found.".into()));
    }
    repo::webhooks::delete_daily(store, &admin.team_id, id).await?;
    Ok(())
}

/// A hook's address as the audit log keeps it: scheme, host and port, never the path (chat webhooks carry their
/// secret in it).
fn redacted(url: &str) -> String {
    match url.split_once("://") {
        Some((scheme, rest)) => format!("{scheme}://{}/…", rest.split(['/', '?', '#']).next().unwrap_or("")),
        None => "…".into(),
    }
}

/// A hook's next daily post, as filed on the due index.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DailyPost {
    pub team_id: TeamId,
    pub hook_id: String,
    pub due: String,
}

async fn file_daily(store: &dyn Table, team_id: &TeamId, hook: &Webhook, after: DateTime<Utc>) -> AppResult<()> {
    let tz: chrono_tz::Tz = hook.time_zone.parse().unwrap_or(chrono_tz::UTC);
    let at = parse_time(&hook.daily_at).unwrap_or_default();
    let due = due::next_daily(tz, at, after);
    let post = DailyPost { team_id: team_id.clone(), hook_id: hook.id.clone(), due: due.to_rfc3339() };
    repo::webhooks::file_daily(store, &post, due).await
}

/// One event waiting for delivery to one hook.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HookDelivery {
    pub team_id: TeamId,
    pub hook_id: String,
    pub event: HookEvent,
    pub attempt: u32,
    pub due: String,
}

async fn file_delivery(store: &dyn Table, delivery: &HookDelivery, due: DateTime<Utc>) -> AppResult<()> {
    repo::webhooks::file_delivery(store, delivery, due).await
}

/// Break events one member may post to the team's hooks in one minute; the rest of that minute's are summed up in
/// one post at its end ("… started or ended a break 7 more times"), not dropped and not posted one by one.
pub const BREAK_EVENTS_PER_MINUTE: i64 = 4;
/// The kind of that summing-up post.
pub const BREAK_EVENTS_HELD: &str = "break.events";

/// Something happened in a team: each of its hooks that chose this event gets a delivery, posted by the job within
/// the minute. A courtesy of the write that caused it: failures are logged.
pub async fn emit(store: &dyn Table, team_id: &TeamId, kind: &str, text: String, data: Value, now: DateTime<Utc>) {
    let result: AppResult<()> = async {
        let hooks = stored_hooks(store, team_id).await?;
        let wanted: Vec<_> = hooks.iter().filter(|h| h.hook.events.iter().any(|e| e == kind)).collect();
        if wanted.is_empty() {
            return Ok(());
        }
        if kind == BREAK_STARTED || kind == BREAK_ENDED {
            if let Some(user_id) = data.get("userId").and_then(Value::as_str) {
                let minute = now.timestamp() - now.timestamp().rem_euclid(60);
                let n = repo::webhooks::count_break_event(store, team_id, user_id, minute).await?;
                if n > BREAK_EVENTS_PER_MINUTE {
                    let name = data.get("name").and_then(Value::as_str).unwrap_or("A member");
                    return hold_break_events(store, team_id, &wanted, user_id, name, minute, n, now).await;
                }
            }
        }
        let event = HookEvent {
            id: bt_records::new_id(now).to_string(),
            kind: kind.into(),
            occurred_at: bt_records::timestamp(now),
            text,
            data,
        };
        // Due at the whole second it happened: a run given a time to the second sends it.
        let due = now.with_nanosecond(0).unwrap_or(now);
        file_for_each(store, team_id, &wanted, &event, due, now).await
    }
    .await;
    if let Err(e) = result {
        tracing::warn!(error = %e, kind, "webhook event not filed");
    }
}

/// Files (or files again, with the newer count) the one post that sums up a member's break events over the limit in
/// the minute starting at `minute`; it is due when that minute ends, so it holds them all.
#[allow(clippy::too_many_arguments)]
async fn hold_break_events(
    store: &dyn Table,
    team_id: &TeamId,
    hooks: &[&StoredHook],
    user_id: &str,
    name: &str,
    minute: i64,
    seen: i64,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let held = seen - BREAK_EVENTS_PER_MINUTE;
    let due = DateTime::<Utc>::from_timestamp(minute + 60, 0).unwrap_or(now);
    let event = HookEvent {
        id: format!("held-{user_id}-{minute}"),
        kind: BREAK_EVENTS_HELD.into(),
        occurred_at: bt_records::timestamp(now),
        text: format!(
            "{name} started or ended a break {held} more time{} within a minute (summed up here, not posted one by one).",
            if held == 1 { "" } else { "s" }
        ),
        data: serde_json::json!({ "userId": user_id, "name": name, "count": held,
            "from": bt_records::timestamp(DateTime::<Utc>::from_timestamp(minute, 0).unwrap_or(now)) }),
    };
    file_for_each(store, team_id, hooks, &event, due, due).await
}

/// A first delivery of `event` to each of `hooks`, due at `due`, filed under the minute of `filed_at`.
async fn file_for_each(
    store: &dyn Table,
    team_id: &TeamId,
    hooks: &[&StoredHook],
    event: &HookEvent,
    due: DateTime<Utc>,
    filed_at: DateTime<Utc>,
) -> AppResult<()> {
    for hook in hooks {
        let delivery = HookDelivery {
            team_id: team_id.clone(),
            hook_id: hook.hook.id.clone(),
            event: event.clone(),
            attempt: 1,
            due: due.to_rfc3339(),
        };
        file_delivery(store, &delivery, filed_at).await?;
    }
    Ok(())
}

/// What the job did with one hook delivery.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HookSent {
    pub hook_id: String,
    pub event: String,
    pub event_id: String,
    pub attempt: u32,
    pub ok: bool,
    pub message: String,
}

/// Posts one delivery, keeps the outcome on the hook, and files the next try after a failure.
pub async fn deliver(services: &Services, delivery: HookDelivery, now: DateTime<Utc>) -> AppResult<Option<HookSent>> {
    let store = services.table();
    let Some(mut stored) = load(store, &delivery.team_id, &delivery.hook_id).await? else { return Ok(None) };
    let outcome =
        services.outbound.webhook(&stored.hook.url, &stored.hook.format, &stored.secret, &delivery.event).await;
    let retry = (!outcome.ok && delivery.attempt < MAX_ATTEMPTS).then(|| {
        now + Duration::minutes(BACKOFF_MINUTES[(delivery.attempt as usize - 1).min(BACKOFF_MINUTES.len() - 1)])
    });
    stored.hook.last_delivery = Some(LastDelivery {
        at: bt_records::timestamp(now),
        event: delivery.event.kind.clone(),
        event_id: delivery.event.id.clone(),
        ok: outcome.ok,
        status: outcome.status,
        message: outcome.message.clone(),
        attempt: delivery.attempt,
        next_attempt: retry.map(|t| t.to_rfc3339()),
    });
    // Only while the hook is there: one deleted meanwhile is not brought back.
    if let Err(e) =
        repo::webhooks::save_last_delivery(store, &delivery.team_id, &delivery.hook_id, &stored.hook.last_delivery)
            .await
    {
        tracing::warn!(error = %e, "webhook's last delivery not kept");
    }
    if let Some(at) = retry {
        let next = HookDelivery { attempt: delivery.attempt + 1, due: at.to_rfc3339(), ..delivery.clone() };
        file_delivery(store, &next, at).await?;
    }
    Ok(Some(HookSent {
        hook_id: delivery.hook_id,
        event: delivery.event.kind,
        event_id: delivery.event.id,
        attempt: delivery.attempt,
        ok: outcome.ok,
        message: outcome.message,
    }))
}

/// A hook's daily "who is off today": posted now, and the next day's filed.
pub async fn post_daily(services: &Services, post: DailyPost, now: DateTime<Utc>) -> AppResult<Option<HookSent>> {
    let store = services.table();
    let Some(stored) = load(store, &post.team_id, &post.hook_id).await? else { return Ok(None) };
    if !stored.hook.events.iter().any(|e| e == DAILY_ABSENCES) {
        return Ok(None);
    }
    file_daily(store, &post.team_id, &stored.hook, now).await?;
    let tz: chrono_tz::Tz = stored.hook.time_zone.parse().unwrap_or(chrono_tz::UTC);
    let today = bt_records::dates::today(tz, now);
    let off = bt_work::presence::on_leave(services, &post.team_id, today, false).await?;
    let names: Vec<String> = off.iter().map(|m| m.name.clone()).collect();
    let text = if names.is_empty() {
        format!("Nobody is off today ({today}).")
    } else {
        format!("Off today ({today}): {}.", names.join(", "))
    };
    let people: Vec<Value> = off
        .iter()
        .map(|m| json!({ "userId": m.user_id, "name": m.name, "fromDate": m.from_date, "toDate": m.to_date }))
        .collect();
    let event = HookEvent {
        id: bt_records::new_id(now).to_string(),
        kind: DAILY_ABSENCES.into(),
        occurred_at: bt_records::timestamp(now),
        text,
        data: json!({ "date": today.to_string(), "off": people }),
    };
    let delivery =
        HookDelivery { team_id: post.team_id, hook_id: post.hook_id, event, attempt: 1, due: now.to_rfc3339() };
    deliver(services, delivery, now).await
}
