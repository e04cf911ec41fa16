//! The one harness of the local server's API tests: the whole app (`breaktime_local::app`) served on 127.0.0.1:0,
//! each test over its own fresh store (an in-memory SQLite table unless the test brings one) and local outbox.
//!
//! ```ignore
//! mod support;
//! use support::*;
//!
//! let app = spawn_app().await; // or spawn_app_with(options().configure(|c| ..).web().store(table))
//! let ann = app.person("Ann").await; // written straight into the store, with a fresh token
//! app.post(&ann, "/task/add", a_task("Plan", DAY)).await.expect(201);
//! let bob = signed_in_user(&app, "Bob Member").await; // through sign-up, the mailed link and sign-in
//! app.api.get("/user/profile", bob.token()).await.expect(200);
//! app.state.clock.advance(3600); // the app's clock, store, configuration; `app.outbox` its mail
//! ```
//!
//! - [`Api`] (`app.api`) is the HTTP client: path first, a bearer token when given; it follows no redirects.
//! - [`TestApp`] adds the people of the records and security tests (`&Person` first) and the store.
//! - `accounts`: people who go through the real sign-up flow, and the mail they get.
//! - `bodies`: valid request bodies of each record kind; `web`: a web build, raw requests, JWT pieces.

// Each test binary uses a part of the harness.
#![allow(dead_code, unused_imports)]

mod accounts;
mod bodies;
mod reply;
mod web;

pub use accounts::*;
pub use bodies::*;
pub use reply::Reply;
pub use web::*;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use bt_adapters_local::outbox::Outbox;
use bt_adapters_local::sqlite::SqliteTable;
use bt_app::account::{email_guard_item, member_item, team_item, user_item, Member, Role, Team, User};
use bt_app::config::Config;
use bt_core::store::{Cond, Item, Query, SkCond, Table};
use bt_http::AppState;
use reqwest::Method;
use serde_json::{json, Value};

/// A change to the test configuration.
type Configure<'a> = Box<dyn FnOnce(&mut Config) + 'a>;

/// The next 15th of a month at 14:00 UTC: a day that is neither a month's first nor its last, at an hour far from
/// midnight in every zone the tests use, so a test that works "today" reads the same on any calendar day.
pub fn next_mid_month(now: chrono::DateTime<chrono::Utc>) -> chrono::DateTime<chrono::Utc> {
    use chrono::Datelike;
    let this = now.date_naive().with_day(15).unwrap().and_hms_opt(14, 0, 0).unwrap().and_utc();
    if this > now {
        this
    } else {
        this.checked_add_months(chrono::Months::new(1)).unwrap()
    }
}

/// What a test changes about its app; `options()` is the plain app.
#[derive(Default)]
pub struct AppOptions<'a> {
    configure: Option<Configure<'a>>,
    store: Option<Arc<dyn Table>>,
    web: bool,
}

pub fn options<'a>() -> AppOptions<'a> {
    AppOptions::default()
}

impl<'a> AppOptions<'a> {
    /// Changes the test configuration (`Config::for_tests()`, whose `api_url` is already the app's own address).
    pub fn configure(self, configure: impl FnOnce(&mut Config) + 'a) -> Self {
        AppOptions { configure: Some(Box::new(configure)), ..self }
    }
    /// Runs the app over this store (a failing wrapper, a SQLite file, a DynamoDB table) instead of a fresh
    /// in-memory one.
    pub fn store(self, store: Arc<dyn Table>) -> Self {
        AppOptions { store: Some(store), ..self }
    }
    /// Serves a web build of its own ([`TempDist`]).
    pub fn web(self) -> Self {
        self.with_web(true)
    }
    pub fn with_web(self, web: bool) -> Self {
        AppOptions { web, ..self }
    }
}

pub struct TestApp {
    /// `http://127.0.0.1:<port>`
    pub base: String,
    /// The running app's state: its store, its configuration and its clock (`app.state.clock.advance(secs)`).
    pub state: AppState,
    /// The mail adapter, to read what was sent or make sending fail (`app.outbox.set_failing(true)`).
    pub outbox: Arc<Outbox>,
    pub api: Api,
    /// Kept so the web build outlives the server.
    _web: Option<TempDist>,
}

/// The app with the test configuration over a fresh in-memory store.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(options()).await
}

