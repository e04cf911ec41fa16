//! Leave types and leave requests through the HTTP API, on every store (SQLite, and DynamoDB on moto with feature
//! `aws`): the starting types and their management by admins, requests that wait for an approver, decisions and
//! their mails, withdrawal, and absences counting approved leaves only.

use std::sync::Arc;

use crate::support::*;
use bt_app::account::Role;
use bt_core::store::Table;
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    a_team_starts_with_three_types_that_admins_manage,
    a_request_waits_for_an_approver_who_decides_it,
    requests_are_withdrawn_and_free_their_days,
    without_another_approver_a_request_is_approved_at_once,
    balances_count_working_days_against_the_allowance,
    the_team_calendar_shows_types_to_all_and_reasons_to_approvers,
    the_balance_splits_taken_from_planned_and_the_preview_says_what_happens,
);

const VACATION: &str = "00000000000000000000000001";
const SICK: &str = "00000000000000000000000002";

fn leave(from: &str, to: &str) -> Value {
    json!({ "fromDate": from, "toDate": to, "reason": "Family" })
}

fn names(list: &Value) -> Vec<&str> {
    // Leave types and balances are both listed with a name.
    list.as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect()
}

async fn a_team_starts_with_three_types_that_admins_manage(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let hal = app.person_in(&ann.team_id, "Hal", Role::Hr, "UTC").await;

    let types = app.get(&bob, "/leaves/types").await.expect(200);
    assert_eq!(names(types.data()), vec!["Vacation", "Sick", "Unpaid"]);
    let vacation = &types.data()[0];
    assert_eq!((vacation["_id"].as_str(), vacation["isDefault"].as_bool()), (Some(VACATION), Some(true)));
    assert_eq!(
        (vacation["countsAgainstAllowance"].as_bool(), vacation["needsApproval"].as_bool()),
        (Some(true), Some(true))
    );
    assert_eq!(types.data()[1]["needsApproval"], false);
    // Every member of the team sees the same list (written once, on the team's first use).
    assert_eq!(app.get(&ann, "/leaves/types").await.expect(200).data(), types.data());

    let training = json!({ "name": "Training", "color": "#0EA5E9", "needsApproval": false });
    for who in [&bob, &hal] {
        let refused = app.post(who, "/leaves/types", training.clone()).await.expect(403);
        assert_eq!(refused.message(), "Only admins can manage leave types.");
    }
    let added = app.post(&ann, "/leaves/types", training.clone()).await.expect(201);
    assert_eq!((added.data()["color"].as_str(), added.data()["paid"].as_bool()), (Some("#0ea5e9"), Some(true)));
    let id = added.id();
    assert_eq!(
        app.post(&ann, "/leaves/types", training).await.expect(422).field("name"),
        "A leave type with this name already exists."
    );
    let bad = app.post(&ann, "/leaves/types", json!({ "name": "x".repeat(41), "color": "green" })).await.expect(422);
    assert_eq!(bad.field("name"), "Name must not exceed 40 characters.");
    assert_eq!(bad.field("color"), "Colour must be a hex colour such as #22c55e.");
    assert_eq!(app.post(&ann, "/leaves/types", json!({})).await.expect(422).field("name"), "Name is required.");

    // Another team's admin cannot reach the type.
    let zed = app.person("Zed").await;
    app.put(&zed, &format!("/leaves/types/{id}"), json!({ "name": "Mine" })).await.expect(404);
    app.delete(&zed, &format!("/leaves/types/{id}")).await.expect(404);

    // A type in use is archived, not deleted; an archived type is offered for no new leave.
    let mut body = leave("2024-06-03", "2024-06-03");
    body["typeId"] = json!(id);
    let used = app.post(&bob, "/leaves/add", body.clone()).await.expect(201);
    assert_eq!((used.data()["typeId"].as_str(), used.data()["status"].as_str()), (Some(id.as_str()), Some("approved")));
    let in_use = app.delete(&ann, &format!("/leaves/types/{id}")).await.expect(409);
    assert_eq!(in_use.message(), "This leave type is in use by leaves. Archive it instead.");
    let archived = app.put(&ann, &format!("/leaves/types/{id}"), json!({ "archived": true })).await.expect(200);
    assert_eq!(
        (archived.data()["archived"].as_bool(), archived.data()["name"].as_str()),
        (Some(true), Some("Training"))
    );
    body["fromDate"] = json!("2024-06-04");
    body["toDate"] = json!("2024-06-04");
    let refused = app.post(&bob, "/leaves/add", body).await.expect(422);
    assert_eq!(refused.field("typeId"), "This leave type is archived. Choose another one.");
    // The leave that has it keeps it through an edit.
    app.put(&bob, &format!("/leaves/edit/{}", used.id()), json!({ "reason": "Course" })).await.expect(200);
    let mut unknown = leave("2024-06-05", "2024-06-05");
    unknown["typeId"] = json!("01HZX3Y8Q2W5E7R9T1V3B5N7M9");
    assert_eq!(
        app.post(&bob, "/leaves/add", unknown).await.expect(422).field("typeId"),
        "Choose one of the team's leave types."
    );

    // The default type stays; an unused type goes.
    let kept = app.delete(&ann, &format!("/leaves/types/{VACATION}")).await.expect(409);
    assert_eq!(kept.message(), "The default leave type cannot be deleted or archived.");
    app.put(&ann, &format!("/leaves/types/{VACATION}"), json!({ "archived": true })).await.expect(422);
    let unpaid = app.get(&ann, "/leaves/types").await.data()[2]["_id"].as_str().unwrap().to_string();
    app.delete(&ann, &format!("/leaves/types/{unpaid}")).await.expect(200);
    assert_eq!(names(app.get(&bob, "/leaves/types").await.data()), vec!["Vacation", "Sick", "Training"]);
}

