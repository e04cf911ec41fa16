//! `POST /auth/refresh-token` (rotation with reuse detection) and `POST /auth/logout`.

use axum::extract::State;
use bt_domain::account::{self, from_item};
use bt_domain::auth::{self, RefreshTokenRecord};
use bt_domain::store::{Cond, Item, StoreError, TxOp};
use bt_domain::validate::Check;
use bt_domain::{keys, AppError};
use bt_http::AppState;
use bt_http::{data, ApiJson, ApiResult};
use serde::Deserialize;
use serde_json::json;

#[derive(Deserialize)]
pub struct TokenBody {
    #[serde(default)]
    refresh_token: String,
}

fn invalid() -> AppError {
    AppError::Unauthorized("Invalid or expired refresh token.".into())
}

async fn find(state: &AppState, token: &str) -> Result<Option<RefreshTokenRecord>, AppError> {
    match state.store.get(&keys::refresh_token(&auth::hash_token(token))).await? {
        Some(item) => Ok(Some(from_item(item)?)),
        None => Ok(None),
    }
}

#[tracing::instrument(skip(state, body))]
pub async fn refresh(State(state): State<AppState>, ApiJson(body): ApiJson<TokenBody>) -> ApiResult {
    let token = body.refresh_token.trim();
    Check::new().required("refresh_token", token, "Refresh token is required.").finish()?;
    let record = find(&state, token).await?.ok_or_else(invalid)?;
    let now = state.clock.now().timestamp();
    if record.expires_at <= now {
        return Err(invalid().into());
    }
    let family_key = keys::session_family(&record.user_id, &record.family_id);
    let family_alive = state
        .store
        .get(&family_key)
        .await?
        .is_some_and(|f| f.get("revoked").and_then(serde_json::Value::as_bool) == Some(false));
    if !family_alive {
        return Err(invalid().into());
    }
    if record.used {
        tracing::warn!(user_id = %record.user_id, family_id = %record.family_id, "refresh token reused; revoking the sign-in");
        auth::revoke_family(&state, &record.user_id, &record.family_id).await?;
        return Err(invalid().into());
    }
    let user = account::get_user(state.table(), &record.user_id).await?.filter(|u| u.verified).ok_or_else(invalid)?;

    let next = auth::random_token();
    let mut mark_used = Item::new();
    mark_used.insert("used".into(), true.into());
    mark_used.insert("usedAt".into(), now.into());
    let rotation = vec![
        TxOp::Update {
            key: keys::refresh_token(&auth::hash_token(token)),
            set: mark_used,
            cond: Cond::eq("used", false),
        },
        TxOp::Put {
            item: auth::refresh_token_item(&state, &auth::hash_token(&next), &user.id, &record.family_id)?,
            cond: Cond::NotExists,
        },
        TxOp::Update {
            key: family_key,
            set: auth::family_liveness(now + state.config.refresh_token_secs),
            cond: Cond::eq("revoked", false),
        },
    ];
    match state.store.transact(rotation).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed) => {
            // Another request rotated this token first: the same token was presented twice.
            tracing::warn!(user_id = %record.user_id, family_id = %record.family_id, "refresh token raced; revoking the sign-in");
            auth::revoke_family(&state, &record.user_id, &record.family_id).await?;
            return Err(invalid().into());
        }
        Err(e) => return Err(e.into()),
    }
    let access_token = auth::issue_access_token(&state, &user)?;
    Ok(crate::data_and_top(json!({
        "access_token": access_token,
        "refresh_token": next,
        "id": user.id,
        "name": user.name,
    })))
}

#[tracing::instrument(skip(state, body))]
pub async fn logout(State(state): State<AppState>, ApiJson(body): ApiJson<TokenBody>) -> ApiResult {
    let token = body.refresh_token.trim();
    Check::new().required("refresh_token", token, "Refresh token is required.").finish()?;
    // Signing out twice, or with a token that already expired, is still a sign-out.
    if let Some(record) = find(&state, token).await? {
        auth::revoke_family(&state, &record.user_id, &record.family_id).await?;
    }
    Ok(data(json!({ "message": "You have been signed out." })))
}
