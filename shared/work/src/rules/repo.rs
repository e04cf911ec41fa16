//! The items of break and rest rules. Only this module of `rules` reaches the store.
//!
//! Items (see `infra/docs/data-model.md`):
//! - the team's rule set `TEAM#<t>` / `WORKRULES` (absent: no rules), written whole by an admin;
//! - a note on a finding `USER#<u>` / `FINDNOTE#<date>#<rule>`, GSI2 `TEAM#<t>#FINDNOTE` / `<date>#<u>#<rule>`,
//!   written with the month-lock check of its date (like a period), so an approved month's notes stay as approved.

use bt_accounts::audit::{self, Entry};
use serde_json::Value;

use super::notes::NoteItem;
use super::settings::StoredRules;
use crate::repo::{commit, lock};
use bt_core::codec::{from_item, to_item};
use bt_core::error::AppResult;
use bt_core::keys;
use bt_core::store::{Cond, Index, Query, SkCond, Table, TxOp, GSI2PK, GSI2SK};
use bt_core::types::{TeamId, UserId};
use bt_records::dates::{format_date, DateRange};

pub async fn rule_set(store: &dyn Table, team_id: &TeamId) -> AppResult<Option<StoredRules>> {
    store.get(&keys::work_rules(team_id)).await?.map(from_item).transpose()
}

/// Saves the team's rule set with the audit entry of the change (none for a seeded set, which nobody saved).
pub async fn put_rule_set(
    store: &dyn Table,
    team_id: &TeamId,
    rules: &StoredRules,
    logged: Option<&Entry>,
) -> AppResult<()> {
    let mut writes =
        vec![TxOp::Put { item: to_item("work_rules", &keys::work_rules(team_id), rules)?, cond: Cond::None }];
    if let Some(entry) = logged {
        writes.push(audit::op(entry)?);
    }
    store.transact(writes).await?;
    Ok(())
}

fn note_range(range: DateRange) -> (String, String) {
    (format_date(range.from), keys::after_day_sk(format_date(range.to)))
}

/// A person's notes on findings of days in the range: one Query.
pub async fn notes_of(store: &dyn Table, user_id: &UserId, range: DateRange) -> AppResult<Vec<NoteItem>> {
    let (from, to) = note_range(range);
    let query = Query::new(
        Index::Table,
        keys::user_pk(user_id),
        SkCond::Between(format!("{}{from}", keys::FINDING_NOTE_PREFIX), format!("{}{to}", keys::FINDING_NOTE_PREFIX)),
    );
    store.query_all(&query).await?.into_iter().map(from_item).collect()
}

/// Every note of a team's members on days in the range: one Query on the team's GSI2 partition.
pub async fn team_notes(store: &dyn Table, team_id: &TeamId, range: DateRange) -> AppResult<Vec<NoteItem>> {
    let (from, to) = note_range(range);
    let query = Query::new(Index::Gsi2, keys::team_finding_notes_gsi(team_id), SkCond::Between(from, to));
    store.query_all(&query).await?.into_iter().map(from_item).collect()
}

/// Writes (or replaces) a note, if its day's month is not locked: false when it is (a condition failed).
pub async fn put_note(store: &dyn Table, team_id: &TeamId, note: &NoteItem) -> AppResult<bool> {
    let date = format_date(note.date.date());
    let mut item = to_item("finding_note", &keys::finding_note(&note.user_id, &date, note.rule.tag()), note)?;
    item.insert(GSI2PK.into(), Value::String(keys::team_finding_notes_gsi(team_id)));
    item.insert(GSI2SK.into(), Value::String(keys::team_finding_note_sk(&date, &note.user_id, note.rule.tag())));
    let ops = vec![TxOp::Put { item, cond: Cond::None }, lock::unlocked(&note.user_id, note.date.date())];
    commit(store, ops).await
}
