//! Security tests of the whole local app: forged and broken tokens, who may reach whose records, rate limits with
//! their messages, CORS and security headers on everything served, and hostile input. Every refusal must be a clear
//! JSON answer, never a 5xx, and must change nothing.
//!
//! What `accounts.rs` and `records.rs` already prove is not repeated here (refresh-token reuse, sign-out, reset-link
//! expiry, sign-in rate limits, the contact honeypot, the basic ownership checks of the record routes).

use std::collections::BTreeSet;

use crate::support::*;
use bt_app::account::Role;
use reqwest::Method;
use serde_json::{json, Value};

type Store = std::sync::Arc<dyn bt_core::store::Table>;

// Findings of an outside probe, each shown fixed on every store.
bt_testkit::on_every_store!(
    csv_cells_start_no_formula_whatever_the_readers_separator,
    an_ended_sign_in_refuses_its_access_tokens_at_once,
    an_access_token_alone_cannot_move_the_account_and_the_old_address_can_undo_a_move,
    line_breaks_and_control_characters_are_refused_in_one_line_fields,
    a_stranger_cannot_keep_a_person_out_and_the_person_is_told,
    an_invitation_dies_with_its_senders_authority,
    accepting_one_invitation_voids_the_others_for_that_address,
    admins_list_resend_and_withdraw_their_teams_invitations_only,
    a_newcomer_signs_up_through_the_invitation_and_joins_once_verified,
);

const DAY: &str = "2024-05-06";
const RANGE: &str = "from=2024-05-01&to=2024-05-31";
const PASSWORD: &str = "correct-horse1";
const RATE_LIMITED: &str = "Too many requests. Please try again in ";

// ---- tokens -----------------------------------------------------------------------------------------------------

/// Protected endpoints of several groups, each with what a genuine caller sends and the status they get.
fn protected() -> Vec<(Method, String, Option<Value>, u16)> {
    vec![
        (Method::GET, "/user/profile".into(), None, 200),
        (Method::GET, "/break/current".into(), None, 200),
        (Method::GET, "/task/list".into(), None, 200),
        (Method::GET, "/admin/get".into(), None, 200),
        (Method::GET, "/user/export".into(), None, 200),
        (Method::GET, "/admin/export".into(), None, 200),
        (Method::GET, format!("/reports/summary?{RANGE}"), None, 200),
        (Method::GET, "/type/get".into(), None, 200),
        (Method::POST, "/task/add".into(), Some(a_task("Forged", DAY)), 201),
        (Method::POST, "/break/start".into(), Some(json!({ "type": "Coffee Break", "reason": "" })), 201),
        (Method::PUT, "/user/profile".into(), Some(json!({ "name": "Mallory" })), 200),
        (Method::POST, "/admin/invite".into(), Some(json!({ "email": "friend@example.com", "role": "admin" })), 201),
        (Method::GET, "/user/tokens".into(), None, 200),
        (Method::POST, "/user/tokens".into(), Some(json!({ "name": "Forged", "scope": "read" })), 201),
    ]
}

/// Every protected endpoint refuses the `authorization` header value with 401 `Unauthorized` and stores nothing.
async fn refused_everywhere(app: &TestApp, what: &str, authorization: &[u8], watched: &[&Person]) {
    let before = app.snapshot(&partitions_of(watched)).await;
    for (method, path, body, _) in protected() {
        let mut call = app.call(method.clone(), &path).header_bytes("authorization", authorization);
        if let Some(body) = &body {
            call = call.json(body);
        }
        let reply = call.send().await;
        assert_eq!(reply.status.as_u16(), 401, "{what}: {method} {path} answered {} {}", reply.status, reply.text);
        let reply = reply.expect_error(401);
        assert_eq!(reply.message(), "Unauthorized", "{what}: {method} {path}");
    }
    assert_eq!(app.snapshot(&partitions_of(watched)).await, before, "{what} changed something");
}

#[tokio::test]
async fn forged_tokens_are_refused_on_every_protected_endpoint() {
    let app = spawn_app().await;
    let ann = app.person("Ann Target").await;
    let bob = app.person_in(&ann.team_id, "Bob Teammate", Role::Member, "UTC").await;
    // The genuine token reaches every endpoint (so a 401 below is the token's doing).
    for (method, path, body, status) in protected() {
        let mut call = app.call(method, &path).by(&ann);
        if let Some(body) = &body {
            call = call.json(body);
        }
        call.send().await.expect(status);
    }

    let (header, claims, signature) = jwt_parts(&ann.token);
    assert_eq!((header["alg"].as_str(), claims["sub"].as_str()), (Some("HS256"), Some(ann.id.as_str())));
    let mut forgeries: Vec<(&str, String)> = Vec::new();
    forgeries.push(("alg none, no signature", jwt(&json!({ "alg": "none", "typ": "JWT" }), &claims, "")));
    forgeries.push(("alg none, original signature", jwt(&json!({ "alg": "none", "typ": "JWT" }), &claims, &signature)));
    forgeries.push(("alg None spelled otherwise", jwt(&json!({ "alg": "None" }), &claims, "")));
    forgeries
        .push(("alg HS512, original signature", jwt(&json!({ "alg": "HS512", "typ": "JWT" }), &claims, &signature)));
    forgeries
        .push(("alg RS256, original signature", jwt(&json!({ "alg": "RS256", "typ": "JWT" }), &claims, &signature)));
    let mut as_bob = claims.clone();
    as_bob["sub"] = json!(bob.id);
    as_bob["name"] = json!(bob.name);
    forgeries.push(("another sub, original signature", jwt(&header, &as_bob, &signature)));
    let mut longer = claims.clone();
    longer["exp"] = json!(claims["exp"].as_i64().unwrap() + 365 * 24 * 3600);
    forgeries.push(("a later exp, original signature", jwt(&header, &longer, &signature)));
    let mut refresh_typed = claims.clone();
    refresh_typed["typ"] = json!("refresh");
    forgeries.push(("another typ, original signature", jwt(&header, &refresh_typed, &signature)));
    forgeries.push(("no signature", jwt(&header, &claims, "")));
    forgeries.push(("signature of another token", jwt(&header, &claims, &jwt_parts(&bob.token).2)));
    // Signed the right way, but with another key.
    let mut other_config = (*app.state.config).clone();
    other_config.jwt_secret = b"an-entirely-different-signing-key!!".to_vec();
    let other_state = app.state.services().clone().with_config(other_config);
    let wrong_key = bt_app::auth::issue_access_token(&other_state, &app.user(&ann).await).unwrap();
    let wrong_claims = jwt_parts(&wrong_key).1;
    assert_eq!((&wrong_claims["sub"], &wrong_claims["tv"]), (&claims["sub"], &claims["tv"]), "only the key differs");
    forgeries.push(("signed with another key", wrong_key));

    for (what, token) in &forgeries {
        refused_everywhere(&app, what, format!("Bearer {token}").as_bytes(), &[&ann, &bob]).await;
    }
    // The genuine tokens still work: nothing above was refused for another reason.
    app.get(&ann, "/user/profile").await.expect(200);
    assert_eq!(app.get(&bob, "/user/profile").await.expect(200).data()["name"], "Bob Teammate");
}

#[tokio::test]
async fn malformed_authorization_headers_are_401() {
    let app = spawn_app().await;
    let ann = app.person("Ann Header").await;
    let token = ann.token.clone();
    let long = format!("Bearer {}", "A".repeat(6000));
    let headers: Vec<(&str, Vec<u8>)> = vec![
        ("the scheme alone", b"Bearer".to_vec()),
        ("the scheme and a space", b"Bearer ".to_vec()),
        ("no scheme", token.clone().into_bytes()),
        ("Basic credentials", b"Basic YW5uOmNvcnJlY3QtaG9yc2Ux".to_vec()),
        ("another scheme with the token", format!("Token {token}").into_bytes()),
        ("two tokens", format!("Bearer {token} {token}").into_bytes()),
        ("a token with a character added", format!("Bearer {token}x").into_bytes()),
        ("two parts", b"Bearer abc.def".to_vec()),
        ("four parts", format!("Bearer {token}.abc").into_bytes()),
        ("dots only", b"Bearer ...".to_vec()),
        ("not base64", b"Bearer !!!.@@@.###".to_vec()),
        ("JSON instead of base64", b"Bearer {\"alg\":\"none\"}.{\"sub\":\"x\"}.".to_vec()),
        ("bytes that are not UTF-8", b"Bearer \xff\xfe\xfd.\xc3\x28.\xa0\xa1".to_vec()),
        ("a very long token", long.into_bytes()),
    ];
    for (what, value) in &headers {
        refused_everywhere(&app, what, value, &[&ann]).await;
    }
    // No header at all.
    for (method, path, _, _) in protected() {
        let reply = app.call(method, &path).send().await.expect_error(401);
        assert_eq!(reply.message(), "Unauthorized");
    }
    app.get(&ann, "/user/profile").await.expect(200);
}

#[tokio::test]
async fn expired_tokens_and_tokens_of_deleted_users_are_401() {
    let app = spawn_app().await;
    let team = app.new_team();
    let dan = app.person_with(&team, "Dan Deleted", Role::Admin, Some(PASSWORD)).await;
    let eve = app.person("Eve Expired").await;
    app.get(&dan, "/user/profile").await.expect(200);

    let gone = app.call(Method::DELETE, "/user/delete-account").by(&dan).json(&json!({ "password": PASSWORD }));
    gone.send().await.expect(200);
    refused_everywhere(&app, "a deleted user's token", format!("Bearer {}", dan.token).as_bytes(), &[&dan]).await;
    // Nothing was written back under the deleted user.
    assert!(app.snapshot(&partitions_of(&[&dan])).await.is_empty());

    app.state.clock.advance(app.state.config.access_token_secs - 30);
    app.get(&eve, "/user/profile").await.expect(200);
    app.state.clock.advance(30);
    refused_everywhere(&app, "a token at its expiry", format!("Bearer {}", eve.token).as_bytes(), &[&eve]).await;
    app.state.clock.advance(365 * 24 * 3600);
    refused_everywhere(&app, "a token a year old", format!("Bearer {}", eve.token).as_bytes(), &[&eve]).await;
}

/// A read-only API token is refused (403) on every route of the API document that signs its caller in and is not a
/// GET: generic over the document, so a route added later is covered without a line here. Nothing is written.
#[tokio::test]
async fn a_read_only_api_token_is_403_on_every_route_that_is_not_a_read() {
    let app = spawn_app().await;
    let ann = app.person("Ann Reader").await;
    let made = app.post(&ann, "/user/tokens", json!({ "name": "Reader", "scope": "read" })).await.expect(201);
    let token = made.data()["token"].as_str().expect("the secret").to_string();
    let doc: Value = serde_json::from_str(&breaktime_local::openapi::document_text()).expect("the API document");
    let value_of = |name: &str| match name {
        "userId" => ann.id.clone(),
        "month" => DAY[..7].to_string(),
        "date" => DAY.to_string(),
        "rule" => "break".to_string(),
        "kind" => "leaves".to_string(),
        _ => "01ARZ3NDEKTSV4RRFFQ69G5FAV".to_string(),
    };
    let before = app.snapshot(&partitions_of(&[&ann])).await;
    let mut checked = 0;
    for (template, operations) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in operations.as_object().expect("operations") {
            let public =
                operation["security"].as_array().is_some_and(|s| s.is_empty() || s.iter().all(|r| r == &json!({})));
            if public || matches!(method.as_str(), "get" | "head" | "parameters") {
                continue;
            }
            let mut path = template.clone();
            while let Some(start) = path.find('{') {
                let end = path[start..].find('}').expect("a closed parameter") + start;
                path.replace_range(start..=end, &value_of(&path[start + 1..end]));
            }
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let reply = app.api.send(Some(&token), method.clone(), &path, Some(json!({}))).await;
            assert_eq!(reply.status.as_u16(), 403, "{method} {path}: {}", reply.text);
            let reply = reply.expect_error(403);
            let message = reply.message();
            assert!(
                message == bt_app::account::tokens::READ_ONLY || message == bt_app::account::tokens::SESSION_ONLY,
                "{method} {path}: {message}"
            );
            checked += 1;
        }
    }
    let mut after = app.snapshot(&partitions_of(&[&ann])).await;
    after.iter_mut().for_each(|item| {
        item.remove("lastUsedAt");
    });
    assert_eq!(after, before, "a read-only token changed something");
    assert!(checked >= 60, "{checked} write routes checked");
    // The same token reads.
    app.api.send(Some(&token), Method::GET, "/user/profile", None).await.expect(200);
}

