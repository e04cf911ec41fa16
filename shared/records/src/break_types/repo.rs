//! The break types' repository: a team's list is one item, `TEAM#<teamId>` / `BREAKTYPES`; an absent item (or an
//! empty list) reads as the default list.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::DEFAULT_BREAK_TYPES;
use bt_core::codec::to_item;
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{Cond, Table, TxOp};
use bt_core::types::TeamId;

#[derive(Debug, Serialize, Deserialize)]
struct BreakTypesItem {
    #[serde(rename = "type")]
    types: Vec<String>,
    #[serde(rename = "updatedAt")]
    updated_at: String,
}

pub struct BreakTypesRepo<'a> {
    store: &'a dyn Table,
}

impl<'a> BreakTypesRepo<'a> {
    pub fn new(store: &'a dyn Table) -> Self {
        BreakTypesRepo { store }
    }

    /// The team's list, or the default list when the team has none.
    pub async fn list(&self, team_id: &TeamId) -> AppResult<Vec<String>> {
        let item = self.store.get(&keys::team_break_types(team_id)).await?;
        let types = item
            .as_ref()
            .and_then(|i| i.get("type"))
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_str).map(str::to_string).collect::<Vec<_>>())
            .filter(|t| !t.is_empty());
        Ok(types.unwrap_or_else(|| DEFAULT_BREAK_TYPES.iter().map(|s| s.to_string()).collect()))
    }

    /// Replaces the team's list, with `logged` (the audit log's entry of the change) in the same transaction.
    pub async fn replace_logged(
        &self,
        team_id: &TeamId,
        types: &[String],
        updated_at: String,
        logged: TxOp,
    ) -> AppResult<()> {
        let put = TxOp::Put { item: item(team_id, types, updated_at)?, cond: Cond::None };
        Ok(self.store.transact(vec![put, logged]).await?)
    }

    /// Replaces the team's list.
    pub async fn replace(&self, team_id: &TeamId, types: &[String], updated_at: String) -> AppResult<()> {
        Ok(self.store.put(item(team_id, types, updated_at)?, Cond::None).await?)
    }
}

fn item(team_id: &TeamId, types: &[String], updated_at: String) -> AppResult<bt_core::store::Item> {
    to_item("break_types", &keys::team_break_types(team_id), &BreakTypesItem { types: types.to_vec(), updated_at })
}
