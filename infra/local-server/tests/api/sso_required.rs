//! A team that requires single sign-on leaves its members and HR no other way in: turning the requirement on ends
//! their other sign-ins, a refresh of a sign-in made otherwise ends it with the single sign-on message, their API
//! tokens are refused on every route and no new ones are made. The sign-in made with single sign-on goes on, and
//! admins keep every way in.
//!
//! The single sign-on sessions here are made by the function the OpenID Connect callback calls
//! (`oauth::single_sign_on`), so these tests need no provider; `oidc.rs` drives the real one. Single sign-on is
//! configured with a provider that is never asked (the requirement has effect only when it is configured).

use std::sync::Arc;

use crate::support::*;
use bt_app::config::OidcProvider;
use bt_app::i18n::Language;
use bt_core::store::Table;
use reqwest::Method;
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    turning_the_requirement_on_ends_every_other_sign_in_of_members_and_hr,
    a_refresh_of_a_sign_in_made_otherwise_ends_it_with_the_single_sign_on_message,
    api_tokens_of_members_and_hr_are_refused_on_every_route_and_none_are_made,
);

const SSO_REQUIRED: &str = "Your team signs in with single sign-on. Please use the single sign-on button.";
const INVALID_REFRESH: &str = "Invalid or expired refresh token.";

async fn app_with_sso(store: Store) -> TestApp {
    spawn_app_with(options().store(store).configure(|c| {
        c.oidc = Some(OidcProvider {
            issuer: "http://127.0.0.1:9/never-asked".into(),
            client_id: "breaktime".into(),
            client_secret: "breaktime-test-secret".into(),
            label: "Company account".into(),
        })
    }))
    .await
}

/// A sign-in as the OpenID Connect callback makes it: (access token, refresh token).
async fn single_sign_on(app: &TestApp, who: &TestUser) -> (String, String) {
    let (_, session) =
        bt_app::account::oauth::single_sign_on(app.state.services(), &who.email, &who.name, Language::En, None)
            .await
            .expect("a single sign-on session");
    (session.access_token, session.refresh_token)
}

async fn refresh(app: &TestApp, refresh_token: &str) -> Reply {
    app.api.post("/auth/refresh-token", None, json!({ "refresh_token": refresh_token })).await
}

/// The new refresh token of a refresh that worked.
fn rotated(reply: Reply) -> String {
    reply.expect(200).data()["refresh_token"].as_str().expect("a refresh token").to_string()
}

async fn require(app: &TestApp, admin: &TestUser, required: bool) {
    app.api.put("/admin/sso", admin.token(), json!({ "required": required })).await.expect(200);
}

/// A team of an admin, a member and HR, each signed in with their password.
async fn team(app: &TestApp) -> (TestUser, TestUser, TestUser) {
    let admin = signed_in_user(app, "Ada Admin").await;
    let member = signed_in_user(app, "Max Member").await;
    let member = join_team(app, &admin, &member).await;
    let hr = signed_in_user(app, "Hal Hr").await;
    let hr = join_team_as(app, &admin, &hr, "hr").await;
    (admin, member, hr)
}

async fn turning_the_requirement_on_ends_every_other_sign_in_of_members_and_hr(store: Store) {
    let app = app_with_sso(store).await;
    let (admin, member, hr) = team(&app).await;
    let (sso_access, sso_refresh) = single_sign_on(&app, &member).await;
    // A second password sign-in of the member, on another device.
    let phone = app.log_in(&member.email, PASSWORD).await.expect(200);
    let phone_refresh = phone.data()["refresh_token"].as_str().unwrap().to_string();

    require(&app, &admin, true).await;

    // Every sign-in of the member and of HR made with a password has ended: its access tokens at once, its
    // refresh tokens too.
    for (who, access, refresh_token) in [
        ("member", member.access_token.as_str(), member.refresh_token.as_str()),
        ("member's phone", phone.data()["access_token"].as_str().unwrap(), phone_refresh.as_str()),
        ("hr", hr.access_token.as_str(), hr.refresh_token.as_str()),
    ] {
        let profile = app.api.get("/user/profile", Some(access)).await;
        assert_eq!(profile.status.as_u16(), 401, "{who}: {}", profile.text);
        assert_eq!(refresh(&app, refresh_token).await.expect(401).message(), INVALID_REFRESH, "{who}");
    }
    // The sign-in made with single sign-on goes on, and keeps refreshing.
    app.api.get("/user/profile", Some(&sso_access)).await.expect(200);
    let next = rotated(refresh(&app, &sso_refresh).await);
    let next = rotated(refresh(&app, &next).await);
    // So does a new one; and the admin keeps the password sign-in.
    let (_, again) = single_sign_on(&app, &hr).await;
    rotated(refresh(&app, &again).await);
    app.api.get("/user/profile", admin.token()).await.expect(200);
    rotated(refresh(&app, &admin.refresh_token).await);
    // Turning it on again ends nothing more.
    require(&app, &admin, true).await;
    rotated(refresh(&app, &next).await);
}

