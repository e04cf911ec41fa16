//! The days a question about the team is about: "today", "tomorrow", "on Friday", "on 20 March", "from Monday to
//! Wednesday", "this week" and "next week" (Monday to Sunday), "this weekend", "this month", "in April", "this year".
//! Dates lean to the future, as for a leave ("Friday" is the coming one); "last week" and "yesterday" are read too.

use bt_records::dates::DateRange;
use chrono::{Datelike, Duration, Months, NaiveDate};

use super::datetime::{Lean, Reader};
use super::lexer::Tok;
use super::vocab::{MONTH_LEADS, SPAN_MODIFIERS};
use super::{vocab, Context};

/// The first span of days the message names, if any.
pub fn period(toks: &[Tok], skip: &[bool], ctx: &Context) -> Option<DateRange> {
    let today = ctx.now.date_naive();
    let r = Reader { t: toks, now: ctx.now, today, lean: Lean::Future };
    (0..toks.len()).filter(|&i| !toks[i].punct && !skip.get(i).copied().unwrap_or(false)).find_map(|i| {
        named_span(&r, i, today)
            .or_else(|| month_alone(&r, i, today))
            .or_else(|| r.date_range(i).map(|(from, to, _)| DateRange { from, to }))
            .or_else(|| {
                let (d, end, _) = r.date(i)?;
                // "tomorrow and the day after", "Friday to the following Tuesday"
                let joined = r.low(end) == "and" || r.low(end) == "to" || r.low(end) == "until" || r.low(end) == "till";
                let after = joined.then(|| r.after_date(d, end + 1)).flatten();
                // "from tomorrow for three days"
                let count = (r.low(end) == "for")
                    .then(|| r.count_of(end + 1, &["day", "days"], &["week", "weeks"]))
                    .flatten()
                    .filter(|(n, _)| *n > 1);
                Some(match (after, count) {
                    (Some((to, _)), _) if to > d => DateRange { from: d, to },
                    (_, Some((n, _))) => DateRange { from: d, to: d + Duration::days(i64::from(n) - 1) },
                    _ => DateRange::day(d),
                })
            })
    })
}

fn monday_of(d: NaiveDate) -> NaiveDate {
    d - Duration::days(i64::from(d.weekday().num_days_from_monday()))
}

fn month_of(first: NaiveDate) -> DateRange {
    let next = first.checked_add_months(Months::new(1)).unwrap_or(first);
    DateRange { from: first, to: next.pred_opt().unwrap_or(first) }
}

/// "this week", "next week", "last week", "the week after next", "this weekend", "this month", "next month", "this
/// year", "the rest of the week".
fn named_span(r: &Reader, i: usize, today: NaiveDate) -> Option<DateRange> {
    let monday = monday_of(today);
    let week = |offset: i64| {
        let from = monday + Duration::days(7 * offset);
        DateRange { from, to: from + Duration::days(6) }
    };
    let weekend = |offset: i64| {
        let from = monday + Duration::days(7 * offset + 5);
        DateRange { from, to: from + Duration::days(1) }
    };
    let this_month = today.with_day(1)?;
    let (which, at) = match r.low(i) {
        w if SPAN_MODIFIERS.contains(&w) => (w, i + 1),
        "the" if r.low(i + 1) == "week" && r.low(i + 2) == "after" && r.low(i + 3) == "next" => return Some(week(2)),
        "the" if matches!(r.low(i + 1), "coming" | "upcoming") => ("coming", i + 2),
        "the" | "at" | "over" | "on" if matches!(r.low(i + 1), "weekend" | "wkend") => ("this", i + 1),
        "weekend" | "wkend" if i == 0 || !matches!(r.low(i - 1), "this" | "next" | "last" | "the") => ("this", i),
        "rest" if r.low(i + 1) == "of" && r.low(i + 2) == "the" && r.low(i + 3) == "week" => {
            return Some(DateRange { from: today, to: week(0).to });
        }
        _ => return None,
    };
    let offset = match which {
        "this" | "current" => 0,
        "next" | "coming" | "upcoming" => 1,
        _ => -1,
    };
    match r.low(at) {
        "week" | "wk" | "week's" => Some(week(offset)),
        "weekend" | "wkend" => Some(weekend(offset)),
        "month" => {
            let first = if offset >= 0 {
                this_month.checked_add_months(Months::new(offset as u32))?
            } else {
                this_month.checked_sub_months(Months::new(1))?
            };
            Some(month_of(first))
        }
        "year" => {
            let year = today.year() + offset as i32;
            Some(DateRange { from: NaiveDate::from_ymd_opt(year, 1, 1)?, to: NaiveDate::from_ymd_opt(year, 12, 31)? })
        }
        _ => None,
    }
}

/// A month named alone: "in April", "during May", "for June" (this year's, or next year's once it is over).
fn month_alone(r: &Reader, i: usize, today: NaiveDate) -> Option<DateRange> {
    if !MONTH_LEADS.contains(&r.low(i)) {
        return None;
    }
    let m = vocab::month(r.low(i + 1))?;
    // "in May 3" or "in April 2026" are read as dates elsewhere; a day number after the month is not this reading.
    if r.low(i + 2).starts_with(|c: char| c.is_ascii_digit()) && r.low(i + 2).len() <= 2 {
        return None;
    }
    let year = if m < today.month() { today.year() + 1 } else { today.year() };
    NaiveDate::from_ymd_opt(year, m, 1).map(month_of)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::understand::lexer::tokenize;
    use chrono::TimeZone;

    fn read(msg: &str) -> Option<(String, String)> {
        // Wednesday 11 March 2026.
        let now = chrono_tz::Europe::London.with_ymd_and_hms(2026, 3, 11, 10, 30, 0).unwrap();
        let ctx = Context::new(now, Vec::new());
        let toks = tokenize(msg);
        period(&toks, &vec![false; toks.len()], &ctx).map(|r| (r.from.to_string(), r.to.to_string()))
    }

    fn span(from: &str, to: &str) -> Option<(String, String)> {
        Some((from.to_string(), to.to_string()))
    }

    #[test]
    fn days_weeks_and_months() {
        assert_eq!(read("who is off today?"), span("2026-03-11", "2026-03-11"));
        assert_eq!(read("who's away tomorrow"), span("2026-03-12", "2026-03-12"));
        assert_eq!(read("who is off this week"), span("2026-03-09", "2026-03-15"));
        assert_eq!(read("who is off next week?"), span("2026-03-16", "2026-03-22"));
        assert_eq!(read("anyone off last week?"), span("2026-03-02", "2026-03-08"));
        assert_eq!(read("who is on leave on Friday?"), span("2026-03-13", "2026-03-13"));
        assert_eq!(read("who is off from Monday to Wednesday"), span("2026-03-16", "2026-03-18"));
        assert_eq!(read("who is off on 20 March?"), span("2026-03-20", "2026-03-20"));
        assert_eq!(read("who is on holiday this weekend"), span("2026-03-14", "2026-03-15"));
        assert_eq!(read("who is off next month"), span("2026-04-01", "2026-04-30"));
        assert_eq!(read("who is on vacation in August?"), span("2026-08-01", "2026-08-31"));
        assert_eq!(read("who is off in February?"), span("2027-02-01", "2027-02-28"));
        assert_eq!(read("who is off for the rest of the week"), span("2026-03-11", "2026-03-15"));
        assert_eq!(read("who is on leave this year"), span("2026-01-01", "2026-12-31"));
        assert_eq!(read("who is off?"), None);
    }
}
