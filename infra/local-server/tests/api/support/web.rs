//! What the security tests send beyond plain JSON calls: a web build to serve, requests with any header and any
//! bytes, request lines written by hand, and JWTs taken apart and put together.

use std::path::PathBuf;
use std::time::Instant;

use reqwest::header::{HeaderName, HeaderValue};
use reqwest::Method;
use serde_json::Value;

use super::{Person, Reply, TestApp};

/// A web app build of its own (`index.html`, one hashed asset and its Brotli copy) in `<root>/dist`, next to a file that must never be
/// served (`<root>/secret.txt`); removed when dropped.
pub struct TempDist {
    pub root: PathBuf,
    pub path: PathBuf,
}

pub const INDEX_HTML: &str = "<!doctype html><html><head><title>Breaktime</title></head><body>app</body></html>";
pub const ASSET_PATH: &str = "/assets/index-3f2a9c.js";
pub const ASSET_JS: &str = "console.log('breaktime');";
/// Stands in for the build's Brotli copy of the asset (`<asset>.br`): the server sends it as it is.
pub const ASSET_BR: &str = "brotli-copy-of-the-asset";
pub const SECRET: &str = "not-for-the-web-3b1f";

impl TempDist {
    pub fn new() -> TempDist {
        use std::sync::atomic::{AtomicU64, Ordering};
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let root = std::env::temp_dir().join(format!(
            "breaktime-security-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let path = root.join("dist");
        std::fs::create_dir_all(path.join("assets")).expect("a temporary web build");
        std::fs::write(path.join("index.html"), INDEX_HTML).expect("index.html");
        std::fs::write(path.join(ASSET_PATH.trim_start_matches('/')), ASSET_JS).expect("an asset");
        std::fs::write(path.join(format!("{}.br", ASSET_PATH.trim_start_matches('/'))), ASSET_BR)
            .expect("its Brotli copy");
        std::fs::write(root.join("secret.txt"), SECRET).expect("a file outside the build");
        TempDist { root, path }
    }
}

impl Drop for TempDist {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// A request being put together: `app.call(Method::POST, "/break/add").bearer(&t).json(&body).send().await`.
pub struct Call<'a> {
    app: &'a TestApp,
    builder: reqwest::RequestBuilder,
}

impl<'a> Call<'a> {
    pub fn bearer(self, token: &str) -> Self {
        self.header("authorization", &format!("Bearer {token}"))
    }
    pub fn by(self, who: &Person) -> Self {
        self.bearer(&who.token)
    }
    pub fn header(self, name: &str, value: &str) -> Self {
        let name = HeaderName::from_bytes(name.as_bytes()).expect("a header name");
        let value = HeaderValue::from_str(value).expect("a header value");
        Call { builder: self.builder.header(name, value), ..self }
    }
    /// A header value of raw bytes (not necessarily UTF-8).
    pub fn header_bytes(self, name: &str, value: &[u8]) -> Self {
        let name = HeaderName::from_bytes(name.as_bytes()).expect("a header name");
        let value = HeaderValue::from_bytes(value).expect("a header value");
        Call { builder: self.builder.header(name, value), ..self }
    }
    pub fn json(self, body: &Value) -> Self {
        self.header("content-type", "application/json").body(body.to_string().into_bytes())
    }
    pub fn body(self, bytes: Vec<u8>) -> Self {
        Call { builder: self.builder.body(bytes), ..self }
    }
    pub async fn send(self) -> Reply {
        let _ = self.app;
        let sent = Instant::now();
        Reply::read(self.builder.send().await.expect("the app answers"), sent).await
    }
}

impl TestApp {
    pub fn call(&self, method: Method, path: &str) -> Call<'_> {
        Call { app: self, builder: self.api.client.request(method, self.url(path)) }
    }

    /// A GET written by hand on a fresh connection, for request lines no HTTP client library sends (a URI over
    /// 64 KiB). Answers the status and the body (`Null` unless JSON).
    pub async fn raw_get(&self, path_and_query: &str, token: &str) -> (u16, Option<String>, Value) {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let host = self.base.trim_start_matches("http://");
        let mut stream = tokio::net::TcpStream::connect(host).await.expect("a connection");
        let request = format!(
            "GET {path_and_query} HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\nConnection: close\r\n\r\n"
        );
        stream.write_all(request.as_bytes()).await.expect("the request is sent");
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer).await;
        let answer = String::from_utf8_lossy(&answer).into_owned();
        let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
        let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status line");
        let content_type = head
            .lines()
            .find_map(|l| l.split_once(':').filter(|(n, _)| n.eq_ignore_ascii_case("content-type")))
            .map(|(_, v)| v.trim().to_string());
        (status, content_type, serde_json::from_str(body).unwrap_or(Value::Null))
    }
}

/// base64url without padding, as in a JWT.
pub fn b64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |acc, (i, b)| acc | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// The bytes of base64url text (with or without padding).
pub fn b64url_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'-' => 62,
        b'_' => 63,
        _ => panic!("not base64url: {c}"),
    };
    let digits: Vec<u8> = text.bytes().filter(|c| *c != b'=').map(value).collect();
    let mut out = Vec::new();
    for chunk in digits.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |acc, (i, d)| acc | (u32::from(*d) << (18 - 6 * i)));
        for i in 0..chunk.len().saturating_sub(1) {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    out
}

/// The header and claims of a JWT.
pub fn jwt_parts(token: &str) -> (Value, Value, String) {
    let mut parts = token.split('.');
    let header = serde_json::from_slice(&b64url_decode(parts.next().unwrap())).expect("a JWT header");
    let claims = serde_json::from_slice(&b64url_decode(parts.next().unwrap())).expect("JWT claims");
    (header, claims, parts.next().expect("a signature").to_string())
}

/// A JWT of the given header and claims with the given signature (base64url text, possibly empty).
pub fn jwt(header: &Value, claims: &Value, signature: &str) -> String {
    format!("{}.{}.{signature}", b64url(header.to_string().as_bytes()), b64url(claims.to_string().as_bytes()))
}
