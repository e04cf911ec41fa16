//! The audit log through the HTTP API, on every store (SQLite, and DynamoDB on moto with feature `aws`): the changes
//! the log tells of, each with who, whose, and the setting before and after; the admins' filters (person, action,
//! range), pages that walk the whole log, the CSV (itself logged); members and HR refused, another team's admin
//! seeing nothing of it; no route that edits or deletes an entry; the two-year TTL; and (SQLite) a change whose
//! entry cannot be written is not made.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{Datelike, Duration};
use reqwest::Method;
use serde_json::{json, Value};

use crate::support::*;
use bt_adapters_local::sqlite::SqliteTable;
use bt_app::account::Role;
use bt_core::store::{Cond, Item, Key, Page, Query, SkCond, StoreError, StoreResult, Table, TxOp};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    the_log_tells_who_changed_what_and_admins_alone_read_it,
    pages_filters_and_the_csv_walk_the_same_log,
    break_types_invitations_and_team_feeds_are_logged,
    entries_name_the_actor_by_account_e_mail,
);

fn actions(page: &Value) -> Vec<String> {
    page["entries"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap().to_string()).collect()
}

fn entry<'a>(page: &'a Value, action: &str) -> &'a Value {
    page["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["action"] == action)
        .unwrap_or_else(|| panic!("an entry {action} in {page}"))
}

