//! The crate graph is the architecture, and this test keeps it so (read from `cargo metadata`):
//! - the domain (`bt-app`) reaches no HTTP, Lambda, AWS or SQLite crate, no HTTP client, and no OpenAPI crate
//!   (`utoipa`): the wire shapes and their schemas are `bt-api`'s;
//! - the wire shapes (`bt-api`) reach the domain, serde and utoipa, and no HTTP, Lambda, AWS or SQLite crate;
//! - the HTTP edge (`bt-http`) reaches no adapter, no Lambda and no AWS crate;
//! - a function's library depends on the domain, wire-shape and HTTP crates only; the Lambda start-up (which brings
//!   the AWS adapters) is an optional dependency that only the `lambda` feature of its `main.rs` turns on, and no
//!   library source names an adapter or the start-up;
//! - no function crate depends on another;
//! - the domain's crates depend one way: core → accounts → records → work → notifications → the composition root.
//!
//! Handlers make no raw store operation because they cannot write one: a function library depends on `bt-app`
//! and `bt-http` only (checked here), `bt-app` names neither the store port nor the keys nor the codec, and the
//! store field of the services is private (the `compile_fail` examples of `shared/app/src/lib.rs` prove both).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use bt_testkit::repo;
use serde_json::Value;

struct Graph {
    /// Package id to name.
    names: BTreeMap<String, String>,
    /// Package id to the ids it depends on as a normal or build dependency (features as the workspace resolves them).
    edges: BTreeMap<String, Vec<String>>,
    /// Package name to its manifest entry.
    packages: BTreeMap<String, Value>,
    members: BTreeSet<String>,
}

fn graph() -> Graph {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--offline"])
        .current_dir(repo())
        .output()
        .expect("run cargo metadata");
    assert!(out.status.success(), "cargo metadata failed: {}", String::from_utf8_lossy(&out.stderr));
    let meta: Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut names = BTreeMap::new();
    let mut packages = BTreeMap::new();
    for p in meta["packages"].as_array().unwrap() {
        names.insert(p["id"].as_str().unwrap().to_string(), p["name"].as_str().unwrap().to_string());
        packages.insert(p["name"].as_str().unwrap().to_string(), p.clone());
    }
    let members =
        meta["workspace_members"].as_array().unwrap().iter().map(|m| names[m.as_str().unwrap()].clone()).collect();
    let mut edges = BTreeMap::new();
    for node in meta["resolve"]["nodes"].as_array().unwrap() {
        let deps = node["deps"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["dep_kinds"].as_array().unwrap().iter().any(|k| k["kind"].as_str() != Some("dev")))
            .map(|d| d["pkg"].as_str().unwrap().to_string())
            .collect();
        edges.insert(node["id"].as_str().unwrap().to_string(), deps);
    }
    Graph { names, edges, packages, members }
}

impl Graph {
    fn id(&self, name: &str) -> String {
        self.names
            .iter()
            .find(|(_, n)| n.as_str() == name)
            .map(|(id, _)| id.clone())
            .unwrap_or_else(|| panic!("no package {name}"))
    }

    /// Every package `name` reaches through normal and build dependencies, with one path to each.
    fn closure(&self, name: &str) -> BTreeMap<String, Vec<String>> {
        let mut seen = BTreeMap::new();
        let start = self.id(name);
        let mut stack = vec![(start.clone(), vec![name.to_string()])];
        while let Some((id, path)) = stack.pop() {
            for dep in self.edges.get(&id).into_iter().flatten() {
                let dep_name = self.names[dep].clone();
                if let std::collections::btree_map::Entry::Vacant(entry) = seen.entry(dep_name.clone()) {
                    let mut p = path.clone();
                    p.push(dep_name);
                    entry.insert(p.clone());
                    stack.push((dep.clone(), p));
                }
            }
        }
        seen
    }

    fn functions(&self) -> Vec<String> {
        self.members
            .iter()
            .filter(|m| self.packages[m.as_str()]["manifest_path"].as_str().unwrap().contains("/functions/"))
            .cloned()
            .collect()
    }
}

