//! Single sign-on with OpenID Connect against a real provider: `infra/oidc/server.mjs` (the `oidc-provider` npm
//! package), started once for this test binary (its packages are installed first when missing). On every store
//! (the sign-in state and the accounts live in it): the happy path (a new account, the account of the same verified
//! address), and each refusal: a forged signature, another audience, an expired token, a replayed nonce, an
//! unverified e-mail, a mismatched state, a callback in a browser that did not start the sign-in (its cookie does
//! not hold the state). Then the team's requirement: members are kept to single sign-on, admins are not, and only
//! admins change it.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, OnceLock};

use crate::support::*;
use bt_app::config::OidcProvider;
use bt_core::store::Table;
use serde_json::{json, Value};

type Store = Arc<dyn Table>;

bt_testkit::on_every_store!(
    a_first_sign_in_creates_an_account_and_the_next_reaches_it,
    single_sign_on_reaches_the_account_with_the_same_verified_address,
    a_token_signed_by_another_key_is_refused,
    a_token_for_another_audience_is_refused,
    an_expired_token_is_refused,
    a_token_with_another_sign_ins_nonce_is_refused,
    an_unverified_email_is_refused,
    a_mismatched_or_used_state_is_refused,
    a_callback_in_a_browser_that_did_not_start_the_sign_in_is_refused,
    a_team_can_require_single_sign_on_for_its_members,
);

const APP_URL: &str = "http://127.0.0.1:8080";
const CLIENT_ID: &str = "breaktime";
const CLIENT_SECRET: &str = "breaktime-test-secret";
const LABEL: &str = "Company account";
const FAILED: &str = "Single sign-on failed. Please try again.";
const EXPIRED: &str = "This sign-in has expired. Please try again.";
/// The web app's one-time value for a sign-in it starts.
const NONCE: &str = "web-app-nonce-0123456789";
const SSO_REQUIRED: &str = "Your team signs in with single sign-on. Please use the single sign-on button.";

/// The provider of this test binary: started on first use, it stops when the binary ends (it exits when its
/// standard input closes).
struct Provider {
    issuer: String,
    _child: Child,
    _stdout: std::io::Lines<BufReader<std::process::ChildStdout>>,
}

fn provider() -> &'static Provider {
    static PROVIDER: OnceLock<Provider> = OnceLock::new();
    PROVIDER.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../oidc");
        if !dir.join("node_modules/oidc-provider").exists() {
            let status = Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund", "--prefer-offline"])
                .current_dir(&dir)
                .status()
                .expect("npm runs (node and npm are needed for the single sign-on tests)");
            assert!(status.success(), "npm ci in infra/oidc failed");
        }
        let mut child = Command::new("node")
            .arg("server.mjs")
            .current_dir(&dir)
            .env("OIDC_CLIENT_ID", CLIENT_ID)
            .env("OIDC_CLIENT_SECRET", CLIENT_SECRET)
            .env("OIDC_EXIT_WITH_STDIN", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("node starts the test provider");
        let stdout = child.stdout.take().expect("stdout");
        let mut lines = BufReader::new(stdout).lines();
        let issuer = loop {
            let line = lines.next().expect("the provider says where it listens").expect("a line");
            if let Some(issuer) = line.strip_prefix("OIDC provider listening on ") {
                break issuer.trim().to_string();
            }
        };
        Provider { issuer, _child: child, _stdout: lines }
    })
}

fn sso_config(c: &mut bt_app::config::Config) {
    c.oidc = Some(OidcProvider {
        issuer: provider().issuer.clone(),
        client_id: CLIENT_ID.into(),
        client_secret: CLIENT_SECRET.into(),
        label: LABEL.into(),
    });
}

async fn app_with_sso(store: Store) -> TestApp {
    spawn_app_with(options().store(store).configure(sso_config)).await
}

