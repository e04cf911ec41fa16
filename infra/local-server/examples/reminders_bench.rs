//! One minute with 1,000 people due at once: each has a live break left open past their reminder, and the job's run
//! of that minute is timed and its store calls counted, on SQLite and on DynamoDB (moto, when installed). Push keys
//! are set up (so each person's subscriptions are read) and mail goes to an in-memory outbox.
//!
//! Then the live guard of the break and rest rules: 1,000 people of a team under the German preset clocked in 5 h 45
//! before one minute, so each one's "Break due soon" falls due in it; the run of that minute is timed and its store
//! calls per guard message counted (the claim, the account, the settings, the day re-read, the once-only mark, the
//! subscriptions and the next stage filed).
//!
//!   cargo run --release -p breaktime-local --example reminders_bench [people]

use std::sync::Arc;
use std::time::Instant;

use bt_adapters_local::outbox::Outbox;
use bt_adapters_outbound::port::OutboundAdapter;
use bt_adapters_outbound::{Policy, VapidKeys};
use bt_app::account::{user_item, User};
use bt_app::config::Config;
use bt_app::notifications::{due, job};
use bt_app::records::{breaks, LiveBreakInput, Owner};
use bt_app::work::rules::{settings, Preset, RuleSet};
use bt_app::work::{live, StartWorkInput};
use bt_app::Services;
use bt_core::store::{Cond, Item, Table};
use chrono::{Duration, Utc};
use serde_json::json;

use bt_testkit::counting::CountingStore;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let people: usize = std::env::args().nth(1).map(|n| n.parse()).transpose()?.unwrap_or(1000);
    run("SQLite (file)", Arc::new(bt_adapters_local::sqlite::SqliteTable::open(&temp_db()?)?), people).await?;
    match bt_testkit::dynamo_store("reminders_bench").await {
        Some(store) => run("DynamoDB (moto)", store, people).await?,
        None => println!("DynamoDB (moto): skipped, moto is not installed (make venv)"),
    }
    Ok(())
}

fn temp_db() -> anyhow::Result<std::path::PathBuf> {
    let dir = std::env::temp_dir().join(format!("reminders-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    Ok(dir.join("bench.sqlite3"))
}

async fn run(name: &str, inner: Arc<dyn Table>, people: usize) -> anyhow::Result<()> {
    let store = CountingStore::new(inner.clone());
    let config = Config::for_tests();
    let outbound = OutboundAdapter::new(Policy::STRICT, Some(VapidKeys::generate()), None, &config.support_email)?;
    let services =
        bt_app::app::services(store.clone(), Arc::new(Outbox::new(None)), config).with_outbound(Arc::new(outbound));
    // Everyone started a break 60 and a half minutes before `at`: each is due half a minute before it, filed under `at`.
    let at = due::minute_of(Utc::now()) + Duration::hours(2);
    let started = at - Duration::minutes(60) - Duration::seconds(30);
    // The seeding writes past the counting store.
    let seeding_app = bt_app::app::services(inner.clone(), Arc::new(Outbox::new(None)), Config::for_tests());
    let seeding = Instant::now();
    let team = bt_app::records::new_id(Utc::now());
    for i in 0..people {
        let id = bt_app::records::new_id(Utc::now());
        let user: User = serde_json::from_value(json!({
            "id": id, "name": format!("Person {i}"), "email": format!("p{i}-{}@bench.local", id.to_lowercase()),
            "verified": true, "teamId": team, "role": "member", "timeZone": "Europe/Berlin", "tokenVersion": 0,
            "createdAt": bt_app::records::timestamp(started),
        }))?;
        inner.put(user_item(&user)?, Cond::NotExists).await?;
        let input = LiveBreakInput { break_type: Some("Lunch Break".into()), ..Default::default() };
        breaks::start_break(&seeding_app, &Owner::of(&user), &input, started).await?;
    }
    // The previous minute was handled: this run takes exactly the minute everyone is due in.
    let mut cursor = Item::new();
    cursor.insert("PK".into(), "SCHEDULER".into());
    cursor.insert("SK".into(), "CURSOR".into());
    cursor.insert("minute".into(), due::minute_key(at - Duration::minutes(1)).into());
    inner.put(cursor, Cond::None).await?;
    let seeded = seeding.elapsed();
    store.take();

    let clock = Instant::now();
    let report = job::run_scheduled(&services, at).await?;
    let took = clock.elapsed();
    let calls = store.take();
    let total = calls.total();
    let mails = report.sent.iter().filter(|d| d.channel == "email").count();
    println!(
        "{name}: {people} people due in one minute (seeded in {:.1} s): run took {:.2} s, {} reminders found, {mails} \
         mails, {} skipped",
        seeded.as_secs_f64(),
        took.as_secs_f64(),
        report.found,
        report.skipped.len()
    );
    println!("  store calls: {total} in all, {:.2} per reminder: {}", total as f64 / people.max(1) as f64, calls);
    guard(&store, &inner, &services, people).await
}

/// The live guard's minute: everyone of a German-preset team clocked in 5 h 45 before it.
async fn guard(
    store: &CountingStore,
    inner: &Arc<dyn Table>,
    services: &Services,
    people: usize,
) -> anyhow::Result<()> {
    let at = due::minute_of(Utc::now()) + Duration::hours(4);
    let started = at - Duration::minutes(5 * 60 + 45);
    let seeding = Instant::now();
    let team = bt_app::records::new_id(Utc::now());
    let team_id = bt_app::types::TeamId::parse(team.as_ref()).map_err(|_| anyhow::anyhow!("a team id"))?;
    settings::seed(inner.as_ref(), &team_id, &RuleSet::preset(Preset::De), chrono::Utc::now()).await?;
    for i in 0..people {
        let id = bt_app::records::new_id(Utc::now());
        let user: User = serde_json::from_value(json!({
            "id": id, "name": format!("Worker {i}"), "email": format!("w{i}-{}@bench.local", id.to_lowercase()),
            "verified": true, "teamId": team, "role": "member", "timeZone": "Europe/Berlin", "tokenVersion": 0,
            "createdAt": bt_app::records::timestamp(started),
        }))?;
        inner.put(user_item(&user)?, Cond::NotExists).await?;
        let input = StartWorkInput { at: Some(started.to_rfc3339()), note: None };
        live::start_work(inner.as_ref(), &Owner::of(&user), &input, started + Duration::minutes(1)).await?;
    }
    let mut cursor = Item::new();
    cursor.insert("PK".into(), "SCHEDULER".into());
    cursor.insert("SK".into(), "CURSOR".into());
    cursor.insert("minute".into(), due::minute_key(at - Duration::minutes(1)).into());
    inner.put(cursor, Cond::None).await?;
    let seeded = seeding.elapsed();
    store.take();

    let clock = Instant::now();
    let report = job::run_scheduled(services, at).await?;
    let took = clock.elapsed();
    let calls = store.take();
    let total = calls.total();
    let messages = report.sent.iter().filter(|d| d.channel == "email").count();
    println!(
        "  live guard: {people} people warned in one minute (seeded in {:.1} s): run took {:.2} s, {} found, \
         {messages} messages, {} skipped",
        seeded.as_secs_f64(),
        took.as_secs_f64(),
        report.found,
        report.skipped.len()
    );
    println!(
        "  store calls: {total} in all, {:.2} per guard message: {}",
        total as f64 / messages.max(1) as f64,
        calls
    );
    Ok(())
}
