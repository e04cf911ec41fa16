//! A member's work schedule from a date on (approvers): the targets of their days from that date; and a member's
//! start date, their first day with a target.

use axum::extract::State;
use bt_api::records::work::{MemberScheduleInput, MemberStart, StartDateInput, WorkSchedule};
use bt_app::types::UserId;
use bt_app::work::{schedule, start};
use bt_http::auth::AuthUser;
use bt_http::openapi::{Data, ErrorBody, Invalid, NotFound, Unauthorized};
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiResult, IdPath};
use tracing::instrument;

use crate::team::UserIdParam;

/// Set a member's work schedule from a date on (admins and HR); earlier days keep the previous one
#[utoipa::path(put, path = "/admin/work-schedule/{userId}", tag = "work", params(UserIdParam),
    request_body = MemberScheduleInput,
    responses((status = 200, description = "The member's schedules", body = Data<WorkSchedule>),
        (status = 401, response = Unauthorized),
        (status = 403, description = "Only team admins and HR can do this.", body = ErrorBody),
        (status = 404, response = NotFound), (status = 422, response = Invalid),
        (status = 409, description = "It applies to an approved and locked month (the message names the month)",
            body = ErrorBody)))]
#[instrument(skip_all, fields(user = %user.id(), member = %member))]
pub(crate) async fn set_member_schedule(
    State(state): State<AppState>,
    user: AuthUser,
    IdPath(member): IdPath<UserId>,
    ApiJson(input): ApiJson<MemberScheduleInput>,
) -> ApiResult {
    let answer =
        schedule::set_member_schedule(state.services(), &user.user, member.as_str(), &input.into(), state.clock.now())
            .await?;
    Ok(data(WorkSchedule::from(answer)))
}

/// Every member's first day with a target (admins and HR): the day they joined the team in their time zone, or the
/// start date set for them
#[utoipa::path(get, path = "/admin/start-dates", tag = "work",
    responses((status = 200, description = "Each member's start date", body = Data<Vec<MemberStart>>),
        (status = 401, response = Unauthorized),
        (status = 403, description = "Only team admins and HR can do this.", body = ErrorBody)))]
#[instrument(skip_all, fields(user = %user.id()))]
pub(crate) async fn start_dates(State(state): State<AppState>, user: AuthUser) -> ApiResult {
    let answer = start::start_dates(state.services(), &user.user).await?;
    Ok(data(answer.into_iter().map(MemberStart::from).collect::<Vec<_>>()))
}

/// Set a member's first day with a target (admins and HR); the days before it have no target in any figure
#[utoipa::path(put, path = "/admin/start-dates/{userId}", tag = "work", params(UserIdParam),
    request_body = StartDateInput,
    responses((status = 200, description = "The member's start date", body = Data<MemberStart>),
        (status = 401, response = Unauthorized),
        (status = 403, description = "Only team admins and HR can do this.", body = ErrorBody),
        (status = 404, response = NotFound), (status = 422, response = Invalid),
        (status = 409, description = "It moves the targets of an approved and locked month (the message names the month)",
            body = ErrorBody)))]
#[instrument(skip_all, fields(user = %user.id(), member = %member))]
pub(crate) async fn set_start_date(
    State(state): State<AppState>,
    user: AuthUser,
    IdPath(member): IdPath<UserId>,
    ApiJson(input): ApiJson<StartDateInput>,
) -> ApiResult {
    let answer =
        start::set_start_date(state.services(), &user.user, member.as_str(), &input.into(), state.clock.now()).await?;
    Ok(data(MemberStart::from(answer)))
}
