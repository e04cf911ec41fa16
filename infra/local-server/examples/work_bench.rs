//! A 50-member team's month of working time (20 working days, 2 periods and 2 breaks a day each) seeded straight
//! into a SQLite file, then the team report's `team_days` over the month timed, with its store calls counted.
//!
//!   cargo run --release -p breaktime-local --example work_bench [members]

use std::sync::Arc;
use std::time::Instant;

use bt_app::account::{member_item, user_item, Member, User};
use bt_app::records::{breaks, BreakInput, Owner};
use bt_app::work::{self, PeriodInput};
use bt_core::store::{Cond, Table};
use chrono::{Datelike, Duration, NaiveDate, Utc};
use serde_json::json;

use bt_testkit::counting::CountingStore;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let members: usize = std::env::args().nth(1).map(|n| n.parse()).transpose()?.unwrap_or(50);
    let dir = std::env::temp_dir().join(format!("work-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let sqlite: Arc<dyn Table> = Arc::new(bt_adapters_local::sqlite::SqliteTable::open(&dir.join("bench.sqlite3"))?);
    let now = Utc::now();
    // Last month, whole: its first 20 working days get the periods and breaks.
    let first_of_this = NaiveDate::from_ymd_opt(now.year(), now.month(), 1).expect("a date");
    let to = first_of_this - Duration::days(1);
    let from = NaiveDate::from_ymd_opt(to.year(), to.month(), 1).expect("a date");
    let days: Vec<NaiveDate> =
        from.iter_days().take_while(|d| *d <= to).filter(|d| d.weekday().number_from_monday() <= 5).take(20).collect();

    let config = bt_app::config::Config::for_tests();
    let app = bt_app::app::services(sqlite.clone(), Arc::new(bt_adapters_local::outbox::Outbox::new(None)), config);
    let team = bt_app::records::new_id(now);
    let seeded = Instant::now();
    for n in 0..members {
        let id = bt_app::records::new_id(Utc::now());
        let stamp = bt_app::records::timestamp(now - Duration::days(90));
        let name = format!("Member {n}");
        let email = format!("{}@bench.local", id.to_lowercase());
        let user: User = serde_json::from_value(json!({
            "id": id, "name": name, "email": email, "verified": true, "teamId": team, "role": "member",
            "timeZone": "UTC", "tokenVersion": 0, "createdAt": stamp,
        }))?;
        let member: Member = serde_json::from_value(json!({
            "userId": id, "name": name, "email": email, "role": "member", "joinedAt": stamp,
        }))?;
        sqlite.put(user_item(&user)?, Cond::NotExists).await?;
        sqlite.put(member_item(&user.team_id, &member)?, Cond::NotExists).await?;
        let owner = Owner::of(&user);
        for day in &days {
            let date = day.format("%Y-%m-%d").to_string();
            for (start, end) in [("08:00", "12:00"), ("12:45", "17:00")] {
                let input = PeriodInput {
                    date: Some(date.clone()),
                    start: Some(start.into()),
                    end: Some(end.into()),
                    note: Some("Seeded".into()),
                };
                work::periods::add_period(&app, &user, &owner, &input, now).await?;
            }
            for (start, end, kind) in [("10:00", "10:15", "Coffee Break"), ("12:00", "12:45", "Lunch Break")] {
                let input = BreakInput {
                    start_time: Some(start.into()),
                    end_time: Some(end.into()),
                    created_date: Some(date.clone()),
                    reason: Some(String::new()),
                    break_type: Some(kind.into()),
                };
                breaks::add_break(&app, &owner, &input, now).await?;
            }
        }
    }
    println!(
        "seeded {members} members x {} days (2 periods, 2 breaks a day) in {:.1} s",
        days.len(),
        seeded.elapsed().as_secs_f64()
    );

    let counting = CountingStore::new(sqlite);
    let team_id = bt_app::types::TeamId::parse(team.as_str()).map_err(|_| anyhow::anyhow!("a team id"))?;
    // A first run warms the caches (SQLite pages, the holiday tables); the next five are timed.
    work::team_days(counting.as_ref(), &team_id, from, to).await?;
    counting.take();
    let mut best = f64::MAX;
    let mut total = 0.0;
    let runs = 5;
    let mut rows = 0;
    let mut worked = 0;
    for _ in 0..runs {
        let started = Instant::now();
        let out = work::team_days(counting.as_ref(), &team_id, from, to).await?;
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        best = best.min(ms);
        total += ms;
        rows = out.len();
        worked = out.iter().map(|d| d.day.worked).sum::<i64>();
    }
    let calls = counting.take();
    let per_run = calls.total() / runs as u64;
    println!(
        "team_days {from}..{to}: {rows} member-days, {worked} minutes worked, best {best:.1} ms, mean {:.1} ms, {per_run} store calls a run ({calls} in {runs} runs)",
        total / runs as f64,
    );
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
