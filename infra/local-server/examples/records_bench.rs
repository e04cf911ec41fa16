//! Seeder of `infra/bench/run.sh`: writes two people straight into a data folder (no sign-up, no mail), the
//! reader with a day of 20 breaks, and prints their access tokens. The load itself comes from oha.
//!
//!   records_bench seed <data dir>                     writes the people, prints `<creator token> <reader token>`

use std::sync::Arc;

use bt_adapters_local::outbox::Outbox;
use bt_adapters_local::sqlite::SqliteTable;
use bt_app::account::{member_item, user_item, Member, User};
use bt_app::config::Config;
use bt_app::records::{breaks, BreakInput, Owner};
use bt_core::store::{Cond, Table};
use bt_http::AppState;
use serde_json::json;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    match (args.get(1).map(String::as_str), args.get(2)) {
        (Some("seed"), Some(dir)) => seed(dir).await,
        _ => anyhow::bail!("usage: records_bench seed <data dir>"),
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
    let team = bt_app::records::new_id(now);
    let mut tokens = Vec::new();
    for name in ["Creator", "Reader"] {
        let id = bt_app::records::new_id(state.clock.now());
        let email = format!("{}@bench.local", id.to_lowercase());
        let stamp = bt_app::records::timestamp(now);
        let user: User = serde_json::from_value(json!({
            "id": id, "name": name, "email": email, "verified": true, "teamId": team, "role": "member",
            "timeZone": "UTC", "tokenVersion": 0, "createdAt": stamp,
        }))?;
        let member: Member = serde_json::from_value(json!({
            "userId": id, "name": name, "email": email, "role": "member", "joinedAt": stamp,
        }))?;
        store.put(user_item(&user)?, Cond::NotExists).await?;
        store.put(member_item(&user.team_id, &member)?, Cond::NotExists).await?;
        tokens.push(bt_app::auth::issue_access_token(&state, &user)?);
        if name == "Reader" {
            // A busy day: twenty ten-minute breaks, every half hour from 08:00, to list.
            let owner = Owner::of(&user);
            let today = bt_app::records::dates::today_in("UTC", now);
            for i in 0..20 {
                let (h, m) = (8 + i / 2, (i % 2) * 30);
                let input = BreakInput {
                    start_time: Some(format!("{h:02}:{m:02}")),
                    end_time: Some(format!("{h:02}:{:02}", m + 10)),
                    created_date: Some(today.clone()),
                    reason: Some("Stretch".into()),
                    break_type: Some("Short Break".into()),
                };
                breaks::add_break(state.services(), &owner, &input, now).await?;
            }
        }
    }
    println!("{} {}", tokens[0], tokens[1]);
    Ok(())
}
