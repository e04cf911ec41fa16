//! The team's holidays: the countries and regions to pick from, a year's days off, and an admin's changes.

use axum::extract::State;
use bt_api::holidays::Country;
use bt_api::records::holidays::{HolidaysInput, TeamHolidays};
use bt_api::wire;
use bt_app::records::holidays;
use bt_http::auth::AuthUser;
use bt_http::openapi::{Data, ErrorBody, Invalid, Unauthorized};
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiQuery, ApiResult};
use tracing::instrument;

use crate::balances::YearQuery;

/// The countries whose public holidays are known, with their regions
#[utoipa::path(get, path = "/team/holidays/countries", tag = "leaves",
    responses((status = 200, description = "Success", body = Data<Vec<Country>>), (status = 401, response = Unauthorized)))]
#[instrument(skip_all, fields(user = %_user.id()))]
pub(crate) async fn countries(_user: AuthUser) -> ApiResult {
    Ok(data(wire::<Vec<Country>, _>(holidays::countries().to_vec())))
}

/// My team's holidays of a year: its country's public holidays, as its admins changed them
#[utoipa::path(get, path = "/team/holidays", tag = "leaves", params(YearQuery),
    responses((status = 200, description = "Success", body = Data<TeamHolidays>), (status = 401, response = Unauthorized),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
pub(crate) async fn team_holidays(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<YearQuery>,
) -> ApiResult {
    Ok(data(TeamHolidays::from(
        holidays::team_holidays(state.services(), &user.user, q.year, state.clock.now()).await?,
    )))
}

/// Set my team's country and region, and a year's list of days off (admins)
#[utoipa::path(put, path = "/team/holidays", tag = "leaves", request_body = HolidaysInput,
    responses((status = 200, description = "Success", body = Data<TeamHolidays>), (status = 401, response = Unauthorized),
        (status = 403, description = "Only admins can change the team's holidays.", body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
pub(crate) async fn set_team_holidays(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(input): ApiJson<HolidaysInput>,
) -> ApiResult {
    let year = holidays::set_team_holidays(state.services(), &user.user, &input.into(), state.clock.now()).await?;
    Ok(data(TeamHolidays::from(year)))
}
