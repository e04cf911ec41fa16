//! What `template.yaml` declares for each function: its binary, its API routes and the actions its policy grants.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_yaml::Value;

/// Which HTTP API a route is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Api {
    Main,
    Assistant,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Route {
    pub method: String,
    /// As API Gateway writes it, path parameters in braces: `/break/edit/{id}`.
    pub path: String,
}

impl Route {
    /// The path with every parameter written `{}`, for comparing with documents that name parameters differently.
    pub fn shape(&self) -> String {
        path_shape(&self.path)
    }

    /// A concrete path for a request: each parameter replaced by `value`.
    pub fn concrete(&self, value: &str) -> String {
        self.path
            .split('/')
            .map(|segment| if segment.starts_with('{') && segment.ends_with('}') { value } else { segment })
            .collect::<Vec<_>>()
            .join("/")
    }

    /// The route key API Gateway puts in the event: `PUT /break/edit/{id}`.
    pub fn key(&self) -> String {
        format!("{} {}", self.method, self.path)
    }
}

impl std::fmt::Display for Route {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.method, self.path)
    }
}

pub fn path_shape(path: &str) -> String {
    path.split('/')
        .map(|segment| if segment.starts_with('{') && segment.ends_with('}') { "{}" } else { segment })
        .collect::<Vec<_>>()
        .join("/")
}

#[derive(Debug, Clone)]
pub struct Function {
    /// Logical id in the template, e.g. `BreakFunction`.
    pub logical_id: String,
    /// `BuildProperties.Binary`: the package and binary name, e.g. `break-fn`.
    pub binary: String,
    pub memory_mb: u64,
    pub routes: Vec<(Api, Route)>,
    /// Every action its inline policy statements allow, e.g. `dynamodb:PutItem`.
    pub actions: BTreeSet<String>,
    /// Whether a statement with DynamoDB actions covers the table's indexes.
    pub grants_indexes: bool,
    pub env: BTreeSet<String>,
}

impl Function {
    /// The first path segments its routes live under (`break`, `contactUs`...).
    pub fn prefixes(&self) -> BTreeSet<String> {
        self.routes.iter().map(|(_, r)| first_segment(&r.path)).collect()
    }
}

pub fn first_segment(path: &str) -> String {
    path.trim_start_matches('/').split('/').next().unwrap_or("").to_string()
}

#[derive(Debug)]
pub struct Template {
    pub functions: Vec<Function>,
    pub global_env: BTreeSet<String>,
    pub raw: Value,
}

impl Template {
    /// `template.yaml` at the root of the repository.
    pub fn load() -> Self {
        Self::from_file(&crate::repo_root().join("template.yaml"))
    }

    pub fn from_file(path: &Path) -> Self {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let raw: Value = serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut functions = Vec::new();
        let resources = raw["Resources"].as_mapping().expect("Resources");
        let default_memory = raw["Globals"]["Function"]["MemorySize"].as_u64().unwrap_or(128);
        for (id, resource) in resources {
            if resource["Type"].as_str() != Some("AWS::Serverless::Function") {
                continue;
            }
            let logical_id = id.as_str().expect("logical id").to_string();
            let props = &resource["Properties"];
            let binary = resource["Metadata"]["BuildProperties"]["Binary"]
                .as_str()
                .unwrap_or_else(|| panic!("{logical_id}: Metadata.BuildProperties.Binary"))
                .to_string();
            let mut routes = Vec::new();
            if let Some(events) = props["Events"].as_mapping() {
                for (_, event) in events {
                    if event["Type"].as_str() != Some("HttpApi") {
                        continue;
                    }
                    let p = &event["Properties"];
                    let api = match untag(&p["ApiId"]).as_str() {
                        Some("MainApi") => Api::Main,
                        Some("AssistantApi") => Api::Assistant,
                        other => panic!("{logical_id}: unknown ApiId {other:?}"),
                    };
                    let method = p["Method"].as_str().expect("Method").to_ascii_uppercase();
                    let path = p["Path"].as_str().expect("Path").to_string();
                    routes.push((api, Route { method, path }));
                }
            }
            let mut actions = BTreeSet::new();
            let mut grants_indexes = false;
            for policy in props["Policies"].as_sequence().into_iter().flatten() {
                for statement in policy["Statement"].as_sequence().into_iter().flatten() {
                    if statement["Effect"].as_str() != Some("Allow") {
                        continue;
                    }
                    let these = strings(&statement["Action"]);
                    let resource = serde_yaml::to_string(&statement["Resource"]).unwrap_or_default();
                    if these.iter().any(|a| a.starts_with("dynamodb:")) && resource.contains("/index/*") {
                        grants_indexes = true;
                    }
                    actions.extend(these);
                }
            }
            let env = props["Environment"]["Variables"]
                .as_mapping()
                .map(|m| m.keys().filter_map(|k| k.as_str().map(String::from)).collect())
                .unwrap_or_default();
            let memory_mb = props["MemorySize"].as_u64().unwrap_or(default_memory);
            functions.push(Function { logical_id, binary, memory_mb, routes, actions, grants_indexes, env });
        }
        let global_env = raw["Globals"]["Function"]["Environment"]["Variables"]
            .as_mapping()
            .map(|m| m.keys().filter_map(|k| k.as_str().map(String::from)).collect())
            .unwrap_or_default();
        Template { functions, global_env, raw }
    }

    pub fn function(&self, binary: &str) -> &Function {
        self.functions
            .iter()
            .find(|f| f.binary == binary)
            .unwrap_or_else(|| panic!("no function with binary {binary} in template.yaml"))
    }

    /// Which function serves paths starting with `/<segment>/`.
    pub fn owners(&self) -> BTreeMap<String, &Function> {
        let mut owners = BTreeMap::new();
        for f in &self.functions {
            for prefix in f.prefixes() {
                if let Some(other) = owners.insert(prefix.clone(), f) {
                    panic!("/{prefix}/ is served by both {} and {}", other.logical_id, f.logical_id);
                }
            }
        }
        owners
    }
}

/// `!Ref X` (a tagged value) or `{ Ref: X }` to `X`.
fn untag(v: &Value) -> Value {
    match v {
        Value::Tagged(t) => t.value.clone(),
        Value::Mapping(m) if m.len() == 1 && m.contains_key("Ref") => m["Ref"].clone(),
        other => other.clone(),
    }
}

fn strings(v: &Value) -> Vec<String> {
    match v {
        Value::String(s) => vec![s.clone()],
        Value::Sequence(items) => items.iter().filter_map(|i| i.as_str().map(String::from)).collect(),
        _ => Vec::new(),
    }
}
