//! Break and rest rules: the team's rule set (any member reads it, admins set it) and notes on the findings of a
//! day. Every rule only warns; nothing here changes a period or a break.

use axum::extract::{Path, State};
use bt_api::records::rules::{FindingNote, NoteInput, RuleSetInput, WorkRules};
use bt_api::schema::{date, ulid};
use bt_app::work::rules::{notes, settings};
use bt_http::auth::AuthUser;
use bt_http::openapi::{Data, ErrorBody, Invalid, Unauthorized};
use bt_http::{data, ApiJson, ApiQuery, ApiResult, AppState};
use serde::Deserialize;
use tracing::instrument;
use utoipa::IntoParams;

/// The team's break and rest rules (preset `none` when nothing is saved) and the presets to choose from
#[utoipa::path(get, path = "/work/rules", tag = "work",
    responses((status = 200, description = "Success", body = Data<WorkRules>), (status = 401, response = Unauthorized)))]
#[instrument(skip_all, fields(user = %user.id()))]
pub async fn get_rules(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    Ok(data(WorkRules::from(settings::rules_of(state.services(), &user.user).await?)))
}

/// Set the team's break and rest rules (admins)
#[utoipa::path(put, path = "/work/rules", tag = "work", request_body = RuleSetInput,
    responses((status = 200, description = "Success", body = Data<WorkRules>), (status = 401, response = Unauthorized),
        (status = 403, description = "Only team admins can change the rules.", body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
pub async fn put_rules(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(input): ApiJson<RuleSetInput>,
) -> ApiResult {
    let answer = settings::set_rules(state.services(), &user.user, &input.into(), state.clock.now()).await?;
    Ok(data(WorkRules::from(answer)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct FindingPath {
    #[param(schema_with = date)]
    date: String,
    /// break, continuous, dailyMax, rest or weeklyAverage
    rule: String,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct NoteQuery {
    /// A member of my team (approvers); me when left out
    #[param(schema_with = ulid)]
    user_id: Option<String>,
}

/// Write a note on a finding of a day (replaces the one there)
#[utoipa::path(put, path = "/work/findings/{date}/{rule}", tag = "work", params(FindingPath, NoteQuery),
    request_body = NoteInput,
    responses((status = 200, description = "Success", body = Data<FindingNote>), (status = 401, response = Unauthorized),
        (status = 404, description = "There is no such finding on that day.", body = ErrorBody),
        (status = 409, description = "The month is approved and locked (the message names the month).",
            body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
pub async fn put_note(
    State(state): State<AppState>,
    user: AuthUser,
    Path(p): Path<FindingPath>,
    ApiQuery(q): ApiQuery<NoteQuery>,
    ApiJson(input): ApiJson<NoteInput>,
) -> ApiResult {
    let note = notes::put_note(
        state.services(),
        &user.user,
        q.user_id.as_deref(),
        &p.date,
        &p.rule,
        input.note.as_deref(),
        state.clock.now(),
    )
    .await?;
    Ok(data(FindingNote::from(note)))
}
