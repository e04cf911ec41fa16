//! Reminders and notices through the HTTP API and the dev scheduler route, on every store (SQLite, and DynamoDB on
//! moto with feature `aws`): settings and their checks, a forgotten break reminded once (also under two concurrent
//! runs) and never once ended, meetings reminded at their (new) time and never once deleted, quiet hours, the daily
//! agenda in the person's zone, leave notices in the approver's settings, and the one-click unsubscribe link.

use std::sync::Arc;

use crate::support::*;
use bt_app::account::Role;
use bt_core::store::Table;
use chrono::{DateTime, Duration, SecondsFormat, Utc};
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    settings_have_defaults_and_are_checked,
    a_forgotten_break_is_reminded_once,
    two_concurrent_runs_send_a_reminder_once,
    an_ended_break_is_never_reminded,
    meetings_are_reminded_at_their_time_and_never_once_deleted,
    quiet_hours_hold_every_reminder_back,
    the_agenda_goes_at_the_local_time_and_files_the_next_day,
    leave_notices_follow_each_persons_settings,
    the_unsubscribe_link_turns_off_one_kind_of_mail,
);

fn rfc3339(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

async fn run_at(app: &TestApp, now: DateTime<Utc>) -> Value {
    let reply = app.api.post("/dev/scheduler/run", None, json!({ "now": rfc3339(now) })).await.expect(200);
    reply.data().clone()
}

/// `(kind, channel)` of each delivery of a run to one person.
fn sent_to(report: &Value, who: &Person) -> Vec<(String, String)> {
    report["sent"]
        .as_array()
        .expect("sent")
        .iter()
        .filter(|d| d["userId"] == who.id.as_str())
        .map(|d| (d["kind"].as_str().unwrap().to_string(), d["channel"].as_str().unwrap().to_string()))
        .collect()
}

fn mails_to<'a>(mails: &'a [Value], who: &Person, subject: &str) -> Vec<&'a Value> {
    mails.iter().filter(|m| m["to"] == who.email.as_str() && m["subject"] == subject).collect()
}

async fn settings_of(app: &TestApp, who: &Person) -> Value {
    app.get(who, "/notifications/settings").await.expect(200).data().clone()
}

async fn set(app: &TestApp, who: &Person, change: impl FnOnce(&mut Value)) -> Value {
    let mut settings = settings_of(app, who).await;
    change(&mut settings);
    app.put(who, "/notifications/settings", settings).await.expect(200).data().clone()
}

async fn settings_have_defaults_and_are_checked(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let defaults = settings_of(&app, &ann).await;
    assert_eq!(defaults["breakReminder"], json!({ "enabled": true, "minutes": 60, "push": true, "email": true }));
    assert_eq!(defaults["meetingReminder"]["minutes"], 10);
    assert_eq!(defaults["dailyAgenda"]["enabled"], false);
    assert_eq!(defaults["quietHours"]["enabled"], false);

    let mut bad = defaults.clone();
    bad["breakReminder"]["minutes"] = json!(0);
    bad["dailyAgenda"]["time"] = json!("8 o'clock");
    let refused = app.put(&ann, "/notifications/settings", bad).await.expect(422);
    assert!(!refused.field("breakReminder.minutes").is_empty());
    assert!(!refused.field("dailyAgenda.time").is_empty());
    assert_eq!(settings_of(&app, &ann).await, defaults, "nothing kept");

    let changed = set(&app, &ann, |s| s["meetingReminder"]["minutes"] = json!(15)).await;
    assert_eq!(changed["meetingReminder"]["minutes"], 15);
    assert_eq!(settings_of(&app, &ann).await, changed);
    // Someone else's settings are their own.
    let bob = app.person("Bob").await;
    assert_eq!(settings_of(&app, &bob).await, defaults);
    app.api.get("/notifications/settings", None).await.expect(401);
}

async fn start_break(app: &TestApp, who: &Person) -> DateTime<Utc> {
    let open = app.post(who, "/break/start", json!({ "type": "Coffee Break" })).await.expect(201);
    let since = open.data()["since"].as_str().expect("since").to_string();
    DateTime::parse_from_rfc3339(&since).unwrap().with_timezone(&Utc)
}

