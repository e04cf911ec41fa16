//! A pass-through proxy in front of moto that writes down which AWS actions a function called, in IAM terms
//! (`dynamodb:PutItem`, `ses:SendEmail`, `ssm:GetParameters`...), so the template's grants can be checked against
//! what the binary really does.

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Router;
use serde_json::Value;

#[derive(Debug, Default, Clone)]
pub struct Calls {
    /// IAM actions, e.g. `dynamodb:Query`.
    pub actions: BTreeSet<String>,
    /// Whether any read went to a secondary index (needs the `<table>/index/*` resource).
    pub used_index: bool,
}

struct Inner {
    upstream: String,
    client: reqwest::Client,
    calls: Mutex<Calls>,
}

pub struct RecordingProxy {
    addr: SocketAddr,
    inner: Arc<Inner>,
    server: tokio::task::JoinHandle<()>,
}

impl RecordingProxy {
    pub async fn start(upstream: &str) -> Self {
        let inner = Arc::new(Inner {
            upstream: upstream.trim_end_matches('/').to_string(),
            client: reqwest::Client::new(),
            calls: Mutex::new(Calls::default()),
        });
        let app = Router::new().fallback(forward).with_state(inner.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind the proxy");
        let addr = listener.local_addr().expect("proxy address");
        let server = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        RecordingProxy { addr, inner, server }
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn calls(&self) -> Calls {
        self.inner.calls.lock().unwrap().clone()
    }
}

impl Drop for RecordingProxy {
    fn drop(&mut self) {
        self.server.abort();
    }
}

/// The IAM actions one request needs, from its `X-Amz-Target` (JSON protocols) or `Action=` (query protocol).
pub fn actions_of(target: Option<&str>, body: &[u8]) -> (Vec<String>, bool) {
    if let Some(target) = target {
        let (service, operation) = target.split_once('.').unwrap_or(("", target));
        let prefix = if service.starts_with("DynamoDB") {
            "dynamodb"
        } else if service.starts_with("AmazonSSM") {
            "ssm"
        } else {
            service
        };
        let json: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
        let used_index = json.get("IndexName").is_some();
        if prefix == "dynamodb" && operation == "TransactWriteItems" {
            // No action of its own: each item needs the action of its kind.
            let mut actions = Vec::new();
            for item in json["TransactItems"].as_array().into_iter().flatten() {
                for (kind, action) in [
                    ("Put", "PutItem"),
                    ("Update", "UpdateItem"),
                    ("Delete", "DeleteItem"),
                    ("ConditionCheck", "ConditionCheckItem"),
                ] {
                    if item.get(kind).is_some() {
                        actions.push(format!("dynamodb:{action}"));
                    }
                }
            }
            return (actions, false);
        }
        if prefix == "dynamodb" && operation == "BatchWriteItem" {
            let mut actions = Vec::new();
            for requests in json["RequestItems"].as_object().into_iter().flat_map(|m| m.values()) {
                for r in requests.as_array().into_iter().flatten() {
                    if r.get("PutRequest").is_some() {
                        actions.push("dynamodb:PutItem".to_string());
                    }
                    if r.get("DeleteRequest").is_some() {
                        actions.push("dynamodb:DeleteItem".to_string());
                    }
                }
            }
            return (actions, false);
        }
        return (vec![format!("{prefix}:{operation}")], used_index);
    }
    // Query protocol (SES v1): form fields in the body.
    let action = form_urlencoded_action(body);
    match action {
        Some(a) => (vec![format!("ses:{a}")], false),
        None => (Vec::new(), false),
    }
}

fn form_urlencoded_action(body: &[u8]) -> Option<String> {
    String::from_utf8_lossy(body).split('&').find_map(|pair| pair.strip_prefix("Action=").map(|a| a.to_string()))
}

async fn forward(State(inner): State<Arc<Inner>>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let body: Bytes = match axum::body::to_bytes(body, 16 * 1024 * 1024).await {
        Ok(b) => b,
        Err(_) => return StatusCode::BAD_REQUEST.into_response(),
    };
    let target = parts.headers.get("x-amz-target").and_then(|v| v.to_str().ok());
    let (actions, used_index) = actions_of(target, &body);
    {
        let mut calls = inner.calls.lock().unwrap();
        calls.actions.extend(actions);
        calls.used_index |= used_index;
    }
    let path = parts.uri.path_and_query().map(|p| p.as_str()).unwrap_or("/");
    let mut upstream = inner.client.request(parts.method.clone(), format!("{}{path}", inner.upstream));
    for (name, value) in &parts.headers {
        if name != "host" && name != "content-length" && name != "transfer-encoding" {
            upstream = upstream.header(name, value);
        }
    }
    let answer = match upstream.body(body).send().await {
        Ok(a) => a,
        Err(e) => return (StatusCode::BAD_GATEWAY, e.to_string()).into_response(),
    };
    let status = answer.status();
    let headers = answer.headers().clone();
    let bytes = answer.bytes().await.unwrap_or_default();
    let mut response = Response::new(Body::from(bytes));
    *response.status_mut() = status;
    for (name, value) in &headers {
        if name != "content-length" && name != "transfer-encoding" && name != "connection" {
            response.headers_mut().insert(name, value.clone());
        }
    }
    response
}
