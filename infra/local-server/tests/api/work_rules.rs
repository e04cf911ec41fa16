//! Break and rest rules through the HTTP API, on every store (SQLite, and DynamoDB on moto with feature `aws`): the
//! team's rule set (nothing saved is preset `none`; admins set a preset, the EU minimum with its break length, or
//! their own numbers; field errors; others are refused), a day's findings with a note on one (in the person's
//! language), the findings in the timesheet's JSON, CSV and PDF, a locked month refusing notes, and the compliance
//! report and its CSV for admins (everyone) and members (their own only), another team's member being 404.

use std::sync::Arc;

use chrono::{Datelike, Duration, NaiveDate};
use reqwest::Method;

use crate::support::*;
use bt_app::account::Role;
use bt_core::store::Table;
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    admins_choose_the_rules_and_everyone_reads_them,
    a_day_short_of_its_break_has_a_finding_with_a_note_in_the_timesheet_and_the_report,
);

fn date(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// The Monday of the week three weeks before today (every day of that week is in the past).
fn past_monday(app: &TestApp) -> NaiveDate {
    let today = app.state.clock.now().date_naive();
    let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
    monday - Duration::days(21)
}

fn pdf_text(bytes: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(bytes).expect("a PDF");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    doc.extract_text(&pages).expect("its text")
}

fn finding<'a>(day: &'a Value, rule: &str) -> &'a Value {
    day["findings"].as_array().unwrap().iter().find(|f| f["rule"] == rule).unwrap_or(&Value::Null)
}