/// A sign-in through the provider up to its redirect to our callback: (callback URL, authorization code, the
/// cookie the browser keeps from the start). `mode` asks the provider to tamper with the ID token of this code (see
/// `infra/oidc/server.mjs`).
async fn at_provider(app: &TestApp, login: &str, mode: Option<&str>, replay: Option<&str>) -> (String, String, String) {
    let start = app.api.get(&format!("/auth/oidc?nonce={NONCE}"), None).await.expect(302);
    let cookie = state_cookie(&start);
    let authorize = start.location().to_string();
    assert!(authorize.starts_with(&format!("{}/auth?", provider().issuer)), "{authorize}");
    for part in ["code_challenge_method=S256", "nonce=", "state=", "scope=openid"] {
        assert!(authorize.contains(part), "{part} missing in {authorize}");
    }
    let done: Value = app
        .api
        .client
        .post(format!("{}/test/complete", provider().issuer))
        .json(&json!({ "url": authorize, "login": login, "mode": mode, "replay": replay }))
        .send()
        .await
        .expect("the provider answers")
        .json()
        .await
        .expect("JSON");
    let callback = done["location"].as_str().expect("a redirect to the callback").to_string();
    assert!(callback.starts_with(&app.url("/auth/oidc/callback?")), "{callback}");
    (callback, done["code"].as_str().expect("a code").to_string(), cookie)
}

/// The state cookie of a start (`name=value`, as the browser sends it back), after checking how it is set: only
/// for the callback route, HttpOnly, SameSite=Lax, for the state's 10 minutes; not Secure over http.
fn state_cookie(start: &Reply) -> String {
    let set = start.header("set-cookie").unwrap_or_else(|| panic!("no cookie: {:?}", start.headers)).to_string();
    let (pair, attributes) = set.split_once(';').expect("attributes");
    assert!(pair.starts_with("bt_sign_in_state=") && pair.len() > "bt_sign_in_state=".len(), "{set}");
    for part in ["Path=/auth/oidc/callback", "Max-Age=600", "HttpOnly", "SameSite=Lax"] {
        assert!(attributes.split(';').any(|a| a.trim() == part), "{part} missing in {set}");
    }
    assert!(!set.contains("Secure"), "{set}");
    pair.to_string()
}

/// Our callback's redirect to the web app, in a browser that has `cookie` (or none); the callback removes it.
async fn land_with(app: &TestApp, callback: &str, cookie: Option<&str>) -> String {
    let mut request = app.api.client.get(callback);
    if let Some(cookie) = cookie {
        request = request.header(reqwest::header::COOKIE, cookie);
    }
    let done = request.send().await.expect("the callback answers");
    assert_eq!(done.status(), reqwest::StatusCode::FOUND);
    let cleared = done.headers().get(reqwest::header::SET_COOKIE).and_then(|v| v.to_str().ok()).unwrap_or_default();
    assert!(cleared.starts_with("bt_sign_in_state=;") && cleared.contains("Max-Age=0"), "not cleared: {cleared}");
    let landing = done.headers()[reqwest::header::LOCATION].to_str().unwrap().to_string();
    assert!(landing.starts_with(&format!("{APP_URL}/auth/callback?")), "{landing}");
    landing
}

/// Our callback's redirect to the web app, in the browser that started the sign-in.
async fn land(app: &TestApp, callback: &str, cookie: &str) -> String {
    land_with(app, callback, Some(cookie)).await
}

async fn sso_sign_in(app: &TestApp, login: &str) -> String {
    let (callback, _, cookie) = at_provider(app, login, None, None).await;
    let landing = land(app, &callback, &cookie).await;
    if param_of(&landing, "access_token").is_some() {
        assert_eq!(param_of(&landing, "nonce").as_deref(), Some(NONCE), "{landing}");
    }
    landing
}

async fn refused_with(app: &TestApp, login: &str, mode: &str) -> String {
    let (callback, _, cookie) = at_provider(app, login, Some(mode), None).await;
    let landing = land(app, &callback, &cookie).await;
    assert!(param_of(&landing, "access_token").is_none(), "{mode} signed in: {landing}");
    param_of(&landing, "error").unwrap_or_else(|| panic!("{mode}: no error in {landing}"))
}

