//! The crate graph is the architecture, and this test keeps it so (read from `cargo metadata`):
//! - the domain (`bt-domain`) reaches no HTTP, Lambda, AWS or SQLite crate, no HTTP client, and no OpenAPI crate
//!   (`utoipa`): the wire shapes and their schemas are `bt-api`'s;
//! - the wire shapes (`bt-api`) reach the domain, serde and utoipa, and no HTTP, Lambda, AWS or SQLite crate;
//! - the HTTP edge (`bt-http`) reaches no adapter, no Lambda and no AWS crate;
//! - a function's library depends on the domain, wire-shape and HTTP crates only; the Lambda start-up (which brings
//!   the AWS adapters) is an optional dependency that only the `lambda` feature of its `main.rs` turns on, and no
//!   library source names an adapter or the start-up;
//! - no function crate depends on another;
//! - handlers make no raw store operation (`state.store`, `TxOp`, transactions): they call the domain.

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
    assert!(closure.contains_key("bt-domain") && closure.contains_key("utoipa"), "bt-api shows the domain's types");
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
            let adapter_like = name.starts_with("bt-") && !["bt-domain", API, "bt-http"].contains(&name);
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

#[test]
fn handlers_make_no_raw_store_operation() {
    let mut bad = Vec::new();
    for file in library_sources() {
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if ["state.store", "TxOp", ".transact(", "store::Cond", "Table>", "dyn Table"]
                .iter()
                .any(|p| code.contains(p))
            {
                bad.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "raw store operations in function crates (move them into a domain repository):\n{}",
        bad.join("\n")
    );
}

/// The domain's crates, in the order they may depend on each other: each names only crates before it, so records
/// publish events (`bt_records::events`) and never call notifications, and accounts never reach into records.
const DOMAIN_LAYERS: &[&str] = &["bt-core", "bt-accounts", "bt-records", "bt-notifications", "bt-domain"];

/// The wire shapes: the API's request and answer types with their OpenAPI schemas, converted from and into the
/// domain's types. Above the domain, beside the HTTP edge.
const API: &str = "bt-api";

/// The domain is crates in layers that depend one way, read from the crate graph: core (ids, value types, keys,
/// the store port, the item codec, errors, the ports) → accounts → records → notifications → the composition root
/// (`bt-domain`). A layer depends on layers below it only, and the core on no Breaktime crate.
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
