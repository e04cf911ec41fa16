//! The rule set a team follows now: the saved one, or no rules (`RuleSet::default()`, preset `none`).

use super::model::RuleSet;
use super::repo::read;
use bt_core::error::AppResult;
use bt_core::store::Table;
use bt_core::types::TeamId;

/// The team's rule set (preset `none` until one is saved).
pub async fn team_rules(store: &dyn Table, team_id: &TeamId) -> AppResult<RuleSet> {
    Ok(read::load(store, team_id).await?.unwrap_or_default())
}

/// Keeps a rule set for the team as given (seeding and tests; the rules route validates first).
pub async fn save(store: &dyn Table, team_id: &TeamId, rules: &RuleSet) -> AppResult<()> {
    read::save(store, team_id, rules).await
}
