//! The `admin` endpoint group: the team (members, invitations, roles) and its presence views.
//!
//! Every user belongs to exactly one team (`user.teamId`, mirrored by the membership item `TEAM#<teamId>` /
//! `MEMBER#<userId>`); role changes and moves between teams write the profile and the membership in one transaction.

mod invitations;
mod presence;
mod reports;
mod team;

use axum::routing::{delete, get, post, put};
use axum::Router;
use bt_http::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/get-count", get(team::member_count))
        .route("/admin/get", get(team::members))
        .route("/admin/invite", post(invitations::invite))
        .route("/admin/accept-email-invitation", post(invitations::accept))
        .route("/admin/role/{userId}", put(team::set_role))
        .route("/admin/member/{userId}", delete(team::remove_member))
        .merge(presence::router())
        .merge(reports::router())
}
