//! The per-endpoint reference of `docs/api-reference.md`, written from the OpenAPI document (never by hand):
//! `cargo run -p breaktime-local --bin openapi -- --markdown`. A test keeps the checked-in file current.

use std::fmt::Write;

use serde_json::Value;

const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

/// The whole reference: every operation (grouped by tag, in document order), then every schema.
pub fn markdown(doc: &Value) -> String {
    let mut out = String::new();
    out.push_str(
        "# Breaktime HTTP API reference\n\n\
         Generated from the OpenAPI document that the routers describe (`GET /openapi.json`) by\n\
         `make api`; do not edit. Conventions, error shapes and the choices behind them: `docs/api.md`.\n",
    );
    let mut tags: Vec<String> = Vec::new();
    for (_, item) in entries(&doc["paths"]) {
        for m in METHODS {
            if let Some(tag) = item[m]["tags"][0].as_str() {
                if !tags.iter().any(|t| t == tag) {
                    tags.push(tag.to_string());
                }
            }
        }
    }
    for tag in &tags {
        let _ = write!(out, "\n## {tag}\n");
        for (path, item) in entries(&doc["paths"]) {
            for m in METHODS {
                let op = &item[m];
                if op.is_null() || op["tags"][0].as_str() != Some(tag.as_str()) {
                    continue;
                }
                operation(&mut out, doc, m, path, op);
            }
        }
    }
    out.push_str("\n## Schemas\n");
    for (name, schema) in entries(&doc["components"]["schemas"]) {
        let _ = write!(out, "\n### {name}\n\n");
        if let Some(d) = schema["description"].as_str() {
            let _ = writeln!(out, "{}\n", one_line(d));
        }
        if let Some(props) = schema["properties"].as_object() {
            let required = strings(&schema["required"]);
            out.push_str("| Field | Type | Required | Notes |\n|---|---|---|---|\n");
            for (field, s) in props {
                let _ = writeln!(
                    out,
                    "| `{field}` | {} | {} | {} |",
                    type_of(s),
                    if required.contains(&field.as_str()) { "yes" } else { "no" },
                    notes(s)
                );
            }
        } else {
            let _ = writeln!(out, "{}", type_of(schema));
        }
    }
    out
}

fn operation(out: &mut String, doc: &Value, method: &str, path: &str, op: &Value) {
    let _ = write!(out, "\n### {} {path}\n\n", method.to_uppercase());
    if let Some(s) = op["summary"].as_str() {
        let _ = writeln!(out, "{}\n", one_line(s));
    }
    if let Some(d) = op["description"].as_str() {
        let _ = writeln!(out, "{}\n", one_line(d));
    }
    let public = op["security"].as_array().is_some_and(|s| s.is_empty())
        || (op["security"].is_null() && doc["security"].is_null());
    let _ = writeln!(out, "Signed in: {}\n", if public { "no" } else { "yes (bearer token)" });
    if let Some(params) = op["parameters"].as_array().filter(|p| !p.is_empty()) {
        out.push_str("| Parameter | In | Type | Required | Notes |\n|---|---|---|---|---|\n");
        for p in params {
            let p = resolve(doc, p);
            let _ = writeln!(
                out,
                "| `{}` | {} | {} | {} | {} |",
                p["name"].as_str().unwrap_or("?"),
                p["in"].as_str().unwrap_or("?"),
                type_of(&p["schema"]),
                if p["required"].as_bool() == Some(true) { "yes" } else { "no" },
                [p["description"].as_str().map(one_line).unwrap_or_default(), notes(&p["schema"])]
                    .into_iter()
                    .filter(|s| !s.is_empty())
                    .collect::<Vec<_>>()
                    .join("; ")
            );
        }
        out.push('\n');
    }
    if !op["requestBody"].is_null() {
        let body = resolve(doc, &op["requestBody"]);
        let (media, schema) = content(&body["content"]);
        let _ = writeln!(out, "Body ({media}): {}\n", type_of(schema));
    }
    out.push_str("| Status | Meaning | Body |\n|---|---|---|\n");
    for (status, response) in entries(&op["responses"]) {
        let response = resolve(doc, response);
        let (media, schema) = content(&response["content"]);
        let body = if schema.is_null() { "-".to_string() } else { format!("{} ({media})", type_of(schema)) };
        let _ = writeln!(
            out,
            "| {status} | {} | {body} |",
            response["description"].as_str().map(one_line).unwrap_or_default()
        );
    }
}