pub async fn spawn_app_with(options: AppOptions<'_>) -> TestApp {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
    let base = format!("http://{}", listener.local_addr().expect("bound address"));
    let mut config = Config::for_tests();
    config.api_url = base.clone();
    if let Some(configure) = options.configure {
        configure(&mut config);
    }
    let store = match options.store {
        Some(store) => store,
        None => Arc::new(SqliteTable::in_memory().expect("in-memory store")),
    };
    let outbox = Arc::new(Outbox::new(None));
    // Push with a key pair of its own; http and loopback endpoints (the tests' fake push services) only with dev
    // routes, as the local server does.
    let policy = bt_adapters_outbound::Policy { allow_insecure: config.dev_routes };
    let keys = bt_adapters_outbound::VapidKeys::generate();
    let outbound = bt_adapters_outbound::port::OutboundAdapter::new(policy, Some(keys), None, &config.support_email)
        .expect("an outbound client");
    let state = AppState::new(store, outbox.clone(), config).with_outbound(Arc::new(outbound));
    let web = options.web.then(TempDist::new);
    let app = breaktime_local::app(state.clone(), web.as_ref().map(|d| d.path.as_path()));
    tokio::spawn(async move {
        axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>()).await.expect("server");
    });
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(60))
        .build()
        .expect("client");
    TestApp { api: Api { base: base.clone(), client }, base, state, outbox, _web: web }
}

/// The HTTP client of a [`TestApp`]: every call answers a whole [`Reply`].
#[derive(Clone)]
pub struct Api {
    pub base: String,
    /// Follows no redirects, so a test sees every `Location`.
    pub client: reqwest::Client,
}

impl Api {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Any request; `body` is sent as JSON when given, `token` as a bearer token.
    pub async fn send(&self, token: Option<&str>, method: Method, path: &str, body: Option<Value>) -> Reply {
        let mut request = self.client.request(method, self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let started = Instant::now();
        let response = request.send().await.expect("the app answers");
        Reply::read(response, started).await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        self.send(token, Method::GET, path, None).await
    }
    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Reply {
        self.send(token, Method::POST, path, Some(body)).await
    }
    pub async fn put(&self, path: &str, token: Option<&str>, body: Value) -> Reply {
        self.send(token, Method::PUT, path, Some(body)).await
    }
    pub async fn delete(&self, path: &str, token: Option<&str>, body: Option<Value>) -> Reply {
        self.send(token, Method::DELETE, path, body).await
    }
}

/// A verified user with a membership, written straight into the store, signed in with a freshly issued token.
#[derive(Debug, Clone)]
pub struct Person {
    pub id: String,
    pub team_id: String,
    pub name: String,
    pub email: String,
    pub token: String,
    pub time_zone: String,
}

impl TestApp {
    /// The same as [`spawn_app`].
    pub async fn spawn() -> TestApp {
        spawn_app().await
    }

    pub fn url(&self, path: &str) -> String {
        self.api.url(path)
    }

    pub fn store(&self) -> &dyn Table {
        self.state.table()
    }

    /// A request by `who` (anonymous when None).
    pub async fn send(&self, who: Option<&Person>, method: Method, path: &str, body: Option<Value>) -> Reply {
        self.api.send(who.map(|p| p.token.as_str()), method, path, body).await
    }

    /// A request whose body is sent as it is (JSON or not), for bodies no `Value` holds.
    pub async fn raw(
        &self,
        who: Option<&Person>,
        method: Method,
        path: &str,
        body: Option<String>,
    ) -> reqwest::Response {
        let mut request = self.api.client.request(method, self.url(path));
        if let Some(p) = who {
            request = request.bearer_auth(&p.token);
        }
        if let Some(b) = body {
            request = request.header("content-type", "application/json").body(b);
        }
        request.send().await.expect("the server answers")
    }

    pub async fn get(&self, who: &Person, path: &str) -> Reply {
        self.send(Some(who), Method::GET, path, None).await
    }
    pub async fn post(&self, who: &Person, path: &str, body: Value) -> Reply {
        self.send(Some(who), Method::POST, path, Some(body)).await
    }
    pub async fn put(&self, who: &Person, path: &str, body: Value) -> Reply {
        self.send(Some(who), Method::PUT, path, Some(body)).await
    }
    pub async fn delete(&self, who: &Person, path: &str) -> Reply {
        self.send(Some(who), Method::DELETE, path, None).await
    }

    /// A fresh team id.
    pub fn new_team(&self) -> String {
        bt_app::records::new_id(self.state.clock.now()).to_string()
    }

    /// The admin of a new team of their own.
    pub async fn person(&self, name: &str) -> Person {
        let team = self.new_team();
        self.person_in(&team, name, Role::Admin, "UTC").await
    }

    /// A member of `team_id` living in `time_zone`.
    pub async fn person_in(&self, team_id: &str, name: &str, role: Role, time_zone: &str) -> Person {
        self.account(team_id, name, role, time_zone, None).await
    }

    /// [`TestApp::person_in`] (in UTC) with a password (hashing is slow: only for those who need one).
    pub async fn person_with(&self, team_id: &str, name: &str, role: Role, password: Option<&str>) -> Person {
        self.account(team_id, name, role, "UTC", password).await
    }

