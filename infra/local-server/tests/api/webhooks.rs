//! Team-chat webhooks through the HTTP API and the dev scheduler route, on every store: admins add hooks (the
//! secret shown once), events reach a local receiver in each format, generic ones signed (the receiver checks the
//! signature and the event id), a failed delivery is tried again after its pause and the hook shows its last
//! delivery, the daily "who is off" goes at its local time, members cannot manage hooks, and without dev routes
//! only https to public addresses is accepted.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use crate::support::*;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use bt_adapters_outbound::webhook::{verify_signature, EVENT_ID_HEADER, SIGNATURE_HEADER};
use bt_app::account::Role;
use bt_core::store::Table;
use chrono::{DateTime, Duration, SecondsFormat, Timelike, Utc};
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    events_reach_each_format_and_generic_ones_are_signed,
    a_failed_delivery_is_tried_again_and_the_hook_shows_it,
    the_daily_absences_post_goes_at_its_local_time,
    only_admins_manage_hooks_and_only_public_https_is_accepted,
    member_text_reaches_chats_as_text_and_a_burst_of_breaks_is_summed_up,
);

/// Each post: its path, headers and body.
type Posts = Arc<Mutex<Vec<(String, HeaderMap, Vec<u8>)>>>;

#[derive(Clone, Default)]
struct Receiver {
    got: Posts,
    failures_left: Arc<AtomicU32>,
}

impl Receiver {
    fn bodies(&self, path: &str) -> Vec<(HeaderMap, Value, Vec<u8>)> {
        let got = self.got.lock().unwrap();
        got.iter()
            .filter(|(p, _, _)| p == path)
            .map(|(_, h, b)| (h.clone(), serde_json::from_slice(b).unwrap(), b.clone()))
            .collect()
    }
}

