//! Idempotent writes and times taken on the device, through the HTTP API on every store (SQLite, and DynamoDB on
//! moto with feature `aws`): a repeat replays the first answer and writes nothing, the key with another body is 422,
//! sixteen concurrent repeats make one record, answers a retry may change are not kept, a claim left by a stopped
//! request is taken over after its lease, and a live break keeps the start and end taken offline inside the window.

use std::sync::Arc;

use crate::support::*;
use bt_app::idempotency::{self as idem, IdempotencyKey};
use bt_app::types::UserId;
use bt_core::store::Table;
use chrono::{DateTime, Duration, SecondsFormat, Utc};
use reqwest::Method;
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    a_repeated_write_is_answered_again_and_writes_nothing,
    the_same_key_with_another_request_is_refused_and_keys_are_checked,
    sixteen_concurrent_repeats_make_one_record,
    answers_a_retry_may_change_are_not_kept,
    keys_are_the_callers_own_and_expire_after_a_day,
    a_claim_left_by_a_stopped_request_is_taken_over_after_its_lease,
    a_live_break_keeps_the_times_taken_on_the_device,
    device_times_outside_the_window_are_refused,
    a_replay_is_answered_only_to_a_caller_the_route_lets_in,
);

/// A request with an `Idempotency-Key`.
async fn send_keyed(app: &TestApp, who: &Person, method: Method, path: &str, key: &str, body: Option<Value>) -> Reply {
    let mut request = app.api.client.request(method, app.url(path)).bearer_auth(&who.token).header(idem::HEADER, key);
    if let Some(body) = body {
        request = request.json(&body);
    }
    let started = std::time::Instant::now();
    Reply::read(request.send().await.expect("the app answers"), started).await
}

async fn post_keyed(app: &TestApp, who: &Person, path: &str, key: &str, body: Value) -> Reply {
    send_keyed(app, who, Method::POST, path, key, Some(body)).await
}

async fn tasks_of(app: &TestApp, who: &Person) -> Vec<Value> {
    let today = app.today(who);
    let list = app.get(who, &format!("/task/todayTasks?todayScheduledDate={today}")).await.expect(200);
    list.data().as_array().expect("a list").clone()
}