/// What neither the domain nor the wire shapes may reach: the HTTP stack, Lambda, AWS, SQLite, an HTTP client, and
/// the Breaktime crates above the domain.
fn forbidden_below_the_edge(name: &str) -> bool {
    name.starts_with("axum")
        || name.starts_with("tower")
        || name == "http"
        || name.starts_with("http-body")
        || name.starts_with("hyper")
        || name.starts_with("lambda_")
        || name.starts_with("aws-")
        || name == "rusqlite"
        || name == "libsqlite3-sys"
        || name == "reqwest"
        || name.starts_with("bt-") && !DOMAIN_LAYERS.contains(&name)
}

fn forbidden_in_domain(name: &str) -> bool {
    forbidden_below_the_edge(name) || name.starts_with("utoipa")
}

#[test]
fn the_domain_reaches_no_http_lambda_aws_sqlite_or_openapi_crate() {
    let g = graph();
    let bad: Vec<String> = DOMAIN_LAYERS
        .iter()
        .flat_map(|layer| g.closure(layer))
        .filter(|(name, _)| forbidden_in_domain(name))
        .map(|(_, path)| path.join(" -> "))
        .collect();
    assert!(bad.is_empty(), "the domain crate reaches crates it must not:\n{}", bad.join("\n"));
}

#[test]
fn the_wire_shapes_reach_the_domain_and_no_http_lambda_aws_or_sqlite_crate() {
    let g = graph();
    let closure = g.closure(API);
    let bad: Vec<String> =
        closure.iter().filter(|(name, _)| forbidden_below_the_edge(name)).map(|(_, path)| path.join(" -> ")).collect();
    assert!(bad.is_empty(), "the wire-shape crate reaches crates it must not:\n{}", bad.join("\n"));
    assert!(closure.contains_key("bt-app") && closure.contains_key("utoipa"), "bt-api shows the domain's types");
}

#[test]
fn the_http_edge_reaches_no_adapter_lambda_or_aws_crate() {
    let g = graph();
    let bad: Vec<String> = g
        .closure("bt-http")
        .into_iter()
        .filter(|(name, _)| {
            name.starts_with("aws-")
                || name.starts_with("lambda_")
                || name == "rusqlite"
                || name == "reqwest"
                || (name.starts_with("bt-") && !DOMAIN_LAYERS.contains(&name.as_str()) && name != API)
        })
        .map(|(_, path)| path.join(" -> "))
        .collect();
    assert!(bad.is_empty(), "the HTTP crate reaches crates it must not:\n{}", bad.join("\n"));
}

