//! The signed-in user's own account: `GET`/`PUT /user/profile`, `POST /user/change-email`,
//! `POST /user/verify-new-email` and `DELETE /user/delete-account`.

use axum::extract::State;
use bt_api::account::users::ProfileInput;
use bt_api::schema::{language, role, stamp, ulid};
use bt_app::account::links::{self, EmailConfirmed};
use bt_app::account::users;
use bt_app::account::{Role, User};
use bt_app::i18n::Language;
use bt_app::types::{Email, TeamId, UserId};
use bt_http::auth::{AuthUser, SessionUser};
use bt_http::openapi::{Data, ErrorBody, Invalid, Message, Unauthorized};
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::signup::{verified_message, EmailMessage, TokenBody};

/// The signed-in user's own account as they see it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    #[schema(schema_with = ulid)]
    id: UserId,
    name: String,
    #[schema(value_type = String)]
    email: Email,
    time_zone: String,
    /// The saved language ("en" for accounts without one).
    #[schema(schema_with = language)]
    language: Language,
    #[schema(schema_with = ulid)]
    team_id: TeamId,
    #[schema(schema_with = role)]
    role: Role,
    // An address being changed to, until its link is followed.
    #[schema(value_type = Option<String>)]
    pending_email: Option<Email>,
    has_password: bool,
    #[schema(schema_with = stamp)]
    created_at: String,
}

impl From<&User> for Profile {
    fn from(user: &User) -> Profile {
        Profile {
            id: user.id.clone(),
            name: user.name.clone(),
            email: user.email.clone(),
            time_zone: user.time_zone.clone(),
            language: user.language(),
            team_id: user.team_id.clone(),
            role: user.role,
            pending_email: user.pending_email.clone(),
            has_password: user.password_hash.is_some(),
            created_at: user.created_at.clone(),
        }
    }
}

/// My profile
#[utoipa::path(get, path = "/user/profile", tag = "accounts",
    responses((status = 200, description = "Success", body = Data<Profile>), (status = 401, response = Unauthorized)))]
#[tracing::instrument(skip(caller), fields(user_id = %caller.id()))]
pub async fn get_profile(caller: AuthUser) -> ApiResult {
    Ok(data(Profile::from(&caller.user)))
}

/// Update my name, time zone and language
#[utoipa::path(put, path = "/user/profile", tag = "accounts", request_body = ProfileInput,
    responses((status = 200, description = "Success", body = Data<Profile>), (status = 401, response = Unauthorized),
        (status = 422, response = Invalid)))]
#[tracing::instrument(skip(state, caller, body), fields(user_id = %caller.id()))]
pub async fn update_profile(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<ProfileInput>,
) -> ApiResult {
    let user = users::update_profile(&state, caller.user, &body.into()).await?;
    Ok(data(Profile::from(&user)))
}

/// Change my e-mail (verified by a mailed link)
#[derive(Deserialize, ToSchema)]
#[schema(as = ChangeEmailInput)]
pub struct ChangeEmailBody {
    #[serde(default)]
    #[schema(required = true)]
    email: String,
    /// Required when the account has a password.
    #[serde(default, rename = "currentPassword")]
    current_password: String,
}

#[utoipa::path(post, path = "/user/change-email", tag = "accounts", request_body = ChangeEmailBody,
    responses((status = 200, description = "Success", body = Data<EmailMessage>), (status = 401, response = Unauthorized),
        (status = 403, description = "Called with an API token: sign in instead.", body = ErrorBody),
        (status = 409, description = "Email taken", body = ErrorBody), (status = 422, response = Invalid)))]
#[tracing::instrument(skip(state, caller, body), fields(user_id = %caller.id()))]
pub async fn change_email(
    State(state): State<AppState>,
    caller: SessionUser,
    ApiJson(body): ApiJson<ChangeEmailBody>,
) -> ApiResult {
    let email = links::change_email(&state, &caller.user, &body.email, &body.current_password).await?;
    Ok(data(EmailMessage::new(format!("A verification link has been sent to {email}."), email)))
}

// Also accepts a sign-up verification link, so either link works on the web app's `/verify-new-email` route.
/// Confirm an e-mail change (or a sign-up link)
#[utoipa::path(post, path = "/user/verify-new-email", tag = "accounts", security(()), request_body = TokenBody,
    responses((status = 200, description = "Success", body = Data<EmailMessage>),
        (status = 409, description = "Email taken meanwhile", body = ErrorBody), (status = 422, response = Invalid)))]
#[tracing::instrument(skip(state, body))]
pub async fn verify_new_email(State(state): State<AppState>, ApiJson(body): ApiJson<TokenBody>) -> ApiResult {
    Ok(match links::verify_new_email(&state, &body.token).await? {
        EmailConfirmed::Verified(verified) => data(EmailMessage::new(verified_message(&verified), verified.user.email)),
        EmailConfirmed::Changed(email) => data(EmailMessage::new("Your email address has been changed.", email)),
        EmailConfirmed::Restored(email) => data(EmailMessage::new(
            format!(
                "The change was undone: {email} is your account's address again, and every sign-in has ended. \
                 If someone else changed it, choose a new password with \"Forgot password\"."
            ),
            email,
        )),
    })
}

#[derive(Deserialize, ToSchema)]
#[schema(as = PasswordInput)]
pub struct DeleteAccountBody {
    #[serde(default)]
    #[schema(required = true)]
    password: String,
}

/// Delete my account and data
#[utoipa::path(delete, path = "/user/delete-account", tag = "accounts", request_body = DeleteAccountBody,
    responses((status = 200, description = "Success", body = Data<Message>), (status = 401, response = Unauthorized),
        (status = 403, description = "Called with an API token: sign in instead.", body = ErrorBody),
        (status = 409, description = "Last admin of a team with members", body = ErrorBody),
        (status = 422, response = Invalid)))]
#[tracing::instrument(skip(state, caller, body), fields(user_id = %caller.id()))]
pub async fn delete_account(
    State(state): State<AppState>,
    caller: SessionUser,
    ApiJson(body): ApiJson<DeleteAccountBody>,
) -> ApiResult {
    users::delete_account(&state, &caller.user, &body.password).await?;
    Ok(data(Message { message: "Your account has been deleted.".into() }))
}