async fn a_forgotten_break_is_reminded_once(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let since = start_break(&app, &ann).await;
    // Not before its time.
    assert!(sent_to(&run_at(&app, since + Duration::minutes(59)).await, &ann).is_empty());
    let report = run_at(&app, since + Duration::minutes(61)).await;
    assert_eq!(sent_to(&report, &ann), vec![("break".to_string(), "email".to_string())], "{report}");
    let mails = app.mails_sent();
    let mail = mails_to(&mails, &ann, "Still on break?");
    assert_eq!(mail.len(), 1);
    assert!(mail[0]["link"].as_str().unwrap().ends_with("/breaks?action=end-break"));
    let unsubscribe = mail[0]["unsubscribe"].as_str().expect("a List-Unsubscribe address");
    assert!(unsubscribe.contains("/notifications/unsubscribe?token="));
    assert!(mail[0]["text"].as_str().unwrap().contains("/unsubscribe?token="));
    // A run again, later, or a retry of the same minute sends nothing more.
    for minutes in [61, 62, 70] {
        assert!(sent_to(&run_at(&app, since + Duration::minutes(minutes)).await, &ann).is_empty());
    }
    assert_eq!(mails_to(&app.mails_sent(), &ann, "Still on break?").len(), 1);
}

async fn two_concurrent_runs_send_a_reminder_once(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let mut people = Vec::new();
    for i in 0..6 {
        let who = app.person(&format!("P{i}")).await;
        let since = start_break(&app, &who).await;
        people.push((who, since));
    }
    let at = people.iter().map(|(_, s)| *s).max().unwrap() + Duration::minutes(61);
    let (a, b) = tokio::join!(run_at(&app, at), run_at(&app, at));
    for (who, _) in &people {
        let total = sent_to(&a, who).len() + sent_to(&b, who).len();
        assert_eq!(total, 1, "one mail for {} across both runs", who.name);
        assert_eq!(mails_to(&app.mails_sent(), who, "Still on break?").len(), 1);
    }
}

async fn an_ended_break_is_never_reminded(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let since = start_break(&app, &ann).await;
    app.post(&ann, "/break/end", json!({})).await.expect(200);
    let report = run_at(&app, since + Duration::minutes(61)).await;
    assert!(sent_to(&report, &ann).is_empty(), "{report}");
    // Turned off: a new break gets no reminder either.
    set(&app, &ann, |s| s["breakReminder"]["enabled"] = json!(false)).await;
    let since = start_break(&app, &ann).await;
    assert!(sent_to(&run_at(&app, since + Duration::minutes(61)).await, &ann).is_empty());
    // Turned on again while the break is open: it is reminded at its start plus the minutes.
    set(&app, &ann, |s| {
        s["breakReminder"]["enabled"] = json!(true);
        s["breakReminder"]["minutes"] = json!(90);
    })
    .await;
    assert!(sent_to(&run_at(&app, since + Duration::minutes(80)).await, &ann).is_empty());
    assert_eq!(sent_to(&run_at(&app, since + Duration::minutes(91)).await, &ann).len(), 1);
    assert!(mails_to(&app.mails_sent(), &ann, "Still on break?").len() == 1);
}

/// A meeting `days` ahead at `from` in the person's zone (UTC here), and the instant it starts.
async fn a_meeting_at(app: &TestApp, who: &Person, days: i64, from: &str) -> (String, DateTime<Utc>) {
    let day = (app.state.clock.now() + Duration::days(days)).format("%Y-%m-%d").to_string();
    let to = format!("{}:59", &from[..2]);
    let body = json!({ "from": from, "to": to, "scheduleDate": day, "description": "Planning" });
    let id = app.post(who, "/meeting/add", body).await.expect(201).id();
    let start = DateTime::parse_from_rfc3339(&format!("{day}T{from}:00Z")).unwrap().with_timezone(&Utc);
    (id, start)
}

async fn meetings_are_reminded_at_their_time_and_never_once_deleted(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    assert_eq!(ann.time_zone, "UTC");
    let (_, start) = a_meeting_at(&app, &ann, 2, "10:00").await;
    assert!(sent_to(&run_at(&app, start - Duration::minutes(11)).await, &ann).is_empty());
    let report = run_at(&app, start - Duration::minutes(10)).await;
    assert_eq!(sent_to(&report, &ann), vec![("meeting".to_string(), "email".to_string())]);
    assert_eq!(mails_to(&app.mails_sent(), &ann, "Meeting at 10:00").len(), 1);

    // Moved: reminded at the new time, not the old.
    let (moved, start) = a_meeting_at(&app, &ann, 3, "10:00").await;
    app.put(&ann, &format!("/meeting/edit/{moved}"), json!({ "from": "14:00", "to": "14:30" })).await.expect(200);
    assert!(sent_to(&run_at(&app, start - Duration::minutes(10)).await, &ann).is_empty());
    let later = start + Duration::hours(4);
    assert_eq!(sent_to(&run_at(&app, later - Duration::minutes(10)).await, &ann).len(), 1);
    assert_eq!(mails_to(&app.mails_sent(), &ann, "Meeting at 14:00").len(), 1);

    // Deleted: never.
    let (gone, start) = a_meeting_at(&app, &ann, 4, "09:00").await;
    app.delete(&ann, &format!("/meeting/delete/{gone}")).await.expect(200);
    assert!(sent_to(&run_at(&app, start - Duration::minutes(10)).await, &ann).is_empty());
    assert!(mails_to(&app.mails_sent(), &ann, "Meeting at 09:00").is_empty());
}

