//! Dates, times, durations and ranges in plain English, each read from a position in the token list.
//!
//! Every reader returns the value and the index just past what it used, or `None` without using anything. Absolute
//! dates in the usual written forms ("2026-03-11", "25/12", "3 March 2026") are resolved by the `interim` crate in
//! its day-first dialect; relative words (tomorrow, next Monday, on the 3rd) and all times follow our own rules,
//! because they depend on the kind of record (a break is usually logged after the fact, a leave is planned ahead).

use chrono::{DateTime, Datelike, Days, Months, NaiveDate, Timelike, Weekday};
use chrono_tz::Tz;

use super::lexer::Tok;
use super::vocab;
use super::vocab::{
    DAY_COUNT_KINDS, DAY_JOINERS, DAY_MODIFIERS, MINUTE_WORDS, MONTH_NAMES, NOT_A_DAY_AFTER, RANGE_JOINERS, TODAY,
    TOMORROW, YESTERDAY,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mer {
    Am,
    Pm,
}

impl Mer {
    fn other(self) -> Mer {
        match self {
            Mer::Am => Mer::Pm,
            Mer::Pm => Mer::Am,
        }
    }
}

/// A time of day as written: the meridiem may still be unknown ("at 3").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    pub h: u32,
    pub m: u32,
    pub mer: Option<Mer>,
    /// Needs no meridiem: 24-hour ("15:30", "09:00"), noon, midnight.
    pub fixed: bool,
    /// Clearly a time even without "at" (a colon, am/pm, o'clock, noon, "half past").
    pub certain: bool,
}

fn hour24(h: u32, mer: Mer) -> u32 {
    match (mer, h) {
        (Mer::Am, 12) => 0,
        (Mer::Am, h) => h,
        (Mer::Pm, 12) => 12,
        (Mer::Pm, h) => h + 12,
    }
}

impl Clock {
    fn at(self, mer: Mer) -> u32 {
        hour24(self.h, mer) * 60 + self.m
    }

    fn known(self) -> Option<u32> {
        if self.fixed {
            Some(self.h * 60 + self.m)
        } else {
            self.mer.map(|m| self.at(m))
        }
    }

    /// Minutes after midnight. Without am/pm or a hint, working hours are assumed: 7–11 morning, 12–6 afternoon.
    pub fn minutes(self, hint: Option<Mer>) -> u32 {
        if let Some(k) = self.known() {
            return k;
        }
        if let Some(hint) = hint {
            return self.at(hint);
        }
        match self.h {
            0 => self.m,
            1..=6 | 12 => self.at(Mer::Pm),
            _ => self.at(Mer::Am),
        }
    }

    fn with_mer(self, mer: Mer) -> u32 {
        if self.fixed {
            self.h * 60 + self.m
        } else {
            self.at(mer)
        }
    }
}

/// Both ends of "from 2 to 4 pm": a meridiem written on one end is carried to the other when that keeps the range
/// in order ("11 to 1 pm" is 11:00–13:00).
pub fn resolve_range(a: Clock, b: Clock, hint: Option<Mer>) -> (u32, u32) {
    let start = match (a.known(), b.mer) {
        (Some(s), _) => s,
        (None, Some(bm)) if !b.fixed => {
            let end = b.at(bm);
            let same = a.at(bm);
            if same <= end {
                same
            } else {
                a.at(bm.other())
            }
        }
        _ => match (hint, b.known()) {
            (Some(h), _) => a.at(h),
            (None, Some(end)) => {
                // The latest reading of the start that is not after the end.
                let (am, pm) = (a.at(Mer::Am), a.at(Mer::Pm));
                if pm <= end {
                    pm
                } else if am <= end {
                    am
                } else {
                    a.minutes(None)
                }
            }
            (None, None) => a.minutes(None),
        },
    };
    let end = match b.known() {
        Some(e) => e,
        None => {
            // The first reading of the end after the start (wrapping past midnight when none is).
            let mut options = [b.with_mer(Mer::Am), b.with_mer(Mer::Pm)];
            options.sort_unstable();
            options.into_iter().find(|&e| e > start).unwrap_or(options[0])
        }
    };
    (start, end)
}

pub fn hhmm(minutes: u32) -> String {
    let m = minutes % (24 * 60);
    format!("{:02}:{:02}", m / 60, m % 60)
}

/// `m/d[/y]` written as `d/m[/y]`, for the day-first reader.
fn swap_day_month(w: &str) -> String {
    let mut parts: Vec<&str> = w.split('/').collect();
    if parts.len() >= 2 {
        parts.swap(0, 1);
    }
    parts.join("/")
}

/// Which way a date without "next"/"last" points: breaks are logged after the fact, everything else is planned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lean {
    Past,
    Future,
}

pub struct Reader<'a> {
    pub t: &'a [Tok],
    pub now: DateTime<Tz>,
    pub today: NaiveDate,
    pub lean: Lean,
}

fn clock_token(s: &str) -> Option<Clock> {
    let (body, mer) = if let Some(b) = s.strip_suffix("am") {
        (b, Some(Mer::Am))
    } else if let Some(b) = s.strip_suffix("pm") {
        (b, Some(Mer::Pm))
    } else {
        (s, None)
    };
    if body.is_empty() || !body.bytes().all(|c| c.is_ascii_digit() || c == b':' || c == b'.') {
        return None;
    }
    let (h, m, sep) = match body.find([':', '.']) {
        Some(i) => {
            let (h, m) = (&body[..i], &body[i + 1..]);
            if m.len() != 2 || h.is_empty() || h.len() > 2 {
                return None;
            }
            (h.parse::<u32>().ok()?, m.parse::<u32>().ok()?, true)
        }
        // "1230", "0930", "930pm": hours and minutes without a colon (never a year such as 2026).
        None if (3..=4).contains(&body.len()) && body.bytes().all(|b| b.is_ascii_digit()) => {
            let value: u32 = body.parse().ok()?;
            if body.len() == 4 && (1900..=2100).contains(&value) && mer.is_none() {
                return None;
            }
            (value / 100, value % 100, true)
        }
        None => {
            if body.len() > 2 {
                return None;
            }
            (body.parse::<u32>().ok()?, 0, false)
        }
    };
    if m > 59 || h > 23 || (mer.is_some() && (h == 0 || h > 12)) {
        return None;
    }
    // "12.30" without am/pm could be a date (12 March); only a colon makes it certain.
    let dot = body.contains('.') || (!body.contains(':') && sep);
    let fixed = mer.is_none() && (h > 12 || h == 0 || (sep && body.starts_with('0')));
    Some(Clock { h, m, mer, fixed, certain: mer.is_some() || (sep && !dot) })
}