// ---- who may reach what -----------------------------------------------------------------------------------------

/// The people of the access matrix: a team (admin, HR, the owner of the records, another member) and another team.
struct Cast {
    ada: Person,
    hal: Person,
    ann: Person,
    tim: Person,
    sam: Person,
}

async fn cast(app: &TestApp) -> Cast {
    let ada = app.person("Ada Admin").await;
    let hal = app.person_in(&ada.team_id, "Hal Hr", Role::Hr, "UTC").await;
    let ann = app.person_in(&ada.team_id, "Ann Owner", Role::Member, "UTC").await;
    let tim = app.person_in(&ada.team_id, "Tim Teammate", Role::Member, "UTC").await;
    let sam = app.person("Sam Stranger").await;
    Cast { ada, hal, ann, tim, sam }
}

/// Every route of the API document that names a record or a person: a path parameter or a `userId` query.
fn routes_with_ids() -> BTreeSet<(String, String)> {
    let doc: Value = serde_json::from_str(&breaktime_local::openapi::document_text()).expect("the API document");
    let mut routes = BTreeSet::new();
    for (path, operations) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in operations.as_object().expect("operations") {
            let Some(parameters) = operation.get("parameters").or(operations.get("parameters")) else {
                if path.contains('{') {
                    routes.insert((method.to_uppercase(), path.clone()));
                }
                continue;
            };
            let names_someone = parameters.as_array().expect("parameters").iter().any(|p| {
                let p = if let Some(r) = p["$ref"].as_str() { resolve(&doc, r) } else { p.clone() };
                p["in"] == "path" || (p["in"] == "query" && p["name"].as_str().is_some_and(|n| n.ends_with("Id")))
            });
            if names_someone || path.contains('{') {
                routes.insert((method.to_uppercase(), path.clone()));
            }
        }
    }
    routes
}

fn resolve(doc: &Value, reference: &str) -> Value {
    let pointer = reference.trim_start_matches('#');
    doc.pointer(pointer).cloned().unwrap_or(Value::Null)
}

/// How a route with an id is reached by someone who must not reach the owner's record or person.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Guard {
    /// A record of the owner: anyone else (teammates and admins included) is 404.
    Record,
    /// An admin action on a member: members and HR are 403, another team's admin 404.
    AdminOnMember,
    /// Reports of a member: admins and HR of the team see them, members are 403, another team is 404.
    MemberReport,
    /// A decision on a member's leave request: admins and HR of the team decide, members are 403, another team 404.
    Decision,
    /// A setting of the team (a leave type): its admins only; HR and members are 403, another team's admin 404.
    TeamSetting,
    /// A leave type named in a query: another team's is none of theirs (422 on the field).
    TeamType,
    /// Working time of a member (`?userId=`): approvers of the team only; a member naming someone else and another
    /// team are 404.
    WorkOfMember,
    /// The caller's own (a month's timesheet submitted): the route names no one else, so there is nobody to aim at.
    OwnOnly,
}

/// The route table: every id route the API serves, how it is guarded, and the path and body that aim it at Ann.
fn aimed_at(
    method: &str,
    template: &str,
    ann: &Person,
    ids: &std::collections::HashMap<&str, String>,
    team_type: &str,
) -> (Guard, String, Option<Value>) {
    let group = template.trim_start_matches('/').split('/').next().unwrap_or("");
    let record_edit = |group: &str| match group {
        "break" => json!({ "reason": "changed by someone else", "startTime": "01:00", "endTime": "23:00" }),
        "task" => json!({ "title": "changed by someone else", "status": "Completed" }),
        "leaves" => json!({ "reason": "changed by someone else", "toDate": "2024-05-20" }),
        "meeting" => json!({ "description": "changed by someone else", "to": "23:00" }),
        "work" => json!({ "end": "23:00", "note": "changed by someone else" }),
        _ => json!({ "task": "changed by someone else", "status": true }),
    };
    match (method, template) {
        ("POST", "/leaves/approve/{id}" | "/leaves/decline/{id}") => {
            (Guard::Decision, template.replace("{id}", &ids["leaves"]), Some(json!({ "comment": "Not by you" })))
        }
        ("GET", "/leaves/preview") => {
            (Guard::TeamType, format!("/leaves/preview?fromDate={DAY}&toDate={DAY}&typeId={team_type}"), None)
        }
        (_, "/leaves/types/{id}") => (
            Guard::TeamSetting,
            template.replace("{id}", team_type),
            (method == "PUT").then(|| json!({ "name": "Renamed by someone else" })),
        ),
        // The team's chat webhook: its admins only.
        ("DELETE", "/admin/webhooks/{id}") => (Guard::TeamSetting, format!("/admin/webhooks/{}", ids["webhook"]), None),
        // The team's pending invitations: its admins only.
        ("DELETE", "/admin/invitations/{id}") => {
            (Guard::TeamSetting, format!("/admin/invitations/{}", ids["invitation"]), None)
        }
        ("POST", "/admin/invitations/{id}/resend") => {
            (Guard::TeamSetting, format!("/admin/invitations/{}/resend", ids["invitation"]), None)
        }
        // Another person's calendar feed: revoking it by its id, or reading it with its id for a token.
        ("DELETE", "/calendar/feeds/{id}") => (Guard::Record, format!("/calendar/feeds/{}", ids["calendar"]), None),
        ("GET", "/calendar/{token}") => (Guard::Record, format!("/calendar/{}.ics", ids["calendar"]), None),
        // Another person's API token, revoked by its id.
        ("DELETE", "/user/tokens/{id}") => (Guard::Record, format!("/user/tokens/{}", ids["apitoken"]), None),
        // Answering or leaving another person's meeting: not invited, so not found.
        ("POST", "/meeting/respond/{id}") => {
            (Guard::Record, template.replace("{id}", &ids["meeting"]), Some(json!({ "answer": "yes" })))
        }
        (_, t) if t.ends_with("/{id}") => {
            let id = ids.get(group).unwrap_or_else(|| panic!("no record of {group} for {method} {template}"));
            let path = template.replace("{id}", id);
            (Guard::Record, path, (method == "PUT").then(|| record_edit(group)))
        }
        ("PUT", "/admin/role/{userId}") => {
            (Guard::AdminOnMember, format!("/admin/role/{}", ann.id), Some(json!({ "role": "admin" })))
        }
        ("PUT", "/admin/allowance/{userId}") => {
            (Guard::AdminOnMember, format!("/admin/allowance/{}", ann.id), Some(json!({ "year": 2024, "days": 40 })))
        }
        // A member's working time: approvers of the team read it and enter periods for them.
        ("POST", "/work/periods") => {
            let body = json!({ "date": DAY, "start": "13:00", "end": "14:00", "note": "Not by you" });
            (Guard::WorkOfMember, format!("/work/periods?userId={}", ann.id), Some(body))
        }
        // A note on a finding of a member's day: approvers of the team write it for them.
        ("PUT", "/work/findings/{date}/{rule}") => {
            let path = format!("/work/findings/{DAY}/break?userId={}", ann.id);
            (Guard::WorkOfMember, path, Some(json!({ "note": "Not by you" })))
        }
        ("GET", t) if t.starts_with("/work/") => {
            (Guard::WorkOfMember, format!("{t}?{RANGE}&date={DAY}&userId={}", ann.id), None)
        }
        // A member's work schedule: approvers of the team (admins and HR).
        ("PUT", "/admin/work-schedule/{userId}") => {
            let body = json!({ "from": DAY, "weekdays": [240, 240, 240, 240, 240, 0, 0] });
            (Guard::MemberReport, format!("/admin/work-schedule/{}", ann.id), Some(body))
        }
        // A member's start date (first day with a target): approvers of the team.
        ("PUT", "/admin/start-dates/{userId}") => {
            (Guard::MemberReport, format!("/admin/start-dates/{}", ann.id), Some(json!({ "startDate": DAY })))
        }
        // A member's timesheet: read by approvers of the team; decided by them (not by Ann herself while another
        // approver exists); reopened by admins.
        ("GET", t) if t.starts_with("/timesheets/{month}") => {
            let path = t.replace("{month}", &DAY[..7]);
            (Guard::WorkOfMember, format!("{path}?userId={}", ann.id), None)
        }
        ("POST", "/timesheets/{month}/approve" | "/timesheets/{month}/return") => {
            let path = template.replace("{month}", &DAY[..7]);
            (Guard::Decision, path, Some(json!({ "userId": ann.id, "comment": "Not by you" })))
        }
        ("POST", "/timesheets/{month}/reopen") => {
            let path = template.replace("{month}", &DAY[..7]);
            (Guard::MemberReport, path, Some(json!({ "userId": ann.id, "comment": "Not by you" })))
        }
        ("POST", "/timesheets/{month}/submit") => (Guard::OwnOnly, template.replace("{month}", &DAY[..7]), None),
        ("DELETE", "/admin/member/{userId}") => (Guard::AdminOnMember, format!("/admin/member/{}", ann.id), None),
        // The team's audit log of a member: its admins only (another team's admin does not find the person).
        ("GET", "/admin/audit" | "/admin/audit/export.csv") => {
            (Guard::AdminOnMember, format!("{template}?userId={}", ann.id), None)
        }
        // A member's compliance report: admins and HR of the team; a member sees their own only.
        ("GET", "/reports/compliance") => {
            (Guard::MemberReport, format!("/reports/compliance?{RANGE}&userId={}", ann.id), None)
        }
        ("GET", "/reports/export/{kind}") => {
            (Guard::MemberReport, format!("/reports/export/leaves?{RANGE}&userId={}", ann.id), None)
        }
        ("GET", t) if t.starts_with("/reports/") => {
            (Guard::MemberReport, format!("{t}?{RANGE}&userId={}", ann.id), None)
        }
        _ => panic!("{method} {template} takes an id but the security test does not know how to aim it: add it"),
    }
}

/// Ann's records, one of each kind, in May 2024, by the first segment of their routes.
async fn fill(app: &TestApp, ann: &Person) -> std::collections::HashMap<&'static str, String> {
    let mut ids = std::collections::HashMap::new();
    ids.insert("break", app.post(ann, "/break/add", a_break(DAY, "09:00", "09:30")).await.expect(201).id());
    ids.insert("task", app.post(ann, "/task/add", a_task("Ann's task", DAY)).await.expect(201).id());
    ids.insert("leaves", app.post(ann, "/leaves/add", a_leave(DAY, "2024-05-08")).await.expect(201).id());
    ids.insert("meeting", app.post(ann, "/meeting/add", a_meeting(DAY, "10:00", "11:00")).await.expect(201).id());
    ids.insert(
        "daily-checklist",
        app.post(ann, "/daily-checklist/add", an_item("Ann's item", DAY)).await.expect(201).id(),
    );
    ids
}

