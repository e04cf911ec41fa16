//! An approved month keeps its figures, on every store: the month's timesheet is stored as computed at approval, and
//! its answer (the month, its CSV and PDF, the team's month and report, the overtime balance of later days) comes
//! from that copy until the month is reopened. Team-wide settings (schedule, paid break types, holidays, rule set)
//! move open months only; a record that reaches a locked month by another path moves nothing. Approving a month is refused
//! while the person is on the clock in it.

use std::sync::Arc;

use chrono::{Datelike, Duration, NaiveDate, Weekday};
use reqwest::Method;
use serde_json::{json, Value};

use crate::support::*;
use bt_app::account::Role;
use bt_core::store::{Cond, Query, SkCond, Table};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    team_wide_settings_move_open_months_only_and_a_reopened_month_recomputes,
    a_record_that_reaches_a_locked_month_by_another_path_moves_nothing,
    approving_is_refused_while_the_person_is_on_the_clock_in_the_month,
);

fn month_of(date: NaiveDate) -> String {
    format!("{:04}-{:02}", date.year(), date.month())
}

/// The first Monday to Friday on or after `date`.
fn weekday_from(date: NaiveDate) -> NaiveDate {
    let mut d = date;
    while matches!(d.weekday(), Weekday::Sat | Weekday::Sun) {
        d += Duration::days(1);
    }
    d
}

fn pdf_text(bytes: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(bytes).expect("a PDF");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    doc.extract_text(&pages).expect("its text")
}

/// What an approver sees of a member's month: the timesheet, its CSV, its PDF's text, the team's month row and the
/// team report's row over the month.
#[derive(Debug, PartialEq)]
struct Seen {
    sheet: Value,
    csv: String,
    pdf: String,
    team_row: Value,
    report_row: Value,
}

async fn seen(app: &TestApp, approver: &Person, member: &Person, month: &str) -> Seen {
    let query = format!("?userId={}", member.id);
    let sheet = app.get(approver, &format!("/timesheets/{month}{query}")).await.expect(200).data().clone();
    let csv = app.get(approver, &format!("/timesheets/{month}/export.csv{query}")).await.expect(200).text;
    let pdf = app.raw(Some(approver), Method::GET, &format!("/timesheets/{month}/export.pdf{query}"), None).await;
    assert_eq!(pdf.status(), 200);
    let pdf = pdf_text(&pdf.bytes().await.unwrap());
    let rows = app.get(approver, &format!("/timesheets?month={month}")).await.expect(200).data().clone();
    let team_row = rows.as_array().unwrap().iter().find(|r| r["userId"] == member.id.as_str()).unwrap().clone();
    let days = sheet["days"].as_array().unwrap();
    let (from, to) = (days[0]["date"].as_str().unwrap(), days[days.len() - 1]["date"].as_str().unwrap());
    let report = app.get(approver, &format!("/work/report?from={from}&to={to}")).await.expect(200).data().clone();
    let report_row =
        report["rows"].as_array().unwrap().iter().find(|r| r["userId"] == member.id.as_str()).unwrap().clone();
    Seen { sheet, csv, pdf, team_row, report_row }
}

fn figures(sheet: &Value) -> (i64, i64, i64) {
    (sheet["worked"].as_i64().unwrap(), sheet["target"].as_i64().unwrap(), sheet["difference"].as_i64().unwrap())
}

/// The sum of the month's day differences from `from` to `to` (both included).
fn difference_between(sheet: &Value, from: &str, to: &str) -> i64 {
    sheet["days"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["date"].as_str().is_some_and(|date| date >= from && date <= to))
        .map(|d| d["difference"].as_i64().unwrap())
        .sum()
}

/// The balance must be the approved month's stored days (from the member's start) plus the open month's live days
/// up to yesterday.
async fn assert_balance_carries(app: &TestApp, member: &Person, approved: &Value, open: &Value) {
    let balance = app.get(member, "/work/balance").await.expect(200).data().clone();
    let since = balance["since"].as_str().unwrap().to_string();
    let through = balance["through"].as_str().unwrap().to_string();
    let expected = difference_between(approved, &since, &through) + difference_between(open, &since, &through);
    assert_eq!(balance["balance"].as_i64(), Some(expected), "{balance}");
}