async fn quiet_hours_hold_every_reminder_back(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let (_, start) = a_meeting_at(&app, &ann, 2, "23:30").await;
    set(&app, &ann, |s| s["quietHours"] = json!({ "enabled": true, "from": "22:00", "to": "07:00" })).await;
    let report = run_at(&app, start - Duration::minutes(10)).await;
    assert!(sent_to(&report, &ann).is_empty(), "{report}");
    let skipped: Vec<&Value> =
        report["skipped"].as_array().unwrap().iter().filter(|s| s["userId"] == ann.id.as_str()).collect();
    assert_eq!(skipped.len(), 1);
    assert_eq!(skipped[0]["reason"], "quiet hours");
    assert!(mails_to(&app.mails_sent(), &ann, "Meeting at 23:30").is_empty());
}

async fn the_agenda_goes_at_the_local_time_and_files_the_next_day(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let team = app.new_team();
    let kai = app.person_in(&team, "Kai", Role::Member, "Asia/Tokyo").await;
    set(&app, &kai, |s| s["dailyAgenda"] = json!({ "enabled": true, "time": "08:30", "push": true, "email": true }))
        .await;
    // The next 08:30 in Tokyo (UTC+9, no daylight saving) is 23:30 UTC.
    let now = app.state.clock.now();
    let mut first = now.date_naive().and_hms_opt(23, 30, 0).unwrap().and_utc() - Duration::days(1);
    while first <= now {
        first += Duration::days(1);
    }
    assert!(sent_to(&run_at(&app, first - Duration::minutes(1)).await, &kai).is_empty());
    assert_eq!(sent_to(&run_at(&app, first).await, &kai), vec![("agenda".to_string(), "email".to_string())]);
    let mail = mails_to(&app.mails_sent(), &kai, "Your day")[0].clone();
    assert!(mail["text"].as_str().unwrap().contains("Nothing planned today."), "{mail}");
    assert!(sent_to(&run_at(&app, first + Duration::minutes(1)).await, &kai).is_empty());
    // The next day's is filed by the run that sent this one.
    let next = first + Duration::days(1);
    assert_eq!(sent_to(&run_at(&app, next).await, &kai).len(), 1);
}

async fn leave_notices_follow_each_persons_settings(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let team = app.new_team();
    let admin = app.person_in(&team, "Ada Admin", Role::Admin, "UTC").await;
    let hr = app.person_in(&team, "Hal HR", Role::Hr, "UTC").await;
    let member = app.person_in(&team, "Mo Member", Role::Member, "UTC").await;
    set(&app, &hr, |s| s["leaveRequested"]["email"] = json!(false)).await;
    let from = (app.state.clock.now() + Duration::days(30)).format("%Y-%m-%d").to_string();
    let leave = app.post(&member, "/leaves/add", a_leave(&from, &from)).await.expect(201);
    let subject = "Leave request from Mo Member";
    assert_eq!(mails_to(&app.mails_sent(), &admin, subject).len(), 1, "the admin is mailed");
    assert!(mails_to(&app.mails_sent(), &hr, subject).is_empty(), "HR turned these mails off");
    let id = leave.id();
    app.post(&admin, &format!("/leaves/approve/{id}"), json!({})).await.expect(200);
    assert_eq!(mails_to(&app.mails_sent(), &member, "Your leave request was approved").len(), 1);
}

async fn the_unsubscribe_link_turns_off_one_kind_of_mail(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let since = start_break(&app, &ann).await;
    run_at(&app, since + Duration::minutes(61)).await;
    let mail = mails_to(&app.mails_sent(), &ann, "Still on break?")[0].clone();
    let address = mail["unsubscribe"].as_str().unwrap().to_string();
    let path = address.strip_prefix(&app.base).expect("on the API").to_string();
    let shown = app.api.get(&path, None).await.expect(200);
    assert_eq!(shown.data()["kind"], "break");
    assert_eq!(shown.data()["email"], true, "showing it changes nothing");
    // One click, as a mail app sends it (a form body), without signing in.
    let clicked = app
        .api
        .client
        .post(app.url(&path))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(clicked.status(), 200);
    let settings = settings_of(&app, &ann).await;
    assert_eq!(settings["breakReminder"]["email"], false);
    assert_eq!(settings["breakReminder"]["push"], true);
    assert_eq!(settings["meetingReminder"]["email"], true, "other kinds stay");
    // A token altered to another kind, or junk, is refused.
    let forged = path.replace(".break.", ".meeting.");
    app.api.post(&forged, None, json!({})).await.expect(422);
    app.api.post("/notifications/unsubscribe?token=junk", None, json!({})).await.expect(422);
}
