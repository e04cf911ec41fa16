//! Taking one's data out (`bt_records::export`), with every layer's part: the records, working time's and the
//! notification settings. See `docs/data-transfer.md`.

pub use bt_records::export::{Archive, Scope};

use bt_accounts::User;
use bt_core::error::AppResult;
use bt_core::services::Services;
use chrono::{DateTime, Utc};

/// Runs an export of the caller's data or (admins) the team's, as one ZIP. Members asking for the team's are 403.
pub async fn run(services: &Services, caller: &User, scope: Scope, now: DateTime<Utc>) -> AppResult<Archive> {
    let parts: [&dyn bt_records::export::ExportPart; 2] =
        [&bt_work::export::WorkExport, &bt_notifications::export::SettingsExport];
    bt_records::export::run(services, caller, scope, now, &parts).await
}
