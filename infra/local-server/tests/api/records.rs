//! The records API through the local server: breaks (manual and live), break types, tasks, leaves, meetings, the
//! daily checklist, team presence and reports. Each test starts its own app over a fresh in-memory store.

use crate::support::*;
use bt_app::account::Role;
use reqwest::Method;
use serde_json::{json, Value};

const DAY: &str = "2024-05-06";

// ---- breaks -----------------------------------------------------------------------------------------------------

#[tokio::test]
async fn a_break_is_added_edited_listed_and_deleted_with_a_server_computed_duration() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;

    let mut body = a_break(DAY, "09:00", "09:45");
    body["reason"] = json!("  stretch legs  ");
    body["duration"] = json!(999);
    let added = app.post(&ann, "/break/add", body).await.expect(201);
    let b = added.data();
    assert_eq!(b["duration"], 45);
    assert_eq!(b["reason"], "stretch legs");
    assert_eq!((b["isClosed"].as_bool(), b["isModal"].as_bool()), (Some(true), Some(false)));
    assert_eq!((b["userId"].as_str(), b["type"].as_str()), (Some(ann.id.as_str()), Some("Coffee Break")));
    assert_eq!(added.id().len(), 26);
    let id = added.id();

    let today = app.get(&ann, &format!("/break/todayBreaks?todayCreatedDate={DAY}")).await.expect(200);
    assert_eq!(pluck(today.data(), "_id"), vec![id.as_str()]);
    assert_eq!(app.get(&ann, "/break/todayBreaks?todayCreatedDate=2024-05-07").await.data(), &json!([]));

    // Fields left out keep their value; the duration follows the new end.
    let edited = app.put(&ann, &format!("/break/edit/{id}"), json!({ "endTime": "10:15" })).await.expect(200);
    assert_eq!(
        (edited.data()["duration"].as_i64(), edited.data()["reason"].as_str()),
        (Some(75), Some("stretch legs"))
    );
    assert_eq!(app.get(&ann, &format!("/break/get/{id}")).await.expect(200).data()["endTime"], "10:15");

    app.delete(&ann, &format!("/break/delete/{id}")).await.expect(200);
    assert_eq!(app.get(&ann, &format!("/break/todayBreaks?todayCreatedDate={DAY}")).await.data(), &json!([]));
    app.delete(&ann, &format!("/break/delete/{id}")).await.expect(404);
}

#[tokio::test]
async fn an_end_before_the_start_is_the_next_day_and_the_list_is_by_start_time() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    let late = app.post(&ann, "/break/add", a_break(DAY, "23:30", "00:15")).await.expect(201);
    assert_eq!(late.data()["duration"], 45);
    let long = app.post(&ann, "/break/add", a_break(DAY, "08:00", "16:00")).await.expect(201);
    assert_eq!(long.data()["duration"], 480);
    let list = app.get(&ann, &format!("/break/todayBreaks?todayCreatedDate={DAY}")).await;
    assert_eq!(pluck(list.data(), "startTime"), vec!["08:00", "23:30"]);
}

#[tokio::test]
async fn break_validation_answers_the_spec_messages_and_stores_nothing() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;

    let empty = app.post(&ann, "/break/add", json!({})).await.expect(422);
    assert_eq!(empty.field("startTime"), "Start time is required.");
    assert_eq!(empty.field("endTime"), "End time is required.");
    assert_eq!(empty.field("type"), "Break type is required.");
    assert_eq!(empty.field("createdDate"), "Created Date is required.");
    assert!(!empty.message().is_empty());

    let cases: Vec<(Value, &str, &str)> = vec![
        (a_break(DAY, "09:00", "09:00"), "endTime", "Break duration must be greater than 0 minutes"),
        (a_break(DAY, "09:00", "17:01"), "endTime", "Break cannot be more than 8 hours."),
        (a_break("2024-13-01", "09:00", "09:10"), "createdDate", "Invalid date format."),
        (a_break("06/05/2024", "09:00", "09:10"), "createdDate", "Invalid date format."),
        (a_break(DAY, "9am", "09:10"), "startTime", "Invalid time format."),
        (a_break(DAY, "09:00", "25:00"), "endTime", "Invalid time format."),
        (a_break("2999-01-01", "09:00", "09:10"), "createdDate", "Break date cannot be in the future."),
    ];
    for (body, field, message) in cases {
        let reply = app.post(&ann, "/break/add", body.clone()).await.expect(422);
        assert_eq!(reply.field(field), message, "{body}");
        assert_eq!(reply.message(), message);
    }
    let mut blank_type = a_break(DAY, "09:00", "09:10");
    blank_type["type"] = json!("   ");
    assert_eq!(app.post(&ann, "/break/add", blank_type).await.expect(422).field("type"), "Break type is required.");
    let mut long_reason = a_break(DAY, "09:00", "09:10");
    long_reason["reason"] = json!("x".repeat(2001));
    assert_eq!(
        app.post(&ann, "/break/add", long_reason).await.expect(422).field("reason"),
        "Reason must not exceed 2000 characters."
    );
    // Wrong JSON types name the field; broken JSON is 400.
    let mut wrong_type = a_break(DAY, "09:00", "09:10");
    wrong_type["startTime"] = json!(930);
    assert_eq!(app.post(&ann, "/break/add", wrong_type).await.expect(422).field("startTime"), "Invalid value.");
    let broken = app.raw(Some(&ann), Method::POST, "/break/add", Some("{\"startTime\":".into())).await;
    assert_eq!(broken.status(), 400);
    let array = app.raw(Some(&ann), Method::POST, "/break/add", Some("[1,2]".into())).await;
    assert!(array.status().is_client_error(), "{}", array.status());

    for day in [DAY, "2999-01-01"] {
        assert_eq!(app.get(&ann, &format!("/break/todayBreaks?todayCreatedDate={day}")).await.data(), &json!([]));
    }

    // 2000 characters after trimming are fine.
    let mut max_reason = a_break(DAY, "09:00", "09:10");
    max_reason["reason"] = json!(format!("  {}  ", "y".repeat(2000)));
    app.post(&ann, "/break/add", max_reason).await.expect(201);

    // A bad edit changes nothing.
    let id = app.post(&ann, "/break/add", a_break(DAY, "11:00", "11:20")).await.expect(201).id();
    let bad = app.put(&ann, &format!("/break/edit/{id}"), json!({ "endTime": "11:00" })).await.expect(422);
    assert_eq!(bad.field("endTime"), "Break duration must be greater than 0 minutes");
    assert_eq!(app.get(&ann, &format!("/break/get/{id}")).await.data()["duration"], 20);
    assert_eq!(
        app.get(&ann, "/break/todayBreaks?todayCreatedDate=31-12-2024").await.expect(422).field("todayCreatedDate"),
        "Invalid date format."
    );
}