impl<'a> Reader<'a> {
    pub fn low(&self, i: usize) -> &str {
        self.t.get(i).map_or("", |t| t.low.as_str())
    }

    fn is(&self, i: usize, words: &[&str]) -> bool {
        words.contains(&self.low(i))
    }

    fn mer_at(&self, i: usize) -> Option<Mer> {
        match self.low(i) {
            "am" => Some(Mer::Am),
            "pm" => Some(Mer::Pm),
            _ => None,
        }
    }

    /// am/pm, "o'clock", or "in the morning" after a clock.
    fn clock_suffix(&self, mut c: Clock, mut i: usize) -> (Clock, usize) {
        if c.mer.is_none() && !c.fixed {
            if let Some(m) = self.mer_at(i) {
                c.mer = Some(m);
                c.certain = true;
                i += 1;
            }
        }
        if self.is(i, &["o'clock", "oclock", "o’clock"]) {
            c.certain = true;
            i += 1;
        }
        if c.mer.is_none() && !c.fixed {
            if let Some((m, n)) = self.daypart(i) {
                if !self.is(i, &["this", "tonight"]) {
                    c.mer = Some(m);
                    c.certain = true;
                    i = n;
                }
            }
        }
        (c, i)
    }

    /// A time of day at `i`: "3pm", "3:15 pm", "15:30", "noon", "half past two", "quarter to four", "three thirty",
    /// or a bare hour ("3", `certain` false).
    pub fn clock(&self, i: usize) -> Option<(Clock, usize)> {
        self.clock_opt(i, true)
    }

    /// `to_offsets`: read "ten to four" as 15:50. Off where a range may start ("from ten to eleven").
    pub fn clock_opt(&self, i: usize, to_offsets: bool) -> Option<(Clock, usize)> {
        let w = self.low(i);
        let fixed = |h| Clock { h, m: 0, mer: None, fixed: true, certain: true };
        match w {
            "noon" | "midday" | "12noon" | "mid-day" => return Some((fixed(12), i + 1)),
            "midnight" => return Some((fixed(0), i + 1)),
            _ => {}
        }
        // half past two, quarter to four, ten past three, 20 to 5
        let (offset, j) = match w {
            "half" => (Some(30), i + 1),
            "quarter" => (Some(15), i + 1),
            "a" if self.low(i + 1) == "quarter" => (Some(15), i + 2),
            _ => match vocab::number(w) {
                // "20 to 5" in digits is a range; in words ("twenty to five") or with "minutes" a time.
                Some(n) if (1..=30).contains(&n) && self.is(i + 1, &["past", "after"]) => (Some(n), i + 1),
                Some(n)
                    if to_offsets
                        && matches!(n, 5 | 10 | 20 | 25)
                        && vocab::number_word(w).is_some()
                        && self.is(i + 1, &["to", "till"]) =>
                {
                    (Some(n), i + 1)
                }
                Some(n)
                    if (1..=30).contains(&n)
                        && self.is(i + 1, &["minutes", "mins"])
                        && self.is(i + 2, &["past", "to"]) =>
                {
                    (Some(n), i + 2)
                }
                _ => (None, i),
            },
        };
        if let Some(off) = offset {
            let dir = self.low(j);
            let to_ok = to_offsets || w == "quarter" || w == "a";
            if matches!(dir, "past" | "after") || (to_ok && matches!(dir, "to" | "till")) {
                let hw = self.low(j + 1);
                if let Some(h) = vocab::number(hw).filter(|h| (1..=12).contains(h)) {
                    let (h, m) = if matches!(dir, "past" | "after") {
                        (h, off)
                    } else if h == 1 {
                        (12, 60 - off)
                    } else {
                        (h - 1, 60 - off)
                    };
                    if m < 60 {
                        let c = Clock { h, m, mer: None, fixed: false, certain: true };
                        return Some(self.clock_suffix(c, j + 2));
                    }
                }
            }
            if w == "half" || w == "quarter" || w == "a" {
                return None;
            }
        }
        if let Some(c) = clock_token(w) {
            return Some(self.clock_suffix(c, i + 1));
        }
        // "three pm", "three thirty", "two fifteen pm", "three o'clock"
        if let Some(h) = vocab::number_word(w).filter(|h| (1..=12).contains(h)) {
            let mut c = Clock { h, m: 0, mer: None, fixed: false, certain: false };
            let mut j = i + 1;
            if let Some(&(_, m)) = MINUTE_WORDS.iter().find(|(mw, _)| *mw == self.low(j)) {
                let mut m = m;
                let mut k = j + 1;
                if m == 20 || m == 30 || m == 40 {
                    if let Some(u) = vocab::number_word(self.low(k)).filter(|u| (1..=9).contains(u)) {
                        m += u;
                        k += 1;
                    }
                }
                if self.mer_at(k).is_some() || m >= 10 {
                    c.m = m;
                    c.certain = true;
                    j = k;
                }
            }
            return Some(self.clock_suffix(c, j));
        }
        None
    }

