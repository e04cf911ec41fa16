//! The assistant's port to a hosted language model: one system prompt and one user message in, the model's text out.
//! Plain Rust, no provider types: the assistant function reads and checks the text, an adapter crate (Amazon Bedrock
//! in `bt-adapters-aws`, feature `bedrock`) implements the port, and the Lambda start-up wires them together.

use std::fmt;

use async_trait::async_trait;

/// Why a model gave no usable answer; the assistant then answers with its built-in engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModelError {
    /// The call failed (network, service, permissions, throttling).
    Call(String),
    /// No answer within the time allowed.
    Timeout,
    /// An answer, but not one that can be used (no text, or not the asked-for shape).
    Malformed(String),
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::Call(e) => write!(f, "model call failed: {e}"),
            ModelError::Timeout => write!(f, "model timed out"),
            ModelError::Malformed(e) => write!(f, "malformed model answer: {e}"),
        }
    }
}

impl std::error::Error for ModelError {}

/// A hosted language model, asked one question at a time.
#[async_trait]
pub trait LanguageModel: Send + Sync {
    /// The model's text answer to `user`, instructed by `system`.
    async fn complete(&self, system: &str, user: &str) -> Result<String, ModelError>;
}