#[tokio::test]
async fn today_is_the_users_day_in_their_time_zone() {
    let app = spawn_app().await;
    let team = app.new_team();
    // UTC+14 and UTC-11: never the same calendar day.
    let east = app.person_in(&team, "East", Role::Member, "Pacific/Kiritimati").await;
    let west = app.person_in(&team, "West", Role::Member, "Pacific/Pago_Pago").await;
    assert_ne!(app.today(&east), app.today(&west));
    for who in [&east, &west] {
        let today = app.today(who);
        let id = app.post(who, "/break/add", a_break(&today, "10:00", "10:15")).await.expect(201).id();
        assert_eq!(pluck(app.get(who, "/break/todayBreaks").await.expect(200).data(), "_id"), vec![id.as_str()]);
        let task = app.post(who, "/task/add", a_task("Plan", &today)).await.expect(201);
        assert_eq!(task.data()["createdDate"], json!(today));
        assert_eq!(app.get(who, "/task/todayTasks").await.data().as_array().unwrap().len(), 1);
        let item = app.post(who, "/daily-checklist/add", json!({ "task": "Inbox zero" })).await.expect(201);
        assert_eq!(item.data()["createdDate"], json!(today));
        let meeting = app.post(who, "/meeting/add", a_meeting(&today, "00:00", "00:01")).await.expect(201).id();
        assert_eq!(pluck(&app.get(who, "/meeting/get").await.data()["meetings"], "_id"), vec![meeting.as_str()]);
    }
}

// ---- live breaks ------------------------------------------------------------------------------------------------

#[tokio::test]
async fn a_live_break_starts_shows_in_presence_and_ends_as_a_closed_break() {
    let app = spawn_app().await;
    let team = app.new_team();
    let ann = app.person_in(&team, "Ann", Role::Member, "Europe/Berlin").await;
    let bob = app.person_in(&team, "Bob", Role::Member, "UTC").await;
    let outsider = app.person("Olga").await;

    assert_eq!(app.get(&ann, "/break/current").await.expect(200).data(), &Value::Null);
    assert_eq!(
        app.post(&ann, "/break/start", json!({ "reason": "x" })).await.expect(422).field("type"),
        "Break type is required."
    );
    let started =
        app.post(&ann, "/break/start", json!({ "type": "Lunch Break", "reason": " soup " })).await.expect(201);
    assert_eq!(
        (started.data()["type"].as_str(), started.data()["reason"].as_str()),
        (Some("Lunch Break"), Some("soup"))
    );
    let since = started.data()["since"].as_str().unwrap().to_string();
    assert_eq!(app.get(&ann, "/break/current").await.data()["since"], json!(since));

    let again = app.post(&ann, "/break/start", json!({ "type": "Short Break" })).await.expect(409);
    assert_eq!(again.message(), "You are already on a break.");

    let on_break = app.get(&bob, "/admin/onBreak").await.expect(200);
    assert_eq!(pluck(on_break.data(), "userId"), vec![ann.id.as_str()]);
    assert_eq!(
        (on_break.data()[0]["name"].as_str(), on_break.data()[0]["type"].as_str()),
        (Some("Ann"), Some("Lunch Break"))
    );
    assert_eq!(on_break.data()[0]["since"], json!(since));
    assert_eq!(app.get(&outsider, "/admin/onBreak").await.data(), &json!([]));
    assert_eq!(app.get(&bob, "/break/current").await.data(), &Value::Null);

    app.state.clock.advance(30 * 60);
    let ended = app.post(&ann, "/break/end", json!({})).await.expect(200);
    let record = ended.data();
    assert_eq!((record["duration"].as_i64(), record["live"].as_bool()), (Some(30), Some(true)));
    assert_eq!(record["type"], "Lunch Break");
    let day = record["createdDate"].as_str().unwrap();
    let listed = app.get(&ann, &format!("/break/todayBreaks?todayCreatedDate={day}")).await;
    assert_eq!(pluck(listed.data(), "_id"), vec![record["_id"].as_str().unwrap()]);

    assert_eq!(app.get(&ann, "/break/current").await.data(), &Value::Null);
    assert_eq!(app.get(&bob, "/admin/onBreak").await.data(), &json!([]));
    assert_eq!(app.post(&ann, "/break/end", json!({})).await.expect(409).message(), "You are not on a break.");
    // A new break can start once the last one ended.
    app.post(&ann, "/break/start", json!({ "type": "Coffee Break" })).await.expect(201);
}

#[tokio::test]
async fn a_forgotten_live_break_is_recorded_as_eight_hours() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    app.post(&ann, "/break/start", json!({ "type": "Short Break" })).await.expect(201);
    // Access tokens live 8 hours: sign in again along the way.
    app.state.clock.advance(7 * 3600);
    let ann = app.signed_in_again(&ann).await;
    app.state.clock.advance(3 * 3600);
    let ann = app.signed_in_again(&ann).await;
    assert_eq!(app.post(&ann, "/break/end", json!({})).await.expect(200).data()["duration"], 480);
}

// ---- break types ------------------------------------------------------------------------------------------------

#[tokio::test]
async fn break_types_default_to_the_spec_list_and_admins_edit_the_teams_list() {
    let app = spawn_app().await;
    let admin = app.person("Ada").await;
    let member = app.person_in(&admin.team_id, "Max", Role::Member, "UTC").await;
    let outsider = app.person("Olga").await;
    let defaults = json!([
        "Lunch Break",
        "Short Break",
        "Refreshment",
        "Social Media Break",
        "Cigarette",
        "Picking kids from School",
        "Coffee Break"
    ]);
    assert_eq!(app.get(&member, "/type/get").await.expect(200).data()[0]["type"], defaults);

    app.put(&member, "/type/edit", json!({ "type": ["Tea"] })).await.expect(403);
    let edited = app.put(&admin, "/type/edit", json!({ "type": [" Walk ", "walk", "Tea", ""] })).await.expect(200);
    assert_eq!(edited.data()[0]["type"], json!(["Walk", "Tea"]));
    assert_eq!(app.get(&member, "/type/get").await.data()[0]["type"], json!(["Walk", "Tea"]));
    assert_eq!(app.get(&outsider, "/type/get").await.data()[0]["type"], defaults);

    assert_eq!(
        app.put(&admin, "/type/edit", json!({ "type": [] })).await.expect(422).field("type"),
        "Add at least one break type."
    );
    app.put(&admin, "/type/edit", json!({ "type": "Tea" })).await.expect(422);
    assert_eq!(app.get(&member, "/type/get").await.data()[0]["type"], json!(["Walk", "Tea"]));
    let anonymous = app.send(None, Method::GET, "/type/get", None).await;
    assert_eq!(anonymous.status, 401);
}

