//! Sign-ins: the family item (`USER#<id>` / `FAMILY#<familyId>`, with a `revoked` flag, a liveness TTL and, for a
//! sign-in made with single sign-on, `sso: true`) and the refresh token items of a family (`RT#<sha256>` / `RT`), each
//! used once.

use serde_json::Value;

use crate::sessions::RefreshTokenRecord;
use bt_core::codec::{from_item, to_item};
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{attr_str, Cond, Item, Query, SkCond, StoreError, Table, TxOp, PK, SK};
use bt_core::types::UserId;

/// The item of a new, unused refresh token of `family_id`, valid until `expires_at`.
pub fn refresh_token_item(token_hash: &str, user_id: &UserId, family_id: &str, expires_at: i64) -> AppResult<Item> {
    let record = RefreshTokenRecord {
        user_id: user_id.clone(),
        family_id: family_id.to_string(),
        used: false,
        expires_at,
        ttl: expires_at,
    };
    to_item("refresh_token", &keys::refresh_token(token_hash), &record)
}

/// Attributes of a family that is alive until `expires_at` (set on creation and on every rotation).
pub fn family_liveness(expires_at: i64) -> Item {
    let mut set = Item::new();
    set.insert("expiresAt".into(), expires_at.into());
    set.insert("ttl".into(), expires_at.into());
    set
}

/// How a sign-in was made, as its family item says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FamilyOrigin {
    /// Made with single sign-on (the OpenID Connect callback), which a team's requirement keeps.
    pub sso: bool,
}

/// Stores a new sign-in: its family, alive until `expires_at`, and its first refresh token, in one transaction.
pub async fn insert_family(
    store: &dyn Table,
    user_id: &UserId,
    family_id: &str,
    origin: FamilyOrigin,
    created_at: String,
    expires_at: i64,
    first_token: Item,
) -> AppResult<()> {
    let mut family = family_liveness(expires_at);
    family.insert("familyId".into(), family_id.into());
    family.insert("userId".into(), user_id.clone().into());
    family.insert("revoked".into(), false.into());
    if origin.sso {
        family.insert("sso".into(), true.into());
    }
    family.insert("createdAt".into(), created_at.into());
    family.insert("entity_type".into(), "session_family".into());
    let key = keys::session_family(user_id, family_id);
    family.insert(PK.into(), key.pk.into());
    family.insert(SK.into(), key.sk.into());
    store
        .transact(vec![
            TxOp::Put { item: family, cond: Cond::NotExists },
            TxOp::Put { item: first_token, cond: Cond::NotExists },
        ])
        .await?;
    Ok(())
}

/// The refresh token of a token hash.
pub async fn find_token(store: &dyn Table, token_hash: &str) -> AppResult<Option<RefreshTokenRecord>> {
    match store.get(&keys::refresh_token(token_hash)).await? {
        Some(item) => Ok(Some(from_item(item)?)),
        None => Ok(None),
    }
}

fn origin_of(family: &Item) -> FamilyOrigin {
    FamilyOrigin { sso: family.get("sso").and_then(Value::as_bool) == Some(true) }
}

/// How the family was made, when it is there and not revoked (None otherwise).
pub async fn live_family(store: &dyn Table, user_id: &UserId, family_id: &str) -> AppResult<Option<FamilyOrigin>> {
    Ok(store
        .get(&keys::session_family(user_id, family_id))
        .await?
        .filter(|f| f.get("revoked").and_then(Value::as_bool) == Some(false))
        .as_ref()
        .map(origin_of))
}

/// Marks the family revoked (nothing when it is gone).
pub async fn mark_revoked(store: &dyn Table, user_id: &UserId, family_id: &str) -> AppResult<()> {
    let mut set = Item::new();
    set.insert("revoked".into(), true.into());
    match store.update(&keys::session_family(user_id, family_id), set, Cond::Exists).await {
        Ok(_) | Err(StoreError::ConditionFailed) => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// Ends a sign-in: its family is marked revoked (none of its refresh tokens works any more), and the user's item
/// marks it ended so that its access tokens are refused at once (see `repo::users::mark_session_ended`).
pub async fn revoke(
    store: &dyn Table,
    user_id: &UserId,
    family_id: &str,
    now: i64,
    access_token_secs: i64,
) -> AppResult<()> {
    mark_revoked(store, user_id, family_id).await?;
    super::users::mark_session_ended(store, user_id, family_id, now, access_token_secs).await
}

/// The ids of the user's families not marked revoked, with how each was made (one Query of the user's partition).
pub async fn unrevoked_families(store: &dyn Table, user_id: &UserId) -> AppResult<Vec<(String, FamilyOrigin)>> {
    let families =
        store.query_all(&Query::table(keys::user_pk(user_id), SkCond::BeginsWith(keys::FAMILY_PREFIX.into()))).await?;
    Ok(families
        .iter()
        .filter(|family| family.get("revoked").and_then(Value::as_bool) != Some(true))
        .filter_map(|family| attr_str(family, "familyId").map(|id| (id.to_string(), origin_of(family))))
        .collect())
}

// ---- rotation ----------------------------------------------------------------------------------------------------

/// Marks a refresh token used at `now` (fails when it was used meanwhile).
pub fn use_token_op(token_hash: &str, now: i64) -> TxOp {
    let mut mark_used = Item::new();
    mark_used.insert("used".into(), true.into());
    mark_used.insert("usedAt".into(), now.into());
    TxOp::Update { key: keys::refresh_token(token_hash), set: mark_used, cond: Cond::eq("used", false) }
}

/// Stores the successor of a refresh token (an item of [`refresh_token_item`]).
pub fn new_token_op(item: Item) -> TxOp {
    TxOp::Put { item, cond: Cond::NotExists }
}

/// Keeps the family alive until `expires_at` (fails when it was revoked meanwhile).
pub fn extend_family_op(user_id: &UserId, family_id: &str, expires_at: i64) -> TxOp {
    TxOp::Update {
        key: keys::session_family(user_id, family_id),
        set: family_liveness(expires_at),
        cond: Cond::eq("revoked", false),
    }
}