    /// "in the morning", "this afternoon", "tonight": a meridiem hint, and the index after it.
    pub fn daypart(&self, i: usize) -> Option<(Mer, usize)> {
        let (lead, j) = match self.low(i) {
            "in" if self.low(i + 1) == "the" => (true, i + 2),
            "this" => (true, i + 1),
            _ => (false, i),
        };
        let mer = match self.low(j) {
            "morning" | "mornin" | "am" if lead || self.low(j) != "am" => Mer::Am,
            "afternoon" | "evening" | "arvo" => Mer::Pm,
            "tonight" if !lead => Mer::Pm,
            _ => return None,
        };
        Some((mer, j + 1))
    }

    /// A duration at `i` in minutes: "20 minutes", "half an hour", "an hour", "1h30", "1.5 hours", "2 hours and 15
    /// minutes", "an hour and a half", "a quarter of an hour", "20-minute".
    pub fn duration(&self, i: usize) -> Option<(u32, usize)> {
        let w = self.low(i);
        // Single-token forms: 20min, 1h, 1h30, 1h30m, 2hrs, 1.5h
        if w.starts_with(|c: char| c.is_ascii_digit()) {
            if let Some(d) = compact_duration(w) {
                return Some((d, i + 1));
            }
        }
        match (w, self.low(i + 1), self.low(i + 2), self.low(i + 3)) {
            ("half", "an" | "a", "hour" | "hr", _) => return Some((30, i + 3)),
            ("half", "hour" | "hr", _, _) | ("half-hour" | "half-an-hour", _, _, _) => {
                return Some((30, i + 2 - usize::from(w != "half")))
            }
            ("a", "half", "hour", _) => return Some((30, i + 3)),
            ("quarter", "of", "an", "hour") | ("a", "quarter", "of", "hour") => return Some((15, i + 4)),
            ("a", "quarter", "of", "an") if self.low(i + 4) == "hour" => return Some((15, i + 5)),
            ("quarter", "hour", _, _) | ("quarter-hour", _, _, _) => {
                return Some((15, i + 2 - usize::from(w != "quarter")))
            }
            ("a", "quarter", "hour", _) => return Some((15, i + 3)),
            _ => {}
        }
        // a number (digits, words, "an", "1.5", "one and a half") then a unit
        let (value_x2, mut j) = if w == "a" || w == "an" {
            (2, i + 1)
        } else if let Some(n) = vocab::number(w) {
            let mut j = i + 1;
            let mut n2 = n * 2;
            if self.low(j) == "and" && self.low(j + 1) == "a" && self.low(j + 2) == "half" {
                n2 += 1;
                j += 3;
            } else if let Some(tens) = vocab::number_word(w).filter(|t| *t >= 20 && t % 10 == 0) {
                if let Some(u) = vocab::number_word(self.low(j)).filter(|u| (1..=9).contains(u)) {
                    n2 = (tens + u) * 2;
                    j += 1;
                }
            }
            (n2, j)
        } else if let Some(x) = decimal(w) {
            (x, i + 1)
        } else {
            return None;
        };
        if self.low(j) == "-" {
            j += 1;
        }
        let unit = vocab::duration_unit(self.low(j))?;
        // "a minute" alone is filler ("give me a minute"); a bare "m"/"h" needs digits before it.
        if (w == "a" || w == "an") && unit == 1 || (matches!(self.low(j), "m" | "h") && vocab::number(w).is_none()) {
            return None;
        }
        let mut total = value_x2 * unit / 2;
        j += 1;
        if unit == 60 {
            // "an hour and a half", "2 hours and 15 minutes", "1 hour 30"
            if self.low(j) == "and" && self.low(j + 1) == "a" && self.low(j + 2) == "half" {
                return Some((total + 30, j + 3));
            }
            let k = if self.low(j) == "and" { j + 1 } else { j };
            if let Some(m) = vocab::number(self.low(k)).filter(|m| *m < 60) {
                if vocab::duration_unit(self.low(k + 1)) == Some(1) {
                    return Some((total + m, k + 2));
                }
            }
        }
        if total == 0 {
            return None;
        }
        total = total.min(24 * 60 * 7);
        Some((total, j))
    }

    // ---- dates ---------------------------------------------------------------------------------------------------

    fn weekday_date(&self, wd: Weekday, modifier: &str) -> NaiveDate {
        let today = self.today;
        let t = today.weekday().num_days_from_monday() as i64;
        let w = wd.num_days_from_monday() as i64;
        let monday = today - chrono::Duration::days(t);
        let days = |n: i64| chrono::Duration::days(n);
        match modifier {
            "next" => monday + days(7 + w),
            "this" => monday + days(w),
            "last" | "past" | "previous" => {
                let n = (t - w).rem_euclid(7);
                today - days(if n == 0 { 7 } else { n })
            }
            "coming" | "upcoming" => {
                let n = (w - t).rem_euclid(7);
                today + days(if n == 0 { 7 } else { n })
            }
            _ => match self.lean {
                Lean::Future => today + days((w - t).rem_euclid(7)),
                Lean::Past => today - days((t - w).rem_euclid(7)),
            },
        }
    }

    /// A day of the month without a month ("on the 3rd"): this month, or the next (previous, for breaks) when that
    /// day has already passed (is still to come).
    fn day_of_month(&self, d: u32) -> Option<NaiveDate> {
        let first = self.today.with_day(1)?;
        let this = first.with_day(d);
        match self.lean {
            Lean::Future => match this {
                Some(date) if date >= self.today => Some(date),
                _ => (1..=3).find_map(|k| first.checked_add_months(Months::new(k))?.with_day(d)),
            },
            Lean::Past => match this {
                Some(date) if date <= self.today => Some(date),
                _ => (1..=3).find_map(|k| first.checked_sub_months(Months::new(k))?.with_day(d)),
            },
        }
    }

