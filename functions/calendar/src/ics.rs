//! A feed as an iCalendar document (RFC 5545), written with the `icalendar` crate.
//!
//! - Leaves are all-day events: `DTSTART;VALUE=DATE` on the first day and `DTEND;VALUE=DATE` on the day after the
//!   last (the end of an all-day event is exclusive). A pending one is `STATUS:TENTATIVE`, an approved one
//!   `CONFIRMED`.
//! - Meetings are timed events in UTC (`DTSTART:20240506T080000Z`): the owner's wall-clock times in their profile's
//!   time zone, converted once on the server, so no `VTIMEZONE` is needed and every app shows the same instants.
//! - UIDs are stable per record (`leave-<id>@breaktime`, `meeting-<id>@breaktime`), so a refresh updates events in
//!   place; `DTSTAMP` is the record's last change.

use bt_app::records::allowances::HalfDay;
use bt_app::records::feeds::{FeedCalendar, FeedLeave, FeedMeeting, FeedScope};
use bt_app::records::leaves::LeaveStatus;
use chrono::Duration;
use icalendar::{Calendar, Component, Event, EventLike, EventStatus, Property};

/// Longest summary of a meeting, from the first line of its description (the whole description follows it).
const SUMMARY_CHARS: usize = 80;

pub(crate) fn render(feed: &FeedCalendar) -> String {
    let mut calendar = Calendar::empty();
    calendar
        .append_property(Property::new("VERSION", "2.0"))
        .append_property(Property::new("PRODID", "-//Breaktime//Calendar feeds//EN"))
        .append_property(Property::new("CALSCALE", "GREGORIAN"));
    // The crate escapes the properties it knows as TEXT (SUMMARY, DESCRIPTION) but writes these as given.
    let name = escape_text(&one_line(&feed.name));
    let about = escape_text(&describe(feed));
    calendar
        .append_property(Property::new("NAME", &name))
        .append_property(Property::new("X-WR-CALNAME", &name))
        .append_property(Property::new("DESCRIPTION", &about))
        .append_property(Property::new("X-WR-CALDESC", &about))
        // Calendar apps that honour it refresh hourly.
        .ttl(&Duration::hours(1));
    for leave in &feed.leaves {
        calendar.push(leave_event(feed, leave));
    }
    for meeting in &feed.meetings {
        calendar.push(meeting_event(feed, meeting));
    }
    calendar.to_string()
}

