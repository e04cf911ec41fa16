//! Break Buddy, the in-app assistant: `POST /assistant/ask` reads a plain sentence, answers questions from the
//! caller's own data and team, and proposes pre-filled records.

pub mod rules;
pub mod understand;

use axum::Router;
use shared::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
}
