//! The team's leave types: Vacation, Sick and Unpaid to start with; admins add, edit, archive and delete their own.
//!
//! Items: `TEAM#<teamId>` / `LEAVETYPE#<id>`, listed by one Query (`begins_with LEAVETYPE#`). The three starting
//! types have the same fixed ids in every team (their keys are in the team's partition), so they are written on the
//! team's first use by conditional puts that any number of concurrent first uses can race: the first wins, the others
//! find them. Vacation is the default type: a leave sent without `typeId` (the specification's form) and every leave
//! stored before types existed are of it, so it can be neither archived nor deleted.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

pub mod repo;

use super::timestamp;
use bt_accounts::audit::{self, Action, Entry};
use bt_accounts::users::{Role, User};
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::{RecordId, TeamId};
use bt_core::validate::Check;
use repo::LeaveTypeRepo;

pub const MAX_NAME_CHARS: u64 = 40;
pub const NAME_REQUIRED: &str = "Name is required.";
pub const NAME_TOO_LONG: &str = "Name must not exceed 40 characters.";
pub const NAME_TAKEN: &str = "A leave type with this name already exists.";
pub const INVALID_COLOR: &str = "Colour must be a hex colour such as #22c55e.";
pub const ADMINS_ONLY: &str = "Only admins can manage leave types.";
pub const NOT_FOUND: &str = "Leave type not found.";
pub const IN_USE: &str = "This leave type is in use by leaves. Archive it instead.";
pub const DEFAULT_KEPT: &str = "The default leave type cannot be deleted or archived.";
pub const UNKNOWN_TYPE: &str = "Choose one of the team's leave types.";
pub const ARCHIVED_TYPE: &str = "This leave type is archived. Choose another one.";
/// At most this many types per team (archived ones included).
pub const MAX_TYPES: usize = 50;

/// The id of Vacation, the default type, in every team.
pub const DEFAULT_TYPE_ID: &str = "00000000000000000000000001";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LeaveType {
    #[serde(rename = "_id")]
    pub id: RecordId,
    pub name: String,
    /// `#rrggbb`.
    pub color: String,
    pub paid: bool,
    pub counts_against_allowance: bool,
    pub needs_approval: bool,
    #[serde(default)]
    pub archived: bool,
    /// The type of leaves sent without one (Vacation); it cannot be archived or deleted.
    #[serde(default)]
    pub is_default: bool,
    pub created_at: String,
    pub updated_at: String,
}

/// The body of `POST /leaves/types` and `PUT /leaves/types/{id}` (left-out fields keep their value on an edit).
#[derive(Debug, Clone, Default)]
pub struct LeaveTypeInput {
    pub name: Option<String>,
    pub color: Option<String>,
    pub paid: Option<bool>,
    pub counts_against_allowance: Option<bool>,
    pub needs_approval: Option<bool>,
    /// Edits only: an archived type is kept for the leaves that have it, and offered for no new one.
    pub archived: Option<bool>,
}

impl LeaveTypeInput {
    /// The stored type with this edit's fields over it (a left-out field keeps its value), written at `now`.
    fn merged_into(&self, old: &LeaveType, now: DateTime<Utc>) -> LeaveType {
        LeaveType {
            name: self.name.as_deref().map(str::trim).unwrap_or(&old.name).to_string(),
            color: self.color.as_deref().map(|c| c.trim().to_lowercase()).unwrap_or_else(|| old.color.clone()),
            paid: self.paid.unwrap_or(old.paid),
            counts_against_allowance: self.counts_against_allowance.unwrap_or(old.counts_against_allowance),
            needs_approval: self.needs_approval.unwrap_or(old.needs_approval),
            archived: self.archived.unwrap_or(old.archived),
            updated_at: timestamp(now),
            ..old.clone()
        }
    }
}

fn starting_types(now: &str) -> [LeaveType; 3] {
    let make = |id: &str, name: &str, color: &str, counts: bool, approval: bool| LeaveType {
        id: RecordId::parse(id).expect("a fixed valid id"),
        name: name.into(),
        color: color.into(),
        paid: name != "Unpaid",
        counts_against_allowance: counts,
        needs_approval: approval,
        archived: false,
        is_default: id == DEFAULT_TYPE_ID,
        created_at: now.into(),
        updated_at: now.into(),
    };
    [
        make(DEFAULT_TYPE_ID, "Vacation", "#22c55e", true, true),
        make("00000000000000000000000002", "Sick", "#ef4444", false, false),
        make("00000000000000000000000003", "Unpaid", "#64748b", false, true),
    ]
}

