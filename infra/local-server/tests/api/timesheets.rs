//! Monthly timesheets through the HTTP API, on every store (SQLite, and DynamoDB on moto with feature `aws`):
//! submit, approve (the month locks every break and work-period write), reopen, return with a comment, wrong
//! transitions, who may see and decide what, the team's overview, the CSV and the PDF read back, and the mails.

use std::sync::Arc;

use chrono::{Datelike, NaiveDate};
use reqwest::Method;

use crate::support::*;
use bt_app::account::Role;
use bt_core::store::Table;
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(a_month_is_submitted_approved_locked_reopened_and_returned, own_months_and_strangers);

fn statuses(history: &Value) -> Vec<&str> {
    history.as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect()
}

fn last_mail_to(app: &TestApp, email: &str) -> Value {
    app.mails_sent().into_iter().rev().find(|m| m["to"] == email).expect("a mail")
}

fn pdf_text(bytes: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(bytes).expect("a PDF");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    doc.extract_text(&pages).expect("its text")
}

async fn a_month_is_submitted_approved_locked_reopened_and_returned(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    // The month's work is entered on its 1st and the live break runs "now": the clock is moved to the middle of a
    // month first, else on a 1st the live break falls on the day under test (and may overlap its coffee break).
    app.clock_forward_to(next_mid_month(app.state.clock.now()));
    let ann = app.person("Ann").await;
    let hal = app.person_in(&ann.team_id, "Hal", Role::Hr, "UTC").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let today: NaiveDate = app.today(&bob).parse().unwrap();
    let month = format!("{:04}-{:02}", today.year(), today.month());
    let first = format!("{month}-01");
    let sheet = format!("/timesheets/{month}");
    let locked = bt_app::work::lock::locked_message(&month);

    // Bob's month: a period entered by hand, a break inside it, and a live break still running.
    let period = app
        .post(&bob, "/work/periods", json!({ "date": first, "start": "08:00", "end": "12:00", "note": "Forgot" }))
        .await
        .expect(201)
        .id();
    let coffee = app.post(&bob, "/break/add", a_break(&first, "10:00", "10:15")).await.expect(201).id();
    app.post(&bob, "/break/start", json!({ "type": "Short Break" })).await.expect(201);

    let open = app.get(&bob, &sheet).await.expect(200);
    let s = open.data();
    assert_eq!(
        (s["status"].as_str(), s["locked"].as_bool(), s["name"].as_str()),
        (Some("open"), Some(false), Some("Bob"))
    );
    let last = today.with_day(1).unwrap().checked_add_months(chrono::Months::new(1)).unwrap().pred_opt().unwrap();
    assert_eq!(s["days"].as_array().unwrap().len() as u32, last.day());
    assert_eq!(s["days"][0]["periods"][0]["start"], "08:00");
    assert_eq!(s["days"][0]["worked"], 225);

    // Wrong transitions before anything was submitted.
    let early = app.post(&hal, &format!("{sheet}/approve"), json!({ "userId": bob.id })).await.expect(409);
    assert_eq!(early.message(), "This month's timesheet has not been submitted.");
    let next = today.with_day(1).unwrap().checked_add_months(chrono::Months::new(1)).unwrap();
    let future = format!("/timesheets/{:04}-{:02}/submit", next.year(), next.month());
    assert_eq!(
        app.post(&bob, &future, json!({})).await.expect(409).message(),
        "A month that has not begun cannot be submitted."
    );
    assert_eq!(
        app.post(&bob, "/timesheets/2024-13/submit", json!({})).await.expect(422).field("month"),
        "Give a month as YYYY-MM."
    );

    // Bob submits: the approvers are mailed; a second submit is refused.
    let submitted = app.post(&bob, &format!("{sheet}/submit"), json!({})).await.expect(200);
    assert_eq!(submitted.data()["status"], "submitted");
    for approver in [&ann, &hal] {
        assert_eq!(last_mail_to(&app, &approver.email)["subject"], "Timesheet from Bob");
    }
    assert_eq!(
        app.post(&bob, &format!("{sheet}/submit"), json!({})).await.expect(409).message(),
        "This month's timesheet is already submitted."
    );

    // A member decides nothing and sees only their own month.
    let refused = app.post(&bob, &format!("{sheet}/approve"), json!({ "userId": bob.id })).await.expect(403);
    assert_eq!(refused.message(), "Only admins and HR can decide timesheets.");
    app.get(&bob, &format!("{sheet}?userId={}", ann.id)).await.expect(404);
    assert_eq!(
        app.get(&bob, &format!("/timesheets?month={month}")).await.expect(403).message(),
        "Only admins and HR can see the team's timesheets."
    );
    let rows = app.get(&ann, &format!("/timesheets?month={month}")).await.expect(200);
    let bob_row = rows.data().as_array().unwrap().iter().find(|r| r["userId"] == bob.id.as_str()).unwrap().clone();
    assert_eq!((bob_row["status"].as_str(), bob_row["worked"].as_i64()), (Some("submitted"), Some(225)));
    assert_eq!(rows.data().as_array().unwrap().len(), 3);

    // Not while Bob's live break runs in the month: he ends it first. Then HR approves: locked, and Bob is mailed.
    let on_break = app.post(&hal, &format!("{sheet}/approve"), json!({ "userId": bob.id })).await.expect(409);
    assert_eq!(on_break.message(), "Bob is still clocked in.");
    app.post(&bob, "/break/end", json!({})).await.expect(200);
    let approved = app.post(&hal, &format!("{sheet}/approve"), json!({ "userId": bob.id })).await.expect(200);
    assert_eq!(
        (approved.data()["status"].as_str(), approved.data()["locked"].as_bool()),
        (Some("approved"), Some(true))
    );
    assert_eq!(last_mail_to(&app, &bob.email)["subject"], "Your timesheet was approved");
    assert_eq!(
        app.post(&hal, &format!("{sheet}/approve"), json!({ "userId": bob.id })).await.expect(409).message(),
        "This month's timesheet is already approved."
    );

    // Every write dated in the month is refused.
    let coffee_path = format!("/break/edit/{coffee}");
    assert_eq!(app.post(&bob, "/break/add", a_break(&first, "11:00", "11:05")).await.expect(409).message(), locked);
    assert_eq!(app.put(&bob, &coffee_path, json!({ "reason": "x" })).await.expect(409).message(), locked);
    assert_eq!(app.delete(&bob, &format!("/break/delete/{coffee}")).await.expect(409).message(), locked);
    let another = json!({ "date": first, "start": "13:00", "end": "14:00", "note": "More" });
    assert_eq!(app.post(&bob, "/work/periods", another).await.expect(409).message(), locked);
    let edit = json!({ "end": "12:30", "note": "Later" });
    assert_eq!(app.put(&bob, &format!("/work/periods/{period}"), edit.clone()).await.expect(409).message(), locked);
    assert_eq!(app.delete(&bob, &format!("/work/periods/{period}")).await.expect(409).message(), locked);

    // Reopening: admins only, with a reason; then writes work again.
    let by_hr = app.post(&hal, &format!("{sheet}/reopen"), json!({ "userId": bob.id, "comment": "x" })).await;
    assert_eq!(by_hr.expect(403).message(), "Only admins can reopen a timesheet.");
    let no_reason = app.post(&ann, &format!("{sheet}/reopen"), json!({ "userId": bob.id })).await.expect(422);
    assert_eq!(no_reason.field("comment"), "A reason is required.");
    let reopened =
        app.post(&ann, &format!("{sheet}/reopen"), json!({ "userId": bob.id, "comment": "Correction" })).await;
    let r = reopened.expect(200);
    assert_eq!((r.data()["status"].as_str(), r.data()["locked"].as_bool()), (Some("open"), Some(false)));
    app.put(&bob, &coffee_path, json!({ "reason": "Coffee" })).await.expect(200);
    app.put(&bob, &format!("/work/periods/{period}"), edit).await.expect(200);
    assert_eq!(last_mail_to(&app, &bob.email)["subject"], "Your timesheet was reopened");

    // Submitted again and returned with a required comment; Bob may submit once more.
    app.post(&bob, &format!("{sheet}/submit"), json!({})).await.expect(200);
    let bare = app.post(&hal, &format!("{sheet}/return"), json!({ "userId": bob.id })).await.expect(422);
    assert_eq!(bare.field("comment"), "A comment is required.");
    let returned = app
        .post(&hal, &format!("{sheet}/return"), json!({ "userId": bob.id, "comment": "Add the 3rd" }))
        .await
        .expect(200);
    assert_eq!(returned.data()["status"], "returned");
    let mail = last_mail_to(&app, &bob.email);
    assert_eq!(mail["subject"], "Your timesheet was returned");
    assert!(mail["text"].as_str().unwrap().contains("Add the 3rd"), "{mail}");
    let again = app.post(&bob, &format!("{sheet}/submit"), json!({})).await.expect(200);
    assert_eq!(
        statuses(&again.data()["history"]),
        vec!["submitted", "approved", "reopened", "submitted", "returned", "submitted"]
    );
    let entry = &again.data()["history"][4];
    assert_eq!((entry["byName"].as_str(), entry["comment"].as_str()), (Some("Hal"), Some("Add the 3rd")));

    // The CSV: a row a day and totals; the day entered by hand is marked.
    let csv = app.raw(Some(&bob), Method::GET, &format!("{sheet}/export.csv"), None).await;
    assert_eq!(csv.status(), 200);
    assert_eq!(csv.headers()["content-type"], "text/csv; charset=utf-8");
    assert_eq!(
        csv.headers()["content-disposition"],
        format!("attachment; filename=\"timesheet-{month}-bob.csv\"").as_str()
    );
    let text = csv.text().await.unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "date,weekday,periods,breaks,rest,worked,target,difference,leaveOrHoliday,manual,findings");
    assert_eq!(lines.len() as u32, last.day() + 2);
    assert!(lines[1].starts_with(&format!("\"{first}\",")), "{}", lines[1]);
    assert!(lines[1].contains("\"08:00-12:30\",\"10:00-10:15\",15,255,"), "{}", lines[1]);
    assert!(lines[1].ends_with(",\"yes\",\"\""), "{}", lines[1]);
    assert!(lines.last().unwrap().starts_with("\"total\","), "{}", lines.last().unwrap());

    // The PDF, read back: an approver exports a member's month.
    let pdf = app.raw(Some(&ann), Method::GET, &format!("{sheet}/export.pdf?userId={}", bob.id), None).await;
    assert_eq!(pdf.status(), 200);
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    let text = pdf_text(&pdf.bytes().await.unwrap());
    for wanted in
        ["Timesheet", "Name: Bob", "Team: ", &format!("Month: {month}"), &first, "08:00-12:30 *", "Not approved"]
    {
        assert!(text.contains(wanted), "{wanted} missing from:\n{text}");
    }
    app.post(&ann, &format!("{sheet}/approve"), json!({ "userId": bob.id })).await.expect(200);
    let pdf = app.raw(Some(&bob), Method::GET, &format!("{sheet}/export.pdf"), None).await;
    let text = pdf_text(&pdf.bytes().await.unwrap());
    assert!(text.contains(&format!("Approved by Ann on {}", app.today(&ann))), "{text}");
}