/// User text on one line: every control character (a line break, a bare CR) becomes a space, so no text can start
/// a content line of its own, whatever the store holds from before the API refused such text.
fn one_line(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

/// User text that may hold line breaks: CR LF and a bare CR become LF (which the crate escapes as `\n`); other
/// control characters but tab are dropped.
fn lines(text: &str) -> String {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    text.chars().filter(|&c| c == '\n' || c == '\t' || !c.is_control()).collect()
}

/// RFC 5545 § 3.3.11 TEXT escaping, for the properties the crate writes as given.
fn escape_text(text: &str) -> String {
    text.replace('\\', "\\\\").replace(',', "\\,").replace(';', "\\;").replace('\n', "\\n")
}

/// What the feed holds, shown by apps that show a calendar's description.
fn describe(feed: &FeedCalendar) -> String {
    let (from, to) = (feed.range.from, feed.range.to);
    match feed.scope {
        FeedScope::Me => format!(
            "Breaktime: leaves and meetings from {from} to {to}. Meeting times are in UTC, converted from {}.",
            feed.time_zone
        ),
        FeedScope::Team => format!("Breaktime: the team's approved absences from {from} to {to}."),
    }
}

/// "Vacation (pending)", "Vacation (pending, morning)"; in a team feed "Ana Lima — Vacation (afternoon)".
fn leave_summary(leave: &FeedLeave) -> String {
    let mut notes = Vec::new();
    if leave.status == LeaveStatus::Pending {
        notes.push("pending");
    }
    match leave.half_day {
        Some(HalfDay::Am) => notes.push("morning"),
        Some(HalfDay::Pm) => notes.push("afternoon"),
        None => {}
    }
    let what =
        if notes.is_empty() { leave.type_name.clone() } else { format!("{} ({})", leave.type_name, notes.join(", ")) };
    match &leave.person {
        Some(person) => one_line(&format!("{person} — {what}")),
        None => one_line(&what),
    }
}

fn leave_event(feed: &FeedCalendar, leave: &FeedLeave) -> Event {
    let mut event = Event::new();
    event
        .uid(&format!("leave-{}@breaktime", leave.id))
        .timestamp(leave.updated_at.unwrap_or(feed.read_at))
        .summary(&leave_summary(leave))
        .starts(leave.from)
        .ends(leave.to.succ_opt().unwrap_or(leave.to))
        .status(if leave.status == LeaveStatus::Pending { EventStatus::Tentative } else { EventStatus::Confirmed });
    if feed.scope == FeedScope::Team {
        // A colleague's absence does not make the subscriber busy.
        event.add_property("TRANSP", "TRANSPARENT");
    }
    if let Some(reason) = leave.reason.as_deref().filter(|r| !r.is_empty()) {
        event.description(&lines(reason));
    }
    event.done()
}

fn meeting_summary(description: &str) -> String {
    let first = description.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
    if first.is_empty() {
        return "Meeting".into();
    }
    let mut summary: String = first.chars().take(SUMMARY_CHARS).collect();
    if first.chars().count() > SUMMARY_CHARS {
        summary.push('…');
    }
    summary
}

fn meeting_event(feed: &FeedCalendar, meeting: &FeedMeeting) -> Event {
    let mut event = Event::new();
    event
        .uid(&format!("meeting-{}@breaktime", meeting.id))
        .timestamp(meeting.updated_at.unwrap_or(feed.read_at))
        .summary(&one_line(&meeting_summary(&lines(if meeting.title.trim().is_empty() {
            &meeting.description
        } else {
            &meeting.title
        }))))
        .starts(meeting.starts_at)
        .ends(meeting.ends_at)
        .status(EventStatus::Confirmed);
    if !meeting.description.trim().is_empty() {
        event.description(&lines(meeting.description.trim()));
    }
    if !meeting.place.trim().is_empty() {
        event.location(&one_line(&lines(meeting.place.trim())));
    }
    event.done()
}

#[cfg(test)]
mod tests {
    use super::*;
    use bt_app::records::dates::DateRange;
    use bt_app::types::RecordId;
    use chrono::{NaiveDate, TimeZone, Utc};

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn leave(person: Option<&str>, status: LeaveStatus, half_day: Option<HalfDay>) -> FeedLeave {
        FeedLeave {
            id: RecordId::parse("01HZX3Y8Q2W5E7R9T1V3B5N7M9").unwrap(),
            person: person.map(String::from),
            type_name: "Vacation".into(),
            status,
            from: day(2024, 5, 6),
            to: day(2024, 5, 8),
            half_day,
            reason: person.is_none().then(|| "Family, visit; again\nand again".into()),
            updated_at: Some(Utc.with_ymd_and_hms(2024, 5, 1, 12, 0, 0).unwrap()),
        }
    }

    fn calendar(scope: FeedScope, leaves: Vec<FeedLeave>, meetings: Vec<FeedMeeting>) -> FeedCalendar {
        FeedCalendar {
            scope,
            name: "Ann: leaves and meetings (Breaktime)".into(),
            time_zone: "Europe/Paris".into(),
            range: DateRange { from: day(2023, 5, 6), to: day(2026, 5, 6) },
            leaves,
            meetings,
            read_at: Utc.with_ymd_and_hms(2024, 5, 2, 8, 0, 0).unwrap(),
        }
    }

    #[test]
    fn no_user_text_writes_a_line_of_its_own() {
        let evil = "Eve\r\nBEGIN:VALARM\rACTION:DISPLAY\nEND:VALARM";
        let mut feed = calendar(FeedScope::Team, vec![leave(Some(evil), LeaveStatus::Approved, None)], vec![]);
        feed.name = format!("{evil}, team; feed");
        let mut own = leave(None, LeaveStatus::Approved, None);
        own.reason = Some(evil.into());
        feed.leaves.push(own);
        feed.meetings.push(FeedMeeting {
            id: RecordId::parse("01HZX3Y8Q2W5E7R9T1V3B5N7MB").unwrap(),
            starts_at: Utc.with_ymd_and_hms(2024, 5, 6, 8, 0, 0).unwrap(),
            ends_at: Utc.with_ymd_and_hms(2024, 5, 6, 9, 0, 0).unwrap(),
            description: evil.into(),
            title: evil.into(),
            place: evil.into(),
            updated_at: None,
        });
        let text = render(&feed);
        let unfolded = text.replace("\r\n ", "");
        for line in unfolded.split("\r\n") {
            assert!(!line.contains('\r') && !line.contains('\n'), "a bare line break in {line:?}");
            assert!(
                !line.starts_with("BEGIN:VALARM") && !line.starts_with("ACTION:") && !line.starts_with("END:VALARM"),
                "{text}"
            );
        }
        assert!(unfolded.contains("NAME:Eve  BEGIN:VALARM ACTION:DISPLAY END:VALARM\\, team\\; feed\r\n"), "{text}");
        assert!(unfolded.contains("DESCRIPTION:Eve\\nBEGIN:VALARM\\nACTION:DISPLAY\\nEND:VALARM\r\n"), "{text}");
    }

    #[test]
    fn a_meeting_title_is_its_summary_and_its_place_its_location() {
        let meeting = FeedMeeting {
            id: RecordId::parse("01HZX3Y8Q2W5E7R9T1V3B5N7MC").unwrap(),
            starts_at: Utc.with_ymd_and_hms(2024, 5, 6, 8, 0, 0).unwrap(),
            ends_at: Utc.with_ymd_and_hms(2024, 5, 6, 9, 0, 0).unwrap(),
            description: "Agenda: numbers".into(),
            title: "Quarterly review".into(),
            place: "Room 4, floor 2; https://meet.example/q".into(),
            updated_at: None,
        };
        let text = render(&calendar(FeedScope::Me, vec![], vec![meeting])).replace("\r\n ", "");
        assert!(text.contains("SUMMARY:Quarterly review\r\n"), "{text}");
        assert!(text.contains("LOCATION:Room 4\\, floor 2\\; https://meet.example/q\r\n"), "{text}");
        assert!(text.contains("DESCRIPTION:Agenda: numbers\r\n"), "{text}");
    }

    #[test]
    fn summaries_say_the_type_status_half_day_and_person() {
        assert_eq!(leave_summary(&leave(None, LeaveStatus::Pending, None)), "Vacation (pending)");
        assert_eq!(leave_summary(&leave(None, LeaveStatus::Approved, None)), "Vacation");
        assert_eq!(leave_summary(&leave(None, LeaveStatus::Pending, Some(HalfDay::Am))), "Vacation (pending, morning)");
        assert_eq!(
            leave_summary(&leave(Some("Ana Lima"), LeaveStatus::Approved, Some(HalfDay::Pm))),
            "Ana Lima — Vacation (afternoon)"
        );
        assert_eq!(meeting_summary(""), "Meeting");
        assert_eq!(meeting_summary("\n  Weekly sync \nAgenda"), "Weekly sync");
        assert_eq!(meeting_summary(&"x".repeat(100)).chars().count(), SUMMARY_CHARS + 1);
    }

    #[test]
    fn leaves_are_all_day_with_an_exclusive_end_and_meetings_are_in_utc() {
        let meeting = FeedMeeting {
            id: RecordId::parse("01HZX3Y8Q2W5E7R9T1V3B5N7MA").unwrap(),
            starts_at: Utc.with_ymd_and_hms(2024, 5, 6, 8, 0, 0).unwrap(),
            ends_at: Utc.with_ymd_and_hms(2024, 5, 6, 9, 30, 0).unwrap(),
            description: "Weekly sync".into(),
            title: String::new(),
            place: String::new(),
            updated_at: None,
        };
        let text = render(&calendar(FeedScope::Me, vec![leave(None, LeaveStatus::Pending, None)], vec![meeting]));
        for line in [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//Breaktime//Calendar feeds//EN",
            "UID:leave-01HZX3Y8Q2W5E7R9T1V3B5N7M9@breaktime",
            "DTSTART;VALUE=DATE:20240506",
            "DTEND;VALUE=DATE:20240509",
            "STATUS:TENTATIVE",
            "DTSTAMP:20240501T120000Z",
            "SUMMARY:Vacation (pending)",
            "DESCRIPTION:Family\\, visit\\; again\\nand again",
            "UID:meeting-01HZX3Y8Q2W5E7R9T1V3B5N7MA@breaktime",
            "DTSTART:20240506T080000Z",
            "DTEND:20240506T093000Z",
            "DTSTAMP:20240502T080000Z",
            "END:VCALENDAR",
        ] {
            assert!(text.split("\r\n").any(|l| l == line), "no line {line:?} in\n{text}");
        }
        assert!(text.ends_with("END:VCALENDAR\r\n"));
    }

    #[test]
    fn a_team_feed_shows_no_reason_and_keeps_the_subscriber_free() {
        let mut absence = leave(Some("Ana Lima"), LeaveStatus::Approved, None);
        absence.reason = None;
        let text = render(&calendar(FeedScope::Team, vec![absence], Vec::new()));
        assert!(text.contains("SUMMARY:Ana Lima — Vacation\r\n"), "{text}");
        assert!(text.contains("TRANSP:TRANSPARENT\r\n") && text.contains("STATUS:CONFIRMED\r\n"), "{text}");
        assert!(!text.contains("DESCRIPTION:Family"), "{text}");
    }
}
