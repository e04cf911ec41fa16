//! The lock of an approved month. While a month's timesheet is approved, no write may change its figures, were they
//! computed again: no work period and no break dated in it, no break of the day before or after that counts in one
//! of its days (a night shift's break on the next morning), no period whose end sets the daily rest before one of its
//! days, no leave dated in it, no member schedule from a date in it. Every such write carries
//! [`repo::lock::unlocked`] (or [`repo::lock::unlocked_all`]) in its transaction, so the check and the write are one
//! atomic step; the answer names the month ([`locked_in`]).

use chrono::{Datelike, Duration, NaiveDate};

use super::compute::BreakSpan;
use super::repo;
use crate::dates::DateRange;
use bt_core::error::{AppError, AppResult};
use bt_core::i18n::{english, fill};
use bt_core::store::Table;
use bt_core::types::{RecordId, UserId};

/// The answer to a write into an approved month: a whole sentence for each month, its `{year}` filled in (a
/// catalogue translates sentences, not pieces of them, and each language names the month in its own words).
pub const LOCKED: [&str; 12] = [
    english("The timesheet of January {year} is approved and locked."),
    english("The timesheet of February {year} is approved and locked."),
    english("The timesheet of March {year} is approved and locked."),
    english("The timesheet of April {year} is approved and locked."),
    english("The timesheet of May {year} is approved and locked."),
    english("The timesheet of June {year} is approved and locked."),
    english("The timesheet of July {year} is approved and locked."),
    english("The timesheet of August {year} is approved and locked."),
    english("The timesheet of September {year} is approved and locked."),
    english("The timesheet of October {year} is approved and locked."),
    english("The timesheet of November {year} is approved and locked."),
    english("The timesheet of December {year} is approved and locked."),
];

/// `YYYY-MM` of a date: the month whose timesheet the date belongs to.
pub fn month_of(date: NaiveDate) -> String {
    format!("{:04}-{:02}", date.year(), date.month())
}

/// The lock's message for a month (`YYYY-MM`), in English: "The timesheet of November 2026 is approved and locked."
pub fn locked_message(month: &str) -> String {
    let (year, number) = month.split_once('-').unwrap_or((month, "01"));
    let index = number.parse::<usize>().unwrap_or(1).clamp(1, 12) - 1;
    fill(LOCKED[index], &[("year", year)])
}

/// The 409 of a write into a locked month (`YYYY-MM`).
pub fn locked_in(month: &str) -> AppError {
    AppError::Conflict(locked_message(month))
}

/// The 409 of a write into the locked month of `date`.
pub fn locked_on(date: NaiveDate) -> AppError {
    locked_in(&month_of(date))
}

/// Each month (its 1st) from the month of `from` to the month of `to`: the dates a span of days is checked by.
pub fn months_of(from: NaiveDate, to: NaiveDate) -> Vec<NaiveDate> {
    let mut out = Vec::new();
    let mut month = from.with_day(1).unwrap_or(from);
    while month <= to {
        out.push(month);
        match month.checked_add_months(chrono::Months::new(1)) {
            Some(next) => month = next,
            None => break,
        }
    }
    out
}

/// Refuses a write when one of the dates lies in a locked month of the person. A use case calls this before it
/// writes, for the message; the transaction's own check ([`repo::lock::unlocked`]) is what makes it hold.
pub async fn ensure_open(store: &dyn Table, user_id: &UserId, dates: &[NaiveDate]) -> AppResult<()> {
    match first_locked(store, user_id, dates).await? {
        Some(month) => Err(locked_in(&month)),
        None => Ok(()),
    }
}

/// Whether a month of one of the dates is locked.
pub async fn any_locked(store: &dyn Table, user_id: &UserId, dates: &[NaiveDate]) -> AppResult<bool> {
    Ok(first_locked(store, user_id, dates).await?.is_some())
}

/// The earliest locked month (`YYYY-MM`) of the dates, if any.
pub async fn first_locked(store: &dyn Table, user_id: &UserId, dates: &[NaiveDate]) -> AppResult<Option<String>> {
    let mut months: Vec<String> = dates.iter().map(|d| month_of(*d)).collect();
    months.sort();
    months.dedup();
    for month in months {
        if repo::lock::is_locked(store, user_id, &month).await? {
            return Ok(Some(month));
        }
    }
    Ok(None)
}