async fn own_months_and_strangers(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let zed = app.person("Zed").await;
    let today: NaiveDate = app.today(&ann).parse().unwrap();
    let sheet = format!("/timesheets/{:04}-{:02}", today.year(), today.month());

    // Another team's admin reaches nothing of Bob's.
    app.post(&bob, &format!("{sheet}/submit"), json!({})).await.expect(200);
    app.get(&zed, &format!("{sheet}?userId={}", bob.id)).await.expect(404);
    app.post(&zed, &format!("{sheet}/approve"), json!({ "userId": bob.id })).await.expect(404);
    let csv = app.raw(Some(&zed), Method::GET, &format!("{sheet}/export.csv?userId={}", bob.id), None).await;
    assert_eq!(csv.status(), 404);
    assert_eq!(
        app.post(&ann, &format!("{sheet}/approve"), json!({})).await.expect(422).field("userId"),
        "Choose whose timesheet it is."
    );

    // The only approver of a team decides their own month; with HR there, HR does.
    app.post(&ann, &format!("{sheet}/submit"), json!({})).await.expect(200);
    let hal = app.person_in(&ann.team_id, "Hal", Role::Hr, "UTC").await;
    let own = app.post(&ann, &format!("{sheet}/approve"), json!({ "userId": ann.id })).await.expect(403);
    assert_eq!(own.message(), "Another admin or HR member of your team decides your own timesheet.");
    app.post(&hal, &format!("{sheet}/approve"), json!({ "userId": ann.id })).await.expect(200);
    let zed_sheet = app.post(&zed, &format!("{sheet}/submit"), json!({})).await.expect(200);
    assert_eq!(zed_sheet.data()["status"], "submitted");
    let alone = app.post(&zed, &format!("{sheet}/approve"), json!({ "userId": zed.id })).await.expect(200);
    assert_eq!(alone.data()["status"], "approved");
}
