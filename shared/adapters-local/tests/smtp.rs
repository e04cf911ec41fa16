//! The SMTP mailer of a self-hosted server against an SMTP receiver in the test: what it hands over (envelope,
//! headers, both bodies), and what it answers when the relay refuses or cannot be reached.

use bt_adapters_local::smtp::SmtpMailer;
use bt_app::i18n::Language;
use bt_app::mail::{link_mail, Mailer};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::mpsc;

/// One mail as the receiver took it: the envelope and the message's text.
#[derive(Debug)]
struct Received {
    from: String,
    to: Vec<String>,
    data: String,
}

/// A minimal SMTP receiver (RFC 5321's plain dialogue, no TLS or sign-in) on a free loopback port; recipients at
/// `refused.example` are refused with a 550.
async fn receiver() -> (u16, mpsc::UnboundedReceiver<Received>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        loop {
            let Ok((socket, _)) = listener.accept().await else { return };
            let tx = tx.clone();
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                write.write_all(b"220 receiver ESMTP\r\n").await.unwrap();
                let (mut from, mut to) = (String::new(), Vec::new());
                while let Ok(Some(line)) = lines.next_line().await {
                    let upper = line.to_ascii_uppercase();
                    let answer: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
                        b"250-receiver\r\n250 8BITMIME\r\n"
                    } else if upper.starts_with("MAIL FROM:") {
                        from = line[10..].trim().to_string();
                        b"250 OK\r\n"
                    } else if upper.starts_with("RCPT TO:") {
                        if upper.contains("@REFUSED.EXAMPLE") {
                            b"550 no such mailbox\r\n"
                        } else {
                            to.push(line[8..].trim().to_string());
                            b"250 OK\r\n"
                        }
                    } else if upper == "DATA" {
                        write.write_all(b"354 go on\r\n").await.unwrap();
                        let mut data = String::new();
                        while let Ok(Some(line)) = lines.next_line().await {
                            if line == "." {
                                break;
                            }
                            data.push_str(&line);
                            data.push('\n');
                        }
                        let mail = Received { from: std::mem::take(&mut from), to: std::mem::take(&mut to), data };
                        tx.send(mail).unwrap();
                        b"250 kept\r\n"
                    } else if upper == "QUIT" {
                        let _ = write.write_all(b"221 bye\r\n").await;
                        return;
                    } else {
                        b"250 OK\r\n"
                    };
                    write.write_all(answer).await.unwrap();
                }
            });
        }
    });
    (port, rx)
}

#[tokio::test]
async fn a_mail_reaches_the_relay_with_its_envelope_headers_and_both_bodies() {
    let (port, mut received) = receiver().await;
    let mailer = SmtpMailer::new(&format!("smtp://127.0.0.1:{port}"), "Breaktime <team@breaks.example>").unwrap();
    mailer.check().await.unwrap();

    let mut mail = link_mail(
        Language::En,
        "ann@example.com",
        "Reset your password",
        "Someone asked.",
        "Reset",
        "http://b.example/r",
    );
    mail.reply_to = Some("lead@example.com".into());
    mail.unsubscribe = Some("http://b.example/u".into());
    mailer.send(mail).await.unwrap();

    let got = received.recv().await.unwrap();
    assert_eq!(got.from, "<team@breaks.example>");
    assert_eq!(got.to, ["<ann@example.com>"]);
    for expected in [
        "From: Breaktime <team@breaks.example>",
        "To: ann@example.com",
        "Reply-To: lead@example.com",
        "Subject: Reset your password",
        "List-Unsubscribe: <http://b.example/u>",
        "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
        "Content-Type: multipart/alternative",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Type: text/html; charset=utf-8",
        "Reset: http://b.example/r",
        // Quoted-printable: `=3D` is "=".
        "<a href=3D\"http://b.example/r\">Reset</a>",
    ] {
        assert!(got.data.contains(expected), "{expected:?} missing from:\n{}", got.data);
    }

    // A second mail goes over the same relay too.
    mailer
        .send(link_mail(Language::En, "bo@example.com", "Join", "Come.", "Join", "http://b.example/j"))
        .await
        .unwrap();
    assert_eq!(received.recv().await.unwrap().to, ["<bo@example.com>"]);
}

#[tokio::test]
async fn a_refused_recipient_or_an_unreachable_relay_is_an_error_not_a_silent_loss() {
    let (port, mut received) = receiver().await;
    let mailer = SmtpMailer::new(&format!("smtp://127.0.0.1:{port}"), "team@breaks.example").unwrap();
    let err = mailer
        .send(link_mail(Language::En, "x@refused.example", "Hi", "Hi.", "Open", "http://b.example/"))
        .await
        .unwrap_err();
    assert!(err.to_string().contains("no such mailbox"), "{err}");
    assert!(received.try_recv().is_err());

    // A port nobody listens on (taken, then let go).
    let closed = TcpListener::bind("127.0.0.1:0").await.unwrap().local_addr().unwrap().port();
    let mailer = SmtpMailer::new(&format!("smtp://127.0.0.1:{closed}"), "team@breaks.example").unwrap();
    assert!(mailer.check().await.unwrap_err().to_string().contains("cannot be reached"));
    assert!(mailer
        .send(link_mail(Language::En, "a@example.com", "Hi", "Hi.", "Open", "http://b.example/"))
        .await
        .is_err());
}

#[test]
fn a_bad_address_or_sender_is_refused_at_start() {
    assert!(SmtpMailer::new("http://mail.example", "team@breaks.example")
        .unwrap_err()
        .to_string()
        .contains("SMTP_URL"));
    assert!(SmtpMailer::new("smtp://127.0.0.1:25", "not an address").unwrap_err().to_string().contains("MAIL_FROM"));
}
