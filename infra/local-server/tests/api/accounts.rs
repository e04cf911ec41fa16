//! Accounts through the local server: sign-up and verification, sign-in and its limits, sessions (refresh rotation,
//! reuse, sign-out), forgotten and changed passwords, the profile, e-mail change, account deletion, teams
//! (invitations, roles, removal), the contact form, and social sign-in against a fake OAuth provider.
//! Each test starts its own app over a fresh in-memory store; mails are read from the local outbox.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crate::support::*;
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use bt_app::config::OAuthProvider;
use bt_core::store::{Query as TableQuery, SkCond};
use serde_json::{json, Value};

const APP_URL: &str = "http://127.0.0.1:8080";
const NOT_ACTIVE: &str = "Email is not active. Please verify your email first.";
const INVALID_LOGIN: &str = "Invalid email or password.";
const INVALID_REFRESH: &str = "Invalid or expired refresh token.";
const INVALID_LINK: &str = "This link is invalid or has already been used.";
const EXPIRED_LINK: &str = "This link has expired. Please request a new one.";

fn refresh_body(user: &TestUser) -> Value {
    json!({ "refresh_token": user.refresh_token })
}

// ---- sign-up and verification ---------------------------------------------------------------------------------

#[tokio::test]
async fn sign_up_checks_every_field_with_the_spec_messages() {
    let app = spawn_app().await;
    let empty = app.api.post("/user/signup", None, json!({})).await.expect(422);
    assert_eq!(empty.field("name"), "Name is required");
    assert_eq!(empty.field("email"), "Email is required.");
    assert_eq!(empty.field("password"), "Password is required.");
    assert_eq!(empty.message(), "Email is required.");

    let cases = [
        (json!({"name": "  Al  "}), "name", "Name must be at least 3 characters long."),
        (json!({"name": "n".repeat(61)}), "name", "Name must not exceed 60 characters."),
        (json!({"email": "not-an-email"}), "email", "Please enter a valid email address."),
        (json!({"email": format!("{}@example.com", "a".repeat(59))}), "email", "Email must not exceed 70 characters."),
        (json!({"password": "12345"}), "password", "Password must be at least 6 characters long."),
        (json!({"password": "p".repeat(21)}), "password", "Password must not exceed 20 characters."),
    ];
    for (body, field, message) in cases {
        let reply = app.api.post("/user/signup", None, body.clone()).await.expect(422);
        assert_eq!(reply.field(field), message, "for {body}");
    }
    // A value of the wrong type names its field; broken JSON is a plain 400.
    let typed = app.api.post("/user/signup", None, json!({"name": 5, "email": "a@b.co", "password": "secret1"})).await;
    assert_eq!(typed.expect(422).field("name"), "Invalid value.");
    let broken = app.api.client.post(app.url("/user/signup")).header("content-type", "application/json").body("{");
    assert_eq!(broken.send().await.unwrap().status(), StatusCode::BAD_REQUEST);
    assert!(app.outbox().await.is_empty());
}

#[tokio::test]
async fn sign_up_mails_a_single_use_link_and_sign_in_waits_for_it() {
    let app = spawn_app().await;
    let signup = app.sign_up("Ada Lovelace", "  Ada@Example.com ", PASSWORD).await.expect(201);
    assert_eq!(signup.data(), &json!({ "message": "Verification email sent!", "email": "ada@example.com" }));

    let mail = app.last_mail_to("ada@example.com").await;
    let link = mail["link"].as_str().unwrap();
    let token = token_of(link);
    assert_eq!(link, format!("{APP_URL}/verify-new-email?token={token}&kind=signup"));
    assert!(mail["text"].as_str().unwrap().contains(link));

    let early = app.log_in("ada@example.com", PASSWORD).await.expect(403);
    assert_eq!(early.message(), NOT_ACTIVE);
    // The unverified state is only told to whoever knows the password.
    assert_eq!(app.log_in("ada@example.com", "wrong-pass").await.expect(401).message(), INVALID_LOGIN);

    let verified = app.api.post("/user/verify-email", None, json!({ "token": token })).await.expect(200);
    assert!(verified.data()["message"].as_str().unwrap().contains("verified"));
    assert_eq!(
        app.api.post("/user/verify-email", None, json!({ "token": token })).await.expect(400).message(),
        INVALID_LINK
    );
    assert_eq!(
        app.api.post("/user/verify-email", None, json!({})).await.expect(422).field("token"),
        "Token is required."
    );

    let login = app.log_in("ADA@example.com", PASSWORD).await.expect(200);
    for field in ["name", "id", "email", "access_token", "refresh_token"] {
        assert!(login.data()[field].is_string(), "data.{field}");
        assert_eq!(login.body[field], login.data()[field], "top-level {field}");
    }
    assert_eq!(login.data()["name"], "Ada Lovelace");
    assert_eq!(login.data()["email"], "ada@example.com");
    let token = login.data()["access_token"].as_str().unwrap();
    let profile = app.api.get("/user/profile", Some(token)).await.expect(200);
    assert_eq!(profile.data()["role"], "admin");
    assert_eq!(app.api.get("/admin/get-count", Some(token)).await.expect(200).data(), &json!(1));
}

#[tokio::test]
async fn sign_in_refuses_wrong_credentials_alike_and_checks_its_fields() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Smith").await;
    assert_eq!(app.log_in(&ann.email, "wrong-password").await.expect(401).message(), INVALID_LOGIN);
    assert_eq!(app.log_in("nobody@example.com", PASSWORD).await.expect(401).message(), INVALID_LOGIN);
    let empty = app.api.post("/auth/login", None, json!({})).await.expect(422);
    assert_eq!((empty.field("email"), empty.field("password")), ("Email is required.", "Password is required."));
    let bad = app.log_in("nope", "x").await.expect(422);
    assert_eq!(bad.field("email"), "Please enter a valid email address.");
}

#[tokio::test]
async fn a_taken_email_is_a_conflict_whatever_its_case() {
    let app = spawn_app().await;
    app.sign_up("First Person", "same@example.com", PASSWORD).await.expect(201);
    let again = app.sign_up("Second Person", "SAME@example.com", "other-pass").await.expect(409);
    assert_eq!(again.message(), "An account with this email already exists.");
    assert_eq!(app.mails_to("same@example.com").await.len(), 1);
}

#[tokio::test]
async fn a_verification_link_expires_and_a_resent_one_works() {
    let app = spawn_app().await;
    app.sign_up("Late Reader", "late@example.com", PASSWORD).await.expect(201);
    let old = app.last_token_to("late@example.com").await;
    app.state.clock.advance(app.state.config.verify_token_secs + 1);
    assert_eq!(
        app.api.post("/user/verify-email", None, json!({ "token": old })).await.expect(400).message(),
        EXPIRED_LINK
    );

    let resent = app.api.post("/user/resend-verification", None, json!({ "email": "late@example.com" })).await;
    assert_eq!(resent.expect(200).data()["message"], "Verification email has been resent.");
    let fresh = app.last_token_to("late@example.com").await;
    assert_ne!(fresh, old);
    app.api.post("/user/verify-new-email", None, json!({ "token": fresh })).await.expect(200);
    app.log_in("late@example.com", PASSWORD).await.expect(200);
}

#[tokio::test]
async fn resending_verification_does_not_reveal_accounts() {
    let app = spawn_app().await;
    app.sign_up("Waiting Person", "waiting@example.com", PASSWORD).await.expect(201);
    let known = app.api.post("/user/resend-verification", None, json!({ "email": "waiting@example.com" })).await;
    let unknown = app.api.post("/user/resend-verification", None, json!({ "email": "ghost@example.com" })).await;
    assert_eq!(known.expect(200).body, unknown.expect(200).body);
    assert_eq!(app.mails_to("waiting@example.com").await.len(), 2);
    assert!(app.mails_to("ghost@example.com").await.is_empty());

    let done = signed_in_user(&app, "Done Person").await;
    let verified = app.api.post("/user/resend-verification", None, json!({ "email": done.email })).await.expect(200);
    assert_eq!(verified.data()["message"], "This email is already verified. You can sign in.");
    let bad = app.api.post("/user/resend-verification", None, json!({ "email": "x" })).await.expect(422);
    assert_eq!(bad.field("email"), "Please enter a valid email address.");
}

