//! Harness of the security tests: the whole local app (`breaktime_local::app`) on 127.0.0.1:0 over a fresh
//! in-memory SQLite table, with a configuration the test may change and, when asked, a web app build of a few files
//! in a temporary folder. People are written straight into the store and signed in with a freshly issued token, as
//! in `records_support`; requests may carry any header and any bytes.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use bt_adapters_local::outbox::Outbox;
use bt_adapters_local::sqlite::SqliteTable;
use bt_domain::account::{email_guard_item, member_item, team_item, user_item, Member, Role, Team, User};
use bt_domain::config::Config;
use bt_domain::store::{Cond, Item, Query, SkCond, Table};
use bt_http::AppState;
use reqwest::header::{HeaderName, HeaderValue};
use reqwest::Method;
use serde_json::{json, Value};

pub use crate::records_support::Person;

pub struct SecApp {
    pub base: String,
    pub state: AppState,
    client: reqwest::Client,
    /// Kept so the web build outlives the server.
    _dist: Option<TempDist>,
}

/// A web app build of its own (`index.html`, one hashed asset) in `<root>/dist`, next to a file that must never be
/// served (`<root>/secret.txt`); removed when dropped.
pub struct TempDist {
    pub root: PathBuf,
    pub path: PathBuf,
}

pub const INDEX_HTML: &str = "<!doctype html><html><head><title>Breaktime</title></head><body>app</body></html>";
pub const ASSET_PATH: &str = "/assets/index-3f2a9c.js";
pub const ASSET_JS: &str = "console.log('breaktime');";
pub const SECRET: &str = "not-for-the-web-3b1f";

impl TempDist {
    pub fn new() -> TempDist {
        use std::sync::atomic::{AtomicU64, Ordering};
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let root = std::env::temp_dir().join(format!(
            "breaktime-security-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let path = root.join("dist");
        std::fs::create_dir_all(path.join("assets")).expect("a temporary web build");
        std::fs::write(path.join("index.html"), INDEX_HTML).expect("index.html");
        std::fs::write(path.join(ASSET_PATH.trim_start_matches('/')), ASSET_JS).expect("an asset");
        std::fs::write(root.join("secret.txt"), SECRET).expect("a file outside the build");
        TempDist { root, path }
    }
}

impl Drop for TempDist {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

// The same answer type as `records_support`, which the security tests load beside this harness.
pub use super::records_support::Reply;

/// The app with the test configuration.
pub async fn spawn() -> SecApp {
    spawn_with(|_| {}, false).await
}

/// The app with the test configuration changed first, serving a web build of its own when `with_web` is set.
pub async fn spawn_with(configure: impl FnOnce(&mut Config), with_web: bool) -> SecApp {
    let mut config = Config::for_tests();
    configure(&mut config);
    let store = Arc::new(SqliteTable::in_memory().expect("in-memory store"));
    let state = AppState::new(store, Arc::new(Outbox::new(None)), config);
    let dist = with_web.then(TempDist::new);
    let app = breaktime_local::app(state.clone(), dist.as_ref().map(|d| d.path.as_path()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
    let addr = listener.local_addr().expect("bound address");
    tokio::spawn(async move {
        axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>()).await.expect("server");
    });
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
    SecApp { base: format!("http://{addr}"), state, client, _dist: dist }
}

/// A request being put together: `app.call(Method::POST, "/break/add").bearer(&t).json(&body).send().await`.
pub struct Call<'a> {
    app: &'a SecApp,
    builder: reqwest::RequestBuilder,
}

impl<'a> Call<'a> {
    pub fn bearer(self, token: &str) -> Self {
        self.header("authorization", &format!("Bearer {token}"))
    }
    pub fn by(self, who: &Person) -> Self {
        self.bearer(&who.token)
    }
    pub fn header(self, name: &str, value: &str) -> Self {
        let name = HeaderName::from_bytes(name.as_bytes()).expect("a header name");
        let value = HeaderValue::from_str(value).expect("a header value");
        Call { builder: self.builder.header(name, value), ..self }
    }
    /// A header value of raw bytes (not necessarily UTF-8).
    pub fn header_bytes(self, name: &str, value: &[u8]) -> Self {
        let name = HeaderName::from_bytes(name.as_bytes()).expect("a header name");
        let value = HeaderValue::from_bytes(value).expect("a header value");
        Call { builder: self.builder.header(name, value), ..self }
    }
    pub fn json(self, body: &Value) -> Self {
        self.header("content-type", "application/json").body(body.to_string().into_bytes())
    }
    pub fn body(self, bytes: Vec<u8>) -> Self {
        Call { builder: self.builder.body(bytes), ..self }
    }
    pub async fn send(self) -> Reply {
        let _ = self.app;
        Reply::read(self.builder.send().await.expect("the app answers")).await
    }
}

impl SecApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub fn call(&self, method: Method, path: &str) -> Call<'_> {
        Call { app: self, builder: self.client.request(method, self.url(path)) }
    }

    /// A GET written by hand on a fresh connection, for request lines no HTTP client library sends (a URI over
    /// 64 KiB). Answers the status and the body (`Null` unless JSON).
    pub async fn raw_get(&self, path_and_query: &str, token: &str) -> (u16, Option<String>, Value) {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let host = self.base.trim_start_matches("http://");
        let mut stream = tokio::net::TcpStream::connect(host).await.expect("a connection");
        let request = format!(
            "GET {path_and_query} HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\nConnection: close\r\n\r\n"
        );
        stream.write_all(request.as_bytes()).await.expect("the request is sent");
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer).await;
        let answer = String::from_utf8_lossy(&answer).into_owned();
        let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
        let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status line");
        let content_type = head
            .lines()
            .find_map(|l| l.split_once(':').filter(|(n, _)| n.eq_ignore_ascii_case("content-type")))
            .map(|(_, v)| v.trim().to_string());
        (status, content_type, serde_json::from_str(body).unwrap_or(Value::Null))
    }

