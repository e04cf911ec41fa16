//! Tasks: status and priority values (§4), rules (§5) and the filtered list.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use super::dates::{computed_day, date_field, DateRange};
use super::paging::Paging;
use super::repo::owned_record_fields;
use super::repo::Record;
use super::{new_id, timestamp, Expect, Owner};
use bt_core::error::{AppError, AppResult};
use bt_core::keys::{self, RecordKind};
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::{Day, RecordId, TeamId, UserId};

pub mod repo;

use self::repo::TaskRepo;
use bt_core::validate::Check;

pub const MAX_TITLE_CHARS: u64 = 200;
pub const MAX_DESCRIPTION_CHARS: u64 = 4000;
pub const INVALID_SCHEDULED: &str = "Please provide a valid date.";
pub const INVALID_STATUS: &str = "Please select a valid status.";
pub const INVALID_PRIORITY: &str = "Please select a valid priority.";

macro_rules! labelled_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident => $label:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum $name {
            $(#[serde(rename = $label)] $variant),+
        }
        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $label),+ }
            }
            /// The label, ignoring case and surrounding spaces.
            pub fn parse(value: &str) -> Option<$name> {
                let v = value.trim();
                Self::ALL.iter().copied().find(|s| s.as_str().eq_ignore_ascii_case(v))
            }
        }
    };
}

labelled_enum!(
    /// Task status; the first is the default (§4).
    TaskStatus {
        ToDo => "To Do",
        InProgress => "In Progress",
        InReview => "In Review",
        Completed => "Completed",
        Invalid => "Invalid",
        OnHold => "On Hold",
        Deferred => "Deferred",
        Blocked => "Blocked",
    }
);

labelled_enum!(
    /// Task priority; the first is the default (§4).
    TaskPriority {
        Normal => "Normal",
        Important => "Important",
        Critical => "Critical",
        Low => "Low",
        High => "High",
        Urgent => "Urgent",
        Blocker => "Blocker",
    }
);

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Task {
    #[serde(rename = "_id")]
    pub id: RecordId,
    pub user_id: UserId,
    pub title: String,
    pub description: String,
    /// The day the task is scheduled for.
    pub scheduled: Day,
    pub status: TaskStatus,
    pub priority: TaskPriority,
    /// The day it was created, in the owner's zone (set by the server).
    pub created_date: Day,
    pub created_at: String,
    pub updated_at: String,
}

impl Record for Task {
    const KIND: RecordKind = RecordKind::Task;
    const ENTITY: &'static str = "task";
    owned_record_fields!();
    fn date_key(&self) -> String {
        keys::task_by_date_sk(self.scheduled, &self.id)
    }
    fn gsi2(&self, team_id: &TeamId) -> Option<(String, String)> {
        Some((keys::team_tasks_gsi(team_id), keys::team_task_sk(self.scheduled, &self.user_id, &self.id)))
    }
}

/// The body of `POST /task/add` and `PUT /task/edit/{id}`.
#[derive(Debug, Clone, Default)]
pub struct TaskInput {
    pub title: Option<String>,
    pub description: Option<String>,
    pub scheduled: Option<String>,
    pub status: Option<String>,
    pub priority: Option<String>,
}

