//! template.yaml against the code: every route API Gateway sends to a function is one its router serves, every
//! operation of the API document (generated from the annotated routers) is routed by the
//! template to the function owning its path, and the table is the one the store creates.

use std::collections::BTreeSet;
use std::sync::Arc;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use axum::Router;
use bt_adapters_local::outbox::Outbox;
use bt_adapters_local::sqlite::SqliteTable;
use bt_app::config::Config;
use bt_http::AppState;
use http_body_util::BodyExt;
use runtime_tests::template::{first_segment, path_shape, Api, Template};
use serde_json::Value;
use tower::ServiceExt;

/// Paths the local server serves that API Gateway never routes.
const LOCAL_ONLY: [&str; 2] = ["/dev/", "/openapi.json"];

fn router_of(binary: &str) -> Router<AppState> {
    match binary {
        "auth-fn" => auth_fn::router(),
        "user-fn" => user_fn::router(),
        "contact-fn" => contact_fn::router(),
        "admin-fn" => admin_fn::router(),
        "type-fn" => type_fn::router(),
        "break-fn" => break_fn::router(),
        "work-fn" => work_fn::router(),
        "task-fn" => task_fn::router(),
        "leaves-fn" => leaves_fn::router(),
        "calendar-fn" => calendar_fn::router(),
        "meeting-fn" => meeting_fn::router(),
        "daily-checklist-fn" => daily_checklist_fn::router(),
        "timesheets-fn" => timesheets_fn::router(),
        "import-fn" => import_fn::router(),
        "assistant-fn" => assistant_fn::router(),
        "notifications-fn" => notifications_fn::router(),
        // The reminder job serves no routes (EventBridge Scheduler invokes it).
        "scheduler-fn" => axum::Router::new(),
        other => panic!("template.yaml names a binary with no router here: {other}"),
    }
}

/// The function's router as its Lambda `main` serves it (common layers and the JSON 404 fallback included).
fn app(binary: &str) -> Router {
    let store = SqliteTable::in_memory().expect("in-memory store");
    let state = AppState::new(Arc::new(store), Arc::new(Outbox::new(None)), Config::for_tests());
    bt_http::with_common_layers(router_of(binary), &state).with_state(state)
}

#[tokio::test]
async fn every_template_route_reaches_a_handler_of_its_function() {
    let template = Template::load();
    let mut unserved = Vec::new();
    for function in &template.functions {
        for (_, route) in &function.routes {
            // A well-formed id, so that an id check cannot be mistaken for a missing route.
            let path = route.concrete("01HZZZZZZZZZZZZZZZZZZZZZZZ");
            let request = Request::builder()
                .method(Method::from_bytes(route.method.as_bytes()).unwrap())
                .uri(&path)
                .header("content-type", "application/json")
                .body(Body::from("{}"))
                .unwrap();
            let answer = app(&function.binary).oneshot(request).await.unwrap();
            let status = answer.status();
            let bytes = answer.into_body().collect().await.unwrap().to_bytes();
            let body: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
            // The router's fallback answers exactly {"message":"Not found."}; a handler's own 404 says more
            // ("Record not found."). 405 means the path exists with another method.
            let fallback = status == StatusCode::NOT_FOUND && body["message"] == "Not found.";
            if fallback || status == StatusCode::METHOD_NOT_ALLOWED {
                unserved.push(format!("{route} ({} -> {status})", function.binary));
            }
        }
    }
    assert!(unserved.is_empty(), "template.yaml routes no handler serves:\n  {}", unserved.join("\n  "));
}

/// `(METHOD, path shape)` of every operation in the API document, generated from the annotated routers
/// (`breaktime_local::openapi`, the one served at `GET /openapi.json`).
fn openapi_operations() -> BTreeSet<(String, String)> {
    let doc: &Value = breaktime_local::openapi::document();
    let mut ops = BTreeSet::new();
    for (p, item) in doc["paths"].as_object().expect("openapi.json has paths") {
        for method in ["get", "put", "post", "delete", "patch", "head"] {
            if item.get(method).is_some() {
                ops.insert((method.to_ascii_uppercase(), path_shape(p)));
            }
        }
    }
    ops
}

#[test]
fn every_api_operation_is_routed_to_the_function_owning_its_path() {
    let template = Template::load();
    let owners = template.owners();
    let mut problems = Vec::new();
    for (method, path) in openapi_operations() {
        if LOCAL_ONLY.iter().any(|p| path.starts_with(p)) {
            continue;
        }
        let segment = first_segment(&path);
        let Some(owner) = owners.get(&segment) else {
            problems.push(format!("{method} {path}: no function of template.yaml serves /{segment}/"));
            continue;
        };
        let routed = owner.routes.iter().any(|(_, r)| r.method == method && r.shape() == path);
        if !routed {
            problems.push(format!("{method} {path}: missing from {}'s events in template.yaml", owner.logical_id));
        }
    }
    assert!(
        problems.is_empty(),
        "infra/openapi.json operations API Gateway would not route:\n  {}",
        problems.join("\n  ")
    );
}

