//! The item codec: a typed entity to a table item (its keys and `entity_type` added) and back. Every layer's
//! repositories use it.

use serde::Serialize;
use serde_json::Value;

use crate::error::{AppError, AppResult};
use crate::store::{Item, Key};

/// Turns a typed entity into a table item with its keys and `entity_type`.
pub fn to_item<T: Serialize>(entity_type: &str, key: &Key, entity: &T) -> AppResult<Item> {
    let mut item = match serde_json::to_value(entity).map_err(|e| AppError::Internal(e.into()))? {
        Value::Object(m) => m,
        _ => return Err(AppError::Internal(anyhow::anyhow!("entity is not an object"))),
    };
    item.insert("PK".into(), Value::String(key.pk.clone()));
    item.insert("SK".into(), Value::String(key.sk.clone()));
    item.insert("entity_type".into(), Value::String(entity_type.into()));
    Ok(item)
}

/// Reads a typed entity back from an item (key attributes are ignored).
pub fn from_item<T: serde::de::DeserializeOwned>(item: Item) -> AppResult<T> {
    serde_json::from_value(Value::Object(item)).map_err(|e| AppError::Internal(anyhow::anyhow!("corrupt item: {e}")))
}
