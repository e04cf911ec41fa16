//! The `notifications` endpoint group: each person's reminder settings, their browsers' push subscriptions, the
//! deployment's VAPID key, and the one-click unsubscribe links of reminder mails.

use axum::extract::State;
use axum::Router;
use bt_api::notifications::settings::NotificationSettings;
use bt_api::notifications::unsubscribe::UnsubscribeInfo;
use bt_api::outbound::PushSubscription;
use bt_app::notifications::{settings, subscriptions, unsubscribe};
use bt_app::AppError;
use bt_http::auth::AuthUser;
use bt_http::openapi::{Data, ErrorBody, Invalid, Message, NotFound, Unauthorized};
use bt_http::{data, ApiJson, ApiQuery, ApiResult};
use bt_http::{AppState, Routes};
use serde::{Deserialize, Serialize};
use tracing::instrument;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;

/// The group's routes, declared once (see `bt_http::routes`): [`router`] serves them, [`openapi_router`] also
/// describes them.
pub fn routes<R: Routes>(r: R) -> R {
    bt_http::routes!(
        r,
        get_settings,
        put_settings,
        vapid_key,
        subscribe,
        unsubscribe_browser,
        describe_unsubscribe,
        one_click_unsubscribe
    )
}

/// The routes as each Lambda serves them, without their description.
pub fn router() -> Router<AppState> {
    routes(Router::new())
}

/// The same routes with their description (the local server and the OpenAPI document).
pub fn openapi_router() -> OpenApiRouter<AppState> {
    routes(OpenApiRouter::new())
}

/// My notification settings
///
/// The defaults until first changed: break reminder on after 60 minutes, meeting reminder on 10 minutes before,
/// daily agenda off, leave notices on, quiet hours off; push and mail on for each.
#[utoipa::path(get, path = "/notifications/settings", tag = "notifications",
    responses((status = 200, description = "Success", body = Data<NotificationSettings>),
        (status = 401, response = Unauthorized)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn get_settings(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    Ok(data(NotificationSettings::from(settings::of_user(state.services(), user.id()).await?)))
}

/// Change my notification settings
///
/// The whole settings value; times are local `HH:MM` in the profile's time zone. Waiting reminders (the open break's,
/// the agenda's, the coming meetings') move to match.
#[utoipa::path(put, path = "/notifications/settings", tag = "notifications", request_body = NotificationSettings,
    responses((status = 200, description = "Success", body = Data<NotificationSettings>),
        (status = 401, response = Unauthorized), (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn put_settings(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(input): ApiJson<NotificationSettings>,
) -> ApiResult {
    let saved = settings::set(state.services(), &user.owner(), input.into(), state.clock.now()).await?;
    Ok(data(NotificationSettings::from(saved)))
}

/// The VAPID public key.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct VapidKey {
    /// The deployment's P-256 public key, base64url: `applicationServerKey` of `pushManager.subscribe`.
    public_key: String,
}

/// The push key of this deployment
///
/// 404 when push is not set up on this server.
#[utoipa::path(get, path = "/notifications/vapid-key", tag = "notifications", security(()),
    responses((status = 200, description = "Success", body = Data<VapidKey>), (status = 404, response = NotFound)))]
#[instrument(skip_all)]
async fn vapid_key(State(state): State<AppState>) -> ApiResult {
    let public_key = state
        .outbound
        .vapid_public_key()
        .ok_or_else(|| AppError::NotFound(bt_app::notifications::outbound::PUSH_NOT_CONFIGURED.into()))?;
    Ok(data(VapidKey { public_key }))
}

/// Subscribe this browser to my push notifications
///
/// The body is the browser's `PushSubscription.toJSON()`. The endpoint must be https to a public address. The same
/// endpoint again replaces its subscription; a person keeps at most 10 browsers (the oldest goes).
#[utoipa::path(post, path = "/notifications/subscriptions", tag = "notifications", request_body = PushSubscription,
    responses((status = 200, description = "Success", body = Data<Message>), (status = 401, response = Unauthorized),
        (status = 404, description = "Push is not set up on this server", body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn subscribe(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(input): ApiJson<PushSubscription>,
) -> ApiResult {
    subscriptions::subscribe(&state, user.id(), &input.into(), state.clock.now()).await?;
    Ok(data(Message { message: "This browser will get your notifications.".into() }))
}

/// Which browser to unsubscribe.
#[derive(Deserialize, ToSchema)]
struct EndpointBody {
    /// The subscription's endpoint.
    endpoint: String,
}

/// Unsubscribe a browser from my push notifications
#[utoipa::path(delete, path = "/notifications/subscriptions", tag = "notifications", request_body = EndpointBody,
    responses((status = 200, description = "Success", body = Data<Message>), (status = 401, response = Unauthorized),
        (status = 404, response = NotFound)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn unsubscribe_browser(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(input): ApiJson<EndpointBody>,
) -> ApiResult {
    if !subscriptions::unsubscribe(state.services(), user.id(), &input.endpoint).await? {
        return Err(AppError::NotFound("This browser is not subscribed.".into()).into());
    }
    Ok(data(Message { message: "This browser will no longer get your notifications.".into() }))
}

/// The token of an unsubscribe link.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct TokenQuery {
    /// The token of the mail's unsubscribe link
    token: String,
}

/// What an unsubscribe link stops
///
/// Changes nothing: the page shows it before the person confirms.
#[utoipa::path(get, path = "/notifications/unsubscribe", tag = "notifications", security(()), params(TokenQuery),
    responses((status = 200, description = "Success", body = Data<UnsubscribeInfo>), (status = 422, response = Invalid)))]
#[instrument(skip_all)]
async fn describe_unsubscribe(State(state): State<AppState>, ApiQuery(q): ApiQuery<TokenQuery>) -> ApiResult {
    Ok(data(UnsubscribeInfo::from(unsubscribe::describe(&state, &q.token).await?)))
}

/// Stop mail of one kind (one click)
///
/// The `List-Unsubscribe` address of reminder mails (RFC 8058: mail apps POST `List-Unsubscribe=One-Click`; any body
/// is accepted). Turns off mail of the link's kind only; a repeat changes nothing.
#[utoipa::path(post, path = "/notifications/unsubscribe", tag = "notifications", security(()), params(TokenQuery),
    responses((status = 200, description = "Success", body = Data<UnsubscribeInfo>), (status = 422, response = Invalid)))]
#[instrument(skip_all)]
async fn one_click_unsubscribe(State(state): State<AppState>, ApiQuery(q): ApiQuery<TokenQuery>) -> ApiResult {
    Ok(data(UnsubscribeInfo::from(unsubscribe::unsubscribe(&state, &q.token).await?)))
}