async fn the_log_tells_who_changed_what_and_admins_alone_read_it(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let hal = app.person_in(&ann.team_id, "Hal", Role::Hr, "UTC").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let zoe = app.person("Zoe").await;
    let today: chrono::NaiveDate = app.today(&bob).parse().unwrap();
    let month = format!("{:04}-{:02}", today.year(), today.month());

    // Settings an admin changes.
    app.put(&ann, &format!("/admin/role/{}", bob.id), json!({ "role": "hr" })).await.expect(200);
    app.put(&ann, &format!("/admin/role/{}", bob.id), json!({ "role": "member" })).await.expect(200);
    app.put(&ann, "/leaves/settings", json!({ "defaultAllowance": 28 })).await.expect(200);
    app.put(&ann, &format!("/admin/allowance/{}", bob.id), json!({ "year": today.year(), "days": 30 }))
        .await
        .expect(200);
    let training = app.post(&ann, "/leaves/types", json!({ "name": "Training", "color": "#22c55e" })).await.expect(201);
    app.put(&ann, &format!("/leaves/types/{}", training.id()), json!({ "name": "Course" })).await.expect(200);
    app.delete(&ann, &format!("/leaves/types/{}", training.id())).await.expect(200);
    app.put(&ann, "/team/holidays", json!({ "year": today.year(), "country": "DE", "region": "BY" })).await.expect(200);
    app.put(&ann, "/work/rules", json!({ "preset": "de" })).await.expect(200);
    app.post(&ann, "/admin/invite", json!({ "email": "newcomer@example.com", "role": "member" })).await.expect(201);

    // A leave decided, a member's period changed by an approver, a month submitted and approved.
    let from = (today + Duration::days(30)).format("%Y-%m-%d").to_string();
    let leave = app.post(&bob, "/leaves/add", a_leave(&from, &from)).await.expect(201).id();
    app.post(&hal, &format!("/leaves/approve/{leave}"), json!({})).await.expect(200);
    let first = format!("{month}-01");
    let period = app
        .post(&bob, "/work/periods", json!({ "date": first, "start": "08:00", "end": "12:00", "note": "Own" }))
        .await
        .expect(201)
        .id();
    let own = app.get(&ann, "/admin/audit").await.expect(200);
    assert!(!actions(own.data()).contains(&"record.changedByApprover".to_string()), "a person's own change");
    let fixed = json!({ "start": "08:30", "note": "Started later" });
    app.put(&hal, &format!("/work/periods/{period}?userId={}", bob.id), fixed).await.expect(200);
    app.post(&bob, &format!("/timesheets/{month}/submit"), json!({})).await.expect(200);
    app.post(&hal, &format!("/timesheets/{month}/approve"), json!({ "userId": bob.id })).await.expect(200);

    // A person's API token made and revoked.
    let token = app.post(&bob, "/user/tokens", json!({ "name": "Sync script", "scope": "read" })).await.expect(201);
    let token_id = token.data()["id"].as_str().unwrap().to_string();
    app.delete(&bob, &format!("/user/tokens/{token_id}")).await.expect(200);
    let tokens = app.get(&ann, "/admin/audit?action=token.created").await.expect(200);
    let created = entry(tokens.data(), "token.created");
    assert_eq!((created["actorName"].as_str(), created["summary"].as_str()), (Some("Bob"), Some("Sync script (read)")));
    assert!(!tokens.text.contains("btpat_"), "never the secret");
    let revoked = app.get(&ann, "/admin/audit?action=token.revoked").await.expect(200);
    assert_eq!(entry(revoked.data(), "token.revoked")["subjectName"], "Bob");

    // Exports and imports run.
    app.get(&bob, "/user/export").await.expect(200);
    app.get(&ann, "/admin/export").await.expect(200);
    let csv = b"kind,date,start,end,type,note\nwork,2025-03-06,08:00,12:00,,Planning\n";
    let preview = crate::import::upload(&app, &bob, "/import/preview", "generic", csv).await.expect(200);
    let nothing = app.get(&ann, "/admin/audit?action=import.run").await.expect(200);
    assert_eq!(nothing.data()["entries"], json!([]), "a preview is no import: {}", preview.text);
    crate::import::upload(&app, &bob, "/import/commit", "generic", csv).await.expect(200);
    let exports = app.get(&ann, "/admin/audit?action=export.run").await.expect(200);
    let summaries: Vec<&str> =
        exports.data()["entries"].as_array().unwrap().iter().map(|e| e["summary"].as_str().unwrap()).collect();
    assert!(summaries[0].starts_with("team data: ") && summaries[1].starts_with("my data: "), "{summaries:?}");
    assert_eq!(entry(exports.data(), "export.run")["actorName"], "Ann");
    let imports = app.get(&ann, "/admin/audit?action=import.run").await.expect(200);
    let import = entry(imports.data(), "import.run");
    assert_eq!(
        (import["actorName"].as_str(), import["summary"].as_str()),
        (Some("Bob"), Some("generic: 1 rows to create, 0 already there, 0 refused"))
    );

    let log = app.get(&ann, "/admin/audit").await.expect(200);
    let page = log.data();
    let seen = actions(page);
    for action in [
        "member.roleChanged",
        "leaveSettings.changed",
        "allowance.changed",
        "leaveType.created",
        "leaveType.changed",
        "leaveType.deleted",
        "holidays.changed",
        "workRules.changed",
        "member.invited",
        "leave.approved",
        "record.changedByApprover",
        "timesheet.submitted",
        "timesheet.approved",
    ] {
        assert!(seen.iter().any(|a| a == action), "{action} in {seen:?}");
    }
    // Newest first.
    let times: Vec<&str> = page["entries"].as_array().unwrap().iter().map(|e| e["at"].as_str().unwrap()).collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "{times:?}");
    assert_eq!(seen[0], "import.run");

    // Who, whose, what, and the setting before and after.
    let role = entry(page, "member.roleChanged");
    assert_eq!((role["actorName"].as_str(), role["subjectName"].as_str()), (Some("Ann"), Some("Bob")));
    assert_eq!((role["before"].as_str(), role["after"].as_str()), (Some("hr"), Some("member")), "the latest first");
    let settings = entry(page, "leaveSettings.changed");
    assert_eq!(settings["after"]["defaultAllowance"].as_f64(), Some(28.0));
    assert!(settings["before"].is_null(), "nothing was saved before");
    let allowance = entry(page, "allowance.changed");
    assert_eq!(
        (allowance["subjectId"].as_str(), allowance["after"]["days"].as_f64()),
        (Some(bob.id.as_str()), Some(30.0))
    );
    let rules = entry(page, "workRules.changed");
    assert_eq!((rules["summary"].as_str(), rules["after"]["preset"].as_str()), (Some("de"), Some("de")));
    let approved = entry(page, "leave.approved");
    assert_eq!((approved["actorName"].as_str(), approved["subjectName"].as_str()), (Some("Hal"), Some("Bob")));
    assert!(approved["summary"].as_str().unwrap().contains(&from));
    let changed = entry(page, "record.changedByApprover");
    assert_eq!(
        (changed["before"]["start"].as_str(), changed["after"]["start"].as_str()),
        (Some("08:00"), Some("08:30"))
    );
    let invited = entry(page, "member.invited");
    assert!(invited["summary"].as_str().unwrap().starts_with("newcomer@example.com"));
    let deleted = entry(page, "leaveType.deleted");
    assert_eq!((deleted["before"]["name"].as_str(), deleted["after"].as_str()), (Some("Course"), None));

    // Admins alone read it; another team's admin reads their own (empty) log.
    for who in [&hal, &bob] {
        let refused = app.get(who, "/admin/audit").await.expect(403);
        assert!(!refused.message().is_empty());
        app.get(who, "/admin/audit/export.csv").await.expect(403);
    }
    let theirs = app.get(&zoe, "/admin/audit").await.expect(200);
    assert_eq!(theirs.data()["entries"], json!([]));
    let refused = app.get(&zoe, &format!("/admin/audit?userId={}", bob.id)).await.expect(404);
    assert_eq!(refused.message(), "Member not found.");
    app.get(&zoe, &format!("/admin/audit/export.csv?userId={}", bob.id)).await.expect(404);
    app.send(None, Method::GET, "/admin/audit", None).await.expect(401);

    // Append-only: no route edits or deletes an entry.
    let id = page["entries"][0]["id"].as_str().unwrap().to_string();
    for method in [Method::PUT, Method::DELETE, Method::POST] {
        let status = app.send(Some(&ann), method.clone(), "/admin/audit", Some(json!({}))).await.status;
        assert_eq!(status, 405, "{method} /admin/audit");
        let status = app.send(Some(&ann), method.clone(), &format!("/admin/audit/{id}"), Some(json!({}))).await.status;
        assert!(status == 404 || status == 405, "{method} /admin/audit/{{id}}: {status}");
    }

    // Each entry is kept two years (the store's TTL).
    let items = app.store().query_all(&Query::table(format!("AUDIT#{}", ann.team_id), SkCond::All)).await.unwrap();
    assert_eq!(items.len(), seen.len());
    let now = app.state.clock.now().timestamp();
    for item in &items {
        let ttl = item["ttl"].as_i64().unwrap();
        assert!((ttl - now - 2 * 366 * 86_400).abs() < 3_600, "ttl {ttl}");
    }

    // A member who has left is still found in the log, with their removal.
    app.delete(&ann, &format!("/admin/member/{}", bob.id)).await.expect(200);
    let left = app.get(&ann, &format!("/admin/audit?userId={}", bob.id)).await.expect(200);
    assert_eq!(actions(left.data())[0], "member.removed");
    assert_eq!(entry(left.data(), "member.removed")["subjectName"], "Bob");
}

