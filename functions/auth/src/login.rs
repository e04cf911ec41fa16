//! `POST /auth/login`: e-mail and password to a new session.

use axum::extract::State;
use bt_api::schema::ulid;
use bt_app::account::sessions;
use bt_app::types::{Email, UserId};
use bt_http::openapi::{Data, ErrorBody, Invalid};
use bt_http::AppState;
use bt_http::{ApiJson, ApiResult, ClientIp};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// E-mail and password (both required: a missing one is 422 naming it).
#[derive(Deserialize, ToSchema)]
#[schema(as = Credentials)]
pub struct LoginBody {
    #[serde(default)]
    #[schema(required = true)]
    email: String,
    #[serde(default)]
    #[schema(required = true)]
    password: String,
}

/// The answer of a sign-in: the tokens, and who signed in.
#[derive(Serialize, ToSchema)]
#[schema(as = Session)]
pub struct SignedIn {
    name: String,
    #[schema(schema_with = ulid)]
    id: UserId,
    #[schema(value_type = String)]
    email: Email,
    access_token: String,
    refresh_token: String,
}

/// Sign in
#[utoipa::path(post, path = "/auth/login", tag = "accounts", request_body = LoginBody, security(()),
    responses((status = 200, description = "Success (the same fields are repeated next to `data`)", body = Data<SignedIn>),
        (status = 401, description = "Invalid email or password.", body = ErrorBody),
        (status = 403, description = "Email is not active. Please verify your email first.", body = ErrorBody),
        (status = 422, response = Invalid), (status = 429, description = "Rate limited", body = ErrorBody)))]
#[tracing::instrument(skip(state, body))]
pub async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<LoginBody>,
) -> ApiResult {
    let (user, session) = sessions::sign_in(&state, &ip, &body.email, body.password).await?;
    Ok(crate::data_and_top(&SignedIn {
        name: user.name,
        id: user.id,
        email: user.email,
        access_token: session.access_token,
        refresh_token: session.refresh_token,
    }))
}