    /// A written date resolved by `interim` (day-first), at midnight of `now`'s day.
    /// Whether the sentence writes its numeric dates month first: one of them (`12/14`, `10/13/2026`) can only be
    /// read that way, its second number being over 12. Otherwise numeric dates are day first (`6/4` is 6 April).
    fn month_first(&self) -> bool {
        self.t.iter().any(|t| {
            let parts: Vec<&str> = t.low.split('/').collect();
            let num = |p: &str| {
                (!p.is_empty() && p.len() <= 2 && p.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| p.parse::<u32>().ok())
                    .flatten()
            };
            (parts.len() == 2
                || (parts.len() == 3 && parts[2].len() == 4 && parts[2].bytes().all(|b| b.is_ascii_digit())))
                && matches!((num(parts[0]), num(parts[1])), (Some(1..=12), Some(13..=31)))
        })
    }

    fn interim(&self, text: &str) -> Option<NaiveDate> {
        interim::parse_date_string(text, self.now, interim::Dialect::Uk).ok().map(|d| d.date_naive())
    }

    /// A year after a day and month ("3 March 2026", "March 3, 2026").
    fn year_at(&self, i: usize) -> Option<(i32, usize)> {
        let j = if self.low(i) == "," { i + 1 } else { i };
        let w = self.low(j);
        (w.len() == 4 && w.bytes().all(|b| b.is_ascii_digit()))
            .then(|| w.parse::<i32>().ok())
            .flatten()
            .filter(|y| (1970..=2100).contains(y))
            .map(|y| (y, j + 1))
    }

    fn day_number(&self, i: usize) -> Option<u32> {
        let w = self.low(i);
        vocab::ordinal(w)
            .or_else(|| (w.len() <= 2 && w.bytes().all(|b| b.is_ascii_digit())).then(|| w.parse().ok()).flatten())
            .filter(|d| (1..=31).contains(d))
    }

    /// Day and month in either order, with an optional year: "3 March", "3rd of March", "the 3rd of March 2026",
    /// "March 3", "March the 3rd, 2026". The `bool` says whether a year was written.
    fn day_month(&self, i: usize) -> Option<(NaiveDate, usize, bool)> {
        let i0 = if self.low(i) == "the" { i + 1 } else { i };
        if let Some(d) = self.day_number(i0) {
            let j = if self.low(i0 + 1) == "of" { i0 + 2 } else { i0 + 1 };
            if let Some(m) = vocab::month(self.low(j)) {
                return self.dm(d, m, j + 1);
            }
        }
        if let Some(m) = vocab::month(self.low(i)) {
            // "may" is also a verb: only with a day right after it.
            let j = if self.low(i + 1) == "the" { i + 2 } else { i + 1 };
            if let Some(d) = self.day_number(j) {
                if !(vocab::duration_unit(self.low(j + 1)).is_some() || self.is(j + 1, &["days", "day", "weeks"])) {
                    return self.dm(d, m, j + 1);
                }
            }
        }
        None
    }

    fn dm(&self, d: u32, m: u32, after: usize) -> Option<(NaiveDate, usize, bool)> {
        let month_name = MONTH_NAMES[m as usize - 1];
        match self.year_at(after) {
            Some((y, j)) => Some((self.interim(&format!("{d} {month_name} {y}"))?, j, true)),
            None => Some((self.nearest_year(self.interim(&format!("{d} {month_name}"))?), after, false)),
        }
    }

    /// A day and month without a year is this year's, unless that reading is clearly on the wrong side of today
    /// (more than about three months): a break "on 30 December" logged on 2 January was last year; a meeting "on
    /// January 5th" set on 30 December is next year. A break a few days ahead ("on 14 March" on the 11th) stays this
    /// year's, the nearest reading (the record's check then refuses it), never one almost a year back.
    fn nearest_year(&self, d: NaiveDate) -> NaiveDate {
        match self.lean {
            Lean::Past if d > self.today + chrono::Duration::days(90) => {
                d.checked_sub_months(Months::new(12)).unwrap_or(d)
            }
            Lean::Future if d < self.today - chrono::Duration::days(90) => {
                d.checked_add_months(Months::new(12)).unwrap_or(d)
            }
            _ => d,
        }
    }

    /// One calendar day at `i`, with the index after it and whether a year was written.
    pub fn date(&self, i: usize) -> Option<(NaiveDate, usize, bool)> {
        self.relative_day(i)
            .or_else(|| self.weekday_at(i))
            .or_else(|| self.days_from_now(i))
            .or_else(|| self.day_month(i))
            .or_else(|| self.numeric_date(i))
            .or_else(|| self.ordinal_day(i))
    }

    /// "today", "tomorrow", "yesterday", "the day after tomorrow", "the day before yesterday".
    fn relative_day(&self, i: usize) -> Option<(NaiveDate, usize, bool)> {
        let w = self.low(i);
        let today = self.today;
        let day = chrono::Duration::days(1);
        if TODAY.contains(&w) {
            return Some((today, i + 1, false));
        }
        if TOMORROW.contains(&w) {
            return Some((today + day, i + 1, false));
        }
        if YESTERDAY.contains(&w) {
            return Some((today - day, i + 1, false));
        }
        if w == "the" || w == "day" {
            let j = if w == "the" { i + 1 } else { i };
            if self.low(j) == "day" && self.low(j + 2) == "tomorrow" && self.low(j + 1) == "after" {
                return Some((today + day + day, j + 3, false));
            }
            if self.low(j) == "day" && self.low(j + 2) == "yesterday" && self.low(j + 1) == "before" {
                return Some((today - day - day, j + 3, false));
            }
        }
        None
    }

