//! Faults: the store going away mid-run, a write failing halfway through a request, mail failing.
//!
//! - A store that stops answering (a wrapper that fails every call, as a network outage would): every request
//!   answers 503 with a JSON message, quickly, changes nothing, and everything works again when the store is back.
//! - The real SQLite file locked by another process: writes answer 503 after the busy timeout, reads still work,
//!   writes work again when the lock is gone.
//! - A store that fails from the n-th write on, for every n: sign-up, e-mail verification, leave add and live breaks
//!   either happen completely or not at all, and the answer says which.
//! - Mail failing: a contact message is still stored (sign-up and resend are in `accounts.rs`).
//! - DynamoDB (feature `aws`): the real server binary over a dead endpoint answers 503; over moto behind a proxy
//!   that is cut and restored, it answers 503 during the cut and recovers with nothing lost.

use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::support::*;
use async_trait::async_trait;
use bt_adapters_local::sqlite::SqliteTable;
use bt_app::mail::Mailer;
use bt_app::types::{Email, TeamId, UserId};
use bt_core::keys;
use bt_core::store::{Cond, Item, Key, Page, Query, SkCond, StoreError, StoreResult, Table, TxOp};
use reqwest::Method;
use serde_json::{json, Value};

const UNAVAILABLE: &str = "The service is temporarily unavailable. Please try again shortly.";
/// The longest a request may take to answer while the store is down.
const BOUNDED: Duration = Duration::from_secs(5);

// ---- a store that can be made to fail -------------------------------------------------------------------------

/// Wraps a real store. `down` fails every call; `writes_left` (when not negative) lets that many more writes through
/// and fails the ones after.
struct FaultyTable {
    inner: SqliteTable,
    down: AtomicBool,
    writes_left: AtomicI64,
}

impl FaultyTable {
    fn new() -> Self {
        FaultyTable {
            inner: SqliteTable::in_memory().expect("in-memory store"),
            down: AtomicBool::new(false),
            writes_left: AtomicI64::new(-1),
        }
    }
    fn set_down(&self, down: bool) {
        self.down.store(down, Ordering::SeqCst);
    }
    fn fail_writes_after(&self, n: i64) {
        self.writes_left.store(n, Ordering::SeqCst);
    }
    fn read(&self) -> StoreResult<()> {
        if self.down.load(Ordering::SeqCst) {
            return Err(StoreError::Unavailable("connection refused (test)".into()));
        }
        Ok(())
    }
    fn write(&self) -> StoreResult<()> {
        self.read()?;
        let left = self.writes_left.load(Ordering::SeqCst);
        if left == 0 {
            return Err(StoreError::Unavailable("connection reset (test)".into()));
        }
        if left > 0 {
            self.writes_left.fetch_sub(1, Ordering::SeqCst);
        }
        Ok(())
    }
}

#[async_trait]
impl Table for FaultyTable {
    async fn get(&self, key: &Key) -> StoreResult<Option<Item>> {
        self.read()?;
        self.inner.get(key).await
    }
    async fn put(&self, item: Item, cond: Cond) -> StoreResult<()> {
        self.write()?;
        self.inner.put(item, cond).await
    }
    async fn update(&self, key: &Key, set: Item, cond: Cond) -> StoreResult<Item> {
        self.write()?;
        self.inner.update(key, set, cond).await
    }
    async fn increment(&self, key: &Key, attr: &str, delta: i64, on_create: Item) -> StoreResult<i64> {
        self.write()?;
        self.inner.increment(key, attr, delta, on_create).await
    }
    async fn delete(&self, key: &Key, cond: Cond) -> StoreResult<Option<Item>> {
        self.write()?;
        self.inner.delete(key, cond).await
    }
    async fn query(&self, query: &Query) -> StoreResult<Page> {
        self.read()?;
        self.inner.query(query).await
    }
    async fn count(&self, query: &Query) -> StoreResult<u64> {
        self.read()?;
        self.inner.count(query).await
    }
    async fn transact(&self, ops: Vec<TxOp>) -> StoreResult<()> {
        self.write()?;
        self.inner.transact(ops).await
    }
}

// ---- the app over it ---------------------------------------------------------------------------------------------

/// The app over a [`FaultyTable`], and the table to make fail.
async fn spawn() -> (TestApp, Arc<FaultyTable>) {
    let table = Arc::new(FaultyTable::new());
    (spawn_app_with(options().store(table.clone())).await, table)
}