async fn a_refresh_of_a_sign_in_made_otherwise_ends_it_with_the_single_sign_on_message(store: Store) {
    let app = app_with_sso(store).await;
    let (admin, member, _) = team(&app).await;
    // A second admin keeps their password sign-in when the requirement comes on, then is made a member.
    let bob = signed_in_user(&app, "Bob Boss").await;
    let bob = join_team_as(&app, &admin, &bob, "admin").await;
    let (_, member_sso) = single_sign_on(&app, &member).await;
    require(&app, &admin, true).await;
    let bob_next = rotated(refresh(&app, &bob.refresh_token).await);
    app.api.put(&format!("/admin/role/{}", bob.id), admin.token(), json!({ "role": "member" })).await.expect(200);

    // Bob's password sign-in may not be refreshed any more: it ends, with the message that says what to do.
    let refused = refresh(&app, &bob_next).await.expect(403);
    assert_eq!(refused.message(), SSO_REQUIRED);
    assert_eq!(refresh(&app, &bob_next).await.expect(401).message(), INVALID_REFRESH, "the sign-in has ended");
    // Its password does not sign in again either; single sign-on does.
    assert_eq!(app.log_in(&bob.email, PASSWORD).await.expect(403).message(), SSO_REQUIRED);
    let (_, bob_sso) = single_sign_on(&app, &bob).await;
    rotated(refresh(&app, &bob_sso).await);
    rotated(refresh(&app, &member_sso).await);

    // Once the team no longer requires it, a password sign-in refreshes again.
    require(&app, &admin, false).await;
    let login = app.log_in(&bob.email, PASSWORD).await.expect(200);
    rotated(refresh(&app, login.data()["refresh_token"].as_str().unwrap()).await);
}

async fn make_token(app: &TestApp, access: &str, name: &str, scope: &str) -> String {
    let made = app.api.post("/user/tokens", Some(access), json!({ "name": name, "scope": scope })).await.expect(201);
    made.data()["token"].as_str().expect("the secret").to_string()
}

/// Every route of the API document that signs its caller in, with its path filled in.
fn signed_in_routes(owner_id: &str) -> Vec<(Method, String)> {
    let doc: Value = serde_json::from_str(&breaktime_local::openapi::document_text()).expect("the API document");
    let value_of = |name: &str| match name {
        "userId" => owner_id.to_string(),
        "month" => "2024-05".to_string(),
        "date" => "2024-05-06".to_string(),
        "rule" => "break".to_string(),
        "kind" => "leaves".to_string(),
        _ => "01ARZ3NDEKTSV4RRFFQ69G5FAV".to_string(),
    };
    let mut routes = Vec::new();
    for (template, operations) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in operations.as_object().expect("operations") {
            let public =
                operation["security"].as_array().is_some_and(|s| s.is_empty() || s.iter().all(|r| r == &json!({})));
            if public || method == "parameters" {
                continue;
            }
            let mut path = template.clone();
            while let Some(start) = path.find('{') {
                let end = path[start..].find('}').expect("a closed parameter") + start;
                path.replace_range(start..=end, &value_of(&path[start + 1..end]));
            }
            routes.push((Method::from_bytes(method.to_uppercase().as_bytes()).unwrap(), path));
        }
    }
    routes
}

async fn api_tokens_of_members_and_hr_are_refused_on_every_route_and_none_are_made(store: Store) {
    let app = app_with_sso(store).await;
    let (admin, member, hr) = team(&app).await;
    let member_token = make_token(&app, &member.access_token, "Member's script", "write").await;
    let hr_token = make_token(&app, &hr.access_token, "HR's script", "read").await;
    let admin_token = make_token(&app, &admin.access_token, "Admin's script", "write").await;
    app.api.get("/user/profile", Some(&member_token)).await.expect(200);

    require(&app, &admin, true).await;
    let (member_sso, _) = single_sign_on(&app, &member).await;

    // The member's and HR's tokens open nothing, reading or writing.
    let routes = signed_in_routes(&member.id);
    assert!(routes.len() >= 100, "{} routes", routes.len());
    for (method, path) in &routes {
        for (who, token) in [("member", &member_token), ("hr", &hr_token)] {
            let reply = app.api.send(Some(token), method.clone(), path, Some(json!({}))).await;
            assert_eq!(reply.status.as_u16(), 403, "{who}: {method} {path}: {}", reply.text);
            assert_eq!(reply.expect_error(403).message(), SSO_REQUIRED, "{who}: {method} {path}");
        }
    }
    // Nothing was written with them: the member's profile and records are as they were.
    let profile = app.api.get("/user/profile", Some(&member_sso)).await.expect(200);
    assert_eq!(profile.data()["name"], "Max Member");
    // No new token is made, even in a single sign-on session; the ones there are are still listed.
    let refused = app.api.post("/user/tokens", Some(&member_sso), json!({ "name": "Another", "scope": "read" })).await;
    assert_eq!(refused.expect(403).message(), SSO_REQUIRED);
    let listed = app.api.get("/user/tokens", Some(&member_sso)).await.expect(200);
    assert_eq!(listed.data().as_array().map(Vec::len), Some(1));

    // The admin's token works, and the admin makes new ones.
    app.api.get("/user/profile", Some(&admin_token)).await.expect(200);
    app.api.post("/task/add", Some(&admin_token), a_task("Plan", "2024-05-06")).await.expect(201);
    make_token(&app, &admin.access_token, "Another script", "read").await;

    // Without the requirement, the member's token works again (it was refused, not ended).
    require(&app, &admin, false).await;
    app.api.get("/user/profile", Some(&member_token)).await.expect(200);
}
