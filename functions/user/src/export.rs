//! `GET /user/export`: the signed-in person's own data as one ZIP (see `docs/data-transfer.md`).

use axum::extract::State;
use bt_app::export::{self, Scope};
use bt_http::attachment;
use bt_http::auth::AuthUser;
use bt_http::openapi::Unauthorized;
use bt_http::{ApiResult, AppState};
use tracing::instrument;

/// Download my data: one ZIP of every record of mine as JSON and CSV, with a README of the fields
///
/// Profile, breaks, tasks, leaves and the leave balance, meetings, checklist, notification settings, calendar
/// feeds (without their secret address), work periods, work schedules, overtime adjustments and timesheets.
#[utoipa::path(get, path = "/user/export", tag = "user",
    responses((status = 200, description = "ZIP attachment", content_type = "application/zip", body = Vec<u8>),
        (status = 401, response = Unauthorized)))]
#[instrument(skip_all, fields(user = %user.id()))]
pub(crate) async fn export_mine(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    let archive = export::run(state.services(), &user.user, Scope::Mine, state.clock.now()).await?;
    tracing::info!(records = archive.records, bytes = archive.bytes.len(), "export of my data");
    Ok(attachment("application/zip", &archive.filename, archive.bytes)?)
}
