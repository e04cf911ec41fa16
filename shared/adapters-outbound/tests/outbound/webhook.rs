use std::net::TcpListener;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use bt_adapters_outbound::webhook::{EVENT_ID_HEADER, SIGNATURE_HEADER};
use bt_adapters_outbound::{
    new_secret, signature_header, verify_signature, DeliveryOutcome, Policy, Sender, SignatureError, WebhookEvent,
    WebhookFormat,
};
use serde_json::{json, Value};

use crate::support::{local_sender, spawn, Answer};

const FIVE_MINUTES: Duration = Duration::from_secs(300);

fn event() -> WebhookEvent {
    WebhookEvent {
        id: "01JGZ8Q4V5X0M3Y2K7T9N6B1CD".into(),
        kind: "leave.approved".into(),
        occurred_at: "2026-01-05T09:30:00Z".into(),
        text: "Ana's leave from 12 to 16 January was approved".into(),
        data: json!({"leaveId": "01JGZ8PZ", "from": "2026-01-12", "to": "2026-01-16"}),
    }
}

#[tokio::test]
async fn a_generic_hook_gets_the_event_signed() {
    let receiver = spawn(vec![Answer::Status(204)]).await;
    let secret = new_secret();
    let outcome = local_sender().webhook(&receiver.url("/hooks/bt"), WebhookFormat::Generic, &secret, &event()).await;
    assert_eq!(outcome, DeliveryOutcome::Delivered { status: 204 });

    let got = &receiver.received()[0];
    assert_eq!(got.header("content-type"), "application/json");
    assert_eq!(got.header(EVENT_ID_HEADER), "01JGZ8Q4V5X0M3Y2K7T9N6B1CD");
    let signature = got.header(SIGNATURE_HEADER);
    verify_signature(&secret, signature, &got.body, SystemTime::now(), FIVE_MINUTES).unwrap();
    let body: Value = serde_json::from_slice(&got.body).unwrap();
    assert_eq!(
        body,
        json!({
            "id": "01JGZ8Q4V5X0M3Y2K7T9N6B1CD",
            "type": "leave.approved",
            "occurredAt": "2026-01-05T09:30:00Z",
            "text": "Ana's leave from 12 to 16 January was approved",
            "data": {"leaveId": "01JGZ8PZ", "from": "2026-01-12", "to": "2026-01-16"},
        })
    );

    // What a receiver must refuse: another secret, a changed body, an old timestamp.
    assert_eq!(
        verify_signature(&new_secret(), signature, &got.body, SystemTime::now(), FIVE_MINUTES),
        Err(SignatureError::Mismatch)
    );
    let mut changed = got.body.clone();
    changed[10] ^= 1;
    assert_eq!(
        verify_signature(&secret, signature, &changed, SystemTime::now(), FIVE_MINUTES),
        Err(SignatureError::Mismatch)
    );
    let later = SystemTime::now() + Duration::from_secs(600);
    assert_eq!(verify_signature(&secret, signature, &got.body, later, FIVE_MINUTES), Err(SignatureError::Stale));
    assert_eq!(
        verify_signature(&secret, "v1=abcd", &got.body, SystemTime::now(), FIVE_MINUTES),
        Err(SignatureError::Malformed)
    );
}

#[tokio::test]
async fn slack_and_teams_hooks_get_the_shapes_they_accept() {
    let receiver = spawn(vec![Answer::Status(200)]).await;
    let sender = local_sender();
    let secret = new_secret();
    for format in [WebhookFormat::Slack, WebhookFormat::Teams] {
        let outcome = sender.webhook(&receiver.url("/services/T0/B0/x"), format, &secret, &event()).await;
        assert_eq!(outcome, DeliveryOutcome::Delivered { status: 200 });
    }
    let got = receiver.received();
    for request in &got {
        assert_eq!(request.header(EVENT_ID_HEADER), "01JGZ8Q4V5X0M3Y2K7T9N6B1CD");
        assert!(request.headers.get(SIGNATURE_HEADER).is_none(), "only generic hooks are signed");
    }
    let slack: Value = serde_json::from_slice(&got[0].body).unwrap();
    assert_eq!(slack, json!({"text": "Ana's leave from 12 to 16 January was approved"}));
    let teams: Value = serde_json::from_slice(&got[1].body).unwrap();
    assert_eq!(teams["type"], "message");
    let attachment = &teams["attachments"][0];
    assert_eq!(attachment["contentType"], "application/vnd.microsoft.card.adaptive");
    assert_eq!(attachment["content"]["type"], "AdaptiveCard");
    assert_eq!(attachment["content"]["body"][0]["type"], "TextBlock");
    assert_eq!(attachment["content"]["body"][0]["text"], "Ana's leave from 12 to 16 January was approved");
}

