//! How Break Buddy says things in the person's language: dates, times, weekdays, durations, counts and lists, and
//! the names of the task options. Its sentences are the catalogues' (`shared/core/locales`), written here in English
//! with `tr` and filled with these pieces. Break Buddy understands English only; what it answers follows the person.

use bt_core::i18n::{english, tr, Language};
use chrono::{Datelike, NaiveDate, NaiveTime};

/// A date as the product shows it: day first (`13/03/2026`; `13.03.2026` in German).
pub fn date(d: NaiveDate, language: Language) -> String {
    match language {
        Language::De => d.format("%d.%m.%Y").to_string(),
        _ => d.format("%d/%m/%Y").to_string(),
    }
}

/// An ISO date (`2026-03-13`) as [`date`] shows it; anything else as it is.
pub fn iso_date(s: &str, language: Language) -> String {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").map(|d| date(d, language)).unwrap_or_else(|_| s.to_string())
}

/// A time: 12-hour in English (`3:00 pm`), 24-hour in the other languages (`15:00`).
pub fn time(t: NaiveTime, language: Language) -> String {
    match language {
        Language::En => t.format("%-I:%M %P").to_string(),
        _ => t.format("%H:%M").to_string(),
    }
}

/// An `HH:MM` time as [`time`] shows it; anything else as it is.
pub fn clock(hhmm: &str, language: Language) -> String {
    NaiveTime::parse_from_str(hhmm, "%H:%M").map(|t| time(t, language)).unwrap_or_else(|_| hhmm.to_string())
}

const WEEKDAYS: [[&str; 7]; 4] = [
    ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
    ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
    ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"],
];

const WEEKDAYS_SHORT: [[&str; 7]; 4] = [
    ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
    ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"],
    ["lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim."],
    ["lun", "mar", "mié", "jue", "vie", "sáb", "dom"],
];

fn index(language: Language) -> usize {
    match language {
        Language::En => 0,
        Language::De => 1,
        Language::Fr => 2,
        Language::Es => 3,
    }
}

/// The weekday's name (`Friday`, `Freitag`, `vendredi`, `viernes`).
pub fn weekday(d: NaiveDate, language: Language) -> &'static str {
    WEEKDAYS[index(language)][d.weekday().num_days_from_monday() as usize]
}

/// The weekday's short name (`Fri`, `Fr`, `ven.`, `vie`).
pub fn weekday_short(d: NaiveDate, language: Language) -> &'static str {
    WEEKDAYS_SHORT[index(language)][d.weekday().num_days_from_monday() as usize]
}

/// "1 minute", "45 minutes", "1 hour 20 minutes".
pub fn minutes(m: i64, language: Language) -> String {
    let (h, m) = (m / 60, m % 60);
    let hours = |n: i64| count(n, language, "1 hour", "{n} hours");
    let mins = |n: i64| count(n, language, "1 minute", "{n} minutes");
    match (h, m) {
        (0, m) => mins(m),
        (h, 0) => hours(h),
        (h, m) => tr(language, "{hours} {minutes}", &[("hours", &hours(h)), ("minutes", &mins(m))]),
    }
}

/// `one` when `n` is 1, else `many` with `{n}` filled in, in `language` (both are catalogue entries).
pub fn count(n: i64, language: Language, one: &str, many: &str) -> String {
    if n == 1 {
        tr(language, one, &[])
    } else {
        tr(language, many, &[("n", &n.to_string())])
    }
}

/// "A", "A and B", "A, B and C".
pub fn join_and(items: &[&str], language: Language) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => tr(language, "{list} and {last}", &[("list", &init.join(", ")), ("last", last)]),
    }
}

/// A number of days (`25`, `12.5`; `12,5` outside English).
pub fn day_count(days: f64, language: Language) -> String {
    // An empty sum is -0.
    let days = days + 0.0;
    let text = if days.fract() == 0.0 { format!("{days:.0}") } else { format!("{days:.1}") };
    match language {
        Language::En => text,
        _ => text.replace('.', ","),
    }
}

/// The names of the task statuses and priorities (the records name them in English), for the catalogues.
pub const OPTION_NAMES: [&str; 15] = [
    english("To Do"),
    english("In Progress"),
    english("In Review"),
    english("Completed"),
    english("Invalid"),
    english("On Hold"),
    english("Deferred"),
    english("Blocked"),
    english("Normal"),
    english("Important"),
    english("Critical"),
    english("Low"),
    english("High"),
    english("Urgent"),
    english("Blocker"),
];

/// A task status or priority by its English name, in `language`.
pub fn option(name: &str, language: Language) -> String {
    tr(language, name, &[])
}

#[cfg(test)]
mod tests {
    use super::*;
    use bt_records::{TaskPriority, TaskStatus};

    #[test]
    fn every_task_option_is_named_for_the_catalogues() {
        for name in TaskStatus::ALL.iter().map(|s| s.as_str()).chain(TaskPriority::ALL.iter().map(|p| p.as_str())) {
            assert!(OPTION_NAMES.contains(&name), "{name} is not in OPTION_NAMES");
            assert_ne!(option(name, Language::De), "", "{name}");
        }
    }

    #[test]
    fn dates_times_and_durations_follow_the_language() {
        let d = NaiveDate::from_ymd_opt(2026, 3, 13).unwrap();
        let t = NaiveTime::from_hms_opt(15, 5, 0).unwrap();
        assert_eq!((date(d, Language::En), time(t, Language::En)), ("13/03/2026".into(), "3:05 pm".into()));
        assert_eq!((date(d, Language::De), time(t, Language::De)), ("13.03.2026".into(), "15:05".into()));
        assert_eq!((weekday(d, Language::Fr), weekday_short(d, Language::Es)), ("vendredi", "vie"));
        assert_eq!(minutes(80, Language::En), "1 hour 20 minutes");
        assert_eq!(minutes(80, Language::De), "1 Stunde 20 Minuten");
        assert_eq!(day_count(12.5, Language::Fr), "12,5");
        assert_eq!(join_and(&["A", "B", "C"], Language::Es), "A, B y C");
    }
}
