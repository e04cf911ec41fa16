//! Imports through the HTTP API, on every store: each source's fixture (written to the tool's documented columns,
//! `tests/fixtures/import/`) previewed and committed, a second commit creating nothing, each bad file refused whole
//! (missing columns, a bad date, a formula, over 20 MB, not multipart), and rows in an approved month refused.

use std::sync::Arc;

use reqwest::Method;

use crate::support::*;
use bt_app::account::Role;
use bt_core::store::Table;
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    each_source_is_previewed_and_committed_once,
    bad_files_are_refused_whole,
    rows_in_an_approved_month_are_refused
);

fn fixture(name: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/import").join(name);
    std::fs::read(path).expect("the fixture")
}

/// `multipart/form-data` with `source` and `file`, written out by hand.
pub async fn upload(app: &TestApp, who: &Person, path: &str, source: &str, file: &[u8]) -> Reply {
    let boundary = "----breaktime-test-boundary";
    let mut body = Vec::new();
    body.extend_from_slice(
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"source\"\r\n\r\n{source}\r\n").as_bytes(),
    );
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"data.csv\"\r\nContent-Type: text/csv\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let sent = std::time::Instant::now();
    let response = reqwest::Client::new()
        .post(app.url(path))
        .bearer_auth(&who.token)
        .header("content-type", format!("multipart/form-data; boundary={boundary}"))
        .body(body)
        .send()
        .await
        .expect("the server answers");
    Reply::read(response, sent).await
}

fn counts(v: &Value) -> (u64, u64, u64) {
    (v["created"].as_u64().unwrap(), v["skipped"].as_u64().unwrap(), v["refused"].as_u64().unwrap())
}

async fn each_source_is_previewed_and_committed_once(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    // (source, fixture, work periods, breaks, leaves)
    let cases = [
        ("clockify", "clockify.csv", 2, 1, 0),
        ("toggl", "toggl.csv", 3, 1, 0),
        ("kimai", "kimai.csv", 2, 1, 0),
        ("generic", "generic.csv", 2, 1, 1),
    ];
    for (source, name, work, breaks, leaves) in cases {
        let file = fixture(name);
        let preview = upload(&app, &ann, "/import/preview", source, &file).await.expect(200);
        let p = preview.data();
        assert_eq!(p["refused"], json!([]), "{source}: {p}");
        assert_eq!(p["create"], json!({ "work": work, "breaks": breaks, "leaves": leaves }), "{source}");
        assert_eq!(p["understood"], p["rows"], "{source}");
        assert_eq!(p["items"].as_array().unwrap().len() as u64, p["rows"].as_u64().unwrap(), "{source}");
        // The preview wrote nothing.
        let again = upload(&app, &ann, "/import/preview", source, &file).await.expect(200);
        assert_eq!(again.data()["skipped"], 0, "{source}");

        let total = (work + breaks + leaves) as u64;
        let first = upload(&app, &ann, "/import/commit", source, &file).await.expect(200);
        assert_eq!(counts(first.data()), (total, 0, 0), "{source}");
        let second = upload(&app, &ann, "/import/commit", source, &file).await.expect(200);
        assert_eq!(counts(second.data()), (0, total, 0), "{source}: the second import creates nothing");
        let after = upload(&app, &ann, "/import/preview", source, &file).await.expect(200);
        assert_eq!(after.data()["create"], json!({ "work": 0, "breaks": 0, "leaves": 0 }));
    }
    // What was created reads back through the usual routes.
    let day = app.get(&ann, "/work/day?date=2025-03-04").await.expect(200);
    assert!(day.text.contains("Homepage layout (Website · Design)"), "{}", day.text);
    let march = app.get(&ann, "/work/day?date=2025-03-06").await.expect(200);
    assert!(march.text.contains("Planning") && march.text.contains("Lunch Break"), "{}", march.text);
    let leaves = app.get(&ann, "/leaves/list").await.expect(200);
    assert!(leaves.text.contains("Family visit"), "{}", leaves.text);
}

