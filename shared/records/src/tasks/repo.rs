//! The tasks' repository: the only code of tasks that reaches the store (the owner's tasks by scheduled date on
//! GSI1, the team's on GSI2; single tasks through the generic record functions of [`crate::repo`]).

use chrono::NaiveDate;

use super::Task;
use crate::dates::DateRange;
use crate::paging::Paging;
use crate::repo::{self, Stored};
use crate::Expect;
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{Index, Query, SkCond, Table};
use bt_core::types::{RecordId, TeamId, UserId};

pub struct TaskRepo<'a> {
    store: &'a dyn Table,
}

impl<'a> TaskRepo<'a> {
    pub fn new(store: &'a dyn Table) -> Self {
        TaskRepo { store }
    }

    /// Writes a new task (a conflict if its id is taken).
    pub async fn insert(&self, task: &Task, team_id: &TeamId) -> AppResult<()> {
        repo::insert(self.store, task, team_id).await
    }

    /// The owner's task, if it is the version the edit expects.
    pub(crate) async fn for_edit(&self, user_id: &UserId, id: &RecordId, expect: &Expect) -> AppResult<Stored<Task>> {
        repo::load_for_edit::<Task>(self.store, user_id, id, expect).await
    }

    /// Replaces the task read at `version` (a conflict if it changed meanwhile).
    pub async fn replace(&self, task: &Task, team_id: &TeamId, version: i64) -> AppResult<()> {
        repo::replace(self.store, task, team_id, version).await
    }

    /// The owner's task; another user's id is not found.
    pub async fn owned(&self, user_id: &UserId, id: &RecordId) -> AppResult<Task> {
        Ok(repo::load_owned::<Task>(self.store, user_id, id).await?.record)
    }

    /// Deletes the owner's task and returns it.
    pub async fn remove(&self, user_id: &UserId, id: &RecordId) -> AppResult<Task> {
        repo::remove::<Task>(self.store, user_id, id).await
    }

    /// The owner's tasks scheduled on one day.
    pub async fn on_day(&self, user_id: &UserId, day: NaiveDate) -> AppResult<Vec<Task>> {
        repo::all(self.store, &repo::by_date::<Task>(user_id, SkCond::BeginsWith(keys::day_prefix(day)))).await
    }

    /// A page of the owner's tasks, latest scheduled first: one Query on the scheduled-date index (`scheduled` as
    /// its key condition), `keep` applied to what it returns.
    pub async fn page(
        &self,
        user_id: &UserId,
        scheduled: Option<DateRange>,
        keep: Option<&(dyn Fn(&Task) -> bool + Sync)>,
        paging: Paging,
    ) -> AppResult<(Vec<Task>, u64)> {
        let sk = scheduled.map(|r| r.sk_cond()).unwrap_or(SkCond::All);
        repo::page(self.store, repo::by_date::<Task>(user_id, sk).backward(), keep, paging).await
    }

    /// Every task of the owner scheduled in a range.
    pub async fn in_range(&self, user_id: &UserId, range: DateRange) -> AppResult<Vec<Task>> {
        repo::all(self.store, &repo::by_date::<Task>(user_id, range.sk_cond())).await
    }

    /// Every task of a team scheduled in a range: one Query on the team's GSI2 partition.
    pub async fn team_in_range(&self, team_id: &TeamId, range: DateRange) -> AppResult<Vec<Task>> {
        repo::all(self.store, &Query::new(Index::Gsi2, keys::team_tasks_gsi(team_id), range.sk_cond())).await
    }
}
