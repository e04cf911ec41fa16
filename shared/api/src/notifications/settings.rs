//! A person's reminder settings.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::wire;
use bt_app::notifications::settings as dom;

wire! { from dom::ReminderKind;
    /// The kinds of reminder and notice, each with its own switch and channels (and its own unsubscribe link).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, ToSchema)]
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
        /// This person's work period, left open, was closed at 16 hours (governed by the break reminders' switch).
        WorkClosed,
        /// The live guard of the team's break and rest rules: a break, the longest stretch or the daily maximum
        /// coming up while this person works.
        BreakGuard,
        /// An invitation to a meeting, or a change of one this person is invited to (moved, cancelled).
        MeetingInvitation,
    }
}

wire! { both dom::TimedReminder;
    /// A reminder a set number of minutes from an event (after a break's start, before a meeting).
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
    pub struct TimedReminder {
        pub enabled: bool,
        /// Minutes after the break's start, or before the meeting.
        #[schema(minimum = 1, maximum = 480)]
        pub minutes: u32,
        pub push: bool,
        pub email: bool,
    }
}

wire! { both dom::DailyReminder;
    /// A reminder at a local time each day.
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
    pub struct DailyReminder {
        pub enabled: bool,
        /// Local time, `HH:MM` (24-hour), in the person's time zone.
        #[schema(schema_with = crate::schema::time)]
        pub time: String,
        pub push: bool,
        pub email: bool,
    }
}

wire! { both dom::Notice;
    /// A notice sent when something happens (a leave requested or decided).
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
    pub struct Notice {
        pub enabled: bool,
        pub push: bool,
        pub email: bool,
    }
}

wire! { both dom::QuietHours;
    /// Local hours in which nothing is pushed or mailed; `from` after `to` spans midnight.
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
    pub struct QuietHours {
        pub enabled: bool,
        #[schema(schema_with = crate::schema::time)]
        pub from: String,
        #[schema(schema_with = crate::schema::time)]
        pub to: String,
    }
}

wire! { both dom::NotificationSettings;
    /// A person's reminder settings, in their profile's time zone.
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
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
        /// The live guard's warnings of the team's break and rest rules (default on; a body without it keeps it on).
        #[serde(default = "default_break_guard")]
        #[schema(required = true)]
        pub break_guard: Notice,
        /// To an attendee: an invitation to a meeting, and when it moves or is cancelled (default on; a body without
        /// it keeps it on).
        #[serde(default = "default_meeting_invitation")]
        #[schema(required = true)]
        pub meeting_invitation: Notice,
    }
}

fn default_break_guard() -> Notice {
    dom::NotificationSettings::default().break_guard.into()
}

fn default_meeting_invitation() -> Notice {
    dom::NotificationSettings::default().meeting_invitation.into()
}