    /// [next|this|last|coming] weekday [next week|this week|last week], and "Monday 9th", "Tuesday the 10th",
    /// "Monday 2 March": the written day says which one.
    fn weekday_at(&self, i: usize) -> Option<(NaiveDate, usize, bool)> {
        let w = self.low(i);
        let (modifier, j) = if DAY_MODIFIERS.contains(&w) {
            if w == "this" && self.low(i + 1) == "coming" {
                ("coming", i + 2)
            } else {
                (w, i + 1)
            }
        } else {
            ("", i)
        };
        let wd = vocab::weekday(self.low(j))?;
        let (modifier, end) = match (self.low(j + 1), self.low(j + 2)) {
            ("next" | "this" | "last", "week") if modifier.is_empty() => (self.low(j + 1), j + 3),
            _ => (modifier, j + 1),
        };
        let d = if modifier == "last" && end == j + 3 {
            // "Friday last week"
            self.weekday_date(wd, "this") - chrono::Duration::days(7)
        } else {
            self.weekday_date(wd, modifier)
        };
        if end == j + 1 {
            if let Some(found) = self.day_month(end) {
                return Some(found);
            }
            let k = if self.low(end) == "the" { end + 1 } else { end };
            if self.low(k).starts_with(|c: char| c.is_ascii_digit()) {
                if let Some(date) = vocab::ordinal(self.low(k)).and_then(|n| self.day_of_month(n)) {
                    return Some((date, k + 1, false));
                }
            }
        }
        Some((d, end, false))
    }

    /// "in 3 days", "in a week", "3 days from now".
    fn days_from_now(&self, i: usize) -> Option<(NaiveDate, usize, bool)> {
        let today = self.today;
        if self.low(i) == "in" {
            if let Some((n, k)) = self.count_of(i + 1, &["day", "days"], &["week", "weeks"]) {
                if !self.is(k, &["off", "of"]) {
                    return Some((today + chrono::Duration::days(n as i64), k, false));
                }
            }
        }
        let (n, k) = self.count_of(i, &["day", "days"], &["week", "weeks"])?;
        (self.low(k) == "from" && self.is(k + 1, &["now", "today"]))
            .then(|| (today + chrono::Duration::days(n as i64), k + 2, false))
    }

    /// ISO and numeric day-first dates; "on 10.03" (day.month) only after "on", as "10.30" is also a time.
    fn numeric_date(&self, i: usize) -> Option<(NaiveDate, usize, bool)> {
        let w = self.low(i);
        if !(w.contains(['/', '-', '.']) && w.starts_with(|c: char| c.is_ascii_digit())) {
            return None;
        }
        let dotted_day = w.contains('.') && i > 0 && self.low(i - 1) == "on";
        let shape_ok = {
            let parts: Vec<&str> = w.split(['/', '-', '.']).collect();
            parts.iter().all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
                && (parts.len() == 3 || (parts.len() == 2 && (!w.contains('.') || dotted_day) && !w.contains('-')))
        };
        if !shape_ok {
            return None;
        }
        let has_year = w.matches(['/', '-', '.']).count() == 2;
        let text = if w.contains('/') && self.month_first() { swap_day_month(w) } else { w.replace('.', "/") };
        let d = self.interim(&text)?;
        let d = if has_year { d } else { self.nearest_year(d) };
        Some((d, i + 1, has_year))
    }

    /// "on the 3rd", "the 21st", "on 3rd"; a bare "25th" after another day ("the 24th and 25th", "the 3rd to 7th").
    fn ordinal_day(&self, i: usize) -> Option<(NaiveDate, usize, bool)> {
        let w = self.low(i);
        let k = match w {
            "on" if self.low(i + 1) == "the" => i + 2,
            "the" | "on" => i + 1,
            _ if i > 0 && w.starts_with(|c: char| c.is_ascii_digit()) && DAY_JOINERS.contains(&self.low(i - 1)) => i,
            _ => return None,
        };
        let d = vocab::ordinal(self.low(k))?;
        if NOT_A_DAY_AFTER.contains(&self.low(k + 1)) {
            return None;
        }
        Some((self.day_of_month(d)?, k + 1, false))
    }

    /// A day said from another one just named (`prev`): "the day after", "the next day", "the following day", "the
    /// day after that", "the day before", "the two days after" (the last of them), "the following Tuesday", "the
    /// Tuesday after".
    pub fn after_date(&self, prev: NaiveDate, i: usize) -> Option<(NaiveDate, usize)> {
        let j = if self.low(i) == "the" { i + 1 } else { i };
        if j == i {
            return None;
        }
        let day = chrono::Duration::days(1);
        let that = |k: usize| if self.is(k, &["that", "it"]) { k + 1 } else { k };
        // "the day after tomorrow" is a day of its own.
        if self.low(j) == "day" && self.is(j + 1, &["after", "afterwards"]) && !self.is(j + 2, &["tomorrow", "tomorow"])
        {
            return Some((prev + day, that(j + 2)));
        }
        if self.is(j, &["next", "following"]) && self.is(j + 1, &["day"]) {
            return Some((prev + day, j + 2));
        }
        if self.low(j) == "day" && self.is(j + 1, &["before"]) && !self.is(j + 2, &["yesterday"]) {
            return Some((prev - day, that(j + 2)));
        }
        // "the two days after", "the next two days", "the following 3 days"
        let (count_at, lead) = if self.is(j, &["next", "following"]) { (j + 1, true) } else { (j, false) };
        if let Some(n) = vocab::number(self.low(count_at)).filter(|n| (1..=30).contains(n)) {
            if self.is(count_at + 1, &["days"]) {
                if lead {
                    return Some((prev + chrono::Duration::days(n as i64), count_at + 2));
                }
                if self.is(count_at + 2, &["after", "afterwards"]) {
                    return Some((prev + chrono::Duration::days(n as i64), that(count_at + 3)));
                }
            }
        }
        // "the following Tuesday", "the Tuesday after"
        let weekday_after = |wd: Weekday| {
            let n = (wd.num_days_from_monday() as i64 - prev.weekday().num_days_from_monday() as i64).rem_euclid(7);
            prev + chrono::Duration::days(if n == 0 { 7 } else { n })
        };
        if self.is(j, &["following", "next"]) {
            if let Some(wd) = vocab::weekday(self.low(j + 1)) {
                return Some((weekday_after(wd), j + 2));
            }
        }
        if let Some(wd) = vocab::weekday(self.low(j)) {
            if self.is(j + 1, &["after"]) && !self.is(j + 2, &["next"]) {
                return Some((weekday_after(wd), that(j + 2)));
            }
        }
        None
    }