#[test]
fn every_template_route_is_an_api_operation() {
    let template = Template::load();
    let ops = openapi_operations();
    let extra: Vec<String> = template
        .functions
        .iter()
        .flat_map(|f| f.routes.iter())
        .filter(|(_, r)| !ops.contains(&(r.method.clone(), r.shape())))
        .map(|(_, r)| r.to_string())
        .collect();
    assert!(extra.is_empty(), "template.yaml routes infra/openapi.json does not document:\n  {}", extra.join("\n  "));
}

#[test]
fn routes_are_unique_and_the_assistant_has_its_own_api() {
    let template = Template::load();
    let mut seen = BTreeSet::new();
    for function in &template.functions {
        for (api, route) in &function.routes {
            assert!(seen.insert((*api, route.method.clone(), route.shape())), "{route} is routed twice");
            let assistant = function.binary == "assistant-fn";
            assert_eq!(
                *api == Api::Assistant,
                assistant,
                "{route}: the assistant, and only it, is on the assistant API"
            );
        }
    }
    let assistant = template.function("assistant-fn");
    let routes: Vec<String> = assistant.routes.iter().map(|(_, r)| r.to_string()).collect();
    assert_eq!(routes, ["POST /assistant/ask"]);
}

#[test]
fn every_function_binary_is_its_package_and_every_package_is_deployed() {
    let template = Template::load();
    let root = runtime_tests::repo_root();
    let deployed: BTreeSet<String> = template.functions.iter().map(|f| f.binary.clone()).collect();
    let mut packages = BTreeSet::new();
    for entry in std::fs::read_dir(root.join("functions")).unwrap() {
        let manifest = std::fs::read_to_string(entry.unwrap().path().join("Cargo.toml")).unwrap();
        let name = manifest
            .lines()
            .find_map(|l| l.strip_prefix("name = \"").and_then(|r| r.strip_suffix('"')))
            .expect("package name")
            .to_string();
        assert!(manifest.contains(&format!("[[bin]]\nname = \"{name}\"")), "{name} has a binary of the same name");
        packages.insert(name);
    }
    assert_eq!(deployed, packages, "template.yaml deploys exactly the function packages");
}

#[test]
fn the_table_is_the_one_the_store_creates() {
    let template = Template::load();
    let table = &template.raw["Resources"]["Table"]["Properties"];
    let path = runtime_tests::repo_root().join("infra/table.json");
    let definition: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let as_json = |v: &serde_yaml::Value| serde_json::to_value(v).unwrap();
    for field in
        ["AttributeDefinitions", "KeySchema", "GlobalSecondaryIndexes", "BillingMode", "TimeToLiveSpecification"]
    {
        assert_eq!(as_json(&table[field]), definition[field], "Table.{field} differs from infra/table.json");
    }
    assert_eq!(table["PointInTimeRecoverySpecification"]["PointInTimeRecoveryEnabled"].as_bool(), Some(true));
    assert_eq!(table["DeletionProtectionEnabled"].as_bool(), Some(true));
}

#[test]
fn every_function_gets_its_configuration_and_only_mailers_may_mail() {
    let template = Template::load();
    for var in ["TABLE_NAME", "APP_URL", "CORS_ORIGINS", "JWT_SECRET_PARAMETER"] {
        assert!(template.global_env.contains(var), "Globals set {var} for every function");
    }
    assert!(!template.global_env.contains("JWT_SECRET"), "the signing key itself is never in the template");
    for function in &template.functions {
        assert!(function.actions.contains("ssm:GetParameters"), "{} reads its key from SSM", function.logical_id);
        let mails = function.actions.contains("ses:SendEmail");
        let mailer = ["user-fn", "admin-fn", "contact-fn", "leaves-fn", "timesheets-fn", "scheduler-fn"]
            .contains(&function.binary.as_str());
        assert_eq!(mails, mailer, "{}: SES only for the functions that send mail", function.logical_id);
        if mails {
            assert!(function.env.contains("MAIL_FROM"), "{} has MAIL_FROM", function.logical_id);
        }
        assert!(
            function.actions.iter().all(|a| !a.ends_with('*')),
            "{}: no wildcard actions ({:?})",
            function.logical_id,
            function.actions
        );
        assert!(!function.actions.contains("dynamodb:Scan"), "{}: no request path scans", function.logical_id);
    }
    assert!(template.function("contact-fn").env.contains("SUPPORT_EMAIL"));
}
