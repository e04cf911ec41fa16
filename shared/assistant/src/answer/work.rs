//! Working time: clocking in and out (done here, the person asked for it outright), today's and this week's hours
//! against their target, and the overtime balance; the break rules' questions go on to [`break_rules`].

use bt_core::error::{AppError, AppResult};
use bt_core::i18n::{tr, translate, Language};
use bt_core::services::Services;
use bt_records::dates::DateRange;
use bt_records::Owner;
use bt_work::{self as work, live, EndWorkInput, StartWorkInput, ALREADY_CLOCKED_IN, NOT_CLOCKED_IN};
use chrono::{DateTime, Datelike, Duration, Utc};

use super::{break_rules, NOT_UNDERSTOOD};
use crate::speech::{self, clock, date, time};
use crate::understand::{Context, Intent};

/// A signed difference of minutes: "+1 hour 5 minutes", "−30 minutes", "0 minutes".
fn signed_minutes(m: i64, language: Language) -> String {
    let sign = match m.signum() {
        1 => "+",
        -1 => "\u{2212}",
        _ => "",
    };
    format!("{sign}{}", speech::minutes(m.abs(), language))
}

/// Working time: clocking in and out (done here, the person asked for it outright), today's and this week's hours
/// against their target, and the overtime balance.
pub(super) async fn answer(
    app: &Services,
    owner: &Owner,
    ctx: &Context,
    intent: Intent,
    language: Language,
) -> AppResult<String> {
    let store = app.table();
    let now = ctx.now.with_timezone(&Utc);
    let today = ctx.now.date_naive();
    let since_text = |since: &str| {
        DateTime::parse_from_rfc3339(since)
            .map(|t| time(t.with_timezone(&ctx.now.timezone()).time(), language))
            .unwrap_or_default()
    };
    Ok(match intent {
        Intent::ClockIn => match live::start_work(store, owner, &StartWorkInput::default(), now).await {
            Ok(open) => tr(language, "You are on the clock since {time}.", &[("time", &since_text(&open.since))]),
            Err(AppError::Conflict(m)) if m == ALREADY_CLOCKED_IN => match live::current(store, owner, now).await? {
                Some(open) => {
                    tr(language, "You are already on the clock, since {time}.", &[("time", &since_text(&open.since))])
                }
                None => translate(language, ALREADY_CLOCKED_IN),
            },
            Err(e) => return Err(e),
        },
        Intent::ClockOut => match live::end_work(store, owner, &EndWorkInput::default(), now).await {
            Ok(period) => {
                let day = work::days::summary(app, owner, DateRange::day(period.date.date()), now).await?;
                let (start, end) =
                    (clock(&period.start.to_string(), language), clock(&period.end.to_string(), language));
                let worked = speech::minutes(day.worked, language);
                let values = [("start", start.as_str()), ("end", &end), ("worked", &worked)];
                tr(language, "You are off the clock: {start} to {end}. Worked that day: {worked}.", &values)
            }
            Err(AppError::Conflict(m)) if m == NOT_CLOCKED_IN => translate(language, NOT_CLOCKED_IN),
            Err(e) => return Err(e),
        },
        Intent::WorkedToday => {
            let day = work::days::summary(app, owner, DateRange::day(today), now).await?;
            let worked = match live::current(store, owner, now).await? {
                Some(open) if open.date.date() == today => open.worked_minutes,
                _ => day.worked,
            };
            let (w, t) = (speech::minutes(worked, language), speech::minutes(day.target, language));
            if day.target == 0 {
                tr(language, "You have worked {worked} today; no working time is planned for today.", &[("worked", &w)])
            } else {
                tr(language, "You have worked {worked} today, of {target} planned.", &[("worked", &w), ("target", &t)])
            }
        }
        Intent::WorkedWeek => {
            let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
            let week = DateRange { from: monday, to: monday + Duration::days(6) };
            let sum = work::days::summary(app, owner, week, now).await?;
            let (w, t) = (speech::minutes(sum.worked, language), speech::minutes(sum.target, language));
            let d = signed_minutes(sum.difference, language);
            let values = [("worked", w.as_str()), ("target", &t), ("difference", &d)];
            tr(language, "This week you have worked {worked}, of {target} planned ({difference}).", &values)
        }
        Intent::OvertimeBalance => {
            let balance = work::balance::balance(app, owner, now).await?;
            let b = signed_minutes(balance.balance, language);
            match balance.through {
                Some(day) => {
                    let through = date(day.date(), language);
                    let values = [("balance", b.as_str()), ("date", &through)];
                    tr(language, "Your overtime balance is {balance} (up to {date}).", &values)
                }
                None => tr(language, "Your overtime balance is {balance}.", &[("balance", &b)]),
            }
        }
        Intent::NextBreakDue | Intent::BreaksEnough => break_rules::answer(app, owner, ctx, intent, language).await?,
        _ => tr(language, NOT_UNDERSTOOD, &[]),
    })
}