    /// "the next two days", "next 3 days", "the coming couple of days": the days from tomorrow.
    fn next_days(&self, i: usize) -> Option<(NaiveDate, NaiveDate, usize)> {
        let j = if self.low(i) == "the" { i + 1 } else { i };
        if !self.is(j, &["next", "coming", "following"]) {
            return None;
        }
        let (n, k) = self.count_of(j + 1, &["days"], &[])?;
        let first = self.today.succ_opt()?;
        Some((first, first + chrono::Duration::days(i64::from(n.max(1)) - 1), k))
    }

    /// The same reader, leaning the other way ("since Monday" is the Monday before).
    pub fn leaning(&self, lean: Lean) -> Reader<'a> {
        Reader { t: self.t, now: self.now, today: self.today, lean }
    }

    /// "3 days", "three days", "a week", "2 weeks": a count in days.
    pub fn count_of(&self, i: usize, day_words: &[&str], week_words: &[&str]) -> Option<(u32, usize)> {
        let (n, j) = match (self.low(i), self.low(i + 1), self.low(i + 2)) {
            ("a", "couple", "of") => (2, i + 3),
            ("a", "couple", _) | ("couple", "of", _) => (2, i + 2),
            ("a" | "an", _, _) => (1, i + 1),
            (w, _, _) => (vocab::number(w)?, i + 1),
        };
        let j = if self.low(j) == "-" { j + 1 } else { j };
        let j = if self.is(j, DAY_COUNT_KINDS) { j + 1 } else { j };
        if day_words.contains(&self.low(j)) {
            Some((n, j + 1))
        } else if week_words.contains(&self.low(j)) {
            Some((n * 7, j + 1))
        } else {
            None
        }
    }

    /// Two days: "Monday to Wednesday", "from 24/12 to 2/1", "3-5 March", "March 3 to 5", "between the 3rd and the
    /// 5th". A later end without a written year that falls before the start moves to the next year (or week).
    pub fn date_range(&self, i: usize) -> Option<(NaiveDate, NaiveDate, usize)> {
        let lead = self.is(i, &["from", "between"]);
        let s = if lead { i + 1 } else { i };
        let joiners: &[&str] = if self.low(i) == "between" { &["and", "-"] } else { RANGE_JOINERS };
        // "3-5 March", "3rd to 5th of March", "the 2nd to the 9th of May"
        let a_at = if self.low(s) == "the" { s + 1 } else { s };
        // "2 and 3 April" names two days as well as "2-3 April" does.
        let day_joiner = joiners.contains(&self.low(a_at + 1)) || self.low(a_at + 1) == "and";
        if let (Some(a), true) = (self.day_number(a_at), day_joiner) {
            if let Some((end, k, year)) = self.day_month(a_at + 2) {
                if let Some(start) = end.with_day(a) {
                    let start = if start > end && !year { start.checked_sub_months(Months::new(1))? } else { start };
                    if start <= end {
                        return Some((start, end, k));
                    }
                }
            }
        }
        // "March 3-5", "March 3 to 5"
        if let Some((start, k, _)) = self.day_month(s) {
            if joiners.contains(&self.low(k)) && vocab::month(self.low(k + 1)).is_none() {
                if let Some(b) =
                    self.day_number(k + 1).filter(|_| self.date(k + 1).is_none() && self.day_month(k + 1).is_none())
                {
                    if !self.is(k + 2, &["am", "pm", ":"]) && !self.low(k + 1).contains(':') {
                        if let Some(end) = start.with_day(b).filter(|e| *e >= start) {
                            return Some((start, end, k + 2));
                        }
                    }
                }
            }
        }
        // "the next two days", "the coming 3 days": from tomorrow.
        if let Some(found) = self.next_days(s) {
            return Some(found);
        }
        let (mut start, k, _) = self.date(s)?;
        if !joiners.contains(&self.low(k)) {
            return None;
        }
        // "Friday to the following Tuesday"
        if let Some((end, e)) = self.after_date(start, k + 1) {
            return Some((start, end, e));
        }
        let (mut end, e, end_year) = self.date(k + 1)?;
        // "Wednesday to Friday next week": the week of the end is the week of the start too.
        if let (Some(wd), true) = (vocab::weekday(self.low(s)), e >= 2 && self.low(e - 1) == "week") {
            let modifier = self.low(e - 2);
            if k == s + 1 && matches!(modifier, "next" | "this" | "last") {
                start = self.weekday_date(wd, modifier);
            }
        }
        if end < start {
            let weekday_end = vocab::weekday(self.low(e - 1)).is_some();
            if weekday_end {
                while end < start {
                    end += chrono::Duration::days(7);
                }
            } else if !end_year && end.month() < start.month() {
                // "28 December to 3 January" crosses the year end.
                end = end.checked_add_months(Months::new(12))?;
            }
        }
        Some((start, end, e))
    }

    /// "next week" / "this week" as the working days Monday to Friday.
    pub fn week_range(&self, i: usize) -> Option<(NaiveDate, NaiveDate, usize)> {
        let (skip, j) = match self.low(i) {
            "all" | "for" | "the" | "whole" => (true, i + 1),
            _ => (false, i),
        };
        let j = if skip && self.is(j, &["whole", "of", "the"]) { j + 1 } else { j };
        let j = if self.is(j, &["of"]) { j + 1 } else { j };
        let which = self.low(j);
        if !matches!(which, "next" | "this" | "coming") || self.low(j + 1) != "week" {
            return None;
        }
        let t = self.today.weekday().num_days_from_monday() as i64;
        let monday = self.today - chrono::Duration::days(t);
        let monday = if which == "this" { monday } else { monday + chrono::Duration::days(7) };
        Some((monday, monday + chrono::Duration::days(4), j + 2))
    }

    /// The current wall-clock time in minutes after midnight.
    pub fn now_minutes(&self) -> u32 {
        self.now.hour() * 60 + self.now.minute()
    }
}