// ---- tasks ------------------------------------------------------------------------------------------------------

#[tokio::test]
async fn tasks_take_the_default_status_and_priority_and_edit_keeps_what_is_not_sent() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    let added = app.post(&ann, "/task/add", a_task("  Write the report ", DAY)).await.expect(201);
    let t = added.data();
    assert_eq!(
        (t["title"].as_str(), t["status"].as_str(), t["priority"].as_str()),
        (Some("Write the report"), Some("To Do"), Some("Normal"))
    );
    assert_eq!(t["scheduled"], DAY);
    assert_eq!(t["createdDate"], json!(app.today(&ann)));
    let id = added.id();

    let edited = app.put(&ann, &format!("/task/edit/{id}"), json!({ "status": "Completed" })).await.expect(200);
    assert_eq!(
        (edited.data()["status"].as_str(), edited.data()["title"].as_str()),
        (Some("Completed"), Some("Write the report"))
    );
    let today = app.get(&ann, &format!("/task/todayTasks?todayScheduledDate={DAY}")).await.expect(200);
    assert_eq!(pluck(today.data(), "status"), vec!["Completed"]);

    for status in ["To Do", "In Progress", "In Review", "Completed", "Invalid", "On Hold", "Deferred", "Blocked"] {
        let mut body = a_task("s", DAY);
        body["status"] = json!(status);
        assert_eq!(app.post(&ann, "/task/add", body).await.expect(201).data()["status"], status);
    }
    for priority in ["Normal", "Important", "Critical", "Low", "High", "Urgent", "Blocker"] {
        let mut body = a_task("p", DAY);
        body["priority"] = json!(priority);
        assert_eq!(app.post(&ann, "/task/add", body).await.expect(201).data()["priority"], priority);
    }
    app.delete(&ann, &format!("/task/delete/{id}")).await.expect(200);
    app.get(&ann, &format!("/task/get/{id}")).await.expect(404);
}

#[tokio::test]
async fn task_validation_answers_the_messages_and_stores_nothing() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    let with = |field: &str, value: Value| {
        let mut body = a_task("Title", DAY);
        if value.is_null() {
            body.as_object_mut().unwrap().remove(field);
        } else {
            body[field] = value;
        }
        body
    };
    let cases = vec![
        (with("title", Value::Null), "title", "Title is required."),
        (with("title", json!("   ")), "title", "Title is required."),
        (with("title", json!("x".repeat(201))), "title", "Title must not exceed 200 characters."),
        (with("description", Value::Null), "description", "Description is required."),
        (with("description", json!("x".repeat(4001))), "description", "Description must not exceed 4000 characters."),
        (with("scheduled", Value::Null), "scheduled", "Please provide a valid date."),
        (with("scheduled", json!("next week")), "scheduled", "Please provide a valid date."),
        (with("status", json!("Done")), "status", "Please select a valid status."),
        (with("priority", json!("Meh")), "priority", "Please select a valid priority."),
        (with("status", json!(3)), "status", "Invalid value."),
    ];
    for (body, field, message) in cases {
        assert_eq!(app.post(&ann, "/task/add", body.clone()).await.expect(422).field(field), message, "{body}");
    }
    app.post(&ann, "/task/add", with("title", json!("x".repeat(200)))).await.expect(201);
    let list = app.get(&ann, "/task/list").await.expect(200);
    assert_eq!(list.data()["totalCount"], 1);
}

#[tokio::test]
async fn the_task_list_filters_and_pages() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    for i in 0..25 {
        let mut body = a_task(&format!("Task {i:02}"), &format!("2024-05-{:02}", i + 1));
        body["status"] = json!(if i % 5 == 0 { "Blocked" } else { "To Do" });
        body["priority"] = json!(if i < 3 { "Urgent" } else { "Low" });
        app.post(&ann, "/task/add", body).await.expect(201);
    }
    let first = app.get(&ann, "/task/list").await.expect(200);
    assert_eq!((first.data()["tasks"].as_array().unwrap().len(), first.data()["totalCount"].as_u64()), (20, Some(25)));
    assert_eq!(first.data()["tasks"][0]["scheduled"], "2024-05-25");
    let last = app.get(&ann, "/task/list?skip=20&limit=10").await;
    assert_eq!(pluck(&last.data()["tasks"], "title"), vec!["Task 04", "Task 03", "Task 02", "Task 01", "Task 00"]);

    let blocked = app.get(&ann, "/task/list?status=Blocked&limit=2").await;
    assert_eq!(
        (blocked.data()["totalCount"].as_u64(), blocked.data()["tasks"].as_array().unwrap().len()),
        (Some(5), 2)
    );
    assert_eq!(app.get(&ann, "/task/list?priority=Urgent").await.data()["totalCount"], 3);
    assert_eq!(pluck(&app.get(&ann, "/task/list?title=task%2012").await.data()["tasks"], "title"), vec!["Task 12"]);
    let range = app.get(&ann, "/task/list?scheduledFrom=2024-05-10&scheduledTo=2024-05-12").await;
    assert_eq!(pluck(&range.data()["tasks"], "scheduled"), vec!["2024-05-12", "2024-05-11", "2024-05-10"]);
    let today = app.today(&ann);
    assert_eq!(app.get(&ann, &format!("/task/list?createdDateFrom={today}")).await.data()["totalCount"], 25);
    assert_eq!(
        app.get(&ann, "/task/list?createdDateFrom=2000-01-01&createdDateTo=2000-01-02").await.data()["totalCount"],
        0
    );
    let combined = app
        .get(&ann, "/task/list?status=Blocked&priority=Urgent&scheduledFrom=2024-05-01&scheduledTo=2024-05-31")
        .await;
    assert_eq!(pluck(&combined.data()["tasks"], "title"), vec!["Task 00"]);

    assert_eq!(
        app.get(&ann, "/task/list?limit=0").await.expect(422).field("limit"),
        "Limit must be between 1 and 100."
    );
    assert_eq!(app.get(&ann, "/task/list?limit=abc").await.expect(422).field("limit"), "Invalid value.");
    assert_eq!(app.get(&ann, "/task/list?skip=-1").await.expect(422).field("skip"), "Invalid value.");
    assert_eq!(
        app.get(&ann, "/task/list?status=Bogus").await.expect(422).field("status"),
        "Please select a valid status."
    );
    assert_eq!(
        app.get(&ann, "/task/list?scheduledFrom=2024-05-12&scheduledTo=2024-05-10")
            .await
            .expect(422)
            .field("scheduledTo"),
        "End date cannot be earlier than start date."
    );
}

