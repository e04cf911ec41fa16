//! Members' allowances (admins set them per year) and the team's balances (admins and HR).

use axum::extract::State;
use bt_api::records::allowances::{Allowance, AllowanceInput, Balance};
use bt_api::wire;
use bt_app::records::allowances;
use bt_app::types::UserId;
use bt_http::auth::AuthUser;
use bt_http::openapi::{query_param, Data, ErrorBody, Invalid, NotFound, Unauthorized};
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiQuery, ApiResult, IdPath};
use serde::Deserialize;
use tracing::instrument;
use utoipa::openapi::path::{Parameter, ParameterIn};
use utoipa::IntoParams;

use crate::team::UserIdParam;

#[derive(Debug, Deserialize)]
pub(crate) struct YearQuery {
    year: Option<i32>,
}

impl IntoParams for YearQuery {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let year = serde_json::from_value(serde_json::json!({ "type": "integer", "minimum": 1900, "maximum": 2999 }))
            .expect("a valid schema");
        vec![query_param("year", Some("This year (in my time zone) when left out"), year)]
    }
}

/// Set a member's allowance for a year, in days (admins)
#[utoipa::path(put, path = "/admin/allowance/{userId}", tag = "team", params(UserIdParam), request_body = AllowanceInput,
    responses((status = 200, description = "Success", body = Data<Allowance>), (status = 401, response = Unauthorized),
        (status = 403, description = "Only admins can change leave settings and allowances.", body = ErrorBody),
        (status = 404, response = NotFound), (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id(), member = %member))]
pub(crate) async fn set_allowance(
    State(state): State<AppState>,
    user: AuthUser,
    IdPath(member): IdPath<UserId>,
    ApiJson(input): ApiJson<AllowanceInput>,
) -> ApiResult {
    Ok(data(Allowance::from(
        allowances::set_allowance(state.services(), &user.user, &member, &input.into(), state.clock.now()).await?,
    )))
}

/// Every member's balance of a year, by name (admins and HR)
#[utoipa::path(get, path = "/admin/balances", tag = "team", params(YearQuery),
    responses((status = 200, description = "Success", body = Data<Vec<Balance>>), (status = 401, response = Unauthorized),
        (status = 403, description = "Only admins and HR can view the team's balances.", body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
pub(crate) async fn balances(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<YearQuery>,
) -> ApiResult {
    let balances = allowances::team_balances(state.services(), &user.user, q.year, state.clock.now()).await?;
    Ok(data(wire::<Vec<Balance>, _>(balances)))
}
