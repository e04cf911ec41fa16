//! The `contact` endpoint group: `POST /contactUs/send`, the support and feedback form, open to signed-out visitors.
//! Each message is stored first, then mailed to the support address (`bt_domain::account::contact`), so a mail
//! outage loses nothing.

use axum::extract::State;
use axum::routing::post;
use axum::Router;
use bt_domain::account::contact::{self, ContactInput};
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiResult, ClientIp};

pub fn router() -> Router<AppState> {
    Router::new().route("/contactUs/send", post(send))
}

/// What the web app checks for: the answer's data is exactly this text.
const SENT: &str = "message sent!";

#[tracing::instrument(skip(state, body))]
pub async fn send(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<ContactInput>,
) -> ApiResult {
    contact::submit(&state, &ip, &body).await?;
    Ok(data(SENT))
}
