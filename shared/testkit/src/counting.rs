//! A store that counts the calls passed through it, one count per operation of the port: what the store-call
//! print (`make bench-calls`) shows per request and what the API tests hold as upper bounds.
//!
//! ```ignore
//! let store = CountingStore::new(bt_testkit::sqlite_store());
//! let app = spawn_app_with(options().store(store.clone())).await;
//! store.take(); // forget the set-up's calls
//! app.post(&ann, "/break/add", body).await.expect(201);
//! assert!(store.take().reads() <= 4);
//! ```

use std::fmt;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use bt_core::store::{Cond, Item, Key, Page, Query, StoreResult, Table, TxOp};

/// The calls of each operation since the last [`CountingStore::take`]. `query_all` counts a whole read to the end
/// once (the adapter pages underneath); `count` is a query that answers a number.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Calls {
    pub get: u64,
    pub put: u64,
    pub update: u64,
    pub delete: u64,
    pub query: u64,
    pub query_all: u64,
    pub count: u64,
    pub increment: u64,
    pub transact: u64,
}

impl Calls {
    /// Calls that read: get, query, query_all, count.
    pub fn reads(&self) -> u64 {
        self.get + self.query + self.query_all + self.count
    }
    /// Calls that write: put, update, delete, increment, transact (a transaction counts once).
    pub fn writes(&self) -> u64 {
        self.put + self.update + self.delete + self.increment + self.transact
    }
    pub fn total(&self) -> u64 {
        self.reads() + self.writes()
    }
    /// Each operation with its count, in the port's order.
    pub fn by_operation(&self) -> [(&'static str, u64); 9] {
        [
            ("get", self.get),
            ("put", self.put),
            ("update", self.update),
            ("delete", self.delete),
            ("query", self.query),
            ("query_all", self.query_all),
            ("count", self.count),
            ("increment", self.increment),
            ("transact", self.transact),
        ]
    }
}

/// The operations that were called, e.g. `get 2, query_all 3, transact 1`.
impl fmt::Display for Calls {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let called: Vec<String> =
            self.by_operation().iter().filter(|(_, n)| *n > 0).map(|(op, n)| format!("{op} {n}")).collect();
        if called.is_empty() {
            return f.write_str("none");
        }
        f.write_str(&called.join(", "))
    }
}

/// The store port over another store, counting each call it passes on.
pub struct CountingStore {
    inner: Arc<dyn Table>,
    calls: Mutex<Calls>,
}

impl CountingStore {
    pub fn new(inner: Arc<dyn Table>) -> Arc<CountingStore> {
        Arc::new(CountingStore { inner, calls: Mutex::default() })
    }

    /// The calls since the last take, and a fresh count from here.
    pub fn take(&self) -> Calls {
        std::mem::take(&mut *self.lock())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Calls> {
        self.calls.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn tick(&self, op: impl FnOnce(&mut Calls) -> &mut u64) {
        *op(&mut self.lock()) += 1;
    }
}

#[async_trait]
impl Table for CountingStore {
    async fn get(&self, key: &Key) -> StoreResult<Option<Item>> {
        self.tick(|c| &mut c.get);
        self.inner.get(key).await
    }
    async fn put(&self, item: Item, cond: Cond) -> StoreResult<()> {
        self.tick(|c| &mut c.put);
        self.inner.put(item, cond).await
    }
    async fn update(&self, key: &Key, set: Item, cond: Cond) -> StoreResult<Item> {
        self.tick(|c| &mut c.update);
        self.inner.update(key, set, cond).await
    }
    async fn increment(&self, key: &Key, attr: &str, delta: i64, on_create: Item) -> StoreResult<i64> {
        self.tick(|c| &mut c.increment);
        self.inner.increment(key, attr, delta, on_create).await
    }
    async fn delete(&self, key: &Key, cond: Cond) -> StoreResult<Option<Item>> {
        self.tick(|c| &mut c.delete);
        self.inner.delete(key, cond).await
    }
    async fn query(&self, query: &Query) -> StoreResult<Page> {
        self.tick(|c| &mut c.query);
        self.inner.query(query).await
    }
    async fn count(&self, query: &Query) -> StoreResult<u64> {
        self.tick(|c| &mut c.count);
        self.inner.count(query).await
    }
    async fn transact(&self, ops: Vec<TxOp>) -> StoreResult<()> {
        self.tick(|c| &mut c.transact);
        self.inner.transact(ops).await
    }
    async fn query_all(&self, query: &Query) -> StoreResult<Vec<Item>> {
        self.tick(|c| &mut c.query_all);
        self.inner.query_all(query).await
    }
    async fn query_all_json(&self, query: &Query) -> StoreResult<Vec<String>> {
        self.tick(|c| &mut c.query_all);
        self.inner.query_all_json(query).await
    }
}