#[tokio::test]
async fn an_account_is_kept_when_the_verification_mail_fails() {
    let app = spawn_app().await;
    app.outbox.set_failing(true);
    let reply = app.sign_up("Unlucky Person", "unlucky@example.com", PASSWORD).await.expect(201);
    assert!(reply.data()["message"].as_str().unwrap().contains("could not be sent"), "{}", reply.body);
    app.sign_up("Unlucky Person", "unlucky@example.com", PASSWORD).await.expect(409);
    let resend = app.api.post("/user/resend-verification", None, json!({ "email": "unlucky@example.com" })).await;
    resend.expect(503);

    app.outbox.set_failing(false);
    app.api.post("/user/resend-verification", None, json!({ "email": "unlucky@example.com" })).await.expect(200);
    app.verify("unlucky@example.com").await.expect(200);
    app.log_in("unlucky@example.com", PASSWORD).await.expect(200);
}

// ---- sessions -------------------------------------------------------------------------------------------------

#[tokio::test]
async fn refresh_rotates_the_token_and_a_reused_one_ends_the_sign_in() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Rotation").await;
    let first = app.api.post("/auth/refresh-token", None, refresh_body(&ann)).await.expect(200);
    for field in ["access_token", "refresh_token", "id", "name"] {
        assert_eq!(first.body[field], first.data()[field], "top-level {field}");
    }
    assert_eq!(first.data()["id"], ann.id.as_str());
    assert_eq!(first.data()["name"], "Ann Rotation");
    let rotated = first.data()["refresh_token"].as_str().unwrap().to_string();
    assert_ne!(rotated, ann.refresh_token);
    let access = first.data()["access_token"].as_str().unwrap();
    app.api.get("/user/profile", Some(access)).await.expect(200);

    // The rotated-away token comes back: it leaked, so the whole sign-in ends, its newest token included.
    let reused = app.api.post("/auth/refresh-token", None, refresh_body(&ann)).await.expect(401);
    assert_eq!(reused.message(), INVALID_REFRESH);
    app.api.post("/auth/refresh-token", None, json!({ "refresh_token": rotated })).await.expect(401);

    // Another sign-in of the same person is not affected.
    let other = app.sign_in(&ann.name, &ann.email, PASSWORD).await;
    app.api.post("/auth/refresh-token", None, refresh_body(&other)).await.expect(200);
}

#[tokio::test]
async fn unknown_and_expired_refresh_tokens_are_refused() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Expiry").await;
    let unknown = app.api.post("/auth/refresh-token", None, json!({ "refresh_token": "made-up" })).await.expect(401);
    assert_eq!(unknown.message(), INVALID_REFRESH);
    app.api.post("/auth/refresh-token", None, json!({})).await.expect(422);
    app.state.clock.advance(app.state.config.refresh_token_secs + 1);
    app.api.post("/auth/refresh-token", None, refresh_body(&ann)).await.expect(401);
}

#[tokio::test]
async fn access_tokens_expire_and_bad_ones_are_401() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Bearer").await;
    app.api.get("/user/profile", None).await.expect(401);
    app.api.get("/user/profile", Some("not.a.jwt")).await.expect(401);
    let mut tampered = ann.access_token.clone();
    tampered.push('x');
    app.api.get("/user/profile", Some(&tampered)).await.expect(401);
    app.state.clock.advance(app.state.config.access_token_secs + 1);
    app.api.get("/user/profile", ann.token()).await.expect(401);
    // The refresh token outlives it.
    app.api.post("/auth/refresh-token", None, refresh_body(&ann)).await.expect(200);
}

#[tokio::test]
async fn sign_out_revokes_the_refresh_token() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Logout").await;
    let out = app.api.post("/auth/logout", None, refresh_body(&ann)).await.expect(200);
    assert_eq!(out.data()["message"], "You have been signed out.");
    app.api.post("/auth/refresh-token", None, refresh_body(&ann)).await.expect(401);
    app.api.post("/auth/logout", None, refresh_body(&ann)).await.expect(200);
}

// ---- passwords ------------------------------------------------------------------------------------------------

#[tokio::test]
async fn forgot_then_reset_then_sign_in_with_the_new_password() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Forgetful").await;
    let sent = app.api.post("/user/forgot-password", None, json!({ "email": ann.email })).await.expect(200);
    assert_eq!(sent.data()["message"], "Password reset link has been sent to your email.");
    let link = app.last_link_to(&ann.email).await;
    let token = token_of(&link);
    assert_eq!(link, format!("{APP_URL}/verify-reset-password?token={token}"));

    let short = app.api.post("/user/reset-password", None, json!({ "token": token, "password": "123" })).await;
    assert_eq!(short.expect(422).field("password"), "Password must be at least 6 characters long.");
    let done = app.api.post("/user/reset-password", None, json!({ "token": token, "password": "brand-new-1" })).await;
    done.expect(200);

    assert_eq!(app.log_in(&ann.email, PASSWORD).await.expect(401).message(), INVALID_LOGIN);
    app.log_in(&ann.email, "brand-new-1").await.expect(200);
    // Sessions from before the reset are over.
    app.api.get("/user/profile", ann.token()).await.expect(401);
    app.api.post("/auth/refresh-token", None, refresh_body(&ann)).await.expect(401);
    // The link worked once.
    let again = app.api.post("/user/reset-password", None, json!({ "token": token, "password": "another-1" })).await;
    assert_eq!(again.expect(400).message(), INVALID_LINK);
}

#[tokio::test]
async fn forgot_password_answers_unknown_addresses_alike_and_stops_unverified_ones() {
    let app = spawn_app().await;
    let unknown =
        app.api.post("/user/forgot-password", None, json!({ "email": "ghost@example.com" })).await.expect(200);
    assert_eq!(unknown.data()["message"], "Password reset link has been sent to your email.");
    assert!(app.outbox().await.is_empty());

    app.sign_up("Not Yet", "notyet@example.com", PASSWORD).await.expect(201);
    let inactive = app.api.post("/user/forgot-password", None, json!({ "email": "notyet@example.com" })).await;
    assert_eq!(inactive.expect(403).message(), NOT_ACTIVE);
    let empty = app.api.post("/user/forgot-password", None, json!({ "email": "" })).await.expect(422);
    assert_eq!(empty.field("email"), "Email is required.");
}

#[tokio::test]
async fn a_reset_link_expires_after_an_hour_and_an_older_one_is_stale_after_a_reset() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Links").await;
    app.api
        .post("/user/forgot-password", None, json!({ "email": ann.email, "currentPassword": PASSWORD }))
        .await
        .expect(200);
    let expiring = app.last_token_to(&ann.email).await;
    app.state.clock.advance(3601);
    let late = app.api.post("/user/reset-password", None, json!({ "token": expiring, "password": "new-pass-1" })).await;
    assert_eq!(late.expect(400).message(), EXPIRED_LINK);

    app.api
        .post("/user/forgot-password", None, json!({ "email": ann.email, "currentPassword": PASSWORD }))
        .await
        .expect(200);
    let older = app.last_token_to(&ann.email).await;
    app.api
        .post("/user/forgot-password", None, json!({ "email": ann.email, "currentPassword": PASSWORD }))
        .await
        .expect(200);
    let newer = app.last_token_to(&ann.email).await;
    app.api.post("/user/reset-password", None, json!({ "token": newer, "password": "new-pass-1" })).await.expect(200);
    let stale = app.api.post("/user/reset-password", None, json!({ "token": older, "password": "new-pass-2" })).await;
    assert_eq!(stale.expect(400).message(), INVALID_LINK);
    // A reset link is not a verification link.
    app.api.post("/user/verify-email", None, json!({ "token": older })).await.expect(400);
}

