//! A small Lambda Runtime API (the interface a `provided.al2023` bootstrap polls): invocations are queued by the
//! test, handed to the function on `GET /2018-06-01/runtime/invocation/next`, and its answer is collected from
//! `POST .../invocation/{id}/response` (or `.../error`, or `.../init/error` when the cold start fails).

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde_json::Value;
use tokio::sync::{mpsc, oneshot, Mutex};

/// What the function reported for one invocation.
#[derive(Debug, Clone)]
pub enum Outcome {
    Response(Value),
    /// `POST .../invocation/{id}/error`: the handler failed (the body is the runtime's error document).
    Error(Value),
    /// `POST .../init/error`: the cold start failed before any invocation.
    InitError(Value),
}

struct Invocation {
    id: String,
    event: Value,
    reply: oneshot::Sender<Outcome>,
}

struct Inner {
    queue: Mutex<mpsc::UnboundedReceiver<Invocation>>,
    pending: Mutex<HashMap<String, oneshot::Sender<Outcome>>>,
    /// Waiters of the invocations submitted before an init error, told about it.
    init_error: Mutex<Option<Value>>,
    function_arn: String,
    /// When the function first asked for work: the end of its init.
    first_poll: std::sync::Mutex<Option<std::time::Instant>>,
}

pub struct RuntimeApi {
    addr: SocketAddr,
    submit: mpsc::UnboundedSender<Invocation>,
    inner: Arc<Inner>,
    server: tokio::task::JoinHandle<()>,
}

impl RuntimeApi {
    /// Listens on a free port of 127.0.0.1 for one function.
    pub async fn start(function_name: &str) -> Self {
        let (submit, queue) = mpsc::unbounded_channel();
        let inner = Arc::new(Inner {
            queue: Mutex::new(queue),
            pending: Mutex::new(HashMap::new()),
            init_error: Mutex::new(None),
            function_arn: format!("arn:aws:lambda:us-east-1:123456789012:function:{function_name}"),
            first_poll: std::sync::Mutex::new(None),
        });
        let app = Router::new()
            .route("/2018-06-01/runtime/invocation/next", get(next))
            .route("/2018-06-01/runtime/invocation/{id}/response", post(response))
            .route("/2018-06-01/runtime/invocation/{id}/error", post(error))
            .route("/2018-06-01/runtime/init/error", post(init_error))
            .with_state(inner.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind the runtime API");
        let addr = listener.local_addr().expect("runtime API address");
        let server = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        RuntimeApi { addr, submit, inner, server }
    }

    /// `host:port`, the value of `AWS_LAMBDA_RUNTIME_API`.
    pub fn address(&self) -> String {
        self.addr.to_string()
    }

    /// When the function first polled for an invocation (its init was over), if it has.
    pub fn first_poll(&self) -> Option<std::time::Instant> {
        *self.inner.first_poll.lock().unwrap()
    }

    /// Queues an event; the answer arrives on the returned receiver once the function has handled it.
    pub fn submit(&self, event: Value) -> oneshot::Receiver<Outcome> {
        let (reply, answer) = oneshot::channel();
        let id = ulid::Ulid::new().to_string().to_lowercase();
        self.submit.send(Invocation { id, event, reply }).expect("runtime API is running");
        answer
    }

    /// Queues an event and waits (up to `timeout`) for the function's outcome.
    pub async fn invoke(&self, event: Value, timeout: Duration) -> Outcome {
        let answer = self.submit(event);
        self.wait(answer, timeout).await
    }

    pub async fn wait(&self, answer: oneshot::Receiver<Outcome>, timeout: Duration) -> Outcome {
        let deadline = tokio::time::Instant::now() + timeout;
        let mut answer = answer;
        loop {
            // An init error is reported before any invocation is taken: look for it while waiting.
            if let Some(e) = self.inner.init_error.lock().await.clone() {
                return Outcome::InitError(e);
            }
            match tokio::time::timeout(Duration::from_millis(50), &mut answer).await {
                Ok(Ok(outcome)) => return outcome,
                Ok(Err(_)) => panic!("the runtime API dropped an invocation"),
                Err(_) if tokio::time::Instant::now() >= deadline => {
                    panic!("no answer from the function within {timeout:?}")
                }
                Err(_) => {}
            }
        }
    }
}

impl Drop for RuntimeApi {
    fn drop(&mut self) {
        self.server.abort();
    }
}

async fn next(State(inner): State<Arc<Inner>>) -> Response {
    inner.first_poll.lock().unwrap().get_or_insert_with(std::time::Instant::now);
    let invocation = {
        let mut queue = inner.queue.lock().await;
        queue.recv().await
    };
    let Some(Invocation { id, event, reply }) = invocation else {
        return StatusCode::GONE.into_response();
    };
    inner.pending.lock().await.insert(id.clone(), reply);
    let deadline = chrono::Utc::now().timestamp_millis() + 30_000;
    let mut headers = HeaderMap::new();
    let header = |v: String| HeaderValue::from_str(&v).expect("header value");
    headers.insert("lambda-runtime-aws-request-id", header(id.clone()));
    headers.insert("lambda-runtime-deadline-ms", header(deadline.to_string()));
    headers.insert("lambda-runtime-invoked-function-arn", header(inner.function_arn.clone()));
    headers.insert(
        "lambda-runtime-trace-id",
        header(format!("Root=1-{:08x}-{};Parent={};Sampled=0", chrono::Utc::now().timestamp(), &id[..24], &id[..16])),
    );
    headers.insert("content-type", HeaderValue::from_static("application/json"));
    (StatusCode::OK, headers, event.to_string()).into_response()
}

fn json_or_text(body: &Bytes) -> Value {
    serde_json::from_slice(body).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(body).into_owned()))
}

async fn response(State(inner): State<Arc<Inner>>, Path(id): Path<String>, body: Bytes) -> StatusCode {
    match inner.pending.lock().await.remove(&id) {
        Some(reply) => {
            let _ = reply.send(Outcome::Response(json_or_text(&body)));
            StatusCode::ACCEPTED
        }
        None => StatusCode::BAD_REQUEST,
    }
}

async fn error(State(inner): State<Arc<Inner>>, Path(id): Path<String>, body: Bytes) -> StatusCode {
    match inner.pending.lock().await.remove(&id) {
        Some(reply) => {
            let _ = reply.send(Outcome::Error(json_or_text(&body)));
            StatusCode::ACCEPTED
        }
        None => StatusCode::BAD_REQUEST,
    }
}

async fn init_error(State(inner): State<Arc<Inner>>, body: Bytes) -> StatusCode {
    *inner.init_error.lock().await = Some(json_or_text(&body));
    StatusCode::ACCEPTED
}
