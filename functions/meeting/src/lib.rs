//! The `meeting` endpoint group: meetings and their today / upcoming / all lists.

use axum::extract::State;
use axum::Router;
use bt_api::records::meetings::{Invitee, Meeting, MeetingAnswerInput, MeetingCreate, MeetingInput, MeetingList};
use bt_api::schema::{date, limit_schema, skip_schema};
use bt_api::wire;
use bt_app::records::meetings::{self, MeetingView};
use bt_app::records::{dates, DateRange, Paging};
use bt_http::auth::AuthUser;
use bt_http::openapi::{query_param, Data, Deleted, ErrorBody, IdParam, Invalid, NotFound, Unauthorized};
use bt_http::{data, ApiJson, ApiQuery, ApiResult, IdPath};
use bt_http::{AppState, Routes};
use serde::Deserialize;
use tracing::instrument;
use utoipa::openapi::path::{Parameter, ParameterIn};
use utoipa::openapi::{ObjectBuilder, RefOr, Schema, Type};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;

/// The group's routes, declared once (see `bt_http::routes`): [`router`] serves them, [`openapi_router`] also
/// describes them.
pub fn routes<R: Routes>(r: R) -> R {
    bt_http::routes!(
        r,
        crud::add,
        crud::edit,
        crud::remove,
        crud::one,
        today_or_upcoming,
        all,
        respond,
        leave,
        people,
        unanswered
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

bt_http::record_routes! {
    mod crud {
        record: meetings::Meeting, tag: "meetings", create: MeetingCreate, input: MeetingInput, answer: Meeting;
        /// Add a meeting
        add "/meeting/add" [] |app, owner, input| meetings::add_meeting(app, owner, &input.into(), app.clock.now());
        /// Edit a meeting I organize (left-out fields keep their value)
        ///
        /// Every attendee's copy follows; attendees taken off the list lose theirs. Moving the date or time asks every
        /// attendee again (their answers go back to pending).
        edit "/meeting/edit/{id}" [
            (status = 403, description = "An attendee's copy: only the organizer changes it", body = ErrorBody),
            (status = 409, description = "Changed (If-Match names another version) or deleted meanwhile",
                body = ErrorBody),
        ] |app, owner, id, input, expect| meetings::edit_meeting(app, owner, id, &input.into(), expect, app.clock.now());
        /// Delete a meeting I organize, for every attendee too
        remove "/meeting/delete/{id}" [
            (status = 403, description = "An attendee's copy: leave the meeting instead", body = ErrorBody),
            (status = 409, description = "Changed meanwhile", body = ErrorBody),
        ] |app, owner, id| meetings::delete_meeting(app, owner, id);
        /// One of my meetings
        one "/meeting/get/{id}" [] |app, owner, id| meetings::get_meeting(app, owner, id);
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct DayQuery {
    today_scheduled_date: Option<String>,
    is_today: Option<bool>,
    skip: Option<u64>,
    limit: Option<u64>,
}

// By hand: a derived parameter with `schema_with` loses its description.
impl IntoParams for DayQuery {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let is_today = ObjectBuilder::new().schema_type(Type::Boolean).default(Some(true.into())).build();
        vec![
            query_param("todayScheduledDate", Some("Default: today in my time zone"), date()),
            query_param("isToday", None, RefOr::T(Schema::Object(is_today))),
            query_param("skip", None, skip_schema()),
            query_param("limit", None, limit_schema()),
        ]
    }
}

/// My meetings of a day (isToday=true) or the upcoming ones
///
/// `isToday=true` (default): the meetings of `todayScheduledDate` (the caller's today by default). `false`: the
/// upcoming ones, after that day, and later today when it is the caller's today.
#[utoipa::path(get, path = "/meeting/get", tag = "meetings", params(DayQuery),
    responses((status = 200, description = "Success", body = Data<MeetingList>), (status = 401, response = Unauthorized),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn today_or_upcoming(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<DayQuery>,
) -> ApiResult {
    let paging = Paging::new(q.skip, q.limit)?;
    let owner = user.owner();
    let now = state.clock.now();
    let day = dates::day_or_today(q.today_scheduled_date.as_deref(), "todayScheduledDate", owner.tz, now)?;
    let view = if q.is_today.unwrap_or(true) {
        MeetingView::Day(day)
    } else {
        let local = owner.local_now(now);
        MeetingView::Upcoming { day, after: (local.date() == day).then_some(local.time()) }
    };
    Ok(data(MeetingList::from(meetings::list_meetings(state.services(), user.id(), view, paging).await?)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct AllQuery {
    #[param(schema_with = date)]
    start_schedule_date: Option<String>,
    #[param(schema_with = date)]
    end_schedule_date: Option<String>,
    #[param(schema_with = skip_schema)]
    skip: Option<u64>,
    #[param(schema_with = limit_schema)]
    limit: Option<u64>,
}

/// All my meetings or those of a range, latest first
#[utoipa::path(get, path = "/meeting/all", tag = "meetings", params(AllQuery),
    responses((status = 200, description = "Success", body = Data<MeetingList>), (status = 401, response = Unauthorized),
        (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn all(State(state): State<AppState>, user: AuthUser, ApiQuery(q): ApiQuery<AllQuery>) -> ApiResult {
    let paging = Paging::new(q.skip, q.limit)?;
    let range = DateRange::parse(
        q.start_schedule_date.as_deref(),
        q.end_schedule_date.as_deref(),
        "startScheduleDate",
        "endScheduleDate",
    )?;
    let list = meetings::list_meetings(state.services(), user.id(), MeetingView::All(range), paging).await?;
    Ok(data(MeetingList::from(list)))
}

/// Answer a meeting I am invited to (yes or no)
///
/// Every copy of the meeting shows the answer. A no also drops my reminder for it.
#[utoipa::path(post, path = "/meeting/respond/{id}", tag = "meetings", params(IdParam),
    request_body = MeetingAnswerInput,
    responses((status = 200, description = "My copy of the meeting", body = Data<Meeting>),
        (status = 401, response = Unauthorized),
        (status = 403, description = "I organize it", body = ErrorBody),
        (status = 404, response = NotFound), (status = 422, response = Invalid)))]
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn respond(
    State(state): State<AppState>,
    user: AuthUser,
    IdPath(id): IdPath,
    ApiJson(input): ApiJson<MeetingAnswerInput>,
) -> ApiResult {
    let meeting =
        meetings::answer_meeting(state.services(), &user.owner(), &id, &input.into(), state.clock.now()).await?;
    Ok(data(Meeting::from(meeting)))
}

/// Leave a meeting I am invited to
///
/// My copy goes, and the organizer and other attendees no longer see me listed.
#[utoipa::path(post, path = "/meeting/leave/{id}", tag = "meetings", params(IdParam),
    responses((status = 200, description = "Success", body = Data<Deleted>), (status = 401, response = Unauthorized),
        (status = 403, description = "I organize it: delete it instead", body = ErrorBody),
        (status = 404, response = NotFound)))]
#[instrument(skip_all, fields(user = %user.id(), id = %id))]
async fn leave(State(state): State<AppState>, user: AuthUser, IdPath(id): IdPath) -> ApiResult {
    meetings::leave_meeting(state.services(), &user.owner(), &id, state.clock.now()).await?;
    Ok(data(Deleted::record(id)))
}

/// The teammates my meetings can invite (names only)
#[utoipa::path(get, path = "/meeting/people", tag = "meetings",
    responses((status = 200, description = "Success", body = Data<Vec<Invitee>>),
        (status = 401, response = Unauthorized)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn people(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    Ok(data(wire::<Vec<Invitee>, _>(meetings::invitees(state.services(), &user.owner()).await?)))
}

/// How many meetings from today on wait for my answer (the Meetings badge)
#[utoipa::path(get, path = "/meeting/unanswered-count", tag = "meetings",
    responses((status = 200, description = "Success", body = Data<u64>), (status = 401, response = Unauthorized)))]
#[instrument(skip_all, fields(user = %user.id()))]
async fn unanswered(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    Ok(data(meetings::unanswered_count(state.services(), &user.owner(), state.clock.now()).await?))
}