#[tokio::test]
async fn no_one_else_reaches_a_members_records_or_person_by_id() {
    let app = spawn_app().await;
    let Cast { ada, hal, ann, tim, sam } = cast(&app).await;
    let ids = fill(&app, &ann).await;
    // Ann's calendar feed, aimed at by its id (not a record kind of the checks at the end).
    let mut aims = ids.clone();
    let feed = app.post(&ann, "/calendar/feeds", json!({ "scope": "me" })).await.expect(201);
    aims.insert("calendar", feed.data()["id"].as_str().expect("a feed id").to_string());
    // Ann's API token, aimed at by its id.
    let token = app.post(&ann, "/user/tokens", json!({ "name": "Ann's token", "scope": "write" })).await.expect(201);
    aims.insert("apitoken", token.data()["id"].as_str().expect("a token id").to_string());
    // Ann's work period (not a record kind of the checks at the end: it has no `/get/{id}` route).
    let period = json!({ "date": DAY, "start": "08:00", "end": "12:00", "note": "Ann's period" });
    aims.insert("work", app.post(&ann, "/work/periods", period).await.expect(201).id());
    // The team's chat webhook (dev routes accept a loopback address).
    let hook = json!({ "url": "http://127.0.0.1:9/hook", "format": "slack", "events": ["leave.approved"] });
    aims.insert("webhook", app.post(&ada, "/admin/webhooks", hook).await.expect(201).id());
    // The team's pending invitation, aimed at by its id.
    app.post(&ada, "/admin/invite", json!({ "email": "newcomer@example.com", "role": "member" })).await.expect(201);
    let pending = app.get(&ada, "/admin/invitations").await.expect(200);
    aims.insert("invitation", pending.data()[0]["id"].as_str().expect("an invitation id").to_string());
    let training = json!({ "name": "Training", "color": "#0ea5e9" });
    let team_type = app.post(&ada, "/leaves/types", training).await.expect(201).id();
    // Sam's team has its starting leave types too (written on a team's first use, which is not an intrusion).
    app.get(&sam, "/leaves/types").await.expect(200);
    let everyone = [&ada, &hal, &ann, &tim, &sam];

    let routes = routes_with_ids();
    assert!(routes.len() >= 24, "the API document lists the id routes: {routes:?}");
    let before = app.snapshot(&partitions_of(&everyone)).await;
    let mut checks = 0;
    for (method, template) in &routes {
        let (guard, path, body) = aimed_at(method, template, &ann, &aims, &team_type);
        let intruders: Vec<(&Person, u16)> = match guard {
            Guard::Record => vec![(&tim, 404), (&ada, 404), (&hal, 404), (&sam, 404)],
            Guard::AdminOnMember => vec![(&tim, 403), (&hal, 403), (&sam, 404)],
            Guard::MemberReport => vec![(&tim, 403), (&sam, 404)],
            // Ann may not decide her own request either.
            Guard::Decision => vec![(&tim, 403), (&ann, 403), (&sam, 404)],
            Guard::TeamSetting => vec![(&tim, 403), (&hal, 403), (&ann, 403), (&sam, 404)],
            Guard::TeamType => vec![(&sam, 422)],
            Guard::WorkOfMember => vec![(&tim, 404), (&sam, 404)],
            Guard::OwnOnly => vec![],
        };
        for (who, status) in intruders {
            let mut call = app.call(Method::from_bytes(method.as_bytes()).unwrap(), &path).by(who);
            if let Some(body) = &body {
                call = call.json(body);
            }
            let reply = call.send().await;
            assert_eq!(reply.status.as_u16(), status, "{} on {method} {path}: {}", who.name, reply.text);
            let reply = reply.expect_error(status);
            assert!(!reply.text.contains(&ann.name) && !reply.text.contains("Ann's"), "{}: {}", who.name, reply.text);
            checks += 1;
        }
    }
    assert_eq!(app.snapshot(&partitions_of(&everyone)).await, before, "an intruder changed something");

    // The routes do reach Ann's things for those entitled to them, and only as the kind they are.
    for (group, id) in &ids {
        let mine = app.get(&ann, &format!("/{group}/get/{id}")).await.expect(200);
        assert_eq!(mine.id(), *id);
        for (other_group, other_id) in ids.iter().filter(|(g, _)| *g != group) {
            let path = format!("/{group}/get/{other_id}");
            app.get(&ann, &path).await.expect_error(404);
            let path = format!("/{group}/delete/{other_id}");
            app.delete(&ann, &path).await.expect_error(404);
            assert_eq!(app.get(&ann, &format!("/{other_group}/get/{other_id}")).await.expect(200).id(), *other_id);
        }
    }
    for viewer in [&ada, &hal] {
        for kind in ["summary", "breaks", "tasks", "leaves", "meetings", "checklist"] {
            let report = app.get(viewer, &format!("/reports/{kind}?{RANGE}&userId={}", ann.id)).await.expect(200);
            assert!(report.text.contains(&ann.id), "{} sees {kind} of Ann: {}", viewer.name, report.text);
        }
        let csv = app.get(viewer, &format!("/reports/export/leaves?{RANGE}&userId={}", ann.id)).await.expect(200);
        assert!(csv.text.contains("Family visit"), "{}", csv.text);
    }
    assert!(checks >= 70, "{checks} refusals checked");
}

#[tokio::test]
async fn other_peoples_lists_show_none_of_a_members_records() {
    let app = spawn_app().await;
    let Cast { ada, hal, ann, tim, sam } = cast(&app).await;
    fill(&app, &ann).await;
    let today = bt_app::records::dates::today_in("UTC", app.state.clock.now());
    // Approved, Ann's leave of today is an absence her team sees. It is half a day, so her live break still shows
    // her on a break (a whole day's leave would show her on leave instead).
    let mut half_day = a_leave(&today, &today);
    half_day["halfDay"] = json!("pm");
    let leave = app.post(&ann, "/leaves/add", half_day).await.expect(201).id();
    app.post(&ada, &format!("/leaves/approve/{leave}"), json!({})).await.expect(200);
    app.post(&ann, "/break/start", json!({ "type": "Coffee Break", "reason": "Ann's live break" })).await.expect(201);

    // Lists of one's own: neither a teammate nor a stranger sees Ann's records in theirs.
    let own_lists = [
        format!("/reports/summary?{RANGE}"),
        format!("/reports/tasks?{RANGE}"),
        format!("/reports/leaves?{RANGE}"),
        format!("/reports/meetings?{RANGE}"),
        format!("/reports/checklist?{RANGE}"),
        format!("/reports/export/breaks?{RANGE}"),
        format!("/reports/export/tasks?{RANGE}"),
        format!("/reports/export/leaves?{RANGE}"),
        format!("/reports/export/meetings?{RANGE}"),
        format!("/reports/export/checklist?{RANGE}"),
        "/break/current".to_string(),
        format!("/leaves/list?from={DAY}&to={today}"),
        "/daily-checklist/get?task=Ann".to_string(),
        "/task/list?title=Ann".to_string(),
    ];
    for who in [&tim, &sam, &ada] {
        for path in &own_lists {
            let reply = app.get(who, path).await.expect(200);
            assert!(
                !reply.text.contains(&ann.id) && !reply.text.contains("Ann's") && !reply.text.contains("Family visit"),
                "{} sees Ann's records in {path}: {}",
                who.name,
                reply.text
            );
        }
    }
    // Team views: Ann's team sees her on leave and on a break, another team does not.
    let team_views = ["/admin/onBreak".to_string(), format!("/admin/onLeaves?todayDate={today}"), "/admin/get".into()];
    for path in &team_views {
        assert!(app.get(&tim, path).await.expect(200).text.contains(&ann.id), "{path} of Ann's team shows her");
        let theirs = app.get(&sam, path).await.expect(200);
        assert!(!theirs.text.contains(&ann.id) && !theirs.text.contains("Ann"), "{path}: {}", theirs.text);
    }
    // The leave-days report: the team's admins and HR see Ann's approved leave, a teammate and a stranger do not.
    let leave_days = format!("/reports/leave-days?from={DAY}&to={today}");
    for (who, sees) in [(&tim, false), (&sam, false), (&hal, true), (&ada, true)] {
        for path in [leave_days.clone(), leave_days.replace("/leave-days", "/export/leave-days")] {
            let reply = app.get(who, &path).await.expect(200);
            assert_eq!(reply.text.contains(&ann.id), sees, "{} on {path}: {}", who.name, reply.text);
            assert!(!reply.text.contains("Family visit"), "no reasons in {path}");
        }
    }
    // A team's holidays are its own.
    let year: i32 = today[..4].parse().unwrap();
    let offsite = json!({ "year": year, "holidays": [{ "date": today, "name": "Team offsite" }] });
    app.put(&ada, "/team/holidays", offsite).await.expect(200);
    assert!(app.get(&tim, &format!("/team/holidays?year={year}")).await.expect(200).text.contains("Team offsite"));
    assert!(!app.get(&sam, &format!("/team/holidays?year={year}")).await.expect(200).text.contains("Team offsite"));
    let team = app.get(&sam, &format!("/reports/team?{RANGE}")).await.expect(200);
    assert!(!team.text.contains(&ann.id), "{}", team.text);
    assert!(app.get(&hal, &format!("/reports/team?{RANGE}")).await.expect(200).text.contains(&ann.id));
    // A leave's reason is for admins and HR only.
    let on_leave = format!("/admin/onLeaves?todayDate={today}");
    assert!(!app.get(&tim, &on_leave).await.text.contains("Family visit"));
    assert!(app.get(&hal, &on_leave).await.text.contains("Family visit"));
}

#[tokio::test]
async fn members_and_hr_cannot_run_admin_actions_and_hr_sees_reports() {
    let app = spawn_app().await;
    let Cast { ada, hal, ann, tim, sam } = cast(&app).await;
    fill(&app, &ann).await;
    // Ann's leave request was mailed to the approvers; nothing refused below may add a mail.
    let mails = app.mails_sent().len();
    let everyone = [&ada, &hal, &ann, &tim, &sam];
    let before = app.snapshot(&partitions_of(&everyone)).await;
    let actions: Vec<(Method, String, Option<Value>)> = vec![
        (Method::POST, "/admin/invite".into(), Some(json!({ "email": "new.person@example.com", "role": "member" }))),
        (Method::POST, "/admin/invite".into(), Some(json!({ "email": "boss@example.com", "role": "admin" }))),
        (Method::PUT, format!("/admin/role/{}", ann.id), Some(json!({ "role": "hr" }))),
        (Method::PUT, format!("/admin/role/{}", tim.id), Some(json!({ "role": "admin" }))),
        (Method::PUT, format!("/admin/role/{}", hal.id), Some(json!({ "role": "admin" }))),
        (Method::PUT, format!("/admin/role/{}", ada.id), Some(json!({ "role": "member" }))),
        (Method::DELETE, format!("/admin/member/{}", ann.id), None),
        (Method::DELETE, format!("/admin/member/{}", ada.id), None),
        (Method::PUT, "/type/edit".into(), Some(json!({ "type": ["Only mine"] }))),
        (Method::PUT, "/team/holidays".into(), Some(json!({ "year": 2024, "country": "DE" }))),
        (Method::PUT, "/leaves/settings".into(), Some(json!({ "allowNegative": true }))),
        // The team's data (an admin of another team gets their own team's: tests/export.rs).
        (Method::GET, "/admin/export".into(), None),
    ];
    for who in [&tim, &hal] {
        for (method, path, body) in &actions {
            let mut call = app.call(method.clone(), path).by(who);
            if let Some(body) = body {
                call = call.json(body);
            }
            let reply = call.send().await;
            assert_eq!(reply.status.as_u16(), 403, "{} on {method} {path}: {}", who.name, reply.text);
            reply.expect_error(403);
        }
    }
    assert_eq!(app.snapshot(&partitions_of(&everyone)).await, before, "a refused admin action changed something");
    assert_eq!(app.mails_sent().len(), mails, "a refused invitation was mailed");
    for who in [&tim, &hal] {
        assert_eq!(
            app.get(who, "/user/profile").await.expect(200).data()["role"],
            if who.id == hal.id { "hr" } else { "member" }
        );
    }

    // HR reads the team's reports and a member's, including the export.
    app.get(&hal, &format!("/reports/team?{RANGE}")).await.expect(200);
    let summary = app.get(&hal, &format!("/reports/summary?{RANGE}&userId={}", ann.id)).await.expect(200);
    assert_eq!(summary.data()["breaks"]["totalMinutes"], 30);
    app.get(&hal, &format!("/reports/export/tasks?{RANGE}&userId={}", ann.id)).await.expect(200);
    // The admin may do what the others were refused (so the refusals above are about the role).
    app.put(&ada, &format!("/admin/role/{}", tim.id), json!({ "role": "hr" })).await.expect(200);
    app.post(&ada, "/admin/invite", json!({ "email": "new.person@example.com", "role": "member" })).await.expect(201);
}

