//! Web Push through the HTTP API, on every store: a browser subscribes with its `PushSubscription`, the reminder job
//! pushes to a local fake push service, and the test decrypts what it received with the browser's keys (RFC 8291)
//! and checks the VAPID signature (RFC 8292); a subscription the push service calls gone (404, 410) is removed; with
//! `DEV_ROUTES` off, endpoints that are not https to a public address are refused.

use std::sync::{Arc, Mutex};

use crate::support::*;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use bt_adapters_outbound::test_support::{verify_vapid, FakeUserAgent};
use bt_core::store::{Query, SkCond, Table};
use chrono::{DateTime, Duration, SecondsFormat, Utc};
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    a_reminder_is_pushed_encrypted_for_the_browser_and_signed,
    a_subscription_the_push_service_calls_gone_is_removed,
    subscriptions_are_checked_and_belong_to_their_person,
);

/// What the fake push service received: path, headers, body.
type Received = Arc<Mutex<Vec<(String, HeaderMap, Vec<u8>)>>>;

/// A push service on 127.0.0.1: `/ok/<id>` answers 201, `/gone/<id>` 410, `/missing/<id>` 404.
async fn fake_push_service() -> (String, Received) {
    let received: Received = Arc::default();
    async fn receive(
        State(received): State<Received>,
        Path((kind, id)): Path<(String, String)>,
        headers: HeaderMap,
        body: axum::body::Bytes,
    ) -> StatusCode {
        received.lock().unwrap().push((format!("/{kind}/{id}"), headers, body.to_vec()));
        match kind.as_str() {
            "gone" => StatusCode::GONE,
            "missing" => StatusCode::NOT_FOUND,
            _ => StatusCode::CREATED,
        }
    }
    let app = axum::Router::new().route("/{kind}/{id}", post(receive)).with_state(received.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (base, received)
}

fn rfc3339(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

async fn run_at(app: &TestApp, now: DateTime<Utc>) -> Value {
    app.api.post("/dev/scheduler/run", None, json!({ "now": rfc3339(now) })).await.expect(200).data().clone()
}

async fn start_break(app: &TestApp, who: &Person) -> DateTime<Utc> {
    let open = app.post(who, "/break/start", json!({ "type": "Lunch Break" })).await.expect(201);
    DateTime::parse_from_rfc3339(open.data()["since"].as_str().unwrap()).unwrap().with_timezone(&Utc)
}

async fn subscriptions_of(app: &TestApp, who: &Person) -> usize {
    let query = Query::table(format!("USER#{}", who.id), SkCond::BeginsWith("PUSHSUB#".into()));
    app.store().query_all(&query).await.unwrap().len()
}

fn pushes(report: &Value) -> Vec<String> {
    report["sent"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["channel"] == "push")
        .map(|d| d["outcome"].as_str().unwrap().to_string())
        .collect()
}

async fn a_reminder_is_pushed_encrypted_for_the_browser_and_signed(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let (push_service, received) = fake_push_service().await;
    let ann = app.person("Ann").await;
    let browser = FakeUserAgent::new();
    let subscription = serde_json::to_value(browser.subscription(&format!("{push_service}/ok/ann-phone"))).unwrap();
    app.post(&ann, "/notifications/subscriptions", subscription).await.expect(200);
    let public_key = app.api.get("/notifications/vapid-key", None).await.expect(200).data()["publicKey"]
        .as_str()
        .unwrap()
        .to_string();

    let since = start_break(&app, &ann).await;
    let report = run_at(&app, since + Duration::minutes(61)).await;
    assert_eq!(pushes(&report), vec!["delivered"], "{report}");
    let received = received.lock().unwrap().clone();
    assert_eq!(received.len(), 1);
    let (path, headers, body) = &received[0];
    assert_eq!(path, "/ok/ann-phone");
    assert_eq!(headers["content-encoding"], "aes128gcm");
    assert!(body.len() <= 4096);
    let claims = verify_vapid(headers["authorization"].to_str().unwrap(), &public_key).expect("signed with the key");
    assert_eq!(claims.aud, push_service, "the token names the push service's origin");
    let payload: Value = serde_json::from_slice(&browser.decrypt(body)).expect("JSON for the service worker");
    assert_eq!(payload["title"], "Still on break?");
    assert_eq!(payload["url"], "/breaks?action=end-break");
    assert_eq!(payload["actions"][0]["action"], "end-break");
    assert!(payload["body"].as_str().unwrap().contains("Lunch Break"));
    // Push off for this kind: mail only, nothing more reaches the push service.
    app.post(&ann, "/break/end", json!({})).await.expect(200);
    let mut settings = app.get(&ann, "/notifications/settings").await.expect(200).data().clone();
    settings["breakReminder"]["push"] = json!(false);
    app.put(&ann, "/notifications/settings", settings).await.expect(200);
    let since = start_break(&app, &ann).await;
    let report = run_at(&app, since + Duration::minutes(61)).await;
    assert!(pushes(&report).is_empty(), "{report}");
    assert_eq!(report["sent"].as_array().unwrap().len(), 1, "the mail still goes");
}

async fn a_subscription_the_push_service_calls_gone_is_removed(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let (push_service, received) = fake_push_service().await;
    let ann = app.person("Ann").await;
    for path in ["ok/laptop", "gone/old-phone", "missing/old-tablet"] {
        let sub = serde_json::to_value(FakeUserAgent::new().subscription(&format!("{push_service}/{path}"))).unwrap();
        app.post(&ann, "/notifications/subscriptions", sub).await.expect(200);
    }
    assert_eq!(subscriptions_of(&app, &ann).await, 3);
    let since = start_break(&app, &ann).await;
    let mut outcomes = pushes(&run_at(&app, since + Duration::minutes(61)).await);
    outcomes.sort();
    assert_eq!(outcomes, vec!["delivered", "gone", "gone"]);
    assert_eq!(received.lock().unwrap().len(), 3);
    assert_eq!(subscriptions_of(&app, &ann).await, 1, "the gone ones are removed");
}

async fn subscriptions_are_checked_and_belong_to_their_person(store: Store) {
    // As on AWS: no dev routes, so only https to public addresses.
    let app = spawn_app_with(options().store(store).configure(|c| c.dev_routes = false)).await;
    let ann = app.person("Ann").await;
    let browser = FakeUserAgent::new();
    for endpoint in [
        "http://push.example.com/abc",
        "https://127.0.0.1/abc",
        "https://localhost/abc",
        "https://10.1.2.3/abc",
        "https://192.168.0.10/abc",
        "https://169.254.169.254/latest/meta-data",
        "https://metadata.google.internal/abc",
        "https://[::1]/abc",
        "https://[fd00:ec2::254]/abc",
        "https://user:pass@push.example.com/abc",
    ] {
        let sub = serde_json::to_value(browser.subscription(endpoint)).unwrap();
        let refused = app.post(&ann, "/notifications/subscriptions", sub).await.expect(422);
        assert!(!refused.field("endpoint").is_empty(), "{endpoint}: {:?}", refused.body);
    }
    assert_eq!(subscriptions_of(&app, &ann).await, 0);
    // Broken keys are refused with their field.
    let bad = json!({ "endpoint": "https://push.example.com/abc", "keys": { "p256dh": "short", "auth": "x" } });
    let refused = app.post(&ann, "/notifications/subscriptions", bad).await.expect(422);
    assert!(!refused.field("keys.p256dh").is_empty() && !refused.field("keys.auth").is_empty());
    // The dev scheduler route is not served.
    app.api.post("/dev/scheduler/run", None, json!({})).await.expect(404);
    app.api.get("/notifications/vapid-key", None).await.expect(200);

    // A subscription is its person's: another cannot remove it.
    let dev = spawn_app().await;
    let (push_service, _) = fake_push_service().await;
    let (ann, bob) = (dev.person("Ann").await, dev.person("Bob").await);
    let endpoint = format!("{push_service}/ok/ann");
    dev.post(&ann, "/notifications/subscriptions", serde_json::to_value(browser.subscription(&endpoint)).unwrap())
        .await
        .expect(200);
    let body = json!({ "endpoint": endpoint });
    dev.api.delete("/notifications/subscriptions", Some(&bob.token), Some(body.clone())).await.expect(404);
    assert_eq!(subscriptions_of(&dev, &ann).await, 1);
    dev.api.delete("/notifications/subscriptions", Some(&ann.token), Some(body)).await.expect(200);
    assert_eq!(subscriptions_of(&dev, &ann).await, 0);
}
