//! The table-level storage port: the DynamoDB data model, spoken in plain Rust.
//!
//! One table, items addressed by `PK`/`SK`, two sparse global secondary indexes (`GSI1PK`/`GSI1SK`,
//! `GSI2PK`/`GSI2SK`) and a `ttl` attribute. Items are JSON objects; key attributes are plain strings inside them.
//! Repositories are written once on top of [`Table`]; the adapters are `bt_adapters_local::sqlite::SqliteTable` (local
//! runs, tests) and `bt_adapters_aws::dynamo::DynamoTable` (AWS). Both pass one contract suite
//! (`shared/testkit/tests/contract.rs`).

use async_trait::async_trait;
use base64::Engine;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// One stored item: attribute name to value. Always contains `PK` and `SK`.
pub type Item = Map<String, Value>;

pub const PK: &str = "PK";
pub const SK: &str = "SK";
pub const GSI1PK: &str = "GSI1PK";
pub const GSI1SK: &str = "GSI1SK";
pub const GSI2PK: &str = "GSI2PK";
pub const GSI2SK: &str = "GSI2SK";
pub const TTL: &str = "ttl";

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A condition on a write (or on any part of a transaction) did not hold; nothing was written.
    #[error("condition failed")]
    ConditionFailed,
    /// The store could not be reached or refused to write (network, throttling, read-only file).
    #[error("store unavailable: {0}")]
    Unavailable(String),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

pub type StoreResult<T> = Result<T, StoreError>;

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Key {
    pub pk: String,
    pub sk: String,
}

impl Key {
    pub fn new(pk: impl Into<String>, sk: impl Into<String>) -> Self {
        Key { pk: pk.into(), sk: sk.into() }
    }
}

/// A condition on the current state of one item, checked atomically with the write.
#[derive(Debug, Clone, PartialEq)]
pub enum Cond {
    /// No condition.
    None,
    /// The item exists.
    Exists,
    /// The item does not exist.
    NotExists,
    /// The item exists and `attr` equals the value.
    Eq(String, Value),
}

impl Cond {
    pub fn eq(attr: &str, value: impl Into<Value>) -> Self {
        Cond::Eq(attr.to_string(), value.into())
    }
}

/// Which key pair a query runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Index {
    Table,
    Gsi1,
    Gsi2,
}

impl Index {
    pub fn key_names(self) -> (&'static str, &'static str) {
        match self {
            Index::Table => (PK, SK),
            Index::Gsi1 => (GSI1PK, GSI1SK),
            Index::Gsi2 => (GSI2PK, GSI2SK),
        }
    }
}

/// Sort-key condition of a query (string comparison, as DynamoDB does for `S` keys).
#[derive(Debug, Clone, PartialEq)]
pub enum SkCond {
    All,
    Eq(String),
    BeginsWith(String),
    /// Inclusive on both ends.
    Between(String, String),
    Gte(String),
    Lte(String),
}

#[derive(Debug, Clone)]
pub struct Query {
    pub index: Index,
    pub pk: String,
    pub sk: SkCond,
    /// Most items in one page; `None` reads to the end (still in bounded pages underneath).
    pub limit: Option<usize>,
    /// Opaque cursor from a previous [`Page`].
    pub cursor: Option<String>,
    /// Ascending sort-key order when true.
    pub forward: bool,
}

impl Query {
    pub fn new(index: Index, pk: impl Into<String>, sk: SkCond) -> Self {
        Query { index, pk: pk.into(), sk, limit: None, cursor: None, forward: true }
    }
    pub fn table(pk: impl Into<String>, sk: SkCond) -> Self {
        Self::new(Index::Table, pk, sk)
    }
    pub fn limit(mut self, n: usize) -> Self {
        self.limit = Some(n);
        self
    }
    pub fn cursor(mut self, c: Option<String>) -> Self {
        self.cursor = c;
        self
    }
    pub fn backward(mut self) -> Self {
        self.forward = false;
        self
    }
}

#[derive(Debug, Clone, Default)]
pub struct Page {
    pub items: Vec<Item>,
    /// Present when more items may follow.
    pub cursor: Option<String>,
}

/// One part of a transaction: all parts succeed together or none is applied.
#[derive(Debug, Clone)]
pub enum TxOp {
    Put {
        item: Item,
        cond: Cond,
    },
    /// Sets the given attributes of an existing or new item (`Null` values remove the attribute).
    Update {
        key: Key,
        set: Item,
        cond: Cond,
    },
    Delete {
        key: Key,
        cond: Cond,
    },
    Check {
        key: Key,
        cond: Cond,
    },
}