async fn admins_choose_the_rules_and_everyone_reads_them(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let zoe = app.person("Zoe").await;

    // Nothing saved: no rules, and the presets to choose from with their laws and sections.
    let none = app.get(&bob, "/work/rules").await.expect(200);
    let r = none.data();
    assert_eq!((r["preset"].as_str(), r["updatedAt"].as_str(), r["updatedBy"].as_str()), (Some("none"), None, None));
    assert_eq!(r["breaks"], json!([]));
    let presets = r["presets"].as_array().unwrap();
    let tags: Vec<&str> = presets.iter().map(|p| p["preset"].as_str().unwrap()).collect();
    assert_eq!(tags, vec!["none", "de", "at", "uk", "eu", "custom"]);
    let de = &presets[1];
    assert_eq!(de["law"], "Arbeitszeitgesetz (ArbZG)");
    assert_eq!(
        de["sections"],
        json!({ "break": "ArbZG § 4", "continuous": "ArbZG § 4", "dailyMax": "ArbZG § 3",
        "rest": "ArbZG § 5" })
    );
    assert_eq!(
        de["rules"]["breaks"],
        json!([{ "afterMinutes": 360, "minutes": 30 }, { "afterMinutes": 540, "minutes": 45 }])
    );
    assert_eq!(presets[3]["sections"]["weeklyAverage"], "WTR 1998 reg. 4");
    assert!(presets[3]["sections"].get("dailyMax").is_none());

    // Only admins set them.
    let refused = app.put(&bob, "/work/rules", json!({ "preset": "de" })).await.expect(403);
    assert_eq!(refused.message(), "Only team admins can change the rules.");

    // Germany: the law's numbers whatever is sent; only the opt-outs are taken.
    let body = json!({ "preset": "de", "maxDailyMinutes": 900, "breaks": [{ "afterMinutes": 60, "minutes": 5 }],
        "optedOut": [bob.id] });
    let saved = app.put(&ann, "/work/rules", body).await.expect(200);
    let r = saved.data();
    assert_eq!((r["preset"].as_str(), r["maxDailyMinutes"].as_i64()), (Some("de"), Some(600)));
    assert_eq!(r["breaks"][0], json!({ "afterMinutes": 360, "minutes": 30 }));
    assert_eq!((r["minRestMinutes"].as_i64(), r["maxWeeklyAverageMinutes"].as_i64()), (Some(660), None));
    assert_eq!(r["optedOut"], json!([bob.id]));
    assert_eq!(r["updatedBy"], "Ann");
    assert!(r["updatedAt"].as_str().is_some());
    assert_eq!(app.get(&bob, "/work/rules").await.expect(200).data()["preset"], "de");

    // The EU minimum with a break of 20 minutes and a reference period of 4 weeks.
    let body = json!({ "preset": "eu", "breaks": [{ "afterMinutes": 300, "minutes": 20 }], "referenceWeeks": 4,
        "maxDailyMinutes": 700 });
    let r = app.put(&ann, "/work/rules", body).await.expect(200).data().clone();
    assert_eq!(r["breaks"], json!([{ "afterMinutes": 360, "minutes": 20 }]));
    assert_eq!((r["referenceWeeks"].as_i64(), r["maxWeeklyAverageMinutes"].as_i64()), (Some(4), Some(2880)));
    assert!(r["maxDailyMinutes"].is_null());

    // The team's own numbers, every one taken.
    let custom = json!({ "preset": "custom", "breaks": [{ "afterMinutes": 480, "minutes": 30 },
        { "afterMinutes": 300, "minutes": 15 }], "minBlockMinutes": 10, "maxContinuousMinutes": 300,
        "maxDailyMinutes": 720, "minRestMinutes": 600, "maxWeeklyAverageMinutes": 2700, "referenceWeeks": 8 });
    let r = app.put(&ann, "/work/rules", custom).await.expect(200).data().clone();
    assert_eq!(r["breaks"], json!([{ "afterMinutes": 300, "minutes": 15 }, { "afterMinutes": 480, "minutes": 30 }]));
    let numbers: Vec<i64> = [
        "minBlockMinutes",
        "maxContinuousMinutes",
        "maxDailyMinutes",
        "minRestMinutes",
        "maxWeeklyAverageMinutes",
        "referenceWeeks",
    ]
    .iter()
    .map(|k| r[*k].as_i64().unwrap())
    .collect();
    assert_eq!(numbers, vec![10, 300, 720, 600, 2700, 8]);

    // Field errors.
    let bad = app.put(&ann, "/work/rules", json!({ "preset": "fr" })).await.expect(422);
    assert_eq!(bad.field("preset"), "Choose one of none, de, at, uk, eu or custom.");
    let missing = app.put(&ann, "/work/rules", json!({})).await.expect(422);
    assert_eq!(missing.field("preset"), "Choose one of none, de, at, uk, eu or custom.");
    let tier = json!({ "afterMinutes": 60, "minutes": 10 });
    let five = app.put(&ann, "/work/rules", json!({ "preset": "custom", "breaks": [tier, tier, tier, tier, tier] }));
    assert_eq!(five.await.expect(422).field("breaks"), "Give at most 4 break tiers.");
    let body = json!({ "preset": "custom", "breaks": [{ "afterMinutes": 0, "minutes": 300 }], "minBlockMinutes": 300,
        "maxContinuousMinutes": 30, "maxDailyMinutes": 2000, "minRestMinutes": 59, "maxWeeklyAverageMinutes": 20000,
        "referenceWeeks": 53 });
    let bad = app.put(&ann, "/work/rules", body).await.expect(422);
    assert_eq!(bad.field("breaks[0].afterMinutes"), "A break tier starts after 1 to 1440 minutes of work.");
    assert_eq!(bad.field("breaks[0].minutes"), "A break tier asks for 1 to 240 minutes.");
    assert_eq!(bad.field("minBlockMinutes"), "Give 0 to 240 minutes.");
    for field in ["maxContinuousMinutes", "maxDailyMinutes", "minRestMinutes"] {
        assert_eq!(bad.field(field), "Give 60 to 1440 minutes.", "{field}");
    }
    assert_eq!(bad.field("maxWeeklyAverageMinutes"), "Give 60 to 10080 minutes.");
    assert_eq!(bad.field("referenceWeeks"), "Give 1 to 52 weeks.");
    let stranger = app.put(&ann, "/work/rules", json!({ "preset": "uk", "optedOut": [zoe.id] })).await.expect(422);
    assert_eq!(stranger.field("optedOut"), "Only members of the team can opt out.");
    // Nothing of the refused bodies was saved; another team still has none.
    assert_eq!(app.get(&bob, "/work/rules").await.expect(200).data()["preset"], "custom");
    assert_eq!(app.get(&zoe, "/work/rules").await.expect(200).data()["preset"], "none");
}

