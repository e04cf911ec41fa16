//! Exports and imports at the size of five years of one person's records, on SQLite (and DynamoDB on moto when
//! installed): a 10,000-row generic CSV previewed and committed (then committed again: everything skipped), the
//! person's records topped up to about 25,000 by more imports, then `export::run` of the person, timed, with the
//! ZIP's size against Lambda's 6 MB answer (4.5 MB of ZIP once base64 adds its third). Figures in
//! `docs/data-transfer.md`.
//!
//!   cargo run -p breaktime-local --example transfer_bench

use std::sync::Arc;
use std::time::Instant;

use bt_app::account::{user_item, User};
use bt_app::config::Config;
use bt_app::export::{self, Scope};
use bt_app::records::import::{self, Source};
use bt_core::store::{Cond, Table};
use chrono::{Duration, NaiveDate, Utc};
use serde_json::json;

/// Lambda's largest buffered answer, and the ZIP that fits in it once base64 encoded.
const LAMBDA_ANSWER: usize = 6 * 1024 * 1024;
const ZIP_CEILING: usize = LAMBDA_ANSWER / 4 * 3;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let dir = std::env::temp_dir().join(format!("transfer-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    run("SQLite (file)", Arc::new(bt_adapters_local::sqlite::SqliteTable::open(&dir.join("bench.sqlite3"))?)).await?;
    match bt_testkit::dynamo_store("transfer_bench").await {
        Some(store) => run("DynamoDB (moto)", store).await?,
        None => println!("DynamoDB (moto): skipped, moto is not installed (make venv)"),
    }
    Ok(())
}

/// Five years of days, each with seven work periods and seven breaks (14 rows a day): `kind,date,start,end,type,note`.
fn rows(from: NaiveDate, days: i64) -> Vec<String> {
    let mut rows = Vec::new();
    for d in 0..days {
        let day = from + Duration::days(d);
        for hour in 8..15 {
            rows.push(format!("work,{day},{hour:02}:00,{hour:02}:40,,Project work {d}-{hour}"));
            rows.push(format!("break,{day},{hour:02}:40,{hour:02}:50,Short Break,"));
        }
    }
    rows
}

fn file(rows: &[String]) -> Vec<u8> {
    let mut text = String::from("kind,date,start,end,type,note\n");
    for row in rows {
        text.push_str(row);
        text.push('\n');
    }
    text.into_bytes()
}

async fn run(name: &str, store: Arc<dyn Table>) -> anyhow::Result<()> {
    let now = Utc::now();
    let team = bt_app::records::new_id(now);
    let user: User = serde_json::from_value(json!({
        "id": bt_app::records::new_id(now), "name": "Bench Person", "email": format!("bench-{}@bench.local", team.to_lowercase()),
        "verified": true, "teamId": team, "role": "admin", "timeZone": "Europe/Berlin", "tokenVersion": 0,
        "createdAt": bt_app::records::timestamp(now),
    }))?;
    store.put(user_item(&user)?, Cond::NotExists).await?;
    let services = bt_app::app::services(
        store.clone(),
        Arc::new(bt_adapters_local::outbox::Outbox::new(None)),
        Config::for_tests(),
    );

    let today = now.date_naive();
    let first_day = today - Duration::days(5 * 365);
    let all = rows(first_day, 5 * 365);
    let (first, rest) = all.split_at(10_000);
    let first = file(first);

    let clock = Instant::now();
    let preview = import::preview(&services, &user, Source::Generic, &first, now).await?;
    let previewed = clock.elapsed();
    let clock = Instant::now();
    let outcome = import::commit(&services, &user, Source::Generic, &first, now).await?;
    let committed = clock.elapsed();
    let clock = Instant::now();
    let again = import::commit(&services, &user, Source::Generic, &first, now).await?;
    let recommitted = clock.elapsed();
    println!(
        "{name}: import of 10,000 rows ({} KB): preview {:.2} s ({} to create, {} refused), commit {:.2} s ({} created), \
         the same file again {:.2} s ({} skipped)",
        first.len() / 1024,
        previewed.as_secs_f64(),
        preview.create.total(),
        preview.refused.len(),
        committed.as_secs_f64(),
        outcome.created,
        recommitted.as_secs_f64(),
        again.skipped
    );

    for chunk in rest.chunks(10_000) {
        import::commit(&services, &user, Source::Generic, &file(chunk), now).await?;
    }
    let clock = Instant::now();
    let archive = export::run(&services, &user, Scope::Mine, now).await?;
    let took = clock.elapsed();
    println!(
        "{name}: export of {} records: {:.2} s, ZIP {:.2} MB ({:.0}% of the {:.1} MB a buffered Lambda answer holds \
         after base64)",
        archive.records,
        took.as_secs_f64(),
        archive.bytes.len() as f64 / 1_048_576.0,
        archive.bytes.len() as f64 * 100.0 / ZIP_CEILING as f64,
        ZIP_CEILING as f64 / 1_048_576.0
    );
    Ok(())
}
