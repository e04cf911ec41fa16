//! The names a team starts with in the reader's language: a German reader's CSV exports and timesheet show the
//! default break type and the starting leave type in German, while a break type and a leave type the team named
//! itself stay as named, and every CSV keeps its fixed, machine-read header.

use chrono::{Datelike, Duration, NaiveDate, Weekday};
use reqwest::Method;
use serde_json::json;

use crate::support::*;

const SICK: &str = "00000000000000000000000002";

async fn csv(app: &TestApp, who: &Person, path: &str) -> Vec<String> {
    let response = app.raw(Some(who), Method::GET, path, None).await;
    assert_eq!(response.status(), 200, "{path}");
    response.text().await.unwrap().lines().map(str::to_string).collect()
}

/// The first two weekdays (Monday to Friday) of the month of `today`.
fn two_weekdays(today: NaiveDate) -> (NaiveDate, NaiveDate) {
    let mut days = (0..10)
        .map(|n| today.with_day(1).unwrap() + Duration::days(n))
        .filter(|d| !matches!(d.weekday(), Weekday::Sat | Weekday::Sun));
    (days.next().unwrap(), days.next().unwrap())
}

#[tokio::test]
async fn a_german_reader_gets_the_default_names_in_german_and_the_teams_own_as_named() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    app.put(&ann, "/user/profile", json!({ "language": "de" })).await.expect(200);
    app.put(&ann, "/type/edit", json!({ "type": ["Coffee Break", "Standup walk"] })).await.expect(200);
    let today = app.today(&ann);
    let mut coffee = a_break(&today, "10:15", "10:30");
    coffee["reason"] = json!("Coffee Break with Bob");
    app.post(&ann, "/break/add", coffee).await.expect(201);
    let mut walk = a_break(&today, "14:00", "14:10");
    walk["type"] = json!("Standup walk");
    app.post(&ann, "/break/add", walk).await.expect(201);

    let breaks = csv(&app, &ann, &format!("/reports/export/breaks?from={today}&to={today}")).await;
    assert_eq!(breaks[0], "date,startTime,endTime,durationMinutes,type,reason,id", "the header stays");
    assert_eq!(breaks.len(), 3, "{breaks:?}");
    assert!(breaks.iter().any(|l| l.contains(",\"Kaffeepause\",\"Coffee Break with Bob\",")), "{breaks:?}");
    assert!(breaks.iter().any(|l| l.contains(",\"Standup walk\",")), "{breaks:?}");

    // Leaves: Sick (a starting type, no approval needed) and a type the team made, on two weekdays of this month.
    let own = json!({ "name": "Parental leave", "color": "#0ea5e9", "paid": true, "countsAgainstAllowance": false,
        "needsApproval": false });
    let parental = app.post(&ann, "/leaves/types", own).await.expect(201).id();
    let (first, second) = two_weekdays(NaiveDate::parse_from_str(&today, "%Y-%m-%d").unwrap());
    let leave = |day: NaiveDate, type_id: &str| json!({ "fromDate": day.to_string(), "toDate": day.to_string(), "reason": "Away", "typeId": type_id });
    app.post(&ann, "/leaves/add", leave(first, SICK)).await.expect(201);
    app.post(&ann, "/leaves/add", leave(second, &parental)).await.expect(201);

    let month = &today[..7];
    let range = format!("from={month}-01&to={}", (first.with_day(1).unwrap() + Duration::days(27)));
    let leave_days = csv(&app, &ann, &format!("/reports/export/leave-days?{range}")).await;
    assert_eq!(leave_days[0], "member,leaveType,days,workingDays,from,to,userId");
    assert!(leave_days.iter().any(|l| l.starts_with("\"Ann\",\"Krankheit\",1,")), "{leave_days:?}");
    assert!(leave_days.iter().any(|l| l.starts_with("\"Ann\",\"Parental leave\",1,")), "{leave_days:?}");
    assert!(!leave_days.iter().any(|l| l.contains("\"Sick\"")), "{leave_days:?}");

    let sheet = csv(&app, &ann, &format!("/timesheets/{month}/export.csv")).await;
    assert!(sheet[0].ends_with(",leaveOrHoliday,manual,findings"), "the header stays: {}", sheet[0]);
    let day = |date: NaiveDate| sheet.iter().find(|l| l.starts_with(&format!("\"{date}\""))).unwrap().clone();
    assert!(day(first).contains(",\"Krankheit\","), "{}", day(first));
    assert!(day(second).contains(",\"Parental leave\","), "{}", day(second));

    // An English reader gets the names as stored.
    app.put(&ann, "/user/profile", json!({ "language": "en" })).await.expect(200);
    let breaks = csv(&app, &ann, &format!("/reports/export/breaks?from={today}&to={today}")).await;
    assert!(breaks.iter().any(|l| l.contains(",\"Coffee Break\",\"Coffee Break with Bob\",")), "{breaks:?}");
}
