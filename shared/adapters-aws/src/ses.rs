//! The SES adapter of the mail port (feature `aws`): one SendEmail per mail, text and HTML bodies.

use async_trait::async_trait;
use aws_config::SdkConfig;
use aws_sdk_ses::error::DisplayErrorContext;
use aws_sdk_ses::types::{Body, Content, Destination, Message};
use aws_sdk_ses::Client;

use bt_domain::config::Config;
use bt_domain::mail::{Mail, MailError, Mailer};

pub struct SesMailer {
    client: Client,
    from: String,
    configuration_set: Option<String>,
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}

impl SesMailer {
    /// `from` must be a verified SES identity (an address, or an address of a verified domain).
    pub fn new(client: Client, from: impl Into<String>, configuration_set: Option<String>) -> Self {
        SesMailer { client, from: from.into(), configuration_set }
    }

    /// Sends as `config.mail_from`; `SES_ENDPOINT` points the client elsewhere (moto), `SES_CONFIGURATION_SET`
    /// names the configuration set (delivery events) every mail goes through.
    pub fn from_env(aws: &SdkConfig, config: &Config) -> Self {
        let mut builder = aws_sdk_ses::config::Builder::from(aws);
        if let Some(url) = env("SES_ENDPOINT") {
            builder = builder.endpoint_url(url);
        }
        Self::new(Client::from_conf(builder.build()), config.mail_from.clone(), env("SES_CONFIGURATION_SET"))
    }
}

fn utf8(data: &str) -> Result<Content, MailError> {
    Content::builder().data(data).charset("UTF-8").build().map_err(|e| MailError(e.to_string()))
}

#[async_trait]
impl Mailer for SesMailer {
    #[tracing::instrument(skip_all)]
    async fn send(&self, mail: Mail) -> Result<(), MailError> {
        let message = Message::builder()
            .subject(utf8(&mail.subject)?)
            .body(Body::builder().text(utf8(&mail.text)?).html(utf8(&mail.html)?).build())
            .build();
        let sent = self
            .client
            .send_email()
            .source(&self.from)
            .destination(Destination::builder().to_addresses(&mail.to).build())
            .message(message)
            .set_reply_to_addresses(mail.reply_to.map(|r| vec![r]))
            .set_configuration_set_name(self.configuration_set.clone())
            .send()
            .await
            .map_err(|e| MailError(DisplayErrorContext(&e).to_string()))?;
        tracing::info!(message_id = sent.message_id(), "mail sent through SES");
        Ok(())
    }
}
