//! Team presence views (who is on break, who is away today). Filled in by the records work.

use axum::Router;
use shared::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
}
