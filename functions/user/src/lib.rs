//! The `user` endpoint group: sign-up and e-mail verification, forgotten passwords, and the signed-in user's own
//! account (profile, e-mail change, password change, deletion, personal API tokens).

mod export;
mod password;
mod profile;
mod signup;
mod tokens;

use axum::Router;
use bt_http::{AppState, Routes};
use utoipa_axum::router::OpenApiRouter;

/// The group's routes, declared once (see `bt_http::routes`): [`router`] serves them, [`openapi_router`] also
/// describes them.
pub fn routes<R: Routes>(r: R) -> R {
    bt_http::routes!(
        r,
        signup::signup,
        signup::verify_email,
        signup::resend_verification,
        password::forgot_password,
        password::reset_password,
        password::change_password,
        profile::get_profile,
        profile::update_profile,
        profile::change_email,
        profile::verify_new_email,
        profile::delete_account,
        tokens::create_token,
        tokens::list_tokens,
        tokens::revoke_token,
        export::export_mine
    )
}

/// The routes as each Lambda serves them, without their description.
pub fn router() -> Router<AppState> {
    routes(Router::new())
}

/// The same routes with their description (the local server and the OpenAPI document).
pub fn openapi_router() -> OpenApiRouter<AppState> {
    routes(OpenApiRouter::new())
}