async fn a_day_short_of_its_break_has_a_finding_with_a_note_in_the_timesheet_and_the_report(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let hal = app.person_in(&ann.team_id, "Hal", Role::Hr, "UTC").await;
    let zoe = app.person("Zoe").await;
    let monday = past_monday(&app);
    let day_path = format!("/work/day?date={}", date(monday));

    // 6 h 30 without a break: no finding while the team has no rules.
    let period = json!({ "date": date(monday), "start": "08:00", "end": "14:30", "note": "Forgot to clock in" });
    app.post(&bob, "/work/periods", period).await.expect(201);
    let day = app.get(&bob, &day_path).await.expect(200);
    assert_eq!((day.data()["worked"].as_i64(), &day.data()["findings"]), (Some(390), &json!([])));

    // Under German law, 30 minutes of break are missing.
    app.put(&ann, "/work/rules", json!({ "preset": "de" })).await.expect(200);
    let day = app.get(&bob, &day_path).await.expect(200);
    let short = finding(day.data(), "break");
    assert_eq!(short["minutesMissing"], 30);
    assert_eq!(short["law"], "ArbZG § 4");
    assert_eq!(short["when"], format!("{}T14:30", date(monday)));
    assert_eq!(
        short["message"],
        "Break 30 minutes short: 30 minutes are due after more than 6 hours of work, 0 minutes taken."
    );
    assert!(short["note"].is_null());
    assert_eq!(finding(day.data(), "continuous")["minutesMissing"], 30);

    // A note on it (by Bob, then replaced by HR); none on a finding the day does not have.
    let note_path = format!("/work/findings/{}/break", date(monday));
    let empty = app.put(&bob, &note_path, json!({ "note": " " })).await.expect(422);
    assert_eq!(empty.field("note"), "A note is required.");
    let long = app.put(&bob, &note_path, json!({ "note": "x".repeat(501) })).await.expect(422);
    assert_eq!(long.field("note"), "Note must not exceed 500 characters.");
    let noted = app.put(&bob, &note_path, json!({ "note": "Server outage" })).await.expect(200);
    assert_eq!((noted.data()["text"].as_str(), noted.data()["byName"].as_str()), (Some("Server outage"), Some("Bob")));
    assert_eq!(noted.data()["byId"], bob.id.as_str());
    let by_hr = format!("{note_path}?userId={}", bob.id);
    let noted = app.put(&hal, &by_hr, json!({ "note": "Customer emergency" })).await.expect(200);
    assert_eq!(noted.data()["byName"], "Hal");
    for (rule, other_day) in [("dailyMax", monday), ("break", monday + Duration::days(1)), ("nap", monday)] {
        let path = format!("/work/findings/{}/{rule}", date(other_day));
        let none = app.put(&bob, &path, json!({ "note": "x" })).await.expect(404);
        assert_eq!(none.message(), "There is no such finding on that day.");
    }
    app.put(&zoe, &by_hr, json!({ "note": "x" })).await.expect(404);
    app.put(&bob, &format!("{note_path}?userId={}", hal.id), json!({ "note": "x" })).await.expect(404);
    app.get(&zoe, &format!("{day_path}&userId={}", bob.id)).await.expect(404);
    let day = app.get(&ann, &format!("{day_path}&userId={}", bob.id)).await.expect(200);
    let short = finding(day.data(), "break");
    assert_eq!(
        (short["note"]["text"].as_str(), short["note"]["byName"].as_str()),
        (Some("Customer emergency"), Some("Hal"))
    );

    // In Bob's language once he chose German.
    app.put(&bob, "/user/profile", json!({ "language": "de" })).await.expect(200);
    let day = app.get(&bob, &day_path).await.expect(200);
    assert_eq!(
        finding(day.data(), "break")["message"],
        "Pause 30 Minuten zu kurz: Nach mehr als 6 Stunden Arbeit sind 30 Minuten fällig, 0 Minuten genommen."
    );
    app.put(&bob, "/user/profile", json!({ "language": "en" })).await.expect(200);

    // The timesheet: the day's findings in the JSON, a findings column in the CSV, a list in the PDF.
    let month = format!("{:04}-{:02}", monday.year(), monday.month());
    let sheet = format!("/timesheets/{month}");
    let s = app.get(&bob, &sheet).await.expect(200).data().clone();
    let sheet_day = &s["days"][monday.day0() as usize];
    assert_eq!(sheet_day["date"], date(monday));
    assert_eq!(finding(sheet_day, "break")["note"]["text"], "Customer emergency");
    let csv = app.raw(Some(&bob), Method::GET, &format!("{sheet}/export.csv"), None).await;
    assert_eq!(csv.status(), 200);
    let text = csv.text().await.unwrap();
    assert!(text.lines().next().unwrap().ends_with(",manual,findings"), "{text}");
    let row = text.lines().find(|l| l.starts_with(&format!("\"{}\"", date(monday)))).expect("the day's row");
    assert!(
        row.contains("Break 30 minutes short: 30 minutes are due after more than 6 hours of work, 0 minutes taken. (Customer emergency); 6 h 30 without a break (at most 6 h)."),
        "{row}"
    );
    let pdf = app.raw(Some(&ann), Method::GET, &format!("{sheet}/export.pdf?userId={}", bob.id), None).await;
    assert_eq!(pdf.status(), 200);
    let text = pdf_text(&pdf.bytes().await.unwrap());
    for wanted in ["Break and rest findings", "Break 30 minutes short", "(Customer", "6 h 30 without a break"] {
        assert!(text.contains(wanted), "{wanted} missing from:\n{text}");
    }

    // The compliance report: everyone for admins and HR, one member with userId, members their own only.
    let range = format!("from={}&to={}", date(monday), date(monday + Duration::days(6)));
    let report = app.get(&ann, &format!("/reports/compliance?{range}")).await.expect(200);
    let r = report.data();
    assert_eq!((r["from"].as_str(), r["preset"].as_str()), (Some(date(monday).as_str()), Some("de")));
    let names: Vec<&str> = r["members"].as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["Ann", "Bob", "Hal"]);
    let bobs = &r["members"][1];
    assert_eq!(bobs["userId"], bob.id.as_str());
    assert_eq!((bobs["daysAffected"].as_i64(), bobs["total"].as_i64()), (Some(1), Some(2)));
    assert_eq!(bobs["counts"], json!({ "break": 1, "continuous": 1, "dailyMax": 0, "rest": 0, "weeklyAverage": 0 }));
    let first = &bobs["findings"][0];
    assert_eq!((first["date"].as_str(), first["rule"].as_str()), (Some(date(monday).as_str()), Some("break")));
    assert_eq!(first["note"]["text"], "Customer emergency");
    assert_eq!(r["members"][0]["total"], 0);
    let one = app.get(&hal, &format!("/reports/compliance?{range}&userId={}", bob.id)).await.expect(200);
    assert_eq!(one.data()["members"].as_array().unwrap().len(), 1);
    let own = app.get(&bob, &format!("/reports/compliance?{range}")).await.expect(200);
    let members = own.data()["members"].as_array().unwrap();
    assert_eq!((members.len(), members[0]["name"].as_str()), (1, Some("Bob")));
    app.get(&bob, &format!("/reports/compliance?{range}&userId={}", bob.id)).await.expect(200);
    let other = app.get(&bob, &format!("/reports/compliance?{range}&userId={}", ann.id)).await.expect(403);
    assert_eq!(other.message(), "You can only see your own compliance report.");
    app.get(&ann, &format!("/reports/compliance?{range}&userId={}", zoe.id)).await.expect(404);
    let long = format!("from={}&to={}", date(monday - Duration::days(400)), date(monday));
    let too_long = app.get(&ann, &format!("/reports/compliance?{long}")).await.expect(422);
    assert_eq!(too_long.field("to"), "The range cannot be longer than 366 days.");
    let csv = app.raw(Some(&ann), Method::GET, &format!("/reports/export/compliance?{range}"), None).await;
    assert_eq!(csv.status(), 200);
    assert_eq!(csv.headers()["content-type"], "text/csv; charset=utf-8");
    let text = csv.text().await.unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Member,Date,Rule,Law,When,Minutes missing,Message,Note");
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[1].starts_with(&format!("\"Bob\",\"{}\",\"break\",\"ArbZG § 4\",", date(monday))), "{text}");
    assert!(lines[1].ends_with(",\"Customer emergency\""), "{text}");
    let others = format!("/reports/export/compliance?{range}&userId={}", ann.id);
    assert_eq!(app.raw(Some(&bob), Method::GET, &others, None).await.status(), 403);
    let strangers = format!("/reports/export/compliance?{range}&userId={}", bob.id);
    assert_eq!(app.raw(Some(&zoe), Method::GET, &strangers, None).await.status(), 404);

    // An approved month keeps its notes as approved.
    app.post(&bob, &format!("{sheet}/submit"), json!({})).await.expect(200);
    app.post(&ann, &format!("{sheet}/approve"), json!({ "userId": bob.id })).await.expect(200);
    let locked = app.put(&bob, &note_path, json!({ "note": "Later" })).await.expect(409);
    assert_eq!(locked.message(), bt_app::work::lock::locked_message(&month));
    let day = app.get(&bob, &day_path).await.expect(200);
    assert_eq!(finding(day.data(), "break")["note"]["text"], "Customer emergency");
}