// ---- leaves -----------------------------------------------------------------------------------------------------

#[tokio::test]
async fn leaves_count_their_days_and_never_overlap_the_users_own() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;

    let one = app.post(&ann, "/leaves/add", a_leave("2024-06-03", "2024-06-03")).await.expect(201);
    assert_eq!(one.data()["days"], 1);
    let week = app.post(&ann, "/leaves/add", a_leave("2024-06-10", "2024-06-14")).await.expect(201);
    assert_eq!((week.data()["days"].as_i64(), week.data()["reason"].as_str()), (Some(5), Some("Family visit")));
    let month_end = app.post(&ann, "/leaves/add", a_leave("2024-02-28", "2024-03-01")).await.expect(201);
    assert_eq!(month_end.data()["days"], 3);

    for (from, to) in [("2024-06-14", "2024-06-20"), ("2024-06-01", "2024-06-30"), ("2024-06-11", "2024-06-11")] {
        let clash = app.post(&ann, "/leaves/add", a_leave(from, to)).await.expect(409);
        assert_eq!(clash.message(), "You already have a leave on some of these dates.");
    }
    app.post(&ann, "/leaves/add", a_leave("2024-06-15", "2024-06-16")).await.expect(201);
    // Another person's leaves are no obstacle.
    app.post(&bob, "/leaves/add", a_leave("2024-06-10", "2024-06-14")).await.expect(201);

    // Editing may keep its own days.
    let week_id = week.id();
    let moved = app.put(&ann, &format!("/leaves/edit/{week_id}"), json!({ "toDate": "2024-06-13" })).await.expect(200);
    assert_eq!(moved.data()["days"], 4);
    app.put(&ann, &format!("/leaves/edit/{week_id}"), json!({ "toDate": "2024-06-15" })).await.expect(409);

    let june = app.get(&ann, "/leaves/list?from=2024-06-01&to=2024-06-30").await.expect(200);
    assert_eq!(june.data()["totalCount"], 3);
    assert_eq!(pluck(&june.data()["leaves"], "fromDate"), vec!["2024-06-15", "2024-06-10", "2024-06-03"]);
    let page = app.get(&ann, "/leaves/list?limit=2&skip=2").await.expect(200);
    assert_eq!(
        (page.data()["totalCount"].as_u64(), pluck(&page.data()["leaves"], "fromDate")),
        (Some(4), vec!["2024-06-03", "2024-02-28"])
    );

    app.delete(&ann, &format!("/leaves/delete/{week_id}")).await.expect(200);
    app.get(&ann, &format!("/leaves/get/{week_id}")).await.expect(404);
    app.post(&ann, "/leaves/add", a_leave("2024-06-12", "2024-06-12")).await.expect(201);
}

#[tokio::test]
async fn leave_validation_answers_the_spec_messages() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    let empty = app.post(&ann, "/leaves/add", json!({})).await.expect(422);
    assert_eq!(empty.field("fromDate"), "From date is required.");
    assert_eq!(empty.field("toDate"), "To date is required.");
    assert_eq!(empty.field("reason"), "Reason is required.");
    let reversed = app.post(&ann, "/leaves/add", a_leave("2024-06-05", "2024-06-04")).await.expect(422);
    assert_eq!(reversed.field("toDate"), "To date must be after From date.");
    let bad = app.post(&ann, "/leaves/add", a_leave("2024-06-31", "2024-07-01")).await.expect(422);
    assert_eq!(bad.field("fromDate"), "Invalid date format.");
    let mut blank = a_leave("2024-06-05", "2024-06-05");
    blank["reason"] = json!("  ");
    assert_eq!(app.post(&ann, "/leaves/add", blank).await.expect(422).field("reason"), "Reason is required.");
    assert_eq!(app.get(&ann, "/leaves/list").await.data()["totalCount"], 0);
}

// ---- meetings ---------------------------------------------------------------------------------------------------

#[tokio::test]
async fn meetings_list_today_upcoming_and_all_with_counts() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    app.post(&ann, "/meeting/add", a_meeting("2024-04-30", "09:00", "10:00")).await.expect(201);
    let late = app.post(&ann, "/meeting/add", a_meeting(DAY, "15:00", "15:30")).await.expect(201).id();
    let early = app.post(&ann, "/meeting/add", a_meeting(DAY, "09:00", "09:30")).await.expect(201).id();
    let next = app.post(&ann, "/meeting/add", a_meeting("2024-05-07", "11:00", "12:00")).await.expect(201).id();
    let far = app.post(&ann, "/meeting/add", a_meeting("2999-01-01", "11:00", "12:00")).await.expect(201).id();

    let today = app.get(&ann, &format!("/meeting/get?todayScheduledDate={DAY}&isToday=true")).await.expect(200);
    assert_eq!(pluck(&today.data()["meetings"], "_id"), vec![early.as_str(), late.as_str()]);
    assert_eq!((today.data()["totalCount"].as_u64(), today.data()["allCount"].as_u64()), (Some(2), Some(5)));

    let upcoming = app.get(&ann, &format!("/meeting/get?todayScheduledDate={DAY}&isToday=false")).await.expect(200);
    assert_eq!(pluck(&upcoming.data()["meetings"], "_id"), vec![next.as_str(), far.as_str()]);
    assert_eq!(upcoming.data()["totalCount"], 2);

    let all = app.get(&ann, "/meeting/all").await.expect(200);
    assert_eq!((all.data()["totalCount"].as_u64(), all.data()["allCount"].as_u64()), (Some(5), Some(5)));
    assert_eq!(all.data()["meetings"][0]["_id"], json!(far));
    let may = app.get(&ann, "/meeting/all?startScheduleDate=2024-05-01&endScheduleDate=2024-05-31").await;
    assert_eq!(pluck(&may.data()["meetings"], "_id"), vec![next.as_str(), late.as_str(), early.as_str()]);
    assert_eq!(
        app.get(&ann, "/meeting/all?startScheduleDate=2024-05-31&endScheduleDate=2024-05-01")
            .await
            .expect(422)
            .field("endScheduleDate"),
        "End date cannot be earlier than start date."
    );
    assert_eq!(app.get(&ann, "/meeting/get?isToday=maybe").await.expect(422).field("isToday"), "Invalid value.");

    let moved =
        app.put(&ann, &format!("/meeting/edit/{early}"), json!({ "scheduleDate": "2024-05-07" })).await.expect(200);
    assert_eq!(
        (moved.data()["from"].as_str(), moved.data()["scheduleDate"].as_str()),
        (Some("09:00"), Some("2024-05-07"))
    );
    let today = app.get(&ann, &format!("/meeting/get?todayScheduledDate={DAY}")).await;
    assert_eq!(pluck(&today.data()["meetings"], "_id"), vec![late.as_str()]);
    app.delete(&ann, &format!("/meeting/delete/{late}")).await.expect(200);
    assert_eq!(app.get(&ann, "/meeting/all").await.data()["allCount"], 4);
}

