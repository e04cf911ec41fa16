//! A hosted model behind the assistant's port (`LanguageModel`), here a fake: a good answer is used (after the record
//! checks), and a malformed answer, an error or a slow answer falls back to the built-in engine. The real Converse
//! call of the Bedrock adapter is tested against a fake endpoint in `shared/adapters-aws/tests/bedrock.rs`.
//!
//!     cargo test -p assistant-fn --no-default-features --test bedrock

use std::sync::Arc;
use std::time::Duration;

use assistant_fn::{router_with, Assistant};
use async_trait::async_trait;
use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use bt_app::buddy::model::{LanguageModel, ModelError};
use bt_app::buddy::understand::{understand, Context, Intent, Proposal};
use chrono::TimeZone;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tokio::sync::Mutex;
use tower::ServiceExt;

/// What the fake model answers: a text, an error, or a text after a delay.
#[derive(Clone)]
enum Script {
    Text(String),
    Error,
    Slow(Duration, String),
}

type Seen = Arc<Mutex<Vec<(String, String)>>>;

/// A fake model: answers by its script, and keeps every (system prompt, message) it was asked.
struct Fake {
    script: Script,
    seen: Seen,
}

#[async_trait]
impl LanguageModel for Fake {
    async fn complete(&self, system: &str, user: &str) -> Result<String, ModelError> {
        self.seen.lock().await.push((system.to_string(), user.to_string()));
        match &self.script {
            Script::Error => Err(ModelError::Call("model is down".into())),
            Script::Slow(wait, text) => {
                tokio::time::sleep(*wait).await;
                Ok(text.clone())
            }
            Script::Text(text) => Ok(text.clone()),
        }
    }
}

/// The assistant with a fake model first, and what the model was asked.
fn with_fake(script: Script) -> (Assistant, Seen) {
    let seen = Seen::default();
    (Assistant::with_model(Arc::new(Fake { script, seen: seen.clone() })), seen)
}

fn ctx() -> Context {
    let now = chrono_tz::Europe::London.with_ymd_and_hms(2026, 3, 11, 10, 30, 0).unwrap();
    Context::new(now, vec!["Coffee Break".into(), "Lunch Break".into()])
}

const MESSAGE: &str = "coffee break from 3 to 3:15 pm today";

fn good_answer() -> String {
    json!({
        "intent": "createBreak",
        "topic": null,
        "fields": {
            "type": "Coffee Break",
            "reason": "Catching up with Sam",
            "startTime": "15:00",
            "endTime": "15:15",
            "createdDate": "2026-03-11"
        }
    })
    .to_string()
}

#[tokio::test]
async fn a_good_answer_is_used_and_the_model_is_asked_with_the_prompt() {
    let (assistant, seen) = with_fake(Script::Text(good_answer()));
    let u = assistant.understand(MESSAGE, &ctx()).await;
    let Some(Proposal::Break(b)) = &u.proposal else { panic!("{u:?}") };
    // The reason only the model gave shows its answer was taken.
    assert_eq!(b.reason, "Catching up with Sam");
    assert_eq!((b.start_time.as_str(), b.end_time.as_str()), ("15:00", "15:15"));
    let seen = seen.lock().await;
    assert_eq!(seen.len(), 1);
    let (system, user) = &seen[0];
    assert_eq!(user, MESSAGE);
    assert_eq!(system, &bt_app::buddy::model::prompt(&ctx()));
    assert!(system.contains("Coffee Break, Lunch Break"));
}

#[tokio::test]
async fn a_good_answer_still_passes_the_record_checks() {
    let answer = json!({
        "intent": "createBreak",
        "fields": { "type": "Espresso", "startTime": "09:00", "endTime": "18:00", "createdDate": "2026-03-11" }
    });
    let (assistant, _) = with_fake(Script::Text(answer.to_string()));
    let u = assistant.understand("long coffee", &ctx()).await;
    let Some(Proposal::Break(b)) = &u.proposal else { panic!("{u:?}") };
    assert_eq!(b.break_type, "", "not one of the team's types");
    assert_eq!(b.end_time, "", "over 8 hours");
    assert_eq!(u.problems.get("endTime").map(String::as_str), Some("Break cannot be more than 8 hours."));
}