#[tokio::test]
async fn team_calendar_feeds_are_for_admins_and_hr_and_show_only_their_team() {
    let app = spawn_app().await;
    let Cast { ada, hal, ann, tim, sam } = cast(&app).await;
    let today = bt_app::records::dates::today_in("UTC", app.state.clock.now());
    let leave = app.post(&ann, "/leaves/add", a_leave(&today, &today)).await.expect(201).id();
    app.post(&ada, &format!("/leaves/approve/{leave}"), json!({})).await.expect(200);
    let feed_of = |reply: Reply| reply.data()["url"].as_str().expect("a url").replace(&app.base, "");

    for who in [&ann, &tim] {
        let refused = app.post(who, "/calendar/feeds", json!({ "scope": "team" })).await.expect_error(403);
        assert_eq!(refused.message(), "Only admins and HR can create a team calendar feed.", "{}", who.name);
    }
    // Admins and HR read their team's absences (never a reason); another team's admin reads their own team only.
    for (who, sees) in [(&ada, true), (&hal, true), (&sam, false)] {
        let path = feed_of(app.post(who, "/calendar/feeds", json!({ "scope": "team" })).await.expect(201));
        let feed = app.api.get(&path, None).await.expect(200);
        assert_eq!(feed.text.contains(&format!("leave-{leave}@")), sees, "{}: {}", who.name, feed.text);
        assert!(!feed.text.contains("Family visit"), "{}: {}", who.name, feed.text);
    }
    // Everyone's own feed is their own records only.
    for who in [&tim, &hal, &sam] {
        let path = feed_of(app.post(who, "/calendar/feeds", json!({ "scope": "me" })).await.expect(201));
        let feed = app.api.get(&path, None).await.expect(200);
        assert!(!feed.text.contains(&leave) && !feed.text.contains("Ann"), "{}: {}", who.name, feed.text);
    }
    let own = feed_of(app.post(&ann, "/calendar/feeds", json!({ "scope": "me" })).await.expect(201));
    assert!(app.api.get(&own, None).await.expect(200).text.contains("Family visit"));
}

// ---- rate limits ------------------------------------------------------------------------------------------------

#[track_caller]
fn assert_rate_limited(reply: Reply, what: &str) {
    let reply = reply.expect_error(429);
    assert!(reply.message().starts_with(RATE_LIMITED), "{what}: {}", reply.message());
    let retry: u64 = reply.header("retry-after").and_then(|v| v.parse().ok()).unwrap_or(0);
    assert!(retry > 0 && retry <= 86_400, "{what}: Retry-After {retry}");
    assert!(reply.message().contains("minute") || reply.message().contains("second"), "{what}: {}", reply.message());
}

#[tokio::test]
async fn sign_up_forgot_password_contact_and_the_assistant_answer_429_with_a_message() {
    // Windows of a day, so the test never straddles one.
    let app = spawn_app_with(options().configure(|c| {
        c.rate_limits.signup_per_ip = (2, 86_400);
        c.rate_limits.mail_per_email = (1, 86_400);
        c.rate_limits.contact_per_ip = (1, 86_400);
        c.rate_limits.assistant_per_user = (2, 86_400);
    }))
    .await;
    let signup = |email: &str| json!({ "name": "Rate Limited", "email": email, "password": PASSWORD });
    app.call(Method::POST, "/user/signup").json(&signup("one@example.com")).send().await.expect(201);
    app.call(Method::POST, "/user/signup").json(&signup("two@example.com")).send().await.expect(201);
    let refused = app.call(Method::POST, "/user/signup").json(&signup("three@example.com")).send().await;
    assert_rate_limited(refused, "sign-up");
    // The refused sign-up created no account: its address is free and nothing was mailed to it.
    assert!(app.mails_sent().iter().all(|m| m["to"] != "three@example.com"));
    let login =
        app.call(Method::POST, "/auth/login").json(&json!({ "email": "three@example.com", "password": PASSWORD }));
    login.send().await.expect(401);

    // Reset links are counted per address, known or not (an unknown one is answered alike).
    let ghost = json!({ "email": "nobody@example.com" });
    app.call(Method::POST, "/user/forgot-password").json(&ghost).send().await.expect(200);
    let refused = app.call(Method::POST, "/user/forgot-password").json(&ghost).send().await;
    assert_rate_limited(refused, "forgot-password of an unknown address");
    // The same address written otherwise is the same address.
    let disguised = json!({ "email": "  NoBody@Example.COM " });
    let refused = app.call(Method::POST, "/user/forgot-password").json(&disguised).send().await;
    assert_rate_limited(refused, "forgot-password of the address in capitals");

    let message = json!({ "email": "v@example.com", "subject": "Hi", "description": "First" });
    app.call(Method::POST, "/contactUs/send").json(&message).send().await.expect(200);
    let refused = app.call(Method::POST, "/contactUs/send").json(&message).send().await;
    assert_rate_limited(refused, "contact");
    // A client cannot pose as another address: X-Forwarded-For is not trusted unless configured.
    for forwarded in ["203.0.113.7", "198.51.100.1, 127.0.0.1", "unknown"] {
        let spoofed = app.call(Method::POST, "/contactUs/send").header("x-forwarded-for", forwarded).json(&message);
        assert_rate_limited(spoofed.send().await, "contact with X-Forwarded-For");
        let spoofed = app.call(Method::POST, "/user/signup").header("x-forwarded-for", forwarded);
        assert_rate_limited(spoofed.json(&signup("four@example.com")).send().await, "sign-up with X-Forwarded-For");
    }

    let ann = app.person("Ann Asker").await;
    let ask = json!({ "message": "help" });
    for _ in 0..2 {
        app.call(Method::POST, "/assistant/ask").by(&ann).json(&ask).send().await.expect(200);
    }
    assert_rate_limited(app.call(Method::POST, "/assistant/ask").by(&ann).json(&ask).send().await, "assistant");
    // Guests are counted by address, apart from the signed-in allowance.
    for _ in 0..2 {
        app.call(Method::POST, "/assistant/ask").json(&ask).send().await.expect(200);
    }
    assert_rate_limited(app.call(Method::POST, "/assistant/ask").json(&ask).send().await, "assistant (guest)");
    // Another person still has their own allowance.
    let bea = app.person("Bea Asker").await;
    app.call(Method::POST, "/assistant/ask").by(&bea).json(&ask).send().await.expect(200);
}

// ---- CORS and security headers ----------------------------------------------------------------------------------

const APP_ORIGIN: &str = "https://app.breaktime.example";

#[tokio::test]
async fn only_configured_origins_are_allowed() {
    let app = spawn_app_with(
        options().configure(|c| c.cors_origins = vec![APP_ORIGIN.into(), "http://localhost:5173".into()]).web(),
    )
    .await;
    let ann = app.person("Ann Cors").await;
    for origin in [APP_ORIGIN, "http://localhost:5173"] {
        let ok = app.call(Method::GET, "/user/profile").by(&ann).header("origin", origin).send().await;
        assert_eq!(ok.expect(200).header("access-control-allow-origin"), Some(origin));
        // Errors too, so the web app can show their message.
        let refused = app.call(Method::GET, "/user/profile").header("origin", origin).send().await.expect_error(401);
        assert_eq!(refused.header("access-control-allow-origin"), Some(origin));
        let preflight = app
            .call(Method::OPTIONS, "/break/add")
            .header("origin", origin)
            .header("access-control-request-method", "POST")
            .header("access-control-request-headers", "authorization,content-type")
            .send()
            .await;
        assert!(preflight.status.is_success(), "preflight: {}", preflight.status);
        assert_eq!(preflight.header("access-control-allow-origin"), Some(origin));
        let methods = preflight.header("access-control-allow-methods").unwrap_or("").to_uppercase();
        assert!(["GET", "POST", "PUT", "DELETE"].iter().all(|m| methods.contains(m)), "{methods}");
        let headers = preflight.header("access-control-allow-headers").unwrap_or("").to_lowercase();
        assert!(headers.contains("authorization") && headers.contains("content-type"), "{headers}");
        assert!(preflight.header("vary").unwrap_or("").to_lowercase().contains("origin"));
    }
    let foreign = [
        "https://evil.example",
        "https://app.breaktime.example.evil.example",
        "https://evil.app.breaktime.example",
        "http://app.breaktime.example",
        "https://app.breaktime.example:8443",
        "null",
        "*",
    ];
    for origin in foreign {
        let reply = app.call(Method::GET, "/user/profile").by(&ann).header("origin", origin).send().await;
        let reply = reply.expect(200);
        assert_eq!(reply.header("access-control-allow-origin"), None, "{origin} was allowed");
        assert_eq!(reply.header("access-control-allow-credentials"), None);
        let preflight = app
            .call(Method::OPTIONS, "/task/add")
            .header("origin", origin)
            .header("access-control-request-method", "POST")
            .header("access-control-request-headers", "authorization,content-type")
            .send()
            .await;
        assert!(preflight.status.as_u16() < 500, "{origin}: {}", preflight.status);
        assert_eq!(preflight.header("access-control-allow-origin"), None, "{origin} preflight was allowed");
    }
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let app = spawn_app_with(options().configure(|c| c.cors_origins = vec![APP_ORIGIN.into()]).web()).await;
    let ann = app.person("Ann Headers").await;
    let answers = vec![
        ("an API answer", app.get(&ann, "/user/profile").await.expect(200)),
        ("an API error", app.call(Method::GET, "/user/profile").send().await.expect(401)),
        ("an API 404", app.get(&ann, "/task/get/01ARZ3NDEKTSV4RRFFQ69G5FAV").await.expect(404)),
        ("the API document", app.call(Method::GET, "/openapi.json").send().await.expect(200)),
        ("the web app", app.call(Method::GET, "/").send().await.expect(200)),
        ("index.html", app.call(Method::GET, "/index.html").send().await.expect(200)),
        ("an asset", app.call(Method::GET, ASSET_PATH).send().await.expect(200)),
        ("the SPA fallback", app.call(Method::GET, "/tasks/today").send().await.expect(200)),
        ("a missing asset", app.call(Method::GET, "/assets/missing-1234.js").send().await.expect(404)),
        ("a HEAD of the web app", app.call(Method::HEAD, "/").send().await.expect(200)),
        ("a 405", app.call(Method::PUT, "/task/add").by(&ann).send().await.expect(405)),
        (
            "a 413",
            app.call(Method::POST, "/task/add")
                .by(&ann)
                .json(&json!({ "t": "x".repeat(70_000) }))
                .send()
                .await
                .expect(413),
        ),
        (
            "a 415",
            app.call(Method::POST, "/task/add")
                .by(&ann)
                .header("content-type", "text/plain")
                .body(b"{}".to_vec())
                .send()
                .await
                .expect(415),
        ),
    ];
    for (what, reply) in &answers {
        assert_eq!(reply.header("x-content-type-options"), Some("nosniff"), "{what}");
        assert!(reply.header("referrer-policy").is_some_and(|v| !v.contains("unsafe-url")), "{what}");
        let csp = reply.header("content-security-policy").unwrap_or("");
        assert!(csp.contains("default-src"), "{what}: no CSP");
        assert!(csp.contains("frame-ancestors 'none'") || reply.header("x-frame-options") == Some("DENY"), "{what}");
        assert_eq!(reply.header("x-frame-options"), Some("DENY"), "{what}");
        assert!(!csp.contains("unsafe-eval"), "{what}: {csp}");
        assert!(reply.header("server").is_none_or(|s| !s.chars().any(|c| c.is_ascii_digit())), "{what}");
    }
    for (what, reply) in &answers[4..9] {
        assert_eq!(reply.header("permissions-policy"), Some("camera=(), microphone=(), geolocation=()"), "{what}");
        assert_eq!(reply.header("cross-origin-opener-policy"), Some("same-origin"), "{what}");
    }
    assert_eq!(answers[4].1.text, INDEX_HTML);
    assert_eq!(answers[7].1.text, INDEX_HTML);
    assert_eq!(answers[6].1.text, ASSET_JS);
    // API answers are never cached; the app's pages are revalidated.
    assert_eq!(answers[0].1.header("cache-control"), Some("no-store"));
    assert_eq!(answers[4].1.header("cache-control"), Some("no-cache"));
}

