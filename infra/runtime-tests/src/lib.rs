//! Runtime-level checks of the deployable artefacts: each function's `bootstrap` (built for this machine) run under a
//! local Lambda Runtime API with DynamoDB, SES and SSM on moto, fed API Gateway HTTP API (v2) events, plus the
//! template's routes and grants compared with what the routers serve and the binaries call. The cold-start
//! benchmark (`cargo run -p breaktime-runtime-tests --release --bin coldstart`) uses the same harness.

pub mod proxy;
pub mod runtime_api;
pub mod template;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

pub use proxy::RecordingProxy;
pub use runtime_api::{Outcome, RuntimeApi};
pub use template::{Api, Route, Template};

/// The repository root (this crate lives in `infra/runtime-tests`).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repository root")
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}

// ---------------------------------------------------------------------------------------------------------------
// The function binaries
// ---------------------------------------------------------------------------------------------------------------

/// `cargo build` profile of the binaries: `dev` for the tests, `release` (the deployed profile) for the benchmark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Profile {
    Dev,
    Release,
}

fn target_dir() -> PathBuf {
    env("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| repo_root().join("target"))
}

pub fn binary_path(binary: &str, profile: Profile) -> PathBuf {
    target_dir().join(if profile == Profile::Dev { "debug" } else { "release" }).join(binary)
}

/// Builds the given function binaries for this machine (`cargo build -p <bin> --bin <bin>`), once per process.
/// `RUNTIME_TESTS_PREBUILT=1` skips the build and uses what is in the target directory.
pub fn build_binaries(binaries: &[String], profile: Profile) {
    static BUILT: OnceLock<Mutex<Vec<(String, Profile)>>> = OnceLock::new();
    let built = BUILT.get_or_init(|| Mutex::new(Vec::new()));
    let mut built = built.lock().unwrap();
    let missing: Vec<&String> = binaries.iter().filter(|b| !built.contains(&((*b).clone(), profile))).collect();
    if missing.is_empty() {
        return;
    }
    if env("RUNTIME_TESTS_PREBUILT").as_deref() != Some("1") {
        let cargo = env("CARGO").unwrap_or_else(|| "cargo".into());
        let mut cmd = Command::new(cargo);
        cmd.current_dir(repo_root()).arg("build").arg("--quiet");
        if profile == Profile::Release {
            cmd.arg("--release");
        }
        for b in &missing {
            cmd.args(["-p", b, "--bin", b]);
        }
        let status = cmd.status().expect("run cargo build");
        assert!(status.success(), "cargo build of {missing:?} failed");
    }
    for b in missing {
        let path = binary_path(b, profile);
        assert!(path.exists(), "{} is missing (build it, or unset RUNTIME_TESTS_PREBUILT)", path.display());
        built.push((b.clone(), profile));
    }
}

// ---------------------------------------------------------------------------------------------------------------
// moto: DynamoDB, SES and SSM as AWS speaks them
// ---------------------------------------------------------------------------------------------------------------

// One moto server per process (honours `MOTO_URL`, skips with a note unless `REQUIRE_MOTO=1`, leaves with the
// process), started by bt-testkit as for every crate's tests.
pub use bt_testkit::{moto_url, sdk_config};

/// What the stack would provide, made on moto: a fresh table (from `infra/table.json`), the JWT key as an SSM
/// SecureString, and a verified SES sender.
#[derive(Debug, Clone)]
pub struct Stack {
    pub moto: String,
    pub table: String,
    pub jwt_parameter: String,
    pub mail_from: String,
    pub support_email: String,
    pub web_origin: String,
}

impl Stack {
    pub async fn create(moto: &str) -> Self {
        let aws = sdk_config(moto).await;
        let id = ulid::Ulid::new().to_string().to_lowercase();
        let table = format!("runtime-{id}");
        bt_adapters_aws::dynamo::DynamoTable::new(aws_sdk_dynamodb::Client::new(&aws), table.clone())
            .create_table()
            .await
            .expect("create the table on moto");
        let jwt_parameter = format!("/breaktime/test-{id}/jwt-secret");
        aws_sdk_ssm::Client::new(&aws)
            .put_parameter()
            .name(&jwt_parameter)
            .r#type(aws_sdk_ssm::types::ParameterType::SecureString)
            .value(format!("runtime-tests-signing-key-{id}"))
            .send()
            .await
            .expect("put the JWT key in moto's SSM");
        let sender = "no-reply@breaktime.test";
        aws_sdk_ses::Client::new(&aws)
            .verify_email_identity()
            .email_address(sender)
            .send()
            .await
            .expect("verify the sender in moto's SES");
        Stack {
            moto: moto.to_string(),
            table,
            jwt_parameter,
            mail_from: format!("Breaktime <{sender}>"),
            support_email: "support@breaktime.test".into(),
            web_origin: "https://app.breaktime.test".into(),
        }
    }

    /// The environment Lambda would give the function (template.yaml's variables, the runtime's own), with AWS
    /// pointed at `aws_endpoint`.
    pub fn lambda_env(
        &self,
        function_name: &str,
        memory_mb: u64,
        runtime_api: &str,
        aws_endpoint: &str,
    ) -> Vec<(String, String)> {
        let vars = [
            ("AWS_LAMBDA_RUNTIME_API", runtime_api.to_string()),
            ("AWS_LAMBDA_FUNCTION_NAME", function_name.to_string()),
            ("AWS_LAMBDA_FUNCTION_VERSION", "$LATEST".to_string()),
            ("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", memory_mb.to_string()),
            ("AWS_LAMBDA_LOG_GROUP_NAME", format!("/aws/lambda/breaktime-test/{function_name}")),
            ("AWS_LAMBDA_LOG_STREAM_NAME", "2026/01/01/[$LATEST]runtime-tests".to_string()),
            ("AWS_LAMBDA_LOG_FORMAT", "JSON".to_string()),
            ("AWS_LAMBDA_LOG_LEVEL", "INFO".to_string()),
            ("AWS_REGION", "us-east-1".to_string()),
            ("AWS_DEFAULT_REGION", "us-east-1".to_string()),
            ("AWS_ACCESS_KEY_ID", "test".to_string()),
            ("AWS_SECRET_ACCESS_KEY", "test".to_string()),
            ("AWS_SESSION_TOKEN", "test".to_string()),
            ("AWS_ENDPOINT_URL", aws_endpoint.to_string()),
            ("TABLE_NAME", self.table.clone()),
            ("JWT_SECRET_PARAMETER", self.jwt_parameter.clone()),
            ("APP_URL", self.web_origin.clone()),
            ("CORS_ORIGINS", self.web_origin.clone()),
            ("MAIL_FROM", self.mail_from.clone()),
            ("SUPPORT_EMAIL", self.support_email.clone()),
        ];
        vars.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
    }

    /// The mails moto's SES has accepted so far.
    pub async fn sent_mails(&self) -> Vec<Value> {
        bt_testkit::moto_sent_mails(&self.moto).await
    }
}

// ---------------------------------------------------------------------------------------------------------------
// One function process under the Runtime API
// ---------------------------------------------------------------------------------------------------------------

pub struct FunctionProcess {
    pub name: String,
    pub api: RuntimeApi,
    child: Child,
    output: Arc<Mutex<Vec<String>>>,
}

impl FunctionProcess {
    /// Starts `binary` with `env` only (nothing inherited: no real credentials can leak in), polling `api`. Events
    /// queued on `api` before this call are waiting when the process starts (how the benchmark times a cold start).
    pub async fn start(binary: &Path, name: &str, env: Vec<(String, String)>, api: RuntimeApi) -> Self {
        // The one thing inherited: a run on another date (infra/scripts/test-dates.sh) shifts the function's clock
        // as it shifts the test's, else the two disagree on what "today" is.
        let shifted_clock =
            std::env::vars().filter(|(key, _)| key == "LD_PRELOAD" || key.starts_with("FAKETIME")).collect::<Vec<_>>();
        let mut child = Command::new(binary)
            .env_clear()
            .envs(shifted_clock)
            .envs(env)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("start {}: {e}", binary.display()));
        let output = Arc::new(Mutex::new(Vec::new()));
        for stream in [
            child.stdout.take().map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
            child.stderr.take().map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
        ]
        .into_iter()
        .flatten()
        {
            let output = output.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stream).lines().map_while(Result::ok) {
                    output.lock().unwrap().push(line);
                }
            });
        }
        FunctionProcess { name: name.to_string(), api, child, output }
    }

    /// Waits up to `timeout` for the process to exit (a failed cold start), and for its output to be read.
    pub fn wait_for_exit(&mut self, timeout: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                std::thread::sleep(Duration::from_millis(200));
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }

    /// What the process printed so far (its logs).
    pub fn output(&self) -> Vec<String> {
        self.output.lock().unwrap().clone()
    }

    /// A plain invocation (not an API Gateway event): the function's JSON output.
    pub async fn invoke(&self, event: Value) -> Value {
        match self.api.invoke(event, Duration::from_secs(30)).await {
            Outcome::Response(v) => v,
            other => panic!(
                "{}: invocation failed: {other:?}\n--- function output ---\n{}",
                self.name,
                self.output().join("\n")
            ),
        }
    }

    pub async fn call(&self, event: Value) -> Answer {
        match self.api.invoke(event.clone(), Duration::from_secs(30)).await {
            Outcome::Response(v) => Answer::from_lambda(&v),
            other => panic!(
                "{}: {} {} failed: {other:?}\n--- function output ---\n{}",
                self.name,
                event["requestContext"]["http"]["method"],
                event["rawPath"],
                self.output().join("\n")
            ),
        }
    }
}

