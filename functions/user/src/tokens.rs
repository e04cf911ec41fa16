//! The signed-in user's personal API tokens: `GET`/`POST /user/tokens` and `DELETE /user/tokens/{id}`. Creating and
//! revoking take a session ([`SessionUser`]): no API token makes or ends tokens.

use axum::extract::State;
use bt_api::account::tokens::{ApiToken, ApiTokenInput, NewApiToken};
use bt_api::wire;
use bt_app::account::tokens;
use bt_http::auth::{AuthUser, SessionUser};
use bt_http::openapi::{Data, Deleted, ErrorBody, IdParam, Invalid, NotFound, Unauthorized};
use bt_http::AppState;
use bt_http::{created, data, ApiJson, ApiResult, IdPath};

/// Create a personal API token (the secret is answered only here)
///
/// The answer's `token` is the secret: send it as `Authorization: Bearer <token>`. Only its hash is stored. A
/// `read` token calls GET and HEAD routes only. No token manages tokens, changes the password or e-mail address, or
/// deletes the account. A member or HR of a team that requires single sign-on makes none (403), and their tokens
/// are refused on every route while it is required. See API tokens in the API's description.
#[utoipa::path(post, path = "/user/tokens", tag = "accounts", request_body = ApiTokenInput,
    responses((status = 201, description = "Created", body = Data<NewApiToken>),
        (status = 401, response = Unauthorized),
        (status = 403, description = "Called with an API token: sign in instead. Or: your team signs in with single \
            sign-on (members and HR).", body = ErrorBody),
        (status = 409, description = "You can have at most 20 API tokens. Revoke one before creating another.",
            body = ErrorBody),
        (status = 422, response = Invalid)))]
#[tracing::instrument(skip_all, fields(user_id = %caller.id()))]
pub async fn create_token(
    State(state): State<AppState>,
    caller: SessionUser,
    ApiJson(body): ApiJson<ApiTokenInput>,
) -> ApiResult {
    Ok(created(NewApiToken::from(tokens::create_token(&state, &caller.user, &body.into()).await?)))
}

/// My API tokens, oldest first (without their secrets)
#[utoipa::path(get, path = "/user/tokens", tag = "accounts",
    responses((status = 200, description = "Success", body = Data<Vec<ApiToken>>),
        (status = 401, response = Unauthorized)))]
#[tracing::instrument(skip_all, fields(user_id = %caller.id()))]
pub async fn list_tokens(State(state): State<AppState>, caller: AuthUser) -> ApiResult {
    Ok(data(wire::<Vec<ApiToken>, _>(tokens::list_tokens(state.services(), &caller.user).await?)))
}

/// Revoke one of my API tokens: it is refused (401) from then on
#[utoipa::path(delete, path = "/user/tokens/{id}", tag = "accounts", params(IdParam),
    responses((status = 200, description = "Success", body = Data<Deleted>), (status = 401, response = Unauthorized),
        (status = 403, description = "Called with an API token: sign in instead.", body = ErrorBody),
        (status = 404, response = NotFound)))]
#[tracing::instrument(skip_all, fields(user_id = %caller.id(), id = %id))]
pub async fn revoke_token(State(state): State<AppState>, caller: SessionUser, IdPath(id): IdPath) -> ApiResult {
    let token = tokens::revoke_token(&state, &caller.user, &id).await?;
    Ok(data(Deleted { id: token.id.to_string(), message: "API token revoked.".into() }))
}