#[tokio::test]
async fn changing_the_password_ends_other_sessions_and_continues_this_one() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Changer").await;
    let phone = app.sign_in(&ann.name, &ann.email, PASSWORD).await;

    let wrong = app
        .api
        .post("/user/change-password", ann.token(), json!({ "currentPassword": "nope-nope", "password": "new-pass-1" }))
        .await;
    assert_eq!(wrong.expect(422).field("currentPassword"), "Current password is incorrect.");
    let missing = app.api.post("/user/change-password", ann.token(), json!({ "password": "x" })).await.expect(422);
    assert_eq!(missing.field("currentPassword"), "Current password is required.");
    assert_eq!(missing.field("password"), "Password must be at least 6 characters long.");

    let changed = app
        .api
        .post("/user/change-password", ann.token(), json!({ "currentPassword": PASSWORD, "password": "new-pass-1" }))
        .await
        .expect(200);
    let access = changed.data()["access_token"].as_str().unwrap();
    let refresh = changed.data()["refresh_token"].as_str().unwrap();
    app.api.get("/user/profile", Some(access)).await.expect(200);
    app.api.post("/auth/refresh-token", None, json!({ "refresh_token": refresh })).await.expect(200);

    for old in [&ann, &phone] {
        app.api.get("/user/profile", old.token()).await.expect(401);
        app.api.post("/auth/refresh-token", None, refresh_body(old)).await.expect(401);
    }
    app.log_in(&ann.email, PASSWORD).await.expect(401);
    app.log_in(&ann.email, "new-pass-1").await.expect(200);
}

// ---- profile, e-mail change, deletion -------------------------------------------------------------------------

#[tokio::test]
async fn the_profile_is_read_and_updated() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Profile").await;
    let profile = app.api.get("/user/profile", ann.token()).await.expect(200);
    let p = profile.data();
    assert_eq!((p["id"].as_str(), p["email"].as_str()), (Some(ann.id.as_str()), Some(ann.email.as_str())));
    assert_eq!((p["timeZone"].as_str(), p["role"].as_str()), (Some("UTC"), Some("admin")));
    assert_eq!(p["teamId"], ann.team_id.as_str());
    assert!(p.get("passwordHash").is_none());

    let bad = app.api.put("/user/profile", ann.token(), json!({ "timeZone": "Mars/Olympus", "name": "x" })).await;
    let bad = bad.expect(422);
    assert_eq!(
        (bad.field("timeZone"), bad.field("name")),
        ("Unknown time zone.", "Name must be at least 3 characters long.")
    );

    let updated =
        app.api.put("/user/profile", ann.token(), json!({ "timeZone": "Europe/Berlin", "name": " Ann B. " })).await;
    let updated = updated.expect(200);
    assert_eq!(
        (updated.data()["timeZone"].as_str(), updated.data()["name"].as_str()),
        (Some("Europe/Berlin"), Some("Ann B."))
    );
    let members = app.api.get("/admin/get", ann.token()).await.expect(200);
    assert_eq!(members.data()[0]["name"], "Ann B.");
    // Fields left out keep their value.
    let same = app.api.put("/user/profile", ann.token(), json!({})).await.expect(200);
    assert_eq!(same.data()["timeZone"], "Europe/Berlin");
}

#[tokio::test]
async fn changing_the_email_takes_effect_after_the_new_address_confirms() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Mover").await;
    let bob = signed_in_user(&app, "Bob Taken").await;

    let invalid = app
        .api
        .post("/user/change-email", ann.token(), json!({ "email": "nope", "currentPassword": PASSWORD }))
        .await
        .expect(422);
    assert_eq!(invalid.field("email"), "Please enter a valid email address.");
    let same = app
        .api
        .post("/user/change-email", ann.token(), json!({ "email": ann.email, "currentPassword": PASSWORD }))
        .await
        .expect(422);
    assert_eq!(same.field("email"), "This is already your email address.");
    let taken = app
        .api
        .post("/user/change-email", ann.token(), json!({ "email": bob.email, "currentPassword": PASSWORD }))
        .await
        .expect(409);
    assert_eq!(taken.message(), "An account with this email already exists.");

    let asked = app
        .api
        .post("/user/change-email", ann.token(), json!({ "email": "Ann.New@Example.com", "currentPassword": PASSWORD }))
        .await;
    asked.expect(200);
    let link = app.last_link_to("ann.new@example.com").await;
    let token = token_of(&link);
    assert_eq!(link, format!("{APP_URL}/verify-new-email?token={token}"));
    let pending = app.api.get("/user/profile", ann.token()).await.expect(200);
    assert_eq!(
        (pending.data()["email"].as_str(), pending.data()["pendingEmail"].as_str()),
        (Some(ann.email.as_str()), Some("ann.new@example.com"))
    );

    let confirmed = app.api.post("/user/verify-new-email", None, json!({ "token": token })).await.expect(200);
    assert_eq!(confirmed.data()["email"], "ann.new@example.com");
    app.api.post("/user/verify-new-email", None, json!({ "token": token })).await.expect(400);
    let profile = app.api.get("/user/profile", ann.token()).await.expect(200);
    assert_eq!(
        (profile.data()["email"].as_str(), profile.data()["pendingEmail"].as_str()),
        (Some("ann.new@example.com"), None)
    );
    assert_eq!(app.api.get("/admin/get", ann.token()).await.data()[0]["email"], "ann.new@example.com");

    app.log_in("ann.new@example.com", PASSWORD).await.expect(200);
    app.log_in(&ann.email, PASSWORD).await.expect(401);
    // The old address is free again.
    app.sign_up("Someone Else", &ann.email, PASSWORD).await.expect(201);
}

#[tokio::test]
async fn an_email_change_loses_to_whoever_takes_the_address_first() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Slow").await;
    app.api
        .post(
            "/user/change-email",
            ann.token(),
            json!({ "email": "contested@example.com", "currentPassword": PASSWORD }),
        )
        .await
        .expect(200);
    let token = app.last_token_to("contested@example.com").await;
    app.sign_up("Quick Person", "contested@example.com", PASSWORD).await.expect(201);
    let lost = app.api.post("/user/verify-new-email", None, json!({ "token": token })).await.expect(409);
    assert_eq!(lost.message(), "An account with this email already exists.");
    assert_eq!(app.api.get("/user/profile", ann.token()).await.data()["email"], ann.email.as_str());
}

#[tokio::test]
async fn deleting_the_account_removes_it_and_frees_the_address() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Leaving").await;
    let wrong = app.api.delete("/user/delete-account", ann.token(), Some(json!({ "password": "not-mine" }))).await;
    assert_eq!(wrong.expect(422).field("password"), "Password is incorrect.");
    let missing = app.api.delete("/user/delete-account", ann.token(), Some(json!({}))).await.expect(422);
    assert_eq!(missing.field("password"), "Password is required.");

    let gone = app.api.delete("/user/delete-account", ann.token(), Some(json!({ "password": PASSWORD }))).await;
    assert_eq!(gone.expect(200).data()["message"], "Your account has been deleted.");
    app.api.get("/user/profile", ann.token()).await.expect(401);
    app.api.post("/auth/refresh-token", None, refresh_body(&ann)).await.expect(401);
    app.log_in(&ann.email, PASSWORD).await.expect(401);
    // Nothing is left under the user or their one-person team.
    let store = app.state.table();
    assert!(store.query_all(&TableQuery::table(format!("USER#{}", ann.id), SkCond::All)).await.unwrap().is_empty());
    assert!(store
        .query_all(&TableQuery::table(format!("TEAM#{}", ann.team_id), SkCond::All))
        .await
        .unwrap()
        .is_empty());
    app.sign_up("Ann Again", &ann.email, PASSWORD).await.expect(201);
}