async fn a_first_sign_in_creates_an_account_and_the_next_reaches_it(store: Store) {
    let app = app_with_sso(store).await;
    let providers = app.api.get("/auth/providers", None).await.expect(200);
    assert_eq!(providers.data()["oidc"], json!({ "label": LABEL }));
    let email = unique_email("grace hopper");
    let landing = sso_sign_in(&app, &email).await;
    let access = param_of(&landing, "access_token").unwrap_or_else(|| panic!("not signed in: {landing}"));
    let profile = app.api.get("/user/profile", Some(&access)).await.expect(200);
    assert_eq!(
        (profile.data()["email"].as_str(), profile.data()["role"].as_str(), profile.data()["hasPassword"].as_bool()),
        (Some(email.as_str()), Some("admin"), Some(false))
    );
    let refresh = param_of(&landing, "refresh_token").unwrap();
    app.api.post("/auth/refresh-token", None, json!({ "refresh_token": refresh })).await.expect(200);
    let again = sso_sign_in(&app, &email).await;
    assert_eq!(param_of(&again, "id"), param_of(&landing, "id"));
}

async fn single_sign_on_reaches_the_account_with_the_same_verified_address(store: Store) {
    let app = app_with_sso(store).await;
    let ada = signed_in_user(&app, "Ada Lovelace").await;
    let landing = sso_sign_in(&app, &ada.email).await;
    assert_eq!(param_of(&landing, "id").as_deref(), Some(ada.id.as_str()));
    assert_eq!(param_of(&landing, "name").as_deref(), Some("Ada Lovelace"));
    // The password still works: her team does not require single sign-on.
    app.log_in(&ada.email, PASSWORD).await.expect(200);
}

async fn a_token_signed_by_another_key_is_refused(store: Store) {
    let app = app_with_sso(store).await;
    assert_eq!(refused_with(&app, &unique_email("forged"), "forged").await, FAILED);
}

async fn a_token_for_another_audience_is_refused(store: Store) {
    let app = app_with_sso(store).await;
    assert_eq!(refused_with(&app, &unique_email("audience"), "wrong-audience").await, FAILED);
}

async fn an_expired_token_is_refused(store: Store) {
    let app = app_with_sso(store).await;
    assert_eq!(refused_with(&app, &unique_email("expired"), "expired").await, FAILED);
}

async fn a_token_with_another_sign_ins_nonce_is_refused(store: Store) {
    let app = app_with_sso(store).await;
    let email = unique_email("replayed");
    let (first, first_code, cookie) = at_provider(&app, &email, None, None).await;
    assert!(param_of(&land(&app, &first, &cookie).await, "access_token").is_some());
    // The second sign-in gets the first one's (valid, signed, unexpired) ID token, with the first one's nonce.
    let (second, _, cookie) = at_provider(&app, &email, Some("replay"), Some(&first_code)).await;
    let landing = land(&app, &second, &cookie).await;
    assert!(param_of(&landing, "access_token").is_none(), "{landing}");
    assert_eq!(param_of(&landing, "error").as_deref(), Some(FAILED));
}

async fn an_unverified_email_is_refused(store: Store) {
    let app = app_with_sso(store).await;
    let (callback, _, cookie) = at_provider(&app, &format!("unverified-{}", unique_email("x")), None, None).await;
    let landing = land(&app, &callback, &cookie).await;
    assert_eq!(
        param_of(&landing, "error").as_deref(),
        Some("Your single sign-on account has no verified email address.")
    );
    assert!(param_of(&landing, "access_token").is_none());
}

async fn a_mismatched_or_used_state_is_refused(store: Store) {
    let app = app_with_sso(store).await;
    let email = unique_email("state");
    let (callback, code, cookie) = at_provider(&app, &email, None, None).await;
    // A state this server never gave out (in a browser whose cookie says the same).
    let made_up = app.url(&format!("/auth/oidc/callback?code={code}&state=made-up"));
    let made_up_cookie = "bt_sign_in_state=made-up";
    assert_eq!(param_of(&land(&app, &made_up, made_up_cookie).await, "error").as_deref(), Some(EXPIRED));
    // The right state works once; the same callback again is refused.
    assert!(param_of(&land(&app, &callback, &cookie).await, "access_token").is_some());
    assert_eq!(param_of(&land(&app, &callback, &cookie).await, "error").as_deref(), Some(EXPIRED));
    // Another sign-in's state with this code: that state's PKCE verifier and nonce do not fit the code.
    let (other, _, other_cookie) = at_provider(&app, &email, None, None).await;
    let other_state = param_of(&other, "state").unwrap();
    let mismatched = app.url(&format!("/auth/oidc/callback?code={code}&state={other_state}"));
    assert_eq!(param_of(&land(&app, &mismatched, &other_cookie).await, "error").as_deref(), Some(FAILED));
    // A state outlives its 10 minutes only in the store, not in use.
    let (late, _, late_cookie) = at_provider(&app, &email, None, None).await;
    app.state.clock.advance(601);
    assert_eq!(param_of(&land(&app, &late, &late_cookie).await, "error").as_deref(), Some(EXPIRED));
    // The provider's refusal and a bare callback go back with a message too.
    let cancelled = app.url("/auth/oidc/callback?error=access_denied&state=x");
    let cancelled = land_with(&app, &cancelled, None).await;
    assert_eq!(param_of(&cancelled, "error").as_deref(), Some("Single sign-on was cancelled."));
    assert_eq!(
        param_of(&land_with(&app, &app.url("/auth/oidc/callback"), None).await, "error").as_deref(),
        Some(FAILED)
    );
}

