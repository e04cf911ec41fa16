//! Load generator of `infra/bench/run.sh`: seeds two people straight into a data folder, then drives a running
//! local server with concurrent clients and prints requests per second and latency percentiles.
//!
//!   records_bench seed <data dir>                     writes the people, prints `<creator token> <reader token>`
//!   records_bench load <base url> <creator token> <reader token> [clients] [requests per scenario]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use bt_adapters_local::outbox::Outbox;
use bt_adapters_local::sqlite::SqliteTable;
use bt_domain::account::{member_item, user_item, Member, User};
use bt_domain::config::Config;
use bt_domain::records::{breaks, dates, BreakInput, Owner};
use bt_domain::store::{Cond, Table};
use bt_http::AppState;
use serde_json::json;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("seed") => seed(args.get(2).ok_or_else(|| anyhow::anyhow!("seed <data dir>"))?).await,
        Some("load") if args.len() >= 5 => {
            let clients = args.get(5).map(|v| v.parse()).transpose()?.unwrap_or(16);
            let requests = args.get(6).map(|v| v.parse()).transpose()?.unwrap_or(5000);
            load(&args[2], &args[3], &args[4], clients, requests).await
        }
        _ => anyhow::bail!(
            "usage: records_bench seed <data dir> | load <url> <creator token> <reader token> [clients] [requests]"
        ),
    }
}

/// The same signing key the server uses: `<data dir>/jwt-secret`, created here when absent.
fn secret(dir: &std::path::Path) -> anyhow::Result<Vec<u8>> {
    let path = dir.join("jwt-secret");
    if let Ok(bytes) = std::fs::read(&path) {
        if bytes.len() >= 32 {
            return Ok(bytes);
        }
    }
    let bytes: Vec<u8> = (0..48).map(|_| rand::random::<u8>()).collect();
    std::fs::write(&path, &bytes)?;
    Ok(bytes)
}

async fn seed(dir: &str) -> anyhow::Result<()> {
    let dir = std::path::Path::new(dir);
    std::fs::create_dir_all(dir)?;
    let store = Arc::new(SqliteTable::open(&dir.join("breaktime.sqlite3"))?);
    let state = AppState::new(store.clone(), Arc::new(Outbox::new(None)), Config::from_env(Some(secret(dir)?))?);
    let now = state.clock.now();
    let team = bt_domain::records::new_id(now);
    let mut tokens = Vec::new();
    for name in ["Creator", "Reader"] {
        let id = bt_domain::records::new_id(state.clock.now());
        let email = format!("{}@bench.local", id.to_lowercase());
        let stamp = bt_domain::records::timestamp(now);
        let user: User = serde_json::from_value(json!({
            "id": id, "name": name, "email": email, "verified": true, "teamId": team, "role": "member",
            "timeZone": "UTC", "tokenVersion": 0, "createdAt": stamp,
        }))?;
        let member: Member = serde_json::from_value(json!({
            "userId": id, "name": name, "email": email, "role": "member", "joinedAt": stamp,
        }))?;
        store.put(user_item(&user)?, Cond::NotExists).await?;
        store.put(member_item(&user.team_id, &member)?, Cond::NotExists).await?;
        tokens.push(bt_domain::auth::issue_access_token(&state, &user)?);
        if name == "Reader" {
            // A realistic day: eight breaks to list.
            let owner = Owner::of(&user);
            let today = bt_domain::records::dates::today_in("UTC", now);
            for h in 9..17 {
                let input = BreakInput {
                    start_time: Some(format!("{h:02}:00")),
                    end_time: Some(format!("{h:02}:10")),
                    created_date: Some(today.clone()),
                    reason: Some("Stretch".into()),
                    break_type: Some("Short Break".into()),
                };
                breaks::add_break(store.as_ref(), &owner, &input, now).await?;
            }
        }
    }
    println!("{} {}", tokens[0], tokens[1]);
    Ok(())
}

struct Outcome {
    latencies: Vec<Duration>,
    failures: usize,
    elapsed: Duration,
}

/// `clients` tasks share `requests` calls of `make`; each call's latency is kept.
async fn drive<F>(clients: usize, requests: usize, make: F) -> Outcome
where
    F: Fn(&reqwest::Client, usize) -> reqwest::RequestBuilder + Send + Sync + 'static,
{
    let make = Arc::new(make);
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..clients {
        let (make, next) = (make.clone(), next.clone());
        tasks.push(tokio::spawn(async move {
            let client = reqwest::Client::builder().pool_max_idle_per_host(1).build().unwrap();
            let mut latencies = Vec::new();
            let mut failures = 0;
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= requests {
                    break;
                }
                let t = Instant::now();
                match make(&client, i).send().await {
                    Ok(r) if r.status().is_success() => {
                        let _ = r.bytes().await;
                    }
                    _ => failures += 1,
                }
                latencies.push(t.elapsed());
            }
            (latencies, failures)
        }));
    }
    let mut latencies = Vec::new();
    let mut failures = 0;
    for t in tasks {
        let (l, f) = t.await.unwrap();
        latencies.extend(l);
        failures += f;
    }
    Outcome { latencies, failures, elapsed: started.elapsed() }
}

fn report(name: &str, clients: usize, mut o: Outcome) {
    o.latencies.sort();
    let pct = |p: f64| {
        let i = ((o.latencies.len() as f64 * p).ceil() as usize).clamp(1, o.latencies.len()) - 1;
        o.latencies[i].as_secs_f64() * 1000.0
    };
    println!(
        "{name:<22} {clients} clients  {:>6} requests  {:>8.0} req/s  p50 {:>6.2} ms  p99 {:>6.2} ms  failures {}",
        o.latencies.len(),
        o.latencies.len() as f64 / o.elapsed.as_secs_f64(),
        pct(0.50),
        pct(0.99),
        o.failures
    );
}

async fn load(base: &str, creator: &str, reader: &str, clients: usize, requests: usize) -> anyhow::Result<()> {
    let base = base.trim_end_matches('/').to_string();
    // Creates are spread over the past 300 days like a real log; each body is a valid 15-minute break.
    let today = dates::parse_date(&dates::today_in("UTC", bt_domain::clock::Clock::default().now())).unwrap();
    let days: Vec<String> =
        std::iter::successors(Some(today), |d| d.pred_opt()).take(300).map(dates::format_date).collect();
    let create = {
        let (url, token) = (format!("{base}/break/add"), creator.to_string());
        move |c: &reqwest::Client, i: usize| {
            let day = &days[i % days.len()];
            let minute = i % 40;
            c.post(&url).bearer_auth(&token).json(&json!({
                "startTime": format!("10:{minute:02}"), "endTime": format!("10:{:02}", minute + 15),
                "createdDate": day, "type": "Coffee Break", "reason": "bench",
                "isClosed": true, "isModal": false,
            }))
        }
    };
    let list = {
        let (url, token) = (format!("{base}/break/todayBreaks"), reader.to_string());
        move |c: &reqwest::Client, _: usize| c.get(&url).bearer_auth(&token)
    };
    // Warm-up: connections, caches, the SQLite page cache.
    drive(clients, 200, list.clone()).await;
    report("create-break", clients, drive(clients, requests, create).await);
    report("list-today's-breaks", clients, drive(clients, requests, list).await);
    Ok(())
}