#[tokio::test]
async fn the_last_admin_of_a_team_with_members_hands_over_before_deleting() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Admin").await;
    let bob = join_team(&app, &ann, &signed_in_user(&app, "Bob Member").await).await;
    let refused = app.api.delete("/user/delete-account", ann.token(), Some(json!({ "password": PASSWORD }))).await;
    assert_eq!(refused.expect(409).message(), "Make another member admin before deleting your account.");

    // A member may leave; the team stays.
    app.api.delete("/user/delete-account", bob.token(), Some(json!({ "password": PASSWORD }))).await.expect(200);
    assert_eq!(app.api.get("/admin/get-count", ann.token()).await.data(), &json!(1));
    app.api.delete("/user/delete-account", ann.token(), Some(json!({ "password": PASSWORD }))).await.expect(200);
}

// ---- teams ----------------------------------------------------------------------------------------------------

#[tokio::test]
async fn an_invited_person_joins_the_team_and_members_cannot_manage_it() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Admin").await;
    let bob = signed_in_user(&app, "Bob Invitee").await;
    let eve = signed_in_user(&app, "Eve Other").await;

    let bad = app.api.post("/admin/invite", ann.token(), json!({ "email": "x", "role": "boss" })).await.expect(422);
    assert_eq!(
        (bad.field("email"), bad.field("role")),
        ("Please enter a valid email address.", "Role must be admin, hr or member.")
    );
    let invited =
        app.api.post("/admin/invite", ann.token(), json!({ "email": bob.email, "role": "hr" })).await.expect(201);
    assert_eq!(invited.data()["role"], "hr");
    let link = app.last_link_to(&bob.email).await;
    let token = token_of(&link);
    assert_eq!(link, format!("{APP_URL}/accept-email-invitation?token={token}"));

    app.api.post("/admin/accept-email-invitation", None, json!({ "token": token })).await.expect(401);
    let wrong =
        app.api.post("/admin/accept-email-invitation", eve.token(), json!({ "token": token })).await.expect(403);
    assert_eq!(wrong.message(), "This invitation was sent to another email address.");
    let joined =
        app.api.post("/admin/accept-email-invitation", bob.token(), json!({ "token": token })).await.expect(200);
    assert_eq!(joined.data()["teamId"], ann.team_id.as_str());
    app.api.post("/admin/accept-email-invitation", bob.token(), json!({ "token": token })).await.expect(400);

    assert_eq!(app.api.get("/admin/get-count", ann.token()).await.expect(200).data(), &json!(2));
    assert_eq!(app.api.get("/admin/get-count", bob.token()).await.expect(200).data(), &json!(2));
    let members = app.api.get("/admin/get", bob.token()).await.expect(200);
    let roles: HashMap<&str, &str> = members
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["id"].as_str().unwrap(), m["role"].as_str().unwrap()))
        .collect();
    assert_eq!(roles, HashMap::from([(ann.id.as_str(), "admin"), (bob.id.as_str(), "hr")]));
    assert_eq!(app.api.get("/user/profile", bob.token()).await.data()["role"], "hr");
    // Bob's old one-person team is gone.
    let bob_team = bt_app::types::TeamId::parse(&bob.team_id).unwrap();
    assert!(app.state.table().get(&bt_core::keys::team(&bob_team)).await.unwrap().is_none());

    // Only admins manage the team.
    let forbidden = app.api.post("/admin/invite", bob.token(), json!({ "email": eve.email, "role": "member" })).await;
    assert_eq!(forbidden.expect(403).message(), "Only team admins can do this.");
    app.api.put(&format!("/admin/role/{}", ann.id), bob.token(), json!({ "role": "member" })).await.expect(403);
    app.api.delete(&format!("/admin/member/{}", ann.id), bob.token(), None).await.expect(403);
    // Inviting a member twice is pointless.
    app.api.post("/admin/invite", ann.token(), json!({ "email": bob.email, "role": "member" })).await.expect(409);
}

#[tokio::test]
async fn roles_change_but_a_team_keeps_an_admin() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Admin").await;
    let bob = join_team(&app, &ann, &signed_in_user(&app, "Bob Member").await).await;

    let alone = app.api.put(&format!("/admin/role/{}", ann.id), ann.token(), json!({ "role": "member" })).await;
    assert_eq!(alone.expect(409).message(), "A team needs at least one admin. Make another member admin first.");
    let bad =
        app.api.put(&format!("/admin/role/{}", bob.id), ann.token(), json!({ "role": "owner" })).await.expect(422);
    assert_eq!(bad.field("role"), "Role must be admin, hr or member.");

    let promoted = app.api.put(&format!("/admin/role/{}", bob.id), ann.token(), json!({ "role": "admin" })).await;
    assert_eq!(promoted.expect(200).data()["role"], "admin");
    assert_eq!(app.api.get("/user/profile", bob.token()).await.data()["role"], "admin");
    // Now Ann may step down, and Bob manages the team.
    app.api.put(&format!("/admin/role/{}", ann.id), ann.token(), json!({ "role": "hr" })).await.expect(200);
    app.api.put(&format!("/admin/role/{}", ann.id), ann.token(), json!({ "role": "member" })).await.expect(403);
    app.api.put(&format!("/admin/role/{}", ann.id), bob.token(), json!({ "role": "member" })).await.expect(200);
    assert_eq!(app.api.get("/user/profile", ann.token()).await.data()["role"], "member");
}

#[tokio::test]
async fn a_removed_member_continues_in_a_team_of_their_own() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Admin").await;
    let bob = join_team(&app, &ann, &signed_in_user(&app, "Bob Removed").await).await;

    app.api.delete(&format!("/admin/member/{}", ann.id), ann.token(), None).await.expect(400);
    let removed = app.api.delete(&format!("/admin/member/{}", bob.id), ann.token(), None).await.expect(200);
    assert_eq!(removed.data()["message"], "Bob Removed has been removed from the team.");
    assert_eq!(app.api.get("/admin/get-count", ann.token()).await.data(), &json!(1));

    // Bob's access token is void; a refresh lets him go on, as the admin of a new team.
    app.api.get("/user/profile", bob.token()).await.expect(401);
    let refreshed = app.api.post("/auth/refresh-token", None, refresh_body(&bob)).await.expect(200);
    let access = refreshed.data()["access_token"].as_str().unwrap();
    let profile = app.api.get("/user/profile", Some(access)).await.expect(200);
    assert_ne!(profile.data()["teamId"], ann.team_id.as_str());
    assert_eq!(profile.data()["role"], "admin");
    assert_eq!(app.api.get("/admin/get-count", Some(access)).await.data(), &json!(1));
    app.api.delete(&format!("/admin/member/{}", bob.id), ann.token(), None).await.expect(404);
}

#[tokio::test]
async fn another_teams_members_are_not_found() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Admin").await;
    let eve = signed_in_user(&app, "Eve Elsewhere").await;
    app.api.put(&format!("/admin/role/{}", eve.id), ann.token(), json!({ "role": "member" })).await.expect(404);
    app.api.delete(&format!("/admin/member/{}", eve.id), ann.token(), None).await.expect(404);
    app.api.delete("/admin/member/not-an-id", ann.token(), None).await.expect(404);
    let members = app.api.get("/admin/get", ann.token()).await.expect(200);
    assert_eq!(members.data().as_array().unwrap().len(), 1);
    app.api.get("/admin/get-count", None).await.expect(401);
}