const DAY: &str = "2024-05-06";

/// Requests touching every endpoint group, with valid bodies (so only the store can make them fail).
fn every_kind_of_request(ids: &Value, email: &str) -> Vec<(Method, String, Option<Value>, bool)> {
    let id = |k: &str| ids[k].as_str().unwrap().to_string();
    let authed = |m: Method, p: String, b: Option<Value>| (m, p, b, true);
    let anon = |m: Method, p: &str, b: Value| (m, p.to_string(), Some(b), false);
    vec![
        authed(Method::GET, "/user/profile".into(), None),
        authed(Method::PUT, "/user/profile".into(), Some(json!({ "name": "Renamed Person" }))),
        authed(Method::GET, format!("/break/todayBreaks?todayCreatedDate={DAY}"), None),
        authed(Method::POST, "/break/add".into(), Some(break_body("11:00", "11:10"))),
        authed(Method::PUT, format!("/break/edit/{}", id("break")), Some(json!({ "reason": "changed" }))),
        authed(Method::GET, format!("/break/get/{}", id("break")), None),
        authed(Method::DELETE, format!("/break/delete/{}", id("break")), None),
        authed(Method::POST, "/break/start".into(), Some(json!({ "type": "Coffee Break" }))),
        authed(Method::POST, "/break/end".into(), None),
        authed(Method::GET, "/break/current".into(), None),
        authed(Method::GET, "/type/get".into(), None),
        authed(Method::PUT, "/type/edit".into(), Some(json!({ "type": ["Tea"] }))),
        authed(Method::POST, "/task/add".into(), Some(json!({ "title": "T", "description": "D", "scheduled": DAY }))),
        authed(Method::PUT, format!("/task/edit/{}", id("task")), Some(json!({ "title": "changed" }))),
        authed(Method::DELETE, format!("/task/delete/{}", id("task")), None),
        authed(Method::GET, "/task/list".into(), None),
        authed(Method::GET, format!("/task/todayTasks?todayScheduledDate={DAY}"), None),
        authed(
            Method::POST,
            "/leaves/add".into(),
            Some(json!({ "fromDate": "2024-09-01", "toDate": "2024-09-02", "reason": "R" })),
        ),
        authed(Method::PUT, format!("/leaves/edit/{}", id("leave")), Some(json!({ "reason": "changed" }))),
        authed(Method::DELETE, format!("/leaves/delete/{}", id("leave")), None),
        authed(Method::GET, "/leaves/list".into(), None),
        authed(
            Method::POST,
            "/meeting/add".into(),
            Some(json!({ "from": "10:00", "to": "11:00", "scheduleDate": DAY })),
        ),
        authed(Method::PUT, format!("/meeting/edit/{}", id("meeting")), Some(json!({ "description": "changed" }))),
        authed(Method::GET, "/meeting/all".into(), None),
        authed(Method::GET, format!("/meeting/get?todayScheduledDate={DAY}"), None),
        authed(Method::POST, "/daily-checklist/add".into(), Some(json!({ "task": "Check", "createdDate": DAY }))),
        authed(Method::PUT, format!("/daily-checklist/edit/{}", id("item")), Some(json!({ "status": true }))),
        authed(Method::GET, "/daily-checklist/getCheckListWithTwoLatestDates".into(), None),
        authed(Method::GET, "/admin/get".into(), None),
        authed(Method::GET, "/admin/get-count".into(), None),
        authed(Method::GET, "/admin/onBreak".into(), None),
        authed(Method::GET, "/admin/onLeaves".into(), None),
        authed(
            Method::POST,
            "/admin/invite".into(),
            Some(json!({ "email": "invitee@faults.local", "role": "member" })),
        ),
        authed(Method::GET, "/reports/breaks?from=2024-05-01&to=2024-05-31".into(), None),
        authed(Method::GET, "/reports/summary?from=2024-05-01&to=2024-05-31".into(), None),
        authed(Method::GET, "/reports/team?from=2024-05-01&to=2024-05-31".into(), None),
        authed(Method::GET, "/reports/export/breaks?from=2024-05-01&to=2024-05-31".into(), None),
        authed(Method::POST, "/assistant/ask".into(), Some(json!({ "message": "coffee break 10:00 to 10:15 today" }))),
        anon(
            Method::POST,
            "/user/signup",
            json!({ "name": "New Person", "email": "new@faults.local", "password": "secret123" }),
        ),
        anon(Method::POST, "/auth/login", json!({ "email": email, "password": "secret123" })),
        anon(
            Method::POST,
            "/auth/refresh-token",
            json!({ "refresh_token": "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG" }),
        ),
        anon(Method::POST, "/user/resend-verification", json!({ "email": email })),
        anon(Method::POST, "/user/forgot-password", json!({ "email": email })),
        anon(Method::POST, "/user/verify-email", json!({ "token": "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG" })),
        anon(Method::POST, "/contactUs/send", json!({ "email": email, "subject": "Hi", "description": "Hello" })),
    ]
}