    /// A whole account, as a sign-up leaves it: profile, e-mail guard, membership and (for a new team) the team.
    async fn account(&self, team_id: &str, name: &str, role: Role, time_zone: &str, password: Option<&str>) -> Person {
        let password_hash = password.map(|p| bt_app::auth::hash_password(p).expect("a hash"));
        let id = bt_app::records::new_id(self.state.clock.now());
        let now = bt_app::records::timestamp(self.state.clock.now());
        let email = format!("{}.{}@example.com", name.to_lowercase().replace(' ', "."), id.to_lowercase());
        let user: User = serde_json::from_value(json!({
            "id": id, "name": name, "email": email, "verified": true, "teamId": team_id,
            "role": role.as_str(), "timeZone": time_zone, "tokenVersion": 0, "createdAt": now,
            "passwordHash": password_hash,
        }))
        .expect("a user");
        let member: Member = serde_json::from_value(json!({
            "userId": id, "name": name, "email": email, "role": role.as_str(), "joinedAt": now,
        }))
        .expect("a member");
        self.store().put(user_item(&user).unwrap(), Cond::NotExists).await.unwrap();
        self.store().put(email_guard_item(&user.email, &user.id), Cond::NotExists).await.unwrap();
        self.store().put(member_item(&user.team_id, &member).unwrap(), Cond::NotExists).await.unwrap();
        if bt_app::account::get_team(self.store(), &user.team_id).await.unwrap().is_none() {
            let team = Team {
                id: user.team_id.clone(),
                name: format!("{name}'s team"),
                created_at: now.clone(),
                time_zone: None,
                ask_name: false,
            };
            self.store().put(team_item(&team).unwrap(), Cond::NotExists).await.unwrap();
        }
        let token = bt_app::auth::issue_access_token(&self.state, &user).expect("a token");
        Person {
            id: id.to_string(),
            team_id: team_id.to_string(),
            name: name.to_string(),
            email,
            token,
            time_zone: time_zone.into(),
        }
    }

    /// The same person with a token issued now (after the test clock moved on).
    pub async fn signed_in_again(&self, who: &Person) -> Person {
        let user = self.user(who).await;
        Person { token: bt_app::auth::issue_access_token(&self.state, &user).unwrap(), ..who.clone() }
    }

    /// Moves `who`'s joining of their team back to the start of `day` (UTC): their days from then have targets.
    pub async fn joined_on(&self, who: &Person, day: chrono::NaiveDate) {
        let team = bt_app::types::TeamId::parse(&who.team_id).expect("a team id");
        let id = bt_app::types::UserId::parse(&who.id).expect("a user id");
        let mut member =
            bt_app::account::teams::find_member(self.store(), &team, &id).await.unwrap().expect("a member");
        member.joined_at = format!("{day}T00:00:00Z");
        self.store().put(member_item(&team, &member).unwrap(), Cond::None).await.unwrap();
    }

    /// The stored user behind `who`.
    pub async fn user(&self, who: &Person) -> User {
        let id = bt_app::types::UserId::parse(&who.id).expect("a user id");
        bt_app::account::get_user(self.store(), &id).await.unwrap().expect("the user")
    }

    /// Moves the app's clock forward to `at` (the test's own moment, so its days never depend on today's date).
    /// Forward only: what was issued before (tokens, links, rate-limit windows) stays as valid as it was.
    pub fn clock_forward_to(&self, at: chrono::DateTime<chrono::Utc>) {
        let now = self.state.clock.now();
        assert!(at >= now, "the test clock moves forward only ({at} is before {now})");
        self.state.clock.advance((at - now).num_seconds() + 1);
    }

    /// Today in the person's zone, as the server computes it.
    pub fn today(&self, who: &Person) -> String {
        bt_app::records::dates::today_in(&who.time_zone, self.state.clock.now())
    }

    /// Every mail sent so far, as JSON (`{to, subject, text, link, ...}`).
    pub fn mails_sent(&self) -> Vec<Value> {
        let mails = self.state.mailer.sent().expect("the local outbox");
        mails.iter().map(|m| serde_json::to_value(m).expect("a mail")).collect()
    }

    /// Every item of the given partitions (a user's `USER#<id>` holds their records, a team's `TEAM#<id>` its
    /// members, presence and break types); see [`partitions_of`].
    pub async fn snapshot(&self, partitions: &[String]) -> Vec<Item> {
        let mut items = Vec::new();
        for pk in partitions {
            let found = self.store().query_all(&Query::table(pk.clone(), SkCond::All)).await.expect("a query");
            items.extend(found);
        }
        items
    }
}

/// The partitions of people and their teams, for [`TestApp::snapshot`].
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
