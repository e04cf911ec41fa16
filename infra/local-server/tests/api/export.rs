//! Exports through the HTTP API, on every store: a person's own ZIP read back (every kind in JSON and CSV, a
//! README, no secret), the team's ZIP for admins (every member, nobody of another team), members refused.

use std::collections::BTreeMap;
use std::io::Read;
use std::sync::Arc;

use reqwest::Method;

use crate::support::*;
use bt_app::account::Role;
use bt_core::store::Table;
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    my_data_is_every_kind_in_json_and_csv,
    the_team_export_is_for_admins_and_holds_only_the_team
);

const KINDS: [&str; 13] = [
    "profile",
    "breaks",
    "tasks",
    "leaves",
    "leave-balance",
    "meetings",
    "checklist",
    "notification-settings",
    "calendar-feeds",
    "work-periods",
    "work-schedules",
    "overtime-adjustments",
    "timesheets",
];

/// The ZIP's files by name.
async fn download(app: &TestApp, who: &Person, path: &str) -> (reqwest::StatusCode, String, BTreeMap<String, String>) {
    let response = app.raw(Some(who), Method::GET, path, None).await;
    let status = response.status();
    let disposition =
        response.headers().get("content-disposition").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    let bytes = response.bytes().await.unwrap();
    let mut files = BTreeMap::new();
    if status == 200 {
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).expect("a ZIP");
        for i in 0..zip.len() {
            let mut file = zip.by_index(i).unwrap();
            let mut text = String::new();
            file.read_to_string(&mut text).unwrap();
            files.insert(file.name().unwrap().to_string(), text);
        }
    }
    (status, disposition, files)
}

async fn some_records(app: &TestApp, who: &Person, day: &str) {
    app.post(who, "/break/add", a_break(day, "10:00", "10:15")).await.expect(201);
    app.post(who, "/task/add", a_task(&format!("Task of {}", who.name), day)).await.expect(201);
    app.post(
        who,
        "/work/periods",
        json!({ "date": day, "start": "08:00", "end": "12:00", "note": "=cmd|' /C calc'!A0" }),
    )
    .await
    .expect(201);
}

async fn my_data_is_every_kind_in_json_and_csv(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let day = app.today(&ann);
    some_records(&app, &ann, &day).await;
    app.post(&ann, "/calendar/feeds", json!({ "scope": "me" })).await.expect(201);

    let (status, disposition, files) = download(&app, &ann, "/user/export").await;
    assert_eq!(status, 200);
    assert!(disposition.starts_with("attachment; filename=\"breaktime-my-data-"), "{disposition}");
    assert!(disposition.ends_with(".zip\""), "{disposition}");
    assert!(files.contains_key("README.txt"));
    for kind in KINDS {
        let json: Value = serde_json::from_str(&files[&format!("{kind}.json")]).expect(kind);
        assert!(json.is_array(), "{kind}");
        assert!(files.contains_key(&format!("{kind}.csv")), "{kind}");
        assert!(files["README.txt"].contains(&format!("{kind}.json")), "{kind}");
    }
    let breaks: Value = serde_json::from_str(&files["breaks.json"]).unwrap();
    assert_eq!(breaks.as_array().unwrap().len(), 1);
    assert!(files["tasks.csv"].contains("Task of Ann"));
    // A formula in a note is defused in the CSV and kept as it was in the JSON.
    assert!(files["work-periods.csv"].contains("\"'=cmd|"), "{}", files["work-periods.csv"]);
    assert!(files["work-periods.json"].contains("\"=cmd|"));
    // No secret: no password hash, no token version, no feed address.
    let everything: String = files.values().cloned().collect();
    for secret in ["passwordHash", "tokenVersion", "tokenHash", "/calendar/", "$argon2"] {
        assert!(!everything.contains(secret), "{secret} exported");
    }
    let profile: Value = serde_json::from_str(&files["profile.json"]).unwrap();
    assert_eq!(profile[0]["email"], ann.email.as_str());

    assert_eq!(app.send(None, Method::GET, "/user/export", None).await.status, 401);
}

async fn the_team_export_is_for_admins_and_holds_only_the_team(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let eve = app.person("Eve").await;
    let day = app.today(&ann);
    for who in [&ann, &bob, &eve] {
        some_records(&app, who, &day).await;
    }

    let (status, _, files) = download(&app, &ann, "/admin/export").await;
    assert_eq!(status, 200);
    let members: Value = serde_json::from_str(&files["members.json"]).unwrap();
    let names: Vec<&str> = members.as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap()).collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(names.contains(&"Ann") && names.contains(&"Bob"));
    for kind in ["breaks", "tasks", "work-periods", "leave-types", "break-types", "leave-settings", "timesheets"] {
        assert!(files.contains_key(&format!("{kind}.json")) && files.contains_key(&format!("{kind}.csv")), "{kind}");
    }
    let tasks: Value = serde_json::from_str(&files["tasks.json"]).unwrap();
    assert_eq!(tasks.as_array().unwrap().len(), 2);
    let everything: String = files.values().cloned().collect();
    assert!(!everything.contains("Task of Eve") && !everything.contains(&eve.id), "another team's data exported");

    // Members are refused; the member's own export has only their own records.
    let refused = app.get(&bob, "/admin/export").await.expect(403);
    assert_eq!(refused.message(), "Only team admins can do this.");
    let (_, _, mine) = download(&app, &bob, "/user/export").await;
    assert!(mine["tasks.csv"].contains("Task of Bob") && !mine["tasks.csv"].contains("Task of Ann"));
}
