//! The leave types' repository: `TEAM#<teamId>` / `LEAVETYPE#<id>`, a team's listed by one Query (`begins_with
//! LEAVETYPE#`). Every write goes with its audit entry, in one transaction.

use super::LeaveType;
use bt_core::codec::{from_item, to_item};
use bt_core::error::{AppError, AppResult};
use bt_core::keys;
use bt_core::store::{attr_str, Cond, Index, Query, SkCond, StoreError, Table, TxOp};
use bt_core::types::{RecordId, TeamId};

const ENTITY: &str = "leave_type";

pub struct LeaveTypeRepo<'a> {
    store: &'a dyn Table,
}

impl<'a> LeaveTypeRepo<'a> {
    pub fn new(store: &'a dyn Table) -> Self {
        LeaveTypeRepo { store }
    }

    /// The team's types as stored, in the order they were made.
    pub async fn list(&self, team_id: &TeamId) -> AppResult<Vec<LeaveType>> {
        let query = Query::table(keys::team_pk(team_id), SkCond::BeginsWith(keys::LEAVE_TYPE_PREFIX.into()));
        self.store.query_all(&query).await?.into_iter().map(from_item).collect()
    }

    /// Writes the starting types unless they exist: any number of concurrent first uses may race, the first wins.
    pub async fn insert_starting(&self, team_id: &TeamId, types: &[LeaveType]) -> AppResult<()> {
        let mut ops = Vec::new();
        for t in types {
            ops.push(TxOp::Put { item: to_item(ENTITY, &keys::leave_type(team_id, &t.id), t)?, cond: Cond::NotExists });
        }
        match self.store.transact(ops).await {
            // Another first use wrote them meanwhile.
            Ok(()) | Err(StoreError::ConditionFailed) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }

    /// Adds a type, with its audit entry.
    pub async fn insert_logged(&self, team_id: &TeamId, leave_type: &LeaveType, logged: TxOp) -> AppResult<()> {
        let put = TxOp::Put {
            item: to_item(ENTITY, &keys::leave_type(team_id, &leave_type.id), leave_type)?,
            cond: Cond::NotExists,
        };
        Ok(self.store.transact(vec![put, logged]).await?)
    }

    /// Replaces a type if it is still the version last written at `seen_updated_at`, with its audit entry.
    pub async fn replace_logged(
        &self,
        team_id: &TeamId,
        edited: &LeaveType,
        seen_updated_at: &str,
        logged: TxOp,
    ) -> AppResult<()> {
        let put = TxOp::Put {
            item: to_item(ENTITY, &keys::leave_type(team_id, &edited.id), edited)?,
            cond: Cond::eq("updatedAt", seen_updated_at.to_string()),
        };
        match self.store.transact(vec![put, logged]).await {
            Ok(()) => Ok(()),
            Err(StoreError::ConditionFailed) => {
                Err(AppError::Conflict("This leave type was changed meanwhile. Reload it and try again.".into()))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Deletes a type, with its audit entry.
    pub async fn remove_logged(&self, team_id: &TeamId, id: &RecordId, logged: TxOp) -> AppResult<()> {
        let delete = TxOp::Delete { key: keys::leave_type(team_id, id), cond: Cond::Exists };
        Ok(self.store.transact(vec![delete, logged]).await?)
    }

    /// Whether any leave of the team (of any date and status) has this type: one Query on the team's leaves index,
    /// read for each item's `typeId` (a leave stored before types existed has none, and is of the default type,
    /// which is never deleted).
    pub async fn in_use(&self, team_id: &TeamId, id: &RecordId) -> AppResult<bool> {
        let query = Query::new(Index::Gsi2, keys::team_leaves_gsi(team_id), SkCond::All);
        Ok(self.store.query_all(&query).await?.iter().any(|item| attr_str(item, "typeId") == Some(id.as_str())))
    }
}