#[tokio::test]
async fn the_mail_outbox_is_served_only_when_asked_for() {
    let app = spawn_app_with(options().configure(|c| c.dev_routes = false).web()).await;
    app.call(Method::POST, "/user/forgot-password").json(&json!({ "email": "x@example.com" })).send().await.expect(200);
    let reply = app.call(Method::GET, "/dev/outbox").header("accept", "application/json").send().await;
    // With the web app it is the JSON 404 an API client gets for a path the app does not have; never the mails.
    assert!(!reply.text.contains("x@example.com") && !reply.text.contains("\"data\""), "{}", reply.text);
    let app = spawn_app_with(options().configure(|c| c.dev_routes = false)).await;
    app.call(Method::GET, "/dev/outbox").send().await.expect_error(404);
}

#[tokio::test]
async fn the_builds_brotli_copies_go_to_browsers_that_accept_them() {
    let app = spawn_app_with(options().web()).await;
    let reply = app.call(Method::GET, ASSET_PATH).header("accept-encoding", "gzip, deflate, br, zstd").send().await;
    assert_eq!(reply.status.as_u16(), 200);
    assert_eq!(reply.header("content-encoding"), Some("br"));
    assert_eq!(reply.header("content-type"), Some("text/javascript"));
    assert_eq!(reply.header("vary"), Some("accept-encoding"));
    assert_eq!(reply.text, ASSET_BR);
    // Without br, the file itself.
    let reply = app.call(Method::GET, ASSET_PATH).send().await;
    assert_eq!(reply.header("content-encoding"), None);
    assert_eq!(reply.text, ASSET_JS);
}

#[tokio::test]
async fn the_web_app_serves_nothing_outside_its_build() {
    let app = spawn_app_with(options().web()).await;
    let tries = [
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/assets/../../secret.txt",
        "/assets/%2e%2e/%2e%2e/secret.txt",
        "/assets/..%2f..%2fsecret.txt",
        "/%2e%2e%2fsecret.txt",
        "/..%5csecret.txt",
        "/assets/%2e%2e%5c%2e%2e%5csecret.txt",
        "//secret.txt",
    ];
    for path in tries {
        let reply = app.call(Method::GET, path).send().await;
        assert!(!reply.text.contains(SECRET), "{path} served a file outside the build");
        assert!(reply.status.as_u16() < 500, "{path}: {}", reply.status);
    }
}

// ---- hostile input ----------------------------------------------------------------------------------------------

/// Ann's partition and the counts her lists show, to prove a refused request stored nothing.
async fn stored(app: &TestApp, ann: &Person) -> (Vec<bt_core::store::Item>, Value) {
    let counts = json!([
        app.get(ann, "/task/list").await.expect(200).data()["totalCount"],
        app.get(ann, "/daily-checklist/get").await.expect(200).data()["totalCount"],
        app.get(ann, "/meeting/all").await.expect(200).data()["totalCount"],
        app.get(ann, "/leaves/list").await.expect(200).data()["totalCount"],
    ]);
    (app.snapshot(&partitions_of(&[ann])).await, counts)
}

#[tokio::test]
async fn oversized_bodies_are_413_with_a_message() {
    let app = spawn_app().await;
    let ann = app.person("Ann Big").await;
    let task = app.post(&ann, "/task/add", a_task("Small", DAY)).await.expect(201).id();
    let before = stored(&app, &ann).await;
    let padding = "x".repeat(200 * 1024);
    let bodies: Vec<(Method, String, bool)> = vec![
        (Method::POST, "/task/add".into(), true),
        (Method::PUT, format!("/task/edit/{task}"), true),
        (Method::POST, "/break/add".into(), true),
        (Method::POST, "/meeting/add".into(), true),
        (Method::POST, "/auth/login".into(), false),
        (Method::POST, "/user/signup".into(), false),
        (Method::POST, "/contactUs/send".into(), false),
        (Method::POST, "/assistant/ask".into(), true),
        (Method::PUT, "/type/edit".into(), true),
    ];
    for (method, path, signed_in) in &bodies {
        let body = json!({ "title": padding, "email": "a@b.co", "message": padding, "description": padding });
        let mut call = app.call(method.clone(), path).json(&body);
        if *signed_in {
            call = call.by(&ann);
        }
        let reply = call.send().await.expect_error(413);
        assert_eq!(reply.message(), "Request body is too large.", "{method} {path}");
    }
    // Just over the limit, and far over it (4 MiB).
    let just_over = format!("{{\"title\":\"{}\"}}", "y".repeat(bt_http::MAX_BODY_BYTES));
    app.call(Method::POST, "/task/add")
        .by(&ann)
        .header("content-type", "application/json")
        .body(just_over.into_bytes())
        .send()
        .await
        .expect_error(413);
    let huge = vec![b' '; 4 * 1024 * 1024];
    app.call(Method::POST, "/daily-checklist/add")
        .by(&ann)
        .header("content-type", "application/json")
        .body(huge)
        .send()
        .await
        .expect_error(413);
    assert_eq!(stored(&app, &ann).await, before);
}

#[tokio::test]
async fn deeply_nested_json_is_refused_without_harm() {
    let app = spawn_app().await;
    let ann = app.person("Ann Deep").await;
    let before = stored(&app, &ann).await;
    let depth = 30_000; // under the body limit, far over any sane nesting
    let arrays = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    let objects = format!("{}1{}", "{\"a\":".repeat(10_000), "}".repeat(10_000));
    let in_a_field = format!("{{\"title\":{},\"scheduled\":\"{DAY}\"}}", &arrays);
    let unclosed = "[".repeat(depth);
    let too_deep_to_send = "[".repeat(100_000);
    let routes = ["/task/add", "/daily-checklist/add", "/assistant/ask", "/auth/login", "/contactUs/send"];
    for path in routes {
        for (what, body) in
            [("arrays", &arrays), ("objects", &objects), ("in a field", &in_a_field), ("unclosed", &unclosed)]
        {
            let reply = app
                .call(Method::POST, path)
                .by(&ann)
                .header("content-type", "application/json")
                .body(body.clone().into_bytes())
                .send()
                .await;
            assert!(matches!(reply.status.as_u16(), 400 | 422), "{what} on {path}: {} {}", reply.status, reply.text);
            let status = reply.status.as_u16();
            reply.expect_error(status);
        }
        let reply = app
            .call(Method::POST, path)
            .by(&ann)
            .header("content-type", "application/json")
            .body(too_deep_to_send.clone().into_bytes())
            .send()
            .await;
        reply.expect_error(413);
    }
    // The server is still up and nothing was stored.
    app.get(&ann, "/user/profile").await.expect(200);
    assert_eq!(stored(&app, &ann).await, before);
}

#[tokio::test]
async fn bodies_that_are_not_json_objects_are_400_with_a_message() {
    let app = spawn_app().await;
    let ann = app.person("Ann Bytes").await;
    let before = stored(&app, &ann).await;
    let bodies: Vec<(&str, Vec<u8>)> = vec![
        ("invalid UTF-8 in a string", b"{\"title\":\"\xff\xfe\xfd\",\"scheduled\":\"2024-05-06\"}".to_vec()),
        ("invalid UTF-8 outside strings", b"\xff{\"title\":\"x\"}".to_vec()),
        ("an overlong UTF-8 encoding", b"{\"title\":\"\xc0\xaf\"}".to_vec()),
        ("a lone surrogate escape", b"{\"title\":\"\\ud800\",\"scheduled\":\"2024-05-06\"}".to_vec()),
        ("a UTF-16 body", "{\"title\":\"x\"}".encode_utf16().flat_map(|u| u.to_le_bytes()).collect()),
        ("truncated JSON", b"{\"title\":\"x\"".to_vec()),
        ("trailing garbage", b"{\"title\":\"x\",\"scheduled\":\"2024-05-06\"} extra".to_vec()),
        ("two objects", b"{} {}".to_vec()),
        ("a NUL byte", b"{\"title\":\"x\"}\x00".to_vec()),
        ("a bare string", b"\"title\"".to_vec()),
        ("an array", b"[\"Title\",\"2024-05-06\"]".to_vec()),
        ("null", b"null".to_vec()),
        ("a number", b"12".to_vec()),
        ("a key twice", b"{\"title\":\"a\",\"title\":\"b\",\"scheduled\":\"2024-05-06\",\"email\":1}".to_vec()),
        ("a byte order mark", b"\xef\xbb\xbf{\"title\":\"x\"}".to_vec()),
        (
            "a huge number",
            format!("{{\"title\":\"x\",\"scheduled\":\"{DAY}\",\"priority\":1{}}}", "0".repeat(5000)).into_bytes(),
        ),
    ];
    for path in ["/task/add", "/daily-checklist/add", "/auth/login"] {
        for (what, body) in &bodies {
            let reply = app
                .call(Method::POST, path)
                .by(&ann)
                .header("content-type", "application/json")
                .body(body.clone())
                .send()
                .await;
            assert!(matches!(reply.status.as_u16(), 400 | 422), "{what} on {path}: {} {}", reply.status, reply.text);
            let status = reply.status.as_u16();
            reply.expect_error(status);
        }
    }
    assert_eq!(stored(&app, &ann).await, before);
}

#[tokio::test]
async fn a_body_that_is_not_sent_as_json_is_refused() {
    let app = spawn_app().await;
    let ann = app.person("Ann Types").await;
    let before = stored(&app, &ann).await;
    let task = a_task("Sent as text", DAY).to_string();
    // The content types a browser may send from any page without asking first (no CORS preflight).
    let types = [
        "text/plain",
        "text/plain;charset=UTF-8",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=xyz",
        "application/xml",
        "text/html",
    ];
    for content_type in types {
        for path in ["/task/add", "/auth/login", "/contactUs/send", "/user/signup"] {
            let reply = app
                .call(Method::POST, path)
                .by(&ann)
                .header("content-type", content_type)
                .body(task.clone().into_bytes())
                .send()
                .await;
            let reply = reply.expect_error(415);
            assert!(reply.message().contains("application/json"), "{content_type} on {path}: {}", reply.message());
        }
    }
    assert_eq!(stored(&app, &ann).await, before);
    // JSON content types are accepted, whatever their parameters or case.
    for content_type in
        ["application/json", "application/json; charset=utf-8", "Application/JSON", "application/merge-patch+json"]
    {
        let reply = app
            .call(Method::POST, "/task/add")
            .by(&ann)
            .header("content-type", content_type)
            .body(task.clone().into_bytes())
            .send()
            .await;
        reply.expect(201);
    }
}

