//! The overtime balance: the differences of every day from the member's start date (their first day with a target,
//! see [`super::start`], or the day a carried-over value was set) up to yesterday (today too once its target is met), plus the carried-over
//! value and the approvers' adjustments. A day of an approved month counts as it was approved (its stored figures,
//! see [`super::timesheets`]), whatever changed since.

use bt_accounts::audit::{Action, Entry};
use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};

use super::compute::Totals;
use super::days::days_at;
use super::model::{
    check_note, Adjustment, CarryOver, OvertimeInput, SummaryDay, WeekTotals, WorkBalance, BAD_MINUTES, CARRY_SET,
};
use super::periods::require_approver;
use super::repo;
use super::timesheets;
use bt_accounts::User;
use bt_core::error::{AppError, AppResult};
use bt_core::services::Services;
use bt_core::store::Table;
use bt_core::validate::Check;
use bt_records::dates::computed_day;
use bt_records::{new_id, timestamp, Owner};

/// The first day a member's balance counts: their first day with a target ([`super::start`]: the day they joined
/// the team in their zone, or the start date an approver set), today when unknown.
async fn start_date(store: &dyn Table, owner: &Owner, now: DateTime<Utc>) -> AppResult<NaiveDate> {
    Ok(super::start::start_of(store, owner).await?.unwrap_or_else(|| owner.today(now)))
}

pub async fn balance(app: &Services, owner: &Owner, now: DateTime<Utc>) -> AppResult<WorkBalance> {
    let store = app.table();
    let today = owner.today(now);
    let carry = repo::carry_over(store, &owner.user_id).await?;
    let since = match &carry {
        Some(c) => c.date.date(),
        None => start_date(store, owner, now).await?,
    }
    .min(today);
    let week_start = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
    let from = since.min(week_start);
    let mut days = days_at(store, owner, from, today, now).await?;
    timesheets::keep_approved_days(store, &owner.user_id, &mut days).await?;
    let today_day = days.last().map(SummaryDay::from).ok_or_else(|| AppError::Internal(anyhow::anyhow!("no day")))?;
    let today_counts = today_day.target > 0 && today_day.worked >= today_day.target;
    let through = if today_counts { Some(today) } else { today.pred_opt().filter(|d| *d >= since) };
    let counted = Totals::sum(
        days.iter()
            .filter(|d| d.date.date() >= since && through.is_some_and(|t| d.date.date() <= t))
            .map(|d| Totals::of_day(d.worked, d.target)),
    );
    let week =
        Totals::sum(days.iter().filter(|d| d.date.date() >= week_start).map(|d| Totals::of_day(d.worked, d.target)));
    let mut adjustments = repo::adjustments(store, &owner.user_id).await?;
    adjustments.sort_by(|a, b| a.at.cmp(&b.at));
    let carried = carry.as_ref().map(|c| c.minutes);
    let balance = counted.difference + carried.unwrap_or(0) + adjustments.iter().map(|a| a.minutes).sum::<i64>();
    Ok(WorkBalance {
        balance,
        since: computed_day(since)?,
        through: through.map(computed_day).transpose()?,
        carried_over: carried,
        adjustments,
        today: today_day,
        week: WeekTotals { worked: week.worked, target: week.target, difference: week.difference },
    })
}

fn minutes_and_note(input: &OvertimeInput) -> AppResult<(i64, String)> {
    let mut check = Check::new();
    let note = check_note(&mut check, input.note.as_deref());
    check.rule("minutes", input.minutes.is_some_and(|m| m.abs() <= 1_000_000), BAD_MINUTES);
    check.finish()?;
    Ok((input.minutes.unwrap_or(0), note))
}

/// An approver sets a member's carried-over balance, once: the balance counts from today on, from this value.
pub async fn set_carry_over(
    app: &Services,
    approver: &User,
    member: &Owner,
    input: &OvertimeInput,
    now: DateTime<Utc>,
) -> AppResult<WorkBalance> {
    let store = app.table();
    require_approver(approver)?;
    let (minutes, note) = minutes_and_note(input)?;
    let carry = CarryOver {
        minutes,
        note,
        date: computed_day(member.today(now))?,
        by: approver.id.clone(),
        by_name: approver.name.clone(),
        at: timestamp(now),
    };
    let logged = Entry::by(approver, Action::RecordChangedByApprover, now)
        .whose(&member.user_id, &member.name)
        .about("overtime carried over")
        .change(None::<&CarryOver>, Some(&carry));
    if !repo::put_carry_over(store, &member.user_id, &carry, &logged).await? {
        return Err(AppError::Conflict(CARRY_SET.into()));
    }
    balance(app, member, now).await
}

/// An approver adjusts a member's balance (paid out, time off in lieu) with a note.
pub async fn add_adjustment(
    app: &Services,
    approver: &User,
    member: &Owner,
    input: &OvertimeInput,
    now: DateTime<Utc>,
) -> AppResult<WorkBalance> {
    let store = app.table();
    require_approver(approver)?;
    let (minutes, note) = minutes_and_note(input)?;
    let adjustment = Adjustment {
        id: new_id(now),
        minutes,
        note,
        by: approver.id.clone(),
        by_name: approver.name.clone(),
        at: timestamp(now),
    };
    let logged = Entry::by(approver, Action::RecordChangedByApprover, now)
        .whose(&member.user_id, &member.name)
        .about("overtime adjusted")
        .change(None::<&Adjustment>, Some(&adjustment));
    repo::put_adjustment(store, &member.user_id, &adjustment, &logged).await?;
    balance(app, member, now).await
}
