//! Conditional edits through the HTTP API on every store (SQLite, and DynamoDB on moto with feature `aws`): a record's
//! read and edit answer its `updatedAt` as the `ETag`; an edit with `If-Match` naming another version is 409 and
//! writes nothing, one naming the stored version (quoted, bare or weak) is written, and one without the header is
//! written as before. Breaks, tasks, meetings, checklist items and leaves alike.

use std::sync::Arc;

use crate::support::*;
use bt_core::store::Table;
use reqwest::Method;
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    a_stale_if_match_is_refused_and_writes_nothing,
    if_match_is_taken_quoted_bare_or_weak,
    without_if_match_the_last_write_wins,
    another_users_record_stays_not_found,
);

const CHANGED: &str = "This record was changed meanwhile.";

/// One record of a kind, and how to change one of its text fields.
struct Record {
    group: &'static str,
    id: String,
    field: &'static str,
}

impl Record {
    fn edit_path(&self) -> String {
        format!("/{}/edit/{}", self.group, self.id)
    }
    fn get_path(&self) -> String {
        format!("/{}/get/{}", self.group, self.id)
    }
    fn change(&self, value: &str) -> Value {
        json!({ self.field: value })
    }
}

/// One record of each kind that has a conditional edit, owned by `who`.
async fn one_of_each(app: &TestApp, who: &Person) -> Vec<Record> {
    let today = app.today(who);
    let kinds: [(&str, Value, &str); 5] = [
        ("break", a_break(&today, "09:00", "09:15"), "reason"),
        ("task", a_task("Plan", &today), "title"),
        ("meeting", a_meeting(&today, "10:00", "11:00"), "description"),
        ("daily-checklist", an_item("Water the plants", &today), "task"),
        ("leaves", a_leave("2031-03-03", "2031-03-04"), "reason"),
    ];
    let mut records = Vec::new();
    for (group, body, field) in kinds {
        let id = app.post(who, &format!("/{group}/add"), body).await.expect(201).id();
        records.push(Record { group, id, field });
    }
    records
}

/// An edit with an `If-Match` header.
async fn edit_if(app: &TestApp, who: &Person, record: &Record, if_match: &str, value: &str) -> Reply {
    app.call(Method::PUT, &record.edit_path())
        .by(who)
        .header("if-match", if_match)
        .json(&record.change(value))
        .send()
        .await
}

fn quoted(updated_at: &str) -> String {
    format!("\"{updated_at}\"")
}

fn updated_at(reply: &Reply) -> String {
    reply.data()["updatedAt"].as_str().expect("an updatedAt").to_string()
}

async fn a_stale_if_match_is_refused_and_writes_nothing(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    for record in one_of_each(&app, &ann).await {
        let read = app.get(&ann, &record.get_path()).await.expect(200);
        let seen = updated_at(&read);
        assert_eq!(read.header("etag"), Some(quoted(&seen).as_str()), "{}: the read's ETag", record.group);

        // Edited from the version read: written, with the new version as its ETag.
        app.state.clock.advance(1);
        let edited = edit_if(&app, &ann, &record, &quoted(&seen), "Mine").await.expect(200);
        let now = updated_at(&edited);
        assert_ne!(now, seen, "{}", record.group);
        assert_eq!(edited.header("etag"), Some(quoted(&now).as_str()), "{}: the edit's ETag", record.group);
        assert_eq!(edited.data()[record.field], "Mine");

        // Another edit from the version first read: that version is gone, so nothing is written.
        app.state.clock.advance(1);
        let stale = edit_if(&app, &ann, &record, &quoted(&seen), "Stale").await.expect_error(409);
        assert_eq!(stale.message(), CHANGED, "{}", record.group);
        let after = app.get(&ann, &record.get_path()).await.expect(200);
        assert_eq!(after.data(), edited.data(), "{}: unchanged by the refused edit", record.group);
    }
}