async fn team_wide_settings_move_open_months_only_and_a_reopened_month_recomputes(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    // The people join in the middle of the earlier month (their balance counts from then), and the test goes on in
    // the middle of the next one: the earlier month is over and can be approved, the later one is open.
    app.clock_forward_to(next_mid_month(app.state.clock.now()));
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let joined: NaiveDate = app.today(&bob).parse().unwrap();
    app.clock_forward_to(next_mid_month(app.state.clock.now()));
    let (ann, bob) = (app.signed_in_again(&ann).await, app.signed_in_again(&bob).await);
    let today: NaiveDate = app.today(&bob).parse().unwrap();
    let (locked, open) = (month_of(joined), month_of(today));

    // A day of work in each month: 08:00-16:30 with a 30-minute short break inside.
    let worked_day = weekday_from(joined + Duration::days(1));
    let open_day = weekday_from(today.with_day(1).unwrap());
    assert!(open_day < today);
    for day in [worked_day, open_day] {
        let period = json!({ "date": day.to_string(), "start": "08:00", "end": "16:30", "note": "Entered later" });
        app.post(&bob, "/work/periods", period).await.expect(201);
        let short = json!({ "startTime": "12:00", "endTime": "12:30", "createdDate": day.to_string(),
            "type": "Short Break", "reason": "" });
        app.post(&bob, "/break/add", short).await.expect(201);
    }
    // The days the holidays will fall on: a weekday of each month without work.
    let locked_holiday = weekday_from(worked_day + Duration::days(1));
    let open_holiday = weekday_from(open_day + Duration::days(1));
    assert_eq!((month_of(locked_holiday), month_of(open_holiday)), (locked.clone(), open.clone()));
    assert!(open_holiday < today);

    app.post(&bob, &format!("/timesheets/{locked}/submit"), json!({})).await.expect(200);
    let approved = app.post(&ann, &format!("/timesheets/{locked}/approve"), json!({ "userId": bob.id })).await;
    assert_eq!(approved.expect(200).data()["status"], "approved");
    let before = seen(&app, &ann, &bob, &locked).await;
    assert_eq!(
        before.sheet["days"].as_array().unwrap().iter().map(|d| d["worked"].as_i64().unwrap()).sum::<i64>(),
        480
    );
    assert_eq!((before.team_row["worked"].as_i64(), before.report_row["worked"].as_i64()), (Some(480), Some(480)));
    let sheet_of = |month: &str| format!("/timesheets/{month}");
    let open_before = app.get(&bob, &sheet_of(&open)).await.expect(200).data().clone();
    assert_balance_carries(&app, &bob, &before.sheet, &open_before).await;

    // The team schedule halves every weekday: the open month's target falls, the approved month's stays.
    let half = json!({ "weekdays": [240, 240, 240, 240, 240, 0, 0], "paidBreakTypes": [] });
    app.put(&ann, "/work/schedule", half).await.expect(200);
    let open_now = app.get(&bob, &sheet_of(&open)).await.expect(200).data().clone();
    assert!(figures(&open_now).1 < figures(&open_before).1, "the open month follows the schedule");
    assert_eq!(seen(&app, &ann, &bob, &locked).await, before, "the approved month keeps its figures");
    assert_balance_carries(&app, &bob, &before.sheet, &open_now).await;

    // The short break becomes paid: the open month's day is worth 30 minutes more, the approved month's is not.
    let paid = json!({ "weekdays": [240, 240, 240, 240, 240, 0, 0], "paidBreakTypes": ["Short Break"] });
    app.put(&ann, "/work/schedule", paid).await.expect(200);
    let open_paid = app.get(&bob, &sheet_of(&open)).await.expect(200).data().clone();
    assert_eq!(figures(&open_paid).0, figures(&open_now).0 + 30);
    assert_eq!(seen(&app, &ann, &bob, &locked).await, before);
    assert_balance_carries(&app, &bob, &before.sheet, &open_paid).await;

    // A company holiday in each month: the open month's target is credited, the approved month's is not.
    let mut years: Vec<i32> = vec![locked_holiday.year(), open_holiday.year()];
    years.dedup();
    for year in years {
        let days: Vec<Value> = [locked_holiday, open_holiday]
            .iter()
            .filter(|d| d.year() == year)
            .map(|d| json!({ "date": d.to_string(), "name": "Office closed" }))
            .collect();
        app.put(&ann, "/team/holidays", json!({ "year": year, "holidays": days })).await.expect(200);
    }
    let open_holidays = app.get(&bob, &sheet_of(&open)).await.expect(200).data().clone();
    assert_eq!(figures(&open_holidays).1, figures(&open_paid).1 - 240);
    assert_eq!(seen(&app, &ann, &bob, &locked).await, before);
    assert_balance_carries(&app, &bob, &before.sheet, &open_holidays).await;

    // A rule set with a daily maximum of 5 hours: the open month's day falls short of it, the approved month's not.
    let findings_on = |sheet: &Value, date: NaiveDate| {
        let day = sheet["days"].as_array().unwrap().iter().find(|d| d["date"] == date.to_string().as_str()).cloned();
        day.unwrap()["findings"].as_array().unwrap().len()
    };
    assert_eq!(findings_on(&open_holidays, open_day), 0);
    app.put(&ann, "/work/rules", json!({ "preset": "custom", "maxDailyMinutes": 300 })).await.expect(200);
    let open_rules = app.get(&bob, &sheet_of(&open)).await.expect(200).data().clone();
    assert_eq!(findings_on(&open_rules, open_day), 1, "{}", open_rules["days"]);
    assert_eq!(seen(&app, &ann, &bob, &locked).await, before);

    // Reopened, the month is computed again from today's settings: paid break, half days, the holiday, the rules.
    let reopen = json!({ "userId": bob.id, "comment": "Correction" });
    app.post(&ann, &format!("/timesheets/{locked}/reopen"), reopen).await.expect(200);
    let live = app.get(&ann, &format!("/timesheets/{locked}?userId={}", bob.id)).await.expect(200).data().clone();
    let day = |sheet: &Value, date: NaiveDate| {
        sheet["days"].as_array().unwrap().iter().find(|d| d["date"] == date.to_string().as_str()).unwrap().clone()
    };
    assert_eq!(day(&live, worked_day)["worked"], 510);
    assert_eq!(day(&live, worked_day)["target"], 240);
    assert_eq!(day(&live, locked_holiday)["credit"]["holiday"], "Office closed");
    assert_eq!(findings_on(&live, worked_day), 1);
    assert_ne!(figures(&live), figures(&before.sheet));
    let after = seen(&app, &ann, &bob, &locked).await;
    assert_eq!(
        (after.team_row["target"].clone(), after.report_row["target"].clone()),
        (live["target"].clone(), live["target"].clone())
    );
    assert_balance_carries(&app, &bob, &live, &open_holidays).await;
}

