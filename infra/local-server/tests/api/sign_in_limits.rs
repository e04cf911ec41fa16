//! Failed sign-ins slow down the client that fails, never the owner elsewhere: wrong passwords from many client
//! addresses do not keep the account's owner out from an address of their own, while each failing address waits.
//!
//! The client addresses are real: each request leaves from its own loopback source address (`127.0.0.x`, all of
//! 127.0.0.0/8 is loopback on Linux), and the local server reads the socket's peer, as it does in production
//! behind no proxy. No header is trusted for it. The clock stands still while a test counts, so that a slow run
//! never crosses into a fresh window of the counters.

use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;
use std::time::Instant;

use crate::support::*;
use bt_core::store::Table;
use serde_json::json;

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    wrong_passwords_from_many_addresses_do_not_keep_the_owner_out,
    a_client_that_fails_on_many_accounts_is_stopped,
);

const WRONG: &str = "guess-again1";

/// Signs in from the client address 127.0.0.`n`.
async fn log_in_from(app: &TestApp, n: u8, email: &str, password: &str) -> Reply {
    let client = reqwest::Client::builder()
        .local_address(IpAddr::V4(Ipv4Addr::new(127, 0, 0, n)))
        .build()
        .expect("a client bound to a loopback address");
    let started = Instant::now();
    let response = client
        .post(app.url("/auth/login"))
        .json(&json!({ "email": email, "password": password }))
        .send()
        .await
        .expect("the app answers");
    Reply::read(response, started).await
}

async fn wrong_passwords_from_many_addresses_do_not_keep_the_owner_out(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = signed_in_user(&app, "Ann Owner").await;
    let limits = app.state.config.rate_limits.clone();
    assert_eq!(
        (limits.login_per_email, limits.login_failures_per_email),
        ((10, 300), (100, 900)),
        "the documented defaults"
    );
    app.state.clock.pause();

    // Ten addresses guess ten times each: a hundred failures, the ceiling for the account from anywhere.
    for n in 1..=10 {
        for _ in 0..10 {
            log_in_from(&app, n, &ann.email, WRONG).await.expect(401);
        }
    }
    // Each of them waits, even with the right password.
    for n in [1, 5, 10] {
        let limited = log_in_from(&app, n, &ann.email, PASSWORD).await.expect(429);
        assert!(limited.message().starts_with("Too many requests. Please try again in "), "{}", limited.message());
    }
    // The owner, from an address that has not failed, signs in.
    let signed_in = log_in_from(&app, 11, &ann.email, PASSWORD).await.expect(200);
    assert_eq!(signed_in.data()["id"].as_str(), Some(ann.id.as_str()));
    log_in_from(&app, 11, &ann.email, PASSWORD).await.expect(200);
    // A new address that guesses meets the account's ceiling once it has failed itself.
    log_in_from(&app, 12, &ann.email, WRONG).await.expect(401);
    log_in_from(&app, 12, &ann.email, WRONG).await.expect(429);
    log_in_from(&app, 12, &ann.email, PASSWORD).await.expect(429);
    // After the windows, the failing addresses may try again.
    app.state.clock.resume();
    app.state.clock.advance(901);
    log_in_from(&app, 1, &ann.email, PASSWORD).await.expect(200);
}

async fn a_client_that_fails_on_many_accounts_is_stopped(store: Store) {
    let app =
        spawn_app_with(options().store(store).configure(|c| c.rate_limits.login_failures_per_ip = (3, 900))).await;
    let ann = signed_in_user(&app, "Ann Owner").await;
    app.state.clock.pause();
    // One client tries a password on three addresses (none of them Ann's).
    for n in 0..3 {
        log_in_from(&app, 20, &format!("someone{n}@example.com"), PASSWORD).await.expect(401);
    }
    // It waits now, whatever it tries; Ann from her own address is not affected.
    log_in_from(&app, 20, &ann.email, WRONG).await.expect(429);
    log_in_from(&app, 20, &ann.email, PASSWORD).await.expect(429);
    log_in_from(&app, 21, &ann.email, PASSWORD).await.expect(200);
    app.state.clock.resume();
    app.state.clock.advance(901);
    log_in_from(&app, 20, &ann.email, PASSWORD).await.expect(200);
}