#[test]
fn formats_are_named_in_lowercase() {
    assert_eq!(serde_json::to_string(&WebhookFormat::Teams).unwrap(), r#""teams""#);
    assert_eq!(serde_json::from_str::<WebhookFormat>(r#""generic""#).unwrap(), WebhookFormat::Generic);
}

#[test]
fn a_secret_is_prefixed_random_and_long() {
    let (a, b) = (new_secret(), new_secret());
    assert!(a.starts_with("whsec_") && a.len() == 6 + 43, "{a}");
    assert_ne!(a, b);
}

/// The worked example of the crate's documentation, so that the docs cannot drift from the code.
#[test]
fn the_documented_signature_example_holds() {
    let body = br#"{"id":"01JGZ8Q4V5X0M3Y2K7T9N6B1CD","type":"break.started"}"#;
    let header = signature_header("whsec_example", 1767225600, body);
    assert_eq!(header, "t=1767225600,v1=5e7724169b81d59fd698ea757d3a2ea96e39fb53291a95dbfaa02ff1e5fe1c46");
    let at = UNIX_EPOCH + Duration::from_secs(1767225660);
    verify_signature("whsec_example", &header, body, at, FIVE_MINUTES).unwrap();
    // A rotated secret: either v1 may match.
    let rotated = format!("{header},v1={}", "00".repeat(32));
    verify_signature("whsec_example", &rotated, body, at, FIVE_MINUTES).unwrap();
}

#[tokio::test]
async fn failures_say_why_in_a_few_words() {
    let receiver = spawn(vec![Answer::Status(500), Answer::Status(404)]).await;
    let sender = local_sender();
    let url = receiver.url("/h");
    assert_eq!(
        sender.webhook(&url, WebhookFormat::Slack, "s", &event()).await,
        DeliveryOutcome::Failed { status: Some(500), message: "HTTP 500".into() }
    );
    assert_eq!(
        sender.webhook(&url, WebhookFormat::Slack, "s", &event()).await,
        DeliveryOutcome::Failed { status: Some(404), message: "HTTP 404".into() }
    );
    let strict = Sender::new(Policy::STRICT).unwrap();
    assert_eq!(
        strict.webhook(&url, WebhookFormat::Slack, "s", &event()).await,
        DeliveryOutcome::Failed { status: None, message: "address refused: not https".into() }
    );
    assert_eq!(
        sender.webhook("https://169.254.169.254/latest", WebhookFormat::Generic, "s", &event()).await,
        DeliveryOutcome::Failed { status: None, message: "address refused: not public".into() }
    );
    assert_eq!(receiver.received().len(), 2);
}

#[tokio::test]
async fn a_redirect_is_not_followed() {
    let target = spawn(vec![Answer::Status(200)]).await;
    let receiver = spawn(vec![Answer::Redirect(target.url("/inside"))]).await;
    let outcome = local_sender().webhook(&receiver.url("/h"), WebhookFormat::Generic, "s", &event()).await;
    assert_eq!(
        outcome,
        DeliveryOutcome::Failed { status: Some(302), message: "HTTP 302: redirects are not followed".into() }
    );
    assert!(target.received().is_empty());
}

#[tokio::test]
async fn a_receiver_slower_than_the_timeout_fails_as_timed_out() {
    let receiver = spawn(vec![Answer::SleepThen(Duration::from_secs(3), 200)]).await;
    let sender =
        Sender::builder().policy(Policy::INSECURE_FOR_LOCAL_TESTS).timeout(Duration::from_millis(300)).build().unwrap();
    let outcome = sender.webhook(&receiver.url("/slow"), WebhookFormat::Slack, "s", &event()).await;
    assert_eq!(outcome, DeliveryOutcome::Failed { status: None, message: "timed out".into() });
}

/// A stored https address whose name now resolves to loopback: the check at send time cannot see it (a name, not a
/// literal), and the caller skipped `check_endpoint`; the client's resolver refuses to connect.
#[tokio::test]
async fn a_name_resolving_to_loopback_is_refused_at_connect_time() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let strict = Sender::new(Policy::STRICT).unwrap();
    let outcome = strict.webhook(&format!("https://localhost:{port}/h"), WebhookFormat::Generic, "s", &event()).await;
    assert_eq!(outcome, DeliveryOutcome::Failed { status: None, message: "address refused: not public".into() });
    assert!(listener.accept().is_err(), "nothing may have connected");
}
