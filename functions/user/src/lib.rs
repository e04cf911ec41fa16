//! The `user` endpoint group: sign-up and e-mail verification, forgotten passwords, and the signed-in user's own
//! account (profile, e-mail change, password change, deletion).

mod password;
mod profile;
mod signup;

use axum::Router;
use bt_http::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// The routes with their description: what is registered is what is documented.
pub fn openapi_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(signup::signup))
        .routes(routes!(signup::verify_email))
        .routes(routes!(signup::resend_verification))
        .routes(routes!(password::forgot_password))
        .routes(routes!(password::reset_password))
        .routes(routes!(password::change_password))
        .routes(routes!(profile::get_profile, profile::update_profile))
        .routes(routes!(profile::change_email))
        .routes(routes!(profile::verify_new_email))
        .routes(routes!(profile::delete_account))
}

pub fn router() -> Router<AppState> {
    openapi_router().into()
}
