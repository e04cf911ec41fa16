//! The live guard of the break and rest rules, through the HTTP API and the dev scheduler route, on every store: the
//! warning 15 minutes before a break falls due goes out once by push and mail (not a minute early, never after the
//! break was taken or the person clocked out, held by quiet hours and by its own switch); `/work/current` and
//! `/work/start` answer the guard (a start after a short rest is recorded and says so); `/work/end` answers the day's
//! summary; `/admin/get` shows `breakDue` to the member, admins and HR only.

use std::sync::{Arc, Mutex};

use crate::support::*;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::post;
use bt_adapters_outbound::test_support::FakeUserAgent;
use bt_app::account::Role;
use bt_app::types::TeamId;
use bt_app::work::rules::settings;
use bt_app::work::rules::{Preset, RuleSet};
use bt_core::store::Table;
use chrono::{DateTime, Duration, SecondsFormat, Utc};
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    the_break_warning_goes_out_once_at_5_h_45,
    no_warning_after_a_break_or_a_clock_out,
    quiet_hours_and_the_switch_hold_the_warning,
    the_open_period_answers_its_guard_and_presence_its_break_due,
    a_start_after_a_short_rest_is_recorded_with_a_notice,
    clocking_out_answers_the_days_summary,
    a_late_clock_in_is_told_at_once_and_the_board_marks_the_warned,
);

const TITLE: &str = "Break due soon";

fn stamp(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

fn parse(t: &Value) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(t.as_str().unwrap_or_else(|| panic!("a time: {t}"))).unwrap().with_timezone(&Utc)
}

/// Moves the app's clock to the next 08:00 UTC, so that a working day stays on one date whenever the tests run.
/// People are made after it (their tokens are issued at the new time).
fn morning(app: &TestApp) -> DateTime<Utc> {
    let now = app.state.clock.now();
    let mut target = now.date_naive().and_hms_opt(8, 0, 0).unwrap().and_utc();
    if target <= now {
        target += Duration::days(1);
    }
    app.state.clock.advance((target - now).num_seconds() + 1);
    target
}

/// Moves the app's clock to `to` (plus a second) and signs `who` in again.
async fn clock_to(app: &TestApp, to: DateTime<Utc>, who: &[&Person]) -> Vec<Person> {
    let now = app.state.clock.now();
    app.state.clock.advance((to - now).num_seconds() + 1);
    let mut out = Vec::new();
    for p in who {
        out.push(app.signed_in_again(p).await);
    }
    out
}

async fn set_preset(app: &TestApp, team_id: &str, preset: Preset) {
    let team = TeamId::parse(team_id).expect("a team id");
    settings::seed(app.store(), &team, &RuleSet::preset(preset), chrono::Utc::now()).await.unwrap();
}

async fn run_at(app: &TestApp, now: DateTime<Utc>) -> Value {
    app.api.post("/dev/scheduler/run", None, json!({ "now": stamp(now) })).await.expect(200).data().clone()
}

/// `(channel, outcome)` of each guard delivery of a run to one person.
fn guard_sent(report: &Value, who: &Person) -> Vec<(String, String)> {
    let mut sent: Vec<_> = report["sent"]
        .as_array()
        .expect("sent")
        .iter()
        .filter(|d| d["userId"] == who.id.as_str() && d["kind"] == "breakGuard")
        .map(|d| (d["channel"].as_str().unwrap().to_string(), d["outcome"].as_str().unwrap().to_string()))
        .collect();
    sent.sort();
    sent
}

fn guard_skipped(report: &Value, who: &Person) -> Vec<String> {
    report["skipped"]
        .as_array()
        .expect("skipped")
        .iter()
        .filter(|s| s["userId"] == who.id.as_str() && s["kind"] == "breakGuard")
        .map(|s| s["reason"].as_str().unwrap().to_string())
        .collect()
}

fn guard_mails(app: &TestApp, who: &Person) -> Vec<Value> {
    app.mails_sent().into_iter().filter(|m| m["to"] == who.email.as_str() && m["subject"] == TITLE).collect()
}

type Received = Arc<Mutex<Vec<Vec<u8>>>>;

