//! Team holidays and the leave-days report through the HTTP API, on every store (SQLite, and DynamoDB on moto with
//! feature `aws`): countries and regions from the holiday library, an admin's company days off and removals, the
//! days leaves do not count, and approved leave days per member and type.

use std::sync::Arc;

use crate::support::*;
use bt_app::account::Role;
use bt_core::store::Table;
use reqwest::Method;
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    holidays_come_from_the_country_and_admins_change_them,
    holidays_are_not_working_days,
    the_leave_days_report_counts_approved_leaves_per_member_and_type,
);

const SICK: &str = "00000000000000000000000002";

fn dates(answer: &Value) -> Vec<&str> {
    answer["holidays"].as_array().unwrap().iter().map(|h| h["date"].as_str().unwrap()).collect()
}

fn day(answer: &Value, date: &str) -> Value {
    answer["holidays"].as_array().unwrap().iter().find(|h| h["date"] == date).cloned().unwrap_or(Value::Null)
}

async fn holidays_come_from_the_country_and_admins_change_them(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let hal = app.person_in(&ann.team_id, "Hal", Role::Hr, "UTC").await;

    let countries = app.get(&bob, "/team/holidays/countries").await.expect(200);
    let germany = countries.data().as_array().unwrap().iter().find(|c| c["code"] == "DE").expect("Germany");
    assert_eq!(germany["name"], "Germany");
    assert!(germany["regions"].as_array().unwrap().iter().any(|r| r["code"] == "BY"), "{germany}");

    // Until an admin picks a country, a team has no holidays.
    let none = app.get(&bob, "/team/holidays?year=2026").await.expect(200);
    assert_eq!((none.data()["country"].clone(), none.data()["holidays"].clone()), (Value::Null, json!([])));
    assert!(none.data()["library"].as_str().unwrap().starts_with("holidays "));

    let place = json!({ "year": 2026, "country": "de", "region": "BY" });
    for who in [&bob, &hal] {
        let refused = app.put(who, "/team/holidays", place.clone()).await.expect(403);
        assert_eq!(refused.message(), "Only admins can change the team's holidays.");
    }
    let bad = app.put(&ann, "/team/holidays", json!({ "year": 2026, "country": "XX" })).await.expect(422);
    assert_eq!(bad.field("country"), "Choose a country from the list.");
    let bad = app.put(&ann, "/team/holidays", json!({ "year": 2026, "country": "DE", "region": "ZZ" })).await;
    assert_eq!(bad.expect(422).field("region"), "Choose one of the country's regions, or none.");
    let bad = app.put(&ann, "/team/holidays", json!({ "year": 12026, "country": "DE" })).await.expect(422);
    assert_eq!(bad.field("year"), "Year must be between 1900 and 2999.");

    let set = app.put(&ann, "/team/holidays", place).await.expect(200);
    assert_eq!((set.data()["country"].as_str(), set.data()["region"].as_str()), (Some("DE"), Some("BY")));
    assert_eq!(day(set.data(), "2026-01-06")["source"], "public", "Epiphany is a Bavarian holiday");
    assert_eq!(day(set.data(), "2026-10-03")["name"], "German Unity Day");
    let listed = dates(set.data());
    assert!(listed.windows(2).all(|w| w[0] < w[1]) && listed.iter().all(|d| d.starts_with("2026-")), "{listed:?}");
    // Every member reads the same list; another team does not.
    assert_eq!(app.get(&bob, "/team/holidays?year=2026").await.expect(200).data(), set.data());
    let zed = app.person("Zed").await;
    assert_eq!(app.get(&zed, "/team/holidays?year=2026").await.expect(200).data()["holidays"], json!([]));
    // Other years come from the same place.
    assert!(dates(app.get(&bob, "/team/holidays?year=2027").await.expect(200).data()).contains(&"2027-01-06"));

    // A company day off added, a public holiday removed: the year's whole list is sent.
    let mut days: Vec<Value> = set.data()["holidays"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["date"] != "2026-01-06")
        .map(|h| json!({ "date": h["date"], "name": h["name"] }))
        .collect();
    days.push(json!({ "date": "2026-12-24", "name": "Office closed" }));
    let changed = app.put(&ann, "/team/holidays", json!({ "year": 2026, "holidays": days })).await.expect(200);
    assert_eq!(changed.data()["region"], "BY", "the place is kept when left out");
    assert_eq!(
        day(changed.data(), "2026-12-24"),
        json!({ "date": "2026-12-24", "name": "Office closed", "source": "company" })
    );
    assert_eq!(day(changed.data(), "2026-01-06"), Value::Null);
    assert_eq!(app.get(&bob, "/team/holidays?year=2026").await.expect(200).data(), changed.data());
    // The other year is untouched.
    assert!(dates(app.get(&bob, "/team/holidays?year=2027").await.data()).contains(&"2027-01-06"));

    for (list, message) in [
        (
            json!([{ "date": "2027-01-01", "name": "Next year" }]),
            "Each day needs a date in the chosen year and a name of 1 to 80 characters.",
        ),
        (
            json!([{ "date": "2026-02-30", "name": "No such day" }]),
            "Each day needs a date in the chosen year and a name of 1 to 80 characters.",
        ),
        (
            json!([{ "date": "2026-03-02", "name": " " }]),
            "Each day needs a date in the chosen year and a name of 1 to 80 characters.",
        ),
        (
            json!([{ "date": "2026-03-02", "name": "x".repeat(81) }]),
            "Each day needs a date in the chosen year and a name of 1 to 80 characters.",
        ),
        (
            json!([{ "date": "2026-03-02", "name": "A" }, { "date": "2026-03-02", "name": "B" }]),
            "Each date can be listed once.",
        ),
    ] {
        let refused = app.put(&ann, "/team/holidays", json!({ "year": 2026, "holidays": list })).await.expect(422);
        assert_eq!(refused.field("holidays"), message);
    }
    let many: Vec<Value> = (1..=101)
        .map(|i| json!({ "date": format!("2026-{:02}-{:02}", 1 + i % 12, 1 + i % 28), "name": "Day" }))
        .collect();
    assert_eq!(
        app.put(&ann, "/team/holidays", json!({ "year": 2026, "holidays": many })).await.expect(422).field("holidays"),
        "A year can have at most 100 holidays."
    );
    // Nothing was lost by the refusals.
    assert_eq!(app.get(&bob, "/team/holidays?year=2026").await.expect(200).data(), changed.data());

    // Left out, the list goes back to the library's; another country gives its own days to every year.
    let reset = app.put(&ann, "/team/holidays", json!({ "year": 2026 })).await.expect(200);
    assert_eq!(reset.data(), set.data());
    let france = app.put(&ann, "/team/holidays", json!({ "year": 2026, "country": "FR" })).await.expect(200);
    assert_eq!(france.data()["region"], Value::Null, "a new country starts without a region");
    assert_eq!(day(france.data(), "2026-07-14")["source"], "public");
    assert_eq!(day(france.data(), "2026-10-03"), Value::Null);
    let cleared = app.put(&ann, "/team/holidays", json!({ "year": 2026, "country": null })).await.expect(200);
    assert_eq!(cleared.data()["holidays"], json!([]));
}

