//! The audit log's entries (`AUDIT#<teamId>` / `<time>#<id>`): put only if absent, read newest first within a range
//! of sort keys. There is no update or delete here: the log is append-only, and entries leave by their TTL.

use bt_core::codec::{from_item, to_item};
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{attr_str, Cond, Query, SkCond, Table, TxOp, SK};
use bt_core::types::TeamId;

use crate::audit::{Entry, KEEP_SECS};

fn item(entry: &Entry) -> AppResult<bt_core::store::Item> {
    let key = keys::audit_entry(entry.team(), &entry.at, &entry.id);
    let mut item = to_item("audit", &key, entry)?;
    let at = chrono::DateTime::parse_from_rfc3339(&entry.at).map(|t| t.timestamp()).unwrap_or(0);
    item.insert("ttl".into(), (at + KEEP_SECS).into());
    Ok(item)
}

/// The entry as a part of the transaction it belongs to (never overwrites another entry).
pub fn put_op(entry: &Entry) -> AppResult<TxOp> {
    Ok(TxOp::Put { item: item(entry)?, cond: Cond::NotExists })
}

pub async fn append(store: &dyn Table, entry: &Entry) -> AppResult<()> {
    store.put(item(entry)?, Cond::NotExists).await?;
    Ok(())
}

/// Takes back the entry of a change that was undone before anyone saw it (an invitation whose mail could not be
/// sent): the log tells of what happened. No route reaches this.
pub async fn undo(store: &dyn Table, entry: &Entry) -> AppResult<()> {
    store.delete(&keys::audit_entry(entry.team(), &entry.at, &entry.id), Cond::None).await?;
    Ok(())
}

/// The sort key of an entry: the cursor of a page that ends with it.
pub fn sort_key(entry: &Entry) -> String {
    keys::audit_sk(&entry.at, &entry.id)
}

/// Whether a text has the shape of an entry's sort key (a time, `#`, an id): a cursor is nothing else.
pub fn is_sort_key(text: &str) -> bool {
    let Some((at, id)) = text.split_once('#') else { return false };
    chrono::DateTime::parse_from_rfc3339(at).is_ok()
        && !id.is_empty()
        && id.len() <= 40
        && id.chars().all(|c| c.is_ascii_alphanumeric())
}

/// Up to `limit` entries with `low <= sort key <= high` that `keep` keeps, newest first, and whether more may follow.
pub async fn newest_first(
    store: &dyn Table,
    team_id: &TeamId,
    low: &str,
    high: &str,
    limit: usize,
    keep: impl Fn(&Entry) -> bool,
) -> AppResult<(Vec<Entry>, bool)> {
    let mut query =
        Query::table(keys::audit_pk(team_id), SkCond::Between(low.to_string(), high.to_string())).backward().limit(100);
    let mut out = Vec::new();
    loop {
        let page = store.query(&query).await?;
        let count = page.items.len();
        for (i, item) in page.items.into_iter().enumerate() {
            let sk = attr_str(&item, SK).unwrap_or("").to_string();
            let mut entry: Entry = from_item(item)?;
            entry.team_id = Some(team_id.clone());
            debug_assert_eq!(sk, sort_key(&entry));
            if keep(&entry) {
                out.push(entry);
                if out.len() == limit {
                    return Ok((out, i + 1 < count || page.cursor.is_some()));
                }
            }
        }
        match page.cursor {
            Some(c) => query.cursor = Some(c),
            None => return Ok((out, false)),
        }
    }
}