async fn a_request_waits_for_an_approver_who_decides_it(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let hal = app.person_in(&ann.team_id, "Hal", Role::Hr, "UTC").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let today = app.today(&bob);

    // The specification's form (no type) is a Vacation request: pending, mailed to the admin and HR.
    let request = app.post(&bob, "/leaves/add", leave(&today, &today)).await.expect(201);
    let id = request.id();
    assert_eq!(
        (request.data()["status"].as_str(), request.data()["typeId"].as_str()),
        (Some("pending"), Some(VACATION))
    );
    for approver in [&ann, &hal] {
        let mail = app.mails_sent().into_iter().rev().find(|m| m["to"] == approver.email.as_str()).expect("a mail");
        assert_eq!(mail["subject"], "Leave request from Bob");
        assert!(mail["link"].as_str().unwrap().ends_with("/leaves/requests"), "{mail}");
    }
    assert!(app.mails_sent().iter().all(|m| m["to"] != bob.email.as_str()));
    // Not an absence yet.
    let absent = format!("/admin/onLeaves?todayDate={today}");
    assert_eq!(app.get(&ann, &absent).await.expect(200).data(), &json!([]));

    // The pending list: approvers only, oldest first, with the requester's name.
    let later = app.post(&bob, "/leaves/add", leave("2030-01-07", "2030-01-08")).await.expect(201).id();
    app.get(&bob, "/leaves/pending").await.expect(403);
    let pending = app.get(&hal, "/leaves/pending").await.expect(200);
    assert_eq!(pending.data()["totalCount"], 2);
    let first = &pending.data()["leaves"][0];
    assert_eq!((first["_id"].as_str(), first["userName"].as_str()), (Some(id.as_str()), Some("Bob")));
    let page = app.get(&hal, "/leaves/pending?skip=1&limit=1").await.expect(200);
    assert_eq!(page.data()["leaves"][0]["_id"].as_str(), Some(later.as_str()));

    // Members cannot decide; another team sees nothing; a comment has a limit.
    let refused = app.post(&bob, &format!("/leaves/approve/{id}"), json!({})).await.expect(403);
    assert_eq!(refused.message(), "Only admins and HR can decide leave requests.");
    let zed = app.person("Zed").await;
    app.post(&zed, &format!("/leaves/approve/{id}"), json!({})).await.expect(404);
    let long = json!({ "comment": "x".repeat(501) });
    assert_eq!(
        app.post(&hal, &format!("/leaves/decline/{id}"), long).await.expect(422).field("comment"),
        "Comment must not exceed 500 characters."
    );

    // HR approves (no body at all): an absence now, mailed to Bob, no longer editable by him, decided once.
    let approved =
        app.send(Some(&hal), reqwest::Method::POST, &format!("/leaves/approve/{id}"), None).await.expect(200);
    let a = approved.data();
    assert_eq!(
        (a["status"].as_str(), a["decidedBy"].as_str(), a["decidedByName"].as_str()),
        (Some("approved"), Some(hal.id.as_str()), Some("Hal"))
    );
    assert!(a["decidedAt"].is_string());
    let mail = app.mails_sent().into_iter().rev().find(|m| m["to"] == bob.email.as_str()).expect("a mail to Bob");
    assert_eq!(mail["subject"], "Your leave request was approved");
    assert_eq!(pluck(app.get(&ann, &absent).await.expect(200).data(), "userId"), vec![bob.id.as_str()]);
    let edit = app.put(&bob, &format!("/leaves/edit/{id}"), json!({ "reason": "Other" })).await.expect(409);
    assert_eq!(edit.message(), "This leave has been decided and can no longer be edited. Cancel it instead.");
    let again = app.post(&ann, &format!("/leaves/decline/{id}"), json!({})).await.expect(409);
    assert_eq!(again.message(), "This leave request has already been decided.");

    // The admin declines the other with a comment, which Bob reads on his leave and in his mail.
    let declined =
        app.post(&ann, &format!("/leaves/decline/{later}"), json!({ "comment": "Release week" })).await.expect(200);
    assert_eq!(
        (declined.data()["status"].as_str(), declined.data()["comment"].as_str()),
        (Some("declined"), Some("Release week"))
    );
    let mine = app.get(&bob, &format!("/leaves/get/{later}")).await.expect(200);
    assert_eq!(mine.data()["comment"], "Release week");
    let mail = app.mails_sent().into_iter().rev().find(|m| m["to"] == bob.email.as_str()).unwrap();
    assert!(mail["text"].as_str().unwrap().contains("Release week"), "{mail}");
    assert_eq!(app.get(&hal, "/leaves/pending").await.data()["totalCount"], 0);

    // An admin's own request is decided by someone else, never by themselves.
    let own = app.post(&ann, "/leaves/add", leave("2030-02-04", "2030-02-04")).await.expect(201);
    assert_eq!(own.data()["status"], "pending");
    let refused = app.post(&ann, &format!("/leaves/approve/{}", own.id()), json!({})).await.expect(403);
    assert_eq!(refused.message(), "You cannot decide your own leave request.");
    app.post(&hal, &format!("/leaves/approve/{}", own.id()), json!({})).await.expect(200);
}

