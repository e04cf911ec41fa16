//! Leaves (absence days): rules (§5), server-computed `days`, no overlap between a user's own leaves.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::dates::{self, date_field, format_date, inclusive_days, DateRange};
use super::paging::Paging;
use super::repo::{self, Record};
use super::{new_id, timestamp, Owner};
use crate::error::{AppError, AppResult};
use crate::keys::{self, RecordKind};
use crate::store::{Cond, Index, Item, Query, SkCond, StoreError, Table, TxOp};
use crate::types::{Day, RecordId, TeamId, UserId};
use crate::validate::Check;

pub const MAX_REASON_CHARS: u64 = 2000;
/// The longest single leave.
pub const MAX_LEAVE_DAYS: i64 = 366;
pub const FROM_REQUIRED: &str = "From date is required.";
pub const TO_REQUIRED: &str = "To date is required.";
pub const TO_BEFORE_FROM: &str = "To date must be after From date.";
pub const REASON_REQUIRED: &str = "Reason is required.";
pub const OVERLAP: &str = "You already have a leave on some of these dates.";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Leave {
    #[serde(rename = "_id")]
    #[schema(schema_with = crate::records::schema::ulid)]
    pub id: RecordId,
    #[schema(schema_with = crate::records::schema::ulid)]
    pub user_id: UserId,
    #[schema(schema_with = crate::records::schema::date)]
    pub from_date: String,
    #[schema(schema_with = crate::records::schema::date)]
    pub to_date: String,
    #[schema(max_length = 2000)]
    pub reason: String,
    /// Days from `fromDate` to `toDate`, both included (computed here).
    #[schema(minimum = 1)]
    pub days: i64,
    #[schema(schema_with = crate::records::schema::stamp)]
    pub created_at: String,
    #[schema(schema_with = crate::records::schema::stamp)]
    pub updated_at: String,
}

impl Record for Leave {
    const KIND: RecordKind = RecordKind::Leave;
    const ENTITY: &'static str = "leave";
    fn id(&self) -> &RecordId {
        &self.id
    }
    fn user_id(&self) -> &UserId {
        &self.user_id
    }
    fn date_key(&self) -> String {
        format!("{}#{}", self.from_date, self.id)
    }
    fn gsi2(&self, team_id: &TeamId) -> Option<(String, String)> {
        Some((keys::team_leaves_gsi(team_id), format!("{}#{}#{}", self.to_date, self.user_id, self.id)))
    }
}

/// The body of `POST /leaves/add` (and `PUT /leaves/edit/{id}`). A `days` sent by the client is ignored.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeaveInput {
    #[schema(schema_with = crate::records::schema::date)]
    pub from_date: Option<String>,
    #[schema(schema_with = crate::records::schema::date)]
    pub to_date: Option<String>,
    pub reason: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ValidLeave {
    pub from_date: Day,
    pub to_date: Day,
    pub reason: String,
    /// 1 when both dates are the same day, else the inclusive count.
    pub days: i64,
}

pub fn validate_leave(input: &LeaveInput) -> AppResult<ValidLeave> {
    let mut check = Check::new();
    let from = date_field(&mut check, "fromDate", input.from_date.as_deref(), FROM_REQUIRED, dates::INVALID_DATE);
    let to = date_field(&mut check, "toDate", input.to_date.as_deref(), TO_REQUIRED, dates::INVALID_DATE);
    if let (Some(f), Some(t)) = (from, to) {
        check.rule("toDate", t >= f, TO_BEFORE_FROM).rule(
            "toDate",
            inclusive_days(f.date(), t.date()) <= MAX_LEAVE_DAYS,
            "A leave cannot be longer than 366 days.",
        );
    }
    let reason = input.reason.as_deref().unwrap_or("").trim();
    check.required("reason", reason, REASON_REQUIRED).max_chars(
        "reason",
        reason,
        MAX_REASON_CHARS,
        "Reason must not exceed 2000 characters.",
    );
    check.finish()?;
    let (from, to) = (from.expect("checked"), to.expect("checked"));
    Ok(ValidLeave {
        from_date: from,
        to_date: to,
        reason: reason.to_string(),
        days: inclusive_days(from.date(), to.date()),
    })
}

