//! People who go through the real accounts flow: they sign up, follow their mailed links (read from
//! `GET /dev/outbox`, as a person would read their mail), sign in and join a team.

use std::sync::atomic::{AtomicU64, Ordering};

use serde_json::{json, Value};

use super::{Reply, TestApp};

/// The password every helper-made user has.
pub const PASSWORD: &str = "correct-horse1";

/// A verified, signed-in user.
#[derive(Debug, Clone)]
pub struct TestUser {
    pub id: String,
    pub name: String,
    pub email: String,
    pub password: String,
    pub access_token: String,
    pub refresh_token: String,
    pub team_id: String,
}

impl TestUser {
    pub fn token(&self) -> Option<&str> {
        Some(&self.access_token)
    }
}

impl TestApp {
    /// Every mail sent so far, oldest first (`{id, to, subject, text, html, link, replyTo?, sentAt}`).
    pub async fn outbox(&self) -> Vec<Value> {
        let reply = self.api.get("/dev/outbox", None).await.expect(200);
        reply.data().as_array().cloned().unwrap_or_default()
    }

    pub async fn mails_to(&self, email: &str) -> Vec<Value> {
        self.outbox().await.into_iter().filter(|m| m["to"].as_str() == Some(email)).collect()
    }

    /// The newest mail to `email`.
    pub async fn last_mail_to(&self, email: &str) -> Value {
        self.mails_to(email).await.pop().unwrap_or_else(|| panic!("no mail to {email}"))
    }

    /// The link of the newest mail to `email`.
    pub async fn last_link_to(&self, email: &str) -> String {
        self.last_mail_to(email).await["link"].as_str().expect("a mail with a link").to_string()
    }

    /// The `token` parameter of the link in the newest mail to `email`.
    pub async fn last_token_to(&self, email: &str) -> String {
        token_of(&self.last_link_to(email).await)
    }

    pub async fn sign_up(&self, name: &str, email: &str, password: &str) -> Reply {
        self.api.post("/user/signup", None, json!({ "name": name, "email": email, "password": password })).await
    }

    pub async fn log_in(&self, email: &str, password: &str) -> Reply {
        self.api.post("/auth/login", None, json!({ "email": email, "password": password })).await
    }

    /// Follows the newest verification mail to `email`.
    pub async fn verify(&self, email: &str) -> Reply {
        let token = self.last_token_to(email).await;
        self.api.post("/user/verify-email", None, json!({ "token": token })).await
    }

    /// Signs in an existing, verified account.
    pub async fn sign_in(&self, name: &str, email: &str, password: &str) -> TestUser {
        let login = self.log_in(email, password).await.expect(200);
        let d = login.data();
        let access_token = d["access_token"].as_str().expect("access_token").to_string();
        let profile = self.api.get("/user/profile", Some(&access_token)).await.expect(200);
        TestUser {
            id: d["id"].as_str().expect("id").to_string(),
            name: name.to_string(),
            email: email.to_string(),
            password: password.to_string(),
            access_token,
            refresh_token: d["refresh_token"].as_str().expect("refresh_token").to_string(),
            team_id: profile.data()["teamId"].as_str().expect("teamId").to_string(),
        }
    }
}

/// The value of the `token` query parameter of a link.
pub fn token_of(link: &str) -> String {
    param_of(link, "token").unwrap_or_else(|| panic!("no token in {link}"))
}

/// A query parameter of a URL, percent-decoded.
pub fn param_of(url: &str, name: &str) -> Option<String> {
    let uri: axum::http::Uri = url.parse().ok()?;
    let axum::extract::Query(params) =
        axum::extract::Query::<std::collections::HashMap<String, String>>::try_from_uri(&uri).ok()?;
    params.get(name).cloned()
}

/// A fresh address for `name` (unique within the test run).
pub fn unique_email(name: &str) -> String {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let slug: String =
        name.to_lowercase().chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).take(30).collect();
    format!("{slug}-{}-{}@example.com", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed))
}

/// A user who signed up (with their own team, as its admin), followed the verification mail and signed in.
/// `name` must be a valid sign-up name (3 to 60 characters).
pub async fn signed_in_user(app: &TestApp, name: &str) -> TestUser {
    let email = unique_email(name);
    app.sign_up(name, &email, PASSWORD).await.expect(201);
    app.verify(&email).await.expect(200);
    app.sign_in(name, &email, PASSWORD).await
}

/// `admin` invites `member` as a plain member and `member` accepts: `member` leaves their own team for `admin`'s.
/// Returns `member` with the new `team_id` (their tokens stay valid).
pub async fn join_team(app: &TestApp, admin: &TestUser, member: &TestUser) -> TestUser {
    join_team_as(app, admin, member, "member").await
}

/// [`join_team`] with a role (`admin`, `hr` or `member`).
pub async fn join_team_as(app: &TestApp, admin: &TestUser, member: &TestUser, role: &str) -> TestUser {
    app.api.post("/admin/invite", admin.token(), json!({ "email": member.email, "role": role })).await.expect(201);
    let token = app.last_token_to(&member.email).await;
    app.api.post("/admin/accept-email-invitation", member.token(), json!({ "token": token })).await.expect(200);
    TestUser { team_id: admin.team_id.clone(), ..member.clone() }
}
