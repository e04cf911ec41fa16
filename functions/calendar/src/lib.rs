//! The `calendar` endpoint group: calendar feeds (iCalendar, RFC 5545). A signed-in person creates, lists and
//! revokes secret feed URLs of their own leaves and meetings (and, for admins and HR, of the team's absences); a
//! calendar app reads a feed at its URL without a session.

mod ics;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue};
use axum::response::IntoResponse;
use axum::Router;
use bt_api::records::feeds::{CalendarFeed, FeedInput, NewCalendarFeed};
use bt_api::wire;
use bt_app::records::feeds;
use bt_app::AppError;
use bt_http::auth::AuthUser;
use bt_http::openapi::{
    error_response, path_param, Data, Deleted, ErrorBody, IdParam, Invalid, NotFound, Unauthorized,
};
use bt_http::{created, data, ApiJson, ApiResult, IdPath};
use bt_http::{AppState, Routes};
use serde_json::json;
use tracing::instrument;
use utoipa::openapi::path::{Parameter, ParameterIn};
use utoipa::openapi::{RefOr, Response};
use utoipa::{IntoParams, IntoResponses};
use utoipa_axum::router::OpenApiRouter;

/// The group's routes, declared once (see `bt_http::routes`): [`router`] serves them, [`openapi_router`] also
/// describes them.
pub fn routes<R: Routes>(r: R) -> R {
    bt_http::routes!(r, create, list, revoke, feed)
}

/// The routes as each Lambda serves them, without their description.
pub fn router() -> Router<AppState> {
    routes(Router::new())
}

/// The same routes with their description (the local server and the OpenAPI document).
pub fn openapi_router() -> OpenApiRouter<AppState> {
    routes(OpenApiRouter::new())
}

/// Create a calendar feed of my leaves and meetings, or of my team's absences (admins and HR)
///
/// `me`: my pending and approved leaves and my meetings; `team`: the approved leaves of my team's members. The
/// answer's `url` is shown only here: the token in it is stored only as a hash.
#[utoipa::path(post, path = "/calendar/feeds", tag = "calendar", request_body = FeedInput,
    responses((status = 201, description = "Created", body = Data<NewCalendarFeed>),
        (status = 401, response = Unauthorized),
        (status = 403, description = "Only admins and HR can create a team calendar feed.", body = ErrorBody),
        (status = 409, description = "You can have at most 10 calendar feeds. Revoke one before creating another.",
            body = ErrorBody),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn create(State(state): State<AppState>, user: AuthUser, ApiJson(input): ApiJson<FeedInput>) -> ApiResult {
    Ok(created(NewCalendarFeed::from(feeds::create_feed(state.services(), &user.user, &input.into()).await?)))
}

/// My calendar feeds, oldest first (without their URLs)
#[utoipa::path(get, path = "/calendar/feeds", tag = "calendar",
    responses((status = 200, description = "Success", body = Data<Vec<CalendarFeed>>),
        (status = 401, response = Unauthorized)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn list(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    Ok(data(wire::<Vec<CalendarFeed>, _>(feeds::list_feeds(state.services(), user.id()).await?)))
}

/// Revoke one of my calendar feeds: its URL answers 404 from then on
#[utoipa::path(delete, path = "/calendar/feeds/{id}", tag = "calendar", params(IdParam),
    responses((status = 200, description = "Success", body = Data<Deleted>), (status = 401, response = Unauthorized),
        (status = 404, response = NotFound)))]
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn revoke(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    let feed = feeds::revoke_feed(state.services(), &user.user, &id).await?;
    Ok(data(Deleted { id: feed.id.to_string(), message: "Calendar feed revoked.".into() }))
}

/// The `{token}` of a feed's URL.
struct TokenParam;

impl IntoParams for TokenParam {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let schema = serde_json::from_value(json!({ "type": "string", "pattern": "^[A-Za-z0-9_-]{43}\\.ics$" }))
            .expect("a valid schema");
        vec![path_param(
            "token",
            "The feed's secret token followed by `.ics` (the last segment of the `url` its creation answered)",
            schema,
        )]
    }
}

/// The answers of a feed: the calendar, or a JSON 404.
struct FeedAnswers;

impl IntoResponses for FeedAnswers {
    fn responses() -> std::collections::BTreeMap<String, RefOr<Response>> {
        let calendar = serde_json::from_value(json!({
            "description": "The feed as an iCalendar (RFC 5545) document",
            "content": { "text/calendar": { "schema": { "type": "string" } } }
        }))
        .expect("a valid response");
        [
            ("200".to_string(), calendar),
            ("404".to_string(), error_response("Unknown or revoked feed, or a path that does not end in .ics")),
        ]
        .into_iter()
        .collect()
    }
}

/// A calendar feed as an iCalendar document, for calendar apps (no session: the token in the path is the key)
///
/// The path's last segment is the token followed by `.ics`, as in the `url` the feed's creation answered. Leaves are
/// all-day events (the end date exclusive), meetings timed events in UTC; the days covered run from a year before
/// the owner's today to two years after.
#[utoipa::path(get, path = "/calendar/{token}", tag = "calendar", security(()), params(TokenParam),
    responses(FeedAnswers))]
#[instrument(skip_all)]
async fn feed(State(state): State<AppState>, segment: Result<Path<String>, PathRejection>) -> ApiResult {
    // API Gateway's path parameters are whole segments, so `.ics` is part of the parameter; a segment that is not
    // even UTF-8 is as unknown as any other (axum's own rejection would be plain text).
    let segment = segment.ok().map(|Path(segment)| segment);
    let token = segment.as_deref().and_then(|s| s.strip_suffix(".ics"));
    let token = token.ok_or_else(|| AppError::NotFound(feeds::NOT_FOUND.into()))?;
    let calendar = feeds::feed_calendar(state.services(), token, state.clock.now()).await?;
    Ok(([(header::CONTENT_TYPE, HeaderValue::from_static("text/calendar; charset=utf-8"))], ics::render(&calendar))
        .into_response())
}