async fn requests_are_withdrawn_and_free_their_days(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let today = app.today(&bob);

    // A pending request is withdrawn; its days are free again.
    let pending = app.post(&bob, "/leaves/add", leave("2030-03-04", "2030-03-06")).await.expect(201).id();
    let cancelled = app.post(&bob, &format!("/leaves/cancel/{pending}"), json!({})).await.expect(200);
    assert_eq!(cancelled.data()["status"], "cancelled");
    assert_eq!(app.get(&ann, "/leaves/pending").await.data()["totalCount"], 0);
    let again = app.post(&bob, &format!("/leaves/cancel/{pending}"), json!({})).await.expect(409);
    assert_eq!(again.message(), "This leave can no longer be cancelled.");
    app.post(&bob, "/leaves/add", leave("2030-03-05", "2030-03-05")).await.expect(201);

    // Sick leave needs no approval; started, it can no longer be withdrawn; someone else's is not found.
    let mut sick = leave(&today, &today);
    sick["typeId"] = json!(SICK);
    let sick = app.post(&bob, "/leaves/add", sick).await.expect(201);
    assert_eq!(sick.data()["status"], "approved");
    let started = app.post(&bob, &format!("/leaves/cancel/{}", sick.id()), json!({})).await.expect(409);
    assert_eq!(started.message(), "This leave has already started and cannot be cancelled.");
    app.post(&ann, &format!("/leaves/cancel/{}", sick.id()), json!({})).await.expect(404);

    // An approved leave that has not started can be withdrawn.
    let future = app.post(&bob, "/leaves/add", leave("2030-04-01", "2030-04-02")).await.expect(201).id();
    app.post(&ann, &format!("/leaves/approve/{future}"), json!({})).await.expect(200);
    let withdrawn = app.post(&bob, &format!("/leaves/cancel/{future}"), json!({})).await.expect(200);
    assert_eq!(withdrawn.data()["status"], "cancelled");

    // A deleted request leaves the pending list.
    let gone = app.post(&bob, "/leaves/add", leave("2030-05-01", "2030-05-01")).await.expect(201).id();
    assert_eq!(app.get(&ann, "/leaves/pending").await.data()["totalCount"], 2);
    app.delete(&bob, &format!("/leaves/delete/{gone}")).await.expect(200);
    assert_eq!(app.get(&ann, "/leaves/pending").await.data()["totalCount"], 1);
    app.post(&ann, &format!("/leaves/approve/{gone}"), json!({})).await.expect(404);
}

