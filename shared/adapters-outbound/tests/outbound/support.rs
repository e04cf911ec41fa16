//! A local HTTP server per test, recording what it received.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::Router;
use bt_adapters_outbound::{Policy, Sender};

/// One request as the server received it.
#[derive(Debug, Clone)]
pub struct Received {
    pub path: String,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl Received {
    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).unwrap_or_else(|| panic!("no {name} header")).to_str().unwrap()
    }
}

/// What the server answers, request by request (the last one repeats).
#[derive(Debug, Clone)]
pub enum Answer {
    Status(u16),
    StatusWithBody(u16, String),
    Redirect(String),
    SleepThen(Duration, u16),
}

pub struct Server {
    pub addr: SocketAddr,
    received: Arc<Mutex<Vec<Received>>>,
}

impl Server {
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    pub fn received(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }
}

#[derive(Clone)]
struct State {
    received: Arc<Mutex<Vec<Received>>>,
    answers: Arc<Vec<Answer>>,
}

/// Starts a server on 127.0.0.1 (a free port) that records every POST and answers `answers` in turn.
pub async fn spawn(answers: Vec<Answer>) -> Server {
    let received = Arc::new(Mutex::new(Vec::<Received>::new()));
    let state = State { received: received.clone(), answers: Arc::new(answers) };
    let app = Router::new().route("/{*path}", post(record)).with_state(state);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    Server { addr, received }
}

async fn record(
    axum::extract::State(state): axum::extract::State<State>,
    uri: axum::http::Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let n = {
        let mut received = state.received.lock().unwrap();
        received.push(Received { path: uri.path().to_string(), headers, body: body.to_vec() });
        received.len() - 1
    };
    let answer = state.answers.get(n).or(state.answers.last()).cloned().unwrap_or(Answer::Status(200));
    answer_with(answer).await
}

async fn answer_with(answer: Answer) -> Response {
    match answer {
        Answer::Status(code) => StatusCode::from_u16(code).unwrap().into_response(),
        Answer::StatusWithBody(code, body) => (StatusCode::from_u16(code).unwrap(), body).into_response(),
        Answer::Redirect(to) => (StatusCode::FOUND, [(axum::http::header::LOCATION, to)]).into_response(),
        Answer::SleepThen(pause, code) => {
            tokio::time::sleep(pause).await;
            StatusCode::from_u16(code).unwrap().into_response()
        }
    }
}

/// A sender that accepts the local servers' plain http on loopback, as with `DEV_ROUTES=1`.
pub fn local_sender() -> Sender {
    Sender::new(Policy::INSECURE_FOR_LOCAL_TESTS).unwrap()
}
