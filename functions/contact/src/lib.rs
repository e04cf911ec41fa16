//! The `contact` endpoint group.

use axum::Router;
use shared::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
}
