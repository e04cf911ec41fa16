//! The signed-in user's own account: `GET`/`PUT /user/profile`, `POST /user/change-email`,
//! `POST /user/verify-new-email` and `DELETE /user/delete-account`.

use axum::extract::State;
use bt_domain::account::links::{self, EmailConfirmed};
use bt_domain::account::users::{self, ProfileInput};
use bt_domain::account::User;
use bt_http::auth::AuthUser;
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiResult};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::signup::{TokenBody, VERIFIED};

fn profile(user: &User) -> Value {
    json!({
        "id": user.id,
        "name": user.name,
        "email": user.email,
        "timeZone": user.time_zone,
        "teamId": user.team_id,
        "role": user.role,
        "pendingEmail": user.pending_email,
        "hasPassword": user.password_hash.is_some(),
        "createdAt": user.created_at,
    })
}

#[tracing::instrument(skip(caller), fields(user_id = %caller.id()))]
pub async fn get_profile(caller: AuthUser) -> ApiResult {
    Ok(data(profile(&caller.user)))
}

#[tracing::instrument(skip(state, caller, body), fields(user_id = %caller.id()))]
pub async fn update_profile(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<ProfileInput>,
) -> ApiResult {
    let user = users::update_profile(&state, caller.user, &body).await?;
    Ok(data(profile(&user)))
}

#[derive(Deserialize)]
pub struct ChangeEmailBody {
    #[serde(default)]
    email: String,
}

#[tracing::instrument(skip(state, caller, body), fields(user_id = %caller.id()))]
pub async fn change_email(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<ChangeEmailBody>,
) -> ApiResult {
    let email = links::change_email(&state, &caller.user, &body.email).await?;
    Ok(data(json!({ "message": format!("A verification link has been sent to {email}."), "email": email })))
}

/// Confirms a new address (also accepts a sign-up verification link, so either link works on the web app's
/// `/verify-new-email` route).
#[tracing::instrument(skip(state, body))]
pub async fn verify_new_email(State(state): State<AppState>, ApiJson(body): ApiJson<TokenBody>) -> ApiResult {
    Ok(match links::verify_new_email(&state, &body.token).await? {
        EmailConfirmed::Verified(user) => data(json!({ "message": VERIFIED, "email": user.email })),
        EmailConfirmed::Changed(email) => {
            data(json!({ "message": "Your email address has been changed.", "email": email }))
        }
    })
}

#[derive(Deserialize)]
pub struct DeleteAccountBody {
    #[serde(default)]
    password: String,
}

#[tracing::instrument(skip(state, caller, body), fields(user_id = %caller.id()))]
pub async fn delete_account(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<DeleteAccountBody>,
) -> ApiResult {
    users::delete_account(&state, &caller.user, &body.password).await?;
    Ok(data(json!({ "message": "Your account has been deleted." })))
}
