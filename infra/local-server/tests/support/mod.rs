//! Harness of the API tests that go through the real accounts flow: the whole local app
//! (`breaktime_local::app`) served on 127.0.0.1:0 over a fresh in-memory SQLite table and a local outbox, with
//! helpers that sign people up, follow their mailed links (read from `GET /dev/outbox`, as a person would read
//! their mail), sign them in and put them in a team.
//!
//! ```ignore
//! mod support;
//! use support::*;
//!
//! let app = spawn_app().await;
//! let ann = signed_in_user(&app, "Ann Admin").await;
//! let bob = join_team(&app, &ann, &signed_in_user(&app, "Bob Member").await).await;
//! app.get("/admin/get-count", Some(&ann.access_token)).await.expect(200);
//! ```

#![allow(dead_code)]

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use bt_adapters_local::outbox::Outbox;
use bt_adapters_local::sqlite::SqliteTable;
use bt_domain::config::Config;
use bt_http::AppState;
use reqwest::Method;
use serde_json::{json, Value};

/// The password every helper-made user has.
pub const PASSWORD: &str = "correct-horse1";

pub struct TestApp {
    /// `http://127.0.0.1:<port>`
    pub base: String,
    /// The running app's state: its store, its configuration and its clock (`app.state.clock.advance(secs)`).
    pub state: AppState,
    /// The mail adapter, to make sending fail (`app.outbox.set_failing(true)`).
    pub outbox: Arc<Outbox>,
    /// Follows no redirects, so a test sees every `Location`.
    pub client: reqwest::Client,
}

/// A verified, signed-in user.
#[derive(Debug, Clone)]
pub struct TestUser {
    pub id: String,
    pub name: String,
    pub email: String,
    pub password: String,
    pub access_token: String,
    pub refresh_token: String,
    pub team_id: String,
}

impl TestUser {
    pub fn token(&self) -> Option<&str> {
        Some(&self.access_token)
    }
}

#[path = "../reply/mod.rs"]
mod reply;
pub use reply::Reply;

/// The app with the test configuration (`Config::for_tests()`).
pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// The app with the test configuration changed first (small rate limits, OAuth providers, ...). `api_url` is
/// already the app's own address when `configure` runs.
pub async fn spawn_app_with(configure: impl FnOnce(&mut Config)) -> TestApp {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
    let addr = listener.local_addr().expect("bound address");
    let base = format!("http://{addr}");
    let mut config = Config::for_tests();
    config.api_url = base.clone();
    configure(&mut config);
    let store = Arc::new(SqliteTable::in_memory().expect("in-memory store"));
    let outbox = Arc::new(Outbox::new(None));
    let state = AppState::new(store, outbox.clone(), config);
    let app = breaktime_local::app(state.clone(), None);
    tokio::spawn(async move {
        axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>()).await.expect("server");
    });
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
    TestApp { base, state, outbox, client }
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Any request; `body` is sent as JSON when given, `token` as a bearer token.
    pub async fn request(&self, method: Method, path: &str, token: Option<&str>, body: Option<Value>) -> Reply {
        let mut request = self.client.request(method, self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        Reply::read(request.send().await.expect("the app answers")).await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        self.request(Method::GET, path, token, None).await
    }
    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Reply {
        self.request(Method::POST, path, token, Some(body)).await
    }
    pub async fn put(&self, path: &str, token: Option<&str>, body: Value) -> Reply {
        self.request(Method::PUT, path, token, Some(body)).await
    }
    pub async fn delete(&self, path: &str, token: Option<&str>, body: Option<Value>) -> Reply {
        self.request(Method::DELETE, path, token, body).await
    }

    /// Every mail sent so far, oldest first (`{id, to, subject, text, html, link, replyTo?, sentAt}`).
    pub async fn outbox(&self) -> Vec<Value> {
        let reply = self.get("/dev/outbox", None).await.expect(200);
        reply.data().as_array().cloned().unwrap_or_default()
    }

    pub async fn mails_to(&self, email: &str) -> Vec<Value> {
        self.outbox().await.into_iter().filter(|m| m["to"].as_str() == Some(email)).collect()
    }

    /// The newest mail to `email`.
    pub async fn last_mail_to(&self, email: &str) -> Value {
        self.mails_to(email).await.pop().unwrap_or_else(|| panic!("no mail to {email}"))
    }

    /// The link of the newest mail to `email`.
    pub async fn last_link_to(&self, email: &str) -> String {
        self.last_mail_to(email).await["link"].as_str().expect("a mail with a link").to_string()
    }

    /// The `token` parameter of the link in the newest mail to `email`.
    pub async fn last_token_to(&self, email: &str) -> String {
        token_of(&self.last_link_to(email).await)
    }

    pub async fn sign_up(&self, name: &str, email: &str, password: &str) -> Reply {
        self.post("/user/signup", None, json!({ "name": name, "email": email, "password": password })).await
    }

    pub async fn log_in(&self, email: &str, password: &str) -> Reply {
        self.post("/auth/login", None, json!({ "email": email, "password": password })).await
    }

    /// Follows the newest verification mail to `email`.
    pub async fn verify(&self, email: &str) -> Reply {
        let token = self.last_token_to(email).await;
        self.post("/user/verify-email", None, json!({ "token": token })).await
    }

    /// Signs in an existing, verified account.
    pub async fn sign_in(&self, name: &str, email: &str, password: &str) -> TestUser {
        let login = self.log_in(email, password).await.expect(200);
        let d = login.data();
        let access_token = d["access_token"].as_str().expect("access_token").to_string();
        let profile = self.get("/user/profile", Some(&access_token)).await.expect(200);
        TestUser {
            id: d["id"].as_str().expect("id").to_string(),
            name: name.to_string(),
            email: email.to_string(),
            password: password.to_string(),
            access_token,
            refresh_token: d["refresh_token"].as_str().expect("refresh_token").to_string(),
            team_id: profile.data()["teamId"].as_str().expect("teamId").to_string(),
        }
    }
}

