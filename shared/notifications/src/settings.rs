//! Each person's reminder settings (`GET`/`PUT /notifications/settings`): `USER#<id>` / `NOTIFYSETTINGS`, absent
//! until first changed (then the defaults below apply).

use chrono::NaiveTime;
use serde::{Deserialize, Serialize};

use bt_core::error::AppResult;
use bt_core::services::Services;
use bt_core::validate::Check;
use bt_records::dates::{format_time, parse_time};

/// The kinds of reminder and notice, each with its own switch and channels (and its own unsubscribe link).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ReminderKind {
    /// A live break still open after N minutes.
    Break,
    /// A meeting starting in N minutes.
    Meeting,
    /// The day's agenda at a chosen local time.
    Agenda,
    /// A leave request waiting for this approver.
    LeaveRequested,
    /// A decision on this person's leave request.
    LeaveDecided,
    /// This person's work period, left open, was closed at 16 hours. It has no switch of its own: the break
    /// reminders' switch and channels govern it (the other reminder of a live record left running), and its mail's
    /// unsubscribe link turns off break reminder mail.
    WorkClosed,
    /// The live guard of the team's break and rest rules: a break, the longest stretch or the daily maximum
    /// coming up while this person works.
    BreakGuard,
    /// An invitation to a meeting, or a change of one this person is invited to (moved, cancelled).
    MeetingInvitation,
}

impl ReminderKind {
    /// The kinds with a switch of their own (and an unsubscribe link of their own).
    pub const ALL: [ReminderKind; 7] = [
        ReminderKind::Break,
        ReminderKind::Meeting,
        ReminderKind::Agenda,
        ReminderKind::LeaveRequested,
        ReminderKind::LeaveDecided,
        ReminderKind::BreakGuard,
        ReminderKind::MeetingInvitation,
    ];

    pub fn tag(self) -> &'static str {
        match self {
            ReminderKind::Break => "break",
            ReminderKind::Meeting => "meeting",
            ReminderKind::Agenda => "agenda",
            ReminderKind::LeaveRequested => "leaveRequested",
            ReminderKind::LeaveDecided => "leaveDecided",
            ReminderKind::WorkClosed => "workClosed",
            ReminderKind::BreakGuard => "breakGuard",
            ReminderKind::MeetingInvitation => "meetingInvitation",
        }
    }

    /// The kind whose switch, channels and unsubscribe link govern this one.
    pub fn governed_by(self) -> ReminderKind {
        match self {
            ReminderKind::WorkClosed => ReminderKind::Break,
            kind => kind,
        }
    }

    pub fn parse(tag: &str) -> Option<ReminderKind> {
        ReminderKind::ALL.into_iter().find(|kind| kind.tag() == tag)
    }

    /// What the unsubscribe page and the settings call it.
    pub fn label(self) -> &'static str {
        match self {
            ReminderKind::Break => "break reminders",
            ReminderKind::Meeting => "meeting reminders",
            ReminderKind::Agenda => "the daily agenda",
            ReminderKind::LeaveRequested => "leave requests to approve",
            ReminderKind::LeaveDecided => "decisions on your leave requests",
            ReminderKind::WorkClosed => ReminderKind::Break.label(),
            ReminderKind::BreakGuard => "break and rest warnings",
            ReminderKind::MeetingInvitation => "meeting invitations",
        }
    }
}

/// A reminder a set number of minutes from an event (after a break's start, before a meeting).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimedReminder {
    pub enabled: bool,
    /// Minutes after the break's start, or before the meeting.
    pub minutes: u32,
    pub push: bool,
    pub email: bool,
}

/// A reminder at a local time each day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyReminder {
    pub enabled: bool,
    /// Local time, `HH:MM` (24-hour), in the person's time zone.
    pub time: String,
    pub push: bool,
    pub email: bool,
}

/// A notice sent when something happens (a leave requested or decided).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notice {
    pub enabled: bool,
    pub push: bool,
    pub email: bool,
}

