//! How long my breaks were: today (a live break in progress counted) and this week, Monday to Sunday, from the
//! caller's breaks.

use bt_core::error::AppResult;
use bt_core::i18n::{tr, Language};
use bt_core::services::Services;
use bt_records::breaks::{self, repo::BreakRepo};
use bt_records::dates::DateRange;
use bt_records::{Break, Owner};
use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};

use crate::speech::{self, count, date, time};
use crate::understand::Context;

/// `breakMinutesToday`: the caller's breaks of today, and the live one.
pub(super) async fn today(app: &Services, user: &Owner, ctx: &Context, language: Language) -> AppResult<String> {
    let store = app.table();
    let today = ctx.now.date_naive();
    let now = ctx.now.with_timezone(&Utc);
    let taken = BreakRepo::new(store).on_day(&user.user_id, today).await?;
    let live = BreakRepo::new(store).open_break(&user.user_id).await?;
    let live =
        live.and_then(|b| Some((b.break_type, DateTime::parse_from_rfc3339(&b.since).ok()?.with_timezone(&Utc))));
    Ok(break_minutes_today(&taken, live.as_ref().map(|(t, s)| (t.as_str(), *s)), now, ctx, language))
}

/// `breakMinutesWeek`: the caller's breaks from this week's Monday to Sunday.
pub(super) async fn week(app: &Services, user: &Owner, ctx: &Context, language: Language) -> AppResult<String> {
    let store = app.table();
    let today = ctx.now.date_naive();
    let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
    let taken =
        breaks::breaks_in(store, &user.user_id, DateRange { from: monday, to: monday + Duration::days(6) }).await?;
    Ok(break_minutes_week(&taken, monday, language))
}

pub fn break_minutes_today(
    taken: &[Break],
    live: Option<(&str, DateTime<Utc>)>,
    now: DateTime<Utc>,
    ctx: &Context,
    language: Language,
) -> String {
    let total: i64 = taken.iter().map(|b| b.duration).sum();
    let mut s = if taken.is_empty() {
        tr(language, "You have not taken any breaks today.", &[])
    } else {
        let breaks = count(taken.len() as i64, language, "1 break", "{n} breaks");
        tr(
            language,
            "You have taken {breaks} today, {total} in all{types}.",
            &[("breaks", &breaks), ("total", &speech::minutes(total, language)), ("types", &by_type(taken, language))],
        )
    };
    if let Some((kind, since)) = live {
        let running = (now - since).num_minutes().max(0);
        let since = time(since.with_timezone(&ctx.now.timezone()).time(), language);
        s.push(' ');
        s.push_str(&tr(
            language,
            "You are on a {type} right now, since {since} ({running} so far).",
            &[("type", kind), ("since", &since), ("running", &speech::minutes(running, language))],
        ));
    }
    s
}

pub fn break_minutes_week(taken: &[Break], monday: NaiveDate, language: Language) -> String {
    if taken.is_empty() {
        return tr(language, "You have not taken any breaks this week.", &[]);
    }
    let total: i64 = taken.iter().map(|b| b.duration).sum();
    let mut days: Vec<(NaiveDate, i64)> = Vec::new();
    for b in taken {
        let day = b.created_date.date();
        match days.iter_mut().find(|(d, _)| *d == day) {
            Some((_, m)) => *m += b.duration,
            None => days.push((day, b.duration)),
        }
    }
    days.sort();
    let per_day: Vec<String> = days
        .iter()
        .map(|(d, m)| format!("{} {}", speech::weekday_short(*d, language), speech::minutes(*m, language)))
        .collect();
    let breaks = count(taken.len() as i64, language, "1 break", "{n} breaks");
    tr(
        language,
        "This week (from Monday {date}) you have taken {breaks}, {total} in all: {days}.",
        &[
            ("date", &date(monday, language)),
            ("breaks", &breaks),
            ("total", &speech::minutes(total, language)),
            ("days", &per_day.join(", ")),
        ],
    )
}

/// " (Coffee Break 15 minutes, Lunch 30 minutes)" when the breaks were of more than one type.
fn by_type(taken: &[Break], language: Language) -> String {
    let mut types: Vec<(String, i64)> = Vec::new();
    for b in taken {
        match types.iter_mut().find(|(t, _)| *t == b.break_type) {
            Some((_, m)) => *m += b.duration,
            None => types.push((b.break_type.clone(), b.duration)),
        }
    }
    if types.len() < 2 {
        return String::new();
    }
    let shown = |t: &str| bt_records::type_names::break_type_name(language, t);
    let list: Vec<String> =
        types.iter().map(|(t, m)| format!("{} {}", shown(t), speech::minutes(*m, language))).collect();
    format!(" ({})", list.join(", "))
}
