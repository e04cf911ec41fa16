//! The archives' working-time report through the HTTP API, on every store (SQLite, and DynamoDB on moto with feature
//! `aws`): a member sees only their own row, an admin or HR every member's of the team and never another team's; the
//! CSV has a row a member and a total row; a bad range is 422 on `from` / `to`.

use std::sync::Arc;

use chrono::{Datelike, Duration, NaiveDate};
use reqwest::Method;

use crate::support::*;
use bt_app::account::Role;
use bt_core::store::Table;
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(members_see_their_own_row_and_approvers_the_team, the_csv_and_bad_ranges);

fn date(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// The Monday of the week three weeks before today (every day of that week is in the past).
fn past_monday(app: &TestApp) -> NaiveDate {
    let today = app.state.clock.now().date_naive();
    let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
    monday - Duration::days(21)
}

fn period(day: NaiveDate, start: &str, end: &str) -> Value {
    json!({ "date": date(day), "start": start, "end": end, "note": "Entered afterwards" })
}

/// `(name, worked, target, difference, days)` of each row.
fn rows(report: &Value) -> Vec<(String, i64, i64, i64, i64)> {
    report["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let n = |f: &str| r[f].as_i64().unwrap();
            (r["name"].as_str().unwrap().to_string(), n("worked"), n("target"), n("difference"), n("days"))
        })
        .collect()
}

fn totals(report: &Value) -> (i64, i64, i64) {
    let n = |f: &str| report[f].as_i64().unwrap();
    (n("worked"), n("target"), n("difference"))
}

struct Team {
    app: TestApp,
    ann: Person,
    bob: Person,
    hal: Person,
    zoe: Person,
    range: String,
}

/// Ann (admin) works Monday and Tuesday, Bob (member) Monday with a lunch break inside, Hal (HR) not at all; Zoe
/// is the admin of another team and works Monday. The range is Monday to Tuesday (target 2 × 480 each).
async fn a_team(store: Store) -> Team {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "bob", Role::Member, "UTC").await;
    let hal = app.person_in(&ann.team_id, "Hal", Role::Hr, "UTC").await;
    let zoe = app.person("Zoe").await;
    let monday = past_monday(&app);
    for who in [&ann, &bob, &hal, &zoe] {
        app.joined_on(who, monday).await;
    }
    let tuesday = monday + Duration::days(1);
    app.post(&ann, "/work/periods", period(monday, "08:00", "18:00")).await.expect(201);
    app.post(&ann, "/work/periods", period(tuesday, "08:00", "12:00")).await.expect(201);
    app.post(&bob, "/work/periods", period(monday, "09:00", "17:00")).await.expect(201);
    let lunch = json!({ "startTime": "12:00", "endTime": "12:30", "createdDate": date(monday), "type": "Lunch Break",
        "reason": "" });
    app.post(&bob, "/break/add", lunch).await.expect(201);
    app.post(&zoe, "/work/periods", period(monday, "08:00", "16:00")).await.expect(201);
    let range = format!("from={}&to={}", date(monday), date(tuesday));
    Team { app, ann, bob, hal, zoe, range }
}

