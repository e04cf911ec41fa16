//! Harness of the records API tests: the whole local app on 127.0.0.1:0 over a fresh in-memory SQLite table, with
//! people written straight into the store (profile and membership) and signed in with a freshly issued token.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::sync::Arc;

use bt_adapters_local::outbox::Outbox;
use bt_adapters_local::sqlite::SqliteTable;
use bt_domain::account::{member_item, user_item, Member, Role, User};
use bt_domain::config::Config;
use bt_domain::store::{Cond, Table};
use bt_http::AppState;
use reqwest::Method;
use serde_json::{json, Value};

pub struct TestApp {
    pub base: String,
    pub state: AppState,
    client: reqwest::Client,
}

#[derive(Debug, Clone)]
pub struct Person {
    pub id: String,
    pub team_id: String,
    pub name: String,
    pub token: String,
    pub time_zone: String,
}

#[path = "../reply/mod.rs"]
mod reply;
pub use reply::Reply;

impl TestApp {
    pub async fn spawn() -> TestApp {
        let store = Arc::new(SqliteTable::in_memory().expect("in-memory store"));
        let state = AppState::new(store, Arc::new(Outbox::new(None)), Config::for_tests());
        let app = breaktime_local::app(state.clone(), None);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move {
            axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>()).await.unwrap();
        });
        TestApp { base: format!("http://{addr}"), state, client: reqwest::Client::new() }
    }

    pub fn store(&self) -> &dyn Table {
        self.state.store.as_ref()
    }

    /// A fresh team id.
    pub fn new_team(&self) -> String {
        bt_domain::records::new_id(self.state.clock.now())
    }

    /// A verified user with a membership in `team_id`, signed in.
    pub async fn person_in(&self, team_id: &str, name: &str, role: Role, time_zone: &str) -> Person {
        let id = bt_domain::records::new_id(self.state.clock.now());
        let now = bt_domain::records::timestamp(self.state.clock.now());
        let email = format!("{}.{}@example.com", name.to_lowercase().replace(' ', "."), id.to_lowercase());
        let user: User = serde_json::from_value(json!({
            "id": id, "name": name, "email": email, "verified": true, "teamId": team_id,
            "role": role.as_str(), "timeZone": time_zone, "tokenVersion": 0, "createdAt": now,
        }))
        .expect("a user");
        let member: Member = serde_json::from_value(json!({
            "userId": id, "name": name, "email": email, "role": role.as_str(), "joinedAt": now,
        }))
        .expect("a member");
        self.store().put(user_item(&user).unwrap(), Cond::NotExists).await.unwrap();
        self.store().put(member_item(team_id, &member).unwrap(), Cond::NotExists).await.unwrap();
        let token = bt_domain::auth::issue_access_token(&self.state, &user).expect("a token");
        Person { id, team_id: team_id.to_string(), name: name.to_string(), token, time_zone: time_zone.to_string() }
    }

    /// The admin of a new team of their own.
    pub async fn person(&self, name: &str) -> Person {
        let team = self.new_team();
        self.person_in(&team, name, Role::Admin, "UTC").await
    }

    /// The same person with a token issued now (after the test clock moved on).
    pub async fn signed_in_again(&self, who: &Person) -> Person {
        let user = bt_domain::account::get_user(self.store(), &who.id).await.unwrap().expect("the user");
        Person { token: bt_domain::auth::issue_access_token(&self.state, &user).unwrap(), ..who.clone() }
    }

    /// Today in the person's zone, as the server computes it.
    pub fn today(&self, who: &Person) -> String {
        bt_domain::records::dates::today_in(&who.time_zone, self.state.clock.now())
    }

    pub async fn send(&self, who: Option<&Person>, method: Method, path: &str, body: Option<Value>) -> Reply {
        Reply::read(self.raw(who, method, path, body.map(|b| b.to_string())).await).await
    }

    pub async fn raw(
        &self,
        who: Option<&Person>,
        method: Method,
        path: &str,
        body: Option<String>,
    ) -> reqwest::Response {
        let mut request = self.client.request(method, format!("{}{path}", self.base));
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
}

/// A break body with the given times on `date`.
pub fn a_break(date: &str, start: &str, end: &str) -> Value {
    json!({
        "startTime": start, "endTime": end, "createdDate": date, "type": "Coffee Break", "reason": "",
        "isClosed": true, "isModal": false,
    })
}

pub fn a_task(title: &str, scheduled: &str) -> Value {
    json!({ "title": title, "description": "Something to do", "scheduled": scheduled })
}

pub fn a_leave(from: &str, to: &str) -> Value {
    json!({ "fromDate": from, "toDate": to, "reason": "Family visit", "days": 0 })
}

pub fn a_meeting(date: &str, from: &str, to: &str) -> Value {
    json!({ "from": from, "to": to, "scheduleDate": date, "description": "Weekly sync" })
}

pub fn an_item(task: &str, date: &str) -> Value {
    json!({ "task": task, "status": false, "createdDate": date, "isFeature": false })
}

/// The `field` of every element of a JSON array.
pub fn pluck<'a>(list: &'a Value, field: &str) -> Vec<&'a str> {
    list.as_array().expect("an array").iter().map(|v| v[field].as_str().unwrap_or("")).collect()
}
