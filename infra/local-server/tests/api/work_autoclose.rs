//! A work period left open is closed at 16 hours on time, through the HTTP API and the dev scheduler route, on every
//! store: the job closes it with the automatic note and tells the person once by push and mail, a period ended in
//! time is never touched, a lazy close on the next touch (or by the answer of a clock-in sent 17 hours late) is told
//! once too, the break reminders' switch governs the notice, and team hooks that chose them get `work.started` and
//! `work.ended`.

use std::sync::{Arc, Mutex};

use crate::support::*;
use axum::http::StatusCode;
use axum::routing::post;
use bt_adapters_outbound::test_support::FakeUserAgent;
use bt_app::account::Role;
use bt_core::store::Table;
use chrono::{DateTime, Duration, SecondsFormat, Utc};
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    a_period_left_open_is_closed_at_16_hours_and_told_once,
    the_job_closes_on_time_and_leaves_a_period_ended_in_time,
    a_lazy_close_is_told_once,
    team_hooks_get_work_started_and_ended,
);

const NOTE: &str = "Closed automatically after 16 hours.";
const SUBJECT: &str = "Your working time was closed after 16 hours";

fn stamp(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

fn parse(t: &Value) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(t.as_str().expect("a time")).unwrap().with_timezone(&Utc)
}

async fn run_at(app: &TestApp, now: DateTime<Utc>) -> Value {
    app.api.post("/dev/scheduler/run", None, json!({ "now": stamp(now) })).await.expect(200).data().clone()
}

/// `(kind, channel, outcome)` of each delivery of a run to one person.
fn sent_to(report: &Value, who: &Person) -> Vec<(String, String, String)> {
    let mut sent: Vec<_> = report["sent"]
        .as_array()
        .expect("sent")
        .iter()
        .filter(|d| d["userId"] == who.id.as_str())
        .map(|d| {
            let field = |name: &str| d[name].as_str().unwrap().to_string();
            (field("kind"), field("channel"), field("outcome"))
        })
        .collect();
    sent.sort();
    sent
}

fn mails_to(app: &TestApp, who: &Person) -> Vec<Value> {
    app.mails_sent().into_iter().filter(|m| m["to"] == who.email.as_str() && m["subject"] == SUBJECT).collect()
}

