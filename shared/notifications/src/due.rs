//! When reminders fall due: pure functions over time zones and daylight-saving changes, and the minute and shard a
//! due reminder is filed under.

use chrono::{DateTime, Duration, NaiveTime, Timelike, Utc};
use chrono_tz::Tz;

/// How many partitions the reminders of one minute are spread over. A Query per shard finds a minute's reminders;
/// a busy minute (09:00 for many people) is read from every shard at once instead of one hot partition. More shards
/// cost one more Query per shard each minute, even when nothing is due (see `infra/docs/data-model.md`).
pub const SHARDS: u32 = 8;

pub use bt_records::dates::local_instant;

/// The next instant strictly after `after` at which the local clock in `tz` shows `time` (or the first minute after
/// a gap that skips it).
pub fn next_daily(tz: Tz, time: NaiveTime, after: DateTime<Utc>) -> DateTime<Utc> {
    let today = after.with_timezone(&tz).date_naive();
    let mut day = today - Duration::days(1);
    loop {
        let at = local_instant(tz, day, time);
        if at > after {
            return at;
        }
        day += Duration::days(1);
    }
}

/// The minute a reminder is filed under: its due instant rounded up to a whole minute, so it is never sent early.
pub fn due_minute(due: DateTime<Utc>) -> DateTime<Utc> {
    let floor = due.with_second(0).and_then(|t| t.with_nanosecond(0)).unwrap_or(due);
    if floor == due {
        floor
    } else {
        floor + Duration::minutes(1)
    }
}

/// The minute a run at `now` handles: the whole minute `now` falls in.
pub fn minute_of(now: DateTime<Utc>) -> DateTime<Utc> {
    now.with_second(0).and_then(|t| t.with_nanosecond(0)).unwrap_or(now)
}

/// `YYYY-MM-DDTHH:MM` (UTC): the minute part of the due-time key.
pub fn minute_key(minute: DateTime<Utc>) -> String {
    minute.format("%Y-%m-%dT%H:%M").to_string()
}

/// The shard of a person's reminders: a stable hash of their id (FNV-1a), so one person's reminders of a minute sit
/// together and people spread evenly.
pub fn shard_of(user_id: &str) -> u32 {
    let mut hash: u32 = 0x811c_9dc5;
    for byte in user_id.bytes() {
        hash ^= u32::from(byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    hash % SHARDS
}

/// The due-index pair (`GSI1PK`, `GSI1SK`) of an item filed under `minute`: its shard comes from its owner's id (a
/// person or a team), and the sort key names the owner and the item.
pub fn index_pair(minute: DateTime<Utc>, owner_id: &str, item: &str) -> (String, String) {
    (bt_core::keys::due_gsi(&minute_key(minute), shard_of(owner_id)), bt_core::keys::due_item_sk(owner_id, item))
}

/// Whether the local time in `tz` at `at` falls in quiet hours `[from, to)`; `from` after `to` spans midnight.
pub fn in_quiet_hours(tz: Tz, (from, to): (NaiveTime, NaiveTime), at: DateTime<Utc>) -> bool {
    let local = at.with_timezone(&tz).time();
    if from <= to {
        from <= local && local < to
    } else {
        local >= from || local < to
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }
    fn hm(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).unwrap()
    }

    #[test]
    fn a_skipped_local_time_is_the_first_minute_after_the_gap() {
        let berlin: Tz = "Europe/Berlin".parse().unwrap();
        let spring = NaiveDate::from_ymd_opt(2026, 3, 29).unwrap();
        assert_eq!(local_instant(berlin, spring, hm(2, 30)), utc("2026-03-29T01:00:00Z"));
        let autumn = NaiveDate::from_ymd_opt(2026, 10, 25).unwrap();
        // 02:30 happens twice: the first one, still at +02:00.
        assert_eq!(local_instant(berlin, autumn, hm(2, 30)), utc("2026-10-25T00:30:00Z"));
    }

    #[test]
    fn the_next_agenda_follows_the_local_clock_across_a_change() {
        let ny: Tz = "America/New_York".parse().unwrap();
        // 08:30 in New York is 12:30Z in summer and 13:30Z in winter.
        assert_eq!(next_daily(ny, hm(8, 30), utc("2026-10-31T13:00:00Z")), utc("2026-11-01T13:30:00Z"));
        assert_eq!(next_daily(ny, hm(8, 30), utc("2026-11-01T13:30:00Z")), utc("2026-11-02T13:30:00Z"));
    }

    #[test]
    fn minutes_round_up_and_quiet_hours_span_midnight() {
        assert_eq!(due_minute(utc("2026-11-24T09:00:00Z")), utc("2026-11-24T09:00:00Z"));
        assert_eq!(due_minute(utc("2026-11-24T09:00:01Z")), utc("2026-11-24T09:01:00Z"));
        assert_eq!(minute_key(utc("2026-11-24T09:07:00Z")), "2026-11-24T09:07");
        let quiet = (hm(22, 0), hm(7, 0));
        assert!(in_quiet_hours(chrono_tz::UTC, quiet, utc("2026-11-24T23:10:00Z")));
        assert!(in_quiet_hours(chrono_tz::UTC, quiet, utc("2026-11-24T06:59:00Z")));
        assert!(!in_quiet_hours(chrono_tz::UTC, quiet, utc("2026-11-24T07:00:00Z")));
        assert!(shard_of("01HZX3Y8Q2W5E7R9T1V3B5N7M9") < SHARDS);
    }
}