impl Drop for FunctionProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

// ---------------------------------------------------------------------------------------------------------------
// API Gateway HTTP API (payload 2.0) events and answers
// ---------------------------------------------------------------------------------------------------------------

/// A request as API Gateway hands it to the function.
#[derive(Debug, Clone)]
pub struct Request {
    pub route: Route,
    /// Concrete path (parameters filled in).
    pub path: String,
    pub query: Vec<(String, String)>,
    pub body: Option<Value>,
    pub token: Option<String>,
    pub headers: Vec<(String, String)>,
}

impl Request {
    /// `route` is as in the template (`PUT /break/edit/{id}`); `{...}` parameters take `params` in order.
    pub fn new(route: &str, params: &[&str]) -> Self {
        let (method, path) = route.split_once(' ').expect("METHOD /path");
        let route = Route { method: method.to_string(), path: path.to_string() };
        let mut values = params.iter();
        let concrete = route
            .path
            .split('/')
            .map(|s| {
                if s.starts_with('{') {
                    values.next().unwrap_or_else(|| panic!("{route}: missing a path parameter")).to_string()
                } else {
                    s.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("/");
        Request { route, path: concrete, query: Vec::new(), body: None, token: None, headers: Vec::new() }
    }

    pub fn json(mut self, body: Value) -> Self {
        self.body = Some(body);
        self
    }

    pub fn query(mut self, name: &str, value: &str) -> Self {
        self.query.push((name.to_string(), value.to_string()));
        self
    }

    pub fn bearer(mut self, token: &str) -> Self {
        self.token = Some(token.to_string());
        self
    }

    pub fn header(mut self, name: &str, value: &str) -> Self {
        self.headers.push((name.to_ascii_lowercase(), value.to_string()));
        self
    }

    /// The API Gateway v2 event.
    pub fn event(&self) -> Value {
        let now = chrono::Utc::now();
        let host = "api.breaktime.test";
        let mut headers = serde_json::Map::new();
        headers.insert("host".into(), host.into());
        headers.insert("user-agent".into(), "breaktime-runtime-tests".into());
        headers.insert("origin".into(), "https://app.breaktime.test".into());
        headers.insert("x-forwarded-for".into(), "203.0.113.7".into());
        headers.insert("x-forwarded-proto".into(), "https".into());
        if self.body.is_some() {
            headers.insert("content-type".into(), "application/json".into());
        }
        if let Some(token) = &self.token {
            headers.insert("authorization".into(), format!("Bearer {token}").into());
        }
        for (k, v) in &self.headers {
            headers.insert(k.clone(), v.clone().into());
        }
        let raw_query =
            self.query.iter().map(|(k, v)| format!("{}={}", encode(k), encode(v))).collect::<Vec<_>>().join("&");
        let mut event = json!({
            "version": "2.0",
            "routeKey": self.route.key(),
            "rawPath": self.path,
            "rawQueryString": raw_query,
            "headers": headers,
            "requestContext": {
                "accountId": "123456789012",
                "apiId": "runtimetest",
                "domainName": host,
                "domainPrefix": "api",
                "http": {
                    "method": self.route.method,
                    "path": self.path,
                    "protocol": "HTTP/1.1",
                    "sourceIp": "203.0.113.7",
                    "userAgent": "breaktime-runtime-tests"
                },
                "requestId": ulid::Ulid::new().to_string(),
                "routeKey": self.route.key(),
                "stage": "$default",
                "time": now.format("%d/%b/%Y:%H:%M:%S +0000").to_string(),
                "timeEpoch": now.timestamp_millis()
            },
            "isBase64Encoded": false
        });
        if !self.query.is_empty() {
            let params: serde_json::Map<String, Value> =
                self.query.iter().map(|(k, v)| (k.clone(), Value::String(v.clone()))).collect();
            event["queryStringParameters"] = Value::Object(params);
        }
        let names: Vec<String> = self
            .route
            .path
            .split('/')
            .filter(|s| s.starts_with('{'))
            .map(|s| s.trim_matches(|c| c == '{' || c == '}').to_string())
            .collect();
        if !names.is_empty() {
            let values: Vec<&str> = self
                .path
                .split('/')
                .zip(self.route.path.split('/'))
                .filter(|(_, pattern)| pattern.starts_with('{'))
                .map(|(v, _)| v)
                .collect();
            let params: serde_json::Map<String, Value> =
                names.into_iter().zip(values).map(|(k, v)| (k, Value::String(v.to_string()))).collect();
            event["pathParameters"] = Value::Object(params);
        }
        if let Some(body) = &self.body {
            event["body"] = Value::String(body.to_string());
        }
        event
    }
}

fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The function's answer as API Gateway would send it on.
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: u16,
    pub headers: BTreeMap<String, String>,
    /// Parsed JSON, or the text as a JSON string.
    pub body: Value,
}

impl Answer {
    pub fn from_lambda(v: &Value) -> Self {
        let status = v["statusCode"].as_u64().unwrap_or_else(|| panic!("no statusCode in {v}")) as u16;
        let mut headers = BTreeMap::new();
        for (k, val) in v["headers"].as_object().into_iter().flatten() {
            headers.insert(k.to_ascii_lowercase(), val.as_str().unwrap_or_default().to_string());
        }
        for (k, vals) in v["multiValueHeaders"].as_object().into_iter().flatten() {
            if let Some(first) = vals.as_array().and_then(|a| a.first()).and_then(|x| x.as_str()) {
                headers.entry(k.to_ascii_lowercase()).or_insert_with(|| first.to_string());
            }
        }
        let text = match v["body"].as_str() {
            Some(b) if v["isBase64Encoded"].as_bool() == Some(true) => {
                String::from_utf8_lossy(&base64_decode(b)).into_owned()
            }
            Some(b) => b.to_string(),
            None => String::new(),
        };
        let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
        Answer { status, headers, body }
    }
}

/// Standard base64 (answers with a binary content type come encoded).
fn base64_decode(s: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::new();
    let mut buffer = 0u32;
    let mut bits = 0;
    for c in s.bytes().filter(|c| *c != b'=') {
        let Some(v) = ALPHABET.iter().position(|a| *a == c) else { continue };
        buffer = (buffer << 6) | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    out
}
