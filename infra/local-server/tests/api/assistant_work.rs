//! Break Buddy and working time: "clock me in" and "I'm done for today" clock the person in and out, questions
//! about hours and overtime are answered from their working time, and a day told in one sentence is proposed as
//! its period and breaks.

use reqwest::Method;
use serde_json::{json, Value};

use crate::support::{spawn_app, Person, TestApp};

async fn ask(app: &TestApp, who: &Person, message: &str) -> Value {
    app.send(Some(who), Method::POST, "/assistant/ask", Some(json!({ "message": message })))
        .await
        .expect(200)
        .data()
        .clone()
}

fn summary(reply: &Value) -> &str {
    reply["summary"].as_str().unwrap_or_default()
}

#[tokio::test]
async fn break_buddy_clocks_in_and_out_and_answers_about_hours() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;

    let reply = ask(&app, &ann, "clock me in").await;
    assert_eq!(reply["intent"], "clockIn");
    assert!(summary(&reply).starts_with("You are on the clock since "), "{reply}");
    let current = app.get(&ann, "/work/current").await.expect(200).data().clone();
    assert!(current.is_object(), "clocked in: {current}");
    let again = ask(&app, &ann, "clock me in").await;
    assert!(summary(&again).starts_with("You are already on the clock, since "), "{again}");

    let today = ask(&app, &ann, "how long did I work today?").await;
    assert_eq!(today["intent"], "workedToday");
    assert!(summary(&today).starts_with("You have worked "), "{today}");

    let done = ask(&app, &ann, "I'm done for today").await;
    assert_eq!(done["intent"], "clockOut");
    assert!(summary(&done).starts_with("You are off the clock: "), "{done}");
    assert!(app.get(&ann, "/work/current").await.expect(200).data().is_null());
    let not_in = ask(&app, &ann, "clock me out").await;
    assert_eq!(summary(&not_in), "You are not clocked in.");

    let week = ask(&app, &ann, "how many hours did I work this week?").await;
    assert_eq!(week["intent"], "workedWeek");
    assert!(summary(&week).starts_with("This week you have worked "), "{week}");
    let overtime = ask(&app, &ann, "what is my overtime?").await;
    assert_eq!(overtime["intent"], "overtimeBalance");
    assert!(summary(&overtime).starts_with("Your overtime balance is "), "{overtime}");
}

#[tokio::test]
async fn a_day_told_in_a_sentence_is_proposed_and_saves_through_the_routes() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    let reply = ask(&app, &ann, "worked 8 to 5 yesterday with lunch at 12 to 12:45").await;
    assert_eq!(reply["intent"], "logWork");
    let action = &reply["actions"][0];
    assert_eq!(action["action"], "logWork");
    assert_eq!((action["start"].as_str(), action["end"].as_str()), (Some("08:00"), Some("17:00")));
    assert_eq!(action["breaks"][0]["type"], "Lunch Break");
    assert_eq!(
        (action["breaks"][0]["startTime"].as_str(), action["breaks"][0]["endTime"].as_str()),
        (Some("12:00"), Some("12:45"))
    );
    assert!(summary(&reply).contains("8:00 am to 5:00 pm"), "{reply}");
    // Nothing is written until the person saves it; saved as proposed, the day nets 9 h − 45 min.
    let date = action["date"].as_str().unwrap().to_string();
    assert!(app.get(&ann, &format!("/work/day?date={date}")).await.expect(200).data()["periods"]
        .as_array()
        .unwrap()
        .is_empty());
    app.post(&ann, "/work/periods", json!({ "date": date, "start": "08:00", "end": "17:00", "note": action["note"] }))
        .await
        .expect(201);
    let brk = &action["breaks"][0];
    let body =
        json!({ "type": brk["type"], "startTime": brk["startTime"], "endTime": brk["endTime"], "createdDate": date });
    app.post(&ann, "/break/add", body).await.expect(201);
    let day = app.get(&ann, &format!("/work/day?date={date}")).await.expect(200).data().clone();
    assert_eq!(day["worked"], 9 * 60 - 45);
}

#[tokio::test]
async fn break_buddy_answers_on_the_team_break_rules() {
    use chrono::{Datelike, Duration, SecondsFormat, Utc};
    let stamp = |t: chrono::DateTime<Utc>| t.to_rfc3339_opts(SecondsFormat::Secs, true);
    let app = spawn_app().await;
    let ann = app.person("Ann").await;

    let no_rules = ask(&app, &ann, "when is my next break due?").await;
    assert_eq!(no_rules["intent"], "nextBreakDue");
    assert_eq!(summary(&no_rules), "Your team follows no break rules, so nothing falls due.");
    app.put(&ann, "/work/rules", json!({ "preset": "de" })).await.expect(200);
    let off = ask(&app, &ann, "when is my next break due?").await;
    assert_eq!(summary(&off), "You are not clocked in, so no break is due.");
    let ok = ask(&app, &ann, "did I take enough breaks this week?").await;
    assert_eq!(ok["intent"], "breaksEnough");
    assert_eq!(summary(&ok), "Yes: your breaks this week meet your team's rules.");

    // 6 h 30 without a break, ended half an hour ago.
    let (start, end) = (Utc::now() - Duration::hours(7), Utc::now() - Duration::minutes(30));
    app.post(&ann, "/work/start", json!({ "at": stamp(start) })).await.expect(201);
    app.post(&ann, "/work/end", json!({ "at": stamp(end) })).await.expect(200);
    let day = app.get(&ann, &format!("/work/day?date={}", start.date_naive())).await.expect(200).data().clone();
    assert!(day["findings"].as_array().is_some_and(|f| f.iter().any(|f| f["rule"] == "break")), "{day}");
    let today = Utc::now().date_naive();
    let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
    let reply = ask(&app, &ann, "did I take enough breaks this week?").await;
    if start.date_naive() >= monday {
        assert!(summary(&reply).starts_with("Not quite: your breaks fell short this week.\n"), "{reply}");
        assert!(summary(&reply).contains("Break 30 minutes short"), "{reply}");
    }

    // Back on the clock: the same day's 6 h 30 ask for the break now; a new day's from six hours on.
    app.post(&ann, "/work/start", json!({})).await.expect(201);
    let next = ask(&app, &ann, "When is my next break due?").await;
    if start.date_naive() == today {
        assert_eq!(summary(&next), "A break is due now.");
    } else {
        assert!(summary(&next).starts_with("Your next break is due at "), "{next}");
    }
}