async fn if_match_is_taken_quoted_bare_or_weak(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    for record in one_of_each(&app, &ann).await {
        let mut seen = updated_at(&app.get(&ann, &record.get_path()).await.expect(200));
        let forms: [fn(&str) -> String; 4] =
            [quoted, |v| v.to_string(), |v| format!("W/\"{v}\""), |v| format!("  \"{v}\"  ")];
        for (n, form) in forms.iter().enumerate() {
            app.state.clock.advance(1);
            let value = format!("Version {n}");
            let edited = edit_if(&app, &ann, &record, &form(&seen), &value).await.expect(200);
            assert_eq!(edited.data()[record.field], value.as_str(), "{}: {}", record.group, form(&seen));
            seen = updated_at(&edited);
        }
        // `*` is any version.
        edit_if(&app, &ann, &record, "*", "Any").await.expect(200);
        // A tag that cannot be a version is refused before anything is read.
        for bad in ["\"\"", "W/\"\"", "two words"] {
            let reply = edit_if(&app, &ann, &record, bad, "Bad").await.expect_error(422);
            assert_eq!(reply.field("If-Match"), bt_http::conditional::INVALID_IF_MATCH, "{bad:?}");
        }
        let stored = app.get(&ann, &record.get_path()).await.expect(200);
        assert_eq!(stored.data()[record.field], "Any");
    }
}

async fn without_if_match_the_last_write_wins(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    for record in one_of_each(&app, &ann).await {
        // Two edits, each made without saying which version it started from: both are written.
        app.state.clock.advance(1);
        app.put(&ann, &record.edit_path(), record.change("First")).await.expect(200);
        app.state.clock.advance(1);
        let second = app.put(&ann, &record.edit_path(), record.change("Second")).await.expect(200);
        assert_eq!(second.header("etag"), Some(quoted(&updated_at(&second)).as_str()));
        let stored = app.get(&ann, &record.get_path()).await.expect(200);
        assert_eq!(stored.data()[record.field], "Second", "{}", record.group);
    }
}

async fn another_users_record_stays_not_found(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let bob = app.person("Bob").await;
    for record in one_of_each(&app, &ann).await {
        let seen = updated_at(&app.get(&ann, &record.get_path()).await.expect(200));
        // Bob names the version Ann's record has: still not found, with or without the header.
        edit_if(&app, &bob, &record, &quoted(&seen), "Bob's").await.expect_error(404);
        edit_if(&app, &bob, &record, "\"2020-01-01T00:00:00.000Z\"", "Bob's").await.expect_error(404);
        app.put(&bob, &record.edit_path(), record.change("Bob's")).await.expect_error(404);
        let stored = app.get(&ann, &record.get_path()).await.expect(200);
        assert_eq!(updated_at(&stored), seen, "{}: untouched", record.group);
    }
}

const APP_ORIGIN: &str = "https://app.breaktime.example";

#[tokio::test]
async fn the_browser_may_send_if_match_and_read_the_etag() {
    let app = spawn_app_with(options().configure(|c| c.cors_origins = vec![APP_ORIGIN.into()])).await;
    let ann = app.person("Ann").await;
    let preflight = app
        .call(Method::OPTIONS, "/task/edit/01HZX3Y8Q2W5E7R9T1V3B5N7M9")
        .header("origin", APP_ORIGIN)
        .header("access-control-request-method", "PUT")
        .header("access-control-request-headers", "authorization,content-type,idempotency-key,if-match")
        .send()
        .await;
    assert!(preflight.status.is_success(), "preflight: {}", preflight.status);
    let allowed = preflight.header("access-control-allow-headers").unwrap_or("").to_lowercase();
    assert!(allowed.contains("if-match"), "{allowed}");

    let today = app.today(&ann);
    let id = app.post(&ann, "/task/add", a_task("Plan", &today)).await.expect(201).id();
    let read = app.call(Method::GET, &format!("/task/get/{id}")).by(&ann).header("origin", APP_ORIGIN).send().await;
    let exposed = read.expect(200).header("access-control-expose-headers").unwrap_or("").to_lowercase();
    assert!(exposed.contains("etag"), "{exposed}");
}