/// "20min", "1h", "1h30", "1h30m", "2hrs", "1.5h", "90m".
fn compact_duration(w: &str) -> Option<u32> {
    let digits_end = w.find(|c: char| !(c.is_ascii_digit() || c == '.'))?;
    let (num, rest) = w.split_at(digits_end);
    if num.is_empty() {
        return None;
    }
    let value_x2 = decimal(num).or_else(|| num.parse::<u32>().ok().map(|n| n * 2))?;
    if let Some(unit) = vocab::duration_unit(rest) {
        return (value_x2 > 0).then_some(value_x2 * unit / 2);
    }
    // 1h30, 1h30m, 1hr30
    for h in ["hrs", "hr", "h"] {
        if let Some(mins) = rest.strip_prefix(h) {
            let mins = mins.trim_end_matches("mins").trim_end_matches("min").trim_end_matches('m');
            if !mins.is_empty() && mins.len() <= 2 && mins.bytes().all(|b| b.is_ascii_digit()) && !num.contains('.') {
                let m: u32 = mins.parse().ok()?;
                return (m < 60).then_some(value_x2 / 2 * 60 + m);
            }
        }
    }
    None
}

/// "1.5" as twice its value (half hours are the only fractions people use).
fn decimal(w: &str) -> Option<u32> {
    let (a, b) = w.split_once('.')?;
    let a: u32 = if a.is_empty() { 0 } else { a.parse().ok()? };
    match b {
        "5" | "50" => Some(a * 2 + 1),
        "0" | "00" => Some(a * 2),
        _ => None,
    }
}

