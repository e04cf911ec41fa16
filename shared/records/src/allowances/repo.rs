//! The allowances' repository: the team's leave settings (`TEAM#<teamId>` / `LEAVESETTINGS`) and the allowances an
//! admin set (`TEAM#<teamId>` / `ALLOWANCE#<year>#<userId>`, a year's of the whole team in one Query). Each change
//! goes with its audit entry, in one transaction.

use super::{Allowance, LeaveSettings};
use bt_core::codec::{from_item, to_item};
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{Cond, Query, SkCond, Table, TxOp};
use bt_core::types::{TeamId, UserId};

pub struct AllowanceRepo<'a> {
    store: &'a dyn Table,
}

impl<'a> AllowanceRepo<'a> {
    pub fn new(store: &'a dyn Table) -> Self {
        AllowanceRepo { store }
    }

    /// The team's settings as its admins saved them, or None when they never did.
    pub async fn settings(&self, team_id: &TeamId) -> AppResult<Option<LeaveSettings>> {
        self.store.get(&keys::leave_settings(team_id)).await?.map(from_item).transpose()
    }

    /// Saves the team's settings, with the change's audit entry.
    pub async fn save_settings_logged(
        &self,
        team_id: &TeamId,
        settings: &LeaveSettings,
        logged: TxOp,
    ) -> AppResult<()> {
        let put =
            TxOp::Put { item: to_item("leave_settings", &keys::leave_settings(team_id), settings)?, cond: Cond::None };
        Ok(self.store.transact(vec![put, logged]).await?)
    }

    /// The allowance an admin set for a member and year, if one did.
    pub async fn allowance(&self, team_id: &TeamId, year: i32, member: &UserId) -> AppResult<Option<Allowance>> {
        self.store.get(&keys::allowance(team_id, year, member)).await?.map(from_item).transpose()
    }

    /// Saves a member's allowance for a year, with the change's audit entry.
    pub async fn save_allowance_logged(&self, team_id: &TeamId, allowance: &Allowance, logged: TxOp) -> AppResult<()> {
        let key = keys::allowance(team_id, allowance.year, &allowance.user_id);
        let put = TxOp::Put { item: to_item("allowance", &key, allowance)?, cond: Cond::None };
        Ok(self.store.transact(vec![put, logged]).await?)
    }

    /// The allowances set for the team's members in a year: one Query.
    pub async fn overrides(&self, team_id: &TeamId, year: i32) -> AppResult<Vec<Allowance>> {
        let query = Query::table(keys::team_pk(team_id), SkCond::BeginsWith(keys::allowance_prefix(year)));
        self.store.query_all(&query).await?.into_iter().map(from_item).collect()
    }
}
