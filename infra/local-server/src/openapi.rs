//! The one OpenAPI document of the API, generated from the functions' annotated routers (`#[utoipa::path]` on each
//! handler, registered with `routes!`), so a route cannot be served without being described.
//!
//! utoipa writes OpenAPI 3.1; [`document`] turns it into the 3.0.3 the tools around it read (schemathesis, the web
//! type generator) and applies the conventions that hold for every operation, once, instead of on each annotation:
//! - a JSON body can be malformed (400), too large (413) or not JSON (415); a query or path can be malformed (400);
//! - answers are closed (`additionalProperties: false`), request bodies are open (unknown fields are ignored);
//! - operation ids are `<method><path>` in snake case, and each add links to the read, edit and delete of its record.

use std::sync::LazyLock;

use bt_http::AppState;
use serde_json::{json, Map, Value};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::OpenApi;
use utoipa_axum::router::OpenApiRouter;

/// Every function's routes with their description: the API exactly as API Gateway serves it.
pub fn functions() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(auth_fn::openapi_router())
        .merge(user_fn::openapi_router())
        .merge(contact_fn::openapi_router())
        .merge(admin_fn::openapi_router())
        .merge(type_fn::openapi_router())
        .merge(break_fn::openapi_router())
        .merge(work_fn::openapi_router())
        .merge(task_fn::openapi_router())
        .merge(leaves_fn::openapi_router())
        .merge(calendar_fn::openapi_router())
        .merge(meeting_fn::openapi_router())
        .merge(daily_checklist_fn::openapi_router())
        .merge(timesheets_fn::openapi_router())
        .merge(import_fn::openapi_router())
        .merge(assistant_fn::openapi_router())
        .merge(notifications_fn::openapi_router())
}

/// Schemas whose objects stay open although they are answers (more fields may come).
const OPEN_ANSWERS: &[&str] = &["Message"];

const TAGS: [&str; 15] = [
    "accounts",
    "team",
    "breaks",
    "work",
    "tasks",
    "leaves",
    "calendar",
    "meetings",
    "checklist",
    "timesheets",
    "import",
    "reports",
    "assistant",
    "notifications",
    "local",
];

/// The utoipa document of every route the local server serves.
pub fn openapi() -> OpenApi {
    let mut api = functions().merge(crate::local_routes()).into_openapi();
    let components = api.components.get_or_insert_with(Default::default);
    components.add_security_scheme(
        "bearerAuth",
        SecurityScheme::Http(
            HttpBuilder::new()
                .scheme(HttpAuthScheme::Bearer)
                .bearer_format("JWT or API token")
                .description(Some(
                    "A session's access token (a JWT, from `POST /auth/login`), or a personal API token (`btpat_…`, \
                     from `POST /user/tokens`). A read-only API token is refused (403) on every route but GET and \
                     HEAD; no API token may manage tokens, change the password or e-mail address, or delete the \
                     account (403). A person makes one in the web app, Settings > API tokens; see API tokens in the \
                     API's description.",
                ))
                .build(),
        ),
    );
    for (name, response) in bt_http::openapi::shared_responses() {
        components.responses.insert(name, response);
    }
    api
}

/// The document as served at `GET /openapi.json` and printed by `cargo run -p breaktime-local --bin openapi`.
pub fn document() -> &'static Value {
    static DOCUMENT: LazyLock<Value> = LazyLock::new(|| {
        let generated = serde_json::to_value(openapi()).expect("the document serialises");
        to_3_0(generated)
    });
    &DOCUMENT
}

/// The document as pretty JSON with a final newline.
pub fn document_text() -> String {
    let mut text = serde_json::to_string_pretty(document()).expect("the document serialises");
    text.push('\n');
    text
}

/// The document's own description: the conventions every route follows, written for a reader of the served document
/// (`/api/docs` in the web app, `GET /openapi.json`), so it points at nothing outside it.
const DESCRIPTION: &str = "Breaks, tasks, leaves, meetings, a daily checklist, team presence and reports.

