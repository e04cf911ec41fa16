//! A person's notification settings (`USER#<id>` / `NOTIFYSETTINGS`), absent until first changed.

use crate::settings::NotificationSettings;
use bt_core::codec::{from_item, to_item};
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{Cond, Table};
use bt_core::types::UserId;

/// The person's settings; the defaults when they never changed them.
pub async fn load(store: &dyn Table, user_id: &UserId) -> AppResult<NotificationSettings> {
    match store.get(&keys::notification_settings(user_id)).await? {
        Some(item) => from_item(item),
        None => Ok(NotificationSettings::default()),
    }
}

pub async fn save(store: &dyn Table, user_id: &UserId, settings: &NotificationSettings) -> AppResult<()> {
    let item = to_item("notification_settings", &keys::notification_settings(user_id), settings)?;
    store.put(item, Cond::None).await?;
    Ok(())
}