#[tokio::test]
async fn joining_another_team_needs_a_hand_over_and_invitations_expire() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Admin").await;
    let _bob = join_team(&app, &ann, &signed_in_user(&app, "Bob Member").await).await;
    let zed = signed_in_user(&app, "Zed Other Admin").await;

    app.api.post("/admin/invite", zed.token(), json!({ "email": ann.email, "role": "member" })).await.expect(201);
    let token = app.last_token_to(&ann.email).await;
    let refused = app.api.post("/admin/accept-email-invitation", ann.token(), json!({ "token": token })).await;
    assert_eq!(refused.expect(409).message(), "Make another member admin before joining another team.");

    app.state.clock.advance(app.state.config.invite_token_secs + 1);
    let ann = app.sign_in(&ann.name, &ann.email, PASSWORD).await;
    let late = app.api.post("/admin/accept-email-invitation", ann.token(), json!({ "token": token })).await;
    assert_eq!(late.expect(400).message(), "This invitation has expired. Please ask for a new one.");
}

#[tokio::test]
async fn a_persons_leaves_and_live_break_follow_them_to_their_new_team() {
    let app = spawn_app().await;
    let zed = signed_in_user(&app, "Zed Old Admin").await;
    let bob = join_team(&app, &zed, &signed_in_user(&app, "Bob Mover").await).await;
    let ann = signed_in_user(&app, "Ann New Admin").await;
    // Sick leave needs no approval: an absence at once. A Vacation request waits for Zed, and follows Bob.
    let sick = "00000000000000000000000002";
    let leave = json!({ "fromDate": "2024-06-10", "toDate": "2024-06-14", "reason": "Trip", "typeId": sick });
    app.api.post("/leaves/add", bob.token(), leave).await.expect(201);
    let request = json!({ "fromDate": "2024-07-01", "toDate": "2024-07-05", "reason": "Holiday" });
    let request = app.api.post("/leaves/add", bob.token(), request).await.expect(201).body["data"].clone();
    assert_eq!(request["status"], "pending");
    let pending = |u: &TestUser| {
        let token = u.access_token.clone();
        let app = &app;
        async move { app.api.get("/leaves/pending", Some(&token)).await.expect(200).body["data"]["totalCount"].clone() }
    };
    assert_eq!(pending(&zed).await, 1);
    app.api.post("/break/start", bob.token(), json!({ "type": "Lunch Break" })).await.expect(201);
    let on_leave = |u: &TestUser| {
        let token = u.access_token.clone();
        let app = &app;
        async move {
            app.api.get("/admin/onLeaves?todayDate=2024-06-12", Some(&token)).await.expect(200).body["data"].clone()
        }
    };
    let on_break = |u: &TestUser| {
        let token = u.access_token.clone();
        let app = &app;
        async move { app.api.get("/admin/onBreak", Some(&token)).await.expect(200).body["data"].clone() }
    };
    assert_eq!(on_leave(&zed).await[0]["userId"], bob.id.as_str());
    assert_eq!(on_break(&zed).await[0]["userId"], bob.id.as_str());

    let bob = join_team(&app, &ann, &bob).await;
    assert_eq!((on_leave(&zed).await, on_break(&zed).await), (json!([]), json!([])));
    assert_eq!((pending(&zed).await, pending(&ann).await), (json!(0), json!(1)));
    assert_eq!(on_leave(&ann).await[0]["userId"], bob.id.as_str());
    assert_eq!(on_break(&ann).await[0]["userId"], bob.id.as_str());
    app.api.post("/break/end", bob.token(), json!({})).await.expect(200);
    assert_eq!(on_break(&ann).await, json!([]));

    app.api.delete(&format!("/admin/member/{}", bob.id), ann.token(), None).await.expect(200);
    assert_eq!(on_leave(&ann).await, json!([]));
}

#[tokio::test]
async fn the_other_account_forms_check_their_fields() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Forms").await;
    let reset = app.api.post("/user/reset-password", None, json!({})).await.expect(422);
    assert_eq!((reset.field("token"), reset.field("password")), ("Token is required.", "Password is required."));
    let long = app.api.post("/user/reset-password", None, json!({ "token": "t", "password": "p".repeat(21) })).await;
    assert_eq!(long.expect(422).field("password"), "Password must not exceed 20 characters.");
    app.api
        .post("/user/reset-password", None, json!({ "token": "made-up", "password": "fine-pass" }))
        .await
        .expect(400);
    let change = app
        .api
        .post("/user/change-password", ann.token(), json!({ "currentPassword": PASSWORD, "password": "p".repeat(21) }))
        .await;
    assert_eq!(change.expect(422).field("password"), "Password must not exceed 20 characters.");
    let email = app.api.post("/user/change-email", ann.token(), json!({})).await.expect(422);
    assert_eq!(email.field("email"), "Email is required.");
    assert_eq!(email.field("currentPassword"), "Current password is required.");
    let new_email = app.api.post("/user/verify-new-email", None, json!({ "token": " " })).await.expect(422);
    assert_eq!(new_email.field("token"), "Token is required.");
    let invite = app.api.post("/admin/invite", ann.token(), json!({})).await.expect(422);
    assert_eq!((invite.field("email"), invite.field("role")), ("Email is required.", "Role is required."));
    let accept = app.api.post("/admin/accept-email-invitation", ann.token(), json!({})).await.expect(422);
    assert_eq!(accept.field("token"), "Token is required.");
    let unknown = app.api.post("/admin/accept-email-invitation", ann.token(), json!({ "token": "made-up" })).await;
    assert_eq!(unknown.expect(400).message(), "This invitation is invalid or has already been used.");
    let role = app.api.put(&format!("/admin/role/{}", ann.id), ann.token(), json!({})).await.expect(422);
    assert_eq!(role.field("role"), "Role is required.");
    let logout = app.api.post("/auth/logout", None, json!({})).await.expect(422);
    assert_eq!(logout.field("refresh_token"), "Refresh token is required.");
    let tz = app.api.put("/user/profile", ann.token(), json!({ "timeZone": 3 })).await.expect(422);
    assert_eq!(tz.field("timeZone"), "Invalid value.");
}

// ---- rate limits ----------------------------------------------------------------------------------------------

#[tokio::test]
async fn sign_in_is_rate_limited_per_email() {
    let app = spawn_app_with(options().configure(|c| c.rate_limits.login_per_email = (2, 300))).await;
    let ann = signed_in_user(&app, "Ann Limited").await; // a sign-in that worked counts for nothing
    app.log_in(&ann.email, PASSWORD).await.expect(200);
    app.log_in(&ann.email, "wrong-pass").await.expect(401);
    app.log_in(&ann.email, "wrong-pass").await.expect(401);
    // Two failures from this client: it waits, even with the right password.
    let limited = app.log_in(&ann.email, PASSWORD).await.expect(429);
    assert!(limited.message().starts_with("Too many requests. Please try again in "), "{}", limited.message());
    assert!(limited.header("retry-after").expect("a Retry-After").parse::<u64>().unwrap() > 0);
    // Another address is not affected; after the window the address may try again.
    app.log_in("someone@example.com", PASSWORD).await.expect(401);
    app.state.clock.advance(301);
    app.log_in(&ann.email, PASSWORD).await.expect(200);
}

#[tokio::test]
async fn sign_in_is_rate_limited_per_client_address() {
    let app = spawn_app_with(options().configure(|c| c.rate_limits.login_per_ip = (3, 300))).await;
    for n in 0..3 {
        app.log_in(&format!("user{n}@example.com"), PASSWORD).await.expect(401);
    }
    app.log_in("user9@example.com", PASSWORD).await.expect(429);
}

