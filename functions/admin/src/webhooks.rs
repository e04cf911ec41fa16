//! The team's chat webhooks (admins): Slack-compatible, Microsoft Teams or a generic signed JSON, and the events each
//! one posts.

use axum::extract::State;
use bt_api::notifications::webhooks::{CreatedWebhook, Webhook, WebhookInput};
use bt_api::wire;
use bt_app::notifications::webhooks;
use bt_http::auth::AuthUser;
use bt_http::openapi::{Data, Deleted, ErrorBody, IdParam, Invalid, NotFound, Unauthorized};
use bt_http::AppState;
use bt_http::{created, data, ApiJson, ApiResult, IdPath};
use tracing::instrument;

/// The team's webhooks (admins)
///
/// Each with its events and its last delivery (time, event, status or error, and when it is tried again). Secrets
/// are never shown again.
#[utoipa::path(get, path = "/admin/webhooks", tag = "team",
    responses((status = 200, description = "Success", body = Data<Vec<Webhook>>), (status = 401, response = Unauthorized),
        (status = 403, description = "Only team admins can do this.", body = ErrorBody)))]
#[instrument(skip_all, fields(user = %user.id()))]
pub(crate) async fn list(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    user.require_admin()?;
    Ok(data(wire::<Vec<Webhook>, _>(webhooks::list(state.services(), user.team_id()).await?)))
}

/// Add a webhook (admins)
///
/// `url` must be https to a public address. `events` of `leave.approved`, `daily.absences` (who is off today, at
/// `dailyAt` in your time zone), `break.started` and `break.ended` (the team opts in by choosing them),
/// `work.started` and `work.ended` (clocking in and out; `data.autoClosed` when a period was closed at 16 hours).
/// The answer shows the signing secret of `generic` hooks once: `Breaktime-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
/// "<t>.<body>">`; every delivery carries `Breaktime-Event-Id`. At most 10 per team.
#[utoipa::path(post, path = "/admin/webhooks", tag = "team", request_body = WebhookInput,
    responses((status = 201, description = "Created", body = Data<CreatedWebhook>), (status = 401, response = Unauthorized),
        (status = 403, description = "Only team admins can do this.", body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
pub(crate) async fn add(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(input): ApiJson<WebhookInput>,
) -> ApiResult {
    Ok(created(CreatedWebhook::from(webhooks::add(&state, &user.user, &input.into(), state.clock.now()).await?)))
}

/// Remove a webhook (admins)
#[utoipa::path(delete, path = "/admin/webhooks/{id}", tag = "team", params(IdParam),
    responses((status = 200, description = "Success", body = Data<Deleted>), (status = 401, response = Unauthorized),
        (status = 403, description = "Only team admins can do this.", body = ErrorBody),
        (status = 404, response = NotFound)))]
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
pub(crate) async fn remove(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    webhooks::remove(state.services(), &user.user, id.as_ref(), state.clock.now()).await?;
    Ok(data(Deleted { id: id.to_string(), message: "Webhook removed.".into() }))
}
