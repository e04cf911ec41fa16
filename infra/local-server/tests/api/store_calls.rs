//! The store calls of a request, held as upper bounds (`make bench-calls` prints each request's): a request reads its
//! caller once (on a write the idempotency layer's read is the route's), and clocking in and the current period read
//! the open period and the day once for both the period's net time and the guard of the team's rules.

use std::sync::Arc;

use bt_core::store::Table;
use bt_testkit::counting::{Calls, CountingStore};
use reqwest::Method;
use serde_json::{json, Value};

use crate::support::*;

/// The app over a counting store, its clock on a mid-month afternoon, and Ann (admin of her team) signed in.
async fn counted_app() -> (TestApp, Arc<CountingStore>, Person) {
    let store = CountingStore::new(Arc::new(bt_adapters_local::sqlite::SqliteTable::in_memory().unwrap()));
    let app = spawn_app_with(options().store(store.clone() as Arc<dyn Table>)).await;
    app.clock_forward_to(next_mid_month(app.state.clock.now()));
    let ann = app.person("Ann").await;
    (app, store, ann)
}

/// The store calls of one request sent as the web app sends it (a write with an `Idempotency-Key`), which must
/// succeed.
async fn calls(
    app: &TestApp,
    store: &CountingStore,
    token: &str,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> Calls {
    let mut request = app.api.client.request(method.clone(), app.url(path)).bearer_auth(token);
    if let Some(body) = body {
        let key = bt_app::records::new_id(app.state.clock.now()).to_string();
        request = request.header("Idempotency-Key", key).json(&body);
    }
    store.take();
    let response = request.send().await.expect("the app answers");
    let status = response.status();
    let text = response.text().await.unwrap_or_default();
    assert!(status.is_success(), "{method} {path}: {status} {text}");
    store.take()
}

/// At most so many reads and writes.
#[track_caller]
fn at_most(what: &str, calls: Calls, reads: u64, writes: u64) {
    assert!(
        calls.reads() <= reads && calls.writes() <= writes,
        "{what}: {calls}, more than {reads} reads or {writes} writes"
    );
}

#[tokio::test]
async fn each_request_reads_the_store_at_most_so_often() {
    let (app, store, ann) = counted_app().await;
    let today = app.today(&ann);
    let token = ann.token.as_str();

    let added = calls(&app, &store, token, Method::POST, "/break/add", Some(a_break(&today, "08:00", "08:15"))).await;
    // The caller (one get), the break's month lock (one query); the idempotency claim and its answer, the break.
    at_most("POST /break/add", added, 3, 3);
    assert_eq!(added.get, 2, "POST /break/add reads its caller once: {added}");

    let idle = calls(&app, &store, token, Method::GET, "/work/current", None).await;
    at_most("GET /work/current, not clocked in", idle, 2, 0);

    app.state.clock.advance(600);
    let started = calls(&app, &store, token, Method::POST, "/work/start", Some(json!({}))).await;
    at_most("POST /work/start, no rules", started, 9, 5);

    app.state.clock.advance(600);
    let current = calls(&app, &store, token, Method::GET, "/work/current", None).await;
    at_most("GET /work/current, no rules", current, 6, 0);
    assert_eq!((current.query_all, current.query), (2, 0), "the day's periods and breaks, once each: {current}");

    // Under the team's rules the guard's reads come in: the rule set and the live break, no second read of the day.
    let bob = app.person("Bob").await;
    app.put(&bob, "/work/rules", json!({ "preset": "de" })).await.expect(200);
    let token = bob.token.as_str();
    let started = calls(&app, &store, token, Method::POST, "/work/start", Some(json!({}))).await;
    // Besides the answer's read of the day, the guard's reminders are filed from a read of their own (notifications).
    at_most("POST /work/start, rules", started, 15, 5);

    app.state.clock.advance(600);
    let current = calls(&app, &store, token, Method::GET, "/work/current", None).await;
    at_most("GET /work/current, rules", current, 7, 0);
    assert_eq!((current.query_all, current.query), (2, 0), "the day's periods and breaks, once each: {current}");
}

#[tokio::test]
async fn an_api_token_is_checked_once_on_a_write() {
    let (app, store, ann) = counted_app().await;
    let reply = app.post(&ann, "/user/tokens", json!({ "name": "CI", "scope": "write" })).await.expect(201);
    let secret = reply.data()["token"].as_str().expect("the secret").to_string();
    let today = app.today(&ann);
    let first = calls(&app, &store, &secret, Method::POST, "/break/add", Some(a_break(&today, "08:00", "08:15"))).await;
    // The token's item and its owner (gets), the lock (a query); the claim, its answer, the break, the last use.
    at_most("POST /break/add with an API token, first use", first, 4, 4);
    assert_eq!(first.get, 3, "the token and its owner are read once: {first}");
    assert_eq!(first.transact, 2, "the break, and the token's last use stamped once: {first}");
    let again = calls(&app, &store, &secret, Method::POST, "/break/add", Some(a_break(&today, "09:00", "09:15"))).await;
    at_most("POST /break/add with an API token, used within the hour", again, 4, 3);
}