#[tokio::test]
async fn mails_and_sign_ups_are_rate_limited() {
    let app = spawn_app_with(options().configure(|c| {
        c.rate_limits.mail_per_email = (2, 900);
        c.rate_limits.signup_per_ip = (2, 3600);
    }))
    .await;
    app.sign_up("First Person", "first@example.com", PASSWORD).await.expect(201);
    for _ in 0..2 {
        app.api.post("/user/resend-verification", None, json!({ "email": "first@example.com" })).await.expect(200);
    }
    app.api.post("/user/resend-verification", None, json!({ "email": "first@example.com" })).await.expect(429);
    app.api.post("/user/forgot-password", None, json!({ "email": "first@example.com" })).await.expect(429);
    app.sign_up("Second Person", "second@example.com", PASSWORD).await.expect(201);
    app.sign_up("Third Person", "third@example.com", PASSWORD).await.expect(429);
}

// ---- contact --------------------------------------------------------------------------------------------------

fn contact(email: &str, subject: &str, description: &str) -> Value {
    json!({ "email": email, "subject": subject, "description": description })
}

#[tokio::test]
async fn a_contact_message_is_stored_and_mailed_to_support() {
    let app = spawn_app().await;
    let sent =
        app.api.post("/contactUs/send", None, contact("Visitor@Example.com", " Hello ", "Line one\nline two")).await;
    assert_eq!(sent.expect(200).body, json!({ "data": "message sent!" }));
    let mail = app.last_mail_to(&app.state.config.support_email).await;
    assert_eq!(mail["replyTo"], "visitor@example.com");
    assert!(mail["subject"].as_str().unwrap().contains("Hello"));
    assert!(mail["text"].as_str().unwrap().contains("Line one\nline two"));

    // When mail is down the message is still kept, and the sender still hears it was sent.
    app.outbox.set_failing(true);
    let kept = app.api.post("/contactUs/send", None, contact("v2@example.com", "Down", "Still kept")).await.expect(200);
    assert_eq!(kept.data(), "message sent!");
    let month = app.state.clock.now().format("%Y-%m").to_string();
    let stored =
        app.state.table().query_all(&TableQuery::table(format!("CONTACT#{month}"), SkCond::All)).await.unwrap();
    assert_eq!(stored.len(), 2);
    assert!(stored.iter().any(|m| m["description"] == "Still kept" && m["mailed"] == false));
}

#[tokio::test]
async fn the_contact_form_checks_its_fields() {
    let app = spawn_app().await;
    let empty = app.api.post("/contactUs/send", None, json!({})).await.expect(422);
    assert_eq!(empty.field("email"), "Please provide a valid email.");
    assert_eq!(empty.field("subject"), "Subject is required.");
    assert_eq!(empty.field("description"), "Description is required.");
    let blank = app.api.post("/contactUs/send", None, contact("a@b.co", "   ", "  ")).await.expect(422);
    assert_eq!(blank.field("subject"), "Subject is required.");
    let long = app.api.post("/contactUs/send", None, contact("a@b.co", &"s".repeat(201), &"d".repeat(3001))).await;
    let long = long.expect(422);
    assert_eq!(long.field("subject"), "Subject must not exceed 200 characters.");
    assert_eq!(long.field("description"), "Description must not exceed 3000 characters.");
    app.api.post("/contactUs/send", None, contact("a@b.co", &"s".repeat(200), &"d".repeat(3000))).await.expect(200);
}

#[tokio::test]
async fn a_filled_honeypot_is_answered_but_dropped_and_the_form_is_rate_limited() {
    let app = spawn_app_with(options().configure(|c| c.rate_limits.contact_per_ip = (2, 600))).await;
    let mut bot = contact("bot@example.com", "Buy", "Cheap stuff");
    bot["website"] = json!("http://spam.example");
    assert_eq!(app.api.post("/contactUs/send", None, bot).await.expect(200).data(), "message sent!");
    assert!(app.outbox().await.is_empty());
    let month = app.state.clock.now().format("%Y-%m").to_string();
    let stored =
        app.state.table().query_all(&TableQuery::table(format!("CONTACT#{month}"), SkCond::All)).await.unwrap();
    assert!(stored.is_empty());

    app.api.post("/contactUs/send", None, contact("p@example.com", "Hi", "There")).await.expect(200);
    let limited = app.api.post("/contactUs/send", None, contact("p@example.com", "Hi", "Again")).await.expect(429);
    assert!(limited.message().starts_with("Too many requests."));
}

// ---- social sign-in -------------------------------------------------------------------------------------------

/// A stand-in for GitHub and Google: authorize (redirects back with a code), token (checks the client secret and
/// PKCE), and the profile endpoints of both.
struct FakeProvider {
    email: String,
    name: String,
    verified: bool,
    /// code -> PKCE challenge sent with the authorization request
    codes: Mutex<HashMap<String, Option<String>>>,
    next: AtomicU64,
}

const CLIENT_ID: &str = "fake-client";
const CLIENT_SECRET: &str = "fake-secret";
const ACCESS: &str = "fake-provider-access-token";

async fn spawn_fake_provider(email: &str, name: &str, verified: bool) -> String {
    let fake = Arc::new(FakeProvider {
        email: email.into(),
        name: name.into(),
        verified,
        codes: Mutex::default(),
        next: AtomicU64::new(1),
    });
    let router = Router::new()
        .route("/authorize", get(fake_authorize))
        .route("/token", post(fake_token))
        .route("/user", get(fake_github_user))
        .route("/user/emails", get(fake_github_emails))
        .route("/userinfo", get(fake_google_userinfo))
        .with_state(fake);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    base
}

async fn fake_authorize(State(fake): State<Arc<FakeProvider>>, Query(q): Query<HashMap<String, String>>) -> Response {
    assert_eq!(q["client_id"], CLIENT_ID);
    assert_eq!(q["response_type"], "code");
    let challenge = q.get("code_challenge").cloned();
    if challenge.is_some() {
        assert_eq!(q["code_challenge_method"], "S256");
    }
    let code = format!("code-{}", fake.next.fetch_add(1, Ordering::Relaxed));
    fake.codes.lock().unwrap().insert(code.clone(), challenge);
    let back = format!("{}?code={code}&state={}", q["redirect_uri"], q["state"]);
    (StatusCode::FOUND, [(header::LOCATION, back)]).into_response()
}

async fn fake_token(State(fake): State<Arc<FakeProvider>>, body: String) -> Response {
    let uri: Uri = format!("http://fake/?{body}").parse().unwrap();
    let Query(form) = Query::<HashMap<String, String>>::try_from_uri(&uri).unwrap();
    let refuse = || (StatusCode::BAD_REQUEST, Json(json!({ "error": "invalid_grant" }))).into_response();
    if form.get("client_secret").map(String::as_str) != Some(CLIENT_SECRET)
        || form.get("grant_type").map(String::as_str) != Some("authorization_code")
    {
        return refuse();
    }
    let Some(challenge) = form.get("code").and_then(|c| fake.codes.lock().unwrap().remove(c)) else {
        return refuse();
    };
    if let Some(challenge) = challenge {
        let Some(verifier) = form.get("code_verifier") else { return refuse() };
        if base64url(&hex_bytes(&bt_app::auth::hash_token(verifier))) != challenge {
            return refuse();
        }
    }
    Json(json!({ "access_token": ACCESS, "token_type": "bearer", "scope": "email" })).into_response()
}

fn authorized(headers: &HeaderMap) -> bool {
    headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()) == Some(&format!("Bearer {ACCESS}"))
}

async fn fake_github_user(State(fake): State<Arc<FakeProvider>>, headers: HeaderMap) -> Response {
    if !authorized(&headers) {
        return StatusCode::UNAUTHORIZED.into_response();
    }
    Json(json!({ "id": 42, "login": "octo", "name": fake.name })).into_response()
}