#[test]
fn function_libraries_depend_on_the_domain_wire_shape_and_http_crates_only() {
    let g = graph();
    let functions = g.functions();
    assert!(functions.len() >= 11, "found only {functions:?}");
    let mut problems = Vec::new();
    for f in &functions {
        let pkg = &g.packages[f.as_str()];
        let features = &pkg["features"];
        for dep in pkg["dependencies"].as_array().unwrap() {
            let name = dep["name"].as_str().unwrap();
            if dep["kind"].as_str() == Some("dev") {
                continue;
            }
            if functions.iter().any(|other| other == name) {
                problems.push(format!("{f} depends on another function crate, {name}"));
            }
            let adapter_like = name.starts_with("bt-") && !["bt-app", API, "bt-http"].contains(&name);
            if name.starts_with("aws-") || name == "rusqlite" || name.starts_with("lambda_") {
                problems.push(format!("{f} depends on {name}; only the adapter crates and the Lambda start-up may"));
            }
            if adapter_like {
                let optional = dep["optional"].as_bool() == Some(true);
                // Which features turn the dependency on: only `lambda`, the feature of the binary.
                let enabled_by: Vec<&str> = features
                    .as_object()
                    .unwrap()
                    .iter()
                    .filter(|(_, list)| {
                        list.as_array().unwrap().iter().any(|v| {
                            let v = v.as_str().unwrap();
                            v == format!("dep:{name}") || v == name || v.starts_with(&format!("{name}/"))
                        })
                    })
                    .map(|(feature, _)| feature.as_str())
                    .collect();
                if name != "bt-lambda" || !optional || enabled_by != ["lambda"] {
                    problems.push(format!(
                        "{f} depends on {name} (optional: {optional}, turned on by {enabled_by:?}); a function may \
                         add only bt-lambda, optional, behind its `lambda` feature"
                    ));
                }
            }
        }
        for target in pkg["targets"].as_array().unwrap() {
            if target["kind"].as_array().unwrap().iter().any(|k| k == "bin") {
                let required: Vec<&str> =
                    target["required-features"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
                if required != ["lambda"] {
                    problems.push(format!("{f}'s binary must require the `lambda` feature, not {required:?}"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn library_sources() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(repo().join("functions")).unwrap() {
        let src = entry.unwrap().path().join("src");
        if src.is_dir() {
            rust_files(&src, &mut files);
        }
    }
    files.retain(|f| f.file_name().is_some_and(|n| n != "main.rs"));
    files
}

#[test]
fn function_library_sources_name_no_adapter_and_no_lambda_start_up() {
    let files = library_sources();
    assert!(files.len() >= 11);
    let bad: Vec<String> = files
        .iter()
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            text.contains("bt_adapters_") || text.contains("bt_lambda") || text.contains("lambda_http")
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(bad.is_empty(), "function libraries that name an adapter or the Lambda start-up: {bad:?}");
}

/// The domain's crates, in the order they may depend on each other: each names only crates before it, so records
/// publish events (`bt_records::events`) and never call notifications, records never reach working time (which
/// computes over them), and accounts never reach into records.
const DOMAIN_LAYERS: &[&str] =
    &["bt-core", "bt-accounts", "bt-records", "bt-work", "bt-notifications", "bt-assistant", "bt-app"];

/// The wire shapes: the API's request and answer types with their OpenAPI schemas, converted from and into the
/// domain's types. Above the domain, beside the HTTP edge.
const API: &str = "bt-api";

/// The domain is crates in layers that depend one way, read from the crate graph: core (ids, value types, keys,
/// the store port, the item codec, errors, the ports) → accounts → records → notifications → the composition root
/// (`bt-app`). A layer depends on layers below it only, and the core on no Breaktime crate.
#[test]
fn the_domain_layers_depend_one_way() {
    let g = graph();
    let mut bad = Vec::new();
    for (i, layer) in DOMAIN_LAYERS.iter().enumerate() {
        for (name, path) in g.closure(layer) {
            if !name.starts_with("bt-") {
                continue;
            }
            match DOMAIN_LAYERS.iter().position(|l| *l == name) {
                Some(j) if j < i => {}
                _ => bad.push(format!("{layer} reaches {name}: {}", path.join(" -> "))),
            }
        }
    }
    assert!(bad.is_empty(), "the domain's layers depend the wrong way:\n{}", bad.join("\n"));
    // And the layers are really separate crates: each has its own sources.
    for layer in DOMAIN_LAYERS {
        assert!(g.packages.contains_key(*layer), "no crate {layer}");
    }
}

/// The store operations of the [`bt_core::store::Table`] port, as a call names them.
const STORE_OPS: &[&str] = &["get", "put", "update", "delete", "query", "query_all", "count", "increment", "transact"];

/// Files of the core that are repositories (or the port) themselves.
const CORE_REPOSITORIES: &[&str] = &[
    // The port: the conditions, queries and transaction parts are defined here.
    "shared/core/src/store.rs",
    // The idempotency records and the rate-limit counters.
    "shared/core/src/idempotency.rs",
    "shared/core/src/ratelimit.rs",
];

/// The source with comments removed and the contents of string and character literals blanked (so a doc comment or
/// a message that mentions a store call is not one).
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if chars[i] == '\n' {
                        out.push('\n');
                    }
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !prev_is_ident(&chars, i) {
            // A raw string: r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                } else if chars[i] == '\n' {
                    out.push('\n');
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && (next == Some('\\') || chars.get(i + 2) == Some(&'\'')) {
            // A character literal ('x', '\n', '\''); a lifetime has no closing quote.
            i += if next == Some('\\') { 2 } else { 1 };
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn prev_is_ident(chars: &[char], i: usize) -> bool {
    i > 0 && is_ident(chars[i - 1])
}

/// The store calls in code (`store.<op>(` or `table().<op>(`, spaces allowed around the dot) and the names of the
/// port's conditions, transaction parts and queries (`Cond::`, `TxOp::`, `Query::`), each with its line.
fn store_calls(code: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = code.chars().collect();
    let line_of = |i: usize| chars[..i].iter().filter(|c| **c == '\n').count() + 1;
    let starts_with = |i: usize, s: &str| s.chars().enumerate().all(|(k, c)| chars.get(i + k) == Some(&c));
    let skip_space = |mut i: usize| {
        while chars.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        i
    };
    let mut found = Vec::new();
    for i in 0..chars.len() {
        if prev_is_ident(&chars, i) {
            continue;
        }
        for name in ["Cond::", "TxOp::", "Query::"] {
            if starts_with(i, name) {
                found.push((line_of(i), name.to_string()));
            }
        }
        let receiver = ["store", "table()"].into_iter().find(|r| starts_with(i, r));
        let Some(receiver) = receiver else { continue };
        let after = i + receiver.chars().count();
        if receiver == "store" && chars.get(after).copied().is_some_and(is_ident) {
            continue;
        }
        let dot = skip_space(after);
        if chars.get(dot) != Some(&'.') {
            continue;
        }
        let start = skip_space(dot + 1);
        let mut end = start;
        while chars.get(end).copied().is_some_and(is_ident) {
            end += 1;
        }
        let op: String = chars[start..end].iter().collect();
        if STORE_OPS.contains(&op.as_str()) && chars.get(skip_space(end)) == Some(&'(') {
            found.push((line_of(i), format!("{receiver}.{op}(")));
        }
    }
    found
}

/// Whether a file is part of a repository module: `src/repo.rs` or anything under `src/repo/`.
fn in_repository(relative: &str) -> bool {
    // A layer's `repo` module, or a feature module's own (`src/work/repo/`).
    let parts: Vec<&str> = relative.split('/').collect();
    let Some(src) = parts.iter().position(|p| *p == "src") else { return false };
    let inner = &parts[src + 1..];
    inner.last() == Some(&"repo.rs") || inner[..inner.len().saturating_sub(1)].contains(&"repo")
}

/// The store calls of each domain source file outside a repository module, by its path from the repository root.
fn store_calls_outside_repositories() -> BTreeMap<String, Vec<(usize, String)>> {
    let root = repo();
    let mut files = Vec::new();
    for layer in [
        "shared/core/src",
        "shared/accounts/src",
        "shared/records/src",
        "shared/work/src",
        "shared/notifications/src",
        "shared/assistant/src",
        "shared/app/src",
    ] {
        rust_files(&root.join(layer), &mut files);
    }
    let mut calls = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
        if in_repository(&relative) {
            continue;
        }
        let found = store_calls(&code_only(&std::fs::read_to_string(&file).unwrap()));
        if !found.is_empty() {
            calls.insert(relative, found);
        }
    }
    calls
}

/// Only repositories reach the store: in every layer of the domain (accounts to the assistant's engine and the app),
/// a use case calls repository functions and commits the transaction parts they build; it never calls a
/// store operation nor names a condition, a transaction part or a query. Repositories are the `repo` modules of the
/// layers (`src/repo.rs`, `src/repo/`) and the core's own (idempotency, rate limits); see `infra/docs/data-model.md`.
#[test]
fn only_repositories_reach_the_store() {
    let calls = store_calls_outside_repositories();
    let mut bad = Vec::new();
    for (file, found) in &calls {
        if CORE_REPOSITORIES.contains(&file.as_str()) {
            continue;
        }
        for (line, call) in found {
            bad.push(format!("{file}:{line}: {call}"));
        }
    }
    assert!(
        bad.is_empty(),
        "store operations outside a repository module (move them into the layer's repo module):\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_store_call_finder_sees_calls_and_not_comments_or_strings() {
    let code = code_only(
        "let a = state.table().get(&k).await; // store.put(x)\n\
         /* store.delete(k) */ let s = \"store.count(q)\";\n\
         store\n    .transact(ops);\n\
         let c = SkCond::All; let d = Cond::None; let e = r#\"TxOp::Put\"#; let f = restore.get(1);",
    );
    let found = store_calls(&code);
    assert_eq!(
        found,
        vec![(1, "table().get(".to_string()), (3, "store.transact(".to_string()), (5, "Cond::".to_string())]
    );
}

/// The top-level modules of a domain crate's `src` and the sibling modules each names (`crate::x`, and `super::x`
/// from a top-level file or folder's `mod.rs`, grouped imports included), read from the code without comments and
/// strings. The layer's `repo` module is left out (see below).
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let relative = file.strip_prefix(src).unwrap().to_string_lossy().replace('\\', "/");
        let top = relative.split('/').next().unwrap().trim_end_matches(".rs").to_string();
        if top == "lib" {
            continue;
        }
        let top_level = !relative.contains('/') || relative == format!("{top}/mod.rs");
        let code = code_only(&std::fs::read_to_string(file).unwrap());
        let mut named = BTreeSet::new();
        for prefix in ["crate::", "super::"] {
            if prefix == "super::" && !top_level {
                continue;
            }
            let mut rest = code.as_str();
            while let Some(at) = rest.find(prefix) {
                let before = rest[..at].chars().last();
                rest = &rest[at + prefix.len()..];
                if before.is_some_and(|c| is_ident(c) || c == ':') {
                    continue;
                }
                if let Some(group) = rest.strip_prefix('{') {
                    let end = group.find('}').unwrap_or(group.len());
                    for part in group[..end].split(',') {
                        let name: String = part.trim().chars().take_while(|c| is_ident(*c)).collect();
                        named.insert(name);
                    }
                } else {
                    named.insert(rest.chars().take_while(|c| is_ident(*c)).collect());
                }
            }
        }
        named.retain(|n| !n.is_empty() && *n != top);
        graph.entry(top).or_default().extend(named);
    }
    // A layer's repository module stores the types its use-case modules define, and they call it: that pair is
    // the layering itself, not a circle.
    graph.remove("repo");
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for named in graph.values_mut() {
        named.retain(|n| modules.contains(n));
    }
    graph
}

/// A circle of modules that import each other, if there is one (depth-first search).
fn a_circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == node) {
            let mut circle = path[at..].to_vec();
            circle.push(node.to_string());
            return Some(circle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(circle) = visit(next, graph, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|start| visit(start, graph, &mut Vec::new(), &mut done))
}

/// Inside each layer, modules import each other one way too: no two modules (breaks and working time's items, leaves
/// and allowances and leave types) lean on each other, so either can be read, changed and tested with only what is
/// below it.
#[test]
fn the_modules_of_each_layer_import_each_other_one_way() {
    let mut bad = Vec::new();
    for layer in ["shared/records/src", "shared/work/src"] {
        if let Some(circle) = a_circle(&module_graph(&repo().join(layer))) {
            bad.push(format!("{layer}: {}", circle.join(" -> ")));
        }
    }
    assert!(bad.is_empty(), "modules that import each other in a circle:\n{}", bad.join("\n"));
}

#[test]
fn the_module_graph_sees_grouped_and_parent_imports() {
    let dir = std::env::temp_dir().join(format!("bt-module-graph-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("b")).unwrap();
    std::fs::write(dir.join("a.rs"), "use super::{b, c::X};\n// crate::d\n").unwrap();
    std::fs::write(dir.join("b/mod.rs"), "use crate::a::Y;\n").unwrap();
    std::fs::write(dir.join("b/inner.rs"), "use super::c;\n").unwrap();
    std::fs::write(dir.join("c.rs"), "let s = \"crate::a\";\n").unwrap();
    std::fs::write(dir.join("d.rs"), "").unwrap();
    std::fs::write(dir.join("repo.rs"), "use crate::a;\n").unwrap();
    let graph = module_graph(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(graph["a"], BTreeSet::from(["b".to_string(), "c".to_string()]));
    assert_eq!(graph["b"], BTreeSet::from(["a".to_string()]));
    assert!(graph["c"].is_empty() && graph["d"].is_empty());
    assert_eq!(a_circle(&graph), Some(vec!["a".to_string(), "b".to_string(), "a".to_string()]));
}
