//! The daily checklist: items by day, feature items, and the "two latest days" view.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

pub mod repo;

use self::repo::ChecklistRepo;
use super::dates::{self, DateRange};
use super::paging::Paging;
use super::repo::{owned_record_fields, Record};
use super::{new_id, timestamp, Expect, Owner};
use bt_core::error::AppResult;
use bt_core::keys::{self, RecordKind};
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::types::{Day, RecordId, TeamId, UserId};
use bt_core::validate::Check;

pub const MAX_TASK_CHARS: u64 = 200;
pub const TASK_REQUIRED: &str = "Task is required.";
pub const TASK_TOO_LONG: &str = "Task must not exceed 200 characters.";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChecklistItem {
    #[serde(rename = "_id")]
    pub id: RecordId,
    pub user_id: UserId,
    pub task: String,
    /// Checked.
    pub status: bool,
    pub created_date: Day,
    pub is_feature: bool,
    pub created_at: String,
    pub updated_at: String,
}

impl Record for ChecklistItem {
    const KIND: RecordKind = RecordKind::Checklist;
    const ENTITY: &'static str = "checklist_item";
    owned_record_fields!();
    fn date_key(&self) -> String {
        keys::checklist_by_date_sk(self.created_date, &self.id)
    }
    /// Sparse: only feature items are in the features index.
    fn gsi2(&self, _team_id: &TeamId) -> Option<(String, String)> {
        self.is_feature.then(|| {
            (keys::checklist_features_gsi(&self.user_id), keys::checklist_by_date_sk(self.created_date, &self.id))
        })
    }
}

/// The body of `POST /daily-checklist/add` and `PUT /daily-checklist/edit/{id}`.
#[derive(Debug, Clone, Default)]
pub struct ChecklistInput {
    pub task: Option<String>,
    pub status: Option<bool>,
    pub created_date: Option<String>,
    pub is_feature: Option<bool>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ValidChecklistItem {
    pub task: String,
    pub status: bool,
    pub created_date: Day,
    pub is_feature: bool,
}

/// Task text non-empty after trimming and at most 200 characters; `createdDate` defaults to `today`; `status`
/// and `isFeature` default to false.
pub fn validate_checklist_item(input: &ChecklistInput, today: NaiveDate) -> AppResult<ValidChecklistItem> {
    let mut check = Check::new();
    let task = input.task.as_deref().unwrap_or("").trim();
    check.required("task", task, TASK_REQUIRED).max_chars("task", task, MAX_TASK_CHARS, TASK_TOO_LONG);
    let created = match input.created_date.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => Day::from_date(today).ok(),
        Some(v) => Day::parse(v).ok(),
    };
    check.rule("createdDate", created.is_some(), dates::INVALID_DATE);
    check.finish()?;
    Ok(ValidChecklistItem {
        task: task.to_string(),
        status: input.status.unwrap_or(false),
        created_date: created.expect("checked"),
        is_feature: input.is_feature.unwrap_or(false),
    })
}

pub async fn add_item(
    app: &Services,
    owner: &Owner,
    input: &ChecklistInput,
    now: DateTime<Utc>,
) -> AppResult<ChecklistItem> {
    let v = validate_checklist_item(input, owner.today(now))?;
    let item = ChecklistItem {
        id: new_id(now),
        user_id: owner.user_id.clone(),
        task: v.task,
        status: v.status,
        created_date: v.created_date,
        is_feature: v.is_feature,
        created_at: timestamp(now),
        updated_at: timestamp(now),
    };
    ChecklistRepo::new(app.table()).insert(&item, &owner.team_id).await?;
    Ok(item)
}

/// Fields left out of the body keep their stored value (ticking the box sends only `status`).
/// Written only over the version `expect` names (a conflict, and nothing written, otherwise).
pub async fn edit_item(
    app: &Services,
    owner: &Owner,
    id: &RecordId,
    input: &ChecklistInput,
    expect: &Expect,
    now: DateTime<Utc>,
) -> AppResult<ChecklistItem> {
    let items = ChecklistRepo::new(app.table());
    let stored = items.load_for_edit(&owner.user_id, id, expect).await?;
    let old = stored.record;
    let v = validate_checklist_item(&input.over(&old), owner.today(now))?;
    let item = ChecklistItem {
        task: v.task,
        status: v.status,
        created_date: v.created_date,
        is_feature: v.is_feature,
        updated_at: timestamp(now),
        ..old
    };
    items.replace(&item, &owner.team_id, stored.version).await?;
    Ok(item)
}

