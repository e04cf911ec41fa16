//! The team item (`TEAM#<id>` / `TEAM`), the membership items under it (`TEAM#<teamId>` / `MEMBER#<userId>`), and
//! what else names a team: the live-break presence item in its partition, the team-wide keys of its members' items.

use crate::teams::{Member, Team};
use crate::users::Role;
use bt_core::codec::{from_item, to_item};
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{attr_str, key_of, Cond, Item, Query, SkCond, StoreError, Table, TxOp, GSI1PK, GSI2PK, PK, SK};
use bt_core::types::{Email, RecordId, TeamId, UserId};

pub fn team_item(team: &Team) -> AppResult<Item> {
    to_item("team", &keys::team(&team.id), team)
}

pub fn member_item(team_id: &TeamId, member: &Member) -> AppResult<Item> {
    to_item("member", &keys::member(team_id, &member.user_id), member)
}

// ---- reads -------------------------------------------------------------------------------------------------------

pub async fn get(store: &dyn Table, team_id: &TeamId) -> AppResult<Option<Team>> {
    match store.get(&keys::team(team_id)).await? {
        Some(item) => Ok(Some(from_item(item)?)),
        None => Ok(None),
    }
}

fn members_query(team_id: &TeamId) -> Query {
    Query::table(keys::team_pk(team_id), SkCond::BeginsWith(keys::MEMBER_PREFIX.into()))
}

pub async fn members(store: &dyn Table, team_id: &TeamId) -> AppResult<Vec<Member>> {
    store.query_all(&members_query(team_id)).await?.into_iter().map(from_item).collect()
}

pub async fn member_count(store: &dyn Table, team_id: &TeamId) -> AppResult<u64> {
    Ok(store.count(&members_query(team_id)).await?)
}

/// The membership of `user_id` in the team, if they belong to it.
pub async fn find_member(store: &dyn Table, team_id: &TeamId, user_id: &UserId) -> AppResult<Option<Member>> {
    match store.get(&keys::member(team_id, user_id)).await? {
        Some(item) => Ok(Some(from_item(item)?)),
        None => Ok(None),
    }
}

/// Whether `user_id` belongs to the team.
pub async fn is_member(store: &dyn Table, team_id: &TeamId, user_id: &UserId) -> AppResult<bool> {
    Ok(store.get(&keys::member(team_id, user_id)).await?.is_some())
}

// ---- transaction parts -------------------------------------------------------------------------------------------

/// A transaction part that fails unless `user_id` is still an admin of the team when it commits.
pub fn still_admin(team_id: &TeamId, user_id: &UserId) -> TxOp {
    TxOp::Check { key: keys::member(team_id, user_id), cond: Cond::eq("role", Role::Admin.as_str()) }
}

/// Names the team and sets (Some(None): clears) the time zone its new members start in, and ends the question for
/// its name (fails when the team is gone).
pub fn settings_op(team_id: &TeamId, name: Option<&str>, time_zone: Option<Option<&str>>) -> TxOp {
    let mut set = Item::new();
    if let Some(name) = name {
        set.insert("name".into(), name.into());
    }
    if let Some(zone) = time_zone {
        set.insert("timeZone".into(), zone.map_or(serde_json::Value::Null, Into::into));
    }
    set.insert("askName".into(), false.into());
    TxOp::Update { key: keys::team(team_id), set, cond: Cond::Exists }
}

/// Fails unless the team still exists.
pub fn exists_op(team_id: &TeamId) -> TxOp {
    TxOp::Check { key: keys::team(team_id), cond: Cond::Exists }
}

/// Creates a team (fails when the id is taken).
pub fn insert_op(team: &Team) -> AppResult<TxOp> {
    Ok(TxOp::Put { item: team_item(team)?, cond: Cond::NotExists })
}

/// Deletes the team item (fails when it is gone).
pub fn delete_op(team_id: &TeamId) -> TxOp {
    TxOp::Delete { key: keys::team(team_id), cond: Cond::Exists }
}

/// Adds a membership (fails when the user is already a member).
pub fn join_op(team_id: &TeamId, member: &Member) -> AppResult<TxOp> {
    Ok(TxOp::Put { item: member_item(team_id, member)?, cond: Cond::NotExists })
}

/// Removes a membership (fails when it is gone).
pub fn leave_op(team_id: &TeamId, user_id: &UserId) -> TxOp {
    TxOp::Delete { key: keys::member(team_id, user_id), cond: Cond::Exists }
}

/// Gives a member another role (fails when they are no longer a member).
pub fn set_role_op(team_id: &TeamId, user_id: &UserId, role: Role) -> TxOp {
    member_update(team_id, user_id, "role", role.as_str().into())
}

