//! Leaves (absence days): rules (§5), server-computed `days`, no overlap between a user's own leaves, a type of the
//! team's, and a status: a leave of a type that needs approval waits for an admin or HR (`pending`), any other is
//! `approved` at once. Only approved leaves are absences. Deciding and cancelling are in [`super::leave_requests`].

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::allowances::{self, HalfDay, Ledger};
use super::dates::{self, date_field, format_date, inclusive_days, DateRange};
use super::leave_types::{self, LeaveType};
use super::paging::Paging;
use super::repo::owned_record_fields;
use super::repo::{self, Record};
use super::work::lock;
use super::work::repo::lock as lock_repo;
use super::{new_id, timestamp, Expect, Owner};
use bt_accounts::teams;
use bt_accounts::users::Role;
use bt_core::error::{AppError, AppResult};
use bt_core::i18n::fill;
use bt_core::keys::{self, RecordKind};
use bt_core::services::Services;
use bt_core::store::{Cond, Index, Item, Query, SkCond, StoreError, Table, TxOp};
use bt_core::types::{Day, RecordId, TeamId, UserId};
use bt_core::validate::Check;

pub const MAX_REASON_CHARS: u64 = 2000;
/// The longest single leave.
pub const MAX_LEAVE_DAYS: i64 = 366;
pub const FROM_REQUIRED: &str = "From date is required.";
pub const TO_REQUIRED: &str = "To date is required.";
pub const TO_BEFORE_FROM: &str = "To date must be after From date.";
pub const REASON_REQUIRED: &str = "Reason is required.";
pub const OVERLAP: &str = "You already have a leave on some of these dates.";
pub const HALF_DAY_VALUE: &str = "Half day must be am or pm.";
pub const HALF_DAY_SINGLE: &str = "A half day is a single day: From and To must be the same date.";
pub const DECIDED: &str = "This leave has been decided and can no longer be edited. Cancel it instead.";

/// Where a leave stands. Leaves stored before approval existed read as approved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LeaveStatus {
    Pending,
    #[default]
    Approved,
    Declined,
    Cancelled,
}