impl ChecklistInput {
    /// This edit over the stored item: every field left out keeps its stored value.
    fn over(&self, old: &ChecklistItem) -> ChecklistInput {
        ChecklistInput {
            task: self.task.clone().or_else(|| Some(old.task.clone())),
            status: self.status.or(Some(old.status)),
            created_date: self.created_date.clone().or_else(|| Some(old.created_date.to_string())),
            is_feature: self.is_feature.or(Some(old.is_feature)),
        }
    }
}

pub async fn get_item(app: &Services, owner: &Owner, id: &RecordId) -> AppResult<ChecklistItem> {
    ChecklistRepo::new(app.table()).load(&owner.user_id, id).await
}

pub async fn delete_item(app: &Services, owner: &Owner, id: &RecordId) -> AppResult<ChecklistItem> {
    ChecklistRepo::new(app.table()).remove(&owner.user_id, id).await
}

/// Filters of `GET /daily-checklist/get`.
#[derive(Debug, Clone, Default)]
pub struct ChecklistFilter {
    /// Case-insensitive part of the task text.
    pub task: Option<String>,
    pub status: Option<bool>,
    pub created: Option<DateRange>,
}

/// `{checkList, totalCount}`.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChecklistPage {
    pub check_list: Vec<ChecklistItem>,
    pub total_count: u64,
}

/// A page of the owner's items, latest day first: one Query on the by-date index.
pub async fn items_page(
    app: &Services,
    user_id: &UserId,
    filter: &ChecklistFilter,
    paging: Paging,
) -> AppResult<ChecklistPage> {
    let items = ChecklistRepo::new(app.table());
    let needle = filter.task.as_ref().map(|t| t.to_lowercase());
    let (check_list, total_count) = if needle.is_none() && filter.status.is_none() {
        items.page(user_id, filter.created, None, paging).await?
    } else {
        let keep = |i: &ChecklistItem| {
            filter.status.is_none_or(|s| i.status == s)
                && needle.as_ref().is_none_or(|n| i.task.to_lowercase().contains(n.as_str()))
        };
        items.page(user_id, filter.created, Some(&keep), paging).await?
    };
    Ok(ChecklistPage { check_list, total_count })
}

/// `{checkList, featureList, totalCount}`.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LatestChecklist {
    /// The items (not features) of the two latest days that have any, latest day first.
    pub check_list: Vec<ChecklistItem>,
    /// Every feature item, latest first.
    pub feature_list: Vec<ChecklistItem>,
    /// How many checklist items the owner has in all.
    pub total_count: u64,
}

/// Reads the by-date index backwards until a third day shows up, so only the two latest days are read.
pub async fn latest_two_days(app: &Services, user_id: &UserId) -> AppResult<LatestChecklist> {
    let items = ChecklistRepo::new(app.table());
    let check_list = items.two_latest_days(user_id).await?;
    let feature_list = items.features(user_id).await?;
    let total_count = items.count(user_id).await?;
    Ok(LatestChecklist { check_list, feature_list, total_count })
}

/// Every item of the owner dated in a range, earliest first (summaries, exports).
pub async fn items_in(store: &dyn Table, user_id: &UserId, range: DateRange) -> AppResult<Vec<ChecklistItem>> {
    ChecklistRepo::new(store).in_range(user_id, range).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use bt_core::error::AppError;

    #[test]
    fn the_rules() {
        let today = dates::parse_date("2024-05-01").unwrap();
        let ok =
            validate_checklist_item(&ChecklistInput { task: Some(" Stand-up ".into()), ..Default::default() }, today)
                .unwrap();
        assert_eq!(
            (ok.task.as_str(), ok.status, ok.created_date.date(), ok.is_feature),
            ("Stand-up", false, today, false)
        );
        let fail = |i: ChecklistInput, field: &str| match validate_checklist_item(&i, today) {
            Err(AppError::Validation(f)) => f[field].clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(fail(ChecklistInput::default(), "task"), TASK_REQUIRED);
        assert_eq!(fail(ChecklistInput { task: Some("x".repeat(201)), ..Default::default() }, "task"), TASK_TOO_LONG);
        let bad_date =
            ChecklistInput { task: Some("a".into()), created_date: Some("yesterday".into()), ..Default::default() };
        assert_eq!(fail(bad_date, "createdDate"), dates::INVALID_DATE);
    }
}