async fn fake_github_emails(State(fake): State<Arc<FakeProvider>>, headers: HeaderMap) -> Response {
    if !authorized(&headers) {
        return StatusCode::UNAUTHORIZED.into_response();
    }
    Json(json!([
        { "email": "secondary@example.com", "primary": false, "verified": true },
        { "email": fake.email, "primary": true, "verified": fake.verified },
    ]))
    .into_response()
}

async fn fake_google_userinfo(State(fake): State<Arc<FakeProvider>>, headers: HeaderMap) -> Response {
    if !authorized(&headers) {
        return StatusCode::UNAUTHORIZED.into_response();
    }
    Json(json!({ "sub": "1234", "email": fake.email, "email_verified": fake.verified, "name": fake.name }))
        .into_response()
}

fn hex_bytes(hex: &str) -> Vec<u8> {
    (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap()).collect()
}

fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |acc, (i, b)| acc | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

fn provider(base: &str, userinfo: &str, emails: Option<&str>) -> OAuthProvider {
    OAuthProvider {
        client_id: CLIENT_ID.into(),
        client_secret: CLIENT_SECRET.into(),
        auth_url: format!("{base}/authorize"),
        token_url: format!("{base}/token"),
        userinfo_url: format!("{base}{userinfo}"),
        emails_url: emails.map(|e| format!("{base}{e}")),
    }
}

pub(crate) async fn app_with_github(email: &str, name: &str, verified: bool) -> TestApp {
    let fake = spawn_fake_provider(email, name, verified).await;
    spawn_app_with(options().configure(|c| c.github = Some(provider(&fake, "/user", Some("/user/emails"))))).await
}

async fn app_with_both_on(store: Arc<dyn bt_core::store::Table>, email: &str, name: &str) -> TestApp {
    let fake = spawn_fake_provider(email, name, true).await;
    spawn_app_with(options().store(store).configure(|c| {
        c.github = Some(provider(&fake, "/user", Some("/user/emails")));
        c.google = Some(provider(&fake, "/userinfo", None));
    }))
    .await
}

async fn app_with_google(email: &str, name: &str, verified: bool) -> TestApp {
    let fake = spawn_fake_provider(email, name, verified).await;
    spawn_app_with(options().configure(|c| c.google = Some(provider(&fake, "/userinfo", None)))).await
}

/// The web app's one-time value for a sign-in it starts.
const WEB_NONCE: &str = "web-app-nonce-0123456789";

/// A sign-in started as the web app starts it (with its nonce), up to the provider's redirect back to our callback:
/// (the callback URL, the state cookie the browser keeps from the start, as it sends it back).
async fn at_social_provider(app: &TestApp, provider: &str) -> (String, String) {
    let start = app.api.get(&format!("/auth/{provider}?nonce={WEB_NONCE}"), None).await.expect(302);
    let set = start.header("set-cookie").unwrap_or_else(|| panic!("no cookie: {:?}", start.headers)).to_string();
    let (cookie, attributes) = set.split_once(';').expect("attributes");
    assert!(cookie.starts_with("bt_sign_in_state=") && cookie.len() > "bt_sign_in_state=".len(), "{set}");
    let path = format!("Path=/auth/{provider}/callback");
    for part in [path.as_str(), "Max-Age=600", "HttpOnly", "SameSite=Lax"] {
        assert!(attributes.split(';').any(|a| a.trim() == part), "{part} missing in {set}");
    }
    let authorize = start.location().to_string();
    assert!(authorize.contains(&format!("redirect_uri={}", percent(&app.url(&format!("/auth/{provider}/callback"))))));
    let at_provider = app.api.client.get(&authorize).send().await.unwrap();
    assert_eq!(at_provider.status(), StatusCode::FOUND);
    let callback = at_provider.headers()[header::LOCATION].to_str().unwrap().to_string();
    assert!(callback.starts_with(&app.url(&format!("/auth/{provider}/callback?"))));
    (callback, cookie.to_string())
}

/// Our callback's redirect to the web app, in a browser with `cookie` (or none); the callback removes the cookie.
async fn social_callback(app: &TestApp, callback: &str, cookie: Option<&str>) -> String {
    let mut request = app.api.client.get(callback);
    if let Some(cookie) = cookie {
        request = request.header(header::COOKIE, cookie);
    }
    let done = request.send().await.unwrap();
    assert_eq!(done.status(), StatusCode::FOUND);
    let cleared = done.headers().get(header::SET_COOKIE).and_then(|v| v.to_str().ok()).unwrap_or_default();
    assert!(cleared.starts_with("bt_sign_in_state=;") && cleared.contains("Max-Age=0"), "not cleared: {cleared}");
    done.headers()[header::LOCATION].to_str().unwrap().to_string()
}

/// Goes through the sign-in as a browser would and returns the web app address it ends on.
async fn social_sign_in(app: &TestApp, provider: &str) -> String {
    let (callback, cookie) = at_social_provider(app, provider).await;
    let landing = social_callback(app, &callback, Some(&cookie)).await;
    if param_of(&landing, "access_token").is_some() {
        assert_eq!(param_of(&landing, "nonce").as_deref(), Some(WEB_NONCE), "{landing}");
    }
    // The same link works once.
    let again = social_callback(app, &callback, Some(&cookie)).await;
    assert!(param_of(&again, "error").is_some(), "a replayed callback signed in: {again}");
    landing
}

bt_testkit::on_every_store!(a_social_callback_in_a_browser_that_did_not_start_the_sign_in_is_refused);

/// Login CSRF: someone starts a sign-in in their own browser and sends the callback link (with their code and
/// state) to someone else. That browser has no cookie with that state, or the cookie of a sign-in of its own: the
/// callback signs no one in and stores nothing; the browser that started it signs in and gets the nonce back.
async fn a_social_callback_in_a_browser_that_did_not_start_the_sign_in_is_refused(
    store: Arc<dyn bt_core::store::Table>,
) {
    let email = unique_email("octo");
    let app = app_with_both_on(store, &email, "Octo Cat").await;
    app.sign_up("Octo Cat", &email, PASSWORD).await.expect(201);
    app.verify(&email).await.expect(200);
    let octo = app.sign_in("Octo Cat", &email, PASSWORD).await;
    let partitions = vec![format!("USER#{}", octo.id)];
    for provider in ["github", "google"] {
        let before = app.snapshot(&partitions).await;
        let (callback, cookie) = at_social_provider(&app, provider).await;
        let no_cookie = social_callback(&app, &callback, None).await;
        assert!(no_cookie.starts_with(&format!("{APP_URL}/auth/callback?")), "{no_cookie}");
        assert_eq!(param_of(&no_cookie, "error").as_deref(), Some("This sign-in has expired. Please try again."));
        assert!(param_of(&no_cookie, "access_token").is_none() && param_of(&no_cookie, "nonce").is_none());
        let (_, victims_cookie) = at_social_provider(&app, provider).await;
        let other = social_callback(&app, &callback, Some(&victims_cookie)).await;
        assert_eq!(param_of(&other, "error").as_deref(), Some("This sign-in has expired. Please try again."));
        let wrong_route = social_callback(&app, &callback, Some("bt_sign_in_state=")).await;
        assert!(param_of(&wrong_route, "access_token").is_none(), "{wrong_route}");
        assert_eq!(app.snapshot(&partitions).await, before, "{provider}: a refused callback stored something");

        let landing = social_callback(&app, &callback, Some(&format!("theme=dark; {cookie}"))).await;
        assert_eq!(param_of(&landing, "id").as_deref(), Some(octo.id.as_str()), "{landing}");
        assert_eq!(param_of(&landing, "nonce").as_deref(), Some(WEB_NONCE));
        app.api.get("/user/profile", param_of(&landing, "access_token").as_deref()).await.expect(200);
    }
    // A start without the web app's nonce gives none back.
    let start = app.api.get("/auth/github", None).await.expect(302);
    let cookie = start.header("set-cookie").unwrap().split(';').next().unwrap().to_string();
    let at_provider = app.api.client.get(start.location()).send().await.unwrap();
    let callback = at_provider.headers()[header::LOCATION].to_str().unwrap().to_string();
    let landing = social_callback(&app, &callback, Some(&cookie)).await;
    assert!(param_of(&landing, "access_token").is_some() && param_of(&landing, "nonce").is_none(), "{landing}");
}

