//! The team board's one read of members and live breaks.

use bt_accounts::Member;
use bt_core::codec::from_item;
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{attr_str, Query, SkCond, Table, SK};
use bt_core::types::TeamId;
use bt_records::breaks::OpenBreak;

/// The team's members and live breaks: one Query on `TEAM#<id>`, `SK` from `MEMBER#` to `ONBREAK#~`.
pub async fn members_and_breaks(store: &dyn Table, team_id: &TeamId) -> AppResult<(Vec<Member>, Vec<OpenBreak>)> {
    let query = Query::table(
        keys::team_pk(team_id),
        SkCond::Between(keys::MEMBER_PREFIX.to_string(), format!("{}~", keys::ONBREAK_PREFIX)),
    );
    let mut members = Vec::new();
    let mut breaks = Vec::new();
    for item in store.query_all(&query).await? {
        let sk = attr_str(&item, SK).unwrap_or_default().to_string();
        if sk.starts_with(keys::MEMBER_PREFIX) {
            members.push(from_item::<Member>(item)?);
        } else if sk.starts_with(keys::ONBREAK_PREFIX) {
            breaks.push(from_item::<OpenBreak>(item)?);
        }
    }
    Ok((members, breaks))
}
