//! Personal API tokens through the HTTP API, on every store (SQLite, and DynamoDB on moto with feature `aws`): made,
//! listed and revoked by their owner, the secret answered once and only its hash stored, the scopes (read: GET and
//! HEAD only), the routes no token reaches (tokens, password, e-mail, account deletion), expiry, the hourly
//! `lastUsedAt`, and what ends a token (revocation, a password change, the account's deletion).

use std::sync::Arc;

use crate::support::*;
use bt_app::account::tokens::{INVALID, READ_ONLY, SESSION_ONLY};
use bt_app::account::Role;
use bt_app::auth::hash_token;
use bt_core::keys;
use bt_core::store::Table;
use chrono::DateTime;
use reqwest::Method;
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    tokens_are_made_listed_and_revoked_and_only_their_hash_is_stored,
    token_bodies_are_checked_field_by_field_and_tokens_are_capped,
    a_read_token_only_reads_and_a_write_token_writes,
    no_token_manages_tokens_changes_the_password_or_email_or_deletes_the_account,
    expired_tokens_are_401_and_stay_listed_with_their_expiry,
    last_used_moves_at_most_once_an_hour,
    a_password_change_and_the_accounts_deletion_end_every_token,
);

/// `/api/docs` is a page of the web app (its viewer reads `GET /openapi.json`), not an API route: the local server
/// answers it with the app, while the document it shows names the bearer scheme the tokens use.
#[tokio::test]
async fn the_api_page_is_the_web_apps_and_its_document_is_served() {
    let app = spawn_app_with(options().web()).await;
    for path in ["/api/docs", "/api/docs/"] {
        let page = app.api.get(path, None).await.expect(200);
        assert!(page.header("content-type").is_some_and(|c| c.starts_with("text/html")), "{path}: {:?}", page.headers);
        assert_eq!(page.text, INDEX_HTML, "{path}");
    }
    let doc = app.api.get("/openapi.json", None).await.expect(200);
    assert_eq!(doc.body["components"]["securitySchemes"]["bearerAuth"]["scheme"], "bearer");
    for path in ["/user/tokens", "/user/tokens/{id}"] {
        assert!(doc.body["paths"][path].is_object(), "{path} is documented");
    }
}

const PASSWORD: &str = "correct-horse1";
const DAY: &str = "2024-05-06";

/// A token as its creation answered it.
struct Token {
    id: String,
    secret: String,
    data: Value,
}

async fn make(app: &TestApp, who: &Person, body: Value) -> Token {
    let reply = app.post(who, "/user/tokens", body).await.expect(201);
    let data = reply.data().clone();
    let secret = data["token"].as_str().expect("the secret").to_string();
    let rest = secret.strip_prefix("btpat_").expect("the secret starts with btpat_");
    assert!(rest.len() == 43 && rest.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "{secret}");
    assert!(data["id"].as_str().is_some_and(|id| id.len() == 26), "{data}");
    assert!(data["lastUsedAt"].is_null(), "{data}");
    Token { id: data["id"].as_str().unwrap().to_string(), secret, data }
}

async fn make_named(app: &TestApp, who: &Person, name: &str, scope: &str) -> Token {
    make(app, who, json!({ "name": name, "scope": scope })).await
}

/// A request with an API token.
async fn with(app: &TestApp, token: &Token, method: Method, path: &str, body: Option<Value>) -> Reply {
    app.api.send(Some(&token.secret), method, path, body).await
}

async fn listed(app: &TestApp, who: &Person) -> Vec<Value> {
    app.get(who, "/user/tokens").await.expect(200).data().as_array().expect("a list").clone()
}

fn days_between(from: &Value, to: &Value) -> i64 {
    let from = DateTime::parse_from_rfc3339(from.as_str().unwrap()).unwrap();
    let to = DateTime::parse_from_rfc3339(to.as_str().unwrap()).unwrap();
    (to - from).num_days()
}