async fn without_another_approver_a_request_is_approved_at_once(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let today = app.today(&ann);
    let leave = app.post(&ann, "/leaves/add", leave(&today, &today)).await.expect(201);
    assert_eq!((leave.data()["status"].as_str(), leave.data()["typeId"].as_str()), (Some("approved"), Some(VACATION)));
    assert!(leave.data().get("decidedBy").is_none());
    // Not decided by anyone: still the requester's to edit, as the specification has it.
    app.put(&ann, &format!("/leaves/edit/{}", leave.id()), json!({ "reason": "Moved" })).await.expect(200);
    let absent = app.get(&ann, &format!("/admin/onLeaves?todayDate={today}")).await.expect(200);
    assert_eq!(pluck(absent.data(), "userId"), vec![ann.id.as_str()]);
    assert!(app.mails_sent().is_empty());
}

async fn balances_count_working_days_against_the_allowance(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let hal = app.person_in(&ann.team_id, "Hal", Role::Hr, "UTC").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let balance = |who: &Person, year: i32| {
        let token = who.token.clone();
        let app = &app;
        async move {
            let path = format!("/leaves/balance?year={year}");
            let b = app.api.get(&path, Some(&token)).await.expect(200).body["data"].clone();
            (
                b["allowance"].as_f64(),
                b["carriedOver"].as_f64(),
                // Approved days, taken (before today) and planned (from today on) together; split in
                // `the_balance_splits_taken_from_planned_and_the_preview_says_what_happens`.
                b["taken"].as_f64().zip(b["planned"].as_f64()).map(|(taken, planned)| taken + planned),
                b["pending"].as_f64(),
                b["remaining"].as_f64(),
            )
        }
    };
    assert_eq!(balance(&bob, 2030).await, (Some(25.0), Some(0.0), Some(0.0), Some(0.0), Some(25.0)));
    app.get(&bob, "/leaves/balance?year=1800").await.expect(422);

    // Working days: Monday 2030-01-07 to Sunday 2030-01-13 is five; a half day is half of one.
    let week = app.post(&bob, "/leaves/add", leave("2030-01-07", "2030-01-13")).await.expect(201);
    assert_eq!((week.data()["days"].as_i64(), week.data()["workingDays"].as_f64()), (Some(7), Some(5.0)));
    let mut half = leave("2030-01-15", "2030-01-15");
    half["halfDay"] = json!("am");
    let half = app.post(&bob, "/leaves/add", half).await.expect(201);
    assert_eq!((half.data()["halfDay"].as_str(), half.data()["workingDays"].as_f64()), (Some("am"), Some(0.5)));
    let mut wrong = leave("2030-01-16", "2030-01-17");
    wrong["halfDay"] = json!("pm");
    assert_eq!(
        app.post(&bob, "/leaves/add", wrong).await.expect(422).field("halfDay"),
        "A half day is a single day: From and To must be the same date."
    );
    assert_eq!(balance(&bob, 2030).await, (Some(25.0), Some(0.0), Some(0.0), Some(5.5), Some(19.5)));
    app.post(&ann, &format!("/leaves/approve/{}", week.id()), json!({})).await.expect(200);
    assert_eq!(balance(&bob, 2030).await, (Some(25.0), Some(0.0), Some(5.0), Some(0.5), Some(19.5)));
    // Sick leave does not count.
    let mut sick = leave("2030-01-21", "2030-01-22");
    sick["typeId"] = json!(SICK);
    app.post(&bob, "/leaves/add", sick).await.expect(201);
    assert_eq!(balance(&bob, 2030).await.4, Some(19.5));

    // Until the admins set allowances up, a team is not stopped by the default; then a request over is refused.
    app.put(&hal, &format!("/admin/allowance/{}", bob.id), json!({ "year": 2030, "days": 8 })).await.expect(403);
    let set = app.put(&ann, &format!("/admin/allowance/{}", bob.id), json!({ "year": 2030, "days": 8 })).await;
    assert_eq!(set.expect(200).data()["days"], 8.0);
    assert_eq!(
        app.put(&ann, &format!("/admin/allowance/{}", bob.id), json!({ "year": 2030, "days": 1.25 }))
            .await
            .expect(422)
            .field("days"),
        "Days must be a number of days from 0 to 366, in half days."
    );
    let zed = app.person("Zed").await;
    app.put(&ann, &format!("/admin/allowance/{}", zed.id), json!({ "year": 2030, "days": 8 })).await.expect(404);
    assert_eq!(balance(&bob, 2030).await, (Some(8.0), Some(0.0), Some(5.0), Some(0.5), Some(2.5)));
    let over = app.post(&bob, "/leaves/add", leave("2030-02-04", "2030-02-06")).await.expect(422);
    assert_eq!(over.field("toDate"), "This leave takes 3 working days but you have 2.5 working days left in 2030.");
    let preview =
        app.get(&bob, &format!("/leaves/preview?fromDate=2030-02-04&toDate=2030-02-05&typeId={VACATION}")).await;
    let preview = preview.expect(200);
    assert_eq!(
        (preview.data()["workingDays"].as_f64(), preview.data()["remainingAfter"].as_f64()),
        (Some(2.0), Some(0.5))
    );
    app.post(&bob, "/leaves/add", leave("2030-02-04", "2030-02-05")).await.expect(201);

    // A team that allows negative balances takes it; settings are the admins'.
    app.put(&bob, "/leaves/settings", json!({ "allowNegative": true })).await.expect(403);
    let bad = app.put(&ann, "/leaves/settings", json!({ "workWeek": [], "carryOverCap": -1 })).await.expect(422);
    assert_eq!(bad.field("workWeek"), "Choose at least one working day (1 is Monday, 7 is Sunday).");
    let settings = json!({ "allowNegative": true, "carryOverCap": 5, "workWeek": [4, 1, 2, 3] });
    let saved = app.put(&ann, "/leaves/settings", settings).await.expect(200);
    assert_eq!(saved.data()["workWeek"], json!([1, 2, 3, 4]));
    assert_eq!(app.get(&bob, "/leaves/settings").await.expect(200).data()["carryOverCap"], 5.0);
    app.post(&bob, "/leaves/add", leave("2030-03-04", "2030-03-08")).await.expect(201);

    // Carried over: at most the cap of what the year before left unused. Across the new year, each year its days
    // (Monday 2030-12-30 to Friday 2031-01-03, on a Monday-to-Thursday week: 2 in 2030, 2 in 2031).
    let across = app.post(&bob, "/leaves/add", leave("2030-12-30", "2031-01-03")).await.expect(201);
    assert_eq!(across.data()["workingDays"], 4.0);
    let next = balance(&bob, 2031).await;
    // 2030 left 8 - 4 unused (the approved week counts 4 days on today's Monday-to-Thursday week): all carried.
    assert_eq!((next.0, next.1, next.3), (Some(25.0), Some(4.0), Some(2.0)));
    // Hal took nothing: every year carries the cap (5) of the year before's 25 unused days.
    assert_eq!(balance(&hal, 2030).await, (Some(25.0), Some(5.0), Some(0.0), Some(0.0), Some(30.0)));

    // The team's balances: admins and HR.
    app.get(&bob, "/admin/balances?year=2030").await.expect(403);
    let team = app.get(&hal, "/admin/balances?year=2030").await.expect(200);
    assert_eq!(names(team.data()), vec!["Ann", "Bob", "Hal"]);
    assert_eq!(team.data()[1]["allowance"], 8.0);
}