#[tokio::test]
async fn a_malformed_answer_falls_back_to_the_built_in_engine() {
    for text in [
        "Sure! I have logged your coffee break.".to_string(),
        json!({ "intent": "createBreak", "fields": { "start": "15:00" } }).to_string(),
        json!({ "intent": "orderPizza" }).to_string(),
    ] {
        let (assistant, seen) = with_fake(Script::Text(text.clone()));
        let u = assistant.understand(MESSAGE, &ctx()).await;
        assert_eq!(seen.lock().await.len(), 1, "the model was asked");
        assert_eq!(u, understand(MESSAGE, &ctx()), "{text}");
        assert_eq!(u.intent, Intent::CreateBreak);
    }
}

#[tokio::test]
async fn an_error_or_a_slow_answer_falls_back_too() {
    let (assistant, seen) = with_fake(Script::Error);
    let u = assistant.understand(MESSAGE, &ctx()).await;
    assert_eq!(seen.lock().await.len(), 1, "the model was asked");
    assert_eq!(u, understand(MESSAGE, &ctx()));

    let (assistant, _) = with_fake(Script::Slow(Duration::from_millis(800), good_answer()));
    let assistant = assistant.with_timeout(Duration::from_millis(100));
    let started = std::time::Instant::now();
    let u = assistant.understand(MESSAGE, &ctx()).await;
    assert!(started.elapsed() < Duration::from_millis(700), "did not wait for the slow model");
    assert_eq!(u, understand(MESSAGE, &ctx()));
}

#[tokio::test]
async fn the_endpoint_answers_with_the_models_proposal() {
    use bt_app::account::{member_item, user_item, Member, Role, User};
    use bt_app::types::{Email, TeamId, UserId};
    use bt_core::store::Cond;

    let (assistant, _) = with_fake(Script::Text(good_answer()));
    let store = Arc::new(bt_adapters_local::sqlite::SqliteTable::in_memory().unwrap());
    let state = bt_http::AppState::new(
        store,
        Arc::new(bt_adapters_local::outbox::Outbox::new(None)),
        bt_app::config::Config::for_tests(),
    );
    let user = User {
        id: UserId::parse("01HZZZZZZZZZZZZZZZZZZZZZZZ").unwrap(),
        name: "Ana".into(),
        email: Email::parse("ana@example.com").unwrap(),
        password_hash: None,
        verified: true,
        team_id: TeamId::parse("01HZX3Y8Q2W5E7R9T1V3B5NTT1").unwrap(),
        role: Role::Admin,
        time_zone: "UTC".into(),
        token_version: 0,
        pending_email: None,
        language: None,
        created_at: "2026-01-01T00:00:00Z".into(),
    };
    let member = Member {
        user_id: user.id.clone(),
        name: user.name.clone(),
        email: user.email.clone(),
        role: Role::Admin,
        joined_at: user.created_at.clone(),
    };
    state.table().put(user_item(&user).unwrap(), Cond::None).await.unwrap();
    state.table().put(member_item(&user.team_id, &member).unwrap(), Cond::None).await.unwrap();
    let token = bt_app::auth::issue_access_token(&state, &user).unwrap();
    let app = router_with(assistant).with_state(state);
    let req = Request::post("/assistant/ask")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .body(Body::from(json!({ "message": MESSAGE }).to_string()))
        .unwrap();
    let res = app.oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let body: Value = serde_json::from_slice(&res.into_body().collect().await.unwrap().to_bytes()).unwrap();
    assert_eq!(body["data"]["actions"][0]["action"], "createBreak");
    assert_eq!(body["data"]["actions"][0]["reason"], "Catching up with Sam");
}

#[tokio::test]
async fn a_models_meeting_invites_the_teammates_the_sentence_names_never_ids_of_its_own() {
    const SAM: &str = "01HZX3Y8Q2W5E7R9T1V3B5NSA1";
    let answer = json!({
        "intent": "createMeeting",
        "topic": null,
        "fields": {
            "from": "14:00", "to": "15:00", "scheduleDate": "2026-03-13",
            "description": "Budget meeting with Sam", "attendees": ["01HZX3Y8Q2W5E7R9T1V3B5NZZZ"]
        }
    });
    let (assistant, _) = with_fake(Script::Text(answer.to_string()));
    let team = ctx().with_members(vec![bt_app::buddy::understand::TeamMember::new(SAM, "Sam Carter")]);
    let u = assistant.understand("meeting with sam friday 2-3pm about the budget", &team).await;
    let Some(Proposal::Meeting(m)) = u.proposal else { panic!("{u:?}") };
    assert_eq!(m.description, "Budget meeting with Sam", "the model's reading is used");
    assert_eq!(m.attendees, vec![SAM.to_string()]);
    assert_eq!(m.title, "Budget meeting with Sam", "no title from the model: made from its description");
}