/// A chat's incoming webhook on 127.0.0.1: `/flaky/..` answers 500 while `failures_left` lasts.
async fn receiver() -> (String, Receiver) {
    let state = Receiver::default();
    async fn receive(
        State(r): State<Receiver>,
        Path(path): Path<String>,
        headers: HeaderMap,
        body: axum::body::Bytes,
    ) -> StatusCode {
        r.got.lock().unwrap().push((format!("/{path}"), headers, body.to_vec()));
        if path.starts_with("flaky") && r.failures_left.load(Ordering::SeqCst) > 0 {
            r.failures_left.fetch_sub(1, Ordering::SeqCst);
            return StatusCode::INTERNAL_SERVER_ERROR;
        }
        StatusCode::OK
    }
    let app = axum::Router::new().route("/{*path}", post(receive)).with_state(state.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (base, state)
}

async fn run_at(app: &TestApp, now: DateTime<Utc>) -> Value {
    let now = now.to_rfc3339_opts(SecondsFormat::Secs, true);
    app.api.post("/dev/scheduler/run", None, json!({ "now": now })).await.expect(200).data().clone()
}

async fn add_hook(app: &TestApp, admin: &Person, url: &str, format: &str, events: &[&str]) -> Value {
    let body = json!({ "url": url, "format": format, "events": events });
    app.post(admin, "/admin/webhooks", body).await.expect(201).data().clone()
}

async fn events_reach_each_format_and_generic_ones_are_signed(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let (base, got) = receiver().await;
    let team = app.new_team();
    let admin = app.person_in(&team, "Ada Admin", Role::Admin, "UTC").await;
    let member = app.person_in(&team, "Mo Member", Role::Member, "UTC").await;
    let generic =
        add_hook(&app, &admin, &format!("{base}/generic"), "generic", &["break.started", "break.ended"]).await;
    let secret = generic["secret"].as_str().expect("the secret, once").to_string();
    assert!(secret.starts_with("whsec_"));
    add_hook(&app, &admin, &format!("{base}/slack"), "slack", &["leave.approved"]).await;
    add_hook(&app, &admin, &format!("{base}/teams"), "teams", &["break.started"]).await;
    let listed = app.get(&admin, "/admin/webhooks").await.expect(200);
    assert_eq!(listed.data().as_array().unwrap().len(), 3);
    assert!(!listed.body.to_string().contains(&secret), "never shown again");

    app.post(&member, "/break/start", json!({ "type": "Coffee Break" })).await.expect(201);
    let report = run_at(&app, app.state.clock.now()).await;
    assert_eq!(report["hooks"].as_array().unwrap().len(), 2, "{report}");
    let generic_posts = got.bodies("/generic");
    assert_eq!(generic_posts.len(), 1);
    let (headers, body, raw) = &generic_posts[0];
    assert_eq!(body["type"], "break.started");
    assert!(body["text"].as_str().unwrap().contains("Mo Member"));
    assert_eq!(headers[EVENT_ID_HEADER].to_str().unwrap(), body["id"].as_str().unwrap());
    let signature = headers[SIGNATURE_HEADER].to_str().unwrap();
    verify_signature(&secret, signature, raw, SystemTime::now(), std::time::Duration::from_secs(300))
        .expect("the receiver can check the signature");
    assert!(verify_signature("whsec_other", signature, raw, SystemTime::now(), std::time::Duration::from_secs(300))
        .is_err());
    let teams = got.bodies("/teams");
    assert_eq!(teams[0].1["type"], "message");
    assert!(teams[0].1.to_string().contains("Mo Member started a Coffee Break."));
    // Sent once: a later run has nothing more.
    assert!(run_at(&app, app.state.clock.now()).await["hooks"].as_array().unwrap().is_empty());

    app.post(&member, "/break/end", json!({})).await.expect(200);
    let from = (app.state.clock.now() + Duration::days(20)).format("%Y-%m-%d").to_string();
    let leave = app.post(&member, "/leaves/add", a_leave(&from, &from)).await.expect(201).id();
    app.post(&admin, &format!("/leaves/approve/{leave}"), json!({})).await.expect(200);
    run_at(&app, app.state.clock.now()).await;
    assert_eq!(got.bodies("/generic").last().unwrap().1["type"], "break.ended");
    let slack = got.bodies("/slack");
    assert_eq!(slack.len(), 1);
    let text = slack[0].1["text"].as_str().unwrap();
    assert!(text.contains("Mo Member") && text.contains("approved by Ada Admin"), "{text}");
    assert_eq!(got.bodies("/teams").len(), 1, "the Teams hook chose break.started only");
}

async fn a_failed_delivery_is_tried_again_and_the_hook_shows_it(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let (base, got) = receiver().await;
    got.failures_left.store(1, Ordering::SeqCst);
    let team = app.new_team();
    let admin = app.person_in(&team, "Ada Admin", Role::Admin, "UTC").await;
    add_hook(&app, &admin, &format!("{base}/flaky"), "slack", &["break.started"]).await;
    app.post(&admin, "/break/start", json!({ "type": "Lunch Break" })).await.expect(201);
    let now = app.state.clock.now();
    let first = run_at(&app, now).await;
    assert_eq!(first["hooks"][0]["ok"], false, "{first}");
    let hook = &app.get(&admin, "/admin/webhooks").await.expect(200).data()[0].clone();
    let last = &hook["lastDelivery"];
    assert_eq!(
        (last["ok"].clone(), last["status"].clone(), last["attempt"].clone()),
        (json!(false), json!(500), json!(1))
    );
    assert_eq!(last["message"], "HTTP 500");
    assert!(last["nextAttempt"].is_string(), "{hook}");
    // Not before its pause (a minute), then delivered with the same event id.
    assert!(run_at(&app, now + Duration::seconds(20)).await["hooks"].as_array().unwrap().is_empty());
    let second = run_at(&app, now + Duration::minutes(2)).await;
    assert_eq!((second["hooks"][0]["ok"].clone(), second["hooks"][0]["attempt"].clone()), (json!(true), json!(2)));
    let posts = got.bodies("/flaky");
    assert_eq!(posts.len(), 2);
    assert_eq!(posts[0].0[EVENT_ID_HEADER], posts[1].0[EVENT_ID_HEADER], "one event id for every try");
    let hook = &app.get(&admin, "/admin/webhooks").await.expect(200).data()[0].clone();
    assert_eq!(hook["lastDelivery"]["ok"], true);
}

async fn the_daily_absences_post_goes_at_its_local_time(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let (base, got) = receiver().await;
    let team = app.new_team();
    let admin = app.person_in(&team, "Ada Admin", Role::Admin, "Asia/Tokyo").await;
    let body = json!({ "url": format!("{base}/daily"), "format": "generic", "events": ["daily.absences"], "dailyAt": "09:15" });
    app.post(&admin, "/admin/webhooks", body).await.expect(201);
    // 09:15 in Tokyo is 00:15 UTC.
    let now = app.state.clock.now();
    let mut at = now.date_naive().and_hms_opt(0, 15, 0).unwrap().and_utc();
    while at <= now {
        at += Duration::days(1);
    }
    assert!(run_at(&app, at - Duration::minutes(1)).await["hooks"].as_array().unwrap().is_empty());
    let report = run_at(&app, at).await;
    assert_eq!(report["hooks"][0]["event"], "daily.absences", "{report}");
    let post = &got.bodies("/daily")[0].1;
    assert!(post["text"].as_str().unwrap().starts_with("Nobody is off today"), "{post}");
    // The next day's is filed.
    assert_eq!(run_at(&app, at + Duration::days(1)).await["hooks"].as_array().unwrap().len(), 1);
}

async fn only_admins_manage_hooks_and_only_public_https_is_accepted(store: Store) {
    let app = spawn_app_with(options().store(store).configure(|c| c.dev_routes = false)).await;
    let team = app.new_team();
    let admin = app.person_in(&team, "Ada Admin", Role::Admin, "UTC").await;
    let member = app.person_in(&team, "Mo Member", Role::Member, "UTC").await;
    let body = |url: &str| json!({ "url": url, "format": "generic", "events": ["break.started"] });
    for url in [
        "http://hooks.example.com/x",
        "https://127.0.0.1/x",
        "https://localhost/x",
        "https://10.0.0.8/x",
        "https://169.254.169.254/latest",
        "https://[::1]/x",
    ] {
        let refused = app.post(&admin, "/admin/webhooks", body(url)).await.expect(422);
        assert!(!refused.field("url").is_empty(), "{url}");
    }
    let bad = json!({ "url": "", "format": "fax", "events": ["lunch.eaten"], "dailyAt": "soon" });
    let refused = app.post(&admin, "/admin/webhooks", bad).await.expect(422);
    for field in ["url", "format", "events", "dailyAt"] {
        assert!(!refused.field(field).is_empty(), "{field}: {:?}", refused.body);
    }
    app.post(&member, "/admin/webhooks", body("https://hooks.example.com/x")).await.expect(403);
    app.get(&member, "/admin/webhooks").await.expect(403);
    assert!(app.get(&admin, "/admin/webhooks").await.expect(200).data().as_array().unwrap().is_empty());
    app.delete(&admin, "/admin/webhooks/01HZZZZZZZZZZZZZZZZZZZZZZZ").await.expect(404);

    // Another team's admin cannot remove a team's hook.
    let dev = spawn_app().await;
    let (base, _) = receiver().await;
    let (t1, t2) = (dev.new_team(), dev.new_team());
    let ada = dev.person_in(&t1, "Ada", Role::Admin, "UTC").await;
    let eve = dev.person_in(&t2, "Eve", Role::Admin, "UTC").await;
    let id = add_hook(&dev, &ada, &format!("{base}/x"), "slack", &["break.started"]).await["_id"]
        .as_str()
        .unwrap()
        .to_string();
    dev.delete(&eve, &format!("/admin/webhooks/{id}")).await.expect(404);
    dev.delete(&ada, &format!("/admin/webhooks/{id}")).await.expect(200);
    assert!(dev.get(&ada, "/admin/webhooks").await.expect(200).data().as_array().unwrap().is_empty());
}

async fn member_text_reaches_chats_as_text_and_a_burst_of_breaks_is_summed_up(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let (base, got) = receiver().await;
    let team = app.new_team();
    let admin = app.person_in(&team, "Ada Admin", Role::Admin, "UTC").await;
    let evil = "<!channel> <https://e.ex|Hi> & **[win](https://e.ex)**";
    let member = app.person_in(&team, "Eve Member", Role::Member, "UTC").await;
    app.put(&member, "/user/profile", json!({ "name": evil })).await.expect(200);
    let both = ["break.started", "break.ended"];
    add_hook(&app, &admin, &format!("{base}/slack"), "slack", &both).await;
    add_hook(&app, &admin, &format!("{base}/teams"), "teams", &both).await;

    // The twelve events below must fall in one minute, however slow the store: the app's clock stands still for
    // them (at the top of a minute).
    let second = i64::from(app.state.clock.now().second());
    app.state.clock.advance(60 - second);
    app.state.clock.pause();
    app.post(&member, "/break/start", json!({ "type": "Coffee Break" })).await.expect(201);
    run_at(&app, app.state.clock.now()).await;
    let slack = got.bodies("/slack")[0].1["text"].as_str().unwrap().to_string();
    assert!(!slack.contains('<') && !slack.contains('>'), "{slack}");
    assert!(slack.starts_with("&lt;!channel&gt; &lt;https://e.ex|Hi&gt; &amp; "), "{slack}");
    let teams = got.bodies("/teams")[0].1["attachments"][0]["content"]["body"][0]["text"].as_str().unwrap().to_string();
    assert!(teams.contains("\\*\\*\\[win\\]\\(https://e.ex\\)\\*\\*"), "{teams}");

    // Ten more start-and-end taps within the minute: four posts in all for the minute, then one that sums up the rest.
    app.post(&member, "/break/end", json!({})).await.expect(200);
    let minute_start = app.state.clock.now();
    for _ in 0..5 {
        app.post(&member, "/break/start", json!({ "type": "Coffee Break" })).await.expect(201);
        app.post(&member, "/break/end", json!({})).await.expect(200);
    }
    app.state.clock.resume();
    run_at(&app, minute_start).await;
    let posts = got.bodies("/slack");
    assert!(posts.len() <= 4, "{} posts within the minute", posts.len());
    run_at(&app, minute_start + Duration::seconds(61)).await;
    let posts = got.bodies("/slack");
    let last = posts.last().unwrap().1["text"].as_str().unwrap().to_string();
    assert!(last.contains("started or ended a break") && last.contains("more times within a minute"), "{last}");
    let events: usize = posts.len() - 1;
    let summed: usize =
        last.split(" break ").nth(1).and_then(|r| r.split_whitespace().next()).unwrap().parse().unwrap();
    assert_eq!(events + summed, 12, "every event of the minute is posted or counted: {posts:?}");
    assert_eq!(got.bodies("/teams").len(), posts.len(), "the same for every hook");
}