/// The owner's leaves that share a day with `[from, to]`, earliest first: one Query (`fromDate <= to`) on the
/// by-date index, filtered on `toDate`.
async fn overlapping(store: &dyn Table, user_id: &UserId, from: NaiveDate, to: NaiveDate) -> AppResult<Vec<Leave>> {
    let query = repo::by_date::<Leave>(user_id, SkCond::Lte(format!("{}#~", format_date(to))));
    let from = format_date(from);
    Ok(repo::all::<Leave>(store, &query).await?.into_iter().filter(|l| l.to_date >= from).collect())
}

/// The same, read from the owner's partition of the table: a consistent read (indexes may lag behind a write that
/// just happened), which the overlap check needs. A user's leaves are few.
async fn overlapping_consistent(
    store: &dyn Table,
    user_id: &UserId,
    from: NaiveDate,
    to: NaiveDate,
) -> AppResult<Vec<Leave>> {
    let query = Query::table(keys::user_pk(user_id), SkCond::BeginsWith(RecordKind::Leave.prefix()));
    let (from, to) = (format_date(from), format_date(to));
    Ok(repo::all::<Leave>(store, &query)
        .await?
        .into_iter()
        .filter(|l| l.from_date <= to && l.to_date >= from)
        .collect())
}

/// Writes a leave after checking it overlaps none of the owner's others. The check and the write are made atomic
/// by the owner's leave guard: each leave write bumps it under a condition on the value read before the check.
async fn write_checked(store: &dyn Table, owner: &Owner, leave: &Leave, version: Option<i64>) -> AppResult<()> {
    let guard_key = keys::leave_guard(&owner.user_id);
    // Each retry follows another leave write of the same user that succeeded, so a handful is plenty.
    for _ in 0..8 {
        let guard = store.get(&guard_key).await?;
        let seen = guard.as_ref().and_then(|g| g.get("version")).and_then(Value::as_i64);
        let from = dates::parse_date(&leave.from_date).expect("valid");
        let to = dates::parse_date(&leave.to_date).expect("valid");
        if overlapping_consistent(store, &owner.user_id, from, to).await?.iter().any(|l| l.id != leave.id) {
            return Err(AppError::Conflict(OVERLAP.into()));
        }
        let mut set = Item::new();
        set.insert("version".into(), Value::from(seen.unwrap_or(0) + 1));
        set.insert("entity_type".into(), Value::String("leave_guard".into()));
        let guard_cond = match seen {
            Some(v) => Cond::eq("version", v),
            None => Cond::NotExists,
        };
        let (item, cond) = match version {
            None => (repo::item_of(leave, &owner.team_id, 1)?, Cond::NotExists),
            Some(v) => (repo::item_of(leave, &owner.team_id, v + 1)?, Cond::eq("version", v)),
        };
        let ops = vec![TxOp::Update { key: guard_key.clone(), set, cond: guard_cond }, TxOp::Put { item, cond }];
        match store.transact(ops).await {
            Ok(()) => return Ok(()),
            // Another leave write of this user came in between: check again.
            Err(StoreError::ConditionFailed) => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Err(AppError::Conflict("Your leaves were changed meanwhile. Please try again.".into()))
}

pub async fn add_leave(store: &dyn Table, owner: &Owner, input: &LeaveInput, now: DateTime<Utc>) -> AppResult<Leave> {
    let v = validate_leave(input)?;
    let leave = Leave {
        id: new_id(now),
        user_id: owner.user_id.clone(),
        from_date: v.from_date.to_string(),
        to_date: v.to_date.to_string(),
        reason: v.reason,
        days: v.days,
        created_at: timestamp(now),
        updated_at: timestamp(now),
    };
    write_checked(store, owner, &leave, None).await?;
    Ok(leave)
}

/// Fields left out of the body keep their stored value.
pub async fn edit_leave(
    store: &dyn Table,
    owner: &Owner,
    id: &RecordId,
    input: &LeaveInput,
    now: DateTime<Utc>,
) -> AppResult<Leave> {
    let stored = repo::load_owned::<Leave>(store, &owner.user_id, id).await?;
    let old = stored.record;
    let merged = LeaveInput {
        from_date: input.from_date.clone().or(Some(old.from_date.clone())),
        to_date: input.to_date.clone().or(Some(old.to_date.clone())),
        reason: input.reason.clone().or(Some(old.reason.clone())),
    };
    let v = validate_leave(&merged)?;
    let leave = Leave {
        from_date: v.from_date.to_string(),
        to_date: v.to_date.to_string(),
        reason: v.reason,
        days: v.days,
        updated_at: timestamp(now),
        ..old
    };
    match write_checked(store, owner, &leave, Some(stored.version)).await {
        Err(AppError::Conflict(m)) if m != OVERLAP => {
            Err(AppError::Conflict("This record was changed or deleted meanwhile. Reload it and try again.".into()))
        }
        other => other.map(|_| leave),
    }
}

pub async fn get_leave(store: &dyn Table, owner: &Owner, id: &RecordId) -> AppResult<Leave> {
    Ok(repo::load_owned::<Leave>(store, &owner.user_id, id).await?.record)
}

pub async fn delete_leave(store: &dyn Table, owner: &Owner, id: &RecordId) -> AppResult<Leave> {
    repo::remove::<Leave>(store, &owner.user_id, id).await
}

/// A page of the owner's leaves that share a day with the range (all when None), latest first.
pub async fn leaves_page(
    store: &dyn Table,
    user_id: &UserId,
    range: Option<DateRange>,
    paging: Paging,
) -> AppResult<(Vec<Leave>, u64)> {
    match range {
        None => repo::page(store, repo::by_date::<Leave>(user_id, SkCond::All).backward(), None, paging).await,
        Some(r) => {
            let mut items = overlapping(store, user_id, r.from, r.to).await?;
            items.reverse();
            let total = items.len() as u64;
            Ok((paging.slice(items), total))
        }
    }
}

/// Every leave of the owner that shares a day with the range, earliest first.
pub async fn leaves_in(store: &dyn Table, user_id: &UserId, range: DateRange) -> AppResult<Vec<Leave>> {
    overlapping(store, user_id, range.from, range.to).await
}

/// Every leave of a team that shares a day with the range: one Query on the team's leaves index
/// (`toDate >= from`), filtered on `fromDate <= to`.
pub async fn team_leaves_in(store: &dyn Table, team_id: &TeamId, range: DateRange) -> AppResult<Vec<Leave>> {
    let query =
        Query::new(Index::Gsi2, keys::team_leaves_gsi(team_id), SkCond::Gte(format!("{}#", format_date(range.from))));
    let to = format_date(range.to);
    Ok(repo::all::<Leave>(store, &query).await?.into_iter().filter(|l| l.from_date <= to).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(from: &str, to: &str) -> LeaveInput {
        LeaveInput { from_date: Some(from.into()), to_date: Some(to.into()), reason: Some("Family".into()) }
    }

    #[test]
    fn days_are_inclusive() {
        assert_eq!(validate_leave(&input("2024-05-01", "2024-05-01")).unwrap().days, 1);
        assert_eq!(validate_leave(&input("2024-05-30", "2024-06-02")).unwrap().days, 4);
    }

    #[test]
    fn the_spec_messages() {
        let fail = |i: LeaveInput, field: &str| match validate_leave(&i) {
            Err(AppError::Validation(f)) => f[field].clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(fail(input("2024-05-02", "2024-05-01"), "toDate"), TO_BEFORE_FROM);
        assert_eq!(fail(LeaveInput::default(), "fromDate"), FROM_REQUIRED);
        assert_eq!(fail(LeaveInput::default(), "toDate"), TO_REQUIRED);
        assert_eq!(fail(LeaveInput::default(), "reason"), REASON_REQUIRED);
        assert_eq!(fail(input("2024-05-01", "2024-5-2"), "toDate"), dates::INVALID_DATE);
    }
}
