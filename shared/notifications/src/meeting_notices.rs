//! An attendee is told of a meeting they are invited to: the invitation, a move (they are asked again), and a
//! cancellation (the meeting deleted, or they were taken off it). The organizer is never told of their own changes.
//!
//! The notice goes out at once on the channels of the person's "Meeting invitations" switch, in their language; inside
//! quiet hours it waits for their end (see [`job::notify_now`]). An invitation and a move carry Yes and No: a push
//! shows them as action buttons, a mail as two links. Both open the meeting in the app with the answer in the address
//! (`/meetings?meeting=<id>&answer=yes`), where the signed-in person's answer is sent with the meeting's existing
//! answer route (`POST /meeting/respond/{id}`); a signed-out person signs in first, then the Meetings page offers Yes
//! and No on the meeting. No answer is ever taken from a link without a session.

use super::job;
use super::settings::ReminderKind;
use bt_core::i18n::{english, tr, Language};
use bt_core::services::Services;
use bt_core::types::UserId;
use bt_records::events::MeetingChange;
use bt_records::meetings::Meeting;

/// The push actions of an invitation (the service worker adds `&answer=yes|no` to the notification's address).
pub const ANSWER_YES: &str = "meeting-yes";
pub const ANSWER_NO: &str = "meeting-no";

/// Where the web app shows the meeting.
pub fn meeting_path(meeting: &Meeting) -> String {
    format!("/meetings?meeting={}", meeting.id)
}

/// The meeting as a notice names it: its title, else its description, else "Meeting".
fn what(meeting: &Meeting, language: Language) -> String {
    let what = [&meeting.title, &meeting.description]
        .into_iter()
        .map(|t| t.trim())
        .find(|t| !t.is_empty())
        .map(str::to_string)
        .unwrap_or_else(|| tr(language, "Meeting", &[]));
    what.chars().take(120).collect()
}

/// The title and body of the notice, in `language` (whole sentences for each change).
pub fn words(meeting: &Meeting, change: MeetingChange, language: Language) -> (String, String) {
    let what = what(meeting, language);
    let (date, from, to) = (meeting.schedule_date.to_string(), meeting.from.to_string(), meeting.to.to_string());
    let values = [
        ("name", meeting.organizer_name.as_str()),
        ("what", what.as_str()),
        ("date", date.as_str()),
        ("from", from.as_str()),
        ("to", to.as_str()),
    ];
    let (title, mut body) = match change {
        MeetingChange::Invited => (
            tr(language, "Meeting invitation from {name}", &values),
            tr(language, "{name} invites you to {what} on {date}, {from} to {to}. Will you attend?", &values),
        ),
        MeetingChange::Moved => (
            tr(language, "Meeting moved: {what}", &values),
            tr(language, "{name} moved {what} to {date}, {from} to {to}. Will you still attend?", &values),
        ),
        MeetingChange::Cancelled => (
            tr(language, "Meeting cancelled: {what}", &values),
            tr(language, "{what} on {date}, {from} to {to} no longer takes place for you.", &values),
        ),
    };
    if change != MeetingChange::Cancelled && !meeting.place.trim().is_empty() {
        body.push(' ');
        body.push_str(&tr(language, "Place: {place}", &[("place", meeting.place.trim())]));
    }
    (title, body)
}

/// Tells `user_id` (an attendee) of the change on their channels; the organizer is never told.
pub async fn notify(services: &Services, user_id: &UserId, meeting: &Meeting, change: MeetingChange) {
    if meeting.is_organized_by(user_id) {
        return;
    }
    let notice = |language: Language| words(meeting, change, language);
    let (path, actions) = match change {
        MeetingChange::Cancelled => ("/meetings".to_string(), Vec::new()),
        MeetingChange::Invited | MeetingChange::Moved => {
            (meeting_path(meeting), vec![(ANSWER_YES, english("Yes").to_string()), (ANSWER_NO, english("No").into())])
        }
    };
    job::notify_now_with(services, user_id, ReminderKind::MeetingInvitation, &notice, &path, actions).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meeting() -> Meeting {
        serde_json::from_value(serde_json::json!({
            "_id": "01HZX3Y8Q2W5E7R9T1V3B5N7M9", "userId": "01HZX3Y8Q2W5E7R9T1V3B5N7MA", "from": "10:00",
            "to": "10:30", "scheduleDate": "2026-12-03", "description": "", "createdAt": "", "updatedAt": "",
            "title": "Sprint planning", "place": "Room 2", "organizerId": "01HZX3Y8Q2W5E7R9T1V3B5N7MB",
            "organizerName": "Ann"
        }))
        .unwrap()
    }

    #[test]
    fn each_change_reads_as_a_whole_sentence_in_the_persons_language() {
        let (title, body) = words(&meeting(), MeetingChange::Invited, Language::En);
        assert_eq!(title, "Meeting invitation from Ann");
        assert_eq!(
            body,
            "Ann invites you to Sprint planning on 2026-12-03, 10:00 to 10:30. Will you attend? Place: Room 2"
        );
        let (title, _) = words(&meeting(), MeetingChange::Moved, Language::De);
        assert_eq!(title, "Besprechung verschoben: Sprint planning");
        let (title, body) = words(&meeting(), MeetingChange::Cancelled, Language::Fr);
        assert_eq!(title, "Réunion annulée : Sprint planning");
        assert!(!body.contains("Room 2"), "{body}");
    }
}