impl TaskInput {
    /// This edit over the stored task: each field left out keeps the stored value.
    pub fn over(&self, old: &Task) -> TaskInput {
        let keep = |given: &Option<String>, stored: String| Some(given.clone().unwrap_or(stored));
        TaskInput {
            title: keep(&self.title, old.title.clone()),
            description: keep(&self.description, old.description.clone()),
            scheduled: keep(&self.scheduled, old.scheduled.to_string()),
            status: keep(&self.status, old.status.as_str().to_string()),
            priority: keep(&self.priority, old.priority.as_str().to_string()),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct ValidTask {
    pub title: String,
    pub description: String,
    pub scheduled: Day,
    pub status: TaskStatus,
    pub priority: TaskPriority,
}

/// The rules of §5 for a task. A missing status or priority takes the default (To Do, Normal); a value outside
/// the lists of §4 is rejected.
pub fn validate_task(input: &TaskInput) -> AppResult<ValidTask> {
    let mut check = Check::new();
    let title = input.title.as_deref().unwrap_or("").trim();
    check.required("title", title, "Title is required.").max_chars(
        "title",
        title,
        MAX_TITLE_CHARS,
        "Title must not exceed 200 characters.",
    );
    let description = input.description.as_deref().unwrap_or("").trim();
    check.required("description", description, "Description is required.").max_chars(
        "description",
        description,
        MAX_DESCRIPTION_CHARS,
        "Description must not exceed 4000 characters.",
    );
    let scheduled =
        date_field(&mut check, "scheduled", input.scheduled.as_deref(), INVALID_SCHEDULED, INVALID_SCHEDULED);
    let status = match input.status.as_deref() {
        None => Some(TaskStatus::ToDo),
        Some(s) => TaskStatus::parse(s),
    };
    check.rule("status", status.is_some(), INVALID_STATUS);
    let priority = match input.priority.as_deref() {
        None => Some(TaskPriority::Normal),
        Some(p) => TaskPriority::parse(p),
    };
    check.rule("priority", priority.is_some(), INVALID_PRIORITY);
    check.finish()?;
    Ok(ValidTask {
        title: title.to_string(),
        description: description.to_string(),
        scheduled: scheduled.expect("checked"),
        status: status.expect("checked"),
        priority: priority.expect("checked"),
    })
}

pub async fn add_task(app: &Services, owner: &Owner, input: &TaskInput, now: DateTime<Utc>) -> AppResult<Task> {
    let v = validate_task(input)?;
    let task = Task {
        id: new_id(now),
        user_id: owner.user_id.clone(),
        title: v.title,
        description: v.description,
        scheduled: v.scheduled,
        status: v.status,
        priority: v.priority,
        created_date: computed_day(owner.today(now))?,
        created_at: timestamp(now),
        updated_at: timestamp(now),
    };
    TaskRepo::new(app.table()).insert(&task, &owner.team_id).await?;
    Ok(task)
}

/// Fields left out of the body keep their stored value.
/// Written only over the version `expect` names (a conflict, and nothing written, otherwise).
pub async fn edit_task(
    app: &Services,
    owner: &Owner,
    id: &RecordId,
    input: &TaskInput,
    expect: &Expect,
    now: DateTime<Utc>,
) -> AppResult<Task> {
    let repo = TaskRepo::new(app.table());
    let stored = repo.for_edit(&owner.user_id, id, expect).await?;
    let old = stored.record;
    let v = validate_task(&input.over(&old))?;
    let task = Task {
        title: v.title,
        description: v.description,
        scheduled: v.scheduled,
        status: v.status,
        priority: v.priority,
        updated_at: timestamp(now),
        ..old
    };
    repo.replace(&task, &owner.team_id, stored.version).await?;
    Ok(task)
}

pub async fn get_task(app: &Services, owner: &Owner, id: &RecordId) -> AppResult<Task> {
    TaskRepo::new(app.table()).owned(&owner.user_id, id).await
}

pub async fn delete_task(app: &Services, owner: &Owner, id: &RecordId) -> AppResult<Task> {
    TaskRepo::new(app.table()).remove(&owner.user_id, id).await
}

/// The owner's tasks scheduled on one day.
pub async fn tasks_on(app: &Services, user_id: &UserId, day: NaiveDate) -> AppResult<Vec<Task>> {
    TaskRepo::new(app.table()).on_day(user_id, day).await
}

/// Filters of the task list (`GET /task/list`).
#[derive(Debug, Clone, Default)]
pub struct TaskFilter {
    pub status: Option<TaskStatus>,
    pub priority: Option<TaskPriority>,
    /// Case-insensitive part of the title.
    pub title: Option<String>,
    pub scheduled: Option<DateRange>,
    pub created: Option<DateRange>,
}

impl TaskFilter {
    /// Reads the filters from query parameters; unknown values are 422 naming the parameter.
    pub fn parse(
        status: Option<&str>,
        priority: Option<&str>,
        title: Option<&str>,
        scheduled: (Option<&str>, Option<&str>),
        created: (Option<&str>, Option<&str>),
    ) -> AppResult<TaskFilter> {
        let blank = |v: Option<&str>| v.map(str::trim).filter(|v| !v.is_empty()).map(str::to_string);
        let status = match blank(status) {
            None => None,
            Some(s) => Some(TaskStatus::parse(&s).ok_or_else(|| AppError::field("status", INVALID_STATUS))?),
        };
        let priority = match blank(priority) {
            None => None,
            Some(p) => Some(TaskPriority::parse(&p).ok_or_else(|| AppError::field("priority", INVALID_PRIORITY))?),
        };
        // No stored title is longer, so a longer search is a mistake (or an attempt at a costly scan).
        let title = blank(title);
        if title.as_ref().is_some_and(|t| t.chars().count() as u64 > MAX_TITLE_CHARS) {
            return Err(AppError::field("title", "Title must not exceed 200 characters."));
        }
        Ok(TaskFilter {
            status,
            priority,
            title: title.map(|t| t.to_lowercase()),
            scheduled: DateRange::parse(scheduled.0, scheduled.1, "scheduledFrom", "scheduledTo")?,
            created: DateRange::parse(created.0, created.1, "createdDateFrom", "createdDateTo")?,
        })
    }

    fn is_empty(&self) -> bool {
        self.status.is_none() && self.priority.is_none() && self.title.is_none() && self.created.is_none()
    }

    pub fn matches(&self, t: &Task) -> bool {
        self.status.is_none_or(|s| t.status == s)
            && self.priority.is_none_or(|p| t.priority == p)
            && self.title.as_ref().is_none_or(|q| t.title.to_lowercase().contains(q.as_str()))
            && self.scheduled.is_none_or(|r| r.contains(t.scheduled.date()))
            && self.created.is_none_or(|r| r.contains(t.created_date.date()))
    }
}

/// A page of the owner's tasks, latest scheduled first: one Query on the scheduled-date index (the scheduled
/// range as its key condition), the other filters applied to what it returns.
pub async fn tasks_page(
    app: &Services,
    user_id: &UserId,
    filter: &TaskFilter,
    paging: Paging,
) -> AppResult<(Vec<Task>, u64)> {
    let repo = TaskRepo::new(app.table());
    if filter.is_empty() {
        repo.page(user_id, filter.scheduled, None, paging).await
    } else {
        let keep = |t: &Task| filter.matches(t);
        repo.page(user_id, filter.scheduled, Some(&keep), paging).await
    }
}

/// Every task of the owner scheduled in a range (summaries, exports).
pub async fn tasks_in(store: &dyn Table, user_id: &UserId, range: DateRange) -> AppResult<Vec<Task>> {
    TaskRepo::new(store).in_range(user_id, range).await
}

/// Every task of a team scheduled in a range: one Query on the team's GSI2 partition.
pub async fn team_tasks_in(store: &dyn Table, team_id: &TeamId, range: DateRange) -> AppResult<Vec<Task>> {
    TaskRepo::new(store).team_in_range(team_id, range).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> TaskInput {
        TaskInput {
            title: Some(" Write report ".into()),
            description: Some("Quarterly".into()),
            scheduled: Some("2024-05-02".into()),
            status: None,
            priority: None,
        }
    }

    #[test]
    fn defaults_and_labels() {
        let v = validate_task(&input()).unwrap();
        assert_eq!((v.title.as_str(), v.status, v.priority), ("Write report", TaskStatus::ToDo, TaskPriority::Normal));
        assert_eq!(TaskStatus::parse("in progress"), Some(TaskStatus::InProgress));
        assert_eq!(serde_json::to_value(TaskStatus::OnHold).unwrap(), "On Hold");
        assert_eq!(TaskStatus::ALL.len(), 8);
        assert_eq!(TaskPriority::ALL.len(), 7);
    }

    #[test]
    fn the_rules() {
        let fail = |i: TaskInput, field: &str| match validate_task(&i) {
            Err(AppError::Validation(f)) => f[field].clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(fail(TaskInput { title: Some("  ".into()), ..input() }, "title"), "Title is required.");
        assert_eq!(
            fail(TaskInput { title: Some("x".repeat(201)), ..input() }, "title"),
            "Title must not exceed 200 characters."
        );
        assert_eq!(fail(TaskInput { description: None, ..input() }, "description"), "Description is required.");
        assert_eq!(fail(TaskInput { scheduled: Some("tomorrow".into()), ..input() }, "scheduled"), INVALID_SCHEDULED);
        assert_eq!(fail(TaskInput { scheduled: None, ..input() }, "scheduled"), INVALID_SCHEDULED);
        assert_eq!(fail(TaskInput { status: Some("Done".into()), ..input() }, "status"), INVALID_STATUS);
        assert_eq!(fail(TaskInput { priority: Some("".into()), ..input() }, "priority"), INVALID_PRIORITY);
    }
}
