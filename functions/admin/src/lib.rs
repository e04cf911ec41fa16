//! The `admin` endpoint group: the team (members, invitations, roles) and its presence views.
//!
//! Every user belongs to exactly one team (`user.teamId`, mirrored by the membership item `TEAM#<teamId>` /
//! `MEMBER#<userId>`); role changes and moves between teams write the profile and the membership in one transaction.

mod allowances;
mod audit;
mod export;
mod invitations;
mod presence;
mod reports;
mod sso;
mod team;
mod webhooks;
mod work_schedule;

use axum::Router;
use bt_http::{AppState, Routes};
use utoipa_axum::router::OpenApiRouter;

/// The group's routes, declared once (see `bt_http::routes`): [`router`] serves them, [`openapi_router`] also
/// describes them.
pub fn routes<R: Routes>(r: R) -> R {
    let r = bt_http::routes!(
        r,
        team::member_count,
        team::members,
        team::team,
        team::update_team,
        invitations::invite,
        invitations::accept,
        invitations::pending,
        invitations::preview,
        invitations::resend,
        invitations::revoke,
        team::set_role,
        team::remove_member,
        allowances::set_allowance,
        allowances::balances,
        work_schedule::set_member_schedule,
        work_schedule::start_dates,
        work_schedule::set_start_date,
        webhooks::list,
        webhooks::add,
        webhooks::remove,
        sso::get,
        sso::set,
        export::export_team
    );
    audit::routes(reports::routes(presence::routes(r)))
}

/// The routes as each Lambda serves them, without their description.
pub fn router() -> Router<AppState> {
    routes(Router::new())
}

/// The same routes with their description (the local server and the OpenAPI document).
pub fn openapi_router() -> OpenApiRouter<AppState> {
    routes(OpenApiRouter::new())
}
