//! Values checked once, at the edge, and trusted after: each has a `parse()` that is the only way to make one, so a
//! malformed address, id, date or time cannot exist past the request that brought it.

use std::fmt;

use chrono::{Datelike, NaiveDate, NaiveTime, Timelike};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::validate;

/// Why a value did not parse (the caller words the message for its field).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Invalid;

/// An e-mail address: HTML5 shape, at most 254 characters, kept trimmed and in lower case (one account per address,
/// whatever the case it was typed in).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Email(String);

impl Email {
    /// The normalised form is the one checked, so whatever this makes parses again when read back from storage.
    pub fn parse(value: &str) -> Result<Email, Invalid> {
        let normalized = validate::normalize_email(value);
        if validate::is_email(&normalized) {
            Ok(Email(normalized))
        } else {
            Err(Invalid)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl PartialEq<str> for Email {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for Email {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl AsRef<str> for Email {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl std::ops::Deref for Email {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

/// A ULID: 26 Crockford base-32 characters, kept in upper case (ids of users, teams and records).
macro_rules! ulid_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(String);

        impl $name {
            /// A fresh id (ULIDs sort by creation time).
            // No `Default`: an id that appears out of nowhere would be a new random one, never a neutral value.
            #[allow(clippy::new_without_default)]
            pub fn new() -> $name {
                $name::from(ulid::Ulid::new())
            }

            pub fn parse(value: &str) -> Result<$name, Invalid> {
                if validate::is_id(value) {
                    Ok($name(value.to_ascii_uppercase()))
                } else {
                    Err(Invalid)
                }
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl From<ulid::Ulid> for $name {
            fn from(id: ulid::Ulid) -> $name {
                // A ULID's text form is already 26 upper-case Crockford characters.
                $name(id.to_string())
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        impl PartialEq<$name> for &str {
            fn eq(&self, other: &$name) -> bool {
                *self == other.0
            }
        }

        impl PartialEq<$name> for String {
            fn eq(&self, other: &$name) -> bool {
                *self == other.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl std::ops::Deref for $name {
            type Target = str;

            fn deref(&self) -> &str {
                &self.0
            }
        }
    };
}

ulid_id!(
    /// The id of a user.
    UserId
);
ulid_id!(
    /// The id of a team.
    TeamId
);
ulid_id!(
    /// The id of a record (break, task, leave, meeting, checklist item) or of an invitation.
    RecordId
);

/// A calendar day written exactly `YYYY-MM-DD` (years 1900 to 2999), the records' date format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Day(NaiveDate);

impl Day {
    pub fn parse(value: &str) -> Result<Day, Invalid> {
        parse_date(value).map(Day).ok_or(Invalid)
    }

    /// A day computed rather than typed (the owner's today): the same year range as [`Day::parse`].
    pub fn from_date(date: NaiveDate) -> Result<Day, Invalid> {
        if (1900..=2999).contains(&date.year()) {
            Ok(Day(date))
        } else {
            Err(Invalid)
        }
    }

    pub fn date(self) -> NaiveDate {
        self.0
    }
}

impl From<Day> for NaiveDate {
    fn from(day: Day) -> NaiveDate {
        day.0
    }
}

/// A time of day written `HH:MM` (24 h; `HH:MM:SS` is accepted and the seconds dropped), the records' time format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClockTime(NaiveTime);

impl ClockTime {
    pub fn parse(value: &str) -> Result<ClockTime, Invalid> {
        parse_time(value).map(ClockTime).ok_or(Invalid)
    }

    /// A time computed rather than typed (a live break's start): to the minute, as [`ClockTime::parse`] keeps it.
    pub fn from_time(time: NaiveTime) -> ClockTime {
        ClockTime(time.with_second(0).and_then(|t| t.with_nanosecond(0)).unwrap_or(time))
    }

    pub fn time(self) -> NaiveTime {
        self.0
    }
}

impl From<ClockTime> for NaiveTime {
    fn from(time: ClockTime) -> NaiveTime {
        time.0
    }
}

macro_rules! text_forms {
    ($($name:ident => |$v:ident| $show:expr),* $(,)?) => {$(
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let $v = self;
                f.write_str(&$show)
            }
        }

        impl std::str::FromStr for $name {
            type Err = Invalid;

            fn from_str(value: &str) -> Result<$name, Invalid> {
                $name::parse(value)
            }
        }

        /// The stored attribute (conditions and partial updates name it like the serialised entity does).
        impl From<$name> for serde_json::Value {
            fn from(value: $name) -> serde_json::Value {
                serde_json::Value::String(value.to_string())
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$name, D::Error> {
                let text = String::deserialize(deserializer)?;
                $name::parse(&text).map_err(|_| {
                    serde::de::Error::custom(concat!("not a valid ", stringify!($name)))
                })
            }
        }
    )*};
}

text_forms!(
    Email => |v| v.0.clone(),
    UserId => |v| v.0.clone(),
    TeamId => |v| v.0.clone(),
    RecordId => |v| v.0.clone(),
    Day => |v| format_date(v.0),
    ClockTime => |v| format_time(v.0),
);

// ---- the text forms of dates and times ---------------------------------------------------------------------

/// A calendar date written exactly `YYYY-MM-DD` (years 1900 to 2999).
pub fn parse_date(value: &str) -> Option<NaiveDate> {
    let v = value.trim();
    let b = v.as_bytes();
    let shaped = b.len() == 10
        && b.iter().enumerate().all(|(i, c)| if i == 4 || i == 7 { *c == b'-' } else { c.is_ascii_digit() });
    if !shaped {
        return None;
    }
    NaiveDate::parse_from_str(v, "%Y-%m-%d").ok().filter(|d| (1900..=2999).contains(&d.year()))
}

/// A time of day written `HH:MM` (24 h); `HH:MM:SS` is accepted and the seconds dropped.
pub fn parse_time(value: &str) -> Option<NaiveTime> {
    let v = value.trim();
    let b = v.as_bytes();
    let digits = |idx: &[usize]| idx.iter().all(|&i| b[i].is_ascii_digit());
    let shaped = match b.len() {
        5 => b[2] == b':' && digits(&[0, 1, 3, 4]),
        8 => b[2] == b':' && b[5] == b':' && digits(&[0, 1, 3, 4, 6, 7]),
        _ => false,
    };
    if !shaped {
        return None;
    }
    let t = NaiveTime::parse_from_str(&v[..5], "%H:%M").ok()?;
    if b.len() == 8 && v[6..8].parse::<u32>().ok()? > 59 {
        return None;
    }
    Some(t)
}

pub fn format_date(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

pub fn format_time(t: NaiveTime) -> String {
    t.format("%H:%M").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_checked_and_normalised() {
        assert_eq!(Email::parse("  Ana@Example.COM ").unwrap().as_str(), "ana@example.com");
        assert_eq!(Email::parse("not an address"), Err(Invalid));
        assert_eq!(Email::parse("a@b"), Err(Invalid));
        assert_eq!(Email::parse(&format!("{}@example.com", "a".repeat(250))), Err(Invalid));
    }

    #[test]
    fn ids_are_ulids_in_upper_case() {
        let id = RecordId::parse("01hzx3y8q2w5e7r9t1v3b5n7m9").unwrap();
        assert_eq!(id.as_str(), "01HZX3Y8Q2W5E7R9T1V3B5N7M9");
        assert_eq!(RecordId::parse("01HZX3Y8Q2W5E7R9T1V3B5N7M"), Err(Invalid));
        assert_eq!(UserId::parse("../../etc/passwd"), Err(Invalid));
        assert!(TeamId::parse("01HZX3Y8Q2W5E7R9T1V3B5N7M9").is_ok());
    }

    #[test]
    fn new_ids_parse_back_to_themselves() {
        let id = UserId::new();
        assert_eq!(UserId::parse(id.as_str()), Ok(id.clone()));
        assert_eq!(serde_json::from_value::<UserId>(serde_json::to_value(&id).unwrap()).unwrap(), id);
        assert!(TeamId::parse(TeamId::new().as_str()).is_ok());
        assert!(RecordId::parse(RecordId::new().as_str()).is_ok());
    }

    #[test]
    fn a_parsed_email_parses_again_as_stored() {
        for typed in ["  Ana@Example.COM ", "b.c+tag@sub.example.org"] {
            let email = Email::parse(typed).unwrap();
            assert_eq!(Email::parse(email.as_str()), Ok(email.clone()));
            assert_eq!(serde_json::from_value::<Email>(serde_json::to_value(&email).unwrap()).unwrap(), email);
        }
    }

    #[test]
    fn computed_days_keep_the_year_range() {
        let day = NaiveDate::from_ymd_opt(2024, 5, 6).unwrap();
        assert_eq!(Day::from_date(day).unwrap().to_string(), "2024-05-06");
        assert_eq!(Day::from_date(NaiveDate::from_ymd_opt(3000, 1, 1).unwrap()), Err(Invalid));
    }

    #[test]
    fn days_and_times_keep_the_records_formats() {
        assert_eq!(Day::parse("2024-02-29").unwrap().to_string(), "2024-02-29");
        assert_eq!(Day::parse("2023-02-29"), Err(Invalid));
        assert_eq!(Day::parse("24-02-01"), Err(Invalid));
        assert_eq!(Day::parse("1899-12-31"), Err(Invalid));
        assert_eq!(ClockTime::parse("09:05").unwrap().to_string(), "09:05");
        assert_eq!(ClockTime::parse("09:05:59").unwrap().to_string(), "09:05");
        assert_eq!(ClockTime::parse("24:00"), Err(Invalid));
        assert_eq!(ClockTime::parse("9:05"), Err(Invalid));
    }

    #[test]
    fn stored_days_and_times_read_back_as_written() {
        // Every day and time a record stores was written by `format_date` / `format_time`; a time with seconds
        // (accepted on input) reads too, and is written back to the minute.
        let time: ClockTime = serde_json::from_str("\"09:05:59\"").unwrap();
        assert_eq!(serde_json::to_string(&time).unwrap(), "\"09:05\"");
        for text in ["00:00", "09:05", "23:59"] {
            let time: ClockTime = serde_json::from_value(serde_json::json!(text)).unwrap();
            assert_eq!(serde_json::to_value(time).unwrap(), text);
        }
        for text in ["1900-01-01", "2024-02-29", "2999-12-31"] {
            let day: Day = serde_json::from_value(serde_json::json!(text)).unwrap();
            assert_eq!(serde_json::to_value(day).unwrap(), text);
        }
        let computed = NaiveTime::from_hms_milli_opt(12, 34, 56, 789).unwrap();
        assert_eq!(ClockTime::from_time(computed), ClockTime::parse("12:34").unwrap());
    }

    #[test]
    fn serde_goes_through_parse() {
        let day: Day = serde_json::from_str("\"2024-05-06\"").unwrap();
        assert_eq!(serde_json::to_string(&day).unwrap(), "\"2024-05-06\"");
        assert!(serde_json::from_str::<Day>("\"2024-13-01\"").is_err());
        assert!(serde_json::from_str::<Email>("\"nobody\"").is_err());
    }
}