/// A push service on 127.0.0.1 that takes every push (201) and counts them.
async fn push_service() -> (String, Arc<Mutex<usize>>) {
    let count: Arc<Mutex<usize>> = Arc::default();
    let counter = count.clone();
    let app = axum::Router::new().route(
        "/{id}",
        post(move || {
            let counter = counter.clone();
            async move {
                *counter.lock().unwrap() += 1;
                StatusCode::CREATED
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (base, count)
}

async fn subscribe(app: &TestApp, who: &Person, push_service: &str) {
    let subscription =
        serde_json::to_value(FakeUserAgent::new().subscription(&format!("{push_service}/phone"))).unwrap();
    app.post(who, "/notifications/subscriptions", subscription).await.expect(200);
}

async fn day(app: &TestApp, who: &Person, date: &str) -> Value {
    app.get(who, &format!("/work/day?date={date}")).await.expect(200).data().clone()
}

fn both_channels() -> Vec<(String, String, String)> {
    vec![
        ("workClosed".into(), "email".into(), "delivered".into()),
        ("workClosed".into(), "push".into(), "delivered".into()),
    ]
}

async fn a_period_left_open_is_closed_at_16_hours_and_told_once(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let (push, pushes) = push_service().await;
    let ann = app.person("Ann").await;
    subscribe(&app, &ann, &push).await;
    let now = app.state.clock.now();

    // Clocked in 15 h 59 min 30 s ago (a tap sent late from the device), and nobody touches it again: the run of
    // the minute after its 16 hours closes it (filed under the minute after its due instant, as reminders are).
    let at = now - Duration::hours(16) + Duration::seconds(30);
    let open = app.post(&ann, "/work/start", json!({ "at": stamp(at) })).await.expect(201);
    let (date, start) = (open.data()["date"].as_str().unwrap().to_string(), open.data()["startTime"].clone());
    let cap = parse(&open.data()["since"]) + Duration::hours(16);
    assert!(sent_to(&run_at(&app, cap - Duration::minutes(1)).await, &ann).is_empty(), "not before its time");
    let next = cap + Duration::minutes(1);
    let report = run_at(&app, next).await;
    assert_eq!(sent_to(&report, &ann), both_channels(), "{report}");
    assert!(report["skipped"].as_array().unwrap().is_empty(), "closed by this run: {report}");
    assert_eq!(*pushes.lock().unwrap(), 1);
    let mails = mails_to(&app, &ann);
    assert_eq!(mails.len(), 1);
    let text = mails[0]["text"].as_str().unwrap();
    assert!(text.contains(&format!("You clocked in on {date} at {}", start.as_str().unwrap())), "{text}");
    assert!(mails[0]["link"].as_str().unwrap().ends_with("/working-time"));
    assert!(mails[0]["unsubscribe"].as_str().is_some(), "the break reminders' one-click unsubscribe");

    let closed = &day(&app, &ann, &date).await["periods"][0];
    assert_eq!((closed["minutes"].as_i64(), closed["autoClosed"].as_bool()), (Some(960), Some(true)));
    assert_eq!(closed["note"], NOTE);
    assert_eq!(closed["changes"][0]["action"], "closed");
    assert!(app.get(&ann, "/work/current").await.expect(200).data().is_null());

    // Runs again, a retry of the minute or the next one, send nothing more; nor does the next touch.
    for later in [0, 1, 5] {
        assert!(sent_to(&run_at(&app, next + Duration::minutes(later)).await, &ann).is_empty());
    }
    assert_eq!(mails_to(&app, &ann).len(), 1);
    assert_eq!(*pushes.lock().unwrap(), 1);
    assert_eq!(day(&app, &ann, &date).await["periods"].as_array().unwrap().len(), 1);
}

async fn the_job_closes_on_time_and_leaves_a_period_ended_in_time(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let bob = app.person("Bob").await;

    // Clocked in now and forgotten: open until 16 hours are up, closed by the run of that minute.
    let open = app.post(&ann, "/work/start", json!({})).await.expect(201);
    let since = parse(&open.data()["since"]);
    let date = open.data()["date"].as_str().unwrap().to_string();
    let report = run_at(&app, since + Duration::hours(16) - Duration::minutes(1)).await;
    assert!(sent_to(&report, &ann).is_empty(), "{report}");
    assert_eq!(app.get(&ann, "/work/current").await.expect(200).data()["since"], open.data()["since"]);
    let report = run_at(&app, since + Duration::hours(16) + Duration::minutes(1)).await;
    assert_eq!(sent_to(&report, &ann), vec![("workClosed".into(), "email".into(), "delivered".into())]);
    let closed = &day(&app, &ann, &date).await["periods"][0];
    assert_eq!((closed["minutes"].as_i64(), closed["note"].as_str()), (Some(960), Some(NOTE)));
    assert!(app.get(&ann, "/work/current").await.expect(200).data().is_null());
    assert_eq!(mails_to(&app, &ann).len(), 1);

    // Ended in time: the run at 16 hours finds nothing to close and tells nobody.
    let open = app.post(&bob, "/work/start", json!({ "at": stamp(app.state.clock.now() - Duration::hours(2)) })).await;
    let since = parse(&open.expect(201).data()["since"]);
    let ended = app.post(&bob, "/work/end", json!({})).await.expect(200);
    assert_eq!(ended.data()["autoClosed"], false);
    let report = run_at(&app, since + Duration::hours(16) + Duration::minutes(1)).await;
    assert!(sent_to(&report, &bob).is_empty(), "{report}");
    assert!(mails_to(&app, &bob).is_empty());
    assert_eq!(ended.data()["minutes"].as_i64(), Some(120));
}

async fn a_lazy_close_is_told_once(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let now = app.state.clock.now();
    // Clocked in 17 hours ago: the clock-in's own answer (the day's time so far) already settles it, at 16 hours.
    let open = app.post(&ann, "/work/start", json!({ "at": stamp(now - Duration::hours(17)) })).await.expect(201);
    let date = open.data()["date"].as_str().unwrap().to_string();
    let closed = &day(&app, &ann, &date).await["periods"][0];
    assert_eq!((closed["minutes"].as_i64(), closed["note"].as_str()), (Some(960), Some(NOTE)));
    assert!(app.get(&ann, "/work/current").await.expect(200).data().is_null());
    assert!(app.get(&ann, "/work/current").await.expect(200).data().is_null());
    // The next minute's run tells of it once (the scheduled closing finds the period ended), and no run after it.
    let next = app.state.clock.now() + Duration::minutes(1);
    let report = run_at(&app, next).await;
    assert_eq!(sent_to(&report, &ann), vec![("workClosed".into(), "email".into(), "delivered".into())], "{report}");
    let skipped = report["skipped"].as_array().unwrap();
    assert!(skipped.iter().any(|s| s["kind"] == "workClosed" && s["reason"] == "the period has ended"), "{report}");
    for later in [0, 1, 60] {
        assert!(sent_to(&run_at(&app, next + Duration::minutes(later)).await, &ann).is_empty());
    }
    assert_eq!(mails_to(&app, &ann).len(), 1);

    // The break reminders' switch governs it: turned off, a later forgotten period is closed and nobody is told.
    let mut settings = app.get(&ann, "/notifications/settings").await.expect(200).data().clone();
    settings["breakReminder"]["enabled"] = json!(false);
    app.put(&ann, "/notifications/settings", settings).await.expect(200);
    let open = app.post(&ann, "/work/start", json!({ "at": stamp(now - Duration::minutes(30)) })).await.expect(201);
    let report = run_at(&app, parse(&open.data()["since"]) + Duration::hours(16) + Duration::minutes(1)).await;
    assert!(sent_to(&report, &ann).is_empty(), "{report}");
    assert!(app.get(&ann, "/work/current").await.expect(200).data().is_null(), "closed all the same");
    assert_eq!(mails_to(&app, &ann).len(), 1);
}

/// A receiver on 127.0.0.1 that keeps every JSON body posted to it.
async fn hook_receiver() -> (String, Arc<Mutex<Vec<Value>>>) {
    let got: Arc<Mutex<Vec<Value>>> = Arc::default();
    let keep = got.clone();
    let app = axum::Router::new().route(
        "/hook",
        post(move |body: axum::body::Bytes| {
            let keep = keep.clone();
            async move {
                keep.lock().unwrap().push(serde_json::from_slice(&body).unwrap());
                StatusCode::OK
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (base, got)
}

async fn team_hooks_get_work_started_and_ended(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let (base, got) = hook_receiver().await;
    let team = app.new_team();
    let admin = app.person_in(&team, "Ada Admin", Role::Admin, "UTC").await;
    let member = app.person_in(&team, "Mo Member", Role::Member, "UTC").await;
    let late = app.person_in(&team, "Lu Late", Role::Member, "UTC").await;
    let body = json!({ "url": format!("{base}/hook"), "format": "generic", "events": ["work.started", "work.ended"] });
    let hook = app.post(&admin, "/admin/webhooks", body).await.expect(201);
    assert_eq!(hook.data()["events"], json!(["work.ended", "work.started"]));
    let unknown = json!({ "url": format!("{base}/hook"), "format": "generic", "events": ["work.paused"] });
    let refused = app.post(&admin, "/admin/webhooks", unknown).await.expect(422);
    assert!(refused.field("events").contains("work.started"));

    // The server's clock runs on: each run is as at the moment after the request.
    let now = app.state.clock.now();
    let open = app.post(&member, "/work/start", json!({ "at": stamp(now - Duration::hours(2)) })).await.expect(201);
    run_at(&app, app.state.clock.now()).await;
    app.post(&member, "/work/end", json!({})).await.expect(200);
    run_at(&app, app.state.clock.now()).await;
    let posts = got.lock().unwrap().clone();
    let types: Vec<&str> = posts.iter().map(|p| p["type"].as_str().unwrap()).collect();
    assert_eq!(types, ["work.started", "work.ended"]);
    assert_eq!(posts[0]["data"]["since"], open.data()["since"]);
    assert_eq!(posts[0]["data"]["name"], "Mo Member");
    assert!(posts[0]["text"].as_str().unwrap().contains("Mo Member clocked in"));
    assert_eq!(
        (posts[1]["data"]["minutes"].as_i64(), posts[1]["data"]["autoClosed"].as_bool()),
        (Some(120), Some(false))
    );

    // A period closed at 16 hours is a `work.ended` too, marked.
    app.post(&late, "/work/start", json!({ "at": stamp(now - Duration::hours(17)) })).await.expect(201);
    let next = app.state.clock.now() + Duration::minutes(1);
    run_at(&app, next).await;
    run_at(&app, next).await;
    let posts = got.lock().unwrap().clone();
    let lu: Vec<&Value> = posts.iter().filter(|p| p["data"]["name"] == "Lu Late").collect();
    assert_eq!(lu.len(), 2, "started and ended, once each: {lu:?}");
    let ended = lu.iter().find(|p| p["type"] == "work.ended").expect("work.ended");
    assert_eq!((ended["data"]["minutes"].as_i64(), ended["data"]["autoClosed"].as_bool()), (Some(960), Some(true)));
    assert!(ended["text"].as_str().unwrap().contains("closed after 16 hours"));
}
