//! The `contact` endpoint group: `POST /contactUs/send`, the support and feedback form, open to signed-out visitors.
//! Each message is stored first (`CONTACT#<yyyy-mm>` / `<id>`), then mailed to the support address with the sender as
//! reply-to, so a mail outage loses nothing.

use axum::extract::State;
use axum::routing::post;
use axum::Router;
use bt_domain::account::{new_id, to_item};
use bt_domain::mail::Mail;
use bt_domain::store::{Cond, Item};
use bt_domain::validate::{normalize_email, Check};
use bt_domain::{keys, ratelimit};
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiResult, ClientIp};
use serde::Deserialize;
use serde_json::json;

pub fn router() -> Router<AppState> {
    Router::new().route("/contactUs/send", post(send))
}

/// What the web app checks for: the answer's data is exactly this text.
const SENT: &str = "message sent!";

#[derive(Deserialize)]
pub struct ContactBody {
    #[serde(default)]
    email: String,
    #[serde(default)]
    subject: String,
    #[serde(default)]
    description: String,
    /// Honeypot: hidden from people, filled in by form-filling bots.
    #[serde(default)]
    website: String,
}

#[tracing::instrument(skip(state, body))]
pub async fn send(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<ContactBody>,
) -> ApiResult {
    let email = normalize_email(&body.email);
    let subject = body.subject.trim();
    let description = body.description.trim();
    Check::new()
        .email("email", &email, "Please provide a valid email.")
        .required("subject", subject, "Subject is required.")
        .max_chars("subject", subject, 200, "Subject must not exceed 200 characters.")
        .required("description", description, "Description is required.")
        .max_chars("description", description, 3000, "Description must not exceed 3000 characters.")
        .finish()?;
    ratelimit::hit(&state, "contact-ip", &ip, state.config.rate_limits.contact_per_ip).await?;
    if !body.website.trim().is_empty() {
        // A bot: it is told what a person would be told, and nothing is kept or sent.
        tracing::info!("contact form honeypot filled; message dropped");
        return Ok(data(SENT));
    }

    let now = state.clock.now();
    let id = new_id();
    let key = keys::contact_message(&now.format("%Y-%m").to_string(), &id);
    let message = json!({
        "id": id,
        "email": email,
        "subject": subject,
        "description": description,
        "createdAt": now.to_rfc3339(),
        "mailed": false,
    });
    state.store.put(to_item("contact_message", &key, &message)?, Cond::NotExists).await?;

    match state.mailer.send(support_mail(&state, &email, subject, description)).await {
        Ok(()) => {
            let mut set = Item::new();
            set.insert("mailed".into(), true.into());
            if let Err(e) = state.store.update(&key, set, Cond::Exists).await {
                tracing::warn!(error = %e, message_id = %id, "contact message mailed but not marked");
            }
        }
        // Stored, so support still sees it; the sender is not asked to try again.
        Err(e) => tracing::error!(error = %e, message_id = %id, "contact message stored but not mailed"),
    }
    Ok(data(SENT))
}

fn support_mail(state: &AppState, from: &str, subject: &str, description: &str) -> Mail {
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
    }
}