async fn holidays_are_not_working_days(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    // No leave yet: nothing taken or pending (0, not the -0 an empty float sum gives).
    let fresh = app.get(&bob, "/leaves/balance?year=2026").await.expect(200);
    assert_eq!((fresh.data()["taken"].as_f64(), fresh.data()["pending"].as_f64()), (Some(0.0), Some(0.0)));
    assert!(!fresh.text.contains("-0"), "{}", fresh.text);
    let week = "/leaves/preview?fromDate=2026-01-05&toDate=2026-01-09";
    assert_eq!(app.get(&bob, week).await.expect(200).data()["workingDays"], 5.0);

    app.put(&ann, "/team/holidays", json!({ "year": 2026, "country": "DE", "region": "BY" })).await.expect(200);
    // Tuesday 6 January is Epiphany in Bavaria.
    assert_eq!(app.get(&bob, week).await.expect(200).data()["workingDays"], 4.0);
    let mut sick = json!({ "fromDate": "2026-01-05", "toDate": "2026-01-09", "reason": "Flu", "typeId": SICK });
    let added = app.post(&bob, "/leaves/add", sick.clone()).await.expect(201);
    assert_eq!((added.data()["days"].as_i64(), added.data()["workingDays"].as_f64()), (Some(5), Some(4.0)));
    // A leave across the new year counts each year's holidays: 31 December 2026 and 1 January 2027 (a holiday).
    sick["fromDate"] = json!("2026-12-31");
    sick["toDate"] = json!("2027-01-01");
    let across = app.post(&bob, "/leaves/add", sick).await.expect(201);
    assert_eq!(across.data()["workingDays"], 1.0);

    // The calendar shows the month's holidays to everyone.
    let calendar = app.get(&bob, "/leaves/calendar?month=2026-01").await.expect(200);
    let holidays: Vec<&str> =
        calendar.data()["holidays"].as_array().unwrap().iter().map(|h| h["date"].as_str().unwrap()).collect();
    assert_eq!(holidays, vec!["2026-01-01", "2026-01-06"]);
    assert_eq!(calendar.data()["holidays"][0]["name"], "New Year's Day");
}

