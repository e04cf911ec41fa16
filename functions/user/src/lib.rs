//! The `user` endpoint group: sign-up and e-mail verification, forgotten passwords, and the signed-in user's own
//! account (profile, e-mail change, password change, deletion).

mod password;
mod profile;
mod signup;

use axum::routing::{delete, get, post};
use axum::Router;
use bt_http::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/user/signup", post(signup::signup))
        .route("/user/verify-email", post(signup::verify_email))
        .route("/user/resend-verification", post(signup::resend_verification))
        .route("/user/forgot-password", post(password::forgot_password))
        .route("/user/reset-password", post(password::reset_password))
        .route("/user/change-password", post(password::change_password))
        .route("/user/profile", get(profile::get_profile).put(profile::update_profile))
        .route("/user/change-email", post(profile::change_email))
        .route("/user/verify-new-email", post(profile::verify_new_email))
        .route("/user/delete-account", delete(profile::delete_account))
}
