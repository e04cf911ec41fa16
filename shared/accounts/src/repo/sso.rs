//! The team's single sign-on requirement (`TEAM#<teamId>` / `SSO`): `required`, when and by whom it was last set.

use serde_json::{json, Value};

use bt_core::codec::to_item;
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{Table, TxOp};
use bt_core::types::{TeamId, UserId};

/// Whether the team requires single sign-on (false when it never said).
pub async fn required(store: &dyn Table, team_id: &TeamId) -> AppResult<bool> {
    Ok(store
        .get(&keys::team_sso(team_id))
        .await?
        .and_then(|item| item.get("required").and_then(Value::as_bool))
        .unwrap_or(false))
}

/// A transaction part that writes the requirement.
pub fn put_op(team_id: &TeamId, required: bool, by: &UserId, now: &str) -> AppResult<TxOp> {
    let item = to_item(
        "team_sso",
        &keys::team_sso(team_id),
        &json!({ "teamId": team_id, "required": required, "updatedBy": by, "updatedAt": now }),
    )?;
    Ok(TxOp::Put { item, cond: bt_core::store::Cond::None })
}
