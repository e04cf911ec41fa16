//! The signed-in user's own account: `GET`/`PUT /user/profile`, `POST /user/change-email`,
//! `POST /user/verify-new-email` and `DELETE /user/delete-account`.

use axum::extract::State;
use bt_domain::account::{self, User};
use bt_domain::store::{key_of, Cond, Item, Query, SkCond, StoreError, TxOp};
use bt_domain::validate::{normalize_email, Check};
use bt_domain::{keys, ratelimit, AppError};
use bt_http::auth::AuthUser;
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiResult};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::links::{self, LinkKind};
use crate::password::confirm_password;
use crate::signup::{check_email, check_name, TokenBody, EMAIL_TAKEN};

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

fn changed_meanwhile() -> AppError {
    AppError::Conflict("Your account was changed meanwhile. Please try again.".into())
}

#[tracing::instrument(skip(caller), fields(user_id = %caller.id()))]
pub async fn get_profile(caller: AuthUser) -> ApiResult {
    Ok(data(profile(&caller.user)))
}

#[derive(Deserialize)]
pub struct ProfileBody {
    name: Option<String>,
    #[serde(rename = "timeZone")]
    time_zone: Option<String>,
}

#[tracing::instrument(skip(state, caller, body), fields(user_id = %caller.id()))]
pub async fn update_profile(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<ProfileBody>,
) -> ApiResult {
    let user = caller.user;
    let name = body.name.as_deref().map(str::trim);
    let time_zone = body.time_zone.as_deref().map(str::trim);
    let mut check = Check::new();
    if let Some(name) = name {
        check_name(&mut check, name);
    }
    if let Some(tz) = time_zone {
        check.rule("timeZone", tz.parse::<chrono_tz::Tz>().is_ok(), "Unknown time zone.");
    }
    check.finish()?;

    let mut set = Item::new();
    if let Some(name) = name.filter(|n| *n != user.name) {
        set.insert("name".into(), name.into());
    }
    if let Some(tz) = time_zone.filter(|tz| *tz != user.time_zone) {
        set.insert("timeZone".into(), tz.into());
    }
    if set.is_empty() {
        return Ok(data(profile(&user)));
    }
    let mut writes =
        vec![TxOp::Update { key: keys::user(&user.id), set, cond: Cond::eq("teamId", user.team_id.clone()) }];
    if let Some(name) = name.filter(|n| *n != user.name) {
        // The team's member list shows the name too.
        let mut member = Item::new();
        member.insert("name".into(), name.into());
        writes.push(TxOp::Update { key: keys::member(&user.team_id, &user.id), set: member, cond: Cond::Exists });
    }
    match state.store.transact(writes).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => return Err(changed_meanwhile().into()),
        Err(e) => return Err(e.into()),
    }
    let user = account::get_user(state.table(), &user.id).await?.ok_or_else(AppError::unauthorized)?;
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
    let user = caller.user;
    let email = normalize_email(&body.email);
    let mut check = Check::new();
    check_email(&mut check, &email);
    check.rule("email", email != user.email, "This is already your email address.");
    check.finish()?;
    if state.store.get(&keys::email(&email)).await?.is_some() {
        return Err(AppError::Conflict(EMAIL_TAKEN.into()).into());
    }
    ratelimit::hit(&state, "mail", &email, state.config.rate_limits.mail_per_email).await?;
    let token = links::create(&state, LinkKind::ChangeEmail, &user, &email, state.config.verify_token_secs).await?;
    let mut set = Item::new();
    set.insert("pendingEmail".into(), email.clone().into());
    state.store.update(&keys::user(&user.id), set, Cond::Exists).await?;
    if !links::send(&state, links::change_email_mail(&state, &user, &email, &token)).await {
        return Err(
            AppError::Unavailable("The verification email could not be sent. Please try again later.".into()).into()
        );
    }
    Ok(data(json!({ "message": format!("A verification link has been sent to {email}."), "email": email })))
}

