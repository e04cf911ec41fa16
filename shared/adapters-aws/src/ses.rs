//! The SES adapter of the mail port (feature `aws`): one SendEmail per mail, text and HTML bodies. A reminder's mail
//! carries `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058), which SendEmail cannot set: it goes as a MIME
//! message built with lettre through SendRawEmail.

use async_trait::async_trait;
use aws_config::SdkConfig;
use aws_sdk_ses::error::DisplayErrorContext;
use aws_sdk_ses::types::{Body, Content, Destination, Message};
use aws_sdk_ses::Client;

use bt_app::config::Config;
use bt_app::mail::{Mail, MailError, Mailer};

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
        if mail.unsubscribe.is_some() {
            return self.send_raw(mail).await;
        }
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

impl SesMailer {
    async fn send_raw(&self, mail: Mail) -> Result<(), MailError> {
        let raw = mime_message(&self.from, &mail)?;
        let sent = self
            .client
            .send_raw_email()
            .source(&self.from)
            .destinations(&mail.to)
            .raw_message(
                aws_sdk_ses::types::RawMessage::builder()
                    .data(aws_sdk_ses::primitives::Blob::new(raw))
                    .build()
                    .map_err(|e| MailError(e.to_string()))?,
            )
            .set_configuration_set_name(self.configuration_set.clone())
            .send()
            .await
            .map_err(|e| MailError(DisplayErrorContext(&e).to_string()))?;
        tracing::info!(message_id = sent.message_id(), "mail sent through SES (raw)");
        Ok(())
    }
}

/// The whole MIME message: text and HTML alternatives, and the one-click unsubscribe headers.
pub fn mime_message(from: &str, mail: &Mail) -> Result<Vec<u8>, MailError> {
    use lettre::message::header::{ContentType, HeaderName, HeaderValue};
    use lettre::message::{Mailbox, MultiPart};
    let mailbox = |address: &str| address.parse::<Mailbox>().map_err(|e| MailError(format!("{address}: {e}")));
    let mut builder = lettre::Message::builder().from(mailbox(from)?).to(mailbox(&mail.to)?).subject(&mail.subject);
    if let Some(reply_to) = &mail.reply_to {
        builder = builder.reply_to(mailbox(reply_to)?);
    }
    if let Some(url) = &mail.unsubscribe {
        let header = |name: &'static str, value: String| HeaderValue::new(HeaderName::new_from_ascii_str(name), value);
        builder = builder
            .raw_header(header("List-Unsubscribe", format!("<{url}>")))
            .raw_header(header("List-Unsubscribe-Post", "List-Unsubscribe=One-Click".into()));
    }
    let body = MultiPart::alternative()
        .singlepart(lettre::message::SinglePart::builder().header(ContentType::TEXT_PLAIN).body(mail.text.clone()))
        .singlepart(lettre::message::SinglePart::builder().header(ContentType::TEXT_HTML).body(mail.html.clone()));
    let message = builder.multipart(body).map_err(|e| MailError(e.to_string()))?;
    Ok(message.formatted())
}