async fn tokens_are_made_listed_and_revoked_and_only_their_hash_is_stored(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann Owner").await;
    let sam = app.person("Sam Stranger").await;

    let ci = make_named(&app, &ann, "CI", "read").await;
    assert_eq!((ci.data["name"].as_str(), ci.data["scope"].as_str()), (Some("CI"), Some("read")));
    assert_eq!(days_between(&ci.data["createdAt"], &ci.data["expiresAt"]), 90, "the default expiry");
    let sync = make(&app, &ann, json!({ "name": "  Sync  ", "scope": "write", "expiresInDays": 365 })).await;
    assert_eq!(sync.data["name"], "Sync");
    assert_eq!(days_between(&sync.data["createdAt"], &sync.data["expiresAt"]), 365);

    // Listed oldest first, with every field but the secret.
    let list = app.get(&ann, "/user/tokens").await.expect(200);
    assert!(!list.text.contains(&ci.secret) && !list.text.contains(&hash_token(&ci.secret)), "{}", list.text);
    let tokens = list.data().as_array().unwrap();
    assert_eq!(pluck(list.data(), "id"), vec![ci.id.as_str(), sync.id.as_str()]);
    let mut fields: Vec<&str> = tokens[0].as_object().unwrap().keys().map(String::as_str).collect();
    fields.sort();
    assert_eq!(fields, ["createdAt", "expiresAt", "id", "lastUsedAt", "name", "scope"]);
    for field in ["createdAt", "expiresAt", "name", "scope"] {
        assert_eq!(tokens[0][field], ci.data[field], "{field}");
    }
    // Nobody else sees them.
    assert!(listed(&app, &sam).await.is_empty());

    // Stored: the hash in the owner's partition and the secret's item keyed by it; the secret nowhere.
    let mine = app.snapshot(&[format!("USER#{}", ann.id)]).await;
    let token_item = mine.iter().find(|i| i["SK"] == format!("APITOKEN#{}", ci.id)).expect("the token item");
    assert_eq!(token_item["tokenHash"], hash_token(&ci.secret));
    assert_eq!(token_item["entity_type"], "api_token");
    let pointer =
        app.store().get(&keys::api_token_secret(&hash_token(&ci.secret))).await.unwrap().expect("secret item");
    assert_eq!(pointer["userId"], ann.id.as_str());
    assert_eq!(pointer["tokenId"], ci.id.as_str());
    for item in mine.iter().chain([&pointer]) {
        let text = serde_json::to_string(item).unwrap();
        assert!(!text.contains(&ci.secret) && !text.contains(&sync.secret), "a secret is stored: {text}");
        assert!(!text.contains(&ci.secret["btpat_".len()..]), "a secret is stored without its prefix: {text}");
    }

    // The token signs its requests in as its owner.
    let me = with(&app, &ci, Method::GET, "/user/profile", None).await.expect(200);
    assert_eq!(me.data()["id"], ann.id.as_str());

    // Another person's token id is not found, and changes nothing.
    app.delete(&sam, &format!("/user/tokens/{}", ci.id)).await.expect_error(404);
    with(&app, &ci, Method::GET, "/user/profile", None).await.expect(200);

    let revoked = app.delete(&ann, &format!("/user/tokens/{}", ci.id)).await.expect(200);
    assert_eq!(revoked.data()["_id"], ci.id.as_str());
    assert_eq!(revoked.data()["message"], "API token revoked.");
    let refused = with(&app, &ci, Method::GET, "/user/profile", None).await.expect_error(401);
    assert_eq!(refused.message(), INVALID);
    assert!(app.store().get(&keys::api_token_secret(&hash_token(&ci.secret))).await.unwrap().is_none());
    app.delete(&ann, &format!("/user/tokens/{}", ci.id)).await.expect_error(404);
    app.delete(&ann, "/user/tokens/not-an-id").await.expect_error(404);
    // The other token stays.
    assert_eq!(pluck(&json!(listed(&app, &ann).await), "id"), vec![sync.id.as_str()]);
    with(&app, &sync, Method::GET, "/user/profile", None).await.expect(200);

    // Tokens that look right but are not: 401, never a 5xx.
    for fake in [
        format!("btpat_{}", bt_app::auth::random_token()),
        "btpat_".to_string(),
        format!("btpat_{}x", &sync.secret["btpat_".len()..]),
        format!("btpat_{}", sync.secret["btpat_".len()..].to_uppercase()),
    ] {
        let reply = app.api.send(Some(&fake), Method::GET, "/user/profile", None).await.expect_error(401);
        assert_eq!(reply.message(), INVALID, "{fake}");
    }
}

