//! A new team's first week: the time zone an account starts in (the browser's at sign-up, social sign-in and
//! invitation, the team's default for invitees), and the team's name (asked once, set by its admin, used by the
//! invitation mails and links).

use crate::support::*;
use axum::http::{header, StatusCode};
use serde_json::json;

async fn zone_of(app: &TestApp, user: &TestUser) -> String {
    let profile = app.api.get("/user/profile", user.token()).await.expect(200);
    profile.data()["timeZone"].as_str().expect("a zone").to_string()
}

/// Signs up with `body` added to the sign-up fields, verifies and signs in.
async fn signed_up_with(app: &TestApp, name: &str, extra: serde_json::Value) -> TestUser {
    let email = unique_email(name);
    let mut body = json!({ "name": name, "email": email, "password": PASSWORD });
    body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    app.api.post("/user/signup", None, body).await.expect(201);
    app.verify(&email).await.expect(200);
    app.sign_in(name, &email, PASSWORD).await
}

#[tokio::test]
async fn a_sign_up_starts_in_the_browsers_zone_and_an_unknown_zone_is_refused() {
    let app = spawn_app().await;
    let berlin = signed_up_with(&app, "Bea Berlin", json!({ "timeZone": "Europe/Berlin" })).await;
    assert_eq!(zone_of(&app, &berlin).await, "Europe/Berlin");
    let nowhere = signed_up_with(&app, "Una Utc", json!({})).await;
    assert_eq!(zone_of(&app, &nowhere).await, "UTC");

    let email = unique_email("Mars");
    let body = json!({ "name": "Mars Rover", "email": email, "password": PASSWORD, "timeZone": "Mars/Olympus" });
    let refused = app.api.post("/user/signup", None, body).await.expect(422);
    assert_eq!(refused.field("timeZone"), "Unknown time zone.");
    assert!(app.mails_to(&email).await.is_empty(), "nothing was made");
}

#[tokio::test]
async fn an_invitee_starts_in_the_team_default_else_in_their_browsers_zone() {
    let app = spawn_app().await;
    let ann = signed_up_with(&app, "Ann Admin", json!({ "timeZone": "Europe/Berlin" })).await;

    // No team default yet: the invitee keeps the zone of the browser they signed up in.
    let first = unique_email("Nia");
    app.api.post("/admin/invite", ann.token(), json!({ "email": first, "role": "member" })).await.expect(201);
    let token = app.last_token_to(&first).await;
    let body = json!({ "name": "Nia New", "email": first, "password": PASSWORD, "invitation": token, "timeZone": "America/New_York" });
    app.api.post("/user/signup", None, body).await.expect(201);
    app.verify(&first).await.expect(200);
    let nia = app.sign_in("Nia New", &first, PASSWORD).await;
    assert_eq!(nia.team_id, ann.team_id, "joined on verification");
    assert_eq!(zone_of(&app, &nia).await, "America/New_York");

    // The admin sets a default: a bad one is refused with a field message, a good one is kept in its canonical name.
    let bad = app.api.put("/admin/team", ann.token(), json!({ "timeZone": "Europe/Atlantis" })).await.expect(422);
    assert_eq!(bad.field("timeZone"), "Unknown time zone.");
    let set = app.api.put("/admin/team", ann.token(), json!({ "timeZone": "Asia/Tokyo" })).await.expect(200);
    assert_eq!(set.data()["timeZone"], "Asia/Tokyo");
    let forbidden = app.api.put("/admin/team", nia.token(), json!({ "timeZone": "UTC" })).await;
    assert_eq!(forbidden.status, StatusCode::FORBIDDEN);

    let second = unique_email("Oli");
    app.api.post("/admin/invite", ann.token(), json!({ "email": second, "role": "member" })).await.expect(201);
    let token = app.last_token_to(&second).await;
    let body = json!({ "name": "Oli Other", "email": second, "password": PASSWORD, "invitation": token, "timeZone": "America/New_York" });
    app.api.post("/user/signup", None, body).await.expect(201);
    app.verify(&second).await.expect(200);
    let oli = app.sign_in("Oli Other", &second, PASSWORD).await;
    assert_eq!(zone_of(&app, &oli).await, "Asia/Tokyo", "the team default wins for a new account");
    // The earlier member keeps theirs.
    assert_eq!(zone_of(&app, &nia).await, "America/New_York");
}