**Calls.** JSON in and out (`Content-Type: application/json`). Signed-in calls carry `Authorization: Bearer <token>`: \
a session's access token or a personal API token (`btpat_…`).

**Success**: 200 (201 for creates) with `{\"data\": ...}`. **Failure**: 4xx/5xx with `{\"message\", \"errors\"?}`; \
`errors` names each invalid field (422). 400 malformed JSON or query, 401 no or an expired token, 403 not allowed, \
404 unknown path or record (another person's or team's record too), 405 a path served with other methods, 409 \
conflict, 413 body too large, 415 not JSON, 422 invalid, 429 too many requests.

**Language.** Messages are in the account's language, else the request's `Accept-Language` (`en`, `de`, `fr`, \
`es`), else English. Dates are `YYYY-MM-DD`, times `HH:MM` (24 h), timestamps RFC 3339 UTC, ids ULIDs.

**Idempotent writes.** A signed-in POST, PUT or DELETE with an `Idempotency-Key` (1 to 64 visible ASCII \
characters) is safe to send again: a repeat with the same key, method, path and body within 24 hours gets the first \
answer again with `Idempotency-Replayed: true` and writes nothing; the same key on another request is 422.

**Conditional edits.** A record's read and its edit's answer carry `ETag: \"<updatedAt>\"`. An edit sent with \
`If-Match: \"<updatedAt>\"` is written only over that version; another is 409 and nothing is written.

**API tokens.** Made in the web app (Settings > API tokens), read-only or read and write, for 1 to 365 days. A \
read-only token is refused (403) on all but GET and HEAD; no token manages tokens, changes the password or e-mail \
address, or deletes the account.

The web app shows this document at `/api/docs`; the local server serves it as JSON at `GET /openapi.json`.";

fn to_3_0(mut doc: Value) -> Value {
    doc["openapi"] = json!("3.0.3");
    doc["info"] = json!({
        "title": "Breaktime API",
        "version": "1.0.0",
        "description": DESCRIPTION,
    });
    doc["servers"] = json!([{ "url": "http://127.0.0.1:8080", "description": "Local server (make run)" }]);
    doc["security"] = json!([{ "bearerAuth": [] }]);
    doc["tags"] = Value::Array(TAGS.iter().map(|t| json!({ "name": t })).collect());

    doc["components"]["parameters"] = json!({
        "IdempotencyKey": {
            "name": bt_app::idempotency::HEADER,
            "in": "header",
            "required": false,
            "description": "Makes the write safe to repeat: a repeat with the same key gets the first answer again \
    (`Idempotency-Replayed: true`) and writes nothing. See Idempotent writes in the API's description.",
            "schema": { "type": "string", "minLength": 1, "maxLength": 64, "pattern": "^[\\x21-\\x7E]+$" },
        }
    });
    inline_envelopes(&mut doc);
    // Schemas read from request bodies stay open; the others are answers and are closed.
    let mut requested = Vec::new();
    for item in doc["paths"].as_object().into_iter().flat_map(|p| p.values()) {
        for op in item.as_object().into_iter().flat_map(|o| o.values()) {
            if let Some(r) = op["requestBody"]["content"]["application/json"]["schema"]["$ref"].as_str() {
                requested.push(r.trim_start_matches("#/components/schemas/").to_string());
            }
        }
    }
    let schemas = doc["components"]["schemas"].as_object().cloned().unwrap_or_default();
    let mut closed_schemas = Map::new();
    for (name, mut schema) in schemas.clone() {
        merge_all_of(&mut schema, &schemas);
        let open = requested.contains(&name) || OPEN_ANSWERS.contains(&name.as_str());
        downgrade(&mut schema, !open);
        closed_schemas.insert(name, schema);
    }
    doc["components"]["schemas"] = Value::Object(closed_schemas);

    let paths = doc["paths"].as_object_mut().expect("paths");
    let mut operation_ids = Vec::new();
    for (path, item) in paths.iter() {
        for method in item.as_object().unwrap().keys() {
            operation_ids.push((method.clone(), path.clone()));
        }
    }
    for (path, item) in paths.iter_mut() {
        for (method, op) in item.as_object_mut().unwrap() {
            conventions(method, path, op, &operation_ids);
        }
    }
    let sorted: Map<String, Value> = {
        let mut entries: Vec<_> = std::mem::take(paths).into_iter().collect();
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        entries.into_iter().collect()
    };
    doc["paths"] = Value::Object(sorted);
    doc
}