async fn token_bodies_are_checked_field_by_field_and_tokens_are_capped(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann Many").await;
    let cases = [
        (json!({}), vec![("name", "Name is required."), ("scope", "Scope is required.")]),
        (json!({ "name": " ", "scope": "read" }), vec![("name", "Name is required.")]),
        (json!({ "name": "x".repeat(61), "scope": "read" }), vec![("name", "Name must be at most 60 characters.")]),
        (json!({ "name": "x", "scope": "admin" }), vec![("scope", "Scope must be read or write.")]),
        (
            json!({ "name": "x", "scope": "read", "expiresInDays": 0 }),
            vec![("expiresInDays", "Expiry must be between 1 and 365 days.")],
        ),
        (
            json!({ "name": "x", "scope": "read", "expiresInDays": 366 }),
            vec![("expiresInDays", "Expiry must be between 1 and 365 days.")],
        ),
        (json!({ "name": "x", "scope": "read", "expiresInDays": "ten" }), vec![("expiresInDays", "Invalid value.")]),
        (json!({ "name": 5, "scope": "read" }), vec![("name", "Invalid value.")]),
    ];
    for (body, fields) in cases {
        let reply = app.post(&ann, "/user/tokens", body.clone()).await.expect_error(422);
        for (field, message) in fields {
            assert_eq!(reply.field(field), message, "{body}: {}", reply.text);
        }
    }
    assert!(listed(&app, &ann).await.is_empty());
    make(&app, &ann, json!({ "name": "é".repeat(60), "scope": "write", "expiresInDays": 1 })).await;

    for i in 1..20 {
        make_named(&app, &ann, &format!("Token {i}"), "read").await;
    }
    let refused = app.post(&ann, "/user/tokens", json!({ "name": "One more", "scope": "read" })).await;
    assert_eq!(
        refused.expect_error(409).message(),
        "You can have at most 20 API tokens. Revoke one before creating another."
    );
    assert_eq!(listed(&app, &ann).await.len(), 20);
    // An expired token no longer counts.
    app.state.clock.advance(24 * 3600);
    let ann = app.signed_in_again(&ann).await;
    make_named(&app, &ann, "One more", "read").await;
}

async fn a_read_token_only_reads_and_a_write_token_writes(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann Scripts").await;
    let read = make_named(&app, &ann, "Dashboard", "read").await;
    let write = make_named(&app, &ann, "Sync", "write").await;

    let before = app.snapshot(&partitions_of(&[&ann])).await;
    with(&app, &read, Method::GET, "/task/list", None).await.expect(200);
    with(&app, &read, Method::HEAD, "/user/profile", None).await.expect(200);
    for (method, path, body) in [
        (Method::POST, "/task/add", Some(a_task("By a read token", DAY))),
        (Method::PUT, "/user/profile", Some(json!({ "name": "Mallory" }))),
        (Method::POST, "/break/start", Some(json!({ "type": "Coffee Break", "reason": "" }))),
        (Method::DELETE, "/task/delete/01ARZ3NDEKTSV4RRFFQ69G5FAV", None),
    ] {
        let reply = with(&app, &read, method.clone(), path, body).await.expect_error(403);
        assert_eq!(reply.message(), READ_ONLY, "{method} {path}");
    }
    let mut after = app.snapshot(&partitions_of(&[&ann])).await;
    // Only the token's last use was stamped.
    after.iter_mut().for_each(|item| {
        item.remove("lastUsedAt");
    });
    assert_eq!(after, before, "a read token wrote something");

    let added = with(&app, &write, Method::POST, "/task/add", Some(a_task("By a write token", DAY))).await.expect(201);
    let task = app.get(&ann, &format!("/task/get/{}", added.id())).await.expect(200);
    assert_eq!(task.data()["title"], "By a write token");
    with(&app, &write, Method::PUT, "/user/profile", Some(json!({ "name": "Ann Renamed" }))).await.expect(200);
    assert_eq!(app.get(&ann, "/user/profile").await.expect(200).data()["name"], "Ann Renamed");
    with(&app, &write, Method::DELETE, &format!("/task/delete/{}", added.id()), None).await.expect(200);
}