#[tokio::test]
async fn meeting_pages_are_twenty_by_default() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    for i in 0..23 {
        app.post(&ann, "/meeting/add", a_meeting(DAY, &format!("{:02}:00", i), &format!("{:02}:30", i)))
            .await
            .expect(201);
    }
    let first = app.get(&ann, &format!("/meeting/get?todayScheduledDate={DAY}&isToday=true")).await;
    assert_eq!(
        (first.data()["meetings"].as_array().unwrap().len(), first.data()["totalCount"].as_u64()),
        (20, Some(23))
    );
    let rest = app.get(&ann, &format!("/meeting/get?todayScheduledDate={DAY}&isToday=true&skip=20&limit=20")).await;
    assert_eq!(pluck(&rest.data()["meetings"], "from"), vec!["20:00", "21:00", "22:00"]);
    let all = app.get(&ann, "/meeting/all?skip=5&limit=3").await;
    assert_eq!(pluck(&all.data()["meetings"], "from"), vec!["17:00", "16:00", "15:00"]);
}

#[tokio::test]
async fn meeting_validation_answers_the_spec_messages() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    let empty = app.post(&ann, "/meeting/add", json!({ "description": "Sync" })).await.expect(422);
    assert_eq!(empty.field("from"), "Start time is required.");
    assert_eq!(empty.field("to"), "End time is required.");
    assert_eq!(empty.field("scheduleDate"), "Schedule date is required.");
    let mut long = a_meeting(DAY, "09:00", "10:00");
    long["description"] = json!("x".repeat(1001));
    assert_eq!(
        app.post(&ann, "/meeting/add", long).await.expect(422).field("description"),
        "Description must not exceed 1000 characters."
    );
    let reversed = app.post(&ann, "/meeting/add", a_meeting(DAY, "10:00", "09:00")).await.expect(422);
    assert_eq!(reversed.field("to"), "End time must be after start time.");
    assert_eq!(
        app.post(&ann, "/meeting/add", a_meeting("2024-02-30", "09:00", "10:00"))
            .await
            .expect(422)
            .field("scheduleDate"),
        "Invalid date format."
    );
    assert_eq!(app.get(&ann, "/meeting/all").await.data()["allCount"], 0);
}

// ---- checklist --------------------------------------------------------------------------------------------------

#[tokio::test]
async fn the_checklist_lists_two_latest_days_features_and_filtered_pages() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    for (task, date) in
        [("Old one", "2024-05-01"), ("Mid one", "2024-05-03"), ("Mid two", "2024-05-03"), ("New one", "2024-05-05")]
    {
        app.post(&ann, "/daily-checklist/add", an_item(task, date)).await.expect(201);
    }
    let mut feature = an_item("Dark mode", "2024-05-04");
    feature["isFeature"] = json!(true);
    let feature_id = app.post(&ann, "/daily-checklist/add", feature).await.expect(201).id();

    let latest = app.get(&ann, "/daily-checklist/getCheckListWithTwoLatestDates").await.expect(200);
    assert_eq!(pluck(&latest.data()["checkList"], "task"), vec!["New one", "Mid two", "Mid one"]);
    assert_eq!(pluck(&latest.data()["featureList"], "_id"), vec![feature_id.as_str()]);
    assert_eq!(latest.data()["totalCount"], 5);

    let mid =
        app.get(&ann, "/daily-checklist/get?createdDateFrom=2024-05-02&createdDateTo=2024-05-03").await.expect(200);
    assert_eq!((mid.data()["totalCount"].as_u64(), mid.data()["checkList"].as_array().unwrap().len()), (Some(2), 2));
    let page = app.get(&ann, "/daily-checklist/get?limit=2&skip=1").await;
    assert_eq!(
        (page.data()["totalCount"].as_u64(), pluck(&page.data()["checkList"], "task")),
        (Some(5), vec!["Dark mode", "Mid two"])
    );

    let old = pluck(&app.get(&ann, "/daily-checklist/get?task=OLD").await.data()["checkList"], "_id")[0].to_string();
    let ticked = app.put(&ann, &format!("/daily-checklist/edit/{old}"), json!({ "status": true })).await.expect(200);
    assert_eq!((ticked.data()["status"].as_bool(), ticked.data()["task"].as_str()), (Some(true), Some("Old one")));
    let done = app.get(&ann, "/daily-checklist/get?status=true").await;
    assert_eq!(pluck(&done.data()["checkList"], "_id"), vec![old.as_str()]);
    assert_eq!(app.get(&ann, "/daily-checklist/get?status=false").await.data()["totalCount"], 4);
    let renamed =
        app.put(&ann, &format!("/daily-checklist/edit/{old}"), json!({ "task": " Oldest " })).await.expect(200);
    assert_eq!((renamed.data()["task"].as_str(), renamed.data()["status"].as_bool()), (Some("Oldest"), Some(true)));

    // Unticking a feature keeps it a feature; making it a plain item takes it out of the feature list.
    app.put(&ann, &format!("/daily-checklist/edit/{feature_id}"), json!({ "isFeature": false })).await.expect(200);
    assert_eq!(app.get(&ann, "/daily-checklist/getCheckListWithTwoLatestDates").await.data()["featureList"], json!([]));

    app.delete(&ann, &format!("/daily-checklist/delete/{old}")).await.expect(200);
    assert_eq!(app.get(&ann, "/daily-checklist/get").await.data()["totalCount"], 4);
}

