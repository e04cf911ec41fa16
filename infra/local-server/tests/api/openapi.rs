//! The generated OpenAPI document (`breaktime_local::openapi`) against the server: the local server serves it, every
//! route the routers serve is in it and every path in it is served, and the records routes answer what their
//! schemas say.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::support::*;
use bt_app::account::Role;
use reqwest::Method;
use serde_json::{json, Value};

const METHODS: [&str; 5] = ["get", "post", "put", "delete", "patch"];

fn document() -> Value {
    breaktime_local::openapi::document().clone()
}

/// `(METHOD, path)` of every operation in the document.
fn documented(doc: &Value) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in item.as_object().unwrap().keys().filter(|m| METHODS.contains(&m.as_str())) {
            out.insert((method.to_uppercase(), path.clone()));
        }
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable source folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `(METHOD, path)` of every route registered with its annotation (`routes!`), and of every
/// `.route("<path>", <method router>)` left in the function crates and the local server.
fn served() -> BTreeSet<(String, String)> {
    let registered = serde_json::to_value(breaktime_local::openapi::openapi()).unwrap();
    let mut out = documented(&registered);
    out.extend(scanned());
    out
}

fn scanned() -> BTreeSet<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = vec![root.join("infra/local-server/src/lib.rs")];
    for function in std::fs::read_dir(root.join("functions")).unwrap().flatten() {
        let src = function.path().join("src");
        if src.is_dir() {
            rust_files(&src, &mut files);
        }
    }
    let mut out = BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let mut rest = text.as_str();
        while let Some(at) = rest.find(".route(") {
            rest = &rest[at + ".route(".len()..];
            let Some(path) = rest.trim_start().strip_prefix('"').and_then(|r| r.split('"').next()) else { continue };
            // The method router: everything up to the parenthesis that closes `.route(`.
            let mut depth = 1;
            let end = rest
                .char_indices()
                .find(|&(_, c)| {
                    match c {
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        _ => {}
                    }
                    depth == 0
                })
                .map(|(i, _)| i)
                .unwrap_or(rest.len());
            let router = &rest[..end];
            for method in METHODS {
                let call = format!("{method}(");
                let called = router
                    .match_indices(&call)
                    .any(|(i, _)| !router[..i].chars().last().is_some_and(|c| c.is_alphanumeric() || c == '_'));
                if called {
                    out.insert((method.to_uppercase(), path.to_string()));
                }
            }
        }
    }
    out
}

#[tokio::test]
async fn the_local_server_serves_the_document() {
    let app = TestApp::spawn().await;
    let response = app.raw(None, Method::GET, "/openapi.json", None).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/json");
    let served: Value = response.json().await.unwrap();
    assert_eq!(served, document());
    assert_eq!(served["openapi"], "3.0.3");
}

/// Every text of the document, with where it is.
fn texts<'a>(value: &'a Value, at: String, out: &mut Vec<(String, &'a str)>) {
    match value {
        Value::String(text) => out.push((at, text)),
        Value::Array(items) => items.iter().enumerate().for_each(|(i, v)| texts(v, format!("{at}/{i}"), out)),
        Value::Object(map) => map.iter().for_each(|(k, v)| texts(v, format!("{at}/{k}"), out)),
        _ => {}
    }
}

#[test]
fn the_document_sends_its_reader_to_nothing_outside_it() {
    let doc = document();
    let mut all = Vec::new();
    texts(&doc, String::new(), &mut all);
    // A reader of `/api/docs` or of `GET /openapi.json` has no checkout of the repository.
    let repository_paths: Vec<_> = all
        .iter()
        .filter(|(_, text)| {
            text.contains("docs/")
                || text
                    .split(|c: char| c.is_whitespace() || c == '`')
                    .any(|w| w.ends_with(".md") || w.ends_with(".md.") || w.ends_with(".md,"))
        })
        .collect();
    assert!(repository_paths.is_empty(), "{repository_paths:#?}");
    // The conventions the routes refer to are in the document itself.
    let description = doc["info"]["description"].as_str().unwrap();
    for section in ["Idempotent writes", "Conditional edits", "API tokens", "`GET /openapi.json`"] {
        assert!(description.contains(section), "{section}");
    }
}

#[test]
fn every_route_served_is_documented_and_every_documented_route_is_served() {
    let doc = documented(&document());
    let code = served();
    assert!(code.len() > 60, "the route scan found only {} routes", code.len());
    let undocumented: Vec<_> = code.difference(&doc).collect();
    let unserved: Vec<_> = doc.difference(&code).collect();
    assert!(undocumented.is_empty(), "served but not in the document: {undocumented:?}");
    assert!(unserved.is_empty(), "in the document but not served: {unserved:?}");
}