#[tokio::test]
async fn huge_and_absurd_query_values_are_clear_4xx() {
    let app = spawn_app().await;
    let ann = app.person("Ann Query").await;
    app.post(&ann, "/task/add", a_task("Queried", DAY)).await.expect(201);
    // Over the 64 KiB a URI may have: the HTTP server refuses it with 414 before any handler runs (so without the
    // API's JSON body; API Gateway has a limit of its own in front of the Lambdas).
    let huge = "q".repeat(100 * 1024);
    for path in [format!("/task/list?title={huge}"), format!("/reports/breaks?from={huge}&to={DAY}")] {
        let (status, _, _) = app.raw_get(&path, &ann.token).await;
        assert_eq!(status, 414, "a 100 KiB query");
    }
    app.get(&ann, "/task/list").await.expect(200);
    let big = "q".repeat(60 * 1024);
    let paths = vec![
        format!("/task/list?title={big}"),
        format!("/daily-checklist/get?task={big}"),
        format!("/task/list?status={big}"),
        format!("/reports/breaks?from={big}&to={DAY}"),
        format!("/reports/summary?{RANGE}&userId={big}"),
        format!("/break/todayBreaks?todayCreatedDate={big}"),
        "/task/list?limit=99999999999999999999999".into(),
        "/task/list?limit=1000000".into(),
        "/task/list?limit=-1".into(),
        "/task/list?limit=0".into(),
        "/task/list?limit=1e3".into(),
        "/task/list?skip=-5".into(),
        "/task/list?skip=99999999999999999999999".into(),
        "/task/list?skip=18446744073709551615&limit=100".into(),
        "/meeting/all?skip=18446744073709551615".into(),
        "/leaves/list?skip=9223372036854775808".into(),
        "/daily-checklist/get?skip=18446744073709551615&limit=1".into(),
        format!("/reports/breaks?{RANGE}&skip=18446744073709551615"),
        "/meeting/all?limit=NaN".into(),
        "/meeting/get?skip=1.5".into(),
        "/daily-checklist/get?limit=%00".into(),
        "/leaves/list?skip=0x10".into(),
        "/reports/tasks?from=2024-05-01&to=2024-05-31&limit=4294967296".into(),
        "/break/todayBreaks?todayCreatedDate=99999-99-99".into(),
        "/task/todayTasks?todayScheduledDate=2024-02-30".into(),
        "/meeting/get?todayScheduledDate=0000-00-00".into(),
        "/admin/onLeaves?todayDate=2024-13-01".into(),
        "/reports/summary?from=99999-99-99&to=99999-99-99".into(),
        "/reports/breaks?from=2024-05-31&to=2024-05-01".into(),
        "/reports/breaks?from=0001-01-01&to=9999-12-31".into(),
        "/task/list?scheduledFrom=9999999999-01-01".into(),
        "/task/list?createdDateFrom=2024-05-06T00:00:00Z".into(),
        "/leaves/list?from=-2024-05-01".into(),
        "/meeting/all?startScheduleDate=%F0%9F%98%80".into(),
        "/daily-checklist/get?status=%ff%fe".into(),
        "/task/list?priority=%00".into(),
        format!("/reports/export/%ff?{RANGE}"),
        format!("/reports/export/%C0%AF?{RANGE}"),
        format!("/reports/export/breaks%00?{RANGE}"),
        "/break/get/%ff%fe".into(),
        "/admin/onLeaves?todayDate=%ff".into(),
    ];
    let mut unclear = Vec::new();
    for path in &paths {
        let reply = app.get(&ann, path).await;
        let shown: String = path.chars().take(60).collect();
        let status = reply.status.as_u16();
        let json_message = reply.header("content-type").is_some_and(|c| c.starts_with("application/json"))
            && !reply.message().is_empty();
        let field_messages = reply.body["errors"].as_object().is_some_and(|e| !e.is_empty());
        if !matches!(status, 400 | 404 | 422) || !json_message || (status == 422 && !field_messages) {
            unclear.push(format!("{shown}: {status} {}", reply.text.chars().take(200).collect::<String>()));
        }
    }
    assert!(unclear.is_empty(), "answers that are not a clear 4xx:\n{}", unclear.join("\n"));

    // Text filters are as long as what they search, no longer.
    let long = app.get(&ann, &format!("/task/list?title={}", "t".repeat(201))).await.expect_error(422);
    assert_eq!(long.field("title"), "Title must not exceed 200 characters.");
    let long = app.get(&ann, &format!("/daily-checklist/get?task={}", "t".repeat(201))).await.expect_error(422);
    assert_eq!(long.field("task"), "Task must not exceed 200 characters.");
    app.get(&ann, &format!("/task/list?title={}", "t".repeat(200))).await.expect(200);
    let found = app.get(&ann, "/task/list?title=QUERIED").await.expect(200);
    assert_eq!(found.data()["totalCount"], 1);
}