fn break_body(start: &str, end: &str) -> Value {
    json!({ "startTime": start, "endTime": end, "createdDate": DAY, "type": "Coffee Break", "reason": "" })
}

/// One record of each kind, by kind name.
async fn records_of(app: &TestApp, token: &str) -> Value {
    let t = Some(token);
    let add = |path: &'static str, body: Value| app.api.send(t, Method::POST, path, Some(body));
    json!({
        "break": add("/break/add", break_body("09:00", "09:15")).await.expect(201).data()["_id"],
        "task": add("/task/add", json!({ "title": "Task", "description": "D", "scheduled": DAY })).await.expect(201).data()["_id"],
        "leave": add("/leaves/add", json!({ "fromDate": DAY, "toDate": DAY, "reason": "R" })).await.expect(201).data()["_id"],
        "meeting": add("/meeting/add", json!({ "from": "10:00", "to": "10:30", "scheduleDate": DAY })).await.expect(201).data()["_id"],
        "item": add("/daily-checklist/add", json!({ "task": "Item", "createdDate": DAY })).await.expect(201).data()["_id"],
    })
}

/// What the person has, as the API shows it.
async fn snapshot(app: &TestApp, token: &str, ids: &Value) -> Vec<Value> {
    let t = Some(token);
    let mut out = Vec::new();
    for (kind, base) in [
        ("break", "/break"),
        ("task", "/task"),
        ("leave", "/leaves"),
        ("meeting", "/meeting"),
        ("item", "/daily-checklist"),
    ] {
        let id = ids[kind].as_str().unwrap();
        out.push(app.api.send(t, Method::GET, &format!("{base}/get/{id}"), None).await.expect(200).body);
    }
    for path in
        ["/user/profile", "/break/current", "/type/get", "/task/list", "/leaves/list", "/meeting/all", "/admin/get"]
    {
        out.push(app.api.send(t, Method::GET, path, None).await.expect(200).body);
    }
    out.push(
        app.api
            .send(t, Method::GET, &format!("/break/todayBreaks?todayCreatedDate={DAY}"), None)
            .await
            .expect(200)
            .body,
    );
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_request_answers_a_clear_503_while_the_store_is_down_and_all_works_again_after() {
    let (app, table) = spawn().await;
    let ann = app.person("Ann Outage").await;
    let token = ann.token.clone();
    let ids = records_of(&app, &token).await;
    let before = snapshot(&app, &token, &ids).await;

    table.set_down(true);
    let requests = every_kind_of_request(&ids, &ann.email);
    for (method, path, body, authed) in requests.clone() {
        let reply = app.api.send(authed.then_some(token.as_str()), method.clone(), &path, body).await;
        assert_eq!(reply.status.as_u16(), 503, "{method} {path} while the store is down: {}", reply.body);
        assert_eq!(reply.body["message"], UNAVAILABLE, "{method} {path}");
        assert!(reply.took < BOUNDED, "{method} {path} took {:?}", reply.took);
    }

    table.set_down(false);
    assert_eq!(snapshot(&app, &token, &ids).await, before, "nothing changed while the store was down");
    for (method, path, body, authed) in requests {
        let reply = app.api.send(authed.then_some(token.as_str()), method.clone(), &path, body).await;
        assert!(
            !reply.status.is_server_error(),
            "{method} {path} after the store came back: {} {}",
            reply.status,
            reply.body
        );
    }
}

// ---- writes failing halfway ------------------------------------------------------------------------------------

/// Whether an account for `email` exists, and whether it is whole (user, e-mail guard, team, membership).
async fn account_state(table: &dyn Table, email: &str) -> Option<bool> {
    let guard = table.get(&keys::email(&Email::parse(email).unwrap())).await.unwrap()?;
    let user_id = guard["userId"].as_str().or_else(|| guard["id"].as_str()).unwrap_or_default();
    let Ok(user_id) = UserId::parse(user_id) else { return Some(false) };
    let Some(user) = table.get(&keys::user(&user_id)).await.unwrap() else { return Some(false) };
    let Ok(team) = TeamId::parse(user["teamId"].as_str().unwrap_or_default()) else { return Some(false) };
    let whole = table.get(&keys::team(&team)).await.unwrap().is_some()
        && table.get(&keys::member(&team, &user_id)).await.unwrap().is_some();
    Some(whole)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sign_up_cut_off_at_any_write_is_whole_or_absent_and_its_answer_says_which() {
    let mut n = 0;
    loop {
        let (app, table) = spawn().await;
        let email = format!("cut{n}@faults.local");
        let body = json!({ "name": "Cut Off", "email": email, "password": "secret123" });
        table.fail_writes_after(n);
        let reply = app.api.send(None, Method::POST, "/user/signup", Some(body.clone())).await;
        table.fail_writes_after(-1);
        let state = account_state(table.as_ref(), &email).await;
        match reply.status.as_u16() {
            503 => {
                assert_eq!(reply.body["message"], UNAVAILABLE, "after {n} writes");
                assert_eq!(state, None, "after {n} writes: answered 503 but an account was left behind");
                // Nothing is in the way of trying again.
                app.api.send(None, Method::POST, "/user/signup", Some(body)).await.expect(201);
                assert_eq!(account_state(table.as_ref(), &email).await, Some(true));
            }
            201 => {
                assert_eq!(state, Some(true), "after {n} writes: answered 201 but the account is not whole");
                let message = reply.data()["message"].as_str().unwrap_or_default().to_string();
                if message == "Verification email sent!" {
                    assert!(!app.outbox.sent().unwrap().is_empty());
                    break;
                }
                // The account is there without a mail: it says so, and a resend later finishes the job.
                assert!(message.contains("could not be sent"), "after {n} writes: {message}");
                app.api
                    .send(None, Method::POST, "/user/resend-verification", Some(json!({ "email": email })))
                    .await
                    .expect(200);
                let link = app.outbox.sent().unwrap().last().expect("a mail").mail.link.clone().expect("a link");
                let token = link.split("token=").nth(1).unwrap().split('&').next().unwrap().to_string();
                app.api
                    .send(None, Method::POST, "/user/verify-email", Some(json!({ "token": token })))
                    .await
                    .expect(200);
            }
            other => panic!("after {n} writes: sign-up answered {other}: {}", reply.body),
        }
        n += 1;
        assert!(n < 10, "sign-up never completed");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_verification_cut_off_leaves_the_link_usable() {
    let (app, table) = spawn().await;
    let email = "verify@faults.local";
    app.api
        .send(
            None,
            Method::POST,
            "/user/signup",
            Some(json!({ "name": "Ver Ify", "email": email, "password": "secret123" })),
        )
        .await
        .expect(201);
    let link = app.outbox.sent().unwrap().last().unwrap().mail.link.clone().unwrap();
    let token = link.split("token=").nth(1).unwrap().split('&').next().unwrap().to_string();
    table.fail_writes_after(0);
    app.api.send(None, Method::POST, "/user/verify-email", Some(json!({ "token": token }))).await.expect(503);
    table.fail_writes_after(-1);
    let login = json!({ "email": email, "password": "secret123" });
    app.api.send(None, Method::POST, "/auth/login", Some(login.clone())).await.expect(403);
    app.api.send(None, Method::POST, "/user/verify-email", Some(json!({ "token": token }))).await.expect(200);
    app.api.send(None, Method::POST, "/auth/login", Some(login)).await.expect(200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leave_adds_and_live_breaks_cut_off_write_nothing_and_work_on_the_next_try() {
    let (app, table) = spawn().await;
    let ann = app.person("Ann Cut").await;
    let token = ann.token.clone();
    let t = Some(token.as_str());
    let leave = json!({ "fromDate": "2024-09-01", "toDate": "2024-09-03", "reason": "Trip" });

    table.fail_writes_after(0);
    app.api.send(t, Method::POST, "/leaves/add", Some(leave.clone())).await.expect(503);
    app.api.send(t, Method::POST, "/break/start", Some(json!({ "type": "Lunch Break" }))).await.expect(503);
    table.fail_writes_after(-1);
    assert_eq!(app.api.send(t, Method::GET, "/leaves/list", None).await.expect(200).data()["totalCount"], 0);
    let ann_id = UserId::parse(&ann.id).unwrap();
    assert!(table.get(&keys::leave_guard(&ann_id)).await.unwrap().is_none(), "no guard bump without its leave");
    assert_eq!(app.api.send(t, Method::GET, "/break/current", None).await.expect(200).data(), &Value::Null);
    assert_eq!(app.api.send(t, Method::GET, "/admin/onBreak", None).await.expect(200).data(), &json!([]));

    app.api.send(t, Method::POST, "/leaves/add", Some(leave)).await.expect(201);
    app.api.send(t, Method::POST, "/break/start", Some(json!({ "type": "Lunch Break" }))).await.expect(201);

    // Ending the break cut off: still on the break, no break recorded; the next try ends it.
    table.fail_writes_after(0);
    app.api.send(t, Method::POST, "/break/end", None).await.expect(503);
    table.fail_writes_after(-1);
    assert_ne!(app.api.send(t, Method::GET, "/break/current", None).await.expect(200).data(), &Value::Null);
    assert_eq!(
        app.api.send(t, Method::GET, "/admin/onBreak", None).await.expect(200).data().as_array().unwrap().len(),
        1
    );
    let today = bt_app::records::dates::today_in("UTC", app.state.clock.now());
    let breaks = format!("/break/todayBreaks?todayCreatedDate={today}");
    assert_eq!(app.api.send(t, Method::GET, &breaks, None).await.expect(200).data(), &json!([]));
    app.api.send(t, Method::POST, "/break/end", None).await.expect(200);
    assert_eq!(app.api.send(t, Method::GET, &breaks, None).await.expect(200).data().as_array().unwrap().len(), 1);
    assert_eq!(app.api.send(t, Method::GET, "/admin/onBreak", None).await.expect(200).data(), &json!([]));
}

// ---- mail failing ------------------------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_contact_message_is_stored_when_the_mail_fails() {
    let (app, table) = spawn().await;
    app.outbox.set_failing(true);
    let body = json!({ "email": "visitor@faults.local", "subject": "Mail is down", "description": "Keep this." });
    let reply = app.api.send(None, Method::POST, "/contactUs/send", Some(body)).await.expect(200);
    assert_eq!(reply.data(), "message sent!");
    let month = app.state.clock.now().format("%Y-%m").to_string();
    let stored = table.query_all(&Query::table(keys::contact_message(&month, "").pk, SkCond::All)).await.unwrap();
    assert_eq!(stored.len(), 1);
    assert_eq!((stored[0]["subject"].as_str(), stored[0]["mailed"].as_bool()), (Some("Mail is down"), Some(false)));
    assert!(app.outbox.sent().unwrap().is_empty());

    app.outbox.set_failing(false);
    let body = json!({ "email": "visitor@faults.local", "subject": "Mail is back", "description": "And this." });
    app.api.send(None, Method::POST, "/contactUs/send", Some(body)).await.expect(200);
    let stored = table.query_all(&Query::table(keys::contact_message(&month, "").pk, SkCond::All)).await.unwrap();
    let mailed: Vec<bool> = stored.iter().map(|m| m["mailed"].as_bool().unwrap()).collect();
    assert_eq!((stored.len(), mailed.iter().filter(|m| **m).count()), (2, 1));
}

// ---- the real SQLite file, locked by another process -------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_writes_answer_503_while_another_process_holds_the_lock_and_work_after() {
    let dir = std::env::temp_dir().join(format!("breaktime-faults-{}-{}", std::process::id(), rand::random::<u32>()));
    let path = dir.join("breaktime.sqlite3");
    let store = Arc::new(SqliteTable::open(&path).expect("the database file"));
    // The person goes into the real file.
    let app = spawn_app_with(options().store(store)).await;
    let token = app.person("Lock Holder").await.token;
    let t = Some(token.as_str());
    let first = app
        .api
        .send(t, Method::POST, "/task/add", Some(json!({ "title": "Before", "description": "D", "scheduled": DAY })))
        .await
        .expect(201);

    // Another process takes the write lock and keeps it until its stdin closes.
    let mut holder = std::process::Command::new("python3")
        .args([
            "-c",
            "import sqlite3, sys\nc = sqlite3.connect(sys.argv[1], isolation_level=None)\nc.execute('BEGIN EXCLUSIVE')\n\
             print('locked', flush=True)\nsys.stdin.read()\n",
            path.to_str().unwrap(),
        ])
        .env_remove("LD_PRELOAD")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python3 holds the lock");
    {
        use std::io::BufRead;
        let mut line = String::new();
        std::io::BufReader::new(holder.stdout.as_mut().unwrap()).read_line(&mut line).unwrap();
        assert_eq!(line.trim(), "locked");
    }

    let during = json!({ "title": "During", "description": "D", "scheduled": DAY });
    let reply = app.api.send(t, Method::POST, "/task/add", Some(during.clone())).await;
    assert_eq!(reply.status.as_u16(), 503, "{}", reply.body);
    assert_eq!(reply.body["message"], UNAVAILABLE);
    assert!(reply.took < Duration::from_secs(10), "answered after {:?}", reply.took);
    // Reads go on (WAL).
    let list = app.api.send(t, Method::GET, "/task/list", None).await.expect(200);
    assert_eq!(pluck_ids(&list.data()["tasks"]), vec![first.data()["_id"].as_str().unwrap().to_string()]);

    drop(holder.stdin.take());
    holder.wait().unwrap();
    app.api.send(t, Method::POST, "/task/add", Some(during)).await.expect(201);
    let list = app.api.send(t, Method::GET, "/task/list", None).await.expect(200);
    assert_eq!(list.data()["totalCount"], 2, "the refused write was not applied: {}", list.data());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Another process writing to the file for a moment (a script, a second server): the server's writes wait for it
/// (busy timeout) and then succeed, instead of failing on a read snapshot that the other write made stale.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_writes_wait_for_a_short_write_of_another_process() {
    let dir = std::env::temp_dir().join(format!("breaktime-faults-{}-{}", std::process::id(), rand::random::<u32>()));
    let path = dir.join("breaktime.sqlite3");
    let store = Arc::new(SqliteTable::open(&path).expect("the database file"));
    let app = spawn_app_with(options().store(store)).await;
    let token = app.person("Patient Writer").await.token;

    for round in 0..3 {
        // The other process writes a row and holds its transaction open for 700 ms.
        let mut writer = std::process::Command::new("python3")
            .args([
                "-c",
                "import sqlite3, sys, time\nc = sqlite3.connect(sys.argv[1], isolation_level=None)\n\
                 c.execute('BEGIN IMMEDIATE')\n\
                 c.execute(\"INSERT INTO items (pk, sk, data) VALUES ('OTHER', ?, '{}')\", (sys.argv[2],))\n\
                 print('writing', flush=True)\ntime.sleep(0.7)\nc.execute('COMMIT')\n",
                path.to_str().unwrap(),
                &format!("ROW#{round}"),
            ])
            // Real time under libfaketime (infra/scripts/test-dates.sh): Python's sleep fails under it.
            .env_remove("LD_PRELOAD")
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("python3 writes");
        {
            use std::io::BufRead;
            let mut line = String::new();
            std::io::BufReader::new(writer.stdout.as_mut().unwrap()).read_line(&mut line).unwrap();
            assert_eq!(line.trim(), "writing");
        }
        let body = json!({ "title": format!("Waited {round}"), "description": "D", "scheduled": DAY });
        let reply = app.api.post("/task/add", Some(&token), body).await;
        assert_eq!(reply.status.as_u16(), 201, "round {round}: {}", reply.text);
        assert!(writer.wait().unwrap().success());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn pluck_ids(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|v| v["_id"].as_str().unwrap().to_string()).collect()
}

// ---- DynamoDB: the server binary over moto behind a proxy that can be cut ----------------------------------------

#[cfg(feature = "aws")]
mod dynamo {
    use std::io::{Read, Write};
    use std::net::{Shutdown, TcpListener, TcpStream};
    use std::path::PathBuf;
    use std::process::{Child, Command, Stdio};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};

    use reqwest::Method;
    use serde_json::{json, Value};

    use super::UNAVAILABLE;
    use crate::support::Api;

    /// How long a request may take while DynamoDB cannot be reached (the SDK retries with backoff first).
    const BOUNDED: Duration = Duration::from_secs(20);

    fn free_port() -> u16 {
        TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
    }

    fn wait_for(port: u16, child: &mut Child, what: &str) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            if TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return;
            }
            if let Ok(Some(status)) = child.try_wait() {
                panic!("{what} exited with {status}");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("{what} did not listen on {port}");
    }

    /// A child process that is stopped when dropped.
    struct Proc(Child);
    impl Drop for Proc {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }

    /// A TCP proxy to `target` that can be cut (open connections closed, new ones closed at once) and restored.
    struct Proxy {
        port: u16,
        up: Arc<AtomicBool>,
        open: Arc<Mutex<Vec<TcpStream>>>,
    }

    impl Proxy {
        fn start(target: u16) -> Proxy {
            let listener = TcpListener::bind("127.0.0.1:0").unwrap();
            let port = listener.local_addr().unwrap().port();
            let up = Arc::new(AtomicBool::new(true));
            let open: Arc<Mutex<Vec<TcpStream>>> = Arc::default();
            let (up2, open2) = (up.clone(), open.clone());
            std::thread::spawn(move || {
                for client in listener.incoming() {
                    let Ok(client) = client else { continue };
                    if !up2.load(Ordering::SeqCst) {
                        let _ = client.shutdown(Shutdown::Both);
                        continue;
                    }
                    let Ok(server) = TcpStream::connect(("127.0.0.1", target)) else { continue };
                    let mut open = open2.lock().unwrap();
                    open.push(client.try_clone().unwrap());
                    open.push(server.try_clone().unwrap());
                    for (mut from, mut to) in
                        [(client.try_clone().unwrap(), server.try_clone().unwrap()), (server, client)]
                    {
                        std::thread::spawn(move || {
                            let mut buf = [0u8; 16384];
                            loop {
                                match from.read(&mut buf) {
                                    Ok(0) | Err(_) => break,
                                    Ok(n) => {
                                        if to.write_all(&buf[..n]).is_err() {
                                            break;
                                        }
                                    }
                                }
                            }
                            let _ = to.shutdown(Shutdown::Both);
                        });
                    }
                }
            });
            Proxy { port, up, open }
        }
        fn cut(&self) {
            self.up.store(false, Ordering::SeqCst);
            for s in self.open.lock().unwrap().drain(..) {
                let _ = s.shutdown(Shutdown::Both);
            }
        }
        fn restore(&self) {
            self.up.store(true, Ordering::SeqCst);
        }
    }

    struct Server {
        api: Api,
        _proc: Proc,
        _data: TempDir,
    }

    struct TempDir(PathBuf);
    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// The local server binary (built with the `aws` feature) with `STORE=dynamo` on `endpoint`.
    fn server(endpoint: &str, table: &str) -> Server {
        let data = std::env::temp_dir().join(format!(
            "breaktime-faults-dynamo-{}-{}",
            std::process::id(),
            rand::random::<u32>()
        ));
        std::fs::create_dir_all(&data).unwrap();
        let port = free_port();
        let mut child = Command::new(env!("CARGO_BIN_EXE_breaktime-local"))
            .envs([
                ("PORT", port.to_string().as_str()),
                ("DATA_DIR", data.to_str().unwrap()),
                ("STORE", "dynamo"),
                ("TABLE_NAME", table),
                ("AWS_ENDPOINT_URL", endpoint),
                ("DYNAMODB_ENDPOINT", endpoint),
                ("AWS_ACCESS_KEY_ID", "test"),
                ("AWS_SECRET_ACCESS_KEY", "test"),
                ("AWS_REGION", "us-east-1"),
                ("AWS_EC2_METADATA_DISABLED", "true"),
                ("DEV_ROUTES", "1"),
                ("WEB_DIST", "/nonexistent"),
                ("RUST_LOG", "warn"),
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the local server binary");
        wait_for(port, &mut child, "breaktime-local");
        let client = reqwest::Client::builder().timeout(Duration::from_secs(60)).build().unwrap();
        Server {
            api: Api { base: format!("http://127.0.0.1:{port}"), client },
            _proc: Proc(child),
            _data: TempDir(data),
        }
    }

    impl Server {
        async fn send(
            &self,
            token: Option<&str>,
            method: Method,
            path: &str,
            body: Option<Value>,
        ) -> (u16, Value, Duration) {
            let reply = self.api.send(token, method, path, body).await;
            (reply.status.as_u16(), reply.body, reply.took)
        }

        /// Signs a new person up, follows the mailed link and signs in: the access token.
        async fn person(&self, email: &str) -> String {
            let body = json!({ "name": "Dyn Amo", "email": email, "password": "secret123" });
            assert_eq!(self.send(None, Method::POST, "/user/signup", Some(body)).await.0, 201);
            let (_, outbox, _) = self.send(None, Method::GET, "/dev/outbox", None).await;
            let link = outbox["data"].as_array().unwrap().last().unwrap()["link"].as_str().unwrap().to_string();
            let token = link.split("token=").nth(1).unwrap().split('&').next().unwrap();
            assert_eq!(
                self.send(None, Method::POST, "/user/verify-email", Some(json!({ "token": token }))).await.0,
                200
            );
            let login = json!({ "email": email, "password": "secret123" });
            let (status, reply, _) = self.send(None, Method::POST, "/auth/login", Some(login)).await;
            assert_eq!(status, 200, "{reply}");
            reply["data"]["access_token"].as_str().unwrap().to_string()
        }

        #[track_caller]
        fn unavailable(&self, what: &str, (status, body, took): (u16, Value, Duration)) {
            assert_eq!(status, 503, "{what}: {body}");
            assert_eq!(body["message"], UNAVAILABLE, "{what}");
            assert!(took < BOUNDED, "{what} took {took:?}");
        }
    }

    fn task(title: &str) -> Option<Value> {
        Some(json!({ "title": title, "description": "D", "scheduled": "2024-05-06" }))
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn dynamodb_cut_off_answers_503_and_the_server_recovers_with_nothing_lost() {
        let test = "dynamodb_cut_off_answers_503_and_the_server_recovers_with_nothing_lost";
        let (Some(url), Some(table)) = (bt_testkit::moto_url(test), bt_testkit::dynamo_table(test).await) else {
            return;
        };
        let proxy = Proxy::start(url.rsplit(':').next().unwrap().parse().unwrap());
        let server = server(&format!("http://127.0.0.1:{}", proxy.port), table.table_name());
        let token = server.person("dynamo-cut@faults.local").await;
        let t = Some(token.as_str());
        let (status, first, _) = server.send(t, Method::POST, "/task/add", task("Before")).await;
        assert_eq!(status, 201, "{first}");

        proxy.cut();
        server.unavailable("list tasks", server.send(t, Method::GET, "/task/list", None).await);
        server.unavailable("add a task", server.send(t, Method::POST, "/task/add", task("During")).await);
        server.unavailable("profile", server.send(t, Method::GET, "/user/profile", None).await);
        let login = json!({ "email": "dynamo-cut@faults.local", "password": "secret123" });
        server.unavailable("sign in", server.send(None, Method::POST, "/auth/login", Some(login)).await);
        let signup = json!({ "name": "Second Person", "email": "dynamo-2@faults.local", "password": "secret123" });
        server.unavailable("sign up", server.send(None, Method::POST, "/user/signup", Some(signup.clone())).await);

        proxy.restore();
        let (status, list, _) = server.send(t, Method::GET, "/task/list", None).await;
        assert_eq!(status, 200, "{list}");
        assert_eq!(list["data"]["totalCount"], 1, "only the task added before the cut: {list}");
        assert_eq!(list["data"]["tasks"][0]["_id"], first["data"]["_id"]);
        assert_eq!(server.send(t, Method::POST, "/task/add", task("After")).await.0, 201);
        // The refused sign-up left nothing behind: the address is free.
        assert_eq!(server.send(None, Method::POST, "/user/signup", Some(signup)).await.0, 201);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_dead_dynamodb_endpoint_answers_503_in_bounded_time() {
        let dead = format!("http://127.0.0.1:{}", free_port());
        let server = server(&dead, "nowhere");
        let login = json!({ "email": "nobody@faults.local", "password": "secret123" });
        server.unavailable("sign in", server.send(None, Method::POST, "/auth/login", Some(login)).await);
        let signup = json!({ "name": "Nobody Here", "email": "nobody@faults.local", "password": "secret123" });
        server.unavailable("sign up", server.send(None, Method::POST, "/user/signup", Some(signup)).await);
        let contact = json!({ "email": "nobody@faults.local", "subject": "Hi", "description": "Hello" });
        server.unavailable("contact", server.send(None, Method::POST, "/contactUs/send", Some(contact)).await);
    }
}
