//! The store calls one request makes: the whole local server over an in-memory SQLite store behind a counting
//! wrapper (`bt_testkit::counting`), one person signed in, and a working day's requests sent one at a time as the
//! web app sends them (a session's access token; every write with an `Idempotency-Key`). Prints, per request, its
//! status, the store's reads and writes by operation, and the access-token signatures checked.
//!
//!   cargo run -q -p breaktime-local --example store_calls        (make bench-calls)
//!
//! Counts, not timings: the same code answers the same figures on any machine. The API test
//! `store_calls::each_request_reads_the_store_at_most_so_often` holds the main ones as upper bounds.

use std::net::SocketAddr;
use std::sync::Arc;

use bt_adapters_local::outbox::Outbox;
use bt_adapters_local::sqlite::SqliteTable;
use bt_app::account::{email_guard_item, member_item, team_item, user_item, Member, Team, User};
use bt_app::config::Config;
use bt_core::store::{Cond, Table};
use bt_http::AppState;
use bt_testkit::counting::CountingStore;
use chrono::{Datelike, Months, Utc};
use reqwest::Method;
use serde_json::{json, Value};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let store = CountingStore::new(Arc::new(SqliteTable::in_memory()?));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}", listener.local_addr()?);
    let mut config = Config::for_tests();
    config.api_url = base.clone();
    let state = AppState::new(store.clone(), Arc::new(Outbox::new(None)), config);
    // The 15th of a month at 09:00 UTC: the day's requests all fall in one day, whatever the date of the run.
    let now = state.clock.now();
    let mid = now.date_naive().with_day(15).expect("a 15th").and_hms_opt(9, 0, 0).expect("a time").and_utc();
    let mid = if mid > now { mid } else { mid.checked_add_months(Months::new(1)).expect("a month on") };
    state.clock.advance((mid - now).num_seconds());

    let app = breaktime_local::app(state.clone(), None);
    tokio::spawn(async move {
        let _ = axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>()).await;
    });
    let client = reqwest::Client::new();
    let today = mid.format("%Y-%m-%d").to_string();

    println!("Store calls per request: local server over SQLite, one signed-in person (a session's token) per team,");
    println!("writes with an Idempotency-Key as the web app sends them. JWT = access-token signatures checked.");
    for rules in ["none", "de"] {
        let token = person(&state, store.as_ref()).await?;
        let send = |method: Method, path: &str, body: Option<Value>| {
            let mut request = client.request(method, format!("{base}{path}")).bearer_auth(&token);
            if let Some(body) = body {
                let key = bt_app::records::new_id(Utc::now()).to_string();
                request = request.header("Idempotency-Key", key).json(&body);
            }
            request.send()
        };
        if rules != "none" {
            let status = send(Method::PUT, "/work/rules", Some(json!({ "preset": rules }))).await?.status();
            anyhow::ensure!(status.is_success(), "PUT /work/rules answered {status}");
        }
        println!("\nThe team's break and rest rules: preset {rules}");
        println!(
            "{:<24} {:>6} {:>5} {:>6} {:>5}  {:>3}  operations",
            "request", "status", "reads", "writes", "total", "JWT"
        );
        let requests: [(Method, &str, Option<Value>); 8] = [
            (Method::GET, "/work/current", None),
            (Method::POST, "/work/start", Some(json!({}))),
            (Method::GET, "/work/current", None),
            (
                Method::POST,
                "/break/add",
                Some(json!({
                    "startTime": "08:00", "endTime": "08:15", "createdDate": today, "type": "Coffee Break",
                    "reason": "",
                })),
            ),
            (Method::POST, "/break/start", Some(json!({ "type": "Lunch Break" }))),
            (Method::GET, "/break/todayBreaks", None),
            (Method::POST, "/break/end", Some(json!({}))),
            (Method::POST, "/work/end", Some(json!({}))),
        ];
        for (method, path, body) in requests {
            // Ten minutes between requests: the break and the working period each last a while.
            state.clock.advance(600);
            let name = format!("{method} {path}");
            store.take();
            let checks = bt_app::auth::signature_checks();
            let response = send(method, path, body).await?;
            let status = response.status();
            let _ = response.bytes().await?;
            let calls = store.take();
            let jwt = bt_app::auth::signature_checks() - checks;
            println!(
                "{name:<24} {:>6} {:>5} {:>6} {:>5}  {jwt:>3}  {calls}",
                status.as_u16(),
                calls.reads(),
                calls.writes(),
                calls.total()
            );
            anyhow::ensure!(status.is_success(), "{name} answered {status}");
        }
        // The next team's day starts an hour later, on the same day.
        state.clock.advance(3600);
    }
    Ok(())
}

/// A verified admin of a team of their own, as a sign-up leaves them (profile, e-mail guard, membership, team),
/// and an access token of a sign-in, as the web app holds one.
async fn person(state: &AppState, store: &dyn Table) -> anyhow::Result<String> {
    let now = state.clock.now();
    let id = bt_app::records::new_id(now);
    let team = bt_app::records::new_id(now);
    let stamp = bt_app::records::timestamp(now - chrono::Duration::days(30));
    let email = format!("{}@bench.local", id.to_lowercase());
    let user: User = serde_json::from_value(json!({
        "id": id, "name": "Ann", "email": email, "verified": true, "teamId": team, "role": "admin",
        "timeZone": "UTC", "tokenVersion": 0, "createdAt": stamp,
    }))?;
    let member: Member = serde_json::from_value(json!({
        "userId": id, "name": "Ann", "email": email, "role": "admin", "joinedAt": stamp,
    }))?;
    let team = Team {
        id: user.team_id.clone(),
        name: "Ann's team".into(),
        created_at: stamp,
        time_zone: None,
        ask_name: false,
    };
    store.put(user_item(&user)?, Cond::NotExists).await?;
    store.put(email_guard_item(&user.email, &user.id), Cond::NotExists).await?;
    store.put(member_item(&user.team_id, &member)?, Cond::NotExists).await?;
    store.put(team_item(&team)?, Cond::NotExists).await?;
    Ok(bt_app::auth::issue_session_access_token(state, &user, "store-calls")?)
}
