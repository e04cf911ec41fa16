//! A store that counts each kind of call it passes on, for the benchmarks that print their store calls.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use bt_core::store::{Cond, Item, Key, Page, Query, StoreResult, Table, TxOp};

/// The store with a count of each kind of call.
pub struct Counting {
    pub inner: Arc<dyn Table>,
    calls: Mutex<BTreeMap<&'static str, u64>>,
}

impl Counting {
    pub fn new(inner: Arc<dyn Table>) -> Counting {
        Counting { inner, calls: Mutex::default() }
    }
    pub fn count(&self, what: &'static str) {
        *self.calls.lock().unwrap().entry(what).or_default() += 1;
    }
    pub fn take(&self) -> BTreeMap<&'static str, u64> {
        std::mem::take(&mut self.calls.lock().unwrap())
    }
}

#[async_trait]
impl Table for Counting {
    async fn get(&self, key: &Key) -> StoreResult<Option<Item>> {
        self.count("GetItem");
        self.inner.get(key).await
    }
    async fn put(&self, item: Item, cond: Cond) -> StoreResult<()> {
        self.count("PutItem");
        self.inner.put(item, cond).await
    }
    async fn update(&self, key: &Key, set: Item, cond: Cond) -> StoreResult<Item> {
        self.count("UpdateItem");
        self.inner.update(key, set, cond).await
    }
    async fn increment(&self, key: &Key, attr: &str, delta: i64, on_create: Item) -> StoreResult<i64> {
        self.count("UpdateItem");
        self.inner.increment(key, attr, delta, on_create).await
    }
    async fn delete(&self, key: &Key, cond: Cond) -> StoreResult<Option<Item>> {
        self.count("DeleteItem");
        self.inner.delete(key, cond).await
    }
    async fn query(&self, query: &Query) -> StoreResult<Page> {
        self.count("Query");
        self.inner.query(query).await
    }
    async fn count(&self, query: &Query) -> StoreResult<u64> {
        self.count("Query");
        self.inner.count(query).await
    }
    async fn transact(&self, ops: Vec<TxOp>) -> StoreResult<()> {
        self.count("TransactWriteItems");
        self.inner.transact(ops).await
    }
}