async fn no_token_manages_tokens_changes_the_password_or_email_or_deletes_the_account(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let team = app.new_team();
    let ann = app.person_with(&team, "Ann Careful", Role::Admin, Some(PASSWORD)).await;
    let read = make_named(&app, &ann, "Dashboard", "read").await;
    let write = make_named(&app, &ann, "Sync", "write").await;
    let before = app.snapshot(&partitions_of(&[&ann])).await;
    for token in [&read, &write] {
        for (method, path, body) in [
            (Method::POST, "/user/tokens".to_string(), Some(json!({ "name": "Another", "scope": "write" }))),
            (Method::DELETE, format!("/user/tokens/{}", read.id), None),
            (Method::DELETE, format!("/user/tokens/{}", write.id), None),
            (
                Method::POST,
                "/user/change-password".into(),
                Some(json!({ "currentPassword": PASSWORD, "password": "another-horse2" })),
            ),
            (
                Method::POST,
                "/user/change-email".into(),
                Some(json!({ "email": "mallory@example.com", "currentPassword": PASSWORD })),
            ),
            (Method::DELETE, "/user/delete-account".into(), Some(json!({ "password": PASSWORD }))),
        ] {
            let reply = with(&app, token, method.clone(), &path, body).await.expect_error(403);
            assert_eq!(reply.message(), SESSION_ONLY, "{method} {path}");
        }
    }
    let mut after = app.snapshot(&partitions_of(&[&ann])).await;
    after.iter_mut().for_each(|item| {
        item.remove("lastUsedAt");
    });
    assert_eq!(after, before, "a token changed something");
    // Both still work, and listing them is a read.
    with(&app, &read, Method::GET, "/user/tokens", None).await.expect(200);
    with(&app, &write, Method::GET, "/user/profile", None).await.expect(200);
    assert!(app.mails_sent().iter().all(|m| !m.to_string().contains("mallory@example.com")));
}

async fn expired_tokens_are_401_and_stay_listed_with_their_expiry(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann Expiring").await;
    let day = make(&app, &ann, json!({ "name": "One day", "scope": "read", "expiresInDays": 1 })).await;
    app.state.clock.advance(24 * 3600 - 60);
    with(&app, &day, Method::GET, "/user/profile", None).await.expect(200);
    app.state.clock.advance(60);
    let refused = with(&app, &day, Method::GET, "/user/profile", None).await.expect_error(401);
    assert_eq!(refused.message(), INVALID);
    let ann = app.signed_in_again(&ann).await;
    let list = listed(&app, &ann).await;
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["expiresAt"], day.data["expiresAt"]);
}

async fn last_used_moves_at_most_once_an_hour(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann Busy").await;
    let token = make_named(&app, &ann, "Cron", "read").await;
    let last_used = |list: Vec<Value>| list[0]["lastUsedAt"].clone();
    assert!(last_used(listed(&app, &ann).await).is_null());

    with(&app, &token, Method::GET, "/task/list", None).await.expect(200);
    let first = last_used(listed(&app, &ann).await);
    assert!(first.is_string(), "{first}");
    app.state.clock.advance(30 * 60);
    let ann = app.signed_in_again(&ann).await;
    with(&app, &token, Method::GET, "/task/list", None).await.expect(200);
    assert_eq!(last_used(listed(&app, &ann).await), first, "moved within the hour");
    app.state.clock.advance(31 * 60);
    let ann = app.signed_in_again(&ann).await;
    with(&app, &token, Method::GET, "/task/list", None).await.expect(200);
    let second = last_used(listed(&app, &ann).await);
    let moved = DateTime::parse_from_rfc3339(second.as_str().unwrap()).unwrap()
        - DateTime::parse_from_rfc3339(first.as_str().unwrap()).unwrap();
    assert_eq!(moved.num_minutes(), 61);
}

async fn a_password_change_and_the_accounts_deletion_end_every_token(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let team = app.new_team();
    let ann = app.person_with(&team, "Ann Careful", Role::Admin, Some(PASSWORD)).await;
    let token = make_named(&app, &ann, "Sync", "write").await;
    with(&app, &token, Method::GET, "/user/profile", None).await.expect(200);

    let changed = app
        .post(&ann, "/user/change-password", json!({ "currentPassword": PASSWORD, "password": "another-horse2" }))
        .await
        .expect(200);
    let refused = with(&app, &token, Method::GET, "/user/profile", None).await.expect_error(401);
    assert_eq!(refused.message(), INVALID);
    // Ended tokens are not listed; the new session makes new ones.
    assert!(changed.data()["access_token"].is_string());
    let ann = app.signed_in_again(&ann).await;
    assert!(listed(&app, &ann).await.is_empty());
    let fresh = make_named(&app, &ann, "Sync again", "write").await;
    with(&app, &fresh, Method::GET, "/user/profile", None).await.expect(200);

    let call = app.call(Method::DELETE, "/user/delete-account").by(&ann).json(&json!({ "password": "another-horse2" }));
    call.send().await.expect(200);
    with(&app, &fresh, Method::GET, "/user/profile", None).await.expect_error(401);
    assert!(app.store().get(&keys::api_token_secret(&hash_token(&fresh.secret))).await.unwrap().is_none());
    // The ended token's items went with the account too.
    assert!(app.store().get(&keys::api_token_secret(&hash_token(&token.secret))).await.unwrap().is_none());
}
