//! The mail port over SMTP, for a self-hosted server: each mail goes to the relay named by `SMTP_URL` (lettre's
//! pooled async transport) as text and HTML alternatives, with the one-click unsubscribe headers of RFC 8058.
//!
//! `SMTP_URL` takes lettre's form: `smtp://user:pass@host:587?tls=required` (STARTTLS, refused without it),
//! `smtps://user:pass@host:465` (TLS from the first byte), or `smtp://host:25` (plain, for a relay on the same
//! machine or network). `MAIL_FROM` is the sender, e.g. `Breaktime <breaktime@example.com>`.

use async_trait::async_trait;
use bt_app::mail::{Mail, MailError, Mailer};
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

/// Shows the sender only: the transport holds the relay's credentials.
impl std::fmt::Debug for SmtpMailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpMailer").field("from", &self.from.to_string()).finish_non_exhaustive()
    }
}

impl SmtpMailer {
    /// A mailer for the relay at `url` (see the module notes) sending as `from`. Nothing is sent or connected yet.
    pub fn new(url: &str, from: &str) -> anyhow::Result<Self> {
        let from = from.parse::<Mailbox>().map_err(|e| anyhow::anyhow!("MAIL_FROM {from:?} is not an address: {e}"))?;
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| anyhow::anyhow!("SMTP_URL is not an smtp:// or smtps:// address: {e}"))?
            .timeout(Some(std::time::Duration::from_secs(20)))
            .build();
        Ok(SmtpMailer { transport, from })
    }

    /// Connects and greets the relay (and signs in, when the address carries a user): a start-up check.
    pub async fn check(&self) -> anyhow::Result<()> {
        match self.transport.test_connection().await {
            Ok(true) => Ok(()),
            Ok(false) => anyhow::bail!("the SMTP relay did not answer"),
            Err(e) => anyhow::bail!("the SMTP relay cannot be reached: {e}"),
        }
    }

    fn message(&self, mail: &Mail) -> Result<Message, MailError> {
        let mailbox = |address: &str| address.parse::<Mailbox>().map_err(|e| MailError(format!("{address}: {e}")));
        let mut builder = Message::builder().from(self.from.clone()).to(mailbox(&mail.to)?).subject(&mail.subject);
        if let Some(reply_to) = &mail.reply_to {
            builder = builder.reply_to(mailbox(reply_to)?);
        }
        if let Some(url) = &mail.unsubscribe {
            let header =
                |name: &'static str, value: String| HeaderValue::new(HeaderName::new_from_ascii_str(name), value);
            builder = builder
                .raw_header(header("List-Unsubscribe", format!("<{url}>")))
                .raw_header(header("List-Unsubscribe-Post", "List-Unsubscribe=One-Click".into()));
        }
        let body = MultiPart::alternative()
            .singlepart(SinglePart::builder().header(ContentType::TEXT_PLAIN).body(mail.text.clone()))
            .singlepart(SinglePart::builder().header(ContentType::TEXT_HTML).body(mail.html.clone()));
        builder.multipart(body).map_err(|e| MailError(e.to_string()))
    }
}

#[async_trait]
impl Mailer for SmtpMailer {
    async fn send(&self, mail: Mail) -> Result<(), MailError> {
        let message = self.message(&mail)?;
        let response = self.transport.send(message).await.map_err(|e| MailError(e.to_string()))?;
        tracing::info!(to = %mail.to, subject = %mail.subject, code = %response.code(), "mail sent through SMTP");
        Ok(())
    }
}
