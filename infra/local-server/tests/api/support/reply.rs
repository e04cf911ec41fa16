//! The answer of every harness call: status, headers, the body as text and as JSON (`Null` when it is not JSON),
//! how long it took, and the API's shapes.

use std::time::{Duration, Instant};

use reqwest::header::HeaderMap;
use reqwest::StatusCode;
use serde_json::Value;

#[derive(Debug)]
pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub text: String,
    pub body: Value,
    /// From sending the request to having read the whole answer.
    pub took: Duration,
}

impl Reply {
    /// Reads a whole answer; a body that is not UTF-8 is kept lossily in `text`.
    pub async fn read(response: reqwest::Response, sent: Instant) -> Reply {
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.bytes().await.unwrap_or_default();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let body = serde_json::from_str(&text).unwrap_or(Value::Null);
        Reply { status, headers, body, text, took: sent.elapsed() }
    }
    pub fn data(&self) -> &Value {
        &self.body["data"]
    }
    pub fn message(&self) -> &str {
        self.body["message"].as_str().unwrap_or("")
    }
    /// The validation message of one field (`errors.<name>`).
    pub fn field(&self, name: &str) -> &str {
        self.body["errors"][name].as_str().unwrap_or("")
    }
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
    /// The `Location` of a redirect (empty when there is none).
    pub fn location(&self) -> &str {
        self.header("location").unwrap_or("")
    }
    pub fn id(&self) -> String {
        self.data()["_id"].as_str().expect("an _id").to_string()
    }
    #[track_caller]
    pub fn expect(self, status: u16) -> Reply {
        assert_eq!(self.status.as_u16(), status, "unexpected answer: {}", self.text);
        self
    }
    /// A failure in the API's shape: JSON with a non-empty `message`.
    #[track_caller]
    pub fn expect_error(self, status: u16) -> Reply {
        let reply = self.expect(status);
        assert!(
            reply.header("content-type").is_some_and(|c| c.starts_with("application/json")),
            "not JSON: {:?} {}",
            reply.header("content-type"),
            reply.text
        );
        assert!(!reply.message().is_empty(), "no message: {}", reply.text);
        reply
    }
}
