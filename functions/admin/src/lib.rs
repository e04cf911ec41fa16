//! The `admin` endpoint group: the team (members, invitations, roles) and its presence views.
//!
//! Every user belongs to exactly one team (`user.teamId`, mirrored by the membership item `TEAM#<teamId>` /
//! `MEMBER#<userId>`); role changes and moves between teams write the profile and the membership in one transaction.

mod invitations;
mod presence;
mod reports;
mod team;

use axum::Router;
use bt_http::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// The routes with their description: what is registered is what is documented.
pub fn openapi_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(team::member_count))
        .routes(routes!(team::members))
        .routes(routes!(invitations::invite))
        .routes(routes!(invitations::accept))
        .routes(routes!(team::set_role))
        .routes(routes!(team::remove_member))
        .merge(presence::openapi_router())
        .merge(reports::openapi_router())
}

pub fn router() -> Router<AppState> {
    openapi_router().into()
}
