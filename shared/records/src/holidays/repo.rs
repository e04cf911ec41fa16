//! The holidays' repository: the team's place (`TEAM#<teamId>` / `HOLIDAYPLACE`) and each year's list an admin
//! changed (`TEAM#<teamId>` / `HOLIDAYS#<year>`). A change writes both, with its audit entry, in one transaction.

use super::{Place, StoredYear};
use bt_core::codec::{from_item, to_item};
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{Cond, Table, TxOp};
use bt_core::types::TeamId;

pub struct HolidayRepo<'a> {
    store: &'a dyn Table,
}

impl<'a> HolidayRepo<'a> {
    pub fn new(store: &'a dyn Table) -> Self {
        HolidayRepo { store }
    }

    /// The team's place (none picked: no country).
    pub(super) async fn place(&self, team_id: &TeamId) -> AppResult<Place> {
        Ok(self.store.get(&keys::holiday_place(team_id)).await?.map(from_item).transpose()?.unwrap_or_default())
    }

    /// A year's list as an admin changed it, if one did.
    pub(super) async fn year(&self, team_id: &TeamId, year: i32) -> AppResult<Option<StoredYear>> {
        self.store.get(&keys::team_holidays(team_id, year)).await?.map(from_item).transpose()
    }

    /// Writes the place and a year's list (`None`: the year goes back to the place's public holidays), with the
    /// change's audit entry.
    pub(super) async fn save_logged(
        &self,
        team_id: &TeamId,
        place: &Place,
        year: i32,
        list: Option<&StoredYear>,
        logged: TxOp,
    ) -> AppResult<()> {
        let year_key = keys::team_holidays(team_id, year);
        let place =
            TxOp::Put { item: to_item("holiday_place", &keys::holiday_place(team_id), place)?, cond: Cond::None };
        let list = match list {
            Some(stored) => TxOp::Put { item: to_item("team_holidays", &year_key, stored)?, cond: Cond::None },
            None => TxOp::Delete { key: year_key, cond: Cond::None },
        };
        Ok(self.store.transact(vec![place, list, logged]).await?)
    }
}
