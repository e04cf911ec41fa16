//! The leave requests' repository: the team's request items (`TEAM#<teamId>` / `LEAVEREQ#<leaveId>` → the
//! requester), on GSI1 `TEAM#<teamId>#PENDING` while pending. They are written with their leaves (see
//! [`crate::leave_record::repo::LeaveRepo`]); here they are read.

use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{attr_str, Index, Query, SkCond, Table};
use bt_core::types::{RecordId, TeamId, UserId};

pub struct RequestRepo<'a> {
    store: &'a dyn Table,
}

impl<'a> RequestRepo<'a> {
    pub fn new(store: &'a dyn Table) -> Self {
        RequestRepo { store }
    }

    /// The team's pending requests, oldest first, as (requester, leave id): one Query on the team's pending index
    /// (an item that names no valid requester or leave is left out).
    pub async fn pending(&self, team_id: &TeamId) -> AppResult<Vec<(UserId, RecordId)>> {
        let query = Query::new(Index::Gsi1, keys::team_pending_gsi(team_id), SkCond::All);
        Ok(self
            .store
            .query_all(&query)
            .await?
            .iter()
            .filter_map(|item| {
                let user_id = attr_str(item, "userId").and_then(|v| UserId::parse(v).ok())?;
                let id = attr_str(item, "GSI1SK").and_then(|v| RecordId::parse(v).ok())?;
                Some((user_id, id))
            })
            .collect())
    }

    /// Who requested the team's leave with this id (None for an id of another team, or none at all).
    pub async fn requester(&self, team_id: &TeamId, id: &RecordId) -> AppResult<Option<UserId>> {
        let pointer = self.store.get(&keys::leave_request(team_id, id)).await?;
        Ok(pointer.as_ref().and_then(|p| attr_str(p, "userId")).and_then(|v| UserId::parse(v).ok()))
    }
}
