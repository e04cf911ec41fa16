//! Test helpers shared by the integration tests: a moto server (DynamoDB and SES as AWS speaks them) and SDK
//! configuration pointing at it.
#![allow(dead_code)]

use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Runs moto in the venv's Python and makes it leave as soon as the test binary does, however that ends (even
/// killed), so no server outlives a test run.
const MOTO_WRAPPER: &str = r#"
import os, sys, threading, time
parent, port = int(sys.argv[1]), sys.argv[2]
def follow_parent():
    while os.getppid() == parent:
        time.sleep(0.2)
    os._exit(0)
threading.Thread(target=follow_parent, daemon=True).start()
from moto.server import main
main(["-H", "127.0.0.1", "-p", port])
"#;

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
/// from `<repo>/.venv`. None (with a note on stderr) when moto is not installed, unless `REQUIRE_MOTO=1`, which
/// makes that a failure.
pub fn moto_url(test: &str) -> Option<String> {
    match MOTO.get_or_init(find_or_start) {
        Moto::Running(url) => Some(url.clone()),
        Moto::Failed(why) => panic!("moto server could not be started: {why}"),
        Moto::NotInstalled(path) => {
            if env("REQUIRE_MOTO").as_deref() == Some("1") {
                panic!("REQUIRE_MOTO=1 but moto is not installed ({} is missing)", path.display());
            }
            eprintln!(
                "{test}: skipped: moto not installed ({} is missing; `make test` installs it, REQUIRE_MOTO=1 makes \
                 this a failure)",
                path.display()
            );
            None
        }
    }
}

fn find_or_start() -> Moto {
    if let Some(url) = env("MOTO_URL").or_else(|| env("DYNAMODB_ENDPOINT")) {
        return Moto::Running(url.trim_end_matches('/').to_string());
    }
    let bin = Path::new(env!("CARGO_MANIFEST_DIR")).join("../.venv/bin");
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
    let log_path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("moto-{port}.log"));
    let log = std::fs::File::create(&log_path).map_err(|e| format!("{}: {e}", log_path.display()))?;
    let mut child = Command::new(bin.join("python"))
        .args(["-c", MOTO_WRAPPER, &std::process::id().to_string(), &port.to_string()])
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
#[cfg(feature = "aws")]
pub async fn sdk_config(url: &str) -> aws_config::SdkConfig {
    use aws_sdk_dynamodb::config::{Credentials, Region};
    aws_config::defaults(aws_config::BehaviorVersion::latest())
        .region(Region::new("us-east-1"))
        .credentials_provider(Credentials::new("test", "test", None, None, "moto"))
        .endpoint_url(url)
        .load()
        .await
}

/// A fresh table on moto for one test, or None when moto is not available (see [`moto_url`]).
#[cfg(feature = "aws")]
pub async fn dynamo_table(test: &str) -> Option<shared::store::dynamo::DynamoTable> {
    use shared::store::dynamo::DynamoTable;
    let url = moto_url(test)?;
    let config = sdk_config(&url).await;
    let name = format!("contract-{}-{}", test.replace('_', "-"), ulid::Ulid::new().to_string().to_lowercase());
    let table = DynamoTable::new(aws_sdk_dynamodb::Client::new(&config), name);
    table.create_table().await.expect("create the test table on moto");
    Some(table)
}
