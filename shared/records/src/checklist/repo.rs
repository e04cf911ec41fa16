//! The daily checklist's repository: the only code of the checklist that builds store operations. An item is a
//! record of kind `CHECK` (see [`crate::repo`]); feature items also carry the sparse GSI2 pair
//! `USER#<userId>#FEATURES` / `<createdDate>#<id>`.

use super::ChecklistItem;
use crate::dates::DateRange;
use crate::paging::Paging;
use crate::repo::{self, Stored};
use crate::Expect;
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{Index, Query, SkCond, Table};
use bt_core::types::{Day, RecordId, TeamId, UserId};

pub struct ChecklistRepo<'a> {
    store: &'a dyn Table,
}

impl<'a> ChecklistRepo<'a> {
    pub fn new(store: &'a dyn Table) -> Self {
        ChecklistRepo { store }
    }

    pub async fn insert(&self, item: &ChecklistItem, team_id: &TeamId) -> AppResult<()> {
        repo::insert(self.store, item, team_id).await
    }

    /// The user's item with this id (another user's id is not found).
    pub async fn load(&self, user_id: &UserId, id: &RecordId) -> AppResult<ChecklistItem> {
        Ok(repo::load_owned::<ChecklistItem>(self.store, user_id, id).await?.record)
    }

    /// The user's item to edit, if it is the version the edit expects.
    pub(crate) async fn load_for_edit(
        &self,
        user_id: &UserId,
        id: &RecordId,
        expect: &Expect,
    ) -> AppResult<Stored<ChecklistItem>> {
        repo::load_for_edit(self.store, user_id, id, expect).await
    }

    /// Writes the edited item over the version it was read at (a conflict otherwise).
    pub async fn replace(&self, item: &ChecklistItem, team_id: &TeamId, version: i64) -> AppResult<()> {
        repo::replace(self.store, item, team_id, version).await
    }

    /// Deletes the user's item and returns it (absent: not found).
    pub async fn remove(&self, user_id: &UserId, id: &RecordId) -> AppResult<ChecklistItem> {
        repo::remove::<ChecklistItem>(self.store, user_id, id).await
    }

    /// A page of the user's items in a range (all when None), latest day first, kept by `keep` when given.
    pub async fn page(
        &self,
        user_id: &UserId,
        range: Option<DateRange>,
        keep: Option<&(dyn Fn(&ChecklistItem) -> bool + Sync)>,
        paging: Paging,
    ) -> AppResult<(Vec<ChecklistItem>, u64)> {
        let sk = range.map(|r| r.sk_cond()).unwrap_or(SkCond::All);
        repo::page(self.store, repo::by_date::<ChecklistItem>(user_id, sk).backward(), keep, paging).await
    }

    /// The items (not features) of the user's two latest days that have any, latest day first: the by-date index
    /// read backwards until a third day shows up.
    pub async fn two_latest_days(&self, user_id: &UserId) -> AppResult<Vec<ChecklistItem>> {
        let mut query = repo::by_date::<ChecklistItem>(user_id, SkCond::All).backward().limit(50);
        let mut days: Vec<Day> = Vec::new();
        let mut items = Vec::new();
        'pages: loop {
            let page = self.store.query(&query).await?;
            for item in page.items {
                let item: ChecklistItem = repo::record_of(item)?;
                if item.is_feature {
                    continue;
                }
                if !days.contains(&item.created_date) {
                    if days.len() == 2 {
                        break 'pages;
                    }
                    days.push(item.created_date);
                }
                items.push(item);
            }
            match page.cursor {
                Some(c) => query.cursor = Some(c),
                None => break,
            }
        }
        Ok(items)
    }

    /// Every feature item of the user, latest first (the sparse features index).
    pub async fn features(&self, user_id: &UserId) -> AppResult<Vec<ChecklistItem>> {
        let features = Query::new(Index::Gsi2, keys::checklist_features_gsi(user_id), SkCond::All).backward();
        repo::all(self.store, &features).await
    }

    /// How many items the user has in all.
    pub async fn count(&self, user_id: &UserId) -> AppResult<u64> {
        Ok(self.store.count(&repo::by_date::<ChecklistItem>(user_id, SkCond::All)).await?)
    }

    /// Every item of the user dated in a range, earliest first.
    pub async fn in_range(&self, user_id: &UserId, range: DateRange) -> AppResult<Vec<ChecklistItem>> {
        repo::all(self.store, &repo::by_date::<ChecklistItem>(user_id, range.sk_cond())).await
    }
}