async fn pages_filters_and_the_csv_walk_the_same_log(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let cy = app.person_in(&ann.team_id, "Cy", Role::Member, "UTC").await;
    let year = app.state.clock.now().year();
    for days in 20..27 {
        app.put(&ann, &format!("/admin/allowance/{}", bob.id), json!({ "year": year, "days": days })).await.expect(200);
    }
    app.put(&ann, &format!("/admin/allowance/{}", cy.id), json!({ "year": year, "days": 25 })).await.expect(200);
    app.put(&ann, &format!("/admin/role/{}", cy.id), json!({ "role": "hr" })).await.expect(200);

    // Pages of three walk all nine entries, newest first, none twice.
    let mut walked = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let path = match &cursor {
            Some(c) => format!("/admin/audit?limit=3&cursor={}", urlencoding(c)),
            None => "/admin/audit?limit=3".to_string(),
        };
        let page = app.get(&ann, &path).await.expect(200);
        let entries = page.data()["entries"].as_array().unwrap().clone();
        assert!(entries.len() <= 3);
        walked.extend(entries.iter().map(|e| e["id"].as_str().unwrap().to_string()));
        match page.data()["nextCursor"].as_str() {
            Some(next) => cursor = Some(next.to_string()),
            None => break,
        }
        assert!(walked.len() <= 9, "the pages end");
    }
    let whole = app.get(&ann, "/admin/audit").await.expect(200);
    let all: Vec<String> =
        whole.data()["entries"].as_array().unwrap().iter().map(|e| e["id"].as_str().unwrap().to_string()).collect();
    assert_eq!(walked, all);
    assert_eq!(all.len(), 9);
    assert!(whole.data()["nextCursor"].is_null());

    // By person (whose data, or who acted), by action, by range.
    let bobs = app.get(&ann, &format!("/admin/audit?userId={}", bob.id)).await.expect(200);
    assert_eq!(actions(bobs.data()), vec!["allowance.changed"; 7]);
    let days: Vec<f64> =
        bobs.data()["entries"].as_array().unwrap().iter().map(|e| e["after"]["days"].as_f64().unwrap()).collect();
    assert_eq!(days, vec![26.0, 25.0, 24.0, 23.0, 22.0, 21.0, 20.0]);
    let by_ann = app.get(&ann, &format!("/admin/audit?userId={}", ann.id)).await.expect(200);
    assert_eq!(by_ann.data()["entries"].as_array().unwrap().len(), 9, "Ann made every change");
    let roles = app.get(&ann, "/admin/audit?action=member.roleChanged").await.expect(200);
    assert_eq!(actions(roles.data()), vec!["member.roleChanged"]);
    let today = app.state.clock.now().date_naive();
    let (yesterday, tomorrow) = (today - Duration::days(1), today + Duration::days(1));
    let range = app.get(&ann, &format!("/admin/audit?from={yesterday}&to={today}")).await.expect(200);
    assert_eq!(range.data()["entries"].as_array().unwrap().len(), 9);
    let later = app.get(&ann, &format!("/admin/audit?from={tomorrow}")).await.expect(200);
    assert_eq!(later.data()["entries"], json!([]));
    let earlier = app.get(&ann, &format!("/admin/audit?to={yesterday}")).await.expect(200);
    assert_eq!(earlier.data()["entries"], json!([]));

    // Bad filters name their field.
    let bad = app.get(&ann, "/admin/audit?from=yesterday&action=nothing&userId=x&limit=0").await.expect(422);
    assert!(!bad.field("from").is_empty() || !bad.field("limit").is_empty());
    assert_eq!(app.get(&ann, "/admin/audit?action=nothing").await.expect(422).field("action"), "Unknown action.");
    assert!(!app
        .get(&ann, &format!("/admin/audit?from={today}&to={yesterday}"))
        .await
        .expect(422)
        .field("to")
        .is_empty());
    assert!(!app.get(&ann, "/admin/audit?cursor=not-a-cursor").await.expect(422).field("cursor").is_empty());
    assert!(!app.get(&ann, "/admin/audit?limit=201").await.expect(422).field("limit").is_empty());

    // The CSV: a header and one row per entry the filters keep; the download is logged.
    let csv = app.get(&ann, &format!("/admin/audit/export.csv?userId={}", bob.id)).await.expect(200);
    assert!(csv.header("content-type").unwrap().starts_with("text/csv"));
    assert!(csv.header("content-disposition").unwrap().contains("audit-log-"));
    let text = csv.text.clone();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_string).collect();
    assert_eq!(&header[..4], ["at", "actorId", "actorName", "action"]);
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 7);
    assert!(rows.iter().all(|r| &r[3] == "allowance.changed" && &r[5] == "Bob"));
    assert!(rows[0][8].contains("\"days\":26"), "{:?}", &rows[0]);
    let after = app.get(&ann, "/admin/audit?action=export.run").await.expect(200);
    assert_eq!(entry(after.data(), "export.run")["summary"], "audit log (CSV)");
}

