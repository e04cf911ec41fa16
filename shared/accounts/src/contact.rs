//! Contact messages (the support and feedback form, open to signed-out visitors). Each message is stored first
//! (`CONTACT#<yyyy-mm>` / `<id>`), then mailed to the support address with the sender as reply-to, so a mail outage
//! loses nothing.

use serde_json::json;

use super::new_id;
use crate::repo;
use bt_core::error::AppResult;
use bt_core::mail::Mail;
use bt_core::ratelimit;
use bt_core::services::Services;
use bt_core::types::Email;
use bt_core::validate::{normalize_email, Check};

/// What the form sends.
#[derive(Debug, Clone, Default)]
pub struct ContactInput {
    pub email: String,
    pub subject: String,
    pub description: String,
    /// Honeypot: must be empty (hidden from people, filled in by form-filling bots).
    pub website: String,
}

/// Checks, stores and mails a message (rate-limited per client address). A bot that filled in the honeypot is
/// answered like a person, and nothing is kept or sent.
pub async fn submit(state: &Services, ip: &str, input: &ContactInput) -> AppResult<()> {
    let email = Email::parse(&normalize_email(&input.email)).ok();
    let subject = input.subject.trim();
    let description = input.description.trim();
    Check::new()
        .rule("email", email.is_some(), "Please provide a valid email.")
        .required("subject", subject, "Subject is required.")
        .max_chars("subject", subject, 200, "Subject must not exceed 200 characters.")
        .required("description", description, "Description is required.")
        .max_chars("description", description, 3000, "Description must not exceed 3000 characters.")
        .finish()?;
    let email = email.expect("checked");
    ratelimit::hit(state, "contact-ip", ip, state.config.rate_limits.contact_per_ip).await?;
    if !input.website.trim().is_empty() {
        tracing::info!("contact form honeypot filled; message dropped");
        return Ok(());
    }

    let now = state.clock.now();
    let id = new_id();
    let month = now.format("%Y-%m").to_string();
    let message = json!({
        "id": id,
        "email": email,
        "subject": subject,
        "description": description,
        "createdAt": now.to_rfc3339(),
        "mailed": false,
    });
    repo::contact::insert(state.table(), &month, &id, &message).await?;

    match state.mailer.send(support_mail(state, &email, subject, description)).await {
        Ok(()) => {
            if let Err(e) = repo::contact::mark_mailed(state.table(), &month, &id).await {
                tracing::warn!(error = %e, message_id = %id, "contact message mailed but not marked");
            }
        }
        // Stored, so support still sees it; the sender is not asked to try again.
        Err(e) => tracing::error!(error = %e, message_id = %id, "contact message stored but not mailed"),
    }
    Ok(())
}

/// The mail to the support address, with the sender as reply-to.
pub fn support_mail(state: &Services, from: &str, subject: &str, description: &str) -> Mail {
    // A subject is one header line: no line breaks or other control characters from the form.
    let one_line: String = subject.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    let esc = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
    Mail {
        to: state.config.support_email.clone(),
        subject: format!("[Breaktime contact] {one_line}"),
        text: format!("From: {from}\nSubject: {subject}\n\n{description}\n"),
        html: format!(
            "<p><strong>From:</strong> {}</p><p><strong>Subject:</strong> {}</p><p style=\"white-space: pre-wrap\">{}</p>",
            esc(from),
            esc(subject),
            esc(description)
        ),
        link: None,
        reply_to: Some(from.to_string()),
        unsubscribe: None,
    }
}
