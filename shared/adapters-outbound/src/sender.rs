//! The one HTTP client of outbound sends, built once (at cold start on Lambda) and shared.

use std::error::Error as _;
use std::sync::Arc;
use std::time::Duration;

use crate::endpoint::{PublicResolver, Refused};
use crate::Policy;

/// The default for both the connect timeout and the whole request: a slow push service or chat hook must not hold
/// a scheduler run that has a minute for all its work.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

/// Sends push messages ([`Sender::push`]) and webhook events ([`Sender::webhook`]).
///
/// Its client resolves names through [`PublicResolver`], follows no redirect (a public address could answer 302 to
/// a private one), ignores proxy settings of the environment (a proxy would resolve names where the resolver cannot
/// check them), and speaks TLS with rustls only.
#[derive(Debug, Clone)]
pub struct Sender {
    pub(crate) client: reqwest::Client,
    pub(crate) policy: Policy,
}

/// Builds a [`Sender`]: the policy (strict by default) and the timeout.
#[derive(Debug, Clone)]
pub struct SenderBuilder {
    policy: Policy,
    timeout: Duration,
}

/// The HTTP client could not be built (its TLS set-up failed).
#[derive(Debug, thiserror::Error)]
#[error("could not build the outbound HTTP client: {0}")]
pub struct BuildError(String);

impl Sender {
    pub fn builder() -> SenderBuilder {
        SenderBuilder { policy: Policy::STRICT, timeout: DEFAULT_TIMEOUT }
    }

    /// A sender with the default timeout.
    pub fn new(policy: Policy) -> Result<Sender, BuildError> {
        Sender::builder().policy(policy).build()
    }

    pub fn policy(&self) -> Policy {
        self.policy
    }
}

impl SenderBuilder {
    pub fn policy(mut self, policy: Policy) -> Self {
        self.policy = policy;
        self
    }

    /// The connect timeout and the limit of a whole request (sending, waiting for and reading the answer).
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    pub fn build(self) -> Result<Sender, BuildError> {
        let client = reqwest::Client::builder()
            .dns_resolver(Arc::new(PublicResolver::new(self.policy)))
            .redirect(reqwest::redirect::Policy::none())
            .no_proxy()
            .connect_timeout(self.timeout)
            .timeout(self.timeout)
            .https_only(!self.policy.allow_insecure)
            .use_rustls_tls()
            .user_agent(concat!("Breaktime/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| BuildError(e.to_string()))?;
        Ok(Sender { client, policy: self.policy })
    }
}

/// A short reason for a request that got no answer, for logs and the admin page: "timed out", the resolver's
/// refusal, or a connection failure. Never the URL (it can hold a token, as Slack's and Teams' hook URLs do).
pub(crate) fn failure_message(error: &reqwest::Error) -> String {
    if error.is_timeout() {
        return "timed out".into();
    }
    let mut source = error.source();
    while let Some(e) = source {
        if let Some(Refused(refusal)) = e.downcast_ref::<Refused>() {
            return refusal.short().into();
        }
        source = e.source();
    }
    if error.is_connect() {
        "connection failed".into()
    } else {
        "request failed".into()
    }
}

/// The beginning of an answer's body, read no further than `limit` bytes: a push service's refusal says why in it,
/// and an endpoint that announces or sends a huge body must not make the server hold it.
pub(crate) async fn body_start(mut response: reqwest::Response, limit: usize) -> String {
    let mut bytes = Vec::new();
    while bytes.len() < limit {
        match response.chunk().await {
            Ok(Some(chunk)) => bytes.extend_from_slice(&chunk),
            _ => break,
        }
    }
    bytes.truncate(limit);
    let text = String::from_utf8_lossy(&bytes);
    let mut line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() > 200 {
        line = line.chars().take(200).collect::<String>() + "…";
    }
    line
}
