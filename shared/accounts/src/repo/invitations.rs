//! The invitation item (`INVITE#<token hash>` / `INVITE`), listed under its team by GSI1
//! (`GSI1PK = TEAM#<teamId>#INVITES`, `GSI1SK = createdAt`). Its id is the token hash.

use crate::invitations::Invitation;
use bt_core::codec::{from_item, to_item};
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{Cond, Index, Query, SkCond, Table, TxOp, GSI1PK, GSI1SK};
use bt_core::types::TeamId;

/// A new invitation under its id (the token hash), as a transaction part.
pub fn insert_op(id: &str, invitation: &Invitation) -> AppResult<TxOp> {
    let mut item = to_item("invitation", &keys::invitation(id), invitation)?;
    item.insert(GSI1PK.into(), keys::team_invites_gsi(&invitation.team_id).into());
    item.insert(GSI1SK.into(), invitation.created_at.clone().into());
    Ok(TxOp::Put { item, cond: Cond::NotExists })
}

pub async fn find(store: &dyn Table, id: &str) -> AppResult<Option<Invitation>> {
    match store.get(&keys::invitation(id)).await? {
        Some(item) => Ok(Some(from_item(item)?)),
        None => Ok(None),
    }
}

/// Whether the invitation is still there (not accepted, revoked or expired meanwhile).
pub async fn exists(store: &dyn Table, id: &str) -> AppResult<bool> {
    Ok(store.get(&keys::invitation(id)).await?.is_some())
}

/// Every invitation of the team with its id (expired ones included until their TTL removes them).
pub async fn of_team(store: &dyn Table, team_id: &TeamId) -> AppResult<Vec<(String, Invitation)>> {
    let items = store.query_all(&Query::new(Index::Gsi1, keys::team_invites_gsi(team_id), SkCond::All)).await?;
    let mut found = Vec::with_capacity(items.len());
    for item in items {
        let Some(id) = item.get("PK").and_then(|pk| pk.as_str()).and_then(keys::invitation_id_of) else {
            continue;
        };
        let id = id.to_string();
        found.push((id, from_item::<Invitation>(item)?));
    }
    Ok(found)
}

pub async fn delete(store: &dyn Table, id: &str) -> AppResult<()> {
    store.delete(&keys::invitation(id), Cond::None).await?;
    Ok(())
}

/// Spends the invitation: fails when it was used or withdrawn meanwhile.
pub fn use_op(id: &str) -> TxOp {
    TxOp::Delete { key: keys::invitation(id), cond: Cond::Exists }
}

/// Deletes another invitation in the same transaction, whether or not it is still there.
pub fn delete_op(id: &str) -> TxOp {
    TxOp::Delete { key: keys::invitation(id), cond: Cond::None }
}
