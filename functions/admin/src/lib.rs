//! The `admin` endpoint group: the team (members, invitations, roles) and its presence views.

mod presence;

use axum::Router;
use shared::AppState;

pub fn router() -> Router<AppState> {
    Router::new().merge(presence::router())
}