/// utoipa names each `Data<T>` of a `body` as a schema of its own (`Data_Break`) with `T` copied into it: the
/// envelope goes back inline in each answer, around a reference to `T`'s schema.
fn inline_envelopes(doc: &mut Value) {
    let Some(schemas) = doc["components"]["schemas"].as_object().cloned() else { return };
    let named: Vec<(&String, &Value)> = schemas.iter().filter(|(n, _)| !n.starts_with("Data_")).collect();
    let reference = |schema: &Value| -> Option<Value> {
        named.iter().find(|(_, s)| *s == schema).map(|(n, _)| json!({ "$ref": format!("#/components/schemas/{n}") }))
    };
    let mut envelopes = Map::new();
    for (name, schema) in schemas.iter().filter(|(n, _)| n.starts_with("Data_")) {
        let mut data = schema["properties"]["data"].clone();
        if let Some(r) = reference(&data) {
            data = r;
        } else if let Some(r) = data.get("items").and_then(&reference) {
            data["items"] = r;
        } else if let Some(Value::Array(options)) = data.get_mut("oneOf") {
            for option in options.iter_mut() {
                if let Some(r) = reference(option) {
                    *option = r;
                }
            }
        }
        envelopes.insert(
            format!("#/components/schemas/{name}"),
            json!({ "type": "object", "required": ["data"], "properties": { "data": data } }),
        );
        doc["components"]["schemas"].as_object_mut().unwrap().remove(name);
    }
    fn replace(value: &mut Value, envelopes: &Map<String, Value>) {
        match value {
            Value::Object(object) => {
                if let Some(envelope) = object.get("$ref").and_then(Value::as_str).and_then(|r| envelopes.get(r)) {
                    *value = envelope.clone();
                    return;
                }
                object.values_mut().for_each(|v| replace(v, envelopes));
            }
            Value::Array(items) => items.iter_mut().for_each(|v| replace(v, envelopes)),
            _ => {}
        }
    }
    replace(&mut doc["paths"], &envelopes);
}

fn operation_id(method: &str, path: &str) -> String {
    format!("{method}{path}").replace('/', "_").replace(['{', '}'], "").replace('-', "_")
}

fn error(description: &str) -> Value {
    json!({ "description": description, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } })
}

fn conventions(method: &str, path: &str, op: &mut Value, operations: &[(String, String)]) {
    op["operationId"] = json!(operation_id(method, path));
    downgrade(op, false);
    let has_body = op.get("requestBody").is_some();
    let has_params = op["parameters"].as_array().is_some_and(|p| !p.is_empty());
    let responses = op["responses"].as_object_mut().expect("responses");
    if has_body || has_params {
        responses.entry("400").or_insert_with(|| error("Malformed JSON or query"));
    }
    if has_body {
        responses.entry("413").or_insert_with(|| error("Body over 64 KiB"));
        responses.entry("415").or_insert_with(|| error("Body not sent as JSON"));
    }
    // `security(())` (public) is `[{}]` in utoipa; an empty list says the same in every 3.0 tool.
    if op["security"] == json!([{}]) {
        op["security"] = json!([]);
    }
    // Every signed-in write takes an `Idempotency-Key` (shared/http/src/idempotency.rs).
    if matches!(method, "post" | "put" | "delete" | "patch") && op["security"] != json!([]) {
        let params = op["parameters"].as_array_mut().map(std::mem::take).unwrap_or_default();
        op["parameters"] = Value::Array(
            std::iter::once(json!({ "$ref": "#/components/parameters/IdempotencyKey" })).chain(params).collect(),
        );
        let responses = op["responses"].as_object_mut().expect("responses");
        responses
            .entry("409")
            .or_insert_with(|| error("Conflict, or a request with the same Idempotency-Key still in progress"));
        responses
            .entry("422")
            .or_insert_with(|| error("Invalid fields, or an Idempotency-Key used for another request"));
    }
    // The new record's id leads to its read, edit and delete (the stateful phase of a fuzzer follows these).
    if let Some(group) = path.strip_suffix("/add").filter(|_| method == "post") {
        let schema = op["responses"]["201"]["content"]["application/json"]["schema"]["properties"]["data"]["$ref"]
            .as_str()
            .map(|r| r.trim_start_matches("#/components/schemas/").to_string());
        if let Some(schema) = schema {
            let mut links = Map::new();
            for (m, p) in [
                ("get", format!("{group}/get/{{id}}")),
                ("delete", format!("{group}/delete/{{id}}")),
                ("put", format!("{group}/edit/{{id}}")),
            ] {
                if operations.iter().any(|(om, op)| om == m && *op == p) {
                    let mut name = m.to_string();
                    name[..1].make_ascii_uppercase();
                    links.insert(
                        format!("{name}{schema}"),
                        json!({ "operationId": operation_id(m, &p), "parameters": { "id": "$response.body#/data/_id" } }),
                    );
                }
            }
            op["responses"]["201"]["links"] = Value::Object(links);
        }
    }
}