/// The error of a write whose transaction failed a condition: the lock's message when a month of the dates is
/// locked (it was locked between the read and the write), `otherwise` if not.
pub async fn explain(store: &dyn Table, user_id: &UserId, dates: &[NaiveDate], otherwise: AppError) -> AppError {
    match first_locked(store, user_id, dates).await {
        Ok(Some(month)) => locked_in(&month),
        Ok(None) => otherwise,
        Err(e) => e,
    }
}

/// The days whose time the breaks count in: each break's own date, and the day before or after it when one of that
/// day's periods holds part of the break (`compute::days_time` gives a day the breaks of its neighbours, so a night
/// shift's break after midnight is rest of the shift's first day). A break outside that day's periods counts on its
/// own date only, so the 1st after an approved month stays open for everything that is not the night shift's.
pub async fn break_days(store: &dyn Table, user_id: &UserId, spans: &[BreakSpan]) -> AppResult<Vec<NaiveDate>> {
    let mut out: Vec<NaiveDate> = spans.iter().map(|b| b.date).collect();
    let (Some(from), Some(to)) = (out.iter().min().copied(), out.iter().max().copied()) else { return Ok(out) };
    let range = DateRange { from: from - Duration::days(1), to: to + Duration::days(1) };
    let periods = repo::periods_of(store, user_id, range).await?;
    for b in spans {
        let (bs, be) = b.interval();
        for p in periods.iter().filter(|p| p.date.date() != b.date) {
            let (ps, pe) = p.span().interval();
            if ps < be && bs < pe {
                out.push(p.date.date());
            }
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// The days a period written on `dates` counts in: those dates, and the person's next working day within two days
/// of each (the daily rest before that day is measured from the end of the last period before it; a longer gap
/// is rest enough under any rule set). `except` is the period being edited or deleted.
pub async fn period_days(
    store: &dyn Table,
    user_id: &UserId,
    dates: &[NaiveDate],
    except: Option<&RecordId>,
) -> AppResult<Vec<NaiveDate>> {
    let mut out = dates.to_vec();
    let (Some(from), Some(to)) = (dates.iter().min().copied(), dates.iter().max().copied()) else { return Ok(out) };
    let range = DateRange { from: from + Duration::days(1), to: to + Duration::days(2) };
    let periods = repo::periods_of(store, user_id, range).await?;
    for date in dates {
        let next = periods
            .iter()
            .filter(|p| Some(&p.id) != except)
            .map(|p| p.date.date())
            .filter(|d| d > date && *d <= *date + Duration::days(2))
            .min();
        out.extend(next);
    }
    out.sort();
    out.dedup();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn the_message_names_the_month() {
        assert_eq!(locked_message("2026-11"), "The timesheet of November 2026 is approved and locked.");
        assert_eq!(locked_message("2025-01"), "The timesheet of January 2025 is approved and locked.");
        assert_eq!(
            locked_message(&month_of(d("2024-02-29"))),
            "The timesheet of February 2024 is approved and locked."
        );
    }

    #[test]
    fn each_language_names_the_month_in_its_own_words() {
        use bt_core::i18n::{translate, Language};
        let march = locked_message("2026-03");
        assert_eq!(translate(Language::De, &march), "Der Stundenzettel für März 2026 ist genehmigt und gesperrt.");
        assert_eq!(translate(Language::Fr, &march), "La feuille de temps de mars 2026 est approuvée et verrouillée.");
        assert_eq!(translate(Language::Es, &march), "La hoja de horas de marzo de 2026 está aprobada y bloqueada.");
        let august = locked_message("2025-08");
        assert_eq!(translate(Language::Fr, &august), "La feuille de temps d'août 2025 est approuvée et verrouillée.");
    }

    #[test]
    fn a_span_of_days_is_checked_by_each_of_its_months() {
        assert_eq!(
            months_of(d("2025-01-31"), d("2025-03-01")),
            vec![d("2025-01-01"), d("2025-02-01"), d("2025-03-01")]
        );
        assert_eq!(months_of(d("2025-05-10"), d("2025-05-12")), vec![d("2025-05-01")]);
        assert_eq!(months_of(d("2025-12-31"), d("2026-01-01")), vec![d("2025-12-01"), d("2026-01-01")]);
    }
}