#[tokio::test]
async fn checklist_validation_answers_the_messages() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    assert_eq!(
        app.post(&ann, "/daily-checklist/add", json!({ "task": "  " })).await.expect(422).field("task"),
        "Task is required."
    );
    assert_eq!(
        app.post(&ann, "/daily-checklist/add", json!({ "task": "x".repeat(201) })).await.expect(422).field("task"),
        "Task must not exceed 200 characters."
    );
    assert_eq!(
        app.post(&ann, "/daily-checklist/add", json!({ "task": "a", "status": "yes" }))
            .await
            .expect(422)
            .field("status"),
        "Invalid value."
    );
    assert_eq!(
        app.post(&ann, "/daily-checklist/add", json!({ "task": "a", "createdDate": "today" }))
            .await
            .expect(422)
            .field("createdDate"),
        "Invalid date format."
    );
    let id = app.post(&ann, "/daily-checklist/add", json!({ "task": "x".repeat(200) })).await.expect(201).id();
    app.put(&ann, &format!("/daily-checklist/edit/{id}"), json!({ "task": "" })).await.expect(422);
    assert_eq!(app.get(&ann, "/daily-checklist/get").await.data()["totalCount"], 1);
    assert_eq!(app.get(&ann, "/daily-checklist/get?status=maybe").await.expect(422).field("status"), "Invalid value.");
}

// ---- ownership --------------------------------------------------------------------------------------------------

#[tokio::test]
async fn nobody_else_reads_edits_or_deletes_a_users_records() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    let teammate = app.person_in(&ann.team_id, "Tim", Role::Admin, "UTC").await;
    let stranger = app.person("Sam").await;

    let records = [
        (
            "break",
            app.post(&ann, "/break/add", a_break(DAY, "09:00", "09:30")).await.expect(201).id(),
            json!({ "reason": "mine" }),
        ),
        ("task", app.post(&ann, "/task/add", a_task("Mine", DAY)).await.expect(201).id(), json!({ "title": "mine" })),
        (
            "leaves",
            app.post(&ann, "/leaves/add", a_leave(DAY, DAY)).await.expect(201).id(),
            json!({ "reason": "mine" }),
        ),
        (
            "meeting",
            app.post(&ann, "/meeting/add", a_meeting(DAY, "10:00", "11:00")).await.expect(201).id(),
            json!({ "description": "mine" }),
        ),
        (
            "daily-checklist",
            app.post(&ann, "/daily-checklist/add", an_item("Mine", DAY)).await.expect(201).id(),
            json!({ "task": "mine" }),
        ),
    ];
    for other in [&teammate, &stranger] {
        for (group, id, edit) in &records {
            app.get(other, &format!("/{group}/get/{id}")).await.expect(404);
            app.put(other, &format!("/{group}/edit/{id}"), edit.clone()).await.expect(404);
            app.delete(other, &format!("/{group}/delete/{id}")).await.expect(404);
        }
        let lists = [
            (format!("/break/todayBreaks?todayCreatedDate={DAY}"), ""),
            (format!("/task/todayTasks?todayScheduledDate={DAY}"), ""),
            ("/task/list".to_string(), "tasks"),
            ("/leaves/list".to_string(), "leaves"),
            ("/meeting/all".to_string(), "meetings"),
            (format!("/meeting/get?todayScheduledDate={DAY}"), "meetings"),
            ("/daily-checklist/get".to_string(), "checkList"),
            ("/daily-checklist/getCheckListWithTwoLatestDates".to_string(), "checkList"),
            (format!("/reports/breaks?from={DAY}&to={DAY}"), "items"),
        ];
        for (path, key) in lists {
            let reply = app.get(other, &path).await.expect(200);
            let list = if key.is_empty() { reply.data() } else { &reply.data()[key] };
            assert_eq!(list, &json!([]), "{path}");
        }
    }
    // Ann's records are untouched.
    for (group, id, _) in &records {
        let mine = app.get(&ann, &format!("/{group}/get/{id}")).await.expect(200);
        assert!(!mine.body.to_string().contains("\"mine\""), "{group} was changed");
    }
}

#[tokio::test]
async fn bad_ids_bodies_and_missing_tokens_are_clear_errors() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    for path in [
        "/break/get/not-an-id",
        "/task/get/01ARZ3NDEKTSV4RRFFQ69G5FA",
        "/meeting/get/%00",
        "/leaves/get/ZZZZZZZZZZZZZZZZZZZZZZZZZZ",
    ] {
        app.get(&ann, path).await.expect(404);
    }
    app.delete(&ann, "/daily-checklist/delete/01ARZ3NDEKTSV4RRFFQ69G5FAV").await.expect(404);
    let huge = json!({ "task": "x".repeat(70 * 1024) }).to_string();
    assert_eq!(app.raw(Some(&ann), Method::POST, "/daily-checklist/add", Some(huge)).await.status(), 413);
    let unauthenticated = app.send(None, Method::POST, "/break/add", Some(a_break(DAY, "09:00", "09:10"))).await;
    assert_eq!((unauthenticated.status.as_u16(), unauthenticated.message()), (401, "Unauthorized"));
    let forged = Person { token: "abc.def.ghi".into(), ..ann.clone() };
    app.get(&forged, "/break/current").await.expect(401);
    assert_eq!(app.get(&ann, "/task/list").await.data()["totalCount"], 0);
    assert_eq!(app.get(&ann, "/daily-checklist/get").await.data()["totalCount"], 0);
}

// ---- presence ---------------------------------------------------------------------------------------------------

