//! The mail port: verification, reset, invitation and contact mail. Adapters: the local outbox
//! (`bt_adapters_local::outbox`, kept and logged) and SES (`bt_adapters_aws::ses`).

use async_trait::async_trait;
use serde::{Deserialize, Serialize};

use crate::i18n::{translate, Language};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// The one link the mail asks the reader to follow, if any (kept apart so local tests can follow it).
    pub link: Option<String>,
    #[serde(rename = "replyTo", skip_serializing_if = "Option::is_none")]
    pub reply_to: Option<String>,
    /// The one-click unsubscribe address of a reminder or notice (RFC 8058): sent as `List-Unsubscribe` with
    /// `List-Unsubscribe-Post`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unsubscribe: Option<String>,
}

/// A mail as an adapter that keeps mail (the local outbox) kept it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SentMail {
    pub id: String,
    #[serde(flatten)]
    pub mail: Mail,
    #[serde(rename = "sentAt")]
    pub sent_at: String,
}

#[derive(Debug, thiserror::Error)]
#[error("mail could not be sent: {0}")]
pub struct MailError(pub String);

#[async_trait]
pub trait Mailer: Send + Sync + 'static {
    async fn send(&self, mail: Mail) -> Result<(), MailError>;

    /// The mails kept so far, for adapters that keep them (the local outbox); None otherwise.
    fn sent(&self) -> Option<Vec<SentMail>> {
        None
    }
}

/// Builds a mail with one call-to-action link, in text and HTML, for a mail the reader asked for (verification,
/// reset, invitation): it says what to do if they did not. The subject, intro and action are given in `language`
/// already (the callers fill the catalogue's templates with [`crate::i18n::tr`]); the mail's own words follow it.
pub fn link_mail(language: Language, to: &str, subject: &str, intro: &str, action: &str, link: &str) -> Mail {
    let footer = translate(language, "If you did not ask for this, you can ignore this mail.");
    build_mail(language, to, subject, intro, action, link, Some(&footer))
}

/// A notice with one link (a leave request to its approvers, a decision to its requester): nothing to ignore.
pub fn notice_mail(language: Language, to: &str, subject: &str, intro: &str, action: &str, link: &str) -> Mail {
    build_mail(language, to, subject, intro, action, link, None)
}

fn build_mail(
    language: Language,
    to: &str,
    subject: &str,
    intro: &str,
    action: &str,
    link: &str,
    footer: Option<&str>,
) -> Mail {
    let esc = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
    let text_footer = footer.map(|f| format!("{f}\n\n")).unwrap_or_default();
    let html_footer = footer.map(|f| format!("<p>{}</p>", esc(f))).unwrap_or_default();
    let fallback = translate(language, "If the button does not work, open this address:");
    Mail {
        to: to.to_string(),
        // A subject is one header line; names in it may predate the refusal of line breaks in names.
        subject: subject.chars().map(|c| if c.is_control() { ' ' } else { c }).collect(),
        text: format!("{intro}\n\n{action}: {link}\n\n{text_footer}— Breaktime"),
        html: format!(
            "<p>{}</p><p><a href=\"{}\">{}</a></p><p>{} {}</p>{html_footer}<p>— Breaktime</p>",
            esc(intro),
            esc(link),
            esc(action),
            esc(&fallback),
            esc(link)
        ),
        link: Some(link.to_string()),
        reply_to: None,
        unsubscribe: None,
    }
}