async fn the_team_calendar_shows_types_to_all_and_reasons_to_approvers(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let cai = app.person_in(&ann.team_id, "Cai", Role::Member, "UTC").await;
    // Bob: a pending Vacation request across the month's end, and a Sick day; a declined one is not shown.
    let request = app.post(&bob, "/leaves/add", leave("2030-01-30", "2030-02-04")).await.expect(201).id();
    let mut sick = leave("2030-01-15", "2030-01-15");
    sick["typeId"] = json!(SICK);
    sick["reason"] = json!("Doctor's note");
    app.post(&bob, "/leaves/add", sick).await.expect(201);
    let declined = app.post(&bob, "/leaves/add", leave("2030-01-21", "2030-01-21")).await.expect(201).id();
    app.post(&ann, &format!("/leaves/decline/{declined}"), json!({})).await.expect(200);
    let zed = app.person("Zed").await;
    app.post(&zed, "/leaves/add", leave("2030-01-10", "2030-01-10")).await.expect(201);

    let seen_by_cai = app.get(&cai, "/leaves/calendar?month=2030-01").await.expect(200);
    let cal = seen_by_cai.data();
    assert_eq!((cal["from"].as_str(), cal["to"].as_str()), (Some("2030-01-01"), Some("2030-01-31")));
    assert_eq!(names(&cal["members"]), vec!["Ann", "Bob", "Cai"]);
    let bobs = &cal["members"][1]["leaves"];
    assert_eq!(pluck(bobs, "typeName"), vec!["Sick", "Vacation"]);
    assert_eq!(pluck(bobs, "status"), vec!["approved", "pending"]);
    assert_eq!(bobs[0]["color"], "#ef4444");
    assert!(bobs.as_array().unwrap().iter().all(|l| l.get("reason").is_none()), "a colleague sees no reason: {bobs}");
    assert!(!seen_by_cai.text.contains("Doctor"));
    // The requester and the approvers see the reasons; another month shows the rest of the request.
    let seen_by_ann = app.get(&ann, "/leaves/calendar?month=2030-01").await.expect(200);
    assert_eq!(seen_by_ann.data()["members"][1]["leaves"][0]["reason"], "Doctor's note");
    let own = app.get(&bob, "/leaves/calendar?month=2030-02").await.expect(200);
    assert_eq!(pluck(&own.data()["members"][1]["leaves"], "_id"), vec![request.as_str()]);
    assert_eq!(own.data()["members"][1]["leaves"][0]["reason"], "Family");
    assert_eq!(
        app.get(&ann, "/leaves/calendar?month=2030-13").await.expect(422).field("month"),
        "Month must be written YYYY-MM."
    );
}