/// Login CSRF: someone starts a sign-in in their own browser and sends the callback link (with their code and
/// state) to someone else. That browser has no cookie with that state, or the cookie of another sign-in: the
/// callback signs no one in and stores nothing, and the state still serves the browser that started it.
async fn a_callback_in_a_browser_that_did_not_start_the_sign_in_is_refused(store: Store) {
    let app = app_with_sso(store).await;
    let ada = signed_in_user(&app, "Ada Lovelace").await;
    let partitions = [format!("USER#{}", ada.id)];
    let before = app.snapshot(&partitions).await;

    let (callback, _, cookie) = at_provider(&app, &ada.email, None, None).await;
    // The victim's browser: no cookie at all, then the cookie of a sign-in of its own.
    let no_cookie = land_with(&app, &callback, None).await;
    assert_eq!(param_of(&no_cookie, "error").as_deref(), Some(EXPIRED), "{no_cookie}");
    assert!(param_of(&no_cookie, "access_token").is_none() && param_of(&no_cookie, "nonce").is_none());
    let (_, _, victims_cookie) = at_provider(&app, &unique_email("victim"), None, None).await;
    let other_cookie = land(&app, &callback, &victims_cookie).await;
    assert_eq!(param_of(&other_cookie, "error").as_deref(), Some(EXPIRED), "{other_cookie}");
    assert_eq!(app.snapshot(&partitions).await, before, "a refused callback stored something");

    // The browser that started it signs in, and gets the web app's nonce back.
    let landing = land(&app, &callback, &cookie).await;
    assert_eq!(param_of(&landing, "id").as_deref(), Some(ada.id.as_str()), "{landing}");
    assert_eq!(param_of(&landing, "nonce").as_deref(), Some(NONCE));
    let access = param_of(&landing, "access_token").unwrap();
    app.api.get("/user/profile", Some(&access)).await.expect(200);

    // A start without the web app's nonce (or with one of another shape) gives none back.
    for start in ["/auth/oidc", "/auth/oidc?nonce=short", "/auth/oidc?nonce=has%20a%20space%20in%20it%21"] {
        let started = app.api.get(start, None).await.expect(302);
        let cookie = state_cookie(&started);
        let done: Value = app
            .api
            .client
            .post(format!("{}/test/complete", provider().issuer))
            .json(&json!({ "url": started.location(), "login": ada.email }))
            .send()
            .await
            .expect("the provider answers")
            .json()
            .await
            .expect("JSON");
        let landing = land(&app, done["location"].as_str().unwrap(), &cookie).await;
        assert!(param_of(&landing, "access_token").is_some(), "{landing}");
        assert!(param_of(&landing, "nonce").is_none(), "{start}: {landing}");
    }
}