async fn break_types_invitations_and_team_feeds_are_logged(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let hal = app.person_in(&ann.team_id, "Hal", Role::Hr, "UTC").await;
    let one = |page: &Value, action: &str| {
        let found: Vec<Value> =
            page["entries"].as_array().unwrap().iter().filter(|e| e["action"] == action).cloned().collect();
        assert_eq!(found.len(), 1, "one {action} in {page}");
        found[0].clone()
    };

    // The team's break types replaced: the list before (the starting one) and after.
    let before = app.get(&ann, "/type/get").await.expect(200).body;
    app.put(&ann, "/type/edit", json!({ "type": ["Lunch Break", "Prayer"] })).await.expect(200);
    let log = app.get(&ann, "/admin/audit?action=breakTypes.changed").await.expect(200);
    let changed = one(log.data(), "breakTypes.changed");
    assert_eq!(
        (changed["actorName"].as_str(), changed["summary"].as_str()),
        (Some("Ann"), Some("Lunch Break, Prayer"))
    );
    assert_eq!(changed["after"], json!(["Lunch Break", "Prayer"]));
    assert_eq!(changed["before"], before["data"][0]["type"], "the starting list: {before}");

    // An invitation sent again, then withdrawn.
    app.post(&ann, "/admin/invite", json!({ "email": "newcomer@example.com", "role": "hr" })).await.expect(201);
    let first = app.get(&ann, "/admin/invitations").await.expect(200).data()[0]["id"].as_str().unwrap().to_string();
    app.post(&ann, &format!("/admin/invitations/{first}/resend"), json!({})).await.expect(200);
    let log = app.get(&ann, "/admin/audit?action=invitation.resent").await.expect(200);
    assert_eq!(one(log.data(), "invitation.resent")["summary"], "newcomer@example.com (hr)");
    let second = app.get(&ann, "/admin/invitations").await.expect(200).data()[0]["id"].as_str().unwrap().to_string();
    app.delete(&ann, &format!("/admin/invitations/{second}")).await.expect(200);
    let log = app.get(&ann, "/admin/audit?action=invitation.withdrawn").await.expect(200);
    let withdrawn = one(log.data(), "invitation.withdrawn");
    assert_eq!(
        (withdrawn["actorName"].as_str(), withdrawn["summary"].as_str()),
        (Some("Ann"), Some("newcomer@example.com (hr)"))
    );
    app.delete(&ann, &format!("/admin/invitations/{second}")).await.expect(404);
    let log = app.get(&ann, "/admin/audit?action=invitation.withdrawn").await.expect(200);
    assert_eq!(log.data()["entries"].as_array().unwrap().len(), 1, "nothing withdrawn twice");

    // A team calendar feed made and revoked (by HR); never its URL. A personal feed is the person's own: not logged.
    let feed = app.post(&hal, "/calendar/feeds", json!({ "scope": "team" })).await.expect(201);
    let id = feed.data()["id"].as_str().unwrap().to_string();
    let token = feed.data()["url"].as_str().unwrap().rsplit('/').next().unwrap().trim_end_matches(".ics").to_string();
    app.delete(&hal, &format!("/calendar/feeds/{id}")).await.expect(200);
    let mine = app.post(&hal, "/calendar/feeds", json!({ "scope": "me" })).await.expect(201);
    app.delete(&hal, &format!("/calendar/feeds/{}", mine.data()["id"].as_str().unwrap())).await.expect(200);
    let log = app.get(&ann, "/admin/audit?action=calendarFeed.created").await.expect(200);
    let created = one(log.data(), "calendarFeed.created");
    assert_eq!((created["actorName"].as_str(), created["after"]["id"].as_str()), (Some("Hal"), Some(id.as_str())));
    assert_eq!(created["after"]["scope"], "team");
    let log = app.get(&ann, "/admin/audit?action=calendarFeed.revoked").await.expect(200);
    let revoked = one(log.data(), "calendarFeed.revoked");
    assert_eq!((revoked["before"]["id"].as_str(), revoked["after"].as_str()), (Some(id.as_str()), None));
    let whole = app.get(&ann, "/admin/audit").await.expect(200);
    assert!(!whole.text.contains(&token) && !whole.text.contains(".ics"), "never the feed's URL");
}

