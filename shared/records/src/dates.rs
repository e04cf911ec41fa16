//! Dates (`YYYY-MM-DD`), times (`HH:MM`, 24 h) and the day arithmetic of breaks and leaves, in the owner's time zone.

use chrono::{DateTime, Duration, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Timelike, Utc};
use chrono_tz::Tz;

use bt_core::error::{AppError, AppResult};
use bt_core::keys;
use bt_core::store::SkCond;
use bt_core::types::{ClockTime, Day};
use bt_core::validate::Check;

pub const INVALID_DATE: &str = "Invalid date format.";
pub const INVALID_TIME: &str = "Invalid time format.";
pub const RANGE_EMPTY: &str = "Select at least one date.";
pub const RANGE_REVERSED: &str = "End date cannot be earlier than start date.";
/// The longest range a report reads: the date-range picker's largest preset (5 years) with room for leap days.
pub const MAX_RANGE_DAYS: i64 = 5 * 366 + 1;

// The text forms of dates and times belong to the core types (`Day`, `ClockTime`); re-exported for the records.
pub use bt_core::types::{format_date, format_time, parse_date, parse_time};

pub fn local_now(tz: Tz, now: DateTime<Utc>) -> NaiveDateTime {
    now.with_timezone(&tz).naive_local()
}

/// The calendar day in `tz` at `now`.
pub fn today(tz: Tz, now: DateTime<Utc>) -> NaiveDate {
    local_now(tz, now).date()
}

/// Today's date as `YYYY-MM-DD` in the named zone (UTC when the name is unknown).
pub fn today_in(time_zone: &str, now: DateTime<Utc>) -> String {
    format_date(today(time_zone.parse().unwrap_or(chrono_tz::UTC), now))
}

/// A day computed rather than typed (today in a zone, the day a live break started), as a record holds it; a
/// clock outside the years a day can hold is an internal error.
pub fn computed_day(date: NaiveDate) -> AppResult<Day> {
    Day::from_date(date)
        .map_err(|_| AppError::Internal(anyhow::anyhow!("a day outside the years 1900 to 2999: {date}")))
}

/// A day named by a query parameter, or the owner's today when it is absent or blank; a bad date is 422 naming
/// the parameter.
pub fn day_or_today(value: Option<&str>, field: &str, tz: Tz, now: DateTime<Utc>) -> AppResult<NaiveDate> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(today(tz, now)),
        Some(v) => parse_date(v).ok_or_else(|| AppError::field(field, INVALID_DATE)),
    }
}

/// Minutes from `start` to `end`, where an end earlier than the start is on the next day (0 when equal).
pub fn minutes_between(start: NaiveTime, end: NaiveTime) -> i64 {
    let s = i64::from(start.hour() * 60 + start.minute());
    let e = i64::from(end.hour() * 60 + end.minute());
    (e - s).rem_euclid(24 * 60)
}

/// Days from `from` to `to`, both included (1 for the same day).
pub fn inclusive_days(from: NaiveDate, to: NaiveDate) -> i64 {
    (to - from).num_days() + 1
}

/// An inclusive date range of a list or report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DateRange {
    pub from: NaiveDate,
    pub to: NaiveDate,
}

impl DateRange {
    pub fn day(d: NaiveDate) -> Self {
        DateRange { from: d, to: d }
    }

    /// Reads an optional range from two query parameters. Neither given: None. One given: that single day.
    /// Bad dates and a reversed range are 422 naming the parameter.
    pub fn parse(from: Option<&str>, to: Option<&str>, from_field: &str, to_field: &str) -> AppResult<Option<Self>> {
        let from = from.map(str::trim).filter(|s| !s.is_empty());
        let to = to.map(str::trim).filter(|s| !s.is_empty());
        let mut check = Check::new();
        let parsed_from = from.and_then(|v| {
            let d = parse_date(v);
            check.rule(from_field, d.is_some(), INVALID_DATE);
            d
        });
        let parsed_to = to.and_then(|v| {
            let d = parse_date(v);
            check.rule(to_field, d.is_some(), INVALID_DATE);
            d
        });
        check.finish()?;
        let range = match (parsed_from, parsed_to) {
            (None, None) => return Ok(None),
            (Some(f), None) => DateRange::day(f),
            (None, Some(t)) => DateRange::day(t),
            (Some(f), Some(t)) => DateRange { from: f, to: t },
        };
        if range.to < range.from {
            return Err(AppError::field(to_field, RANGE_REVERSED));
        }
        Ok(Some(range))
    }

    /// Like [`parse`](Self::parse), but at least one date is required and the range is at most
    /// [`MAX_RANGE_DAYS`] long (reports and exports).
    pub fn required(from: Option<&str>, to: Option<&str>, from_field: &str, to_field: &str) -> AppResult<Self> {
        let range =
            Self::parse(from, to, from_field, to_field)?.ok_or_else(|| AppError::field(from_field, RANGE_EMPTY))?;
        if range.days() > MAX_RANGE_DAYS {
            return Err(AppError::field(to_field, "The range cannot be longer than 5 years."));
        }
        Ok(range)
    }

    pub fn days(&self) -> i64 {
        inclusive_days(self.from, self.to)
    }

