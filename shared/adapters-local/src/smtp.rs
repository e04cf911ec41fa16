//! Mail through an SMTP server, for a self-hosted Breaktime (`SMTP_URL`, e.g.
//! `smtps://user:password@smtp.example.com` for TLS on 465, `smtp://user:password@smtp.example.com:587?tls=required`
//! for STARTTLS, `smtp://127.0.0.1:25` for a relay on the same host), sent as `MAIL_FROM`. Each mail carries its text
//! and HTML parts, `Reply-To` when it has one, and the one-click unsubscribe headers of RFC 8058.

use async_trait::async_trait;
use bt_domain::mail::{Mail, MailError, Mailer};
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl SmtpMailer {
    /// A mailer for the server of `url`, sending as `from` (an address, or `Name <address>`).
    pub fn new(url: &str, from: &str) -> Result<Self, MailError> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| MailError(format!("SMTP_URL is not usable: {e}")))?
            .timeout(Some(std::time::Duration::from_secs(20)))
            .build();
        let from =
            from.parse::<Mailbox>().map_err(|e| MailError(format!("MAIL_FROM {from:?} is not an address: {e}")))?;
        Ok(SmtpMailer { transport, from })
    }
}

/// The MIME message of `mail` from `from`.
pub fn message(from: &Mailbox, mail: &Mail) -> Result<Message, MailError> {
    let mailbox = |address: &str| address.parse::<Mailbox>().map_err(|e| MailError(format!("{address}: {e}")));
    let mut builder = Message::builder().from(from.clone()).to(mailbox(&mail.to)?).subject(&mail.subject);
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
        .singlepart(SinglePart::builder().header(ContentType::TEXT_PLAIN).body(mail.text.clone()))
        .singlepart(SinglePart::builder().header(ContentType::TEXT_HTML).body(mail.html.clone()));
    builder.multipart(body).map_err(|e| MailError(e.to_string()))
}

#[async_trait]
impl Mailer for SmtpMailer {
    #[tracing::instrument(skip_all)]
    async fn send(&self, mail: Mail) -> Result<(), MailError> {
        let message = message(&self.from, &mail)?;
        let answer = self.transport.send(message).await.map_err(|e| MailError(format!("SMTP: {e}")))?;
        tracing::info!(code = %answer.code(), "mail sent over SMTP");
        Ok(())
    }
}
