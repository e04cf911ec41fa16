//! The server binary as a team runs it (`make serve`): it refuses the development routes on an address beyond this
//! machine, serves without them there by default, and backs up and restores its data folder with its own commands.

use std::net::TcpListener;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use bt_adapters_local::sqlite::SqliteTable;
use bt_core::store::{Cond, Item, Key, Table, PK, SK};
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
    let (mut child, base) = start(data.path(), &[("HOST", "0.0.0.0".into())]).await;
    let client = reqwest::Client::new();
    let outbox = client.get(format!("{base}/dev/outbox")).send().await.unwrap().status();
    let scheduler = client.post(format!("{base}/dev/scheduler/run")).json(&serde_json::json!({})).send().await;
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(outbox, 404);
    assert_eq!(scheduler.unwrap().status(), 404);
}

/// Starts the binary with `envs` and waits until it answers; the child and its address.
async fn start(data: &std::path::Path, envs: &[(&str, String)]) -> (std::process::Child, String) {
    let port = free_port();
    let mut child = server(data)
        .env("PORT", port.to_string())
        .envs(envs.iter().map(|(k, v)| (k, v)))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let base = format!("http://127.0.0.1:{port}");
    let deadline = Instant::now() + Duration::from_secs(30);
    while reqwest::get(format!("{base}/openapi.json")).await.is_err() {
        if Instant::now() > deadline || child.try_wait().unwrap().is_some() {
            let _ = child.kill();
            panic!("the server did not start");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    (child, base)
}

/// A one-connection-at-a-time SMTP receiver that hands each message's text (envelope recipients first) over.
async fn smtp_receiver() -> (u16, tokio::sync::mpsc::UnboundedReceiver<String>) {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let (read, mut write) = socket.into_split();
            let mut lines = BufReader::new(read).lines();
            let _ = write.write_all(b"220 receiver ESMTP\r\n").await;
            let mut mail = String::new();
            while let Ok(Some(line)) = lines.next_line().await {
                let answer: &[u8] = match line.to_ascii_uppercase().as_str() {
                    l if l.starts_with("EHLO") => b"250-receiver\r\n250 8BITMIME\r\n",
                    l if l.starts_with("RCPT TO:") => {
                        mail.push_str(&line);
                        mail.push('\n');
                        b"250 OK\r\n"
                    }
                    "DATA" => {
                        let _ = write.write_all(b"354 go on\r\n").await;
                        while let Ok(Some(line)) = lines.next_line().await {
                            if line == "." {
                                break;
                            }
                            mail.push_str(&line);
                            mail.push('\n');
                        }
                        let _ = tx.send(std::mem::take(&mut mail));
                        b"250 kept\r\n"
                    }
                    "QUIT" => break,
                    _ => b"250 OK\r\n",
                };
                let _ = write.write_all(answer).await;
            }
        }
    });
    (port, rx)
}

#[tokio::test]
async fn with_smtp_url_the_server_sends_mail_through_the_relay_and_keeps_no_outbox() {
    let (smtp, mut received) = smtp_receiver().await;
    let data = tempfile::tempdir().unwrap();
    let (mut child, base) = start(
        data.path(),
        &[
            ("SMTP_URL", format!("smtp://127.0.0.1:{smtp}")),
            ("MAIL_FROM", "Breaktime <team@breaks.example>".into()),
            ("SUPPORT_EMAIL", "it@breaks.example".into()),
        ],
    )
    .await;
    let body = serde_json::json!({ "email": "visitor@example.com", "subject": "Hello", "description": "Hi there" });
    let sent = reqwest::Client::new().post(format!("{base}/contactUs/send")).json(&body).send().await.unwrap();
    let status = sent.status();
    let mail = tokio::time::timeout(Duration::from_secs(20), received.recv()).await;
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(status, 200);
    let mail = mail.expect("no mail reached the relay").unwrap();
    assert!(mail.contains("RCPT TO:<it@breaks.example>"), "{mail}");
    assert!(mail.contains("From: Breaktime <team@breaks.example>"), "{mail}");
    assert!(mail.contains("Reply-To: visitor@example.com"), "{mail}");
    assert!(mail.contains("Hi there"), "{mail}");
    assert!(!data.path().join("outbox.jsonl").exists());
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