/// The value of the `token` query parameter of a link.
pub fn token_of(link: &str) -> String {
    param_of(link, "token").unwrap_or_else(|| panic!("no token in {link}"))
}

/// A query parameter of a URL, percent-decoded.
pub fn param_of(url: &str, name: &str) -> Option<String> {
    let uri: axum::http::Uri = url.parse().ok()?;
    let axum::extract::Query(params) =
        axum::extract::Query::<std::collections::HashMap<String, String>>::try_from_uri(&uri).ok()?;
    params.get(name).cloned()
}

/// A fresh address for `name` (unique within the test run).
pub fn unique_email(name: &str) -> String {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let slug: String =
        name.to_lowercase().chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).take(30).collect();
    format!("{slug}-{}-{}@example.com", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed))
}

/// A user who signed up (with their own team, as its admin), followed the verification mail and signed in.
/// `name` must be a valid sign-up name (3 to 60 characters).
pub async fn signed_in_user(app: &TestApp, name: &str) -> TestUser {
    let email = unique_email(name);
    app.sign_up(name, &email, PASSWORD).await.expect(201);
    app.verify(&email).await.expect(200);
    app.sign_in(name, &email, PASSWORD).await
}

/// `admin` invites `member` as a plain member and `member` accepts: `member` leaves their own team for `admin`'s.
/// Returns `member` with the new `team_id` (their tokens stay valid).
pub async fn join_team(app: &TestApp, admin: &TestUser, member: &TestUser) -> TestUser {
    join_team_as(app, admin, member, "member").await
}

/// [`join_team`] with a role (`admin`, `hr` or `member`).
pub async fn join_team_as(app: &TestApp, admin: &TestUser, member: &TestUser, role: &str) -> TestUser {
    app.post("/admin/invite", admin.token(), json!({ "email": member.email, "role": role })).await.expect(201);
    let token = app.last_token_to(&member.email).await;
    app.post("/admin/accept-email-invitation", member.token(), json!({ "token": token })).await.expect(200);
    TestUser { team_id: admin.team_id.clone(), ..member.clone() }
}