async fn bad_files_are_refused_whole(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let check = |reply: Reply, status: u16| reply.expect(status);

    let missing = check(
        upload(&app, &ann, "/import/commit", "toggl", b"User,Description,Start date\nA,x,2025-01-01\n").await,
        422,
    );
    assert_eq!(missing.field("file"), "The file lacks the columns: Tags, Start time, End date, End time.");

    let bad_date = "kind,date,start,end,type,note\nwork,2025-03-06,08:00,09:00,,ok\nwork,2025-02-30,08:00,09:00,,bad\n";
    let refused = check(upload(&app, &ann, "/import/commit", "generic", bad_date.as_bytes()).await, 422);
    assert_eq!(refused.field("file"), "Row 3 has an invalid date in the column \"date\": \"2025-02-30\".");
    let bad_time = "kind,date,start,end,type,note\nwork,2025-03-06,8 o'clock,09:00,,bad\n";
    let refused = check(upload(&app, &ann, "/import/preview", "generic", bad_time.as_bytes()).await, 422);
    assert_eq!(refused.field("file"), "Row 2 has an invalid time in the column \"start\": \"8 o'clock\".");

    let formula = "kind,date,start,end,type,note\nwork,2025-03-06,08:00,09:00,,ok\nwork,2025-03-07,08:00,09:00,,\"=HYPERLINK(\"\"x\"\")\"\n";
    let refused = check(upload(&app, &ann, "/import/commit", "generic", formula.as_bytes()).await, 422);
    assert_eq!(
        refused.field("file"),
        "Row 3 holds a spreadsheet formula in the column \"note\". Remove it and upload the file again."
    );
    // A negative number is no formula.
    let number = "kind,date,start,end,type,note\nwork,2025-03-06,08:00,09:00,,-1.5\n";
    check(upload(&app, &ann, "/import/preview", "generic", number.as_bytes()).await, 200);

    let big = vec![b'a'; 20 * 1024 * 1024 + 1];
    let too_large = check(upload(&app, &ann, "/import/commit", "generic", &big).await, 413);
    assert_eq!(too_large.message(), "The file is larger than 20 MB. Split it into smaller files and import each one.");

    let source = check(upload(&app, &ann, "/import/preview", "excel", b"a,b\n").await, 422);
    assert_eq!(source.field("source"), "Choose a source: clockify, toggl, kimai or generic.");
    assert_eq!(
        check(upload(&app, &ann, "/import/preview", "generic", b"").await, 422).field("file"),
        "The file holds no rows."
    );
    assert_eq!(app.post(&ann, "/import/preview", json!({ "source": "generic" })).await.status, 415);
    assert_eq!(app.send(None, Method::POST, "/import/preview", Some(json!({}))).await.status, 401);

    // Nothing of the refused files was written (the first row of the bad-date and formula files was good).
    let day = app.get(&ann, "/work/day?date=2025-03-06").await.expect(200);
    assert!(!day.text.contains("\"ok\""), "{}", day.text);
    let ok = upload(&app, &ann, "/import/commit", "generic", number.as_bytes()).await.expect(200);
    assert_eq!(counts(ok.data()), (1, 0, 0));
}

async fn rows_in_an_approved_month_are_refused(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    app.post(&bob, "/timesheets/2025-02/submit", json!({})).await.expect(200);
    app.post(&ann, "/timesheets/2025-02/approve", json!({ "userId": bob.id })).await.expect(200);

    let file = "kind,date,start,end,type,note\n\
                work,2025-02-10,08:00,12:00,,February\n\
                break,2025-02-10,12:00,12:30,,\n\
                work,2025-03-10,08:00,12:00,,March\n\
                work,2025-03-10,11:00,13:00,,Overlapping\n";
    let preview = upload(&app, &bob, "/import/preview", "generic", file.as_bytes()).await.expect(200);
    let p = preview.data();
    assert_eq!(
        p["refused"],
        json!([
            { "row": 2, "reason": "The timesheet of February 2025 is approved and locked." },
            { "row": 3, "reason": "The timesheet of February 2025 is approved and locked." },
            { "row": 5, "reason": "This period overlaps another one." },
        ])
    );
    assert_eq!(p["create"], json!({ "work": 1, "breaks": 0, "leaves": 0 }));
    let committed = upload(&app, &bob, "/import/commit", "generic", file.as_bytes()).await.expect(200);
    assert_eq!(counts(committed.data()), (1, 0, 3));
}
