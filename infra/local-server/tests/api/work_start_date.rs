//! A member's first day with a target, through the HTTP API on every store: the day they joined the team in their
//! own zone (that day counts whole), or the start date an admin or HR set (`PUT /admin/start-dates/{userId}`). The
//! days before it have no target in any figure: the dashboard's week and balance, the summary, the timesheet month,
//! the team's month, the archives' report and its CSV. Moving it into an approved month is refused (409) and the
//! approved month keeps its figures; a bad date is 422 on `startDate`.

use std::sync::Arc;

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc, Weekday};
use reqwest::Method;
use serde_json::{json, Value};

use crate::support::*;
use bt_app::account::Role;
use bt_core::store::Table;

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    a_member_made_today_has_targets_from_today_only,
    the_archives_count_each_member_from_their_joining_in_their_zone,
    a_start_date_set_by_an_approver_moves_every_figure,
    a_bad_start_date_is_422_and_a_locked_month_keeps_its_figures
);

fn date(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// The next Wednesday at 12:00 UTC, at least a day ahead: the week's Monday and Tuesday lie before it.
fn next_wednesday_noon(now: DateTime<Utc>) -> DateTime<Utc> {
    let mut day = now.date_naive() + Duration::days(1);
    while day.weekday() != Weekday::Wed {
        day += Duration::days(1);
    }
    day.and_hms_opt(12, 0, 0).unwrap().and_utc()
}

fn monday_of(day: NaiveDate) -> NaiveDate {
    day - Duration::days(i64::from(day.weekday().num_days_from_monday()))
}

fn last_of_month(day: NaiveDate) -> NaiveDate {
    let first = day.with_day(1).unwrap();
    first.checked_add_months(chrono::Months::new(1)).unwrap() - Duration::days(1)
}

/// The default schedule's target from `from` to `to`: 480 minutes each Monday to Friday.
fn weekday_minutes(from: NaiveDate, to: NaiveDate) -> i64 {
    from.iter_days().take_while(|d| *d <= to).filter(|d| d.weekday().num_days_from_monday() < 5).count() as i64 * 480
}

fn targets(summary: &Value) -> Vec<i64> {
    summary["days"].as_array().unwrap().iter().map(|d| d["target"].as_i64().unwrap()).collect()
}

/// `name → target` of a working-time report's rows.
fn row_target(report: &Value, name: &str) -> i64 {
    let rows = report["rows"].as_array().unwrap();
    rows.iter().find(|r| r["name"] == name).unwrap_or_else(|| panic!("no row {name}: {report}"))["target"]
        .as_i64()
        .unwrap()
}

async fn at_wednesday(store: Store) -> (TestApp, NaiveDate) {
    let app = spawn_app_with(options().store(store)).await;
    let at = next_wednesday_noon(app.state.clock.now());
    app.clock_forward_to(at);
    (app, at.date_naive())
}

async fn a_member_made_today_has_targets_from_today_only(store: Store) {
    let (app, wednesday) = at_wednesday(store).await;
    let ann = app.person("Ann").await;
    let monday = monday_of(wednesday);

    // The dashboard's week: Wednesday's 8 h only, not Monday's and Tuesday's; the balance is not in the red.
    let balance = app.get(&ann, "/work/balance").await.expect(200).data().clone();
    assert_eq!(balance["week"]["target"], 480, "{balance}");
    assert_eq!(balance["week"]["difference"], -480, "{balance}");
    assert_eq!(balance["balance"], 0, "{balance}");
    assert_eq!(balance["since"], date(wednesday));
    assert_eq!(balance["today"]["target"], 480);

    // The days before joining have no target; the day of joining has its whole target.
    let path = format!("/work/summary?from={}&to={}", date(monday), date(wednesday));
    let summary = app.get(&ann, &path).await.expect(200).data().clone();
    assert_eq!(targets(&summary), vec![0, 0, 480]);
    assert_eq!(summary["target"], 480);

    // The timesheet month: from the day of joining to the month's end.
    let month = &date(wednesday)[..7];
    let sheet = app.get(&ann, &format!("/timesheets/{month}")).await.expect(200).data().clone();
    let first = wednesday.with_day(1).unwrap();
    assert_eq!(sheet["target"], weekday_minutes(wednesday, last_of_month(wednesday)), "{}", sheet["target"]);
    let before: i64 = sheet["days"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["date"].as_str().unwrap() < date(wednesday).as_str())
        .map(|d| d["target"].as_i64().unwrap())
        .sum();
    assert_eq!(before, 0, "days of {month} from {first} before the joining");
}

async fn the_archives_count_each_member_from_their_joining_in_their_zone(store: Store) {
    let (app, wednesday) = at_wednesday(store).await;
    let monday = monday_of(wednesday);
    let ann = app.person("Ann").await;
    app.joined_on(&ann, monday - Duration::days(14)).await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    // Joined at 12:00 UTC, which is already Thursday 01:00 in Auckland: Kai starts on Thursday.
    let kai = app.person_in(&ann.team_id, "Kai", Role::Member, "Pacific/Auckland").await;
    let thursday = wednesday + Duration::days(1);

    let range = format!("from={}&to={}", date(monday), date(thursday));
    let report = app.get(&ann, &format!("/work/report?{range}")).await.expect(200).data().clone();
    assert_eq!(row_target(&report, "Ann"), 4 * 480);
    assert_eq!(row_target(&report, "Bob"), 2 * 480, "Wednesday and Thursday");
    assert_eq!(row_target(&report, "Kai"), 480, "Thursday in Auckland");
    assert_eq!(report["target"], 7 * 480);
    assert_eq!(report["difference"], -7 * 480);
    // Kai's own figures agree with the team's: the same first day.
    let own = app.get(&kai, &format!("/work/report?{range}")).await.expect(200).data().clone();
    assert_eq!(row_target(&own, "Kai"), 480);
    let balance = app.get(&kai, "/work/balance").await.expect(200).data().clone();
    assert_eq!(
        (balance["since"].as_str(), balance["week"]["target"].as_i64()),
        (Some(date(thursday).as_str()), Some(480))
    );

    // The CSV has the same figures.
    let csv = app.raw(Some(&ann), Method::GET, &format!("/work/report.csv?{range}"), None).await;
    let text = csv.text().await.unwrap();
    let bob_row = text.lines().find(|l| l.contains(&bob.id)).unwrap_or_else(|| panic!("{text}"));
    assert!(bob_row.starts_with("\"Bob\",0,0,960,-960,"), "{bob_row}");
    let total = text.lines().find(|l| l.starts_with("\"total\"")).unwrap();
    assert!(total.starts_with(&format!("\"total\",0,0,{},{},", 7 * 480, -7 * 480)), "{total}");

    // The team's month: Bob from Wednesday, Ann the whole month.
    let month = &date(wednesday)[..7];
    let rows = app.get(&ann, &format!("/timesheets?month={month}")).await.expect(200).data().clone();
    let target_of = |name: &str| rows.as_array().unwrap().iter().find(|r| r["name"] == name).unwrap()["target"].clone();
    let end = last_of_month(wednesday);
    assert_eq!(target_of("Bob"), weekday_minutes(wednesday, end));
    assert_eq!(target_of("Kai"), weekday_minutes(thursday, end));
    assert_eq!(target_of("Ann"), weekday_minutes(wednesday.with_day(1).unwrap(), end));
}

async fn a_start_date_set_by_an_approver_moves_every_figure(store: Store) {
    let (app, wednesday) = at_wednesday(store).await;
    let monday = monday_of(wednesday);
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let hal = app.person_in(&ann.team_id, "Hal", Role::Hr, "UTC").await;
    let path = format!("/admin/start-dates/{}", bob.id);

    let listed = app.get(&ann, "/admin/start-dates").await.expect(200).data().clone();
    let bobs = listed.as_array().unwrap().iter().find(|m| m["userId"] == bob.id.as_str()).unwrap().clone();
    assert_eq!(
        bobs,
        json!({ "userId": bob.id, "startDate": date(wednesday), "joinedOn": date(wednesday), "set": false })
    );

    // Bob started on Monday, before his account: an admin says so, and every figure counts from Monday.
    let set = app.put(&ann, &path, json!({ "startDate": date(monday) })).await.expect(200).data().clone();
    assert_eq!(set, json!({ "userId": bob.id, "startDate": date(monday), "joinedOn": date(wednesday), "set": true }));
    let balance = app.get(&bob, "/work/balance").await.expect(200).data().clone();
    assert_eq!(
        (balance["since"].as_str(), balance["week"]["target"].as_i64()),
        (Some(date(monday).as_str()), Some(1440))
    );
    assert_eq!(balance["balance"], -960, "Monday and Tuesday are due, today not yet: {balance}");
    let range = format!("from={}&to={}", date(monday), date(wednesday));
    let report = app.get(&ann, &format!("/work/report?{range}")).await.expect(200).data().clone();
    assert_eq!(row_target(&report, "Bob"), 1440);
    let summary = app.get(&bob, &format!("/work/summary?{range}")).await.expect(200).data().clone();
    assert_eq!(targets(&summary), vec![480, 480, 480]);

    // HR may move it too, later than the joining: Thursday on, Wednesday has no target either.
    let thursday = wednesday + Duration::days(1);
    app.put(&hal, &path, json!({ "startDate": date(thursday) })).await.expect(200);
    let balance = app.get(&bob, "/work/balance").await.expect(200).data().clone();
    assert_eq!((balance["week"]["target"].as_i64(), balance["balance"].as_i64()), (Some(0), Some(0)), "{balance}");
    let listed = app.get(&hal, "/admin/start-dates").await.expect(200).data().clone();
    assert!(listed
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["userId"] == bob.id.as_str() && m["startDate"] == date(thursday)));

    // A member may not; another team's admin does not find him.
    app.put(&bob, &path, json!({ "startDate": date(monday) })).await.expect(403);
    app.get(&bob, "/admin/start-dates").await.expect(403);
    let zoe = app.person("Zoe").await;
    app.put(&zoe, &path, json!({ "startDate": date(monday) })).await.expect(404);
    let theirs = app.get(&zoe, "/admin/start-dates").await.expect(200).data().to_string();
    assert!(!theirs.contains(&bob.id), "{theirs}");
}