#[tokio::test]
async fn todays_absentees_and_every_members_status() {
    let app = spawn_app().await;
    let admin = app.person("Ada").await;
    let ann = app.person_in(&admin.team_id, "Ann", Role::Member, "UTC").await;
    let bob = app.person_in(&admin.team_id, "Bob", Role::Member, "UTC").await;
    let stranger = app.person("Sam").await;
    // Ann's Vacation request is an absence once the admin approves it.
    let request = app.post(&ann, "/leaves/add", a_leave("2024-06-10", "2024-06-14")).await.expect(201).id();
    assert_eq!(app.get(&bob, "/admin/onLeaves?todayDate=2024-06-12").await.expect(200).data(), &json!([]));
    app.post(&admin, &format!("/leaves/approve/{request}"), json!({})).await.expect(200);
    app.post(&stranger, "/leaves/add", a_leave("2024-06-10", "2024-06-14")).await.expect(201);

    let seen_by_bob = app.get(&bob, "/admin/onLeaves?todayDate=2024-06-12").await.expect(200);
    assert_eq!(pluck(seen_by_bob.data(), "userId"), vec![ann.id.as_str()]);
    assert_eq!(
        (seen_by_bob.data()[0]["name"].as_str(), seen_by_bob.data()[0]["toDate"].as_str()),
        (Some("Ann"), Some("2024-06-14"))
    );
    assert!(seen_by_bob.data()[0].get("reason").is_none(), "members do not see leave reasons");
    let seen_by_admin = app.get(&admin, "/admin/onLeaves?todayDate=2024-06-14").await;
    assert_eq!(seen_by_admin.data()[0]["reason"], "Family visit");
    assert_eq!(app.get(&bob, "/admin/onLeaves?todayDate=2024-06-15").await.data(), &json!([]));
    assert_eq!(app.get(&bob, "/admin/onLeaves?todayDate=2024-06-09").await.data(), &json!([]));
    assert_eq!(
        pluck(app.get(&stranger, "/admin/onLeaves?todayDate=2024-06-12").await.data(), "userId"),
        vec![stranger.id.as_str()]
    );
    assert_eq!(
        app.get(&bob, "/admin/onLeaves?todayDate=12.06.2024").await.expect(422).field("todayDate"),
        "Invalid date format."
    );
    assert_eq!(app.get(&bob, "/admin/onLeaves").await.expect(200).data(), &json!([]));

    app.post(&bob, "/break/start", json!({ "type": "Coffee Break" })).await.expect(201);
    let day = bt_app::records::dates::parse_date("2024-06-12").unwrap();
    let team_id = bt_app::types::TeamId::parse(&admin.team_id).unwrap();
    let presence = bt_app::work::team_presence(app.store(), &team_id, day).await.unwrap();
    let status = |id: &str| {
        let p = presence.iter().find(|p| p.id == id).expect("a member");
        serde_json::to_value(p).unwrap()
    };
    assert_eq!(presence.len(), 3);
    assert_eq!(
        (status(&ann.id)["status"].as_str(), status(&ann.id)["until"].as_str()),
        (Some("onLeave"), Some("2024-06-14"))
    );
    assert_eq!(
        (status(&bob.id)["status"].as_str(), status(&bob.id)["breakType"].as_str()),
        (Some("onBreak"), Some("Coffee Break"))
    );
    assert!(status(&bob.id)["since"].as_str().is_some());
    assert_eq!(status(&admin.id)["status"], "available");
    assert_eq!(status(&admin.id)["role"], "admin");
}

// ---- reports ----------------------------------------------------------------------------------------------------

async fn fill_may(app: &TestApp, who: &Person) {
    for (date, start, end, kind) in [
        ("2024-05-06", "09:00", "09:15", "Coffee Break"),
        ("2024-05-06", "12:00", "12:45", "Lunch Break"),
        ("2024-05-07", "12:00", "12:30", "Lunch Break"),
        ("2024-06-01", "12:00", "13:00", "Lunch Break"),
    ] {
        let mut body = a_break(date, start, end);
        body["type"] = json!(kind);
        app.post(who, "/break/add", body).await.expect(201);
    }
    for (title, date, status, priority) in [
        ("One", "2024-05-06", "Completed", "High"),
        ("Two", "2024-05-08", "Completed", "Normal"),
        ("Three", "2024-05-09", "Blocked", "High"),
        ("Later", "2024-06-09", "To Do", "Low"),
    ] {
        let mut body = a_task(title, date);
        body["status"] = json!(status);
        body["priority"] = json!(priority);
        app.post(who, "/task/add", body).await.expect(201);
    }
    // Sick leave needs no approval, so these are absences whoever is in the team.
    for (from, to) in [("2024-04-29", "2024-05-02"), ("2024-05-30", "2024-06-04")] {
        let mut body = a_leave(from, to);
        body["typeId"] = json!("00000000000000000000000002");
        app.post(who, "/leaves/add", body).await.expect(201);
    }
    app.post(who, "/meeting/add", a_meeting("2024-05-06", "10:00", "11:30")).await.expect(201);
    app.post(who, "/daily-checklist/add", an_item("Plan", "2024-05-06")).await.expect(201);
}

#[tokio::test]
async fn the_summary_counts_minutes_tasks_and_leave_days_in_the_range() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    fill_may(&app, &ann).await;
    let s = app.get(&ann, "/reports/summary?from=2024-05-01&to=2024-05-31").await.expect(200);
    let s = s.data();
    assert_eq!((s["breaks"]["count"].as_u64(), s["breaks"]["totalMinutes"].as_i64()), (Some(3), Some(90)));
    assert_eq!(
        s["breaks"]["perDay"],
        json!([
            { "date": "2024-05-06", "minutes": 60, "count": 2 },
            { "date": "2024-05-07", "minutes": 30, "count": 1 },
        ])
    );
    assert_eq!(
        s["breaks"]["perType"],
        json!([
            { "type": "Lunch Break", "minutes": 75, "count": 2 },
            { "type": "Coffee Break", "minutes": 15, "count": 1 },
        ])
    );
    assert_eq!((s["tasks"]["count"].as_u64(), s["tasks"]["completed"].as_u64()), (Some(3), Some(2)));
    let per_status: Vec<(String, u64)> = s["tasks"]["perStatus"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v["status"].as_str().unwrap().to_string(), v["count"].as_u64().unwrap()))
        .collect();
    assert_eq!(per_status.len(), 8);
    assert!(
        per_status.contains(&("Completed".into(), 2))
            && per_status.contains(&("Blocked".into(), 1))
            && per_status.contains(&("To Do".into(), 0))
    );
    let high = s["tasks"]["perPriority"].as_array().unwrap().iter().find(|v| v["priority"] == "High").unwrap();
    assert_eq!(high["count"], 2);
    // 1 and 2 May of the first leave, 30 and 31 May of the second.
    assert_eq!((s["leaves"]["count"].as_u64(), s["leaves"]["days"].as_i64()), (Some(2), Some(4)));
    assert_eq!((s["meetings"]["count"].as_u64(), s["meetings"]["minutes"].as_i64()), (Some(1), Some(90)));
    assert_eq!((s["checklist"]["count"].as_u64(), s["checklist"]["done"].as_u64()), (Some(1), Some(0)));

    let single_day = app.get(&ann, "/reports/summary?from=2024-05-07").await.expect(200);
    assert_eq!(single_day.data()["breaks"]["totalMinutes"], 30);
    assert_eq!(app.get(&ann, "/reports/summary").await.expect(422).field("from"), "Select at least one date.");
    assert_eq!(
        app.get(&ann, "/reports/summary?from=2024-05-31&to=2024-05-01").await.expect(422).field("to"),
        "End date cannot be earlier than start date."
    );
    app.get(&ann, "/reports/summary?from=2010-01-01&to=2024-05-01").await.expect(422);
}