async fn a_team_can_require_single_sign_on_for_its_members(store: Store) {
    let app = app_with_sso(store).await;
    let admin = signed_in_user(&app, "Ada Admin").await;
    let member = signed_in_user(&app, "Max Member").await;
    let member = join_team(&app, &admin, &member).await;
    let hr = signed_in_user(&app, "Hal Hr").await;
    let hr = join_team_as(&app, &admin, &hr, "hr").await;
    let stranger = signed_in_user(&app, "Sam Stranger").await;

    let off = app.api.get("/admin/sso", admin.token()).await.expect(200);
    assert_eq!(off.data(), &json!({ "required": false, "available": true }));
    // Members and HR neither read nor change it; another team's admin changes only their own team's.
    for who in [&member, &hr] {
        app.api.get("/admin/sso", who.token()).await.expect(403);
        let refused = app.api.put("/admin/sso", who.token(), json!({ "required": true })).await.expect(403);
        assert_eq!(refused.message(), "Only team admins can do this.");
    }
    app.api.put("/admin/sso", stranger.token(), json!({ "required": true })).await.expect(200);
    assert_eq!(app.api.get("/admin/sso", admin.token()).await.expect(200).data()["required"], false);
    app.log_in(&member.email, PASSWORD).await.expect(200);
    app.api.put("/admin/sso", admin.token(), json!({})).await.expect(422);

    let on = app.api.put("/admin/sso", admin.token(), json!({ "required": true })).await.expect(200);
    assert_eq!(on.data(), &json!({ "required": true, "available": true }));
    assert_eq!(app.api.get("/admin/sso", admin.token()).await.expect(200).data()["required"], true);

    // The member's password no longer signs in; single sign-on does. The admin keeps the password.
    let password = app.log_in(&member.email, PASSWORD).await.expect(403);
    assert_eq!(password.message(), SSO_REQUIRED);
    assert_eq!(app.log_in(&hr.email, PASSWORD).await.expect(403).message(), SSO_REQUIRED);
    let landing = sso_sign_in(&app, &member.email).await;
    assert_eq!(param_of(&landing, "id").as_deref(), Some(member.id.as_str()), "{landing}");
    app.log_in(&admin.email, PASSWORD).await.expect(200);
    // A wrong password is still only a wrong password.
    app.log_in(&member.email, "wrong-password1").await.expect(401);

    app.api.put("/admin/sso", admin.token(), json!({ "required": false })).await.expect(200);
    app.log_in(&member.email, PASSWORD).await.expect(200);

    // Each change is in the team's audit log, with the setting before and after.
    let log = app.api.get("/admin/audit?action=sso.changed", admin.token()).await.expect(200);
    let entries = log.data()["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 2);
    assert_eq!(
        (&entries[0]["before"], &entries[0]["after"]),
        (&json!({ "required": true }), &json!({ "required": false }))
    );
    assert_eq!(
        (&entries[1]["before"], &entries[1]["after"]),
        (&json!({ "required": false }), &json!({ "required": true }))
    );
    assert_eq!(entries[1]["actorId"], admin.id.as_str());
}

#[tokio::test]
async fn single_sign_on_that_is_not_configured_says_so() {
    let app = spawn_app().await;
    assert_eq!(app.api.get("/auth/oidc", None).await.expect(404).message(), "Single sign-on is not configured.");
    let providers = app.api.get("/auth/providers", None).await.expect(200);
    assert!(providers.data().get("oidc").is_none(), "{}", providers.body);
    let callback = app.api.get("/auth/oidc/callback?code=x&state=y", None).await.expect(302);
    assert_eq!(param_of(callback.location(), "error").as_deref(), Some("Single sign-on is not configured."));
    // Nothing to require then.
    let admin = signed_in_user(&app, "Ada Admin").await;
    let off = app.api.get("/admin/sso", admin.token()).await.expect(200);
    assert_eq!(off.data(), &json!({ "required": false, "available": false }));
    app.api.put("/admin/sso", admin.token(), json!({ "required": true })).await.expect(409);
}

#[tokio::test]
async fn a_provider_that_cannot_be_reached_sends_the_browser_back_with_a_message() {
    let app = spawn_app_with(options().configure(|c| {
        c.oidc = Some(OidcProvider {
            issuer: "http://127.0.0.1:9/nowhere".into(),
            client_id: CLIENT_ID.into(),
            client_secret: CLIENT_SECRET.into(),
            label: LABEL.into(),
        })
    }))
    .await;
    let start = app.api.get("/auth/oidc", None).await.expect(302);
    assert!(start.location().starts_with(&format!("{APP_URL}/auth/callback?")), "{}", start.location());
    assert_eq!(
        param_of(start.location(), "error").as_deref(),
        Some("Single sign-on is unavailable right now. Please try again later.")
    );
}