/// What a path parameter is replaced with when a documented route is called.
fn sample(doc: &Value, path: &str, method: &str) -> String {
    let params = doc["paths"][path][method]["parameters"].as_array().cloned().unwrap_or_default();
    let mut out = path.to_string();
    for p in params.iter().filter(|p| p["in"] == "path") {
        let value = p["schema"]["enum"][0].as_str().unwrap_or("01HZX3Y8Q2W5E7R9T1V3B5N7M9").to_string();
        out = out.replace(&format!("{{{}}}", p["name"].as_str().unwrap()), &value);
    }
    out
}

#[tokio::test]
async fn every_documented_operation_reaches_a_handler() {
    let app = TestApp::spawn().await;
    let doc = document();
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    for (method, path) in documented(&doc) {
        let url = format!("{}{}", app.base, sample(&doc, &path, &method.to_lowercase()));
        let mut request = client.request(Method::from_bytes(method.as_bytes()).unwrap(), url);
        if method != "GET" {
            request = request.header("content-type", "application/json").body("{}");
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        assert_ne!(status, 405, "{method} {path}");
        assert!(!(status == 404 && body["message"] == "Not found."), "{method} {path} is not routed");
    }
}

// ---- answers against their schemas -------------------------------------------------------------------------------

/// A small JSON-schema check for the subset the document uses: $ref, allOf, nullable, type, enum, required,
/// properties, additionalProperties, items, minimum, maximum, maxLength.
fn check(doc: &Value, schema: &Value, value: &Value, at: &str, errors: &mut Vec<String>) {
    if let Some(r) = schema["$ref"].as_str() {
        let name = r.trim_start_matches("#/components/schemas/");
        return check(doc, &doc["components"]["schemas"][name], value, at, errors);
    }
    if value.is_null() {
        if schema["nullable"] != true {
            errors.push(format!("{at}: null is not allowed"));
        }
        return;
    }
    if let Some(all) = schema["allOf"].as_array() {
        for s in all {
            check(doc, s, value, at, errors);
        }
    }
    if let Some(options) = schema["enum"].as_array() {
        if !options.contains(value) {
            errors.push(format!("{at}: {value} is not one of {options:?}"));
        }
    }
    let fits = match schema["type"].as_str() {
        None => true,
        Some("object") => value.is_object(),
        Some("array") => value.is_array(),
        Some("string") => value.is_string(),
        Some("integer") => value.is_i64() || value.is_u64(),
        Some("number") => value.is_number(),
        Some("boolean") => value.is_boolean(),
        Some(other) => panic!("unknown type {other}"),
    };
    if !fits {
        errors.push(format!("{at}: {value} is not a {}", schema["type"]));
        return;
    }
    if let (Some(min), Some(n)) = (schema["minimum"].as_i64(), value.as_i64()) {
        if n < min {
            errors.push(format!("{at}: {n} < {min}"));
        }
    }
    if let (Some(max), Some(n)) = (schema["maximum"].as_i64(), value.as_i64()) {
        if n > max {
            errors.push(format!("{at}: {n} > {max}"));
        }
    }
    if let (Some(max), Some(s)) = (schema["maxLength"].as_u64(), value.as_str()) {
        if s.chars().count() as u64 > max {
            errors.push(format!("{at}: longer than {max}"));
        }
    }
    if let Some(object) = value.as_object() {
        for name in schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str) {
            if !object.contains_key(name) {
                errors.push(format!("{at}: `{name}` is missing"));
            }
        }
        for (name, v) in object {
            let field_at = format!("{at}.{name}");
            match schema["properties"].get(name) {
                Some(s) => check(doc, s, v, &field_at, errors),
                None if schema["additionalProperties"] == false => {
                    errors.push(format!("{field_at}: not in the schema"))
                }
                None if schema["additionalProperties"].is_object() => {
                    check(doc, &schema["additionalProperties"], v, &field_at, errors)
                }
                None => {}
            }
        }
    }
    if let Some(items) = value.as_array() {
        for (i, v) in items.iter().enumerate() {
            check(doc, &schema["items"], v, &format!("{at}[{i}]"), errors);
        }
    }
}

