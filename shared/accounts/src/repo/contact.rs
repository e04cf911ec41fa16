//! Contact messages (`CONTACT#<yyyy-mm>` / `<id>`).

use serde_json::Value;

use bt_core::codec::to_item;
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{Cond, Item, StoreResult, Table};

pub async fn insert(store: &dyn Table, month: &str, id: &str, message: &Value) -> AppResult<()> {
    store.put(to_item("contact_message", &keys::contact_message(month, id), message)?, Cond::NotExists).await?;
    Ok(())
}

/// Notes that the message went out to the support address.
pub async fn mark_mailed(store: &dyn Table, month: &str, id: &str) -> StoreResult<()> {
    let mut set = Item::new();
    set.insert("mailed".into(), true.into());
    store.update(&keys::contact_message(month, id), set, Cond::Exists).await?;
    Ok(())
}
