//! Break Buddy's proposals keep what it understood: each is saved through the record routes exactly as offered (the
//! fields the web form sends) and read back. A sick day is a Sick leave, a meeting has its topic as the title and
//! the teammate it names as an attendee, a task can be saved without adding a description.

use reqwest::Method;
use serde_json::{json, Value};

use bt_app::account::Role;

use crate::support::{spawn_app, Person, TestApp};

/// The fixed id of the Sick leave type every team starts with.
const SICK: &str = "00000000000000000000000002";

async fn ask(app: &TestApp, who: &Person, message: &str) -> Value {
    app.send(Some(who), Method::POST, "/assistant/ask", Some(json!({ "message": message })))
        .await
        .expect(200)
        .data()
        .clone()
}

/// The proposal's fields as its form sends them, without the action's name.
fn body_of(action: &Value) -> Value {
    let mut body = action.clone();
    body.as_object_mut().expect("an action object").remove("action");
    body
}

#[tokio::test]
async fn a_sick_day_is_saved_as_sick_leave_and_takes_nothing_off_the_allowance() {
    let app = spawn_app().await;
    // The team's only admin: a Vacation request of hers would be approved at once and counted.
    let ann = app.person("Ann Admin").await;
    for sentence in ["sick tomorrow", "off sick tomorrow"] {
        let reply = ask(&app, &ann, sentence).await;
        assert_eq!(reply["intent"], "createLeave", "{sentence}: {reply}");
        let action = &reply["actions"][0];
        assert_eq!(action["typeId"], SICK, "{sentence}: {reply}");
        assert!(reply["summary"].as_str().unwrap().contains("Sick leave"), "{reply}");
        assert!(reply.get("missing").is_none(), "saved as offered: {reply}");
    }
    let reply = ask(&app, &ann, "sick tomorrow").await;
    let saved = app.post(&ann, "/leaves/add", body_of(&reply["actions"][0])).await.expect(201);
    let id = saved.id();
    let leave = app.get(&ann, &format!("/leaves/get/{id}")).await.expect(200).data().clone();
    assert_eq!(leave["typeId"], SICK, "{leave}");
    let balance = app.get(&ann, "/leaves/balance").await.expect(200).data().clone();
    assert_eq!((balance["taken"].as_f64(), balance["planned"].as_f64()), (Some(0.0), Some(0.0)), "{balance}");
}

#[tokio::test]
async fn a_meeting_has_its_topic_as_title_and_the_teammate_named_as_attendee() {
    let app = spawn_app().await;
    let ann = app.person("Ann Admin").await;
    let sam = app.person_in(&ann.team_id, "Sam Carter", Role::Member, "UTC").await;
    let _lee = app.person_in(&ann.team_id, "Lee Park", Role::Member, "UTC").await;
    let reply = ask(&app, &ann, "meeting with sam friday 2-3pm about the budget").await;
    assert_eq!(reply["intent"], "createMeeting", "{reply}");
    let action = &reply["actions"][0];
    assert_eq!(action["title"], "Budget", "{reply}");
    assert_eq!(action["attendees"], json!([sam.id]), "{reply}");
    assert_eq!((action["from"].as_str(), action["to"].as_str()), (Some("14:00"), Some("15:00")));
    assert!(reply["summary"].as_str().unwrap().contains("'Budget'"), "{reply}");
    assert!(reply["summary"].as_str().unwrap().contains("with Sam Carter"), "{reply}");

    let id = app.post(&ann, "/meeting/add", body_of(action)).await.expect(201).id();
    let meeting = app.get(&ann, &format!("/meeting/get/{id}")).await.expect(200).data().clone();
    assert_eq!(meeting["title"], "Budget", "{meeting}");
    let invited: Vec<&str> =
        meeting["attendees"].as_array().unwrap().iter().filter_map(|a| a["userId"].as_str()).collect();
    assert_eq!(invited, [sam.id.as_str()], "{meeting}");
    // Sam sees it: his own copy of the meeting.
    let his = app.get(&sam, &format!("/meeting/get/{id}")).await.expect(200).data().clone();
    assert_eq!(his["title"], "Budget", "{his}");
}

#[tokio::test]
async fn a_first_name_two_teammates_share_is_asked_about_rather_than_guessed() {
    let app = spawn_app().await;
    let ann = app.person("Ann Admin").await;
    let carter = app.person_in(&ann.team_id, "Sam Carter", Role::Member, "UTC").await;
    let _lee = app.person_in(&ann.team_id, "Sam Lee", Role::Member, "UTC").await;
    let reply = ask(&app, &ann, "meeting with Sam friday 2-3pm about the budget").await;
    assert_eq!(reply["actions"], json!([]), "no form opens on a guess: {reply}");
    let summary = reply["summary"].as_str().unwrap();
    assert!(summary.contains("Sam Carter and Sam Lee"), "{summary}");
    assert!(summary.contains("Which one do you mean?"), "{summary}");
    // The full name settles it; someone in another team is never matched.
    let reply = ask(&app, &ann, "meeting with sam carter friday 2-3pm about the budget").await;
    assert_eq!(reply["actions"][0]["attendees"], json!([carter.id]), "{reply}");
    let stranger = app.person("Sam Stranger").await;
    let reply = ask(&app, &stranger, "meeting with sam carter friday 2-3pm").await;
    assert_eq!(reply["actions"][0]["attendees"], json!([]), "{reply}");
}

#[tokio::test]
async fn a_task_is_saved_as_offered_with_the_sentence_as_its_description() {
    let app = spawn_app().await;
    let ann = app.person("Ann Admin").await;
    let reply = ask(&app, &ann, "add a task to renew the SSL certificate tomorrow, urgent").await;
    let action = &reply["actions"][0];
    assert_eq!(action["title"], "Renew the SSL certificate", "{reply}");
    assert_eq!(action["description"], "add a task to renew the SSL certificate tomorrow, urgent", "{reply}");
    assert!(reply.get("missing").is_none(), "{reply}");
    let id = app.post(&ann, "/task/add", body_of(action)).await.expect(201).id();
    let task = app.get(&ann, &format!("/task/get/{id}")).await.expect(200).data().clone();
    assert_eq!(task["description"], "add a task to renew the SSL certificate tomorrow, urgent", "{task}");
    assert_eq!(task["priority"], "Urgent", "{task}");
}