fn rfc3339(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

async fn a_repeated_write_is_answered_again_and_writes_nothing(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let today = app.today(&ann);
    let first = post_keyed(&app, &ann, "/task/add", "task-1", a_task("Plan", &today)).await.expect(201);
    assert_eq!(first.header(idem::REPLAYED_HEADER), None);
    let again = post_keyed(&app, &ann, "/task/add", "task-1", a_task("Plan", &today)).await.expect(201);
    assert_eq!(again.header(idem::REPLAYED_HEADER), Some("true"));
    assert_eq!(again.body, first.body, "the same answer");
    assert!(again.header("content-type").is_some_and(|c| c.starts_with("application/json")));
    assert_eq!(tasks_of(&app, &ann).await.len(), 1, "one task");

    // An edit and a delete replay too: the second delete is not a 404.
    let id = first.id();
    let edit = json!({ "status": "Completed" });
    let path = format!("/task/edit/{id}");
    let edited = send_keyed(&app, &ann, Method::PUT, &path, "edit-1", Some(edit.clone())).await.expect(200);
    let replayed = send_keyed(&app, &ann, Method::PUT, &path, "edit-1", Some(edit)).await.expect(200);
    assert_eq!((&replayed.body, replayed.header(idem::REPLAYED_HEADER)), (&edited.body, Some("true")));
    let path = format!("/task/delete/{id}");
    send_keyed(&app, &ann, Method::DELETE, &path, "delete-1", None).await.expect(200);
    let again = send_keyed(&app, &ann, Method::DELETE, &path, "delete-1", None).await.expect(200);
    assert_eq!(again.header(idem::REPLAYED_HEADER), Some("true"));
    // Without the key the delete runs and finds nothing.
    app.delete(&ann, &path).await.expect(404);

    // A kept validation failure is replayed as well (it is the request's final answer).
    let bad = post_keyed(&app, &ann, "/task/add", "bad-1", json!({ "title": "" })).await.expect(422);
    let again = post_keyed(&app, &ann, "/task/add", "bad-1", json!({ "title": "" })).await.expect(422);
    assert_eq!((&again.body, again.header(idem::REPLAYED_HEADER)), (&bad.body, Some("true")));
    // Reads ignore the header.
    let read = send_keyed(&app, &ann, Method::GET, "/task/todayTasks", "task-1", None).await.expect(200);
    assert_eq!(read.header(idem::REPLAYED_HEADER), None);
}

async fn the_same_key_with_another_request_is_refused_and_keys_are_checked(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let today = app.today(&ann);
    post_keyed(&app, &ann, "/task/add", "k", a_task("Plan", &today)).await.expect(201);
    for (path, body) in
        [("/task/add", a_task("Another plan", &today)), ("/meeting/add", a_meeting(&today, "10:00", "11:00"))]
    {
        let reply = post_keyed(&app, &ann, path, "k", body).await.expect_error(422);
        assert_eq!(reply.field(idem::HEADER), idem::KEY_REUSED);
    }
    assert_eq!(tasks_of(&app, &ann).await.len(), 1);

    for bad in [String::new(), "x".repeat(65), "has space".into(), "tab\tkey".into()] {
        let reply = post_keyed(&app, &ann, "/task/add", &bad, a_task("Plan", &today)).await.expect_error(422);
        assert_eq!(reply.field(idem::HEADER), idem::INVALID_KEY, "{bad:?}");
    }
    let longest = "~".repeat(64);
    post_keyed(&app, &ann, "/task/add", &longest, a_task("Plan", &today)).await.expect(201);
    assert_eq!(tasks_of(&app, &ann).await.len(), 2, "nothing written by the refused requests");
}

async fn sixteen_concurrent_repeats_make_one_record(store: Store) {
    let app = Arc::new(spawn_app_with(options().store(store)).await);
    let ann = app.person("Ann").await;
    let today = app.today(&ann);
    let mut calls = Vec::new();
    for _ in 0..16 {
        let (app, ann, body) = (app.clone(), ann.clone(), a_task("Plan", &today));
        calls.push(tokio::spawn(async move { post_keyed(&app, &ann, "/task/add", "same", body).await }));
    }
    let mut ids = Vec::new();
    let mut replayed = 0;
    for call in calls {
        let reply = call.await.expect("the call ran").expect(201);
        replayed += usize::from(reply.header(idem::REPLAYED_HEADER) == Some("true"));
        ids.push(reply.id());
    }
    ids.dedup();
    assert_eq!(ids.len(), 1, "every answer names the one task");
    assert_eq!(replayed, 15, "one ran, fifteen were replayed");
    assert_eq!(tasks_of(&app, &ann).await.len(), 1);

    // The same for a live break: one start, sixteen identical answers.
    let mut calls = Vec::new();
    for _ in 0..16 {
        let (app, ann) = (app.clone(), ann.clone());
        calls.push(tokio::spawn(async move {
            post_keyed(&app, &ann, "/break/start", "start", json!({ "type": "Lunch Break" })).await
        }));
    }
    let mut bodies = Vec::new();
    for call in calls {
        bodies.push(call.await.expect("the call ran").expect(201).body);
    }
    bodies.dedup();
    assert_eq!(bodies.len(), 1);
}

async fn answers_a_retry_may_change_are_not_kept(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    app.post(&ann, "/break/start", json!({ "type": "Lunch Break" })).await.expect(201);
    // 409: already on a break. Not kept: once the break has ended, the same request runs.
    let start = json!({ "type": "Coffee Break" });
    post_keyed(&app, &ann, "/break/start", "start-2", start.clone()).await.expect_error(409);
    app.post(&ann, "/break/end", json!({})).await.expect(200);
    let started = post_keyed(&app, &ann, "/break/start", "start-2", start.clone()).await.expect(201);
    assert_eq!(started.header(idem::REPLAYED_HEADER), None);
    assert_eq!(started.data()["type"], "Coffee Break");
    // 401 (a stale token) is not kept either: the key stays free for the request with a fresh one.
    let stale = Person { token: "not-a-token".into(), ..ann.clone() };
    app.post(&ann, "/break/end", json!({})).await.expect(200);
    let reply = post_keyed(&app, &stale, "/break/start", "start-3", start.clone()).await;
    assert_eq!(reply.status.as_u16(), 401);
    post_keyed(&app, &ann, "/break/start", "start-3", start).await.expect(201);
}

async fn keys_are_the_callers_own_and_expire_after_a_day(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let bob = app.person("Bob").await;
    let today = app.today(&ann);
    let anns = post_keyed(&app, &ann, "/task/add", "shared-key", a_task("Plan", &today)).await.expect(201);
    // Bob's request with Ann's key runs as his own, and Ann's answer never reaches him.
    let bobs = post_keyed(&app, &bob, "/task/add", "shared-key", a_task("Plan", &today)).await.expect(201);
    assert_eq!(bobs.header(idem::REPLAYED_HEADER), None);
    assert_ne!(bobs.id(), anns.id());
    assert_eq!(tasks_of(&app, &bob).await.len(), 1);
    // After 24 hours the key is free again: the same request runs once more.
    app.state.clock.advance(24 * 3600 + 1);
    let ann = app.signed_in_again(&ann).await;
    let later = post_keyed(&app, &ann, "/task/add", "shared-key", a_task("Plan", &today)).await.expect(201);
    assert_eq!(later.header(idem::REPLAYED_HEADER), None);
    assert_ne!(later.id(), anns.id());
}

async fn a_claim_left_by_a_stopped_request_is_taken_over_after_its_lease(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let today = app.today(&ann);
    let body = a_task("Plan", &today);
    // A request claimed the key and stopped before answering (its function was stopped half-way).
    let fingerprint = idem::fingerprint("POST", "/task/add", body.to_string().as_bytes());
    let key = IdempotencyKey::parse(b"stalled").unwrap();
    let user = UserId::parse(&ann.id).unwrap();
    let claim = idem::claim(app.store(), &user, &key, idem::CallerKind::Session, &fingerprint, app.state.clock.now())
        .await
        .unwrap();
    assert!(matches!(claim, idem::Claim::Run { .. }));
    // Within its lease a repeat waits for it, then gives up with 409 and writes nothing.
    post_keyed(&app, &ann, "/task/add", "stalled", body.clone()).await.expect_error(409);
    assert_eq!(tasks_of(&app, &ann).await.len(), 0);
    // After the lease the repeat takes the claim over and runs.
    app.state.clock.advance(idem::LEASE.num_seconds() + 1);
    post_keyed(&app, &ann, "/task/add", "stalled", body).await.expect(201);
    assert_eq!(tasks_of(&app, &ann).await.len(), 1);
}

async fn a_live_break_keeps_the_times_taken_on_the_device(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let now = app.state.clock.now();
    let tapped_start = now - Duration::minutes(50);
    let tapped_end = now - Duration::minutes(30);
    let started =
        app.post(&ann, "/break/start", json!({ "type": "Lunch Break", "at": rfc3339(tapped_start) })).await.expect(201);
    let since = DateTime::parse_from_rfc3339(started.data()["since"].as_str().unwrap()).unwrap();
    assert_eq!(since.timestamp(), tapped_start.timestamp());
    assert_eq!(app.get(&ann, "/break/current").await.data()["since"], started.data()["since"]);
    let ended = app.post(&ann, "/break/end", json!({ "at": rfc3339(tapped_end) })).await.expect(200);
    let fmt = |t: DateTime<Utc>| t.format("%H:%M").to_string();
    assert_eq!(ended.data()["startTime"], fmt(tapped_start));
    assert_eq!(ended.data()["endTime"], fmt(tapped_end));
    assert_eq!(ended.data()["createdDate"], tapped_start.format("%Y-%m-%d").to_string());

    // Without `at` the server's clock is used, as before; a body-less end still works.
    app.post(&ann, "/break/start", json!({ "type": "Lunch Break" })).await.expect(201);
    let reply = app.raw(Some(&ann), Method::POST, "/break/end", None).await;
    assert_eq!(reply.status().as_u16(), 200);

    // Every rule still applies: one open break, and a break open longer than 8 hours is recorded as 8 hours.
    app.post(&ann, "/break/start", json!({ "type": "Lunch Break", "at": rfc3339(now - Duration::hours(20)) }))
        .await
        .expect(201);
    let again = app.post(&ann, "/break/start", json!({ "type": "Lunch Break", "at": rfc3339(now) })).await;
    again.expect_error(409);
    let ended = app.post(&ann, "/break/end", json!({ "at": rfc3339(now - Duration::hours(1)) })).await.expect(200);
    let start = ended.data()["startTime"].as_str().unwrap().to_string();
    let end = ended.data()["endTime"].as_str().unwrap().to_string();
    let minutes = |t: &str| t[..2].parse::<i64>().unwrap() * 60 + t[3..].parse::<i64>().unwrap();
    assert_eq!((minutes(&end) - minutes(&start)).rem_euclid(24 * 60), 8 * 60);
}

async fn device_times_outside_the_window_are_refused(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let now = app.state.clock.now();
    for (at, message) in [
        (rfc3339(now - Duration::hours(25)), "The time must be within the last 24 hours."),
        (rfc3339(now + Duration::minutes(5)), "The time cannot be in the future."),
        ("yesterday at noon".to_string(), "Give the time as an RFC 3339 date and time, such as 2026-03-11T10:30:00Z."),
    ] {
        let reply = app.post(&ann, "/break/start", json!({ "type": "Lunch Break", "at": at })).await.expect_error(422);
        assert_eq!(reply.field("at"), message, "{at}");
        assert_eq!(app.get(&ann, "/break/current").await.data(), &Value::Null, "nothing started");
    }
    // A minute ahead of the server's clock is a device clock a little fast: accepted.
    app.post(&ann, "/break/start", json!({ "type": "Lunch Break", "at": rfc3339(now + Duration::minutes(1)) }))
        .await
        .expect(201);
    for (at, message) in [
        (rfc3339(now - Duration::minutes(10)), "The end must be after the break's start."),
        (rfc3339(now + Duration::minutes(3)), "The time cannot be in the future."),
    ] {
        let reply = app.post(&ann, "/break/end", json!({ "at": at })).await.expect_error(422);
        assert_eq!(reply.field("at"), message, "{at}");
    }
    assert!(app.get(&ann, "/break/current").await.data().is_object(), "still on the break");
}

/// A kept answer is replayed only to a caller who may make the request: a read-only API token never gets a session's
/// kept write (here the secret of a new write token), nor does a write token get a session's kept answer; the same
/// session gets it again.
async fn a_replay_is_answered_only_to_a_caller_the_route_lets_in(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let token_of = |reply: &Reply| reply.data()["token"].as_str().expect("the secret").to_string();
    let reader = app.post(&ann, "/user/tokens", json!({ "name": "Reader", "scope": "read" })).await.expect(201);
    let reader = Person { token: token_of(&reader), ..ann.clone() };
    let writer = app.post(&ann, "/user/tokens", json!({ "name": "Writer", "scope": "write" })).await.expect(201);
    let writer = Person { token: token_of(&writer), ..ann.clone() };

    let body = json!({ "name": "Deploy", "scope": "write" });
    let made = post_keyed(&app, &ann, "/user/tokens", "mint-1", body.clone()).await.expect(201);
    let refused = post_keyed(&app, &reader, "/user/tokens", "mint-1", body.clone()).await.expect_error(403);
    assert_eq!(refused.message(), bt_app::account::tokens::READ_ONLY);
    assert_eq!(refused.header(idem::REPLAYED_HEADER), None);
    assert!(!refused.text.contains("btpat_"), "no secret: {}", refused.text);
    let refused = post_keyed(&app, &writer, "/user/tokens", "mint-1", body.clone()).await.expect_error(403);
    assert_eq!(refused.message(), idem::SESSION_REPLAY);
    assert!(!refused.text.contains("btpat_"), "no secret: {}", refused.text);

    // The session that made it gets the kept answer again, and nothing more is made.
    let again = post_keyed(&app, &ann, "/user/tokens", "mint-1", body).await.expect(201);
    assert_eq!((again.header(idem::REPLAYED_HEADER), &again.body), (Some("true"), &made.body));
    let tokens = app.get(&ann, "/user/tokens").await.expect(200);
    assert_eq!(tokens.data().as_array().expect("a list").len(), 3);

    // A read-only token cannot replay a write token's kept write either; the write token and the session can.
    let today = app.today(&ann);
    let task = post_keyed(&app, &writer, "/task/add", "task-1", a_task("Plan", &today)).await.expect(201);
    let refused = post_keyed(&app, &reader, "/task/add", "task-1", a_task("Plan", &today)).await.expect_error(403);
    assert_eq!(refused.message(), bt_app::account::tokens::READ_ONLY);
    for who in [&writer, &ann] {
        let again = post_keyed(&app, who, "/task/add", "task-1", a_task("Plan", &today)).await.expect(201);
        assert_eq!((again.header(idem::REPLAYED_HEADER), &again.body), (Some("true"), &task.body));
    }
    assert_eq!(tasks_of(&app, &ann).await.len(), 1);
}