/// Confirms a new address (also accepts a sign-up verification link, so either link works on the web app's
/// `/verify-new-email` route).
#[tracing::instrument(skip(state, body))]
pub async fn verify_new_email(State(state): State<AppState>, ApiJson(body): ApiJson<TokenBody>) -> ApiResult {
    let link = links::check(&state, &body.token, &[LinkKind::ChangeEmail, LinkKind::Verify]).await?;
    if link.link.kind == LinkKind::Verify {
        return crate::signup::verify(&state, link).await;
    }
    let user = account::get_user(state.table(), &link.link.user_id).await?.ok_or_else(links::invalid_link)?;
    let new_email = link.link.email.clone();
    if user.pending_email.as_deref() != Some(new_email.as_str()) {
        // A later change request replaced this one.
        return Err(links::invalid_link().into());
    }
    let mut profile_set = Item::new();
    profile_set.insert("email".into(), new_email.clone().into());
    profile_set.insert("pendingEmail".into(), Value::Null);
    let mut member_set = Item::new();
    member_set.insert("email".into(), new_email.clone().into());
    let writes = vec![
        link.use_op(),
        TxOp::Put { item: account::email_guard_item(&new_email, &user.id), cond: Cond::NotExists },
        TxOp::Delete { key: keys::email(&user.email), cond: Cond::eq("userId", user.id.clone()) },
        TxOp::Update { key: keys::user(&user.id), set: profile_set, cond: Cond::eq("email", user.email.clone()) },
        TxOp::Update { key: keys::member(&user.team_id, &user.id), set: member_set, cond: Cond::Exists },
    ];
    match state.store.transact(writes).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => {
            return Err(
                if link.still_unused(&state).await? && state.store.get(&keys::email(&new_email)).await?.is_some() {
                    AppError::Conflict(EMAIL_TAKEN.into())
                } else {
                    links::invalid_link()
                }
                .into(),
            )
        }
        Err(e) => return Err(e.into()),
    }
    tracing::info!(user_id = %user.id, "email changed");
    Ok(data(json!({ "message": "Your email address has been changed.", "email": new_email })))
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
    let user = caller.user;
    confirm_password(&state, &user, "password", &body.password, "Password is required.").await?;
    let members = account::team_members(state.table(), &user.team_id).await?;
    if account::is_last_admin_with_others(&members, &user.id) {
        return Err(AppError::Conflict("Make another member admin before deleting your account.".into()).into());
    }
    let alone = members.iter().all(|m| m.user_id == user.id);
    let mut writes = vec![
        TxOp::Delete { key: keys::user(&user.id), cond: Cond::eq("teamId", user.team_id.clone()) },
        TxOp::Delete { key: keys::email(&user.email), cond: Cond::eq("userId", user.id.clone()) },
        TxOp::Delete { key: keys::member(&user.team_id, &user.id), cond: Cond::Exists },
    ];
    if alone {
        writes.push(TxOp::Delete { key: keys::team(&user.team_id), cond: Cond::Exists });
    } else if user.role == account::Role::Admin {
        // The admin who stays must still be one when this commits.
        if let Some(other) = members.iter().find(|m| m.user_id != user.id && m.role == account::Role::Admin) {
            writes.push(TxOp::Check {
                key: keys::member(&user.team_id, &other.user_id),
                cond: Cond::eq("role", account::Role::Admin.as_str()),
            });
        }
    }
    match state.store.transact(writes).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => return Err(changed_meanwhile().into()),
        Err(e) => return Err(e.into()),
    }
    tracing::info!(user_id = %user.id, team_deleted = alone, "account deleted");

    // The account is gone; now its records, sessions and (when it was the last member) the team's items.
    let mut leftovers = vec![Query::table(keys::user_pk(&user.id), SkCond::All)];
    if alone {
        leftovers.push(Query::table(keys::team_pk(&user.team_id), SkCond::All));
    } else {
        state.store.delete(&keys::team_on_break(&user.team_id, &user.id), Cond::None).await?;
    }
    for query in leftovers {
        for item in state.store.query_all(&query).await? {
            if let Some(key) = key_of(&item) {
                state.store.delete(&key, Cond::None).await?;
            }
        }
    }
    Ok(data(json!({ "message": "Your account has been deleted." })))
}
