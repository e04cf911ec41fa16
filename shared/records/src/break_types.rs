//! The team's list of break types (§3), with the specification's list as the default.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::timestamp;
use bt_accounts::audit::{self, Action, Entry};
use bt_accounts::User;
use bt_core::codec::to_item;
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::services::Services;
use bt_core::store::{Cond, Table, TxOp};
use bt_core::types::TeamId;
use bt_core::validate::Check;

pub const DEFAULT_BREAK_TYPES: [&str; 7] = [
    "Lunch Break",
    "Short Break",
    "Refreshment",
    "Social Media Break",
    "Cigarette",
    "Picking kids from School",
    "Coffee Break",
];
pub const MAX_TYPES: usize = 50;
pub const MAX_TYPE_NAME_CHARS: usize = 100;

/// The body of `PUT /type/edit`.
#[derive(Debug, Clone, Default)]
pub struct BreakTypesInput {
    pub types: Option<Vec<String>>,
}

#[derive(Debug, Serialize, Deserialize)]
struct BreakTypesItem {
    #[serde(rename = "type")]
    types: Vec<String>,
    #[serde(rename = "updatedAt")]
    updated_at: String,
}

/// Trimmed, without blanks and duplicates (case-insensitive), at least one, at most [`MAX_TYPES`].
pub fn validate_break_types(input: &BreakTypesInput) -> AppResult<Vec<String>> {
    let mut check = Check::new();
    let mut out: Vec<String> = Vec::new();
    for name in input.types.iter().flatten().map(|t| t.trim()).filter(|t| !t.is_empty()) {
        check.rule("type", name.chars().count() <= MAX_TYPE_NAME_CHARS, "A break type must not exceed 100 characters.");
        if !out.iter().any(|o| o.eq_ignore_ascii_case(name)) {
            out.push(name.to_string());
        }
    }
    check.rule("type", !out.is_empty(), "Add at least one break type.");
    check.rule("type", out.len() <= MAX_TYPES, "A team can have at most 50 break types.");
    check.finish()?;
    Ok(out)
}

/// The team's list, or the default list when the team has none.
pub async fn team_break_types(store: &dyn Table, team_id: &TeamId) -> AppResult<Vec<String>> {
    let item = store.get(&keys::team_break_types(team_id)).await?;
    let types = item
        .as_ref()
        .and_then(|i| i.get("type"))
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).map(str::to_string).collect::<Vec<_>>())
        .filter(|t| !t.is_empty());
    Ok(types.unwrap_or_else(|| DEFAULT_BREAK_TYPES.iter().map(|s| s.to_string()).collect()))
}

/// An admin replaces their team's list (checked as [`validate_break_types`]); the change is logged, with the list
/// before and after, in the transaction that writes it.
pub async fn edit_team_break_types(
    services: &Services,
    admin: &User,
    input: &BreakTypesInput,
) -> AppResult<Vec<String>> {
    admin.require_admin()?;
    let types = validate_break_types(input)?;
    let store = services.table();
    let before = team_break_types(store, &admin.team_id).await?;
    let now = services.clock.now();
    let logged =
        Entry::by(admin, Action::BreakTypesChanged, now).about(types.join(", ")).change(Some(&before), Some(&types));
    let item = to_item(
        "break_types",
        &keys::team_break_types(&admin.team_id),
        &BreakTypesItem { types: types.clone(), updated_at: timestamp(now) },
    )?;
    store.transact(vec![TxOp::Put { item, cond: Cond::None }, audit::op(&logged)?]).await?;
    Ok(types)
}

pub async fn set_team_break_types(
    store: &dyn Table,
    team_id: &TeamId,
    types: Vec<String>,
    now: DateTime<Utc>,
) -> AppResult<Vec<String>> {
    let item = to_item(
        "break_types",
        &keys::team_break_types(team_id),
        &BreakTypesItem { types: types.clone(), updated_at: timestamp(now) },
    )?;
    store.put(item, Cond::None).await?;
    Ok(types)
}