async fn a_record_that_reaches_a_locked_month_by_another_path_moves_nothing(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    app.clock_forward_to(next_mid_month(app.state.clock.now()));
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let joined: NaiveDate = app.today(&bob).parse().unwrap();
    app.clock_forward_to(next_mid_month(app.state.clock.now()));
    let (ann, bob) = (app.signed_in_again(&ann).await, app.signed_in_again(&bob).await);
    let today: NaiveDate = app.today(&bob).parse().unwrap();
    let locked = month_of(joined);
    let worked_day = weekday_from(joined + Duration::days(1));
    let open_day = weekday_from(today.with_day(1).unwrap());

    let period = json!({ "date": worked_day.to_string(), "start": "08:00", "end": "16:00", "note": "Entered later" });
    app.post(&bob, "/work/periods", period).await.expect(201);
    // A break in the open month, which another path (a repair, an import of old data, a bug) later moves into the
    // locked day, inside its period, without passing the lock's check.
    let coffee = app.post(&bob, "/break/add", a_break(&open_day.to_string(), "10:00", "10:45")).await.expect(201).id();
    app.post(&bob, &format!("/timesheets/{locked}/submit"), json!({})).await.expect(200);
    app.post(&ann, &format!("/timesheets/{locked}/approve"), json!({ "userId": bob.id })).await.expect(200);
    let before = seen(&app, &ann, &bob, &locked).await;
    assert_eq!(figures(&before.sheet).0, 480);

    let pk = format!("USER#{}", bob.id);
    let items = app.store().query_all(&Query::table(pk, SkCond::BeginsWith("BREAK#".into()))).await.unwrap();
    let item = items.into_iter().find(|i| i["SK"].as_str().is_some_and(|sk| sk.ends_with(&coffee))).unwrap();
    let moved: serde_json::Map<String, Value> = item
        .into_iter()
        .map(|(k, v)| match v {
            Value::String(s) => (k, Value::String(s.replace(&open_day.to_string(), &worked_day.to_string()))),
            other => (k, other),
        })
        .collect();
    app.store().put(moved, Cond::None).await.unwrap();
    let day = app.get(&bob, &format!("/work/day?date={worked_day}")).await.expect(200).data().clone();
    assert_eq!(day["breaks"].as_array().unwrap().len(), 1, "the break now lies in the locked day: {day}");

    assert_eq!(seen(&app, &ann, &bob, &locked).await, before, "the approved month keeps its figures");
}