pub fn default_type_id() -> RecordId {
    RecordId::parse(DEFAULT_TYPE_ID).expect("a fixed valid id")
}

/// The team's leave types, in the order they were made (the three starting ones first). The first call of a team
/// writes the starting types.
pub async fn team_leave_types(store: &dyn Table, team_id: &TeamId, now: DateTime<Utc>) -> AppResult<Vec<LeaveType>> {
    let repo = LeaveTypeRepo::new(store);
    let types = repo.list(team_id).await?;
    if !types.is_empty() {
        return Ok(types);
    }
    repo.insert_starting(team_id, &starting_types(&timestamp(now))).await?;
    repo.list(team_id).await
}

/// `GET /leaves/types`: the viewer's team's types (see [`team_leave_types`]).
pub async fn list_leave_types(app: &Services, team_id: &TeamId, now: DateTime<Utc>) -> AppResult<Vec<LeaveType>> {
    team_leave_types(app.table(), team_id, now).await
}

/// The type a new or edited leave gets: the one asked for (a type of the team, not archived, unless the leave already
/// had it), else the default.
pub async fn type_for_leave(
    store: &dyn Table,
    team_id: &TeamId,
    wanted: Option<&str>,
    current: Option<&RecordId>,
    now: DateTime<Utc>,
) -> AppResult<LeaveType> {
    let types = team_leave_types(store, team_id, now).await?;
    pick_type(types, wanted, current)
}

/// [`type_for_leave`] among the team's types, read already.
pub fn pick_type(types: Vec<LeaveType>, wanted: Option<&str>, current: Option<&RecordId>) -> AppResult<LeaveType> {
    let wanted = match wanted.map(str::trim).filter(|w| !w.is_empty()) {
        Some(w) => Some(RecordId::parse(w).map_err(|_| AppError::field("typeId", UNKNOWN_TYPE))?),
        None => current.cloned(),
    };
    let id = wanted.unwrap_or_else(default_type_id);
    let Some(found) = types.iter().find(|t| t.id == id) else {
        // A leave whose type was deleted meanwhile keeps reading as the default type.
        if current == Some(&id) {
            return types.into_iter().find(|t| t.is_default).ok_or_else(|| AppError::field("typeId", UNKNOWN_TYPE));
        }
        return Err(AppError::field("typeId", UNKNOWN_TYPE));
    };
    if found.archived && current != Some(&found.id) {
        return Err(AppError::field("typeId", ARCHIVED_TYPE));
    }
    Ok(found.clone())
}

fn is_color(value: &str) -> bool {
    value.len() == 7 && value.starts_with('#') && value[1..].chars().all(|c| c.is_ascii_hexdigit())
}

/// Checks a type as it would be stored: name present, short and unique in the team (any case), colour well formed,
/// the default type kept in use.
fn validate(candidate: &LeaveType, others: &[LeaveType]) -> AppResult<()> {
    let mut check = Check::new();
    check.required("name", &candidate.name, NAME_REQUIRED).max_chars(
        "name",
        &candidate.name,
        MAX_NAME_CHARS,
        NAME_TOO_LONG,
    );
    let taken = others.iter().any(|o| o.id != candidate.id && o.name.to_lowercase() == candidate.name.to_lowercase());
    check.rule("name", !taken, NAME_TAKEN);
    check.rule("color", is_color(&candidate.color), INVALID_COLOR);
    check.rule("archived", !(candidate.is_default && candidate.archived), DEFAULT_KEPT);
    check.finish()
}

fn admin_only(user: &User) -> AppResult<()> {
    if user.role == Role::Admin {
        Ok(())
    } else {
        Err(AppError::Forbidden(ADMINS_ONLY.into()))
    }
}

