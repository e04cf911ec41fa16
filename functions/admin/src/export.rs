//! `GET /admin/export`: the whole team's data as one ZIP (admins; see `docs/data-transfer.md`).

use axum::extract::State;
use bt_app::export::{self, Scope};
use bt_http::attachment;
use bt_http::auth::AuthUser;
use bt_http::openapi::{ErrorBody, Unauthorized};
use bt_http::{ApiResult, AppState};
use tracing::instrument;

/// Download the team's data (admins): one ZIP of every member's records and the team's settings
///
/// The files of `GET /user/export` over all members (each row names its `userId`; `members` instead of
/// `profile`), plus the team's leave types, break types, leave settings and every member's timesheets.
#[utoipa::path(get, path = "/admin/export", tag = "team",
    responses((status = 200, description = "ZIP attachment", content_type = "application/zip", body = Vec<u8>),
        (status = 401, response = Unauthorized),
        (status = 403, description = "Only team admins can do this.", body = ErrorBody)))]
#[instrument(skip_all, fields(user = %user.id()))]
pub(crate) async fn export_team(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    let archive = export::run(state.services(), &user.user, Scope::Team, state.clock.now()).await?;
    tracing::info!(records = archive.records, bytes = archive.bytes.len(), "export of the team's data");
    Ok(attachment("application/zip", &archive.filename, archive.bytes)?)
}