#[tokio::test]
async fn an_existing_account_keeps_its_zone_on_accepting_unless_it_never_left_utc() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Admin").await;
    app.api.put("/admin/team", ann.token(), json!({ "timeZone": "Europe/Berlin" })).await.expect(200);

    // An account with a zone of its own keeps it.
    let bob = signed_up_with(&app, "Bob Tokyo", json!({ "timeZone": "Asia/Tokyo" })).await;
    app.api.post("/admin/invite", ann.token(), json!({ "email": bob.email, "role": "member" })).await.expect(201);
    let token = app.last_token_to(&bob.email).await;
    let body = json!({ "token": token, "timeZone": "Europe/Paris" });
    let joined = app.api.post("/admin/accept-email-invitation", bob.token(), body).await.expect(200);
    assert_eq!(joined.data()["timeZone"], "Asia/Tokyo");
    assert_eq!(zone_of(&app, &bob).await, "Asia/Tokyo");

    // An account still in the UTC every account used to start in takes the team's default.
    let cat = signed_in_user(&app, "Cat Utc").await;
    assert_eq!(zone_of(&app, &cat).await, "UTC");
    app.api.post("/admin/invite", ann.token(), json!({ "email": cat.email, "role": "member" })).await.expect(201);
    let token = app.last_token_to(&cat.email).await;
    let bad = json!({ "token": token, "timeZone": "Nowhere/Land" });
    assert_eq!(
        app.api.post("/admin/accept-email-invitation", cat.token(), bad).await.expect(422).field("timeZone"),
        "Unknown time zone."
    );
    let body = json!({ "token": token, "timeZone": "Europe/Paris" });
    app.api.post("/admin/accept-email-invitation", cat.token(), body).await.expect(200);
    assert_eq!(zone_of(&app, &cat).await, "Europe/Berlin");

    // Without a team default, such an account takes the zone of the browser that accepts.
    let dan = signed_in_user(&app, "Dan Admin").await;
    let eve = signed_in_user(&app, "Eve Utc").await;
    app.api.post("/admin/invite", dan.token(), json!({ "email": eve.email, "role": "member" })).await.expect(201);
    let token = app.last_token_to(&eve.email).await;
    let body = json!({ "token": token, "timeZone": "America/Sao_Paulo" });
    app.api.post("/admin/accept-email-invitation", eve.token(), body).await.expect(200);
    assert_eq!(zone_of(&app, &eve).await, "America/Sao_Paulo");
}

#[tokio::test]
async fn a_social_sign_in_keeps_the_zone_its_start_was_given() {
    for (given, expected) in [("Europe/Berlin", "Europe/Berlin"), ("Not%2FA%20Zone", "UTC")] {
        let email = unique_email("octo");
        let app = crate::accounts::app_with_github(&email, "Octo Cat", true).await;
        let start = app.api.get(&format!("/auth/github?timeZone={given}"), None).await.expect(302);
        let cookie = start.header("set-cookie").unwrap().split(';').next().unwrap().to_string();
        let at_provider = app.api.client.get(start.location()).send().await.unwrap();
        assert_eq!(at_provider.status(), StatusCode::FOUND);
        let callback = at_provider.headers()[header::LOCATION].to_str().unwrap().to_string();
        let done = app.api.client.get(&callback).header(header::COOKIE, cookie).send().await.unwrap();
        let landing = done.headers()[header::LOCATION].to_str().unwrap().to_string();
        let access = param_of(&landing, "access_token").unwrap_or_else(|| panic!("signed in: {landing}"));
        let profile = app.api.get("/user/profile", Some(&access)).await.expect(200);
        assert_eq!(profile.data()["timeZone"], expected, "{given}");
    }
}

