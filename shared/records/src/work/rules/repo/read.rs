//! Reads (and, for tests and seeding, writes) the team's rule set item.

use crate::work::rules::model::RuleSet;
use bt_core::codec::{from_item, to_item};
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{Cond, Table};
use bt_core::types::TeamId;

/// The team's saved rule set, if any.
pub async fn load(store: &dyn Table, team_id: &TeamId) -> AppResult<Option<RuleSet>> {
    store.get(&keys::work_rules(team_id)).await?.map(from_item).transpose()
}

/// Keeps the team's rule set as given (no validation: the rules route checks a body before it comes here).
pub async fn save(store: &dyn Table, team_id: &TeamId, rules: &RuleSet) -> AppResult<()> {
    store.put(to_item("work_rules", &keys::work_rules(team_id), rules)?, Cond::None).await?;
    Ok(())
}
