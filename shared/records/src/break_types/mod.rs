//! The team's list of break types (§3), with the specification's list as the default.

use chrono::{DateTime, Utc};

pub mod repo;

use self::repo::BreakTypesRepo;
use super::timestamp;
use bt_accounts::audit::{self, Action, Entry};
use bt_accounts::User;
use bt_core::error::AppResult;
use bt_core::services::Services;
use bt_core::store::Table;
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
pub async fn team_break_types(app: &Services, team_id: &TeamId) -> AppResult<Vec<String>> {
    BreakTypesRepo::new(app.table()).list(team_id).await
}

/// An admin replaces their team's list (checked as [`validate_break_types`]); the change is logged, with the list
/// before and after, in the transaction that writes it.
pub async fn edit_team_break_types(app: &Services, admin: &User, input: &BreakTypesInput) -> AppResult<Vec<String>> {
    admin.require_admin()?;
    let types = validate_break_types(input)?;
    let repo = BreakTypesRepo::new(app.table());
    let before = repo.list(&admin.team_id).await?;
    let now = app.clock.now();
    let logged =
        Entry::by(admin, Action::BreakTypesChanged, now).about(types.join(", ")).change(Some(&before), Some(&types));
    repo.replace_logged(&admin.team_id, &types, timestamp(now), audit::op(&logged)?).await?;
    Ok(types)
}

/// Sets a team's list as given (no checks, nothing logged): seeding and tests.
pub async fn set_team_break_types(
    store: &dyn Table,
    team_id: &TeamId,
    types: Vec<String>,
    now: DateTime<Utc>,
) -> AppResult<Vec<String>> {
    BreakTypesRepo::new(store).replace(team_id, &types, timestamp(now)).await?;
    Ok(types)
}