async fn members_see_their_own_row_and_approvers_the_team(store: Store) {
    let Team { app, ann, bob, hal, zoe, range } = a_team(store).await;
    let path = format!("/work/report?{range}");

    let mine = app.get(&bob, &path).await.expect(200).data().clone();
    assert_eq!(rows(&mine), vec![("bob".to_string(), 450, 960, -510, 1)]);
    assert_eq!(mine["rows"][0]["userId"], bob.id.as_str());
    assert_eq!(totals(&mine), (450, 960, -510));

    // Admins and HR see every member of their team, by name whatever its case, and the sums.
    let team = vec![
        ("Ann".to_string(), 840, 960, -120, 2),
        ("bob".to_string(), 450, 960, -510, 1),
        ("Hal".to_string(), 0, 960, -960, 0),
    ];
    for approver in [&ann, &hal] {
        let report = app.get(approver, &path).await.expect(200).data().clone();
        assert_eq!(rows(&report), team);
        assert_eq!(totals(&report), (1290, 2880, -1590));
        assert_eq!((report["from"].as_str(), report["to"].is_string()), (Some(&range[5..15]), true));
    }

    // Another team's admin sees only their own team: none of Ann's people, and Ann none of theirs.
    let theirs = app.get(&zoe, &path).await.expect(200).data().clone();
    assert_eq!(rows(&theirs), vec![("Zoe".to_string(), 480, 960, -480, 1)]);
    let ours = app.get(&ann, &path).await.expect(200).data().to_string();
    assert!(!ours.contains(&zoe.id) && !ours.contains("Zoe"), "{ours}");

    app.send(None, Method::GET, &path, None).await.expect(401);
}

async fn the_csv_and_bad_ranges(store: Store) {
    let Team { app, ann, bob, hal, zoe, range } = a_team(store).await;
    // A name a spreadsheet would read as a formula is defused.
    let eve = app.person_in(&ann.team_id, "=Eve", Role::Member, "UTC").await;
    app.joined_on(&eve, NaiveDate::parse_from_str(&range[5..15], "%Y-%m-%d").unwrap()).await;
    let (from, to) = (&range[5..15], &range[19..29]);

    let csv = app.raw(Some(&ann), Method::GET, &format!("/work/report.csv?{range}"), None).await;
    assert_eq!(csv.status(), 200);
    assert_eq!(csv.headers()["content-type"], "text/csv; charset=utf-8");
    assert_eq!(
        csv.headers()["content-disposition"],
        format!("attachment; filename=\"working-time-{from}-{to}.csv\"").as_str()
    );
    let text = csv.text().await.unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let dates = format!("\"{from}\",\"{to}\"");
    assert_eq!(
        lines,
        vec![
            "member,days,worked,target,difference,from,to,userId".to_string(),
            format!("\"'=Eve\",0,0,960,-960,{dates},\"{}\"", eve.id),
            format!("\"Ann\",2,840,960,-120,{dates},\"{}\"", ann.id),
            format!("\"bob\",1,450,960,-510,{dates},\"{}\"", bob.id),
            format!("\"Hal\",0,0,960,-960,{dates},\"{}\"", hal.id),
            format!("\"total\",3,1290,3840,-2550,{dates},\"\""),
        ]
    );
    assert!(!text.contains(&zoe.id));

    // A member's CSV has their own row and the total.
    let csv = app.raw(Some(&bob), Method::GET, &format!("/work/report.csv?{range}"), None).await;
    let text = csv.text().await.unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[1].starts_with("\"bob\",1,450,960,-510,"), "{text}");
    assert!(lines[2].starts_with("\"total\",1,450,960,-510,"), "{text}");

    // Bad ranges, on both routes.
    let monday: NaiveDate = from.parse().unwrap();
    let long = format!("from={}&to={}", date(monday - Duration::days(366)), date(monday));
    for route in ["/work/report", "/work/report.csv"] {
        let too_long = app.get(&ann, &format!("{route}?{long}")).await.expect(422);
        assert_eq!(too_long.field("to"), "The range cannot be longer than 366 days.");
        let reversed = app.get(&ann, &format!("{route}?from={to}&to={from}")).await.expect(422);
        assert!(!reversed.field("to").is_empty());
        let invalid = app.get(&ann, &format!("{route}?from=2025-02-30&to={to}")).await.expect(422);
        assert!(!invalid.field("from").is_empty());
        let missing = app.get(&ann, route).await.expect(422);
        assert!(!missing.field("from").is_empty());
    }
    // 366 days is the longest range.
    let longest = format!("from={}&to={}", date(monday - Duration::days(365)), date(monday));
    app.get(&bob, &format!("/work/report?{longest}")).await.expect(200);
}