#[tokio::test]
async fn wrong_types_are_422_on_their_fields_and_unknown_fields_change_nothing_else() {
    let app = spawn_app().await;
    let ann = app.person("Ann Fields").await;
    let sam = app.person("Sam Other").await;
    let before = stored(&app, &ann).await;
    let wrong = [
        ("/task/add", json!({ "title": 5, "scheduled": DAY }), "title"),
        ("/task/add", json!({ "title": "x", "scheduled": [DAY] }), "scheduled"),
        ("/task/add", json!({ "title": { "$gt": "" }, "scheduled": DAY }), "title"),
        ("/daily-checklist/add", json!({ "task": "x", "status": "yes" }), "status"),
        ("/daily-checklist/add", json!({ "task": null, "isFeature": 1 }), "isFeature"),
        ("/meeting/add", json!({ "from": 10, "to": "11:00", "scheduleDate": DAY }), "from"),
        ("/leaves/add", json!({ "fromDate": true, "toDate": DAY, "reason": "x" }), "fromDate"),
        (
            "/break/add",
            json!({ "startTime": "09:00", "endTime": "09:10", "createdDate": DAY, "type": ["Coffee Break"] }),
            "type",
        ),
        ("/break/start", json!({ "type": "Coffee Break", "reason": 42 }), "reason"),
        ("/assistant/ask", json!({ "message": ["help"] }), "message"),
    ];
    for (path, body, field) in &wrong {
        let reply = app.post(&ann, path, body.clone()).await.expect_error(422);
        assert_eq!(reply.field(field), "Invalid value.", "{path} {body}: {}", reply.text);
    }
    let wrong_put = app.put(&ann, "/user/profile", json!({ "name": 7 })).await.expect_error(422);
    assert_eq!(wrong_put.field("name"), "Invalid value.");
    let wrong_login =
        app.call(Method::POST, "/auth/login").json(&json!({ "email": ["a@b.co"], "password": 1 })).send().await;
    assert!(!wrong_login.expect_error(422).field("email").is_empty());
    assert_eq!(stored(&app, &ann).await, before);

    // Fields a client has no say over are ignored: the server sets owner, id, team, times and durations.
    let forged_id = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    let extras = json!({
        "_id": forged_id, "id": forged_id, "userId": sam.id, "teamId": sam.team_id, "createdAt": "1999-01-01T00:00:00Z",
        "updatedAt": "1999-01-01T00:00:00Z", "duration": 99_999, "days": 400, "PK": format!("USER#{}", sam.id),
        "SK": "TASK#X", "entity_type": "user",
    });
    let with_extras = |mut body: Value| {
        for (k, v) in extras.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    let cases = [
        ("/task/add", with_extras(a_task("Mine", DAY))),
        ("/break/add", with_extras(a_break(DAY, "09:00", "09:10"))),
        ("/leaves/add", with_extras(a_leave(DAY, DAY))),
        ("/meeting/add", with_extras(a_meeting(DAY, "10:00", "11:00"))),
        ("/daily-checklist/add", with_extras(an_item("Mine", DAY))),
    ];
    for (path, body) in cases {
        let created = app.post(&ann, path, body).await.expect(201);
        let record = created.data();
        assert_ne!(record["_id"], forged_id, "{path}");
        assert_eq!(record["userId"], json!(ann.id), "{path}: {record}");
        assert!(!created.text.contains(&sam.id) && !created.text.contains("1999-01-01"), "{path}: {record}");
        if path == "/break/add" {
            assert_eq!(record["duration"], 10);
        }
        if path == "/leaves/add" {
            assert_eq!(record["days"], 1);
        }
        let id = created.id();
        let group = path.trim_start_matches('/').split('/').next().unwrap();
        app.get(&ann, &format!("/{group}/get/{id}")).await.expect(200);
        app.get(&sam, &format!("/{group}/get/{id}")).await.expect(404);
        app.get(&sam, &format!("/{group}/get/{forged_id}")).await.expect(404);
    }
    assert!(
        app.snapshot(&[format!("USER#{}", sam.id)]).await.iter().all(|i| i["SK"] == "PROFILE"),
        "nothing was written under Sam"
    );

    // The profile takes only its own fields: no role, team, address, verification or token version from the body.
    let mia = app.person_in(&ann.team_id, "Mia Member", Role::Member, "UTC").await;
    let profile = json!({
        "name": "Mia Renamed", "role": "admin", "teamId": sam.team_id, "email": "taken@example.com", "verified": false,
        "tokenVersion": 99, "passwordHash": "x", "id": sam.id,
    });
    app.put(&mia, "/user/profile", profile).await.expect(200);
    let user = app.user(&mia).await;
    assert_eq!(
        (user.name.as_str(), user.role, user.team_id.as_str(), user.verified, user.token_version),
        ("Mia Renamed", Role::Member, ann.team_id.as_str(), true, 0)
    );
    assert!(user.email.starts_with("mia.member."), "{}", user.email);
    assert!(user.password_hash.is_none());
    assert_eq!(app.get(&mia, "/user/profile").await.expect(200).data()["role"], "member");
    app.post(&mia, "/admin/invite", json!({ "email": "friend@example.com", "role": "member" })).await.expect(403);

    // A sign-up cannot make itself verified or join a team.
    let signup = json!({
        "name": "Vera Verified", "email": "vera@example.com", "password": PASSWORD, "verified": true,
        "teamId": ann.team_id, "role": "admin",
    });
    app.call(Method::POST, "/user/signup").json(&signup).send().await.expect(201);
    let login =
        app.call(Method::POST, "/auth/login").json(&json!({ "email": "vera@example.com", "password": PASSWORD }));
    assert_eq!(login.send().await.status.as_u16(), 403, "an unverified sign-up signed in");
    let members = app.get(&ann, "/admin/get-count").await.expect(200);
    assert_eq!(members.data(), &json!(2), "Ann and Mia only");
}

#[tokio::test]
async fn wrong_methods_and_unknown_paths_answer_json() {
    for with_web in [false, true] {
        let app = spawn_app_with(options().with_web(with_web)).await;
        let ann = app.person("Ann Methods").await;
        let before = stored(&app, &ann).await;
        let mut tries = vec![
            (Method::PUT, "/task/add", 405),
            (Method::DELETE, "/task/list", 405),
            (Method::GET, "/task/add", 405),
            (Method::PATCH, "/task/edit/01ARZ3NDEKTSV4RRFFQ69G5FAV", 405),
            (Method::POST, "/break/delete/01ARZ3NDEKTSV4RRFFQ69G5FAV", 405),
            (Method::POST, "/user/profile/extra", 404),
            (Method::POST, "/nowhere", 404),
            (Method::DELETE, "/tasks", 404),
            (Method::PUT, "/index.html", 404),
            (Method::POST, ASSET_PATH, 404),
        ];
        if !with_web {
            // With the web app, unknown GETs are its pages (the SPA fallback).
            tries.push((Method::GET, "/nowhere", 404));
        }
        for (method, path, status) in tries {
            let reply = app.call(method.clone(), path).by(&ann).json(&a_task("x", DAY)).send().await;
            assert_eq!(reply.status.as_u16(), status, "{method} {path} (web app: {with_web}): {}", reply.text);
            let reply = reply.expect_error(status);
            if status == 405 {
                assert!(reply.header("allow").is_some_and(|a| !a.is_empty()), "{method} {path}: no Allow");
            }
        }
        assert_eq!(stored(&app, &ann).await, before);
    }
}

// ---- injections -------------------------------------------------------------------------------------------------

/// Every cell of `text` as a reader splitting on `separator` sees it, without the quotes a strict reader removes.
fn cells(text: &str, separator: u8) -> Vec<String> {
    let mut reader =
        csv::ReaderBuilder::new().delimiter(separator).has_headers(false).flexible(true).from_reader(text.as_bytes());
    reader.records().flat_map(|r| r.expect("a row").iter().map(str::to_string).collect::<Vec<_>>()).collect()
}

async fn csv_cells_start_no_formula_whatever_the_readers_separator(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann").await;
    for title in ["Notes;=1+1", "Notes,=2+2", "Tab\t@SUM(A1)", "-3 and more", "Plain words"] {
        app.post(&ann, "/task/add", a_task(title, DAY)).await.expect(201);
    }
    let export = app.raw(Some(&ann), Method::GET, &format!("/reports/export/tasks?{RANGE}"), None).await;
    assert_eq!(export.status(), 200);
    let text = export.text().await.unwrap();
    assert_eq!(
        text.lines().next(),
        Some("scheduled,title,description,status,priority,createdDate,id"),
        "the header as it was"
    );
    for separator in [b',', b';', b'\t'] {
        for cell in cells(&text, separator) {
            assert!(
                !cell.starts_with(['=', '+', '-', '@']),
                "{:?} reader sees a formula cell {cell:?} in\n{text}",
                separator as char
            );
        }
    }
    // The file's own reader gets every title back, whole, with the `'` only where a formula would start.
    let titles: Vec<String> =
        csv::Reader::from_reader(text.as_bytes()).records().map(|r| r.unwrap()[1].to_string()).collect();
    for title in ["Notes;'=1+1", "Notes,'=2+2", "Tab\t'@SUM(A1)", "'-3 and more", "Plain words"] {
        assert!(titles.iter().any(|t| t == title), "{title:?} in {titles:?}");
    }
    // Every text cell is quoted, so a reader honouring quotes keeps `Notes;...` in one cell.
    assert!(text.contains("\"Notes;'=1+1\""), "{text}");
}

// ---- sessions ---------------------------------------------------------------------------------------------------

async fn an_ended_sign_in_refuses_its_access_tokens_at_once(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = signed_in_user(&app, "Ann Sessions").await;
    let phone = app.sign_in(&ann.name, &ann.email, PASSWORD).await;
    let refresh = |who: &TestUser| json!({ "refresh_token": who.refresh_token });

    // A keyed write of the desk's sign-in, whose answer is kept for a repeat.
    let keyed = |token: &str| {
        app.call(Method::POST, "/task/add")
            .bearer(token)
            .header("idempotency-key", "after-sign-out")
            .json(&a_task("Keyed", DAY))
    };
    keyed(&ann.access_token).send().await.expect(201);

    // Signing out ends the desk's access token at once; the phone's sign-in goes on.
    app.api.post("/auth/logout", None, refresh(&ann)).await.expect(200);
    app.api.get("/user/profile", ann.token()).await.expect(401);
    app.api.post("/task/add", ann.token(), a_task("After", DAY)).await.expect(401);
    // The kept answer of the ended sign-in's key is not replayed to its token either.
    let replay = keyed(&ann.access_token).send().await.expect(401);
    assert_eq!(replay.header("idempotency-replayed"), None);
    app.api.get("/user/profile", phone.token()).await.expect(200);

    // A reused refresh token ends its sign-in, and that sign-in's access tokens with it.
    let rotated = app.api.post("/auth/refresh-token", None, refresh(&phone)).await.expect(200);
    let newest = rotated.data()["access_token"].as_str().unwrap().to_string();
    app.api.get("/user/profile", Some(&newest)).await.expect(200);
    app.api.post("/auth/refresh-token", None, refresh(&phone)).await.expect(401);
    app.api.get("/user/profile", Some(&newest)).await.expect(401);
    app.api.get("/user/profile", phone.token()).await.expect(401);

    // Signing in again works, and the marks of ended sign-ins are dropped once no token of theirs can be alive.
    let again = app.sign_in(&ann.name, &ann.email, PASSWORD).await;
    app.api.get("/user/profile", again.token()).await.expect(200);
    app.state.clock.advance(app.state.config.access_token_secs + 1);
    let later = app.sign_in(&ann.name, &ann.email, PASSWORD).await;
    app.api.post("/auth/logout", None, refresh(&later)).await.expect(200);
    let key = bt_core::keys::user(&bt_app::types::UserId::parse(&ann.id).unwrap());
    let item = app.store().get(&key).await.unwrap().unwrap();
    let marks: Vec<&String> = item.keys().filter(|k| k.starts_with("endedSession#")).collect();
    assert_eq!(marks.len(), 1, "only the newest ended sign-in is still marked: {marks:?}");
}

async fn an_access_token_alone_cannot_move_the_account_and_the_old_address_can_undo_a_move(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = signed_in_user(&app, "Ann Owner").await;
    let thief = "thief@example.com";

    // The stolen access token alone moves nothing.
    let bare = app.api.post("/user/change-email", ann.token(), json!({ "email": thief })).await.expect(422);
    assert_eq!(bare.field("currentPassword"), "Current password is required.");
    let guessed = json!({ "email": thief, "currentPassword": "guessed-wrong1" });
    let wrong = app.api.post("/user/change-email", ann.token(), guessed).await.expect(422);
    assert_eq!(wrong.field("currentPassword"), "Current password is incorrect.");
    assert!(app.mails_to(thief).await.is_empty());

    // With the password (say it leaked too) the move goes through, and the old address is told, with a way back.
    let asked = json!({ "email": thief, "currentPassword": PASSWORD });
    app.api.post("/user/change-email", ann.token(), asked).await.expect(200);
    let confirm = app.last_token_to(thief).await;
    app.api.post("/user/verify-new-email", None, json!({ "token": confirm })).await.expect(200);
    let notice = app.last_mail_to(&ann.email).await;
    assert_eq!(notice["subject"], "Your Breaktime email address was changed");
    assert!(notice["text"].as_str().unwrap().contains(thief), "{notice}");
    let undo = token_of(notice["link"].as_str().unwrap());

    // The taker resets the password at their address and signs in there.
    app.api.post("/user/forgot-password", None, json!({ "email": thief })).await.expect(200);
    let reset = app.last_token_to(thief).await;
    let taken = json!({ "token": reset, "password": "mine-now-123" });
    app.api.post("/user/reset-password", None, taken).await.expect(200);
    let taker = app.log_in(thief, "mine-now-123").await.expect(200);
    let taker_access = taker.data()["access_token"].as_str().unwrap().to_string();
    let taker_refresh = taker.data()["refresh_token"].as_str().unwrap().to_string();

    // Eight days later the owner follows the notice's link: the old address is back and every sign-in has ended.
    app.state.clock.advance(8 * 24 * 3600);
    let undone = app.api.post("/user/verify-new-email", None, json!({ "token": undo })).await.expect(200);
    assert_eq!(undone.data()["email"], ann.email.as_str());
    assert!(undone.data()["message"].as_str().unwrap().contains("undone"), "{}", undone.body);
    app.api.get("/user/profile", Some(&taker_access)).await.expect(401);
    app.api.post("/auth/refresh-token", None, json!({ "refresh_token": taker_refresh })).await.expect(401);
    app.log_in(thief, "mine-now-123").await.expect(401);
    app.api.post("/user/verify-new-email", None, json!({ "token": undo })).await.expect(400);

    // The owner takes the password back through their own address.
    app.api.post("/user/forgot-password", None, json!({ "email": ann.email })).await.expect(200);
    let mine = app.last_token_to(&ann.email).await;
    app.api.post("/user/reset-password", None, json!({ "token": mine, "password": "back-again-1" })).await.expect(200);
    let back = app.log_in(&ann.email, "back-again-1").await.expect(200);
    let profile = app.api.get("/user/profile", back.data()["access_token"].as_str()).await.expect(200);
    assert_eq!(
        (profile.data()["email"].as_str(), profile.data()["pendingEmail"].as_str()),
        (Some(ann.email.as_str()), None)
    );
}

async fn line_breaks_and_control_characters_are_refused_in_one_line_fields(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let ann = app.person("Ann Lines").await;
    let evil = "Eve\r\nBEGIN:VALARM";
    let name = app.put(&ann, "/user/profile", json!({ "name": evil })).await.expect(422);
    assert_eq!(name.field("name"), "Line breaks and control characters are not allowed here.");
    let signup = json!({ "name": "Eve\nLine", "email": "eve.lines@example.com", "password": PASSWORD });
    assert_eq!(
        app.api.post("/user/signup", None, signup).await.expect(422).field("name"),
        "Line breaks and control characters are not allowed here."
    );
    let title = app.post(&ann, "/task/add", a_task("Plan\rnow", DAY)).await.expect(422);
    assert_eq!(title.field("title"), "Line breaks and control characters are not allowed here.");
    let kinds = app.put(&ann, "/type/edit", json!({ "types": ["Coffee Break", "Nap\u{0}"] })).await;
    assert_eq!(kinds.expect(422).field("types.1"), "Line breaks and control characters are not allowed here.");
    // A description may run over lines (CR LF or LF), with tabs, but holds no other control character.
    let mut task = a_task("Plan\tnow", DAY);
    task["description"] = json!("First line\r\nsecond\n\tthird");
    app.post(&ann, "/task/add", task.clone()).await.expect(201);
    task["description"] = json!("bell\u{7}");
    assert_eq!(
        app.post(&ann, "/task/add", task).await.expect(422).field("description"),
        "Control characters are not allowed here."
    );
    // Nothing refused was written, and the profile kept its name.
    assert_eq!(app.get(&ann, "/user/profile").await.expect(200).data()["name"], "Ann Lines");
    let tasks = app.get(&ann, &format!("/task/todayTasks?todayScheduledDate={DAY}")).await.expect(200);
    assert_eq!(tasks.data().as_array().unwrap().len(), 1);
}

async fn failed_sign_in_notices(app: &TestApp, email: &str) -> usize {
    app.mails_to(email).await.iter().filter(|m| m["subject"] == "Failed sign-ins to your Breaktime account").count()
}

async fn a_stranger_cannot_keep_a_person_out_and_the_person_is_told(store: Store) {
    let app = spawn_app_with(options().store(store).configure(|c| {
        c.trust_forwarded_for = true;
        c.rate_limits.login_failures_per_email = (30, 900);
    }))
    .await;
    let ann = signed_in_user(&app, "Ann Locked").await;
    let log_in = |from: &'static str, password: &'static str| {
        let body = json!({ "email": ann.email, "password": password });
        app.call(Method::POST, "/auth/login").header("x-forwarded-for", from).json(&body).send()
    };

    // A stranger guesses ten times from one address: that address waits, the owner elsewhere signs in.
    for _ in 0..10 {
        log_in("203.0.113.7", "guess-again1").await.expect(401);
    }
    log_in("203.0.113.7", "guess-again1").await.expect(429);
    log_in("203.0.113.7", PASSWORD).await.expect(429);
    log_in("198.51.100.2", PASSWORD).await.expect(200);
    // The owner was told once, at the fifth failure.
    assert_eq!(failed_sign_in_notices(&app, &ann.email).await, 1);

    // Guesses spread over many addresses meet the higher ceiling for the address itself: past it, an address that
    // has failed waits, right password or not, while the owner's, which has not, still signs in.
    for n in 0..20 {
        let from: &'static str = Box::leak(format!("192.0.2.{n}").into_boxed_str());
        log_in(from, "guess-again1").await.expect(401);
    }
    log_in("192.0.2.3", PASSWORD).await.expect(429);
    log_in("198.51.100.2", PASSWORD).await.expect(200);
    app.state.clock.advance(901);
    log_in("192.0.2.3", PASSWORD).await.expect(200);
    assert_eq!(failed_sign_in_notices(&app, &ann.email).await, 1, "once a window");
}

// ---- invitations ------------------------------------------------------------------------------------------------

/// `admin` invites `who` as `role`; the token mailed to them.
async fn invite(app: &TestApp, admin: &Person, who: &Person, role: &str) -> String {
    app.post(admin, "/admin/invite", json!({ "email": who.email, "role": role })).await.expect(201);
    app.last_token_to(&who.email).await
}

async fn accept(app: &TestApp, who: &Person, token: &str) -> Reply {
    app.post(who, "/admin/accept-email-invitation", json!({ "token": token })).await
}

async fn an_invitation_dies_with_its_senders_authority(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let team = app.new_team();
    let ada = app.person_in(&team, "Ada Admin", Role::Admin, "UTC").await;
    let bea = app.person_in(&team, "Bea Admin", Role::Admin, "UTC").await;
    // Ada invites a second account of hers as admin, and is then removed by the other admin.
    let ada_two = app.person("Ada Two").await;
    let token = invite(&app, &ada, &ada_two, "admin").await;
    app.delete(&bea, &format!("/admin/member/{}", ada.id)).await.expect(200);
    let refused = accept(&app, &ada_two, &token).await;
    assert!(matches!(refused.status.as_u16(), 400 | 403), "{}", refused.text);
    assert_eq!(app.get(&bea, "/admin/get").await.expect(200).data().as_array().unwrap().len(), 1, "Bea alone");
    let bea_now = app.get(&bea, "/user/profile").await.expect(200);
    assert_eq!(bea_now.data()["role"], "admin");

    // Demoted, an admin's invitations go with the role.
    let cy = app.person_in(&team, "Cy Admin", Role::Admin, "UTC").await;
    let dee = app.person("Dee Newcomer").await;
    let token = invite(&app, &cy, &dee, "member").await;
    app.put(&bea, &format!("/admin/role/{}", cy.id), json!({ "role": "member" })).await.expect(200);
    let refused = accept(&app, &dee, &token).await;
    assert!(matches!(refused.status.as_u16(), 400 | 403), "{}", refused.text);

    // The sender's authority is checked when the invitation is accepted, whatever happened to the invitation list.
    let eve = app.person("Eve Newcomer").await;
    let token = invite(&app, &bea, &eve, "admin").await;
    let mut demote = bt_core::store::Item::new();
    demote.insert("role".into(), json!("member"));
    let bea_id = bt_app::types::UserId::parse(&bea.id).unwrap();
    let team_id = bt_app::types::TeamId::parse(&team).unwrap();
    app.store().update(&bt_core::keys::member(&team_id, &bea_id), demote, bt_core::store::Cond::Exists).await.unwrap();
    let refused = accept(&app, &eve, &token).await.expect(403);
    assert!(refused.message().contains("no longer an admin"), "{}", refused.message());
    assert_eq!(app.get(&eve, "/user/profile").await.expect(200).data()["teamId"], eve.team_id.as_str());
}

async fn accepting_one_invitation_voids_the_others_for_that_address(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let team = app.new_team();
    let ada = app.person_in(&team, "Ada Admin", Role::Admin, "UTC").await;
    let bea = app.person_in(&team, "Bea Admin", Role::Admin, "UTC").await;
    let mo = app.person("Mo Member").await;
    let first = invite(&app, &ada, &mo, "member").await;
    let second = invite(&app, &bea, &mo, "admin").await;
    assert_ne!(first, second);
    accept(&app, &mo, &first).await.expect(200);
    let mo = app.signed_in_again(&mo).await;
    app.delete(&ada, &format!("/admin/member/{}", mo.id)).await.expect(200);
    let mo = app.signed_in_again(&mo).await;
    // Removed, Mo cannot come back with the other invitation (and as admin at that).
    accept(&app, &mo, &second).await.expect(400);
    assert_eq!(app.get(&ada, "/admin/get").await.expect(200).data().as_array().unwrap().len(), 2);
}

async fn admins_list_resend_and_withdraw_their_teams_invitations_only(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let team = app.new_team();
    let ada = app.person_in(&team, "Ada Admin", Role::Admin, "UTC").await;
    let member = app.person_in(&team, "Mel Member", Role::Member, "UTC").await;
    let stranger = app.person("Sam Stranger").await;
    let (zoe, yan) = (app.person("Zoe Newcomer").await, app.person("Yan Newcomer").await);
    let zoe_token = invite(&app, &ada, &zoe, "member").await;
    let yan_token = invite(&app, &ada, &yan, "hr").await;

    let list = app.get(&ada, "/admin/invitations").await.expect(200);
    let rows = list.data().as_array().unwrap().clone();
    assert_eq!(rows.len(), 2);
    let zoe_row = rows.iter().find(|r| r["email"] == zoe.email.as_str()).unwrap().clone();
    assert_eq!((zoe_row["role"].as_str(), zoe_row["expired"].as_bool()), (Some("member"), Some(false)));
    let expires = chrono::DateTime::parse_from_rfc3339(zoe_row["expiresAt"].as_str().unwrap()).unwrap();
    assert_eq!((expires.timestamp() - app.state.clock.now().timestamp() + 60) / 86_400, 7);
    let yan_id = rows.iter().find(|r| r["email"] == yan.email.as_str()).unwrap()["id"].as_str().unwrap().to_string();
    let zoe_id = zoe_row["id"].as_str().unwrap().to_string();
    assert!(!list.text.contains(&zoe_token), "the list shows no link");

    // Nobody else sees or touches them: a member is refused, another team's admin finds nothing.
    app.get(&member, "/admin/invitations").await.expect(403);
    app.get(&stranger, "/admin/invitations")
        .await
        .expect(200)
        .data()
        .as_array()
        .unwrap()
        .is_empty()
        .then_some(())
        .unwrap();
    app.post(&stranger, &format!("/admin/invitations/{zoe_id}/resend"), json!({})).await.expect(404);
    app.delete(&stranger, &format!("/admin/invitations/{zoe_id}")).await.expect(404);
    app.delete(&ada, "/admin/invitations/not-an-id!").await.expect(404);

    // Withdrawn: the link stops working.
    app.delete(&ada, &format!("/admin/invitations/{yan_id}")).await.expect(200);
    accept(&app, &yan, &yan_token).await.expect(400);

    // Eight days on, Zoe's has expired; sent again it works for seven more days, and the old link does not.
    app.state.clock.advance(8 * 86_400);
    let zoe = app.signed_in_again(&zoe).await;
    let ada = app.signed_in_again(&ada).await;
    let rows = app.get(&ada, "/admin/invitations").await.expect(200).data().clone();
    assert_eq!(rows[0]["expired"], true);
    let again = app.post(&ada, &format!("/admin/invitations/{zoe_id}/resend"), json!({})).await.expect(200);
    assert_eq!(again.data()["expired"], false);
    let renewed = app.last_token_to(&zoe.email).await;
    assert_ne!(renewed, zoe_token);
    accept(&app, &zoe, &zoe_token).await.expect(400);
    accept(&app, &zoe, &renewed).await.expect(200);
    assert!(app.get(&ada, "/admin/invitations").await.expect(200).data().as_array().unwrap().is_empty());
}

async fn a_newcomer_signs_up_through_the_invitation_and_joins_once_verified(store: Store) {
    let app = spawn_app_with(options().store(store)).await;
    let team = app.new_team();
    let ada = app.person_in(&team, "Ada Admin", Role::Admin, "UTC").await;
    let existing = app.person("Pat Existing").await;
    let newcomer = "nell.newcomer@example.com";
    app.post(&ada, "/admin/invite", json!({ "email": newcomer, "role": "hr" })).await.expect(201);
    let token = app.last_token_to(newcomer).await;

    // The link's page learns, before any sign-in, whom it is for and that the address has no account yet.
    let preview = app.api.post("/admin/invitation-preview", None, json!({ "token": token })).await.expect(200);
    assert_eq!(preview.data()["email"], newcomer);
    assert_eq!(preview.data()["teamName"], "Ada Admin's team");
    assert_eq!(preview.data()["role"], "hr");
    assert_eq!(preview.data()["accountExists"], false);
    let pat_token = invite(&app, &ada, &existing, "member").await;
    let pat = app.api.post("/admin/invitation-preview", None, json!({ "token": pat_token })).await.expect(200);
    assert_eq!(pat.data()["accountExists"], true);
    app.api.post("/admin/invitation-preview", None, json!({ "token": "made-up" })).await.expect(400);
    app.api.post("/admin/invitation-preview", None, json!({})).await.expect(422);

    // Someone else signing up with the token does not get in: the invitation is for its own address only.
    let other =
        json!({ "name": "Oscar Other", "email": "oscar@example.com", "password": PASSWORD, "invitation": token });
    app.api.post("/user/signup", None, other).await.expect(201);
    let oscar_link = app.last_token_to("oscar@example.com").await;
    let oscar = app.api.post("/user/verify-email", None, json!({ "token": oscar_link })).await.expect(200);
    assert_eq!(oscar.data()["message"], "Your email has been verified. You can now sign in.");

    // The newcomer signs up with the invitation, follows the verification link, and is in the team, with the role.
    let body = json!({ "name": "Nell Newcomer", "email": newcomer, "password": PASSWORD, "invitation": token });
    app.api.post("/user/signup", None, body).await.expect(201);
    let verify = app.last_token_to(newcomer).await;
    let verified = app.api.post("/user/verify-email", None, json!({ "token": verify })).await.expect(200);
    assert_eq!(
        verified.data()["message"],
        "Your email has been verified and you have joined Ada Admin's team. You can now sign in."
    );
    let nell = app.log_in(newcomer, PASSWORD).await.expect(200);
    let profile = app.api.get("/user/profile", nell.data()["access_token"].as_str()).await.expect(200);
    assert_eq!((profile.data()["teamId"].as_str(), profile.data()["role"].as_str()), (Some(team.as_str()), Some("hr")));
    // The invitation is spent.
    app.api.post("/admin/invitation-preview", None, json!({ "token": token })).await.expect(400);

    // A sender who is no admin by the time the address is verified lets nobody in.
    let cy = app.person_in(&team, "Cy Admin", Role::Admin, "UTC").await;
    let late = "lou.late@example.com";
    app.post(&cy, "/admin/invite", json!({ "email": late, "role": "admin" })).await.expect(201);
    let late_token = app.last_token_to(late).await;
    let body = json!({ "name": "Lou Late", "email": late, "password": PASSWORD, "invitation": late_token });
    app.api.post("/user/signup", None, body).await.expect(201);
    app.delete(&ada, &format!("/admin/member/{}", cy.id)).await.expect(200);
    let verify = app.last_token_to(late).await;
    let verified = app.api.post("/user/verify-email", None, json!({ "token": verify })).await.expect(200);
    assert_eq!(verified.data()["message"], "Your email has been verified. You can now sign in.");
    let lou = app.log_in(late, PASSWORD).await.expect(200);
    let profile = app.api.get("/user/profile", lou.data()["access_token"].as_str()).await.expect(200);
    assert_ne!(profile.data()["teamId"].as_str(), Some(team.as_str()));
}
