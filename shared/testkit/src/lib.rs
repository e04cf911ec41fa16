//! Test helpers shared by the integration tests: a moto server (DynamoDB and SES as AWS speaks them) and SDK
//! configuration pointing at it.
#![allow(dead_code)]

pub mod counting;

use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

enum Moto {
    Running(String),
    NotInstalled(PathBuf),
    Failed(String),
}

static MOTO: OnceLock<Moto> = OnceLock::new();

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}

/// The URL of a moto server: `MOTO_URL` or `DYNAMODB_ENDPOINT` when set, else one started for this test binary
/// (`infra/scripts/moto_server.py`) with the venv at `MOTO_VENV` (default `<repo>/.venv`). None, with a note on
/// stderr, when moto is not installed, unless `REQUIRE_MOTO=1`, which makes that a failure.
pub fn moto_url(test: &str) -> Option<String> {
    match MOTO.get_or_init(find_or_start) {
        Moto::Running(url) => Some(url.clone()),
        Moto::Failed(why) => panic!("moto server could not be started: {why}"),
        Moto::NotInstalled(path) => {
            if env("REQUIRE_MOTO").as_deref() == Some("1") {
                panic!("REQUIRE_MOTO=1 but moto is not installed ({} is missing)", path.display());
            }
            eprintln!("{test}: skipped: moto not installed");
            // Once per test binary and past the test harness's output capture, so a plain `cargo test` shows it.
            static NOTE: std::sync::Once = std::sync::Once::new();
            NOTE.call_once(|| {
                use std::io::Write;
                let _ = writeln!(
                    std::io::stderr(),
                    "skipped: moto not installed ({} is missing): the DynamoDB and SES tests pass without running; \
                     `make test` installs moto, REQUIRE_MOTO=1 makes this a failure",
                    path.display()
                );
            });
            None
        }
    }
}

/// The repository's root (tests that read its sources or run its tools start here).
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("the repository root exists")
}

fn find_or_start() -> Moto {
    if let Some(url) = env("MOTO_URL").or_else(|| env("DYNAMODB_ENDPOINT")) {
        return Moto::Running(url.trim_end_matches('/').to_string());
    }
    let venv = env("MOTO_VENV").map(PathBuf::from).unwrap_or_else(|| repo().join(".venv"));
    let bin = venv.join("bin");
    if !bin.join("moto_server").exists() {
        return Moto::NotInstalled(bin.join("moto_server"));
    }
    // A port picked here may be taken by someone else before moto binds it; a second try settles that.
    let mut last_error = String::new();
    for _ in 0..3 {
        match start(&bin) {
            Ok(url) => return Moto::Running(url),
            Err(e) => last_error = e,
        }
    }
    Moto::Failed(last_error)
}

fn start(bin: &Path) -> Result<String, String> {
    let port = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .and_then(|l| l.local_addr())
        .map_err(|e| format!("no free port: {e}"))?
        .port();
    let log_path = std::env::temp_dir().join(format!("breaktime-moto-{port}.log"));
    let log = std::fs::File::create(&log_path).map_err(|e| format!("{}: {e}", log_path.display()))?;
    let mut child = Command::new(bin.join("python"))
        .arg(repo().join("infra/scripts/moto_server.py"))
        // The server leaves with this test binary, however it ends.
        .args(["--parent", &std::process::id().to_string(), "-H", "127.0.0.1", "-p", &port.to_string()])
        // On the real clock when the tests run under libfaketime (infra/scripts/test-dates.sh): Python's timed
        // waits fail or hang under it, and the emulator needs no date of its own (the app sends its timestamps).
        .env_remove("LD_PRELOAD")
        .stdin(Stdio::null())
        .stdout(log.try_clone().map_err(|e| e.to_string())?)
        .stderr(log)
        .spawn()
        .map_err(|e| format!("could not run {}: {e}", bin.join("python").display()))?;
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        if TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_ok() {
            return Ok(format!("http://127.0.0.1:{port}"));
        }
        if let Ok(Some(status)) = child.try_wait() {
            return Err(format!("moto exited with {status}; see {}", log_path.display()));
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = child.kill();
    let _ = child.wait();
    Err(format!("moto did not answer on port {port} within 60 s; see {}", log_path.display()))
}

/// SDK configuration for moto: fixed test credentials and region, nothing read from the environment that matters.
pub async fn sdk_config(url: &str) -> aws_config::SdkConfig {
    use aws_sdk_dynamodb::config::{Credentials, Region};
    bt_adapters_aws::sdk::aws_loader()
        .region(Region::new("us-east-1"))
        .credentials_provider(Credentials::new("test", "test", None, None, "moto"))
        .endpoint_url(url)
        .load()
        .await
}

/// A fresh table on moto for one test, or None when moto is not available (see [`moto_url`]).
pub async fn dynamo_table(test: &str) -> Option<bt_adapters_aws::dynamo::DynamoTable> {
    use bt_adapters_aws::dynamo::DynamoTable;
    let url = moto_url(test)?;
    let config = sdk_config(&url).await;
    let name = format!("contract-{}-{}", test.replace('_', "-"), ulid::Ulid::new().to_string().to_lowercase());
    let table = DynamoTable::new(aws_sdk_dynamodb::Client::new(&config), name);
    table.create_table().await.expect("create the test table on moto");
    Some(table)
}

/// A fresh in-memory SQLite store for one test.
pub fn sqlite_store() -> std::sync::Arc<dyn bt_core::store::Table> {
    std::sync::Arc::new(bt_adapters_local::sqlite::SqliteTable::in_memory().expect("in-memory database"))
}

/// A fresh DynamoDB table on moto for one test, or None when moto is not available (see [`dynamo_table`]).
pub async fn dynamo_store(test: &str) -> Option<std::sync::Arc<dyn bt_core::store::Table>> {
    let table = dynamo_table(test).await?;
    Some(std::sync::Arc::new(table))
}

/// Runs each listed test body (`async fn name(store: Arc<dyn Table>)`, next to the macro call) on a fresh store of
/// each adapter: `sqlite::name` on [`sqlite_store`], `dynamo::name` on [`dynamo_store`] (skipped with a note when
/// moto is not installed). The calling crate needs `tokio` with its test macros.
#[macro_export]
macro_rules! on_every_store {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::sqlite_store()).await;
                }
            )*
        }

        mod dynamo {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    if let Some(store) = $crate::dynamo_store(stringify!($name)).await {
                        super::$name(store).await;
                    }
                }
            )*
        }
    };
}

/// The mails moto's SES has accepted so far (`/moto-api/data.json`; when both parts are sent it keeps the HTML one).
pub async fn moto_sent_mails(moto: &str) -> Vec<serde_json::Value> {
    let data: serde_json::Value = reqwest::get(format!("{moto}/moto-api/data.json"))
        .await
        .expect("moto answers")
        .json()
        .await
        .expect("moto data is JSON");
    data["ses"]["Message"].as_array().cloned().unwrap_or_default()
}