/// `allOf` of objects (a `#[serde(flatten)]`) as one object, so closing it keeps every field.
fn merge_all_of(schema: &mut Value, schemas: &Map<String, Value>) {
    match schema {
        Value::Object(object) => {
            if let Some(Value::Array(parts)) = object.get("allOf") {
                let resolved: Vec<Value> = parts
                    .iter()
                    .map(|p| match p["$ref"].as_str() {
                        Some(r) => schemas[r.trim_start_matches("#/components/schemas/")].clone(),
                        None => p.clone(),
                    })
                    .collect();
                if parts.len() > 1 && resolved.iter().all(|p| p["type"] == "object") {
                    let mut properties = Map::new();
                    let mut required = Vec::new();
                    for part in &resolved {
                        properties.extend(part["properties"].as_object().cloned().unwrap_or_default());
                        required.extend(part["required"].as_array().cloned().unwrap_or_default());
                    }
                    object.remove("allOf");
                    object.insert("type".into(), json!("object"));
                    object.insert("properties".into(), Value::Object(properties));
                    object.insert("required".into(), Value::Array(required));
                }
            }
            for value in object.values_mut() {
                merge_all_of(value, schemas);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| merge_all_of(v, schemas)),
        _ => {}
    }
}

/// 3.1 schema forms as 3.0 ones (`nullable`), and objects closed when `close` holds.
fn downgrade(value: &mut Value, close: bool) {
    match value {
        Value::Object(object) => {
            if let Some(Value::Array(kinds)) = object.get("type").cloned() {
                let kinds: Vec<Value> = kinds.into_iter().filter(|k| k != "null").collect();
                object.insert("type".into(), kinds.into_iter().next().unwrap_or(json!("string")));
                object.insert("nullable".into(), json!(true));
            }
            if let Some(Value::Array(options)) = object.get("oneOf").cloned() {
                let others: Vec<Value> = options.iter().filter(|o| o["type"] != "null").cloned().collect();
                if others.len() == 1 && others.len() < options.len() {
                    object.remove("oneOf");
                    if others[0].get("$ref").is_some() {
                        // A `$ref` ignores its siblings in OpenAPI 3.0, so a nullable reference goes through `allOf`.
                        object.insert("allOf".into(), Value::Array(others));
                    } else {
                        object.extend(others[0].as_object().cloned().unwrap_or_default());
                    }
                    object.insert("nullable".into(), json!(true));
                }
            }
            object.remove("propertyNames");
            if close && object.get("type") == Some(&json!("object")) && object.contains_key("properties") {
                object.entry("additionalProperties").or_insert(json!(false));
            }
            for value in object.values_mut() {
                downgrade(value, close);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| downgrade(v, close)),
        _ => {}
    }
}
