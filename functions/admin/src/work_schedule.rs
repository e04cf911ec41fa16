//! A member's work schedule from a date on (approvers): the targets of their days from that date.

use axum::extract::State;
use bt_api::records::work::{MemberScheduleInput, WorkSchedule};
use bt_domain::records::work::schedule;
use bt_domain::types::UserId;
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
        schedule::set_member_schedule(state.table(), &user.user, member.as_str(), &input.into(), state.clock.now())
            .await?;
    Ok(data(WorkSchedule::from(answer)))
}