/// Checks an answer against the document's schema for that operation and status.
#[track_caller]
fn conforms(doc: &Value, method: &str, path: &str, reply: &Reply) {
    let status = reply.status.as_u16().to_string();
    let response = &doc["paths"][path][method]["responses"][&status];
    assert!(!response.is_null(), "{method} {path}: status {status} is not documented ({})", reply.body);
    let response = match response["$ref"].as_str() {
        Some(r) => &doc["components"]["responses"][r.trim_start_matches("#/components/responses/")],
        None => response,
    };
    let schema = &response["content"]["application/json"]["schema"];
    let mut errors = Vec::new();
    check(doc, schema, &reply.body, "body", &mut errors);
    assert!(errors.is_empty(), "{method} {path} ({status}) does not match its schema: {errors:#?}\n{}", reply.body);
}

#[tokio::test]
async fn the_records_routes_answer_as_documented() {
    let app = TestApp::spawn().await;
    let doc = document();
    let ann = app.person("Ann").await;
    let bob = app.person_in(&ann.team_id, "Bob", Role::Member, "Europe/Paris").await;
    let day = "2024-05-06";
    let range = "from=2024-05-01&to=2024-05-31";
    macro_rules! call {
        ($who:expr, $method:literal, $doc_path:literal, $path:expr) => {{
            let reply = app
                .send(Some($who), Method::from_bytes($method.to_uppercase().as_bytes()).unwrap(), &$path, None)
                .await;
            conforms(&doc, $method, $doc_path, &reply);
            reply
        }};
        ($who:expr, $method:literal, $doc_path:literal, $path:expr, $body:expr) => {{
            let reply = app
                .send(Some($who), Method::from_bytes($method.to_uppercase().as_bytes()).unwrap(), &$path, Some($body))
                .await;
            conforms(&doc, $method, $doc_path, &reply);
            reply
        }};
    }

    let b = call!(&ann, "post", "/break/add", "/break/add", a_break(day, "09:00", "09:30")).expect(201).id();
    call!(&ann, "put", "/break/edit/{id}", format!("/break/edit/{b}"), json!({ "reason": "tea" })).expect(200);
    call!(&ann, "get", "/break/get/{id}", format!("/break/get/{b}")).expect(200);
    call!(&ann, "get", "/break/todayBreaks", format!("/break/todayBreaks?todayCreatedDate={day}")).expect(200);
    call!(&ann, "post", "/break/add", "/break/add", json!({})).expect(422);
    call!(&bob, "get", "/break/get/{id}", format!("/break/get/{b}")).expect(404);
    call!(&bob, "post", "/break/start", "/break/start", json!({ "type": "Lunch Break" })).expect(201);
    call!(&bob, "post", "/break/start", "/break/start", json!({ "type": "Lunch Break" })).expect(409);
    call!(&bob, "get", "/break/current", "/break/current").expect(200);
    call!(&ann, "get", "/break/current", "/break/current").expect(200);
    call!(&ann, "get", "/admin/onBreak", "/admin/onBreak").expect(200);
    call!(&ann, "get", "/admin/get", "/admin/get").expect(200);
    call!(&ann, "get", "/admin/get-count", "/admin/get-count").expect(200);
    call!(&ann, "get", "/user/profile", "/user/profile").expect(200);
    call!(&bob, "post", "/break/end", "/break/end", json!({})).expect(200);
    call!(&bob, "post", "/break/end", "/break/end", json!({})).expect(409);
    call!(&ann, "delete", "/break/delete/{id}", format!("/break/delete/{b}")).expect(200);
    call!(&ann, "get", "/type/get", "/type/get").expect(200);
    call!(&ann, "put", "/type/edit", "/type/edit", json!({ "type": ["Tea"] })).expect(200);
    call!(&bob, "put", "/type/edit", "/type/edit", json!({ "type": ["Tea"] })).expect(403);

    let t = call!(&ann, "post", "/task/add", "/task/add", a_task("Plan", day)).expect(201).id();
    call!(&ann, "put", "/task/edit/{id}", format!("/task/edit/{t}"), json!({ "status": "Completed" })).expect(200);
    call!(&ann, "get", "/task/get/{id}", format!("/task/get/{t}")).expect(200);
    call!(&ann, "get", "/task/todayTasks", format!("/task/todayTasks?todayScheduledDate={day}")).expect(200);
    call!(&ann, "get", "/task/list", "/task/list?status=Completed").expect(200);
    call!(&ann, "get", "/task/list", "/task/list?limit=0").expect(422);

    let l = call!(&ann, "post", "/leaves/add", "/leaves/add", a_leave(day, "2024-05-08")).expect(201).id();
    call!(&ann, "post", "/leaves/add", "/leaves/add", a_leave(day, day)).expect(409);
    call!(&ann, "put", "/leaves/edit/{id}", format!("/leaves/edit/{l}"), json!({ "reason": "Trip" })).expect(200);
    call!(&ann, "get", "/leaves/get/{id}", format!("/leaves/get/{l}")).expect(200);
    call!(&ann, "get", "/leaves/list", format!("/leaves/list?{range}")).expect(200);
    call!(&ann, "get", "/admin/onLeaves", format!("/admin/onLeaves?todayDate={day}")).expect(200);
    call!(&bob, "get", "/admin/onLeaves", format!("/admin/onLeaves?todayDate={day}")).expect(200);

    let m = call!(&ann, "post", "/meeting/add", "/meeting/add", a_meeting(day, "10:00", "11:00")).expect(201).id();
    call!(&ann, "put", "/meeting/edit/{id}", format!("/meeting/edit/{m}"), json!({ "to": "10:30" })).expect(200);
    call!(&ann, "get", "/meeting/get/{id}", format!("/meeting/get/{m}")).expect(200);
    call!(&ann, "get", "/meeting/get", format!("/meeting/get?todayScheduledDate={day}&isToday=true")).expect(200);
    call!(&ann, "get", "/meeting/all", "/meeting/all").expect(200);

    let feed = call!(&ann, "post", "/calendar/feeds", "/calendar/feeds", json!({ "scope": "team" })).expect(201);
    call!(&bob, "post", "/calendar/feeds", "/calendar/feeds", json!({ "scope": "team" })).expect(403);
    call!(&ann, "post", "/calendar/feeds", "/calendar/feeds", json!({ "scope": "all" })).expect(422);
    call!(&ann, "get", "/calendar/feeds", "/calendar/feeds").expect(200);
    let ics = feed.data()["url"].as_str().unwrap().replace(&app.base, "");
    let calendar = app.send(None, Method::GET, &ics, None).await.expect(200);
    let documented = doc["paths"]["/calendar/{token}"]["get"]["responses"]["200"]["content"].as_object().unwrap();
    let media = calendar.header("content-type").unwrap().split(';').next().unwrap().to_string();
    assert!(documented.contains_key(&media), "{media} is not the documented type");
    call!(&ann, "get", "/calendar/{token}", format!("/calendar/{}.ics", "A".repeat(43))).expect(404);
    let feed_id = feed.data()["id"].as_str().unwrap().to_string();
    call!(&ann, "delete", "/calendar/feeds/{id}", format!("/calendar/feeds/{feed_id}")).expect(200);
    call!(&ann, "delete", "/calendar/feeds/{id}", format!("/calendar/feeds/{feed_id}")).expect(404);

    let c = call!(&ann, "post", "/daily-checklist/add", "/daily-checklist/add", an_item("Inbox", day)).expect(201).id();
    call!(&ann, "put", "/daily-checklist/edit/{id}", format!("/daily-checklist/edit/{c}"), json!({ "status": true }))
        .expect(200);
    call!(&ann, "get", "/daily-checklist/get/{id}", format!("/daily-checklist/get/{c}")).expect(200);
    call!(&ann, "get", "/daily-checklist/get", "/daily-checklist/get?status=true").expect(200);
    call!(
        &ann,
        "get",
        "/daily-checklist/getCheckListWithTwoLatestDates",
        "/daily-checklist/getCheckListWithTwoLatestDates"
    )
    .expect(200);

    for (doc_path, path) in [
        ("/reports/breaks", format!("/reports/breaks?{range}")),
        ("/reports/tasks", format!("/reports/tasks?{range}")),
        ("/reports/leaves", format!("/reports/leaves?{range}")),
        ("/reports/meetings", format!("/reports/meetings?{range}")),
        ("/reports/checklist", format!("/reports/checklist?{range}")),
        ("/reports/summary", format!("/reports/summary?{range}&userId={}", bob.id)),
        ("/reports/team", format!("/reports/team?{range}")),
    ] {
        let reply = app.get(&ann, &path).await.expect(200);
        conforms(&doc, "get", doc_path, &reply);
    }
    call!(&bob, "get", "/reports/team", format!("/reports/team?{range}")).expect(403);
    call!(&ann, "get", "/reports/summary", "/reports/summary").expect(422);

    for (group, id) in [("task", t), ("leaves", l), ("meeting", m), ("daily-checklist", c)] {
        let reply = app.delete(&ann, &format!("/{group}/delete/{id}")).await.expect(200);
        conforms(&doc, "delete", &format!("/{group}/delete/{{id}}"), &reply);
    }
    let anonymous = app.send(None, Method::GET, "/task/list", None).await;
    conforms(&doc, "get", "/task/list", &anonymous);
}