async fn a_bad_start_date_is_422_and_a_locked_month_keeps_its_figures(store: Store) {
    let (app, wednesday) = at_wednesday(store).await;
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "UTC").await;
    let path = format!("/admin/start-dates/{}", bob.id);
    for bad in [
        json!({ "startDate": "2026-13-01" }),
        json!({ "startDate": "tomorrow" }),
        json!({}),
        json!({ "startDate": "1999-12-31" }),
    ] {
        let answer = app.put(&ann, &path, bad.clone()).await.expect(422);
        assert!(!answer.field("startDate").is_empty(), "{bad}");
    }
    let far = date(wednesday + Duration::days(400));
    app.put(&ann, &path, json!({ "startDate": far })).await.expect(422);

    // Bob joined two months ago; last month is approved.
    let this_month = wednesday.with_day(1).unwrap();
    let last_month = this_month.checked_sub_months(chrono::Months::new(1)).unwrap();
    app.joined_on(&bob, last_month.checked_sub_months(chrono::Months::new(1)).unwrap()).await;
    let month = &date(last_month)[..7];
    let before = app.get(&bob, &format!("/timesheets/{month}")).await.expect(200).data()["target"].clone();
    assert_eq!(before, weekday_minutes(last_month, last_of_month(last_month)));
    app.post(&bob, &format!("/timesheets/{month}/submit"), json!({})).await.expect(200);
    app.post(&ann, &format!("/timesheets/{month}/approve"), json!({ "userId": bob.id })).await.expect(200);

    // A start date this month would take last month's targets away: refused, naming the month.
    let refused = app.put(&ann, &path, json!({ "startDate": date(this_month) })).await.expect(409);
    let name = format!("{} {}", last_month.format("%B"), last_month.year());
    assert_eq!(refused.message(), format!("The timesheet of {name} is approved and locked."));
    let after = app.get(&bob, &format!("/timesheets/{month}")).await.expect(200).data()["target"].clone();
    assert_eq!(after, before);
    let listed = app.get(&ann, "/admin/start-dates").await.expect(200).data().clone();
    assert!(listed.as_array().unwrap().iter().any(|m| m["userId"] == bob.id.as_str() && m["set"] == false));
    // Earlier still, before the approved month, it is fine; the approved month keeps its figures.
    let earlier = last_month.checked_sub_months(chrono::Months::new(2)).unwrap();
    app.put(&ann, &path, json!({ "startDate": date(earlier) })).await.expect(200);
    let kept = app.get(&bob, &format!("/timesheets/{month}")).await.expect(200).data()["target"].clone();
    assert_eq!(kept, before);
}
