//! An attendee is told of a meeting: the invitation (with Yes and No), a move, and a cancellation, by mail in their
//! language; the organizer is never mailed of their own meeting; the Meetings badge counts the invitations still
//! unanswered; nobody of another team can be invited or reached.

use std::sync::{Arc, Mutex};

use axum::routing::post;
use bt_adapters_outbound::test_support::FakeUserAgent;
use chrono::{Days, NaiveDate};
use serde_json::{json, Value};

use crate::support::*;
use bt_app::account::Role;

/// The bodies a local push service received.
type Received = Arc<Mutex<Vec<Vec<u8>>>>;

async fn push_service() -> (String, Received) {
    let received: Received = Arc::default();
    let keep = received.clone();
    let app = axum::Router::new().route(
        "/ok/{id}",
        post(move |body: axum::body::Bytes| {
            let keep = keep.clone();
            async move {
                keep.lock().unwrap().push(body.to_vec());
                axum::http::StatusCode::CREATED
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (base, received)
}

fn plus(day: &str, days: u64) -> String {
    (NaiveDate::parse_from_str(day, "%Y-%m-%d").unwrap() + Days::new(days)).format("%Y-%m-%d").to_string()
}

fn mails_to(app: &TestApp, who: &Person) -> Vec<Value> {
    app.mails_sent().into_iter().filter(|m| m["to"] == who.email.as_str()).collect()
}

fn text(mail: &Value) -> &str {
    mail["text"].as_str().unwrap_or_default()
}

async fn unanswered(app: &TestApp, who: &Person) -> u64 {
    app.get(who, "/meeting/unanswered-count").await.expect(200).data().as_u64().expect("a count")
}

#[tokio::test]
async fn an_invited_teammate_is_mailed_with_yes_and_no_and_the_badge_counts_until_they_answer() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    let tim = app.person_in(&ann.team_id, "Tim", Role::Member, "UTC").await;
    let day = plus(&app.today(&ann), 3);
    let body = json!({ "from": "10:00", "to": "11:00", "scheduleDate": day, "title": "Sprint planning",
        "place": "Room 4", "attendees": [tim.id] });
    assert_eq!(unanswered(&app, &tim).await, 0);
    let id = app.post(&ann, "/meeting/add", body).await.expect(201).id();

    let mails = mails_to(&app, &tim);
    assert_eq!(mails.len(), 1, "{mails:?}");
    let mail = &mails[0];
    assert_eq!(mail["subject"], "Meeting invitation from Ann");
    assert!(text(mail).contains(&format!("Sprint planning on {day}, 10:00 to 11:00")), "{mail}");
    assert!(text(mail).contains("Room 4"), "{mail}");
    // Yes and No open the meeting in the app with the answer.
    let link = mail["link"].as_str().unwrap();
    assert!(link.ends_with(&format!("/meetings?meeting={id}")), "{link}");
    assert!(text(mail).contains(&format!("Yes: {link}&answer=yes")), "{mail}");
    assert!(text(mail).contains(&format!("No: {link}&answer=no")), "{mail}");
    assert!(mail["html"].as_str().unwrap().contains("&amp;answer=no"), "{mail}");
    // The organizer gets no mail of their own meeting.
    assert!(mails_to(&app, &ann).is_empty(), "{:?}", mails_to(&app, &ann));

    // The badge counts it for Tim, never for Ann; answering takes it off.
    assert_eq!((unanswered(&app, &tim).await, unanswered(&app, &ann).await), (1, 0));
    app.post(&tim, &format!("/meeting/respond/{id}"), json!({ "answer": "yes" })).await.expect(200);
    assert_eq!(unanswered(&app, &tim).await, 0);
    app.send(None, reqwest::Method::GET, "/meeting/unanswered-count", None).await.expect_error(401);
}

#[tokio::test]
async fn a_move_asks_again_and_a_cancellation_is_mailed_to_each_attendee() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    let tim = app.person_in(&ann.team_id, "Tim", Role::Member, "UTC").await;
    let sam = app.person_in(&ann.team_id, "Sam", Role::Member, "UTC").await;
    let day = plus(&app.today(&ann), 2);
    let body = json!({ "from": "09:00", "to": "09:30", "scheduleDate": day, "title": "Standup",
        "attendees": [tim.id, sam.id] });
    let id = app.post(&ann, "/meeting/add", body).await.expect(201).id();
    app.post(&tim, &format!("/meeting/respond/{id}"), json!({ "answer": "yes" })).await.expect(200);
    assert_eq!(unanswered(&app, &tim).await, 0);

    // A new title alone tells nobody.
    app.put(&ann, &format!("/meeting/edit/{id}"), json!({ "title": "Daily standup" })).await.expect(200);
    assert_eq!(mails_to(&app, &tim).len(), 1);

    // Moved: both are told and asked again.
    let later = plus(&day, 1);
    app.put(&ann, &format!("/meeting/edit/{id}"), json!({ "scheduleDate": later, "from": "14:00", "to": "14:30" }))
        .await
        .expect(200);
    for who in [&tim, &sam] {
        let mails = mails_to(&app, who);
        let mail = mails.last().unwrap();
        assert_eq!(mail["subject"], "Meeting moved: Daily standup", "{mails:?}");
        assert!(text(mail).contains(&format!("Ann moved Daily standup to {later}, 14:00 to 14:30.")), "{mail}");
        assert!(text(mail).contains("&answer=yes"), "{mail}");
    }
    assert_eq!(unanswered(&app, &tim).await, 1);

    // Sam taken off: Sam alone hears it no longer takes place for them.
    app.put(&ann, &format!("/meeting/edit/{id}"), json!({ "attendees": [tim.id] })).await.expect(200);
    let sams = mails_to(&app, &sam);
    assert_eq!(sams.last().unwrap()["subject"], "Meeting cancelled: Daily standup");
    assert!(!text(sams.last().unwrap()).contains("&answer="), "{sams:?}");
    assert_eq!(mails_to(&app, &tim).len(), 2);
    assert_eq!(unanswered(&app, &sam).await, 0);

    // Deleted: Tim is told; Ann never is.
    app.delete(&ann, &format!("/meeting/delete/{id}")).await.expect(200);
    let tims = mails_to(&app, &tim);
    assert_eq!(tims.len(), 3);
    assert_eq!(tims.last().unwrap()["subject"], "Meeting cancelled: Daily standup");
    assert!(text(tims.last().unwrap()).contains(&format!("Daily standup on {later}, 14:00 to 14:30 no longer")));
    assert_eq!(unanswered(&app, &tim).await, 0);
    assert!(mails_to(&app, &ann).is_empty());
}

#[tokio::test]
async fn the_notice_follows_the_readers_language_and_settings() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    let tim = app.person_in(&ann.team_id, "Tim", Role::Member, "UTC").await;
    let sam = app.person_in(&ann.team_id, "Sam", Role::Member, "UTC").await;
    app.put(&tim, "/user/profile", json!({ "language": "de" })).await.expect(200);
    let mut settings = app.get(&sam, "/notifications/settings").await.expect(200).data().clone();
    assert_eq!(settings["meetingInvitation"], json!({ "enabled": true, "push": true, "email": true }));
    settings["meetingInvitation"]["email"] = json!(false);
    app.put(&sam, "/notifications/settings", settings).await.expect(200);

    let day = plus(&app.today(&ann), 1);
    let body = json!({ "from": "10:00", "to": "11:00", "scheduleDate": day, "attendees": [tim.id, sam.id] });
    app.post(&ann, "/meeting/add", body).await.expect(201);
    let tims = mails_to(&app, &tim);
    assert_eq!(tims.len(), 1, "{tims:?}");
    assert_eq!(tims[0]["subject"], "Einladung zur Besprechung von Ann");
    assert!(text(&tims[0]).contains("Ja: "), "{}", tims[0]);
    assert!(text(&tims[0]).contains("Besprechungseinladungen"), "{}", tims[0]);
    // Sam turned invitation mail off: none comes, yet the badge still counts it.
    assert!(mails_to(&app, &sam).is_empty());
    assert_eq!(unanswered(&app, &sam).await, 1);
}

#[tokio::test]
async fn another_teams_user_can_be_neither_invited_nor_reached() {
    let app = spawn_app().await;
    let ann = app.person("Ann").await;
    let zed = app.person("Zed").await;
    let day = plus(&app.today(&ann), 1);
    let body = json!({ "from": "10:00", "to": "11:00", "scheduleDate": day, "attendees": [zed.id] });
    let refused = app.post(&ann, "/meeting/add", body).await.expect_error(422);
    assert_eq!(refused.field("attendees"), "Choose attendees from your team.");
    assert!(mails_to(&app, &zed).is_empty());
    assert_eq!(unanswered(&app, &zed).await, 0);

    // Nor can Zed answer Ann's meeting.
    let id = app.post(&ann, "/meeting/add", a_meeting(&day, "12:00", "12:30")).await.expect(201).id();
    app.post(&zed, &format!("/meeting/respond/{id}"), json!({ "answer": "yes" })).await.expect_error(404);
}

#[tokio::test]
async fn the_invitation_is_pushed_with_yes_and_no_to_the_attendees_browser() {
    let app = spawn_app().await;
    let (service, received) = push_service().await;
    let ann = app.person("Ann").await;
    let tim = app.person_in(&ann.team_id, "Tim", Role::Member, "UTC").await;
    let browser = FakeUserAgent::new();
    let subscription = serde_json::to_value(browser.subscription(&format!("{service}/ok/tim-phone"))).unwrap();
    app.post(&tim, "/notifications/subscriptions", subscription).await.expect(200);

    let day = plus(&app.today(&ann), 1);
    let body = json!({ "from": "10:00", "to": "11:00", "scheduleDate": day, "title": "Review", "attendees": [tim.id] });
    let id = app.post(&ann, "/meeting/add", body).await.expect(201).id();
    let bodies = received.lock().unwrap().clone();
    assert_eq!(bodies.len(), 1, "one push to Tim's browser");
    let payload: Value = serde_json::from_slice(&browser.decrypt(&bodies[0])).expect("JSON for the service worker");
    assert_eq!(payload["title"], "Meeting invitation from Ann");
    assert_eq!(payload["url"], format!("/meetings?meeting={id}"));
    assert_eq!(payload["kind"], "meetingInvitation");
    let actions: Vec<(&str, &str)> = payload["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["action"].as_str().unwrap(), a["title"].as_str().unwrap()))
        .collect();
    assert_eq!(actions, vec![("meeting-yes", "Yes"), ("meeting-no", "No")]);
}