    pub fn store(&self) -> &dyn Table {
        self.state.store.as_ref()
    }

    pub async fn get(&self, who: &Person, path: &str) -> Reply {
        self.call(Method::GET, path).by(who).send().await
    }
    pub async fn post(&self, who: &Person, path: &str, body: Value) -> Reply {
        self.call(Method::POST, path).by(who).json(&body).send().await
    }
    pub async fn put(&self, who: &Person, path: &str, body: Value) -> Reply {
        self.call(Method::PUT, path).by(who).json(&body).send().await
    }
    pub async fn delete(&self, who: &Person, path: &str) -> Reply {
        self.call(Method::DELETE, path).by(who).send().await
    }

    pub fn new_team(&self) -> String {
        bt_domain::records::new_id(self.state.clock.now())
    }

    /// A verified user with a membership in `team_id`, signed in.
    pub async fn person_in(&self, team_id: &str, name: &str, role: Role) -> Person {
        self.person_with(team_id, name, role, None).await
    }

    /// [`SecApp::person_in`] with a password (hashing is slow: only for those who need one).
    pub async fn person_with(&self, team_id: &str, name: &str, role: Role, password: Option<&str>) -> Person {
        let password_hash = password.map(|p| bt_domain::auth::hash_password(p).expect("a hash"));
        let id = bt_domain::records::new_id(self.state.clock.now());
        let now = bt_domain::records::timestamp(self.state.clock.now());
        let email = format!("{}.{}@example.com", name.to_lowercase().replace(' ', "."), id.to_lowercase());
        let user: User = serde_json::from_value(json!({
            "id": id, "name": name, "email": email, "verified": true, "teamId": team_id,
            "role": role.as_str(), "timeZone": "UTC", "tokenVersion": 0, "createdAt": now,
            "passwordHash": password_hash,
        }))
        .expect("a user");
        let member: Member = serde_json::from_value(json!({
            "userId": id, "name": name, "email": email, "role": role.as_str(), "joinedAt": now,
        }))
        .expect("a member");
        // A whole account, as a sign-up leaves it: profile, e-mail guard, membership and (for a new team) the team.
        self.store().put(user_item(&user).unwrap(), Cond::NotExists).await.unwrap();
        self.store().put(email_guard_item(&email, &id), Cond::NotExists).await.unwrap();
        self.store().put(member_item(team_id, &member).unwrap(), Cond::NotExists).await.unwrap();
        if bt_domain::account::get_team(self.store(), team_id).await.unwrap().is_none() {
            let team = Team { id: team_id.to_string(), name: format!("{name}'s team"), created_at: now.clone() };
            self.store().put(team_item(&team).unwrap(), Cond::NotExists).await.unwrap();
        }
        let token = bt_domain::auth::issue_access_token(&self.state, &user).expect("a token");
        Person { id, team_id: team_id.to_string(), name: name.to_string(), token, time_zone: "UTC".into() }
    }