async fn approving_is_refused_while_the_person_is_on_the_clock_in_the_month(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    app.clock_forward_to(next_mid_month(app.state.clock.now()));
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let earlier: NaiveDate = app.today(&bob).parse().unwrap();
    app.clock_forward_to(next_mid_month(app.state.clock.now()));
    let (ann, bob) = (app.signed_in_again(&ann).await, app.signed_in_again(&bob).await);
    let today: NaiveDate = app.today(&bob).parse().unwrap();
    let (before, month) = (month_of(earlier), month_of(today));
    let approve = |m: &str| format!("/timesheets/{m}/approve");
    let decision = json!({ "userId": bob.id });
    for m in [&before, &month] {
        app.post(&bob, &format!("/timesheets/{m}/submit"), json!({})).await.expect(200);
    }

    // Clocked in today: this month cannot be approved yet; the earlier month, which the open period is not in, can.
    app.post(&bob, "/work/start", json!({})).await.expect(201);
    let refused = app.post(&ann, &approve(&month), decision.clone()).await.expect(409);
    assert_eq!(refused.message(), "Bob is still clocked in.");
    app.post(&ann, &approve(&before), decision.clone()).await.expect(200);
    let sheet = app.get(&bob, &format!("/timesheets/{month}")).await.expect(200).data().clone();
    assert_eq!((sheet["status"].as_str(), sheet["locked"].as_bool()), (Some("submitted"), Some(false)));
    // On a live break (clocked out): still refused, until the break ends.
    app.state.clock.advance(600);
    app.post(&bob, "/work/end", json!({})).await.expect(200);
    app.post(&bob, "/break/start", json!({ "type": "Short Break" })).await.expect(201);
    let refused = app.post(&ann, &approve(&month), decision.clone()).await.expect(409);
    assert_eq!(refused.message(), "Bob is still clocked in.");
    app.state.clock.advance(300);
    app.post(&bob, "/break/end", json!({})).await.expect(200);

    // Off the clock: approved, and the month is locked.
    let approved = app.post(&ann, &approve(&month), decision).await.expect(200);
    assert_eq!(
        (approved.data()["status"].as_str(), approved.data()["locked"].as_bool()),
        (Some("approved"), Some(true))
    );
}