fn entries(v: &Value) -> Vec<(&str, &Value)> {
    v.as_object().map(|m| m.iter().map(|(k, v)| (k.as_str(), v)).collect()).unwrap_or_default()
}

fn strings(v: &Value) -> Vec<&str> {
    v.as_array().map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default()
}

/// A `$ref` to a component (parameter, request body or response) read as the component itself.
fn resolve<'a>(doc: &'a Value, v: &'a Value) -> &'a Value {
    match v["$ref"].as_str().and_then(|r| r.strip_prefix("#/")) {
        Some(path) => path.split('/').fold(doc, |node, part| &node[part]),
        None => v,
    }
}

fn content(c: &Value) -> (&str, &Value) {
    match c.as_object().and_then(|m| m.iter().next()) {
        Some((media, body)) => (media.as_str(), &body["schema"]),
        None => ("", &Value::Null),
    }
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ").replace('|', "\\|")
}

/// A short written form of a schema: a component's name, `[item]`, `{field, field?}`, or the type.
fn type_of(s: &Value) -> String {
    if let Some(r) = s["$ref"].as_str() {
        return r.rsplit('/').next().unwrap_or(r).to_string();
    }
    for key in ["allOf", "oneOf", "anyOf"] {
        if let Some(parts) = s[key].as_array() {
            let sep = if key == "allOf" { " & " } else { " \\| " };
            let t = parts.iter().map(type_of).collect::<Vec<_>>().join(sep);
            return if s["nullable"].as_bool() == Some(true) { format!("{t} or null") } else { t };
        }
    }
    let t = match s["type"].as_str() {
        Some("array") => format!("[{}]", type_of(&s["items"])),
        Some("object") if s["properties"].is_object() => {
            let required = strings(&s["required"]);
            let fields: Vec<String> = entries(&s["properties"])
                .into_iter()
                .map(|(k, v)| {
                    let opt = if required.contains(&k) { "" } else { "?" };
                    format!("{k}{opt}: {}", type_of(v))
                })
                .collect();
            format!("{{{}}}", fields.join(", "))
        }
        Some("object") => "object".to_string(),
        Some(t) => s["format"].as_str().map(|f| format!("{t} ({f})")).unwrap_or_else(|| t.to_string()),
        None if s.is_null() => "-".to_string(),
        None => "any".to_string(),
    };
    if s["nullable"].as_bool() == Some(true) {
        format!("{t} or null")
    } else {
        t
    }
}

/// Constraints worth reading: enums, lengths, bounds, patterns and descriptions.
fn notes(s: &Value) -> String {
    let mut n = Vec::new();
    if let Some(values) = s["enum"].as_array() {
        n.push(format!(
            "one of {}",
            values
                .iter()
                .map(|v| format!("`{}`", v.as_str().map(str::to_string).unwrap_or(v.to_string())))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    for (key, label) in
        [("minLength", "min length"), ("maxLength", "max length"), ("minimum", "min"), ("maximum", "max")]
    {
        if let Some(v) = s[key].as_i64() {
            n.push(format!("{label} {v}"));
        }
    }
    if let Some(p) = s["pattern"].as_str() {
        n.push(format!("pattern `{}`", p.replace('|', "\\|")));
    }
    if let Some(d) = s["description"].as_str() {
        n.push(one_line(d));
    }
    n.join("; ")
}
