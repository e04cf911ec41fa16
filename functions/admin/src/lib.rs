//! The `admin` endpoint group: the team (members, invitations, roles) and its presence views.

mod presence;
mod reports;

use axum::Router;
use shared::AppState;

pub fn router() -> Router<AppState> {
    Router::new().merge(presence::router()).merge(reports::router())
}