#[tokio::test]
async fn archives_page_every_record_kind_over_a_range() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    fill_may(&app, &ann).await;
    let breaks = app.get(&ann, "/reports/breaks?from=2024-05-01&to=2024-05-31&limit=2").await.expect(200);
    assert_eq!(
        (breaks.data()["totalCount"].as_u64(), pluck(&breaks.data()["items"], "createdDate")),
        (Some(3), vec!["2024-05-07", "2024-05-06"])
    );
    let rest = app.get(&ann, "/reports/breaks?from=2024-05-01&to=2024-05-31&limit=2&skip=2").await;
    assert_eq!(rest.data()["items"].as_array().unwrap().len(), 1);
    for (kind, total) in [("tasks", 3), ("leaves", 2), ("meetings", 1), ("checklist", 1)] {
        let reply = app.get(&ann, &format!("/reports/{kind}?from=2024-05-01&to=2024-05-31")).await.expect(200);
        assert_eq!(reply.data()["totalCount"], total, "{kind}");
    }
    assert_eq!(
        app.get(&ann, "/reports/breaks?from=2024-05-01&to=2024-05-31&limit=101").await.expect(422).field("limit"),
        "Limit must be between 1 and 100."
    );
}

#[tokio::test]
async fn admins_and_hr_see_a_members_reports_and_the_team_totals_others_do_not() {
    let app = spawn_app().await;
    let admin = app.person("Ada").await;
    let hr = app.person_in(&admin.team_id, "Hal", Role::Hr, "UTC").await;
    let ann = app.person_in(&admin.team_id, "Ann", Role::Member, "UTC").await;
    let bob = app.person_in(&admin.team_id, "Bob", Role::Member, "UTC").await;
    let stranger = app.person("Sam").await;
    fill_may(&app, &ann).await;
    app.post(&bob, "/break/add", a_break("2024-05-10", "10:00", "10:10")).await.expect(201);
    fill_may(&app, &stranger).await;

    let range = "from=2024-05-01&to=2024-05-31";
    for viewer in [&admin, &hr] {
        let s = app.get(viewer, &format!("/reports/summary?{range}&userId={}", ann.id)).await.expect(200);
        assert_eq!(
            (s.data()["userId"].as_str(), s.data()["breaks"]["totalMinutes"].as_i64()),
            (Some(ann.id.as_str()), Some(90))
        );
        let list =
            app.get(viewer, &format!("/reports/tasks?{range}&userId={}", ann.id.to_lowercase())).await.expect(200);
        assert_eq!(list.data()["totalCount"], 3);
        app.get(viewer, &format!("/reports/summary?{range}&userId={}", stranger.id)).await.expect(404);
        app.get(viewer, &format!("/reports/summary?{range}&userId=nobody")).await.expect(404);
    }
    let refused = app.get(&bob, &format!("/reports/summary?{range}&userId={}", ann.id)).await.expect(403);
    assert_eq!(refused.message(), "Only admins and HR can view other members' reports.");
    app.get(&bob, &format!("/reports/export/breaks?{range}&userId={}", ann.id)).await.expect(403);
    app.get(&ann, &format!("/reports/summary?{range}&userId={}", ann.id)).await.expect(200);

    let team = app.get(&hr, &format!("/reports/team?{range}")).await.expect(200);
    let rows = &team.data()["members"];
    assert_eq!(pluck(rows, "name"), vec!["Ada", "Ann", "Bob", "Hal"]);
    let ann_row = rows.as_array().unwrap().iter().find(|r| r["userId"] == json!(ann.id)).unwrap();
    assert_eq!(
        (
            ann_row["breakMinutes"].as_i64(),
            ann_row["taskCount"].as_u64(),
            ann_row["tasksCompleted"].as_u64(),
            ann_row["leaveDays"].as_i64()
        ),
        (Some(90), Some(3), Some(2), Some(4))
    );
    assert_eq!(
        (team.data()["totals"]["breakMinutes"].as_i64(), team.data()["totals"]["breakCount"].as_u64()),
        (Some(100), Some(4))
    );
    app.get(&bob, &format!("/reports/team?{range}")).await.expect(403);
}

#[tokio::test]
async fn csv_exports_each_record_kind_with_formulas_defused() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    fill_may(&app, &ann).await;
    let mut risky = a_break("2024-05-08", "08:00", "08:05");
    risky["reason"] = json!("=HYPERLINK(\"x\"), then \"quoted\"");
    app.post(&ann, "/break/add", risky).await.expect(201);

    let response = app.raw(Some(&ann), Method::GET, "/reports/export/breaks?from=2024-05-01&to=2024-05-31", None).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "text/csv; charset=utf-8");
    assert_eq!(response.headers()["content-disposition"], "attachment; filename=\"breaks-2024-05-01-2024-05-31.csv\"");
    let text = response.text().await.unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "date,startTime,endTime,durationMinutes,type,reason,id");
    assert_eq!(lines.len(), 5);
    // Text cells quoted, numbers not.
    assert!(lines[1].starts_with("\"2024-05-06\",\"09:00\",\"09:15\",15,\"Coffee Break\",\"\","), "{}", lines[1]);
    assert!(lines[4].contains(",\"'=HYPERLINK(\"\"x\"\"), then \"\"quoted\"\"\","), "{}", lines[4]);

    for (kind, header, rows) in [
        ("tasks", "scheduled,title,description,status,priority,createdDate,id", 3),
        ("leaves", "fromDate,toDate,days,reason,id", 2),
        ("meetings", "scheduleDate,from,to,description,id", 1),
        ("checklist", "createdDate,task,done,isFeature,id", 1),
    ] {
        let response = app
            .raw(Some(&ann), Method::GET, &format!("/reports/export/{kind}?from=2024-05-01&to=2024-05-31"), None)
            .await;
        assert_eq!(response.status(), 200, "{kind}");
        let text = response.text().await.unwrap();
        assert_eq!(text.lines().next(), Some(header));
        assert_eq!(text.lines().count(), rows + 1, "{kind}");
    }
    app.get(&ann, "/reports/export/passwords?from=2024-05-01").await.expect(404);
    app.get(&ann, "/reports/export/breaks").await.expect(422);
}