async fn entries_name_the_actor_by_account_e_mail(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    // Bob takes Ann's name; the log still tells them apart by their accounts.
    app.put(&bob, "/user/profile", json!({ "name": "Ann" })).await.expect(200);
    app.post(&bob, "/user/tokens", json!({ "name": "Sync script", "scope": "read" })).await.expect(201);
    app.put(&ann, "/type/edit", json!({ "type": ["Lunch Break"] })).await.expect(200);
    // A leave withdrawn by its owner is logged without the account at hand: its address is read from the account.
    let from = (app.state.clock.now().date_naive() + Duration::days(30)).format("%Y-%m-%d").to_string();
    let leave = app.post(&bob, "/leaves/add", a_leave(&from, &from)).await.expect(201).id();
    app.post(&bob, &format!("/leaves/cancel/{leave}"), json!({})).await.expect(200);

    let page = app.get(&ann, "/admin/audit").await.expect(200);
    let who = |action: &str| {
        let e = entry(page.data(), action);
        (
            e["actorName"].as_str().map(str::to_string),
            e["actorEmail"].as_str().map(str::to_string),
            e["actorId"].clone(),
        )
    };
    assert_eq!(who("token.created"), (Some("Ann".into()), Some(bob.email.clone()), json!(bob.id)));
    assert_eq!(who("breakTypes.changed"), (Some("Ann".into()), Some(ann.email.clone()), json!(ann.id)));
    assert_eq!(who("leave.cancelled"), (Some("Ann".into()), Some(bob.email.clone()), json!(bob.id)));

    // The CSV carries it too, in its last column.
    let csv = app.get(&ann, "/admin/audit/export.csv?action=token.created").await.expect(200);
    let mut reader = csv::Reader::from_reader(csv.text.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_string).collect();
    assert_eq!(header.last().map(String::as_str), Some("actorEmail"));
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].iter().next_back(), Some(bob.email.as_str()));
}

