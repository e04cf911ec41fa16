//! Finds every date, time, duration and range in the message, left to right, each with the little words that lead
//! it in ("at", "from", "for", "on"), and marks the tokens it used so they do not end up in a title.

use chrono::NaiveDate;

use super::datetime::{Clock, Mer, Reader};
use super::vocab::{self, Kind};
use super::vocab::{
    COUNT_NOUNS, DURATION_LEADS, END_ROLE_LEADS, LEADS, NOW_LEADS, RANGE_COUNT_NOUNS, START_ROLE_LEADS, TIME_LEADS,
    TIME_RANGE_JOINERS,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Plain,
    Start,
    End,
    /// "since Monday": a start already past, up to today.
    Since,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Found {
    Date(NaiveDate, Role),
    DateRange(NaiveDate, NaiveDate),
    Time(Clock, Role),
    TimeRange(Clock, Clock),
    /// Minutes; `from_now` for "in 20 minutes".
    Duration(u32, bool),
    /// "for three days": a length in days.
    DayCount(u32),
    /// "in the afternoon"; `today` for "this afternoon" / "tonight".
    DayPart(Mer, bool),
    Now,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Span {
    pub from: usize,
    pub to: usize,
    pub found: Found,
}

fn role_of(leads: &[&str]) -> Role {
    if leads.iter().any(|l| END_ROLE_LEADS.contains(l)) {
        Role::End
    } else if leads.contains(&"since") {
        Role::Since
    } else if leads.iter().any(|l| START_ROLE_LEADS.contains(l)) {
        Role::Start
    } else {
        Role::Plain
    }
}

pub fn scan(r: &Reader, kind: Option<Kind>, used: &mut [bool]) -> Vec<Span> {
    let n = r.t.len();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < n {
        if used[i] || r.t[i].punct {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < n && j < i + 3 && LEADS.contains(&r.low(j)) && !used[j] {
            j += 1;
        }
        let leads: Vec<&str> = (i..j).map(|k| r.low(k)).collect();
        // The day named last, for "tomorrow and the day after".
        let prev = spans.iter().rev().find_map(|s: &Span| match s.found {
            Found::Date(d, _) => Some(d),
            Found::DateRange(_, b) => Some(b),
            _ => None,
        });
        let found = prev
            .and_then(|p| r.after_date(p, j))
            .map(|(d, to)| (to, Found::Date(d, role_of(&leads))))
            .or_else(|| find_at(r, j, &leads, kind))
            .map(|(to, found)| match (found, prev) {
                // "next Thursday and Friday": a bare weekday after another day is the one after it.
                (Found::Date(mut d, role), Some(p))
                    if r.lean == super::datetime::Lean::Future
                        && to == j + 1
                        && vocab::weekday(r.low(j)).is_some()
                        && d < p =>
                {
                    while d < p {
                        d += chrono::Duration::days(7);
                    }
                    (to, Found::Date(d, role))
                }
                (found, _) => (to, found),
            });
        match found {
            Some((to, found)) if (i..to).all(|k| !used[k]) => {
                for u in used.iter_mut().take(to).skip(i) {
                    *u = true;
                }
                spans.push(Span { from: i, to, found });
                i = to;
            }
            _ => i += 1,
        }
    }
    spans
}

fn find_at(r: &Reader, j: usize, leads: &[&str], kind: Option<Kind>) -> Option<(usize, Found)> {
    let timed = matches!(kind, Some(Kind::Break) | Some(Kind::Meeting));
    // "at 4" is a time in any record but a leave (a task's time is not kept, but it is not part of the title).
    let timed_with_lead = kind != Some(Kind::Leave);
    let last = leads.last().copied();
    if !leads.contains(&"at") {
        // The range reader reads its own "from"/"between" (it decides which joiners fit).
        let at = if matches!(last, Some("from") | Some("between")) { j - 1 } else { j };
        if let Some((a, b, to)) = r.date_range(at) {
            return Some((to, Found::DateRange(a, b)));
        }
        if kind == Some(Kind::Leave) {
            if let Some((a, b, to)) = r.week_range(j) {
                return Some((to, Found::DateRange(a, b)));
            }
        }
    }
    if kind == Some(Kind::Leave) && last != Some("in") {
        if let Some((days, to)) = r.count_of(j, &["day", "days", "dys", "dayz"], &["week", "weeks", "wk", "wks"]) {
            let from_now = r.low(to) == "from" && matches!(r.low(to + 1), "now" | "today");
            if !r.low(to).starts_with("ago") && !from_now {
                return Some((to, Found::DayCount(days)));
            }
        }
    }
    if let Some(found) = time_range(r, j, leads, timed) {
        return Some(found);
    }
    // "in 3 days" is read from its "in"; other leads only say which end of a range a date is.
    let since = leads.contains(&"since").then(|| r.leaning(super::datetime::Lean::Past));
    let r_date = since.as_ref().unwrap_or(r);
    let date = if last == Some("in") { r.date(j - 1) } else { r_date.date(j) };
    if let Some((d, to, _)) = date {
        return Some((to, Found::Date(d, role_of(leads))));
    }
    if let Some((m, to)) = r.duration(j) {
        let from_now = last == Some("in");
        let fits = leads.iter().all(|l| DURATION_LEADS.contains(l));
        if fits {
            let to = if r.low(to) == "long" { to + 1 } else { to };
            return Some((to, Found::Duration(m, from_now)));
        }
    }
    let now_word = r.low(j) == "now" || (r.low(j) == "right" && r.low(j + 1) == "now");
    let now_leads = leads.iter().all(|l| NOW_LEADS.contains(l));
    if now_word && now_leads {
        let to = if r.low(j) == "right" { j + 2 } else { j + 1 };
        return Some((to, Found::Now));
    }
    if let Some((c, to)) = r.clock(j) {
        let lead_ok = leads.iter().any(|l| TIME_LEADS.contains(l));
        let unit_after = vocab::duration_unit(r.low(to)).is_some()
            || COUNT_NOUNS.contains(&r.low(to))
            || vocab::month(r.low(to)).is_some();
        if (c.certain || (lead_ok && timed_with_lead)) && !unit_after && last != Some("in") {
            return Some((to, Found::Time(c, role_of(leads))));
        }
    }
    let part = match last {
        Some("in") => r.daypart(j - 1),
        None => r.daypart(j),
        _ => None,
    };
    if let Some((m, to)) = part {
        let today = matches!(r.low(j), "this" | "tonight");
        return Some((to, Found::DayPart(m, today)));
    }
    None
}

/// "from 2 to 4 pm", "2-4pm", "between 12 and 1", "12:30 to 13:15", "from 9 till noon".
fn time_range(r: &Reader, j: usize, leads: &[&str], timed: bool) -> Option<(usize, Found)> {
    let (a, k) = r.clock_opt(j, false)?;
    let between = leads.contains(&"between");
    let joiner = r.low(k);
    let ok_joiner = if between { matches!(joiner, "and" | "-") } else { TIME_RANGE_JOINERS.contains(&joiner) };
    if !ok_joiner {
        return None;
    }
    let b_at = if r.low(k + 1) == "about" || r.low(k + 1) == "around" { k + 2 } else { k + 1 };
    let (b, to) = r.clock(b_at)?;
    if joiner == "and" && !between {
        return None;
    }
    let lead = leads.iter().any(|l| matches!(*l, "from" | "between" | "at" | "starting"));
    let date_after = vocab::month(r.low(to)).is_some()
        || RANGE_COUNT_NOUNS.contains(&r.low(to))
        || vocab::duration_unit(r.low(to)).is_some();
    let plausible = (1..=24).contains(&a.h) || a.h == 0;
    if date_after || !plausible {
        return None;
    }
    if lead || a.certain || b.certain || timed {
        Some((to, Found::TimeRange(a, b)))
    } else {
        None
    }
}
