//! Notifications' part of an export (`bt_records::export`): the person's reminder and notice settings.

use async_trait::async_trait;
use serde_json::{json, Value};

use crate::settings;
use bt_accounts::User;
use bt_core::error::AppResult;
use bt_core::store::Table;
use bt_records::export::{internal, ExportPart, Kind};

/// The notification settings in an export.
pub struct SettingsExport;

#[async_trait]
impl ExportPart for SettingsExport {
    async fn person(&self, store: &dyn Table, user: &User) -> AppResult<Vec<Kind>> {
        let mut row = serde_json::to_value(settings::load(store, &user.id).await?).map_err(internal)?;
        if let Value::Object(map) = &mut row {
            map.insert("userId".into(), json!(user.id));
        }
        Ok(vec![Kind { name: "notification-settings", rows: vec![row] }])
    }
}
