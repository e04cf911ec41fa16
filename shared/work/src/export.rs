//! Working time's part of an export (`bt_records::export`): a person's periods, schedules, overtime adjustments and
//! timesheets; a team export writes the team's timesheets once.

use async_trait::async_trait;

use crate::repo;
use bt_accounts::User;
use bt_core::error::AppResult;
use bt_core::store::Table;
use bt_core::types::TeamId;
use bt_records::export::{all_time, values, ExportPart, Kind};

/// The kinds of working time in an export.
pub struct WorkExport;

#[async_trait]
impl ExportPart for WorkExport {
    async fn person(&self, store: &dyn Table, user: &User) -> AppResult<Vec<Kind>> {
        let id = &user.id;
        let sheets: Vec<_> = repo::timesheets::team_states(store, &user.team_id)
            .await?
            .into_iter()
            .filter(|s| &s.user_id == id)
            .collect();
        Ok(vec![
            Kind { name: "work-periods", rows: values(&repo::periods_of(store, id, all_time()).await?)? },
            Kind { name: "work-schedules", rows: values(&repo::member_schedules(store, id).await?)? },
            Kind { name: "overtime-adjustments", rows: values(&repo::adjustments(store, id).await?)? },
            Kind { name: "timesheets", rows: values(&sheets)? },
        ])
    }

    async fn team(&self, store: &dyn Table, team_id: &TeamId) -> AppResult<Vec<Kind>> {
        Ok(vec![Kind { name: "timesheets", rows: values(&repo::timesheets::team_states(store, team_id).await?)? }])
    }
}