/// Percent-encodes a cursor for a query string.
fn urlencoding(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

// ---- a change whose entry cannot be written is not made -----------------------------------------------------

/// SQLite that refuses every transaction writing an audit entry (as a store refusing the log's partition would).
struct NoLog(SqliteTable);

fn writes_audit(ops: &[TxOp]) -> bool {
    ops.iter().any(|op| match op {
        TxOp::Put { item, .. } => item.get("PK").and_then(Value::as_str).is_some_and(|pk| pk.starts_with("AUDIT#")),
        _ => false,
    })
}

#[async_trait]
impl Table for NoLog {
    async fn get(&self, key: &Key) -> StoreResult<Option<Item>> {
        self.0.get(key).await
    }
    async fn put(&self, item: Item, cond: Cond) -> StoreResult<()> {
        if item.get("PK").and_then(Value::as_str).is_some_and(|pk| pk.starts_with("AUDIT#")) {
            return Err(StoreError::Unavailable("the log is unavailable (test)".into()));
        }
        self.0.put(item, cond).await
    }
    async fn update(&self, key: &Key, set: Item, cond: Cond) -> StoreResult<Item> {
        self.0.update(key, set, cond).await
    }
    async fn increment(&self, key: &Key, attr: &str, delta: i64, on_create: Item) -> StoreResult<i64> {
        self.0.increment(key, attr, delta, on_create).await
    }
    async fn delete(&self, key: &Key, cond: Cond) -> StoreResult<Option<Item>> {
        self.0.delete(key, cond).await
    }
    async fn query(&self, query: &Query) -> StoreResult<Page> {
        self.0.query(query).await
    }
    async fn count(&self, query: &Query) -> StoreResult<u64> {
        self.0.count(query).await
    }
    async fn transact(&self, ops: Vec<TxOp>) -> StoreResult<()> {
        if writes_audit(&ops) {
            return Err(StoreError::Unavailable("the log is unavailable (test)".into()));
        }
        self.0.transact(ops).await
    }
}

#[tokio::test]
async fn a_change_that_cannot_be_logged_is_not_made() {
    let store: Store = Arc::new(NoLog(SqliteTable::in_memory().unwrap()));
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;

    app.put(&ann, &format!("/admin/role/{}", bob.id), json!({ "role": "hr" })).await.expect(503);
    assert_eq!(app.get(&bob, "/user/profile").await.expect(200).data()["role"], "member");

    app.put(&ann, "/work/rules", json!({ "preset": "de" })).await.expect(503);
    assert_eq!(app.get(&ann, "/work/rules").await.expect(200).data()["preset"], "none");
    app.put(&ann, "/leaves/settings", json!({ "defaultAllowance": 28 })).await.expect(503);
    assert_ne!(app.get(&ann, "/leaves/settings").await.expect(200).data()["defaultAllowance"].as_f64(), Some(28.0));
    app.post(&ann, "/leaves/types", json!({ "name": "Training" })).await.expect(503);
    let types = app.get(&ann, "/leaves/types").await.expect(200);
    assert!(!types.body.to_string().contains("Training"));
    app.post(&ann, "/admin/invite", json!({ "email": "newcomer@example.com", "role": "member" })).await.expect(503);
    assert!(app.mails_sent().iter().all(|m| m["to"] != "newcomer@example.com"), "no mail for an invitation not made");
    assert_eq!(app.get(&ann, "/admin/invitations").await.expect(200).data(), &json!([]));
    let csv = app.get(&ann, "/admin/audit/export.csv").await;
    assert_eq!(csv.status, 503, "an export that cannot be logged is not handed out");
    assert_eq!(app.get(&bob, "/user/export").await.status, 503);
    let csv = b"kind,date,start,end,type,note\nwork,2025-03-06,08:00,12:00,,Planning\n";
    assert_eq!(crate::import::upload(&app, &bob, "/import/commit", "generic", csv).await.status, 503);
    let day = app.get(&bob, "/work/day?date=2025-03-06").await.expect(200);
    assert_eq!(day.data()["periods"], json!([]), "an import that cannot be logged is not made");
}
