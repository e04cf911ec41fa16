//! The SES adapter against moto's SES: a mail sent through the real SDK is read back from what moto kept.

use bt_testkit as support;

use bt_adapters_aws::ses::SesMailer;
use bt_app::config::Config;
use bt_app::i18n::Language;
use bt_app::mail::{link_mail, Mail, Mailer};
use serde_json::Value;

const SENDER: &str = "no-reply@breaktime.test";

/// A mailer on moto sending as a verified identity, or None when moto is not available.
async fn mailer(test: &str) -> Option<(SesMailer, String)> {
    let url = support::moto_url(test)?;
    let aws = support::sdk_config(&url).await;
    // SES only sends from verified identities; moto checks that too.
    aws_sdk_ses::Client::new(&aws).verify_email_identity().email_address(SENDER).send().await.expect("verify sender");
    let mut config = Config::for_tests();
    config.mail_from = format!("Breaktime <{SENDER}>");
    Some((SesMailer::from_env(&aws, &config), url))
}

use support::moto_sent_mails as sent_messages;

fn sent_to<'a>(messages: &'a [Value], to: &str) -> Vec<&'a Value> {
    messages
        .iter()
        .filter(|m| m["destinations"]["ToAddresses"].as_array().is_some_and(|a| a.contains(&to.into())))
        .collect()
}

#[tokio::test]
async fn a_link_mail_reaches_moto_with_recipient_subject_and_link() {
    let Some((mailer, moto)) = mailer("a_link_mail_reaches_moto_with_recipient_subject_and_link").await else {
        return;
    };
    let to = format!("{}@example.com", ulid::Ulid::new().to_string().to_lowercase());
    let link = format!("http://127.0.0.1:8080/verify-email?token={}", ulid::Ulid::new());
    let mail = link_mail(Language::En, &to, "Verify your email", "Welcome to Breaktime.", "Verify your email", &link);
    mailer.send(mail).await.expect("SES accepts the mail");

    let messages = sent_messages(&moto).await;
    let mine = sent_to(&messages, &to);
    assert_eq!(mine.len(), 1, "exactly one message to {to} in {messages:?}");
    let message = mine[0];
    assert_eq!(message["subject"], "Verify your email");
    assert_eq!(message["source"], format!("Breaktime <{SENDER}>"));
    // moto keeps the HTML body when both bodies are sent.
    let body = message["body"].as_str().expect("a body");
    assert!(body.contains(&link), "the link {link} is in the body: {body}");
}

#[tokio::test]
async fn reply_to_and_unverified_senders() {
    let Some((mailer, moto)) = mailer("reply_to_and_unverified_senders").await else {
        return;
    };
    let to = format!("{}@example.com", ulid::Ulid::new().to_string().to_lowercase());
    let mail = Mail {
        to: to.clone(),
        subject: "Contact: hello".into(),
        text: "A message".into(),
        html: "<p>A message</p>".into(),
        link: None,
        reply_to: Some("visitor@example.com".into()),
        unsubscribe: None,
    };
    mailer.send(mail.clone()).await.expect("SES accepts a mail with a reply-to address");
    assert_eq!(sent_to(&sent_messages(&moto).await, &to).len(), 1);

    // A sender SES has not verified is refused, and the caller hears about it.
    let aws = support::sdk_config(&moto).await;
    let mut config = Config::for_tests();
    config.mail_from = "someone@unverified.test".into();
    let unverified = SesMailer::from_env(&aws, &config);
    let err = unverified.send(mail).await.expect_err("an unverified sender is refused");
    assert!(err.to_string().contains("not verified"), "{err}");
}

#[tokio::test]
async fn a_reminder_mail_carries_its_one_click_unsubscribe_headers() {
    let Some((mailer, moto)) = mailer("a_reminder_mail_carries_its_one_click_unsubscribe_headers").await else {
        return;
    };
    let to = format!("{}@example.com", ulid::Ulid::new().to_string().to_lowercase());
    let unsubscribe = "https://api.example.com/notifications/unsubscribe?token=01HZ.break.abc";
    let mut mail = bt_app::mail::notice_mail(
        Language::En,
        &to,
        "Still on break?",
        "Your break started at 12:00.",
        "End it",
        "https://app.example.com/breaks",
    );
    mail.unsubscribe = Some(unsubscribe.into());
    // The MIME message as SES gets it.
    let raw = String::from_utf8(bt_adapters_aws::ses::mime_message(SENDER, &mail).unwrap()).unwrap();
    assert!(raw.contains(&format!("List-Unsubscribe: <{unsubscribe}>")), "{raw}");
    assert!(raw.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"), "{raw}");
    assert!(raw.contains("text/plain") && raw.contains("text/html"));
    mailer.send(mail).await.expect("SES accepts the raw mail");
    let data: Value = reqwest::get(format!("{moto}/moto-api/data.json")).await.unwrap().json().await.unwrap();
    let kept = data.to_string();
    assert!(kept.contains("List-Unsubscribe"), "moto kept the raw message with its headers");
    assert!(kept.contains(&to));
}