/// A push service on 127.0.0.1 that takes every push (201) and keeps its body.
async fn push_service() -> (String, Received) {
    let received: Received = Arc::default();
    async fn receive(State(received): State<Received>, Path(_id): Path<String>, body: axum::body::Bytes) -> StatusCode {
        received.lock().unwrap().push(body.to_vec());
        StatusCode::CREATED
    }
    let app = axum::Router::new().route("/{id}", post(receive)).with_state(received.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (base, received)
}

async fn settings_with(app: &TestApp, who: &Person, change: impl FnOnce(&mut Value)) {
    let mut settings = app.get(who, "/notifications/settings").await.expect(200).data().clone();
    change(&mut settings);
    app.put(who, "/notifications/settings", settings).await.expect(200);
}

async fn the_break_warning_goes_out_once_at_5_h_45(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let at = morning(&app);
    let ann = app.person("Ann").await;
    set_preset(&app, &ann.team_id, Preset::De).await;
    let (push, received) = push_service().await;
    let browser = FakeUserAgent::new();
    let subscription = serde_json::to_value(browser.subscription(&format!("{push}/phone"))).unwrap();
    app.post(&ann, "/notifications/subscriptions", subscription).await.expect(200);
    let defaults = app.get(&ann, "/notifications/settings").await.expect(200).data().clone();
    assert_eq!(defaults["breakGuard"], json!({ "enabled": true, "push": true, "email": true }));

    app.post(&ann, "/work/start", json!({ "at": stamp(at) })).await.expect(201);
    let report = run_at(&app, at + Duration::minutes(5 * 60 + 44)).await;
    assert!(guard_sent(&report, &ann).is_empty(), "not before 5 h 45: {report}");
    let report = run_at(&app, at + Duration::minutes(5 * 60 + 45)).await;
    let both = vec![("email".to_string(), "delivered".to_string()), ("push".to_string(), "delivered".to_string())];
    assert_eq!(guard_sent(&report, &ann), both, "{report}");

    let mails = guard_mails(&app, &ann);
    assert_eq!(mails.len(), 1);
    assert!(mails[0]["link"].as_str().unwrap().ends_with("/dashboard"));
    assert!(mails[0]["unsubscribe"].as_str().is_some(), "its own one-click unsubscribe");
    let text = mails[0]["text"].as_str().unwrap();
    assert!(text.contains("break and rest warnings"), "{text}");
    let bodies = received.lock().unwrap().clone();
    assert_eq!(bodies.len(), 1);
    let payload: Value = serde_json::from_slice(&browser.decrypt(&bodies[0])).expect("JSON for the service worker");
    assert_eq!(payload["title"], TITLE);
    assert_eq!(payload["kind"], "breakGuard");
    assert_eq!(payload["tag"], "breakGuard-break1");
    assert_eq!(payload["url"], "/dashboard");
    assert_eq!(payload["actions"], json!([{ "action": "start-break", "title": "Start break" }]));
    assert!(payload["body"].as_str().unwrap().contains("15 minutes"), "{payload}");

    // A second run of the minute, and the next minutes', send nothing more.
    for later in [45, 46, 50] {
        let report = run_at(&app, at + Duration::minutes(5 * 60 + later)).await;
        assert!(guard_sent(&report, &ann).is_empty(), "{report}");
    }
    assert_eq!(guard_mails(&app, &ann).len(), 1);
    assert_eq!(received.lock().unwrap().len(), 1);
}

async fn no_warning_after_a_break_or_a_clock_out(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let at = morning(&app);
    let team = app.new_team();
    let ann = app.person_in(&team, "Ann", Role::Admin, "UTC").await;
    let bob = app.person_in(&team, "Bob", Role::Member, "UTC").await;
    set_preset(&app, &team, Preset::De).await;
    app.post(&ann, "/work/start", json!({ "at": stamp(at) })).await.expect(201);
    app.post(&bob, "/work/start", json!({ "at": stamp(at) })).await.expect(201);

    // Three hours in, Ann takes a 30-minute break; Bob clocks out.
    let people = clock_to(&app, at + Duration::hours(3), &[&ann, &bob]).await;
    let (ann, bob) = (&people[0], &people[1]);
    app.post(bob, "/work/end", json!({})).await.expect(200);
    app.post(ann, "/break/start", json!({ "type": "Short Break" })).await.expect(201);
    let ann = &clock_to(&app, at + Duration::minutes(3 * 60 + 30), &[ann]).await[0];
    app.post(ann, "/break/end", json!({})).await.expect(200);

    for minutes in [5 * 60 + 45, 5 * 60 + 46, 6 * 60] {
        let report = run_at(&app, at + Duration::minutes(minutes)).await;
        assert!(guard_sent(&report, ann).is_empty(), "the break was taken: {report}");
        assert!(guard_sent(&report, bob).is_empty(), "clocked out: {report}");
    }
    assert!(guard_mails(&app, ann).is_empty());
    assert!(guard_mails(&app, bob).is_empty());
}

async fn quiet_hours_and_the_switch_hold_the_warning(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let at = morning(&app);
    let team = app.new_team();
    let ann = app.person_in(&team, "Ann", Role::Admin, "UTC").await;
    let bob = app.person_in(&team, "Bob", Role::Member, "UTC").await;
    set_preset(&app, &team, Preset::De).await;
    settings_with(&app, &ann, |s| s["quietHours"] = json!({ "enabled": true, "from": "13:00", "to": "15:00" })).await;
    settings_with(&app, &bob, |s| s["breakGuard"]["enabled"] = json!(false)).await;
    let saved = app.get(&bob, "/notifications/settings").await.expect(200).data().clone();
    assert_eq!(saved["breakGuard"]["enabled"], false);
    app.post(&ann, "/work/start", json!({ "at": stamp(at) })).await.expect(201);
    app.post(&bob, "/work/start", json!({ "at": stamp(at) })).await.expect(201);

    let report = run_at(&app, at + Duration::minutes(5 * 60 + 45)).await;
    assert!(guard_sent(&report, &ann).is_empty(), "{report}");
    assert!(guard_sent(&report, &bob).is_empty(), "{report}");
    assert_eq!(guard_skipped(&report, &ann), vec!["quiet hours"], "{report}");
    assert_eq!(guard_skipped(&report, &bob), vec!["turned off"], "{report}");
    assert!(guard_mails(&app, &ann).is_empty() && guard_mails(&app, &bob).is_empty());
}

async fn the_open_period_answers_its_guard_and_presence_its_break_due(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let at = morning(&app);
    let team = app.new_team();
    let ann = app.person_in(&team, "Ann", Role::Admin, "UTC").await;
    let bob = app.person_in(&team, "Bob", Role::Member, "UTC").await;
    let cid = app.person_in(&team, "Cid", Role::Member, "UTC").await;
    let dan = app.person("Dan").await;

    // Without rules: no guard.
    let open = app.post(&dan, "/work/start", json!({ "at": stamp(at) })).await.expect(201);
    assert!(open.data()["guard"].is_null(), "{}", open.data());
    assert_eq!(open.data()["workedMinutes"], 0);

    set_preset(&app, &team, Preset::De).await;
    let open = app.post(&bob, "/work/start", json!({ "at": stamp(at) })).await.expect(201);
    let guard = &open.data()["guard"];
    assert_eq!(guard["breakDue"], false, "{guard}");
    assert_eq!(parse(&guard["nextBreakAt"]), at + Duration::hours(6));
    assert_eq!(guard["nextBreakMinutes"], 30);
    assert_eq!(parse(&guard["dailyMaxAt"]), at + Duration::hours(10));
    assert!(guard["rest"].is_null());
    assert_eq!(open.data()["since"].as_str().map(parse_str), Some(at));

    let people = clock_to(&app, at + Duration::minutes(6 * 60 + 10), &[&ann, &bob, &cid]).await;
    let (ann, bob, cid) = (&people[0], &people[1], &people[2]);
    let current = app.get(bob, "/work/current").await.expect(200).data().clone();
    assert_eq!(current["guard"]["breakDue"], true, "{current}");
    assert_eq!(current["workedMinutes"], 370);

    let bob_row = |rows: &Value| rows.as_array().unwrap().iter().find(|r| r["id"] == bob.id.as_str()).unwrap().clone();
    let seen_by_admin = bob_row(app.get(ann, "/admin/get").await.expect(200).data());
    assert_eq!((seen_by_admin["status"].as_str(), seen_by_admin["breakDue"].as_bool()), (Some("working"), Some(true)));
    assert_eq!(parse(&seen_by_admin["since"]), at);
    assert_eq!(bob_row(app.get(bob, "/admin/get").await.expect(200).data())["breakDue"], true, "to himself");
    let seen_by_member = bob_row(app.get(cid, "/admin/get").await.expect(200).data());
    assert_eq!(
        (seen_by_member["status"].as_str(), seen_by_member["breakDue"].as_bool()),
        (Some("working"), Some(false))
    );

    // On a break: nothing is due while it lasts.
    app.post(bob, "/break/start", json!({ "type": "Short Break" })).await.expect(201);
    assert_eq!(bob_row(app.get(ann, "/admin/get").await.expect(200).data())["breakDue"], false);
    let current = app.get(bob, "/work/current").await.expect(200).data().clone();
    assert_eq!(current["guard"]["breakDue"], false, "{current}");
}

fn parse_str(t: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(t).unwrap().with_timezone(&Utc)
}

async fn a_start_after_a_short_rest_is_recorded_with_a_notice(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let at = morning(&app);
    let ann = app.person("Ann").await;
    set_preset(&app, &ann.team_id, Preset::De).await;
    let yesterday = (at - Duration::days(1)).date_naive();
    let body = json!({ "date": yesterday.to_string(), "start": "14:00", "end": "22:10", "note": "Late shift" });
    app.post(&ann, "/work/periods", body).await.expect(201);

    let open = app.post(&ann, "/work/start", json!({ "at": stamp(at) })).await.expect(201);
    let rest = &open.data()["guard"]["rest"];
    let ended = yesterday.and_hms_opt(22, 10, 0).unwrap().and_utc();
    assert_eq!(parse(&rest["since"]), ended, "{rest}");
    assert_eq!(parse(&rest["endsAt"]), ended + Duration::hours(11));
    assert_eq!((rest["requiredMinutes"].as_i64(), rest["restMinutes"].as_i64()), (Some(660), Some(590)));
    assert_eq!(rest["message"], "Your 11-hour rest since 22:10 yesterday ends at 09:10");
    // Recorded all the same, and the notice stays with the open period.
    let current = app.get(&ann, "/work/current").await.expect(200).data().clone();
    assert_eq!(parse(&current["since"]), at);
    assert_eq!(current["guard"]["rest"]["requiredMinutes"], 660);
}

async fn clocking_out_answers_the_days_summary(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let at = morning(&app);
    let ann = app.person("Ann").await;
    let dan = app.person("Dan").await;
    set_preset(&app, &ann.team_id, Preset::De).await;
    app.post(&ann, "/work/start", json!({ "at": stamp(at) })).await.expect(201);
    app.post(&dan, "/work/start", json!({ "at": stamp(at) })).await.expect(201);

    let people = clock_to(&app, at + Duration::minutes(8 * 60 + 40), &[&ann, &dan]).await;
    let (ann, dan) = (&people[0], &people[1]);
    let ended = app.post(ann, "/work/end", json!({})).await.expect(200).data().clone();
    assert_eq!(ended["minutes"], 520, "the period, as before: {ended}");
    let summary = &ended["summary"];
    assert_eq!((summary["worked"].as_i64(), summary["breaks"].as_i64()), (Some(520), Some(0)), "{summary}");
    assert_eq!(
        summary["message"],
        "Worked 8 h 40 min. Breaks: 0 min of the 30 min due after 6 hours of work – 30 min short."
    );
    let findings = summary["findings"].as_array().unwrap();
    assert!(findings.iter().any(|f| f["rule"] == "break" && f["law"] == "ArbZG § 4"), "{summary}");
    assert!(findings.iter().all(|f| f["note"].is_null() && f["message"].as_str().is_some_and(|m| !m.is_empty())));

    // Without rules: no summary.
    let ended = app.post(dan, "/work/end", json!({})).await.expect(200).data().clone();
    assert!(ended["summary"].is_null(), "{ended}");
    assert_eq!(ended["minutes"], 520);
}

async fn a_late_clock_in_is_told_at_once_and_the_board_marks_the_warned(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let at = morning(&app);
    let team = app.new_team();
    let ann = app.person_in(&team, "Ann", Role::Admin, "UTC").await;
    let bob = app.person_in(&team, "Bob", Role::Member, "UTC").await;
    set_preset(&app, &team, Preset::De).await;
    let now = at + Duration::minutes(6 * 60 + 5);
    let people = clock_to(&app, now, &[&ann, &bob]).await;
    let (ann, bob) = (&people[0], &people[1]);

    // Bob clocks in 5 h 50 ago: the warning is out (the board marks him), the break is not overdue yet, and the
    // warning goes at once (its time has passed).
    let bob_at = now - Duration::minutes(5 * 60 + 50);
    let open = app.post(bob, "/work/start", json!({ "at": stamp(bob_at) })).await.expect(201).data().clone();
    assert_eq!(open["guard"]["breakDue"], false, "{open}");
    assert_eq!(parse(&open["guard"]["nextBreakAt"]), bob_at + Duration::hours(6));
    let row = |rows: &Value, who: &Person| {
        rows.as_array().unwrap().iter().find(|r| r["id"] == who.id.as_str()).unwrap()["breakDue"].clone()
    };
    assert_eq!(row(app.get(ann, "/admin/get").await.expect(200).data(), bob), true);
    // Ann clocks in 6 h 05 ago, forgetting to earlier: the break is due now, said once.
    app.post(ann, "/work/start", json!({ "at": stamp(at) })).await.expect(201);
    let report = run_at(&app, now + Duration::seconds(30)).await;
    let both = vec![("email".to_string(), "delivered".to_string())];
    assert_eq!(guard_sent(&report, bob), both, "{report}");
    assert_eq!(guard_sent(&report, ann), both, "{report}");
    let now_mail = app
        .mails_sent()
        .into_iter()
        .find(|m| m["to"] == ann.email.as_str() && m["subject"] == "Break due now")
        .expect("the break-due-now mail");
    assert!(now_mail["text"].as_str().unwrap().contains("A break is due now: 30 minutes after 6 hours of work."));
    let soon_mail = guard_mails(&app, bob);
    assert_eq!(soon_mail.len(), 1, "Bob's break-due-soon mail");
    for later in [1, 5] {
        let report = run_at(&app, now + Duration::minutes(later)).await;
        assert!(guard_sent(&report, ann).is_empty() && guard_sent(&report, bob).is_empty(), "{report}");
    }
    assert_eq!(row(app.get(ann, "/admin/get").await.expect(200).data(), ann), true);
}