#[tokio::test]
async fn the_admin_names_the_team_once_asked_and_mails_and_links_use_the_name() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Admin").await;
    let team = app.api.get("/admin/team", ann.token()).await.expect(200);
    assert_eq!(team.data()["name"], "Ann Admin's team");
    assert_eq!(team.data()["askName"], true, "a new team's admin is asked for its name");

    let empty = app.api.put("/admin/team", ann.token(), json!({ "name": "   " })).await.expect(422);
    assert_eq!(empty.field("name"), "Team name is required.");
    let long = app.api.put("/admin/team", ann.token(), json!({ "name": "x".repeat(61) })).await.expect(422);
    assert_eq!(long.field("name"), "Team name must not exceed 60 characters.");
    assert_eq!(app.api.get("/admin/team", ann.token()).await.expect(200).data()["askName"], true, "still asked");

    let named = app.api.put("/admin/team", ann.token(), json!({ "name": "  Engines  " })).await.expect(200);
    assert_eq!((named.data()["name"].as_str(), named.data()["askName"].as_bool()), (Some("Engines"), Some(false)));
    let team = app.api.get("/admin/team", ann.token()).await.expect(200);
    assert_eq!((team.data()["name"].as_str(), team.data()["askName"].as_bool()), (Some("Engines"), Some(false)));

    // The log tells of the rename, with the name before and after.
    let log = app.api.get("/admin/audit?action=team.changed", ann.token()).await.expect(200);
    let entries = log.data()["entries"].as_array().unwrap().clone();
    assert_eq!(entries.len(), 1, "{}", log.text);
    assert_eq!(entries[0]["before"]["name"], "Ann Admin's team");
    assert_eq!(entries[0]["after"]["name"], "Engines");

    // The invitation says the team's name, and so does its link before anyone signs in.
    let bob = signed_in_user(&app, "Bob Invitee").await;
    app.api.post("/admin/invite", ann.token(), json!({ "email": bob.email, "role": "member" })).await.expect(201);
    let mail = app.last_mail_to(&bob.email).await;
    assert_eq!(mail["subject"], "Ann Admin invited you to Engines on Breaktime");
    assert!(mail["text"].as_str().unwrap().contains("\"Engines\""), "{}", mail["text"]);
    assert!(!mail["text"].as_str().unwrap().contains("'s team"), "{}", mail["text"]);
    let token = app.last_token_to(&bob.email).await;
    // Renamed after the invitation went out: the link shows the name of now.
    app.api.put("/admin/team", ann.token(), json!({ "name": "Engines & Wheels" })).await.expect(200);
    let preview = app.api.post("/admin/invitation-preview", None, json!({ "token": token })).await.expect(200);
    assert_eq!(preview.data()["teamName"], "Engines & Wheels");
    let joined =
        app.api.post("/admin/accept-email-invitation", bob.token(), json!({ "token": token })).await.expect(200);
    assert_eq!(joined.data()["message"], "You have joined Engines & Wheels.");

    // Members read the name (for the header) but are never asked, and cannot change it.
    let seen = app.api.get("/admin/team", bob.token()).await.expect(200);
    assert_eq!(
        (seen.data()["name"].as_str(), seen.data()["askName"].as_bool()),
        (Some("Engines & Wheels"), Some(false))
    );
    assert_eq!(app.api.put("/admin/team", bob.token(), json!({ "name": "Mine" })).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn dismissing_the_question_keeps_the_name_and_logs_nothing() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Admin").await;
    let kept = app.api.put("/admin/team", ann.token(), json!({})).await.expect(200);
    assert_eq!(
        (kept.data()["name"].as_str(), kept.data()["askName"].as_bool()),
        (Some("Ann Admin's team"), Some(false))
    );
    assert_eq!(app.api.get("/admin/team", ann.token()).await.expect(200).data()["askName"], false, "asked once");
    let log = app.api.get("/admin/audit?action=team.changed", ann.token()).await.expect(200);
    assert_eq!(log.data()["entries"], json!([]));
}

#[tokio::test]
async fn the_timesheet_pdf_names_the_team_by_its_new_name() {
    let app = spawn_app().await;
    let ann = signed_in_user(&app, "Ann Admin").await;
    app.api.put("/admin/team", ann.token(), json!({ "name": "Engines" })).await.expect(200);
    let month = app.state.clock.now().format("%Y-%m").to_string();
    let pdf = app
        .api
        .client
        .get(app.url(&format!("/timesheets/{month}/export.pdf")))
        .bearer_auth(&ann.access_token)
        .send()
        .await
        .unwrap();
    assert_eq!(pdf.status(), StatusCode::OK);
    let bytes = pdf.bytes().await.unwrap();
    let doc = lopdf::Document::load_mem(&bytes).expect("a PDF");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let text = doc.extract_text(&pages).expect("its text");
    assert!(text.contains("Team: Engines"), "{text}");
    assert!(!text.contains("Ann Admin's team"), "{text}");
}
