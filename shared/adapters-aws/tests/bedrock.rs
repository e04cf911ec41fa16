//! The Bedrock adapter against a fake Converse endpoint on 127.0.0.1: the request is a Converse call with the system
//! prompt, the user message, 600 tokens at temperature 0, and the answer's text comes back as it is; an HTTP error
//! or an answer with no message is an error.
//!
//!     cargo test -p bt-adapters-aws --features bedrock --test bedrock

#![cfg(feature = "bedrock")]

use std::sync::Arc;

use aws_config::{BehaviorVersion, Region, SdkConfig};
use aws_sdk_bedrockruntime::config::{Credentials, SharedCredentialsProvider};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::post;
use axum::{Json, Router};
use bt_adapters_aws::bedrock::{Bedrock, LazyBedrock};
use bt_app::assistant::{LanguageModel, ModelError};
use serde_json::{json, Value};
use tokio::sync::Mutex;

/// What the fake model answers: the text of its message, an HTTP error, or an answer without a message.
#[derive(Clone)]
enum Script {
    Text(String),
    Error,
    NoMessage,
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
    let output = match fake.script {
        Script::Error => {
            return (StatusCode::INTERNAL_SERVER_ERROR, Json(json!({ "message": "model is down" }))).into_response()
        }
        Script::NoMessage => json!({}),
        Script::Text(text) => json!({ "message": { "role": "assistant", "content": [{ "text": text }] } }),
    };
    Json(json!({
        "output": output,
        "stopReason": "end_turn",
        "usage": { "inputTokens": 10, "outputTokens": 20, "totalTokens": 30 },
        "metrics": { "latencyMs": 5 }
    }))
    .into_response()
}

type Seen = Arc<Mutex<Vec<(String, Value)>>>;

/// A fake Bedrock on an ephemeral port: its URL and what it was asked.
async fn fake_endpoint(script: Script) -> (String, Seen) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let app =
        Router::new().route("/model/{model}/converse", post(converse)).with_state(Fake { script, seen: seen.clone() });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (format!("http://{addr}"), seen)
}

fn sdk() -> SdkConfig {
    SdkConfig::builder()
        .behavior_version(BehaviorVersion::latest())
        .region(Region::new("eu-west-1"))
        .credentials_provider(SharedCredentialsProvider::new(Credentials::new(
            "AKIDTEST", "secret", None, None, "test",
        )))
        .build()
}

async fn fake_model(script: Script) -> (Bedrock, Seen) {
    let (url, seen) = fake_endpoint(script).await;
    (Bedrock::from_sdk_config(&sdk(), "test-model", Some(url)), seen)
}

#[tokio::test]
async fn the_request_is_a_converse_call_and_the_text_comes_back() {
    let (model, seen) = fake_model(Script::Text(r#"{"intent":"help"}"#.into())).await;
    let text = model.complete("You read one message.", "coffee break from 3 to 3:15 pm today").await.unwrap();
    assert_eq!(text, r#"{"intent":"help"}"#);
    let seen = seen.lock().await;
    assert_eq!(seen.len(), 1);
    let (model_id, body) = &seen[0];
    assert_eq!(model_id, "test-model");
    assert_eq!(body["messages"][0]["role"], "user");
    assert_eq!(body["messages"][0]["content"][0]["text"], "coffee break from 3 to 3:15 pm today");
    assert_eq!(body["system"][0]["text"], "You read one message.");
    assert_eq!(body["inferenceConfig"]["maxTokens"], 600);
    assert_eq!(body["inferenceConfig"]["temperature"], 0.0);
}

#[tokio::test]
async fn an_error_or_an_answer_without_a_message_is_an_error() {
    let (model, seen) = fake_model(Script::Error).await;
    let err = model.complete("system", "hello").await.unwrap_err();
    assert!(matches!(err, ModelError::Call(_)), "{err:?}");
    assert!(!seen.lock().await.is_empty(), "the model was asked");

    let (model, _) = fake_model(Script::NoMessage).await;
    let err = model.complete("system", "hello").await.unwrap_err();
    assert!(matches!(err, ModelError::Malformed(_) | ModelError::Call(_)), "{err:?}");
}

#[tokio::test]
async fn the_lazy_client_is_made_on_the_first_question_and_kept() {
    let (url, seen) = fake_endpoint(Script::Text("first".into())).await;
    // The default configuration reads the environment: give it a region and credentials of its own.
    std::env::set_var("AWS_REGION", "eu-west-1");
    std::env::set_var("AWS_ACCESS_KEY_ID", "AKIDTEST");
    std::env::set_var("AWS_SECRET_ACCESS_KEY", "secret");
    let model: Arc<dyn LanguageModel> = Arc::new(LazyBedrock::new("lazy-model", Some(url)));
    assert_eq!(model.complete("system", "one").await.unwrap(), "first");
    assert_eq!(model.complete("system", "two").await.unwrap(), "first");
    let seen = seen.lock().await;
    assert_eq!(seen.iter().map(|(m, _)| m.as_str()).collect::<Vec<_>>(), ["lazy-model", "lazy-model"]);
}