    /// The admin of a new team of their own.
    pub async fn person(&self, name: &str) -> Person {
        let team = self.new_team();
        self.person_in(&team, name, Role::Admin).await
    }

    /// Every mail sent so far, as JSON (`{to, subject, text, link, ...}`).
    pub fn mails_sent(&self) -> Vec<Value> {
        let mails = self.state.mailer.sent().expect("the local outbox");
        mails.iter().map(|m| serde_json::to_value(m).expect("a mail")).collect()
    }

    /// The stored user behind `who`.
    pub async fn user(&self, who: &Person) -> User {
        bt_domain::account::get_user(self.store(), &who.id).await.unwrap().expect("the user")
    }

    /// Every item of the given partitions (a user's `USER#<id>` holds their records, a team's `TEAM#<id>` its
    /// members, presence and break types).
    pub async fn snapshot(&self, partitions: &[String]) -> Vec<Item> {
        let mut items = Vec::new();
        for pk in partitions {
            let found = self.store().query_all(&Query::table(pk.clone(), SkCond::All)).await.expect("a query");
            items.extend(found);
        }
        items
    }
}

/// The partitions of people and their teams, for [`SecApp::snapshot`].
pub fn partitions_of(people: &[&Person]) -> Vec<String> {
    let mut pks: Vec<String> = Vec::new();
    for p in people {
        for pk in [format!("USER#{}", p.id), format!("TEAM#{}", p.team_id)] {
            if !pks.contains(&pk) {
                pks.push(pk);
            }
        }
    }
    pks
}

/// base64url without padding, as in a JWT.
pub fn b64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |acc, (i, b)| acc | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// The bytes of base64url text (with or without padding).
pub fn b64url_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'-' => 62,
        b'_' => 63,
        _ => panic!("not base64url: {c}"),
    };
    let digits: Vec<u8> = text.bytes().filter(|c| *c != b'=').map(value).collect();
    let mut out = Vec::new();
    for chunk in digits.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |acc, (i, d)| acc | (u32::from(*d) << (18 - 6 * i)));
        for i in 0..chunk.len().saturating_sub(1) {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    out
}

/// The header and claims of a JWT.
pub fn jwt_parts(token: &str) -> (Value, Value, String) {
    let mut parts = token.split('.');
    let header = serde_json::from_slice(&b64url_decode(parts.next().unwrap())).expect("a JWT header");
    let claims = serde_json::from_slice(&b64url_decode(parts.next().unwrap())).expect("JWT claims");
    (header, claims, parts.next().expect("a signature").to_string())
}

/// A JWT of the given header and claims with the given signature (base64url text, possibly empty).
pub fn jwt(header: &Value, claims: &Value, signature: &str) -> String {
    format!("{}.{}.{signature}", b64url(header.to_string().as_bytes()), b64url(claims.to_string().as_bytes()))
}