/// The member list's copy of a new name.
pub fn rename_member_op(team_id: &TeamId, user_id: &UserId, name: &str) -> TxOp {
    member_update(team_id, user_id, "name", name.into())
}

/// The member list's copy of a new address.
pub fn member_email_op(team_id: &TeamId, user_id: &UserId, email: &Email) -> TxOp {
    member_update(team_id, user_id, "email", email.clone().into())
}

fn member_update(team_id: &TeamId, user_id: &UserId, attr: &str, value: serde_json::Value) -> TxOp {
    let mut set = Item::new();
    set.insert(attr.into(), value);
    TxOp::Update { key: keys::member(team_id, user_id), set, cond: Cond::Exists }
}

// ---- what else names a team --------------------------------------------------------------------------------------

/// Removes the member's live-break presence item from the team's partition.
pub async fn delete_on_break(store: &dyn Table, team_id: &TeamId, user_id: &UserId) -> AppResult<()> {
    store.delete(&keys::team_on_break(team_id, user_id), Cond::None).await?;
    Ok(())
}

/// Deletes every item of a team's partition, a calendar feed's token with its feed (an account deleted by the
/// team's last member).
pub async fn delete_items(store: &dyn Table, team_id: &TeamId) -> AppResult<()> {
    super::delete_partition(store, keys::team_pk(team_id)).await
}

/// Deletes what is left in the partition of a team nobody belongs to any more.
pub async fn delete_leftovers(store: &dyn Table, team_id: &TeamId) -> AppResult<()> {
    for item in store.query_all(&Query::table(keys::team_pk(team_id), SkCond::All)).await? {
        if let Some(key) = key_of(&item) {
            store.delete(&key, Cond::None).await?;
        }
    }
    Ok(())
}

/// After a user changed teams, what placed them in the old one follows them: the live-break presence item moves to
/// the new team's partition, and every item of theirs that names the team (`teamId`, and team-wide index keys
/// `GSI2PK = TEAM#<teamId>#...`) names the new one, so the old team's lists and reports no longer include them.
pub async fn move_team_scoped_items(store: &dyn Table, user_id: &UserId, from: &TeamId, to: &TeamId) -> AppResult<()> {
    if let Some(mut item) = store.delete(&keys::team_on_break(from, user_id), Cond::None).await? {
        let key = keys::team_on_break(to, user_id);
        item.insert(PK.into(), key.pk.into());
        item.insert(SK.into(), key.sk.into());
        if item.contains_key("teamId") {
            item.insert("teamId".into(), to.clone().into());
        }
        store.put(item, Cond::None).await?;
    }
    let old_prefix = keys::team_index_prefix(from);
    let items = store.query_all(&Query::table(keys::user_pk(user_id), SkCond::All)).await?;
    for item in items {
        let mut set = Item::new();
        if attr_str(&item, "teamId") == Some(from.as_str()) {
            set.insert("teamId".into(), to.clone().into());
        }
        if let Some(rest) = attr_str(&item, GSI2PK).and_then(|pk| pk.strip_prefix(old_prefix.as_str())) {
            set.insert(GSI2PK.into(), format!("{}{rest}", keys::team_index_prefix(to)).into());
        }
        let Some(key) = key_of(&item) else { continue };
        if attr_str(&item, "entity_type") == Some("leave") {
            if let Some(id) = attr_str(&item, "_id").and_then(|id| RecordId::parse(id).ok()) {
                move_leave_request(store, &id, from, to).await?;
            }
        }
        if set.is_empty() || key == keys::user(user_id) {
            continue;
        }
        // Skipped when the item went away meanwhile (a record deleted at the same moment).
        match store.update(&key, set, Cond::Exists).await {
            Ok(_) | Err(StoreError::ConditionFailed) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

/// A member changed teams: the item by which approvers reach one of their leaves moves to the new team (a pending
/// request is then the new team's to decide).
async fn move_leave_request(store: &dyn Table, leave_id: &RecordId, from: &TeamId, to: &TeamId) -> AppResult<()> {
    let Some(mut item) = store.delete(&keys::leave_request(from, leave_id), Cond::None).await? else { return Ok(()) };
    let key = keys::leave_request(to, leave_id);
    item.insert(PK.into(), key.pk.into());
    item.insert(SK.into(), key.sk.into());
    if item.contains_key(GSI1PK) {
        item.insert(GSI1PK.into(), keys::team_pending_gsi(to).into());
    }
    store.put(item, Cond::None).await?;
    Ok(())
}