impl LeaveStatus {
    /// Whether the leave keeps its days from other leaves of the same person (a declined or cancelled one frees them).
    pub fn holds_days(self) -> bool {
        matches!(self, LeaveStatus::Pending | LeaveStatus::Approved)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Leave {
    #[serde(rename = "_id")]
    pub id: RecordId,
    pub user_id: UserId,
    pub from_date: Day,
    pub to_date: Day,
    pub reason: String,
    /// Days from `fromDate` to `toDate`, both included (computed here).
    pub days: i64,
    pub created_at: String,
    pub updated_at: String,
    /// The leave's type (a leave stored before types existed is of the team's default type).
    #[serde(default = "leave_types::default_type_id")]
    pub type_id: RecordId,
    #[serde(default)]
    pub status: LeaveStatus,
    /// Who approved or declined it (absent when it needed no decision).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided_by: Option<UserId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided_by_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided_at: Option<String>,
    /// The approver's comment on the decision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// The requester's name, in the team's list of pending requests only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_name: Option<String>,
    /// A one-day leave of half a day: the morning or the afternoon.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub half_day: Option<HalfDay>,
    /// The working days it takes: days on the team's work week that are not holidays (a half day 0.5), counted when
    /// it was saved (absent on leaves saved before working days were counted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub working_days: Option<f64>,
}

impl Leave {
    /// Decided by an approver (approved or declined by someone): the requester may cancel it, not edit it.
    pub fn is_decided(&self) -> bool {
        self.decided_by.is_some() || matches!(self.status, LeaveStatus::Declined | LeaveStatus::Cancelled)
    }
}

impl Record for Leave {
    const KIND: RecordKind = RecordKind::Leave;
    const ENTITY: &'static str = "leave";
    owned_record_fields!();
    fn date_key(&self) -> String {
        format!("{}#{}", self.from_date, self.id)
    }
    fn gsi2(&self, team_id: &TeamId) -> Option<(String, String)> {
        Some((keys::team_leaves_gsi(team_id), format!("{}#{}#{}", self.to_date, self.user_id, self.id)))
    }
}

/// The body of `POST /leaves/add` (and `PUT /leaves/edit/{id}`). A `days` sent by the client is ignored.
#[derive(Debug, Clone, Default)]
pub struct LeaveInput {
    pub from_date: Option<String>,
    pub to_date: Option<String>,
    pub reason: Option<String>,
    /// One of the team's leave types (`GET /leaves/types`); the default type when left out.
    pub type_id: Option<String>,
    /// `am` or `pm` for half of a one-day leave; `""` for a whole day.
    pub half_day: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ValidLeave {
    pub from_date: Day,
    pub to_date: Day,
    pub reason: String,
    /// 1 when both dates are the same day, else the inclusive count.
    pub days: i64,
    pub half_day: Option<HalfDay>,
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
    let half_day = match input.half_day.as_deref().map(str::trim) {
        None | Some("") => None,
        Some("am") => Some(HalfDay::Am),
        Some("pm") => Some(HalfDay::Pm),
        Some(_) => {
            check.fail("halfDay", HALF_DAY_VALUE);
            None
        }
    };
    if half_day.is_some() && from.is_some() && from != to {
        check.fail("halfDay", HALF_DAY_SINGLE);
    }
    check.finish()?;
    let (from, to) = (from.expect("checked"), to.expect("checked"));
    Ok(ValidLeave {
        from_date: from,
        to_date: to,
        reason: reason.to_string(),
        days: inclusive_days(from.date(), to.date()),
        half_day,
    })
}

/// The owner's leaves that share a day with `[from, to]`, earliest first: one Query (`fromDate <= to`) on the
/// by-date index, filtered on `toDate`.
async fn overlapping(store: &dyn Table, user_id: &UserId, from: NaiveDate, to: NaiveDate) -> AppResult<Vec<Leave>> {
    let query = repo::by_date::<Leave>(user_id, SkCond::Lte(format!("{}#~", format_date(to))));
    Ok(repo::all::<Leave>(store, &query).await?.into_iter().filter(|l| l.to_date.date() >= from).collect())
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
    Ok(repo::all::<Leave>(store, &query)
        .await?
        .into_iter()
        .filter(|l| l.from_date.date() <= to && l.to_date.date() >= from)
        .collect())
}

/// Writes a leave after checking it overlaps none of the owner's others. The check and the write are made atomic
/// by the owner's leave guard: each leave write bumps it under a condition on the value read before the check.
/// `months` are the dates whose months must be open (the leave's, and where an edited one was): checked in the
/// same transaction.
async fn write_checked(
    store: &dyn Table,
    owner: &Owner,
    leave: &Leave,
    version: Option<i64>,
    months: &[NaiveDate],
) -> AppResult<()> {
    let guard_key = keys::leave_guard(&owner.user_id);
    // Each retry follows another leave write of the same user that succeeded, so a handful is plenty.
    for _ in 0..8 {
        // Checked again on each try: a failed condition may be the month locked meanwhile.
        lock::ensure_open(store, &owner.user_id, months).await?;
        let guard = store.get(&guard_key).await?;
        let seen = guard.as_ref().and_then(|g| g.get("version")).and_then(Value::as_i64);
        let others =
            overlapping_consistent(store, &owner.user_id, leave.from_date.date(), leave.to_date.date()).await?;
        if others.iter().any(|l| l.id != leave.id && l.status.holds_days()) {
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
        let mut ops = vec![
            TxOp::Update { key: guard_key.clone(), set, cond: guard_cond },
            TxOp::Put { item, cond },
            request_pointer(&owner.team_id, leave),
        ];
        ops.extend(lock_repo::unlocked_all(&owner.user_id, months));
        match store.transact(ops).await {
            Ok(()) => return Ok(()),
            // Another leave write of this user came in between: check again.
            Err(StoreError::ConditionFailed) => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Err(AppError::Conflict("Your leaves were changed meanwhile. Please try again.".into()))
}

/// What a new or edited leave of `leave_type` starts as: pending when the type needs approval and someone else in the
/// team (an admin or HR) can decide it; approved otherwise (a team with no other approver approves its own).
pub(crate) async fn initial_status(store: &dyn Table, owner: &Owner, leave_type: &LeaveType) -> AppResult<LeaveStatus> {
    if !leave_type.needs_approval {
        return Ok(LeaveStatus::Approved);
    }
    let approvers = approvers_of(store, &owner.team_id, &owner.user_id).await?;
    Ok(if approvers.is_empty() { LeaveStatus::Approved } else { LeaveStatus::Pending })
}

/// The team's admins and HR other than `requester`: who decides a request.
pub async fn approvers_of(store: &dyn Table, team_id: &TeamId, requester: &UserId) -> AppResult<Vec<teams::Member>> {
    Ok(teams::team_members(store, team_id)
        .await?
        .into_iter()
        .filter(|m| matches!(m.role, Role::Admin | Role::Hr) && &m.user_id != requester)
        .collect())
}

/// The item by which approvers reach a leave of their team by its id, in the team's list of pending requests while it
/// is pending (written with the leave, in the same transaction).
pub(crate) fn request_pointer(team_id: &TeamId, leave: &Leave) -> TxOp {
    let key = keys::leave_request(team_id, &leave.id);
    let mut item = Item::new();
    item.insert(bt_core::store::PK.into(), key.pk.into());
    item.insert(bt_core::store::SK.into(), key.sk.into());
    item.insert("entity_type".into(), "leave_request".into());
    item.insert("userId".into(), leave.user_id.clone().into());
    if leave.status == LeaveStatus::Pending {
        item.insert(bt_core::store::GSI1PK.into(), keys::team_pending_gsi(team_id).into());
        item.insert(bt_core::store::GSI1SK.into(), leave.id.clone().into());
    }
    TxOp::Put { item, cond: Cond::None }
}

/// Counts the leave's working days and, for a type that counts against the allowance, refuses it when it takes more
/// than the balance has left in any year it touches (unless the team allows negative balances).
async fn count_and_check_balance(
    store: &dyn Table,
    owner: &Owner,
    leave: &mut Leave,
    leave_type: &LeaveType,
    types: Vec<LeaveType>,
) -> AppResult<()> {
    let (from, to) = (leave.from_date.date(), leave.to_date.date());
    let ledger = Ledger::load(store, &owner.team_id, from.year() - 1, to.year(), types).await?;
    leave.working_days = Some(ledger.days_of(leave, None));
    if !leave_type.counts_against_allowance || !leave.status.holds_days() {
        return Ok(());
    }
    // Overlapping dates are the clearer answer, whatever the balance (the write checks them again, atomically).
    let others = overlapping_consistent(store, &owner.user_id, from, to).await?;
    if others.iter().any(|l| l.id != leave.id && l.status.holds_days()) {
        return Err(AppError::Conflict(OVERLAP.into()));
    }
    for year in from.year()..=to.year() {
        let needed = ledger.days_of(leave, Some(year));
        if needed == 0.0 || !ledger.enforces(&owner.user_id, year) {
            continue;
        }
        let mut others = leaves_in(store, &owner.user_id, allowances::balance_range(year)).await?;
        others.retain(|l| l.id != leave.id);
        let balance = ledger.balance(&owner.user_id, year, &others);
        if needed > balance.remaining {
            let left = balance.remaining.max(0.0);
            let (needed_days, left_days) = (allowances::day_number(needed), allowances::day_number(left));
            // A whole sentence for each way the days read (a catalogue translates sentences, not pieces of them).
            let message = fill(
                match (needed == 1.0, left == 1.0) {
                    (false, false) => {
                        "This leave takes {needed} working days but you have {left} working days left in {year}."
                    }
                    (true, false) => "This leave takes 1 working day but you have {left} working days left in {year}.",
                    (false, true) => {
                        "This leave takes {needed} working days but you have 1 working day left in {year}."
                    }
                    (true, true) => "This leave takes 1 working day but you have 1 working day left in {year}.",
                },
                &[("needed", &needed_days), ("left", &left_days), ("year", &year.to_string())],
            );
            return Err(AppError::field("toDate", message));
        }
    }
    Ok(())
}

/// Adds a leave; a request that waits for approval is mailed to the approvers (see [`super::leave_requests`]).
pub async fn add_leave(app: &Services, owner: &Owner, input: &LeaveInput, now: DateTime<Utc>) -> AppResult<Leave> {
    add_leave_as(app.table(), owner, input, new_id(now), now).await
}

/// [`add_leave`] under a given id (imports derive it from the file's row, so a second import of the row finds it).
pub(crate) async fn add_leave_as(
    store: &dyn Table,
    owner: &Owner,
    input: &LeaveInput,
    id: RecordId,
    now: DateTime<Utc>,
) -> AppResult<Leave> {
    let v = validate_leave(input)?;
    // A leave credits the target of its days: none may lie in an approved month.
    let months = lock::months_of(v.from_date.date(), v.to_date.date());
    lock::ensure_open(store, &owner.user_id, &months).await?;
    let types = leave_types::team_leave_types(store, &owner.team_id, now).await?;
    let leave_type = leave_types::pick_type(types.clone(), input.type_id.as_deref(), None)?;
    let mut leave = Leave {
        id,
        user_id: owner.user_id.clone(),
        from_date: v.from_date,
        to_date: v.to_date,
        reason: v.reason,
        days: v.days,
        created_at: timestamp(now),
        updated_at: timestamp(now),
        type_id: leave_type.id.clone(),
        status: initial_status(store, owner, &leave_type).await?,
        decided_by: None,
        decided_by_name: None,
        decided_at: None,
        comment: None,
        user_name: None,
        half_day: v.half_day,
        working_days: None,
    };
    count_and_check_balance(store, owner, &mut leave, &leave_type, types).await?;
    write_checked(store, owner, &leave, None, &months).await?;
    Ok(leave)
}

/// Fields left out of the body keep their stored value. Answers the status it had before, with the edited leave.
/// Written only over the version `expect` names (a conflict, and nothing written, otherwise).
pub async fn edit_leave(
    app: &Services,
    owner: &Owner,
    id: &RecordId,
    input: &LeaveInput,
    expect: &Expect,
    now: DateTime<Utc>,
) -> AppResult<(LeaveStatus, Leave)> {
    let store = app.table();
    let stored = repo::load_for_edit::<Leave>(store, &owner.user_id, id, expect).await?;
    let old = stored.record;
    let before = old.status;
    // Where it was and where it goes must both be open months.
    let mut months = lock::months_of(old.from_date.date(), old.to_date.date());
    lock::ensure_open(store, &owner.user_id, &months).await?;
    if old.is_decided() {
        return Err(AppError::Conflict(DECIDED.into()));
    }
    let merged = LeaveInput {
        from_date: input.from_date.clone().or(Some(old.from_date.to_string())),
        to_date: input.to_date.clone().or(Some(old.to_date.to_string())),
        reason: input.reason.clone().or(Some(old.reason.clone())),
        type_id: input.type_id.clone(),
        half_day: input.half_day.clone(),
    };
    let mut v = validate_leave(&merged)?;
    if merged.half_day.is_none() && v.from_date == v.to_date {
        // Left out: a one-day leave keeps its half day (a longer one has none).
        v.half_day = old.half_day;
    }
    months.extend(lock::months_of(v.from_date.date(), v.to_date.date()));
    lock::ensure_open(store, &owner.user_id, &months).await?;
    let types = leave_types::team_leave_types(store, &owner.team_id, now).await?;
    let leave_type = leave_types::pick_type(types.clone(), merged.type_id.as_deref(), Some(&old.type_id))?;
    let status = initial_status(store, owner, &leave_type).await?;
    let mut leave = Leave {
        from_date: v.from_date,
        to_date: v.to_date,
        reason: v.reason,
        days: v.days,
        updated_at: timestamp(now),
        type_id: leave_type.id.clone(),
        status,
        half_day: v.half_day,
        ..old
    };
    count_and_check_balance(store, owner, &mut leave, &leave_type, types).await?;
    match write_checked(store, owner, &leave, Some(stored.version), &months).await {
        Err(AppError::Conflict(m)) if m != OVERLAP => {
            Err(AppError::Conflict("This record was changed or deleted meanwhile. Reload it and try again.".into()))
        }
        other => other.map(|_| (before, leave)),
    }
}

pub async fn get_leave(app: &Services, owner: &Owner, id: &RecordId) -> AppResult<Leave> {
    Ok(repo::load_owned::<Leave>(app.table(), &owner.user_id, id).await?.record)
}

/// Deletes the leave and the item approvers reach it by, together.
pub async fn delete_leave(app: &Services, owner: &Owner, id: &RecordId) -> AppResult<Leave> {
    let store = app.table();
    let stored = repo::load_owned::<Leave>(store, &owner.user_id, id).await?;
    let months = lock::months_of(stored.record.from_date.date(), stored.record.to_date.date());
    lock::ensure_open(store, &owner.user_id, &months).await?;
    let mut ops = vec![
        TxOp::Delete {
            key: keys::record(&owner.user_id, RecordKind::Leave, id),
            cond: Cond::eq("version", stored.version),
        },
        TxOp::Delete { key: keys::leave_request(&owner.team_id, id), cond: Cond::None },
    ];
    ops.extend(lock_repo::unlocked_all(&owner.user_id, &months));
    match store.transact(ops).await {
        Ok(()) => Ok(stored.record),
        Err(StoreError::ConditionFailed) => {
            Err(lock::explain(store, &owner.user_id, &months, AppError::not_found()).await)
        }
        Err(e) => Err(e.into()),
    }
}

/// A page of the owner's leaves that share a day with the range (all when None), latest first.
pub async fn leaves_page(
    app: &Services,
    user_id: &UserId,
    range: Option<DateRange>,
    paging: Paging,
) -> AppResult<(Vec<Leave>, u64)> {
    page(app.table(), user_id, range, paging).await
}

/// [`leaves_page`] over the store (the archives' report reads it).
pub(crate) async fn page(
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

/// The team's absences that share a day with the range: its approved leaves (pending, declined and cancelled ones
/// are not absences). One Query on the team's leaves index (`toDate >= from`), filtered on `fromDate <= to`.
pub async fn team_leaves_in(store: &dyn Table, team_id: &TeamId, range: DateRange) -> AppResult<Vec<Leave>> {
    let query =
        Query::new(Index::Gsi2, keys::team_leaves_gsi(team_id), SkCond::Gte(format!("{}#", format_date(range.from))));
    Ok(repo::all::<Leave>(store, &query)
        .await?
        .into_iter()
        .filter(|l| l.from_date.date() <= range.to && l.status == LeaveStatus::Approved)
        .collect())
}

/// Every leave of a team, whatever its status, that shares a day with the range (balances read pending ones too).
pub async fn team_leaves_any_status_in(store: &dyn Table, team_id: &TeamId, range: DateRange) -> AppResult<Vec<Leave>> {
    let query =
        Query::new(Index::Gsi2, keys::team_leaves_gsi(team_id), SkCond::Gte(format!("{}#", format_date(range.from))));
    Ok(repo::all::<Leave>(store, &query).await?.into_iter().filter(|l| l.from_date.date() <= range.to).collect())
}

/// Whether any leave of the team (of any date and status) has this type: one Query on the team's leaves index.
pub async fn type_in_use(store: &dyn Table, team_id: &TeamId, type_id: &RecordId) -> AppResult<bool> {
    let query = Query::new(Index::Gsi2, keys::team_leaves_gsi(team_id), SkCond::All);
    Ok(repo::all::<Leave>(store, &query).await?.iter().any(|l| &l.type_id == type_id))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(from: &str, to: &str) -> LeaveInput {
        LeaveInput {
            from_date: Some(from.into()),
            to_date: Some(to.into()),
            reason: Some("Family".into()),
            type_id: None,
            half_day: None,
        }
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
