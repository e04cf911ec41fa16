//! The Bedrock provider against a fake Converse endpoint on 127.0.0.1: a good answer is used (after the record
//! checks), and a malformed answer, an error or a slow answer falls back to the built-in engine.
//!
//!     cargo test -p assistant-fn --no-default-features --features bedrock --test bedrock

#![cfg(feature = "bedrock")]

use std::sync::Arc;
use std::time::Duration;

use assistant_fn::bedrock::Bedrock;
use assistant_fn::understand::{understand, Context, Intent, Proposal};
use assistant_fn::{router_with, Assistant};
use aws_sdk_bedrockruntime::config::{BehaviorVersion, Credentials, Region};
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{header, Request, StatusCode};
use axum::response::IntoResponse;
use axum::routing::post;
use axum::{Json, Router};
use chrono::TimeZone;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tokio::sync::Mutex;
use tower::ServiceExt;

/// What the fake model answers: the text of its message, an HTTP error, or a delay.
#[derive(Clone)]
enum Script {
    Text(String),
    Error,
    Slow(Duration, String),
}

#[derive(Clone)]
struct Fake {
    script: Script,
    seen: Arc<Mutex<Vec<(String, Value)>>>,
}

async fn converse(
    State(fake): State<Fake>,
    Path(model): Path<String>,
    Json(body): Json<Value>,
) -> axum::response::Response {
    fake.seen.lock().await.push((model, body));
    let text = match fake.script {
        Script::Error => {
            return (StatusCode::INTERNAL_SERVER_ERROR, Json(json!({ "message": "model is down" }))).into_response()
        }
        Script::Slow(wait, text) => {
            tokio::time::sleep(wait).await;
            text
        }
        Script::Text(text) => text,
    };
    Json(json!({
        "output": { "message": { "role": "assistant", "content": [{ "text": text }] } },
        "stopReason": "end_turn",
        "usage": { "inputTokens": 10, "outputTokens": 20, "totalTokens": 30 },
        "metrics": { "latencyMs": 5 }
    }))
    .into_response()
}

/// A fake Bedrock on an ephemeral port, and a client pointed at it.
async fn fake_model(script: Script) -> (Bedrock, Arc<Mutex<Vec<(String, Value)>>>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let app =
        Router::new().route("/model/{model}/converse", post(converse)).with_state(Fake { script, seen: seen.clone() });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    let config = aws_sdk_bedrockruntime::Config::builder()
        .behavior_version(BehaviorVersion::latest())
        .region(Region::new("eu-west-1"))
        .credentials_provider(Credentials::new("AKIDTEST", "secret", None, None, "test"))
        .endpoint_url(format!("http://{addr}"))
        .http_client(bt_adapters_aws::sdk::https_client())
        .build();
    let client = aws_sdk_bedrockruntime::Client::from_conf(config);
    (Bedrock::new(client, "test-model"), seen)
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
async fn a_good_answer_is_used_and_the_request_is_a_converse_call() {
    let (model, seen) = fake_model(Script::Text(good_answer())).await;
    let u = Assistant::with_bedrock(model).understand(MESSAGE, &ctx()).await;
    let Some(Proposal::Break(b)) = &u.proposal else { panic!("{u:?}") };
    // The reason only the model gave shows its answer was taken.
    assert_eq!(b.reason, "Catching up with Sam");
    assert_eq!((b.start_time.as_str(), b.end_time.as_str()), ("15:00", "15:15"));
    let seen = seen.lock().await;
    let (model_id, body) = &seen[0];
    assert_eq!(model_id, "test-model");
    assert_eq!(body["messages"][0]["role"], "user");
    assert_eq!(body["messages"][0]["content"][0]["text"], MESSAGE);
    assert!(body["system"][0]["text"].as_str().unwrap().contains("Coffee Break, Lunch Break"));
}

#[tokio::test]
async fn a_good_answer_still_passes_the_record_checks() {
    let answer = json!({
        "intent": "createBreak",
        "fields": { "type": "Espresso", "startTime": "09:00", "endTime": "18:00", "createdDate": "2026-03-11" }
    });
    let (model, _) = fake_model(Script::Text(answer.to_string())).await;
    let u = Assistant::with_bedrock(model).understand("long coffee", &ctx()).await;
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
        let (model, seen) = fake_model(Script::Text(text.clone())).await;
        let u = Assistant::with_bedrock(model).understand(MESSAGE, &ctx()).await;
        assert_eq!(seen.lock().await.len(), 1, "the model was asked");
        assert_eq!(u, understand(MESSAGE, &ctx()), "{text}");
        assert_eq!(u.intent, Intent::CreateBreak);
    }
}

#[tokio::test]
async fn an_error_or_a_slow_answer_falls_back_too() {
    let (model, _) = fake_model(Script::Error).await;
    let u = Assistant::with_bedrock(model).understand(MESSAGE, &ctx()).await;
    assert_eq!(u, understand(MESSAGE, &ctx()));

    let (model, _) = fake_model(Script::Slow(Duration::from_millis(800), good_answer())).await;
    let model = model.with_timeout(Duration::from_millis(100));
    let started = std::time::Instant::now();
    let u = Assistant::with_bedrock(model).understand(MESSAGE, &ctx()).await;
    assert!(started.elapsed() < Duration::from_millis(700), "did not wait for the slow model");
    assert_eq!(u, understand(MESSAGE, &ctx()));
}

#[tokio::test]
async fn the_endpoint_answers_with_the_models_proposal() {
    use bt_domain::account::{member_item, user_item, Member, Role, User};
    use bt_domain::store::Cond;

    let (model, _) = fake_model(Script::Text(good_answer())).await;
    let store = Arc::new(bt_adapters_local::sqlite::SqliteTable::in_memory().unwrap());
    let state = bt_http::AppState::new(
        store,
        Arc::new(bt_adapters_local::outbox::Outbox::new(None)),
        bt_domain::config::Config::for_tests(),
    );
    let user = User {
        id: "01HZZZZZZZZZZZZZZZZZZZZZZZ".into(),
        name: "Ana".into(),
        email: "ana@example.com".into(),
        password_hash: None,
        verified: true,
        team_id: "T1".into(),
        role: Role::Admin,
        time_zone: "UTC".into(),
        token_version: 0,
        pending_email: None,
        created_at: "2026-01-01T00:00:00Z".into(),
    };
    let member = Member {
        user_id: user.id.clone(),
        name: user.name.clone(),
        email: user.email.clone(),
        role: Role::Admin,
        joined_at: user.created_at.clone(),
    };
    state.store.put(user_item(&user).unwrap(), Cond::None).await.unwrap();
    state.store.put(member_item("T1", &member).unwrap(), Cond::None).await.unwrap();
    let token = bt_domain::auth::issue_access_token(&state, &user).unwrap();
    let app = router_with(Assistant::with_bedrock(model)).with_state(state);
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