    pub fn contains(&self, d: NaiveDate) -> bool {
        self.from <= d && d <= self.to
    }

    /// Days of `[from, to]` that fall inside this range.
    pub fn overlap_days(&self, from: NaiveDate, to: NaiveDate) -> i64 {
        let start = from.max(self.from);
        let end = to.min(self.to);
        if end < start {
            0
        } else {
            inclusive_days(start, end)
        }
    }

    /// The sort-key condition for index keys that start with `<date>#`.
    pub fn sk_cond(&self) -> SkCond {
        SkCond::Between(keys::day_prefix(format_date(self.from)), keys::after_day_sk(format_date(self.to)))
    }
}

/// A required date field: `missing` when absent or blank, `invalid` when not a `YYYY-MM-DD` date.
pub fn date_field(check: &mut Check, field: &str, value: Option<&str>, missing: &str, invalid: &str) -> Option<Day> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => {
            check.fail(field, missing);
            None
        }
        Some(v) => {
            let d = Day::parse(v).ok();
            check.rule(field, d.is_some(), invalid);
            d
        }
    }
}

/// A required time field: `missing` when absent or blank, [`INVALID_TIME`] when not `HH:MM`.
pub(crate) fn time_field(check: &mut Check, field: &str, value: Option<&str>, missing: &str) -> Option<ClockTime> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => {
            check.fail(field, missing);
            None
        }
        Some(v) => {
            let t = ClockTime::parse(v).ok();
            check.rule(field, t.is_some(), INVALID_TIME);
            t
        }
    }
}

/// The instant a local date and time names in `tz`. A time that a clock change skips (02:30 on a spring-forward
/// night) is taken as the first minute after the gap; a time that happens twice (the autumn hour) as its first
/// occurrence.
pub fn local_instant(tz: Tz, date: NaiveDate, time: NaiveTime) -> DateTime<Utc> {
    let mut local = NaiveDateTime::new(date, time);
    // Gaps are at most a few hours in any zone's history; step minute by minute past one.
    for _ in 0..=(4 * 60) {
        match tz.from_local_datetime(&local) {
            LocalResult::Single(t) => return t.with_timezone(&Utc),
            LocalResult::Ambiguous(first, _) => return first.with_timezone(&Utc),
            LocalResult::None => local += Duration::minutes(1),
        }
    }
    // Unreachable for real zones; fall back to reading the local time as UTC.
    Utc.from_utc_datetime(&NaiveDateTime::new(date, time))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> NaiveTime {
        parse_time(s).unwrap()
    }
    fn d(s: &str) -> NaiveDate {
        parse_date(s).unwrap()
    }

    #[test]
    fn dates_are_strict() {
        assert!(parse_date("2024-02-29").is_some());
        for bad in ["2023-02-29", "2024-2-1", "24-02-01", "2024/02/01", "2024-13-01", "", "0001-01-01", "2024-02-01x"] {
            assert!(parse_date(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn times_are_24_hour() {
        assert_eq!(format_time(t("09:05")), "09:05");
        assert_eq!(format_time(t("23:59:30")), "23:59");
        for bad in ["24:00", "9:05", "09:60", "09-05", "09:05:61", "noon"] {
            assert!(parse_time(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn an_earlier_end_is_the_next_day() {
        assert_eq!(minutes_between(t("09:00"), t("09:30")), 30);
        assert_eq!(minutes_between(t("23:30"), t("00:15")), 45);
        assert_eq!(minutes_between(t("10:00"), t("10:00")), 0);
    }

    #[test]
    fn day_counts_include_both_ends() {
        assert_eq!(inclusive_days(d("2024-05-01"), d("2024-05-01")), 1);
        assert_eq!(inclusive_days(d("2024-02-28"), d("2024-03-01")), 3);
        let r = DateRange { from: d("2024-05-10"), to: d("2024-05-20") };
        assert_eq!(r.overlap_days(d("2024-05-01"), d("2024-05-12")), 3);
        assert_eq!(r.overlap_days(d("2024-05-21"), d("2024-05-22")), 0);
    }

    #[test]
    fn ranges_read_one_or_two_dates() {
        assert_eq!(DateRange::parse(None, Some(""), "from", "to").unwrap(), None);
        assert_eq!(
            DateRange::parse(Some("2024-01-02"), None, "from", "to").unwrap(),
            Some(DateRange::day(d("2024-01-02")))
        );
        assert!(DateRange::parse(Some("2024-01-02"), Some("2024-01-01"), "from", "to").is_err());
        assert!(DateRange::required(None, None, "from", "to").is_err());
        assert!(DateRange::required(Some("2015-01-01"), Some("2024-01-01"), "from", "to").is_err());
    }

    #[test]
    fn today_follows_the_time_zone() {
        let now = DateTime::parse_from_rfc3339("2024-05-01T23:30:00Z").unwrap().with_timezone(&Utc);
        assert_eq!(today_in("UTC", now), "2024-05-01");
        assert_eq!(today_in("Asia/Kolkata", now), "2024-05-02");
        assert_eq!(today_in("America/New_York", now), "2024-05-01");
    }
}
