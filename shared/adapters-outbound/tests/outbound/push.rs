use std::time::{SystemTime, UNIX_EPOCH};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use bt_adapters_outbound::push::MAX_PLAINTEXT_LEN;
use bt_adapters_outbound::test_support::{verify_vapid, FakeUserAgent};
use bt_adapters_outbound::{push, PushError, PushOutcome, Urgency, VapidKeys};

use crate::support::{local_sender, spawn, Answer};

const CONTACT: &str = "mailto:ops@breaktime.example";

/// RFC 8291 Appendix A: the browser of the example decrypts the example's message.
#[test]
fn the_rfc_8291_example_message_decrypts_to_its_plaintext() {
    let browser = FakeUserAgent::from_keys("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94", "BTBZMqHH6r4Tts7J_aSIgg");
    assert_eq!(
        browser.subscription("https://push.example.net/x").keys.p256dh,
        "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    );
    let message = URL_SAFE_NO_PAD
        .decode(
            "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PB\
             ru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
        )
        .unwrap();
    assert_eq!(browser.decrypt(&message), b"When I grow up, I want to be a watermelon");
}

#[test]
fn a_message_encrypted_for_a_browser_decrypts_with_its_keys_only() {
    let browser = FakeUserAgent::new();
    let sub = browser.subscription("https://push.example.net/x");
    let payload = br#"{"title":"Still on break?","url":"/breaks"}"#;
    let body = push::encrypt(&sub, payload).unwrap();
    assert_eq!(body.len(), 86 + payload.len() + 17);
    assert_eq!(browser.decrypt(&body), payload);
    assert!(FakeUserAgent::new().try_decrypt(&body).is_err(), "another browser must not read it");
    // A fresh key and salt each time: the same payload never gives the same bytes.
    assert_ne!(push::encrypt(&sub, payload).unwrap(), body);
}

#[test]
fn vapid_keys_survive_being_stored() {
    let keys = VapidKeys::generate();
    let stored = keys.to_private_b64url();
    assert_eq!(URL_SAFE_NO_PAD.decode(&stored).unwrap().len(), 32);
    let again = VapidKeys::from_private_b64url(&stored).unwrap();
    assert_eq!(again.public_key_b64url(), keys.public_key_b64url());
    let public = URL_SAFE_NO_PAD.decode(keys.public_key_b64url()).unwrap();
    assert_eq!((public.len(), public[0]), (65, 0x04), "an uncompressed point, as applicationServerKey takes");
    assert!(VapidKeys::from_private_b64url("c2hvcnQ").is_err());
    assert!(VapidKeys::from_private_b64url(&URL_SAFE_NO_PAD.encode([0u8; 32])).is_err(), "zero is no key");
    assert!(!format!("{keys:?}").contains(&stored), "Debug must not print the private key");
}

#[test]
fn the_vapid_header_verifies_with_the_public_key_only() {
    let keys = VapidKeys::generate();
    let endpoint = url::Url::parse("https://fcm.googleapis.com/fcm/send/abc:def").unwrap();
    let header = keys.authorization(&endpoint, CONTACT, SystemTime::now()).unwrap();
    let claims = verify_vapid(&header, &keys.public_key_b64url()).unwrap();
    assert_eq!(claims.aud, "https://fcm.googleapis.com");
    assert_eq!(claims.sub, CONTACT);
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs();
    assert!(claims.exp > now + 11 * 3600 && claims.exp <= now + 24 * 3600, "exp {} now {now}", claims.exp);

    let other = VapidKeys::generate();
    assert!(verify_vapid(&header, &other.public_key_b64url()).is_err());
    let forged = header.replacen(&keys.public_key_b64url(), &other.public_key_b64url(), 1);
    assert!(verify_vapid(&forged, &other.public_key_b64url()).is_err(), "k= swapped, signature must fail");

    let port = url::Url::parse("https://push.example.net:8443/x").unwrap();
    let claims =
        verify_vapid(&keys.authorization(&port, CONTACT, SystemTime::now()).unwrap(), &keys.public_key_b64url());
    assert_eq!(claims.unwrap().aud, "https://push.example.net:8443");
    assert_eq!(keys.authorization(&endpoint, "ops@breaktime.example", SystemTime::now()), Err(PushError::Contact));
}

/// The whole send against a local push service: the headers RFC 8030/8291/8292 ask for, a body the browser
/// decrypts, then 410 when the subscription has gone.
#[tokio::test]
async fn a_push_reaches_the_push_service_encrypted_and_signed() {
    let service = spawn(vec![Answer::Status(201), Answer::Status(410), Answer::Status(404), Answer::Status(429)]).await;
    let browser = FakeUserAgent::new();
    let sub = browser.subscription(&service.url("/wpush/v2/abc"));
    let keys = VapidKeys::generate();
    let sender = local_sender();
    let payload = br#"{"title":"Still on break?","tag":"break-01J"}"#;

    let outcome = sender.push(&keys, CONTACT, &sub, payload, 600, Urgency::High).await.unwrap();
    assert_eq!(outcome, PushOutcome::Delivered);
    let got = &service.received()[0];
    assert_eq!(got.path, "/wpush/v2/abc");
    assert_eq!(got.header("content-encoding"), "aes128gcm");
    assert_eq!(got.header("content-type"), "application/octet-stream");
    assert_eq!(got.header("ttl"), "600");
    assert_eq!(got.header("urgency"), "high");
    let claims = verify_vapid(got.header("authorization"), &keys.public_key_b64url()).unwrap();
    assert_eq!(claims.aud, format!("http://{}", service.addr));
    assert_eq!(claims.sub, CONTACT);
    assert_eq!(browser.decrypt(&got.body), payload);

    let outcome = sender.push(&keys, CONTACT, &sub, payload, 0, Urgency::Normal).await.unwrap();
    assert_eq!(outcome, PushOutcome::Gone);
    assert_eq!(service.received()[1].header("urgency"), "normal");
    let outcome = sender.push(&keys, CONTACT, &sub, payload, 0, Urgency::Normal).await.unwrap();
    assert_eq!(outcome, PushOutcome::Gone);
    let outcome = sender.push(&keys, CONTACT, &sub, payload, 0, Urgency::Low).await.unwrap();
    assert_eq!(outcome, PushOutcome::Refused { status: 429, message: "HTTP 429".into() });
}

#[tokio::test]
async fn a_payload_too_large_is_refused_before_anything_is_sent() {
    let service = spawn(vec![Answer::Status(201)]).await;
    let browser = FakeUserAgent::new();
    let sub = browser.subscription(&service.url("/p"));
    let keys = VapidKeys::generate();
    let sender = local_sender();

    let too_large = vec![b'x'; MAX_PLAINTEXT_LEN + 1];
    let refused = sender.push(&keys, CONTACT, &sub, &too_large, 60, Urgency::Normal).await;
    assert_eq!(refused, Err(PushError::PayloadTooLarge { len: MAX_PLAINTEXT_LEN + 1 }));
    assert!(service.received().is_empty());

    let largest = vec![b'x'; MAX_PLAINTEXT_LEN];
    assert_eq!(sender.push(&keys, CONTACT, &sub, &largest, 60, Urgency::Normal).await, Ok(PushOutcome::Delivered));
    let got = &service.received()[0];
    assert_eq!(got.body.len(), 4096);
    assert_eq!(browser.decrypt(&got.body), largest);
}

#[tokio::test]
async fn a_broken_subscription_is_refused_before_anything_is_sent() {
    let sender = local_sender();
    let keys = VapidKeys::generate();
    let mut sub = FakeUserAgent::new().subscription("http://127.0.0.1:9/p");
    sub.keys.auth = "c2hvcnQ".into();
    assert!(matches!(
        sender.push(&keys, CONTACT, &sub, b"hi", 60, Urgency::Normal).await,
        Err(PushError::Key(bt_adapters_outbound::KeyError::Auth))
    ));
    let mut sub = FakeUserAgent::new().subscription("http://127.0.0.1:9/p");
    sub.keys.p256dh = URL_SAFE_NO_PAD.encode([4u8; 65]);
    assert!(sub.check_keys().is_err(), "a point off the curve");
    let sub = FakeUserAgent::new().subscription("https://10.0.0.1/p");
    assert!(matches!(
        sender.push(&keys, CONTACT, &sub, b"hi", 60, Urgency::Normal).await,
        Err(PushError::Endpoint(bt_adapters_outbound::EndpointError::NotPublic))
    ));
}

#[test]
fn a_subscription_reads_the_browsers_json() {
    let json = r#"{"endpoint":"https://fcm.googleapis.com/fcm/send/x","expirationTime":null,
        "keys":{"p256dh":"BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
        "auth":"BTBZMqHH6r4Tts7J_aSIgg"}}"#;
    let sub: bt_adapters_outbound::PushSubscription = serde_json::from_str(json).unwrap();
    assert_eq!(sub.endpoint, "https://fcm.googleapis.com/fcm/send/x");
    sub.check_keys().unwrap();
}

/// A push service's refusal says why in its body; only its beginning is read and kept, on one line.
#[tokio::test]
async fn a_refusal_keeps_the_beginning_of_what_the_service_said() {
    let said = format!("VAPID key mismatch:\n  the subscription was made with another key. {}", "x".repeat(100_000));
    let service = spawn(vec![Answer::StatusWithBody(403, said)]).await;
    let sub = FakeUserAgent::new().subscription(&service.url("/p"));
    let outcome = local_sender().push(&VapidKeys::generate(), CONTACT, &sub, b"hi", 60, Urgency::Normal).await.unwrap();
    let PushOutcome::Refused { status, message } = outcome else { panic!("{outcome:?}") };
    assert_eq!(status, 403);
    assert!(
        message.starts_with("HTTP 403: VAPID key mismatch: the subscription was made with another key. xxx"),
        "{message}"
    );
    assert!(message.chars().count() <= 220, "{} characters", message.chars().count());
}