/// Local hours in which nothing is pushed or mailed; `from` after `to` spans midnight.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuietHours {
    pub enabled: bool,
    pub from: String,
    pub to: String,
}

/// A person's reminder settings, in their profile's time zone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NotificationSettings {
    /// "Still on break?" after N minutes of a live break (default on, 60).
    pub break_reminder: TimedReminder,
    /// N minutes before a meeting (default on, 10).
    pub meeting_reminder: TimedReminder,
    /// The day's meetings and tasks at a local time (default off, 08:30).
    pub daily_agenda: DailyReminder,
    /// To admins and HR: a leave request waits for them (default on).
    pub leave_requested: Notice,
    /// To the requester: their request was approved or declined (default on).
    pub leave_decided: Notice,
    /// Default off, 22:00 to 07:00.
    pub quiet_hours: QuietHours,
    /// The live guard's warnings of the team's break and rest rules (default on; settings saved before it have it).
    #[serde(default = "guard_default")]
    pub break_guard: Notice,
    /// To an attendee: an invitation to a meeting, and when it moves or is cancelled (default on; settings saved
    /// before it have it).
    #[serde(default = "guard_default")]
    pub meeting_invitation: Notice,
}

fn guard_default() -> Notice {
    Notice { enabled: true, push: true, email: true }
}

impl Default for NotificationSettings {
    fn default() -> Self {
        NotificationSettings {
            break_reminder: TimedReminder { enabled: true, minutes: 60, push: true, email: true },
            meeting_reminder: TimedReminder { enabled: true, minutes: 10, push: true, email: true },
            daily_agenda: DailyReminder { enabled: false, time: "08:30".into(), push: true, email: true },
            leave_requested: Notice { enabled: true, push: true, email: true },
            leave_decided: Notice { enabled: true, push: true, email: true },
            quiet_hours: QuietHours { enabled: false, from: "22:00".into(), to: "07:00".into() },
            break_guard: guard_default(),
            meeting_invitation: guard_default(),
        }
    }
}

/// The switch and channels of one kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Switch {
    pub enabled: bool,
    pub push: bool,
    pub email: bool,
}

impl NotificationSettings {
    pub fn switch(&self, kind: ReminderKind) -> Switch {
        let (enabled, push, email) = match kind {
            ReminderKind::Break | ReminderKind::WorkClosed => {
                (self.break_reminder.enabled, self.break_reminder.push, self.break_reminder.email)
            }
            ReminderKind::Meeting => {
                (self.meeting_reminder.enabled, self.meeting_reminder.push, self.meeting_reminder.email)
            }
            ReminderKind::Agenda => (self.daily_agenda.enabled, self.daily_agenda.push, self.daily_agenda.email),
            ReminderKind::LeaveRequested => {
                (self.leave_requested.enabled, self.leave_requested.push, self.leave_requested.email)
            }
            ReminderKind::LeaveDecided => {
                (self.leave_decided.enabled, self.leave_decided.push, self.leave_decided.email)
            }
            ReminderKind::BreakGuard => (self.break_guard.enabled, self.break_guard.push, self.break_guard.email),
            ReminderKind::MeetingInvitation => {
                (self.meeting_invitation.enabled, self.meeting_invitation.push, self.meeting_invitation.email)
            }
        };
        Switch { enabled, push, email }
    }

    /// Turns mail off for one kind (the one-click unsubscribe link).
    pub fn without_email(mut self, kind: ReminderKind) -> Self {
        match kind {
            ReminderKind::Break | ReminderKind::WorkClosed => self.break_reminder.email = false,
            ReminderKind::Meeting => self.meeting_reminder.email = false,
            ReminderKind::Agenda => self.daily_agenda.email = false,
            ReminderKind::LeaveRequested => self.leave_requested.email = false,
            ReminderKind::LeaveDecided => self.leave_decided.email = false,
            ReminderKind::BreakGuard => self.break_guard.email = false,
            ReminderKind::MeetingInvitation => self.meeting_invitation.email = false,
        }
        self
    }

