//! The server binary as a team runs it (`make serve`): it refuses the development routes on an address beyond this
//! machine, serves without them there by default, and backs up and restores its data folder with its own commands.

use std::net::TcpListener;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use bt_adapters_local::sqlite::SqliteTable;
use bt_domain::store::{Cond, Item, Key, Table, PK, SK};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_breaktime-local");

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn server(data: &std::path::Path) -> Command {
    let mut cmd = Command::new(BIN);
    cmd.env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DATA_DIR", data)
        .env("WEB_DIST", "/nonexistent")
        .env("SCHEDULER", "0")
        .env("RUST_LOG", "warn");
    cmd
}

#[test]
fn dev_routes_on_a_non_loopback_address_are_refused_with_a_clear_message() {
    let data = tempfile::tempdir().unwrap();
    let mut child = server(data.path())
        .env("HOST", "0.0.0.0")
        .env("PORT", free_port().to_string())
        .env("DEV_ROUTES", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("the server started with DEV_ROUTES=1 on 0.0.0.0");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = child.wait_with_output().unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("refusing to start: DEV_ROUTES=1 serves /dev/outbox"), "{stderr}");
    assert!(stderr.contains("Set DEV_ROUTES=0"), "{stderr}");
    // Nothing was started: no database was made.
    assert!(!data.path().join("breaktime.sqlite3").exists());
}

#[tokio::test]
async fn on_a_non_loopback_address_the_server_runs_without_dev_routes_by_default() {
    let data = tempfile::tempdir().unwrap();
    let port = free_port();
    let mut child = server(data.path())
        .env("HOST", "0.0.0.0")
        .env("PORT", port.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    let up = loop {
        match client.get(format!("{base}/openapi.json")).send().await {
            Ok(r) => break r,
            Err(_) if Instant::now() < deadline => tokio::time::sleep(Duration::from_millis(100)).await,
            Err(e) => panic!("the server did not start: {e}"),
        }
    };
    assert_eq!(up.status(), 200);
    let outbox = client.get(format!("{base}/dev/outbox")).send().await.unwrap().status();
    let scheduler = client.post(format!("{base}/dev/scheduler/run")).json(&serde_json::json!({})).send().await;
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(outbox, 404);
    assert_eq!(scheduler.unwrap().status(), 404);
}

#[tokio::test]
async fn backup_and_restore_commands_carry_a_data_folder_over() {
    let dir = tempfile::tempdir().unwrap();
    let (data, copy, other) = (dir.path().join("data"), dir.path().join("copy.sqlite3"), dir.path().join("other"));
    {
        let table = SqliteTable::open(&data.join("breaktime.sqlite3")).unwrap();
        let mut item = Item::new();
        item.insert(PK.into(), Value::from("TEAM#t"));
        item.insert(SK.into(), Value::from("BREAK#1"));
        item.insert("name".into(), Value::from("Lunch"));
        table.put(item, Cond::None).await.unwrap();
    }
    let out = server(&data).args(["backup", copy.to_str().unwrap()]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("backed up"));

    let out = server(&other).args(["restore", copy.to_str().unwrap()]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let table = SqliteTable::open(&other.join("breaktime.sqlite3")).unwrap();
    let item = table.get(&Key::new("TEAM#t", "BREAK#1")).await.unwrap().unwrap();
    assert_eq!(item["name"], Value::from("Lunch"));

    let out = server(&other).args(["restore"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("usage: breaktime-local restore FILE"));
    let out = server(&other).args(["restore", dir.path().join("nothing").to_str().unwrap()]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no backup at"));
}