pub fn add_days(d: NaiveDate, n: u32) -> NaiveDate {
    d.checked_add_days(Days::new(n as u64)).unwrap_or(d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::understand::lexer::tokenize;
    use chrono::TimeZone;

    fn reader<'a>(toks: &'a [Tok], lean: Lean) -> Reader<'a> {
        let now = chrono_tz::Europe::London.with_ymd_and_hms(2026, 3, 11, 10, 30, 0).unwrap();
        Reader { t: toks, now, today: now.date_naive(), lean }
    }

    fn date(s: &str, lean: Lean) -> Option<String> {
        let toks = tokenize(s);
        reader(&toks, lean).date(0).map(|(d, _, _)| d.to_string())
    }

    fn time(s: &str) -> Option<String> {
        let toks = tokenize(s);
        reader(&toks, Lean::Future).clock(0).map(|(c, _)| hhmm(c.minutes(None)))
    }

    fn duration(s: &str) -> Option<u32> {
        let toks = tokenize(s);
        reader(&toks, Lean::Future).duration(0).map(|(d, _)| d)
    }

    fn range(s: &str) -> Option<(String, String)> {
        let toks = tokenize(s);
        reader(&toks, Lean::Future).date_range(0).map(|(a, b, _)| (a.to_string(), b.to_string()))
    }

    #[test]
    fn relative_days() {
        assert_eq!(date("today", Lean::Future).as_deref(), Some("2026-03-11"));
        assert_eq!(date("tommorow", Lean::Future).as_deref(), Some("2026-03-12"));
        assert_eq!(date("yesterday", Lean::Future).as_deref(), Some("2026-03-10"));
        assert_eq!(date("the day after tomorrow", Lean::Future).as_deref(), Some("2026-03-13"));
        assert_eq!(date("in 3 days", Lean::Future).as_deref(), Some("2026-03-14"));
    }

    #[test]
    fn weekdays_lean_by_record_kind() {
        // Wednesday 11 March 2026
        assert_eq!(date("monday", Lean::Future).as_deref(), Some("2026-03-16"));
        assert_eq!(date("monday", Lean::Past).as_deref(), Some("2026-03-09"));
        assert_eq!(date("next monday", Lean::Past).as_deref(), Some("2026-03-16"));
        assert_eq!(date("next friday", Lean::Future).as_deref(), Some("2026-03-20"));
        assert_eq!(date("this friday", Lean::Past).as_deref(), Some("2026-03-13"));
        assert_eq!(date("last friday", Lean::Future).as_deref(), Some("2026-03-06"));
        assert_eq!(date("wednesday", Lean::Future).as_deref(), Some("2026-03-11"));
        assert_eq!(date("last wednesday", Lean::Future).as_deref(), Some("2026-03-04"));
        assert_eq!(date("friday next week", Lean::Future).as_deref(), Some("2026-03-20"));
    }

    #[test]
    fn written_dates_read_day_first() {
        assert_eq!(date("25/12", Lean::Future).as_deref(), Some("2026-12-25"));
        assert_eq!(date("3/4/2026", Lean::Future).as_deref(), Some("2026-04-03"));
        assert_eq!(date("2026-05-01", Lean::Future).as_deref(), Some("2026-05-01"));
        assert_eq!(date("3 march", Lean::Future).as_deref(), Some("2026-03-03"));
        assert_eq!(date("march 3rd", Lean::Future).as_deref(), Some("2026-03-03"));
        assert_eq!(date("the 3rd of april 2027", Lean::Future).as_deref(), Some("2027-04-03"));
        assert_eq!(date("on the 3rd", Lean::Future).as_deref(), Some("2026-04-03"));
        assert_eq!(date("on the 3rd", Lean::Past).as_deref(), Some("2026-03-03"));
        assert_eq!(date("the 20th", Lean::Past).as_deref(), Some("2026-02-20"));
        assert_eq!(date("may", Lean::Future), None);
    }

    #[test]
    fn times_of_day() {
        assert_eq!(time("3pm").as_deref(), Some("15:00"));
        assert_eq!(time("3:15 pm").as_deref(), Some("15:15"));
        assert_eq!(time("15:30").as_deref(), Some("15:30"));
        assert_eq!(time("noon").as_deref(), Some("12:00"));
        assert_eq!(time("midnight").as_deref(), Some("00:00"));
        assert_eq!(time("half past two").as_deref(), Some("14:30"));
        assert_eq!(time("quarter to four").as_deref(), Some("15:45"));
        assert_eq!(time("ten past 9").as_deref(), Some("09:10"));
        assert_eq!(time("12am").as_deref(), Some("00:00"));
        assert_eq!(time("three thirty pm").as_deref(), Some("15:30"));
        assert_eq!(time("9 in the morning").as_deref(), Some("09:00"));
        assert_eq!(time("8 in the evening").as_deref(), Some("20:00"));
        assert_eq!(time("13pm"), None);
        assert_eq!(time("1230").as_deref(), Some("12:30"));
        assert_eq!(time("0930").as_deref(), Some("09:30"));
        assert_eq!(time("930pm").as_deref(), Some("21:30"));
        assert_eq!(time("2026"), None);
    }

    #[test]
    fn meridiem_carries_across_a_range() {
        let c = |h, mer| Clock { h, m: 0, mer, fixed: false, certain: true };
        assert_eq!(resolve_range(c(2, None), c(4, Some(Mer::Pm)), None), (14 * 60, 16 * 60));
        assert_eq!(resolve_range(c(11, None), c(1, Some(Mer::Pm)), None), (11 * 60, 13 * 60));
        assert_eq!(resolve_range(c(9, Some(Mer::Am)), c(5, None), None), (9 * 60, 17 * 60));
        assert_eq!(resolve_range(c(9, None), c(5, None), None), (9 * 60, 17 * 60));
        assert_eq!(resolve_range(c(10, Some(Mer::Pm)), c(2, None), None), (22 * 60, 2 * 60));
    }

    #[test]
    fn durations() {
        assert_eq!(duration("20 minutes"), Some(20));
        assert_eq!(duration("half an hour"), Some(30));
        assert_eq!(duration("an hour"), Some(60));
        assert_eq!(duration("1h30"), Some(90));
        assert_eq!(duration("1.5 hours"), Some(90));
        assert_eq!(duration("an hour and a half"), Some(90));
        assert_eq!(duration("2 hours and 15 minutes"), Some(135));
        assert_eq!(duration("forty five mins"), Some(45));
        assert_eq!(duration("15-minute"), Some(15));
        assert_eq!(duration("a quarter of an hour"), Some(15));
        assert_eq!(duration("3 days"), None);
        assert_eq!(duration("a minute"), None);
    }

    #[test]
    fn days_said_from_another_day() {
        let thu = NaiveDate::from_ymd_opt(2026, 3, 12).unwrap();
        let after = |s: &str| {
            let toks = tokenize(s);
            reader(&toks, Lean::Future).after_date(thu, 0).map(|(d, _)| d.to_string())
        };
        assert_eq!(after("the day after").as_deref(), Some("2026-03-13"));
        assert_eq!(after("the two days after").as_deref(), Some("2026-03-14"));
        assert_eq!(after("the following tuesday").as_deref(), Some("2026-03-17"));
        assert_eq!(after("the day before").as_deref(), Some("2026-03-11"));
        assert_eq!(after("the friday after").as_deref(), Some("2026-03-13"));
        assert_eq!(after("the day after tomorrow"), None);
        assert_eq!(range("the next two days"), Some(("2026-03-12".into(), "2026-03-13".into())));
        assert_eq!(range("friday to the following tuesday"), Some(("2026-03-13".into(), "2026-03-17".into())));
    }

    #[test]
    fn a_break_date_without_a_year_is_the_nearest_reading() {
        // Wednesday 11 March 2026: a few days ahead stays this year (the break's check refuses it), never 2025.
        assert_eq!(date("14 march", Lean::Past).as_deref(), Some("2026-03-14"));
        assert_eq!(date("10 march", Lean::Past).as_deref(), Some("2026-03-10"));
        assert_eq!(date("30 december", Lean::Past).as_deref(), Some("2025-12-30"));
        assert_eq!(date("monday 9th", Lean::Past).as_deref(), Some("2026-03-09"));
    }

    #[test]
    fn date_ranges() {
        assert_eq!(range("monday to wednesday"), Some(("2026-03-16".into(), "2026-03-18".into())));
        assert_eq!(range("mon-wed"), Some(("2026-03-16".into(), "2026-03-18".into())));
        assert_eq!(range("from 24/12 to 2/1"), Some(("2026-12-24".into(), "2027-01-02".into())));
        assert_eq!(range("3-5 april"), Some(("2026-04-03".into(), "2026-04-05".into())));
        assert_eq!(range("april 3 to 5"), Some(("2026-04-03".into(), "2026-04-05".into())));
        assert_eq!(range("friday to monday"), Some(("2026-03-13".into(), "2026-03-16".into())));
        assert_eq!(range("between the 20th and the 22nd"), Some(("2026-03-20".into(), "2026-03-22".into())));
    }
}
