//! `POST /user/signup`, `POST /user/verify-email` and `POST /user/resend-verification`.

use axum::extract::State;
use bt_domain::account::{self, Role, User};
use bt_domain::auth;
use bt_domain::store::{Cond, Item, StoreError, TxOp};
use bt_domain::validate::{normalize_email, Check};
use bt_domain::{keys, ratelimit, AppError};
use bt_http::AppState;
use bt_http::{created, data, ApiJson, ApiResult, ClientIp};
use serde::Deserialize;
use serde_json::json;

use crate::links::{self, LinkKind};

pub const EMAIL_TAKEN: &str = "An account with this email already exists.";

/// The sign-up rules for a name (also used when the profile's name changes).
pub fn check_name(check: &mut Check, name: &str) {
    check
        .required("name", name, "Name is required")
        .min_chars("name", name, 3, "Name must be at least 3 characters long.")
        .max_chars("name", name, 60, "Name must not exceed 60 characters.");
}

/// The sign-up rules for an e-mail address (also used for a new address).
pub fn check_email(check: &mut Check, email: &str) {
    check
        .required("email", email, "Email is required.")
        .email("email", email, "Please enter a valid email address.")
        .max_chars("email", email, 70, "Email must not exceed 70 characters.");
}

/// The sign-up rules for a new password (also used by reset and change).
pub fn check_password(check: &mut Check, field: &str, password: &str) {
    check
        .required(field, password, "Password is required.")
        .min_chars(field, password, 6, "Password must be at least 6 characters long.")
        .max_chars(field, password, 20, "Password must not exceed 20 characters.");
}

#[derive(Deserialize)]
pub struct SignupBody {
    #[serde(default)]
    name: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
}

#[tracing::instrument(skip(state, body))]
pub async fn signup(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<SignupBody>,
) -> ApiResult {
    let name = body.name.trim().to_string();
    let email = normalize_email(&body.email);
    let mut check = Check::new();
    check_name(&mut check, &name);
    check_email(&mut check, &email);
    check_password(&mut check, "password", &body.password);
    check.finish()?;
    ratelimit::hit(&state, "signup-ip", &ip, state.config.rate_limits.signup_per_ip).await?;
    if state.store.get(&keys::email(&email)).await?.is_some() {
        return Err(AppError::Conflict(EMAIL_TAKEN.into()).into());
    }

    let password_hash = auth::hash_password_async(body.password).await?;
    let now = state.clock.now().to_rfc3339();
    let team = account::personal_team(&name, &now);
    let user = User {
        id: account::new_id(),
        name,
        email: email.clone(),
        password_hash: Some(password_hash),
        verified: false,
        team_id: team.id.clone(),
        role: Role::Admin,
        time_zone: "UTC".into(),
        token_version: 0,
        pending_email: None,
        created_at: now,
    };
    match state.store.transact(account::new_account_ops(&user, &team)?).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => return Err(AppError::Conflict(EMAIL_TAKEN.into()).into()),
        Err(e) => return Err(e.into()),
    }
    tracing::info!(user_id = %user.id, "account created");

    // The account exists from here on, so a link that cannot be stored is reported like a mail that cannot be sent
    // (not as an error: signing up again would only say the address is taken); a resend finishes the job later.
    let sent = match links::create(&state, LinkKind::Verify, &user, &email, state.config.verify_token_secs).await {
        Ok(token) => links::send(&state, links::verification_mail(&state, &user, &token)).await,
        Err(e) => {
            tracing::error!(error = %e, user_id = %user.id, "verification link not stored");
            false
        }
    };
    let message = if sent {
        "Verification email sent!"
    } else {
        "Your account was created, but the verification email could not be sent. Please ask for a new one in a few minutes."
    };
    Ok(created(json!({ "message": message, "email": email })))
}

#[derive(Deserialize)]
pub struct TokenBody {
    #[serde(default)]
    pub token: String,
}

#[tracing::instrument(skip(state, body))]
pub async fn verify_email(State(state): State<AppState>, ApiJson(body): ApiJson<TokenBody>) -> ApiResult {
    let link = links::check(&state, &body.token, &[LinkKind::Verify]).await?;
    verify(&state, link).await
}

/// Marks the account of a verification link verified, spending the link.
pub async fn verify(state: &AppState, link: links::ValidLink) -> ApiResult {
    let user = account::get_user(state.table(), &link.link.user_id).await?.ok_or_else(links::invalid_link)?;
    let mut set = Item::new();
    set.insert("verified".into(), true.into());
    let writes = vec![
        link.use_op(),
        // The address must still be the one the link was sent to.
        TxOp::Update { key: keys::user(&user.id), set, cond: Cond::eq("email", link.link.email.clone()) },
    ];
    match state.store.transact(writes).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => return Err(links::invalid_link().into()),
        Err(e) => return Err(e.into()),
    }
    tracing::info!(user_id = %user.id, "email verified");
    Ok(data(json!({ "message": "Your email has been verified. You can now sign in.", "email": user.email })))
}

#[derive(Deserialize)]
pub struct EmailBody {
    #[serde(default)]
    pub email: String,
}

pub const RESENT: &str = "Verification email has been resent.";

#[tracing::instrument(skip(state, body))]
pub async fn resend_verification(State(state): State<AppState>, ApiJson(body): ApiJson<EmailBody>) -> ApiResult {
    let email = normalize_email(&body.email);
    Check::new()
        .required("email", &email, "Email is required.")
        .email("email", &email, "Please enter a valid email address.")
        .finish()?;
    ratelimit::hit(&state, "mail", &email, state.config.rate_limits.mail_per_email).await?;
    // The same answer whether or not an account exists, so the form cannot be used to find out.
    let Some(user) = account::find_user_by_email(state.table(), &email).await? else {
        return Ok(data(json!({ "message": RESENT })));
    };
    if user.verified {
        return Ok(data(json!({ "message": "This email is already verified. You can sign in." })));
    }
    let token = links::create(&state, LinkKind::Verify, &user, &user.email, state.config.verify_token_secs).await?;
    if !links::send(&state, links::verification_mail(&state, &user, &token)).await {
        return Err(
            AppError::Unavailable("The verification email could not be sent. Please try again later.".into()).into()
        );
    }
    Ok(data(json!({ "message": RESENT })))
}
