//! The team's single sign-on requirement (admins): when it is on (and single sign-on is configured), members and HR
//! get in only with single sign-on (no other sign-in, refresh of one or API token); admins keep every way in.

use axum::extract::State;
use bt_api::account::sso::{SsoInput, SsoSetting};
use bt_api::wire;
use bt_app::account::sso;
use bt_app::AppError;
use bt_http::auth::AuthUser;
use bt_http::openapi::{Data, ErrorBody, Invalid, Unauthorized};
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiResult};
use tracing::instrument;

/// The team's single sign-on requirement (admins)
#[utoipa::path(get, path = "/admin/sso", tag = "team",
    responses((status = 200, description = "Success", body = Data<SsoSetting>), (status = 401, response = Unauthorized),
        (status = 403, description = "Only team admins can do this.", body = ErrorBody)))]
#[instrument(skip_all, fields(user = %user.id()))]
pub(crate) async fn get(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    Ok(data(wire::<SsoSetting, _>(sso::setting(&state, &user.user).await?)))
}

/// Require single sign-on for the team's members (admins)
///
/// `{"required": true}` keeps the team's members (and HR) to single sign-on: their password, GitHub and Google
/// sign-ins answer 403 with a message pointing to the single sign-on button, and so do their API tokens (on every
/// route), making new ones, and refreshing a sign-in not made with single sign-on (which ends it). Turning it on
/// ends their sign-ins not made with single sign-on at once. Admins keep every way in, so that a provider that is
/// down or misconfigured never locks the team out. Turning it on needs single sign-on to be configured (409
/// otherwise).
#[utoipa::path(put, path = "/admin/sso", tag = "team", request_body = SsoInput,
    responses((status = 200, description = "Success", body = Data<SsoSetting>), (status = 401, response = Unauthorized),
        (status = 403, description = "Only team admins can do this.", body = ErrorBody),
        (status = 409, description = "Single sign-on is not configured.", body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
pub(crate) async fn set(State(state): State<AppState>, user: AuthUser, ApiJson(input): ApiJson<SsoInput>) -> ApiResult {
    user.require_admin()?;
    let required = input
        .required
        .ok_or_else(|| AppError::field("required", "Please choose whether single sign-on is required."))?;
    Ok(data(wire::<SsoSetting, _>(sso::set_required(&state, &user.user, required).await?)))
}