fn percent(s: &str) -> String {
    s.replace(':', "%3A").replace('/', "%2F")
}

#[tokio::test]
async fn social_sign_in_that_is_not_configured_says_so() {
    let app = spawn_app().await;
    // Off is not an outage: 404 with the reason, and the providers route says which buttons to show.
    let github = app.api.get("/auth/github", None).await.expect(404);
    assert_eq!(github.body, json!({ "message": "GitHub sign-in is not configured." }));
    assert_eq!(app.api.get("/auth/google", None).await.expect(404).message(), "Google sign-in is not configured.");
    let providers = app.api.get("/auth/providers", None).await.expect(200);
    assert_eq!(providers.body, json!({ "data": { "github": false, "google": false } }));
    let callback = app.api.get("/auth/github/callback?code=x&state=y", None).await.expect(302);
    assert_eq!(param_of(callback.location(), "error").as_deref(), Some("GitHub sign-in is not configured."));
}

#[tokio::test]
async fn github_sign_in_creates_an_account_with_its_own_team() {
    let app = app_with_github("Octo@Example.com", "Octo Cat", true).await;
    let providers = app.api.get("/auth/providers", None).await.expect(200);
    assert_eq!(providers.body, json!({ "data": { "github": true, "google": false } }));
    let landing = social_sign_in(&app, "github").await;
    assert!(landing.starts_with(&format!("{APP_URL}/auth/callback?")), "{landing}");
    assert_eq!(param_of(&landing, "name").as_deref(), Some("Octo Cat"));
    let access = param_of(&landing, "access_token").unwrap();
    let refresh = param_of(&landing, "refresh_token").unwrap();
    let profile = app.api.get("/user/profile", Some(&access)).await.expect(200);
    assert_eq!(profile.data()["email"], "octo@example.com");
    assert_eq!(profile.data()["id"].as_str(), param_of(&landing, "id").as_deref());
    assert_eq!(
        (profile.data()["role"].as_str(), profile.data()["hasPassword"].as_bool()),
        (Some("admin"), Some(false))
    );
    assert_eq!(app.api.get("/admin/get-count", Some(&access)).await.data(), &json!(1));
    app.api.post("/auth/refresh-token", None, json!({ "refresh_token": refresh })).await.expect(200);
    // Signing in again reaches the same account.
    let again = social_sign_in(&app, "github").await;
    assert_eq!(param_of(&again, "id"), param_of(&landing, "id"));
}

#[tokio::test]
async fn google_sign_in_links_to_the_verified_account_with_that_address() {
    let app = app_with_google("ann@example.com", "Ann From Google", true).await;
    app.sign_up("Ann Original", "ann@example.com", PASSWORD).await.expect(201);
    app.verify("ann@example.com").await.expect(200);
    let ann = app.sign_in("Ann Original", "ann@example.com", PASSWORD).await;

    let landing = social_sign_in(&app, "google").await;
    assert_eq!(param_of(&landing, "id").as_deref(), Some(ann.id.as_str()));
    assert_eq!(param_of(&landing, "name").as_deref(), Some("Ann Original"));
    // The password still works too.
    app.log_in("ann@example.com", PASSWORD).await.expect(200);
}

#[tokio::test]
async fn google_sign_in_verifies_an_unverified_account_and_drops_its_password() {
    let app = app_with_google("claimed@example.com", "Real Owner", true).await;
    app.sign_up("Someone Unverified", "claimed@example.com", PASSWORD).await.expect(201);
    let landing = social_sign_in(&app, "google").await;
    let access = param_of(&landing, "access_token").unwrap();
    let profile = app.api.get("/user/profile", Some(&access)).await.expect(200);
    assert_eq!(
        (profile.data()["email"].as_str(), profile.data()["hasPassword"].as_bool()),
        (Some("claimed@example.com"), Some(false))
    );
    // Whoever set that password never proved the address: it no longer opens the account.
    app.log_in("claimed@example.com", PASSWORD).await.expect(401);
}

#[tokio::test]
async fn social_sign_in_without_a_verified_address_is_refused() {
    let app = app_with_google("unverified@example.com", "Nobody", false).await;
    let landing = social_sign_in(&app, "google").await;
    assert!(landing.starts_with(&format!("{APP_URL}/auth/callback?")));
    assert_eq!(param_of(&landing, "error").as_deref(), Some("Your Google account has no verified email address."));
    assert!(param_of(&landing, "access_token").is_none());

    let app = app_with_github("gh-unverified@example.com", "Nobody", false).await;
    let landing = social_sign_in(&app, "github").await;
    assert_eq!(param_of(&landing, "error").as_deref(), Some("Your GitHub account has no verified email address."));
}

#[tokio::test]
async fn a_team_that_requires_single_sign_on_keeps_its_members_from_github_sign_in() {
    let email = unique_email("sso member");
    let fake = spawn_fake_provider(&email, "Max Member", true).await;
    let app = spawn_app_with(options().configure(|c| {
        c.github = Some(provider(&fake, "/user", Some("/user/emails")));
        // Single sign-on is configured (never reached here): the requirement applies only then.
        c.oidc = Some(bt_app::config::OidcProvider {
            issuer: "http://127.0.0.1:9/oidc".into(),
            client_id: "breaktime".into(),
            client_secret: "secret".into(),
            label: "Company account".into(),
        });
    }))
    .await;
    let admin = signed_in_user(&app, "Ada Admin").await;
    app.sign_up("Max Member", &email, PASSWORD).await.expect(201);
    app.verify(&email).await.expect(200);
    let member = app.sign_in("Max Member", &email, PASSWORD).await;
    join_team(&app, &admin, &member).await;
    assert!(param_of(&social_sign_in(&app, "github").await, "access_token").is_some());

    app.api.put("/admin/sso", admin.token(), json!({ "required": true })).await.expect(200);
    let landing = social_sign_in(&app, "github").await;
    assert!(param_of(&landing, "access_token").is_none(), "{landing}");
    assert_eq!(
        param_of(&landing, "error").as_deref(),
        Some("Your team signs in with single sign-on. Please use the single sign-on button.")
    );
}

#[tokio::test]
async fn a_cancelled_or_forged_social_sign_in_goes_back_with_an_error() {
    let app = app_with_github("octo@example.com", "Octo", true).await;
    let cancelled = app.api.get("/auth/github/callback?error=access_denied&state=whatever", None).await.expect(302);
    assert_eq!(param_of(cancelled.location(), "error").as_deref(), Some("Sign-in with GitHub was cancelled."));
    let forged = app.api.get("/auth/github/callback?code=code-1&state=made-up", None).await.expect(302);
    assert_eq!(param_of(forged.location(), "error").as_deref(), Some("This sign-in has expired. Please try again."));
    let bare = app.api.get("/auth/github/callback", None).await.expect(302);
    assert_eq!(param_of(bare.location(), "error").as_deref(), Some("Sign-in with GitHub failed. Please try again."));

    // A state outlives its 10 minutes only in the store, not in use.
    let (callback, cookie) = at_social_provider(&app, "github").await;
    app.state.clock.advance(601);
    let late = social_callback(&app, &callback, Some(&cookie)).await;
    assert_eq!(param_of(&late, "error").as_deref(), Some("This sign-in has expired. Please try again."));
}
