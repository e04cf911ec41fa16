//! The SMTP mailer against a local SMTP receiver: a small server on 127.0.0.1 that speaks the protocol's plain
//! dialogue (EHLO, MAIL, RCPT, DATA, QUIT) and keeps what it was given.

use std::sync::{Arc, Mutex};

use bt_adapters_local::smtp::SmtpMailer;
use bt_domain::mail::{link_mail, Mailer};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// One delivered message: its envelope and its data.
#[derive(Debug, Default, Clone)]
struct Delivery {
    from: String,
    to: Vec<String>,
    data: String,
}

async fn receiver() -> (u16, Arc<Mutex<Vec<Delivery>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let got = Arc::new(Mutex::new(Vec::new()));
    let kept = got.clone();
    tokio::spawn(async move {
        loop {
            let Ok((socket, _)) = listener.accept().await else { return };
            let kept = kept.clone();
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                write.write_all(b"220 receiver.test ESMTP\r\n").await.unwrap();
                let mut current = Delivery::default();
                while let Ok(Some(line)) = lines.next_line().await {
                    let verb = line.split_whitespace().next().unwrap_or("").to_ascii_uppercase();
                    let reply: &[u8] = match verb.as_str() {
                        "EHLO" | "HELO" => b"250-receiver.test\r\n250 8BITMIME\r\n",
                        "MAIL" => {
                            current.from = line.get(10..).unwrap_or("").to_string();
                            b"250 OK\r\n"
                        }
                        "RCPT" => {
                            current.to.push(line.get(8..).unwrap_or("").to_string());
                            b"250 OK\r\n"
                        }
                        "DATA" => {
                            write.write_all(b"354 go on\r\n").await.unwrap();
                            while let Ok(Some(data)) = lines.next_line().await {
                                if data == "." {
                                    break;
                                }
                                current.data.push_str(&data);
                                current.data.push('\n');
                            }
                            kept.lock().unwrap().push(std::mem::take(&mut current));
                            b"250 queued\r\n"
                        }
                        "QUIT" => {
                            let _ = write.write_all(b"221 bye\r\n").await;
                            return;
                        }
                        _ => b"250 OK\r\n",
                    };
                    write.write_all(reply).await.unwrap();
                }
            });
        }
    });
    (port, got)
}

#[tokio::test]
async fn a_mail_reaches_the_smtp_server_with_both_parts_and_its_headers() {
    let (port, got) = receiver().await;
    let mailer = SmtpMailer::new(&format!("smtp://127.0.0.1:{port}"), "Breaktime <no-reply@breaktime.test>").unwrap();
    let mut mail = link_mail(
        "ann@example.com",
        "Verify your Breaktime email",
        "Welcome, Ann & friends <3",
        "Verify email",
        "https://app.test/verify-new-email?token=abc",
    );
    mail.reply_to = Some("support@breaktime.test".into());
    mail.unsubscribe = Some("https://api.test/notifications/unsubscribe?token=xyz".into());
    mailer.send(mail).await.expect("sent");

    let delivered = got.lock().unwrap().clone();
    assert_eq!(delivered.len(), 1);
    let one = &delivered[0];
    assert!(one.from.contains("no-reply@breaktime.test"), "{one:?}");
    assert_eq!(one.to.len(), 1);
    assert!(one.to[0].contains("ann@example.com"), "{one:?}");
    for header in [
        "Subject: Verify your Breaktime email",
        "Reply-To: support@breaktime.test",
        "List-Unsubscribe: <https://api.test/notifications/unsubscribe?token=xyz>",
        "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
        "Content-Type: multipart/alternative",
        "Content-Type: text/plain",
        "Content-Type: text/html",
    ] {
        assert!(one.data.contains(header), "no {header:?} in\n{}", one.data);
    }
    assert!(one.data.contains("token=3Dabc") || one.data.contains("token=abc"), "{}", one.data);
}

#[tokio::test]
async fn a_server_that_cannot_be_reached_is_an_error_not_a_hang() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    let mailer = SmtpMailer::new(&format!("smtp://127.0.0.1:{port}"), "no-reply@breaktime.test").unwrap();
    let mail = link_mail("ann@example.com", "Subject", "Intro", "Act", "https://app.test/");
    let error = mailer.send(mail).await.expect_err("nobody listens");
    assert!(error.0.starts_with("SMTP:"), "{}", error.0);
    assert!(SmtpMailer::new("ftp://nowhere", "no-reply@breaktime.test").is_err());
    assert!(SmtpMailer::new("smtp://127.0.0.1:25", "not an address").is_err());
}