    pub fn agenda_time(&self) -> NaiveTime {
        parse_time(&self.daily_agenda.time).unwrap_or(NaiveTime::from_hms_opt(8, 30, 0).expect("a time"))
    }

    /// `(from, to)` when quiet hours are on.
    pub fn quiet(&self) -> Option<(NaiveTime, NaiveTime)> {
        let q = &self.quiet_hours;
        if !q.enabled {
            return None;
        }
        Some((parse_time(&q.from)?, parse_time(&q.to)?))
    }
}

pub const BREAK_MINUTES: (u32, u32) = (5, 480);
pub const MEETING_MINUTES: (u32, u32) = (1, 240);

/// Checks a whole settings value; times are written back as `HH:MM`. Field names are dotted paths
/// (`breakReminder.minutes`).
pub fn validate(mut input: NotificationSettings) -> AppResult<NotificationSettings> {
    let mut check = Check::new();
    let minutes = |check: &mut Check, field: &str, value: u32, (low, high): (u32, u32)| {
        check.rule(field, (low..=high).contains(&value), &format!("Choose a number of minutes from {low} to {high}."));
    };
    minutes(&mut check, "breakReminder.minutes", input.break_reminder.minutes, BREAK_MINUTES);
    minutes(&mut check, "meetingReminder.minutes", input.meeting_reminder.minutes, MEETING_MINUTES);
    let time = |check: &mut Check, field: &str, value: &mut String| match parse_time(value.trim()) {
        Some(t) => *value = format_time(t),
        None => {
            check.fail(field, "Give a time as HH:MM, such as 08:30.");
        }
    };
    time(&mut check, "dailyAgenda.time", &mut input.daily_agenda.time);
    time(&mut check, "quietHours.from", &mut input.quiet_hours.from);
    time(&mut check, "quietHours.to", &mut input.quiet_hours.to);
    if input.quiet_hours.from == input.quiet_hours.to && input.quiet_hours.enabled {
        check.fail("quietHours.to", "Quiet hours must end at another time than they start.");
    }
    check.finish()?;
    Ok(input)
}

pub use crate::repo::settings::{load, save};

/// The caller's settings (the defaults until they keep their own).
pub async fn of_user(app: &Services, user_id: &bt_core::types::UserId) -> AppResult<NotificationSettings> {
    let store = app.table();
    load(store, user_id).await
}

/// Checks and keeps the caller's settings, then moves their waiting reminders to match (the open break's, the
/// agenda's, the coming meetings').
pub async fn set(
    app: &Services,
    owner: &bt_records::Owner,
    input: NotificationSettings,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<NotificationSettings> {
    let store = app.table();
    let settings = validate(input)?;
    save(store, &owner.user_id, &settings).await?;
    super::reminders::reschedule(store, owner, &settings, now).await?;
    Ok(settings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bt_core::error::AppError;

    #[test]
    fn defaults_follow_the_issue() {
        let d = NotificationSettings::default();
        assert!(d.break_reminder.enabled && d.break_reminder.minutes == 60);
        assert!(d.meeting_reminder.enabled && d.meeting_reminder.minutes == 10);
        assert!(!d.daily_agenda.enabled && !d.quiet_hours.enabled);
        assert_eq!(validate(d.clone()).unwrap(), d);
    }

    #[test]
    fn bad_values_name_their_field() {
        let mut s = NotificationSettings::default();
        s.break_reminder.minutes = 0;
        s.daily_agenda.time = "25:00".into();
        s.quiet_hours = QuietHours { enabled: true, from: "22:00".into(), to: "22:00".into() };
        let Err(AppError::Validation(fields)) = validate(s) else { panic!("expected field errors") };
        assert!(fields.contains_key("breakReminder.minutes"));
        assert!(fields.contains_key("dailyAgenda.time"));
        assert!(fields.contains_key("quietHours.to"));
    }

    #[test]
    fn times_are_written_back_in_one_form() {
        let mut s = NotificationSettings::default();
        s.daily_agenda.time = " 07:05:00 ".into();
        assert_eq!(validate(s).unwrap().daily_agenda.time, "07:05");
    }
}
