//! The assistant's language-model port ([`bt_app::assistant::LanguageModel`]) on Amazon Bedrock's Converse API,
//! behind this crate's `bedrock` feature (the Bedrock SDK is linked only into builds that ask for it).
//!
//! One user message with the system prompt, at most 600 tokens at temperature 0; the text of the answer's message is
//! returned as it is. Reading it, and the time allowed, are the assistant's.

use async_trait::async_trait;
use aws_config::SdkConfig;
use aws_sdk_bedrockruntime::error::DisplayErrorContext;
use aws_sdk_bedrockruntime::types::{
    ContentBlock, ConversationRole, ConverseOutput, InferenceConfiguration, Message, SystemContentBlock,
};
use aws_sdk_bedrockruntime::Client;
use bt_app::assistant::{LanguageModel, ModelError};
use tokio::sync::OnceCell;

/// The longest answer asked for, in tokens.
pub const MAX_TOKENS: i32 = 600;

/// A Bedrock model reached through the Converse API.
pub struct Bedrock {
    client: Client,
    model_id: String,
}

impl Bedrock {
    pub fn new(client: Client, model_id: impl Into<String>) -> Bedrock {
        Bedrock { client, model_id: model_id.into() }
    }

    /// A client from an SDK configuration, with the project's HTTPS client, optionally at another endpoint.
    pub fn from_sdk_config(sdk: &SdkConfig, model_id: impl Into<String>, endpoint: Option<String>) -> Bedrock {
        let mut config = aws_sdk_bedrockruntime::config::Builder::from(sdk).http_client(crate::sdk::https_client());
        if let Some(url) = endpoint {
            config = config.endpoint_url(url);
        }
        Bedrock::new(Client::from_conf(config.build()), model_id)
    }

    /// A client from the default AWS configuration (the Lambda's role and region), optionally at another endpoint.
    pub async fn from_aws_config(model_id: impl Into<String>, endpoint: Option<String>) -> Bedrock {
        let sdk = crate::sdk::aws_config_from_env().await;
        Bedrock::from_sdk_config(&sdk, model_id, endpoint)
    }

    pub fn model_id(&self) -> &str {
        &self.model_id
    }
}

#[async_trait]
impl LanguageModel for Bedrock {
    async fn complete(&self, system: &str, user: &str) -> Result<String, ModelError> {
        let message = Message::builder()
            .role(ConversationRole::User)
            .content(ContentBlock::Text(user.to_string()))
            .build()
            .map_err(|e| ModelError::Call(e.to_string()))?;
        let output = self
            .client
            .converse()
            .model_id(&self.model_id)
            .system(SystemContentBlock::Text(system.to_string()))
            .messages(message)
            .inference_config(InferenceConfiguration::builder().max_tokens(MAX_TOKENS).temperature(0.0).build())
            .send()
            .await
            .map_err(|e| ModelError::Call(DisplayErrorContext(e).to_string()))?;
        match output.output() {
            Some(ConverseOutput::Message(m)) => {
                Ok(m.content().iter().filter_map(|b| b.as_text().ok()).map(String::as_str).collect())
            }
            _ => Err(ModelError::Malformed("no message in the answer".into())),
        }
    }
}

/// A [`Bedrock`] client made on the first question: loading the AWS configuration is async and is kept out of the
/// cold start of a function that may never be asked.
pub struct LazyBedrock {
    cell: OnceCell<Bedrock>,
    model_id: String,
    endpoint: Option<String>,
}

impl LazyBedrock {
    pub fn new(model_id: impl Into<String>, endpoint: Option<String>) -> LazyBedrock {
        LazyBedrock { cell: OnceCell::new(), model_id: model_id.into(), endpoint }
    }

    pub async fn get(&self) -> &Bedrock {
        self.cell.get_or_init(|| Bedrock::from_aws_config(self.model_id.clone(), self.endpoint.clone())).await
    }
}

#[async_trait]
impl LanguageModel for LazyBedrock {
    async fn complete(&self, system: &str, user: &str) -> Result<String, ModelError> {
        self.get().await.complete(system, user).await
    }
}