async fn the_leave_days_report_counts_approved_leaves_per_member_and_type(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let cy = app.person_in(&ann.team_id, "Cy", Role::Member, "UTC").await;
    let leave = |from: &str, to: &str, type_id: Option<&str>| {
        let mut body = json!({ "fromDate": from, "toDate": to, "reason": "Private" });
        if let Some(t) = type_id {
            body["typeId"] = json!(t);
        }
        body
    };
    // Bob: three sick days (approved at once), a vacation that crosses the end of March (approved), one still
    // pending; Cy: a half day of vacation, approved.
    app.post(&bob, "/leaves/add", leave("2026-03-02", "2026-03-04", Some(SICK))).await.expect(201);
    let trip = app.post(&bob, "/leaves/add", leave("2026-03-30", "2026-04-03", None)).await.expect(201).id();
    app.post(&ann, &format!("/leaves/approve/{trip}"), json!({})).await.expect(200);
    app.post(&bob, "/leaves/add", leave("2026-03-16", "2026-03-16", None)).await.expect(201);
    let mut half = leave("2026-03-10", "2026-03-10", None);
    half["halfDay"] = json!("am");
    let half = app.post(&cy, "/leaves/add", half).await.expect(201).id();
    app.post(&ann, &format!("/leaves/approve/{half}"), json!({})).await.expect(200);

    let march = "from=2026-03-01&to=2026-03-31";
    let report = app.get(&ann, &format!("/reports/leave-days?{march}")).await.expect(200);
    let rows: Vec<(String, String, f64, f64)> = report.data()["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let text = |k: &str| r[k].as_str().unwrap().to_string();
            (text("name"), text("typeName"), r["days"].as_f64().unwrap(), r["workingDays"].as_f64().unwrap())
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            ("Bob".into(), "Vacation".into(), 2.0, 2.0),
            ("Bob".into(), "Sick".into(), 3.0, 3.0),
            ("Cy".into(), "Vacation".into(), 0.5, 0.5),
        ]
    );
    assert_eq!(report.data()["types"][0]["name"], "Vacation");
    assert!(report.data().to_string().find("Private").is_none(), "no reasons in the report");

    // A member sees their own rows only.
    let own = app.get(&cy, &format!("/reports/leave-days?{march}")).await.expect(200);
    assert_eq!(own.data()["rows"].as_array().unwrap().len(), 1);
    assert_eq!(own.data()["rows"][0]["name"], "Cy");
    app.get(&cy, "/reports/leave-days?from=2026-03-31&to=2026-03-01").await.expect(422);

    let response = app.raw(Some(&ann), Method::GET, &format!("/reports/export/leave-days?{march}"), None).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "text/csv; charset=utf-8");
    assert_eq!(
        response.headers()["content-disposition"],
        "attachment; filename=\"leave-days-2026-03-01-2026-03-31.csv\""
    );
    let text = response.text().await.unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "member,leaveType,days,workingDays,from,to,userId");
    assert_eq!(lines.len(), 4);
    assert!(lines[1].starts_with("\"Bob\",\"Vacation\",2,2,\"2026-03-01\",\"2026-03-31\","), "{}", lines[1]);
    let mine = app.raw(Some(&cy), Method::GET, &format!("/reports/export/leave-days?{march}"), None).await;
    assert_eq!(mine.text().await.unwrap().lines().count(), 2);
}