async fn the_balance_splits_taken_from_planned_and_the_preview_says_what_happens(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let today: chrono::NaiveDate = app.today(&ann).parse().unwrap();
    let day = |offset: i64| (today + chrono::Duration::days(offset)).to_string();
    let preview = |type_id: &str| format!("/leaves/preview?fromDate={}&toDate={}&typeId={type_id}", day(30), day(30));

    // Ann is the team's only admin: her vacation is approved at once, and the preview says so and why.
    let alone = app.get(&ann, &preview(VACATION)).await.expect(200);
    assert_eq!(alone.data()["approval"], "onlyApprover");
    // With HR in the team, a member's vacation waits for them.
    let _hal = app.person_in(&ann.team_id, "Hal", Role::Hr, "UTC").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    assert_eq!(app.get(&bob, &preview(VACATION)).await.expect(200).data()["approval"], "waitsForApprover");
    assert_eq!(app.get(&ann, &preview(VACATION)).await.expect(200).data()["approval"], "waitsForApprover");

    // Approved leaves before today are taken, from today on planned; a leave across today is split at it.
    let year = today.format("%Y").to_string();
    let mut ids = Vec::new();
    for (from, to) in [(-400, -400), (-3, 3), (20, 20)] {
        let leave = app.post(&bob, "/leaves/add", leave(&day(from), &day(to))).await.expect(201);
        ids.push(leave.id());
    }
    for id in &ids {
        app.post(&ann, &format!("/leaves/approve/{id}"), json!({})).await.expect(200);
    }
    let balance = app.get(&bob, &format!("/leaves/balance?year={year}")).await.expect(200);
    let b = balance.data().clone();
    let settings = app.get(&bob, "/leaves/settings").await.expect(200).data().clone();
    let work_week: Vec<u32> =
        settings["workWeek"].as_array().unwrap().iter().map(|d| d.as_u64().unwrap() as u32).collect();
    let working = |from: i64, to: i64| {
        (from..=to)
            .map(|o| today + chrono::Duration::days(o))
            .filter(|d| {
                d.format("%Y").to_string() == year
                    && work_week.contains(&chrono::Datelike::weekday(d).number_from_monday())
            })
            .count() as f64
    };
    let (taken, planned) = (working(-3, -1), working(0, 3) + working(20, 20));
    assert_eq!((b["taken"].as_f64(), b["planned"].as_f64()), (Some(taken), Some(planned)), "{b}");
    assert_eq!(
        b["remaining"].as_f64(),
        Some(b["allowance"].as_f64().unwrap() + b["carriedOver"].as_f64().unwrap() - taken - planned)
    );
    // The team's list splits the same way.
    let team = app.get(&ann, &format!("/admin/balances?year={year}")).await.expect(200);
    let row = team.data().as_array().unwrap().iter().find(|r| r["userId"] == bob.id.as_str()).unwrap().clone();
    assert_eq!((row["taken"].as_f64(), row["planned"].as_f64()), (Some(taken), Some(planned)));
}
