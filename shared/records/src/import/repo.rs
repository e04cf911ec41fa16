//! The writes of an import: new work periods and breaks in transactions of up to 100 items (DynamoDB's limit), each
//! put only where its id is absent and with the month lock's check of each month it touches. Only this module
//! reaches the store.

use std::collections::BTreeSet;

use chrono::NaiveDate;

use super::Record;
use crate::repo::{item_of, Record as _};
use crate::work::lock::month_of;
use crate::work::repo::lock;
use bt_core::error::AppResult;
use bt_core::store::{Cond, StoreError, Table, TxOp};
use bt_core::types::{TeamId, UserId};

/// DynamoDB's largest transaction.
const MAX_TRANSACTION: usize = 100;

/// What the writes did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Written {
    pub created: usize,
    /// Present already (written meanwhile, or by an earlier run cut off midway).
    pub present: usize,
    /// Its month was locked between the check and the write.
    pub locked: usize,
}

fn parts(record: &Record, team_id: &TeamId) -> AppResult<(TxOp, UserId, NaiveDate)> {
    Ok(match record {
        Record::Work(period) => (
            TxOp::Put { item: item_of(period, team_id, 1)?, cond: Cond::NotExists },
            period.user_id().clone(),
            period.date.date(),
        ),
        Record::Break(b) => (
            TxOp::Put { item: item_of(b, team_id, 1)?, cond: Cond::NotExists },
            b.user_id().clone(),
            b.created_date.date(),
        ),
        Record::Leave { .. } => unreachable!("leaves are written one by one, with their guard"),
    })
}

/// Writes the records in transactions of up to 100 items: the puts and one lock check per month they touch. A
/// transaction that fails a condition is written again one record at a time, to tell a record present already from
/// one whose month was locked meanwhile.
pub(crate) async fn insert_all(store: &dyn Table, team_id: &TeamId, records: &[Record]) -> AppResult<Written> {
    let mut written = Written::default();
    let mut chunk: Vec<(TxOp, UserId, NaiveDate)> = Vec::new();
    let mut months: BTreeSet<(UserId, String)> = BTreeSet::new();
    for record in records {
        let (op, user_id, date) = parts(record, team_id)?;
        let month = (user_id.clone(), month_of(date));
        let extra = usize::from(!months.contains(&month));
        if chunk.len() + months.len() + 1 + extra > MAX_TRANSACTION {
            flush(store, std::mem::take(&mut chunk), &mut written).await?;
            months.clear();
        }
        months.insert(month);
        chunk.push((op, user_id, date));
    }
    flush(store, chunk, &mut written).await?;
    Ok(written)
}

async fn flush(store: &dyn Table, chunk: Vec<(TxOp, UserId, NaiveDate)>, written: &mut Written) -> AppResult<()> {
    if chunk.is_empty() {
        return Ok(());
    }
    let mut checks: BTreeSet<(UserId, String)> = BTreeSet::new();
    let mut ops = Vec::with_capacity(chunk.len() + 4);
    for (op, user_id, date) in &chunk {
        if checks.insert((user_id.clone(), month_of(*date))) {
            ops.push(lock::unlocked(user_id, *date));
        }
        ops.push(op.clone());
    }
    match store.transact(ops).await {
        Ok(()) => {
            written.created += chunk.len();
            return Ok(());
        }
        Err(StoreError::ConditionFailed) => {}
        Err(e) => return Err(e.into()),
    }
    for (op, user_id, date) in chunk {
        let key = match &op {
            TxOp::Put { item, .. } => bt_core::store::key_of(item),
            _ => None,
        };
        match store.transact(vec![op, lock::unlocked(&user_id, date)]).await {
            Ok(()) => written.created += 1,
            Err(StoreError::ConditionFailed) => {
                let present = match key {
                    Some(key) => store.get(&key).await?.is_some(),
                    None => false,
                };
                if present {
                    written.present += 1;
                } else {
                    written.locked += 1;
                }
            }
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}
