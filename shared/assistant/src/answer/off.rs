//! Who is off: the team's approved leaves in the days a question is about, each person once, never a reason.

use bt_core::error::AppResult;
use bt_core::i18n::{tr, Language};
use bt_core::services::Services;
use bt_core::types::UserId;
use bt_records::allowances::HalfDay;
use bt_records::dates::DateRange;
use bt_records::leave_queries::{self, Absence};
use bt_records::Owner;
use chrono::{Datelike, Duration, NaiveDate, Utc};

use crate::speech::{self, date};
use crate::understand::Context;

/// `whoIsOffToday` and `whoIsOff`: today, unless the question named other days (`period`).
pub(super) async fn answer(
    app: &Services,
    user: &Owner,
    ctx: &Context,
    period: Option<DateRange>,
    language: Language,
) -> AppResult<String> {
    let today = ctx.now.date_naive();
    let now = ctx.now.with_timezone(&Utc);
    let period = period.unwrap_or(DateRange::day(today));
    let off = leave_queries::team_absences(app.table(), &user.team_id, period, now).await?;
    Ok(who_is_off(&off, period, today, &user.user_id, language))
}

/// The days of a question as the reply names them: "today", "tomorrow", "on Friday 13/03/2026", "next week
/// (16/03/2026 to 22/03/2026)", "from 16/03/2026 to 18/03/2026".
pub fn period_words(period: DateRange, today: NaiveDate, language: Language) -> String {
    let day = Duration::days(1);
    if period.from == period.to {
        return match period.from {
            d if d == today => tr(language, "today", &[]),
            d if d == today + day => tr(language, "tomorrow", &[]),
            d if d == today - day => tr(language, "yesterday", &[]),
            d => tr(
                language,
                "on {weekday} {date}",
                &[("weekday", speech::weekday(d, language)), ("date", &date(d, language))],
            ),
        };
    }
    let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
    let (from, to) = (date(period.from, language), date(period.to, language));
    let dates = [("from", from.as_str()), ("to", to.as_str())];
    let is_week = period.from.weekday() == chrono::Weekday::Mon && period.to == period.from + Duration::days(6);
    match (period.from - monday).num_days() {
        0 if is_week => tr(language, "this week ({from} to {to})", &dates),
        7 if is_week => tr(language, "next week ({from} to {to})", &dates),
        -7 if is_week => tr(language, "last week ({from} to {to})", &dates),
        _ => tr(language, "from {from} to {to}", &dates),
    }
}

/// A half day's part, in words: "morning", "afternoon".
fn half(h: Option<HalfDay>, language: Language) -> Option<String> {
    match h {
        Some(HalfDay::Am) => Some(tr(language, "morning", &[])),
        Some(HalfDay::Pm) => Some(tr(language, "afternoon", &[])),
        None => None,
    }
}

/// When one absence is, as the list of who is off says it.
fn absence_when(a: &Absence, only_today: bool, today: NaiveDate, language: Language) -> String {
    let half = half(a.half_day, language);
    let with_half = |text: String| match &half {
        Some(part) => tr(language, "{when} ({part})", &[("when", &text), ("part", part)]),
        None => text,
    };
    if only_today {
        if a.to_date.date() == today {
            with_half(tr(language, "today only", &[]))
        } else {
            tr(language, "until {date}", &[("date", &date(a.to_date.date(), language))])
        }
    } else if a.from_date == a.to_date {
        with_half(date(a.from_date.date(), language))
    } else {
        let (from, to) = (date(a.from_date.date(), language), date(a.to_date.date(), language));
        tr(language, "{from} to {to}", &[("from", &from), ("to", &to)])
    }
}

/// Who of the team is away in `period`, from their approved leaves: each person once, by name, with the type and
/// dates of each leave (never its reason).
pub fn who_is_off(off: &[Absence], period: DateRange, today: NaiveDate, me: &UserId, language: Language) -> String {
    let words = period_words(period, today, language);
    let past = period.to < today;
    if off.is_empty() {
        let text = if past { "Nobody was off {when}." } else { "Nobody is off {when}." };
        return tr(language, text, &[("when", &words)]);
    }
    let only_today = period == DateRange::day(today);
    let mut people_off: Vec<(&UserId, String, Vec<String>)> = Vec::new();
    for a in off {
        let when = absence_when(a, only_today, today, language);
        let leave = format!("{}, {when}", bt_records::type_names::leave_type_name(language, &a.type_name));
        match people_off.iter_mut().find(|(id, _, _)| **id == a.user_id) {
            Some((_, _, leaves)) => leaves.push(leave),
            None => {
                let who = if a.user_id == *me { tr(language, "You", &[]) } else { a.name.clone() };
                people_off.push((&a.user_id, who, vec![leave]));
            }
        }
    }
    const SHOWN: usize = 15;
    let n = people_off.len();
    let mut list: String = people_off
        .iter()
        .take(SHOWN)
        .map(|(_, who, leaves)| format!("{who} ({})", leaves.join("; ")))
        .collect::<Vec<_>>()
        .join(", ");
    if n > SHOWN {
        list.push_str(&tr(language, ", and {n} more", &[("n", &(n - SHOWN).to_string())]));
    }
    // A whole sentence for each number and tense (a catalogue translates sentences, not pieces of them).
    let sentence = match (n, past) {
        (1, false) => "1 person is off {when}: {list}.",
        (1, true) => "1 person was off {when}: {list}.",
        (_, false) => "{n} people are off {when}: {list}.",
        (_, true) => "{n} people were off {when}: {list}.",
    };
    tr(language, sentence, &[("n", &n.to_string()), ("when", &words), ("list", &list)])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn the_days_of_a_question_in_words() {
        let today = d("2026-03-11");
        let span = |a: &str, b: &str| DateRange { from: d(a), to: d(b) };
        assert_eq!(period_words(span("2026-03-11", "2026-03-11"), today, Language::En), "today");
        assert_eq!(period_words(span("2026-03-12", "2026-03-12"), today, Language::En), "tomorrow");
        assert_eq!(period_words(span("2026-03-13", "2026-03-13"), today, Language::En), "on Friday 13/03/2026");
        assert_eq!(
            period_words(span("2026-03-16", "2026-03-22"), today, Language::En),
            "next week (16/03/2026 to 22/03/2026)"
        );
        assert_eq!(
            period_words(span("2026-03-09", "2026-03-15"), today, Language::En),
            "this week (09/03/2026 to 15/03/2026)"
        );
        assert_eq!(
            period_words(span("2026-03-16", "2026-03-18"), today, Language::En),
            "from 16/03/2026 to 18/03/2026"
        );
    }
}