/// The table-level port. Implementations must make every single-item write and every transaction atomic.
#[async_trait]
pub trait Table: Send + Sync + 'static {
    async fn get(&self, key: &Key) -> StoreResult<Option<Item>>;
    /// Writes the whole item (replacing any item with the same key) if `cond` holds.
    async fn put(&self, item: Item, cond: Cond) -> StoreResult<()>;
    /// Sets attributes (a `Null` value removes it) if `cond` holds; creates the item when absent and the condition
    /// allows. Returns the item as it is after the update.
    async fn update(&self, key: &Key, set: Item, cond: Cond) -> StoreResult<Item>;
    /// Adds `delta` to the numeric attribute `attr` (missing counts as 0) and returns the new value. When the item
    /// is created by this call, the attributes of `on_create` are set too (e.g. a TTL).
    async fn increment(&self, key: &Key, attr: &str, delta: i64, on_create: Item) -> StoreResult<i64>;
    /// Deletes the item if `cond` holds and returns the item as it was (None when there was none).
    async fn delete(&self, key: &Key, cond: Cond) -> StoreResult<Option<Item>>;
    async fn query(&self, query: &Query) -> StoreResult<Page>;
    /// Number of items the query would return (ignores limit and cursor).
    async fn count(&self, query: &Query) -> StoreResult<u64>;
    /// At most 100 operations, on distinct items.
    async fn transact(&self, ops: Vec<TxOp>) -> StoreResult<()>;

    /// Every item the query matches, each as the JSON text of its object, for reads that decode straight into a
    /// type without building a JSON tree first. The embedded store keeps items as JSON text and hands them over
    /// as they are; this default writes each item out.
    async fn query_all_json(&self, query: &Query) -> StoreResult<Vec<String>> {
        self.query_all(query)
            .await?
            .iter()
            .map(|item| serde_json::to_string(item).map_err(|e| StoreError::Other(e.into())))
            .collect()
    }

    /// Every item the query matches, following cursors.
    async fn query_all(&self, query: &Query) -> StoreResult<Vec<Item>> {
        let mut q = query.clone();
        q.limit = None;
        let mut out = Vec::new();
        loop {
            let page = self.query(&q).await?;
            out.extend(page.items);
            match page.cursor {
                Some(c) => q.cursor = Some(c),
                None => return Ok(out),
            }
        }
    }
}

/// Reads the `PK`/`SK` of an item.
pub fn key_of(item: &Item) -> Option<Key> {
    Some(Key::new(item.get(PK)?.as_str()?, item.get(SK)?.as_str()?))
}

/// The string value of an attribute, if it is one.
pub fn attr_str<'a>(item: &'a Item, attr: &str) -> Option<&'a str> {
    item.get(attr).and_then(Value::as_str)
}

/// Cursors are the last returned item's key attributes, as url-safe base64 JSON: opaque to clients,
/// and the same format in both adapters.
pub fn encode_cursor(last: &Item, index: Index) -> String {
    let mut m = Map::new();
    for name in [PK, SK, index.key_names().0, index.key_names().1] {
        if let Some(v) = last.get(name) {
            m.insert(name.to_string(), v.clone());
        }
    }
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Value::Object(m).to_string())
}

pub fn decode_cursor(cursor: &str) -> StoreResult<Map<String, Value>> {
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(cursor)
        .map_err(|_| StoreError::Other(anyhow::anyhow!("invalid cursor")))?;
    match serde_json::from_slice(&bytes) {
        Ok(Value::Object(m)) => Ok(m),
        _ => Err(StoreError::Other(anyhow::anyhow!("invalid cursor"))),
    }
}

/// Whether an item's current state satisfies a condition (used by adapters that evaluate conditions themselves).
pub fn cond_holds(current: Option<&Item>, cond: &Cond) -> bool {
    match cond {
        Cond::None => true,
        Cond::Exists => current.is_some(),
        Cond::NotExists => current.is_none(),
        Cond::Eq(attr, v) => current.and_then(|i| i.get(attr)).is_some_and(|cur| values_equal(cur, v)),
    }
}

/// Numbers compare by value (1 == 1.0), as in DynamoDB.
fn values_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}