/// An admin adds a type to their team.
pub async fn add_leave_type(
    app: &Services,
    admin: &User,
    input: &LeaveTypeInput,
    now: DateTime<Utc>,
) -> AppResult<LeaveType> {
    admin_only(admin)?;
    let team_id = &admin.team_id;
    let types = team_leave_types(app.table(), team_id, now).await?;
    if types.len() >= MAX_TYPES {
        return Err(AppError::field("name", format!("A team can have at most {MAX_TYPES} leave types.")));
    }
    let stamp = timestamp(now);
    let leave_type = LeaveType {
        id: super::new_id(now),
        name: input.name.as_deref().unwrap_or("").trim().to_string(),
        color: input.color.as_deref().unwrap_or("#6366f1").trim().to_lowercase(),
        paid: input.paid.unwrap_or(true),
        counts_against_allowance: input.counts_against_allowance.unwrap_or(false),
        needs_approval: input.needs_approval.unwrap_or(true),
        archived: false,
        is_default: false,
        created_at: stamp.clone(),
        updated_at: stamp,
    };
    validate(&leave_type, &types)?;
    let logged = Entry::by(admin, Action::LeaveTypeCreated, now)
        .about(leave_type.name.clone())
        .change(None::<&LeaveType>, Some(&leave_type));
    LeaveTypeRepo::new(app.table()).insert_logged(team_id, &leave_type, audit::op(&logged)?).await?;
    Ok(leave_type)
}

/// An admin edits (or archives) a type of their team.
pub async fn edit_leave_type(
    app: &Services,
    admin: &User,
    id: &RecordId,
    input: &LeaveTypeInput,
    now: DateTime<Utc>,
) -> AppResult<LeaveType> {
    admin_only(admin)?;
    let team_id = &admin.team_id;
    let repo = LeaveTypeRepo::new(app.table());
    // Read as stored: a type to edit has been listed, so the starting ones are written already.
    let types = repo.list(team_id).await?;
    let old = types.iter().find(|t| &t.id == id).ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    let edited = input.merged_into(old, now);
    validate(&edited, &types)?;
    let logged =
        Entry::by(admin, Action::LeaveTypeChanged, now).about(edited.name.clone()).change(Some(old), Some(&edited));
    repo.replace_logged(team_id, &edited, &old.updated_at, audit::op(&logged)?).await?;
    Ok(edited)
}

/// An admin deletes a type of their team that no leave has (one in use can be archived instead).
pub async fn delete_leave_type(
    app: &Services,
    admin: &User,
    id: &RecordId,
    now: DateTime<Utc>,
) -> AppResult<LeaveType> {
    admin_only(admin)?;
    let team_id = &admin.team_id;
    let repo = LeaveTypeRepo::new(app.table());
    let types = repo.list(team_id).await?;
    let found = types.into_iter().find(|t| &t.id == id).ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    if found.is_default {
        return Err(AppError::Conflict(DEFAULT_KEPT.into()));
    }
    if repo.in_use(team_id, id).await? {
        return Err(AppError::Conflict(IN_USE.into()));
    }
    let logged = Entry::by(admin, Action::LeaveTypeDeleted, now)
        .about(found.name.clone())
        .change(Some(&found), None::<&LeaveType>);
    repo.remove_logged(team_id, id, audit::op(&logged)?).await?;
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(name: &str) -> LeaveType {
        let mut t = starting_types("2024-01-01T00:00:00.000Z")[2].clone();
        t.id = RecordId::parse("01HZX3Y8Q2W5E7R9T1V3B5N7M9").unwrap();
        t.name = name.into();
        t
    }

    fn field_error(result: AppResult<()>, field: &str) -> String {
        match result {
            Err(AppError::Validation(f)) => f[field].clone(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn names_are_unique_in_any_case_and_short() {
        let others = starting_types("2024-01-01T00:00:00.000Z");
        assert_eq!(field_error(validate(&named("vacation"), &others), "name"), NAME_TAKEN);
        assert_eq!(field_error(validate(&named(""), &others), "name"), NAME_REQUIRED);
        assert_eq!(field_error(validate(&named(&"x".repeat(41)), &others), "name"), NAME_TOO_LONG);
        assert!(validate(&named(&"x".repeat(40)), &others).is_ok());
    }

    #[test]
    fn colours_and_the_default_type() {
        let mut t = named("Training");
        t.color = "green".into();
        assert_eq!(field_error(validate(&t, &[]), "color"), INVALID_COLOR);
        let mut vacation = starting_types("2024-01-01T00:00:00.000Z")[0].clone();
        assert!(vacation.is_default);
        vacation.archived = true;
        assert_eq!(field_error(validate(&vacation, &[]), "archived"), DEFAULT_KEPT);
    }

    #[test]
    fn the_starting_types() {
        let [vacation, sick, unpaid] = starting_types("2024-01-01T00:00:00.000Z");
        assert!(vacation.counts_against_allowance && vacation.needs_approval && vacation.paid);
        assert!(!sick.counts_against_allowance && !sick.needs_approval && sick.paid);
        assert!(!unpaid.counts_against_allowance && unpaid.needs_approval && !unpaid.paid);
    }
}
