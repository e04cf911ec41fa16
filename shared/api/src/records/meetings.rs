//! Meetings: `Meeting`, its attendees, the bodies that add, edit and answer one, and the lists.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::wire;
use bt_app::records::meetings as dom;
use bt_app::types::{ClockTime, Day, RecordId, UserId};

wire! { from dom::Answer;
    /// An attendee's answer to a meeting.
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub enum Answer {
        /// Not answered yet.
        #[default]
        Pending,
        Yes,
        No,
    }
}

wire! { from dom::Attendee;
    /// Someone invited to a meeting, with their answer.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Attendee {
        #[schema(schema_with = crate::schema::ulid)]
        pub user_id: UserId,
        pub name: String,
        pub answer: Answer,
    }
}

wire! { from dom::Meeting;
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Meeting {
        #[serde(rename = "_id")]
        #[schema(schema_with = crate::schema::ulid)]
        pub id: RecordId,
        #[schema(schema_with = crate::schema::ulid)]
        pub user_id: UserId,
        #[schema(schema_with = crate::schema::time)]
        pub from: ClockTime,
        #[schema(schema_with = crate::schema::time)]
        pub to: ClockTime,
        #[schema(schema_with = crate::schema::date)]
        pub schedule_date: Day,
        #[schema(max_length = 1000)]
        pub description: String,
        #[schema(schema_with = crate::schema::stamp)]
        pub created_at: String,
        #[schema(schema_with = crate::schema::stamp)]
        pub updated_at: String,
        /// Empty when none was given (lists then show the description).
        #[serde(default)]
        #[schema(max_length = 120)]
        pub title: String,
        /// A room, an address or a video link; empty when none.
        #[serde(default)]
        #[schema(max_length = 500)]
        pub place: String,
        /// Who organizes it: the owner of the copy (`userId`) for their own meetings, someone else on an attendee's
        /// copy. Absent on meetings stored before attendees existed (their owner organizes them).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schema(schema_with = crate::schema::ulid)]
        pub organizer_id: Option<UserId>,
        #[serde(default)]
        pub organizer_name: String,
        /// Everyone invited besides the organizer, with their answers; empty for a personal meeting.
        #[serde(default)]
        pub attendees: Vec<Attendee>,
        /// The organizer's time zone (IANA name), in which `scheduleDate`, `from` and `to` are read; empty on meetings
        /// stored before it was kept (the owner's zone).
        #[serde(default)]
        pub time_zone: String,
    }
}

wire! { into dom::MeetingInput;
    /// The body of `POST /meeting/add` and `PUT /meeting/edit/{id}`.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct MeetingInput {
        #[schema(schema_with = crate::schema::time)]
        pub from: Option<String>,
        #[schema(schema_with = crate::schema::time)]
        pub to: Option<String>,
        #[schema(schema_with = crate::schema::date)]
        pub schedule_date: Option<String>,
        pub description: Option<String>,
        #[schema(max_length = 120)]
        pub title: Option<String>,
        /// A room, an address or a video link.
        #[schema(max_length = 500)]
        pub place: Option<String>,
        /// The user ids of the team members invited (the organizer is never one of them); left out on an edit, the
        /// attendees stay as they are.
        #[schema(max_items = 50)]
        pub attendees: Option<Vec<String>>,
    }
}

wire! { into dom::MeetingInput;
    /// A new meeting.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct MeetingCreate {
        #[schema(schema_with = crate::schema::time, required = true)]
        pub from: Option<String>,
        #[schema(schema_with = crate::schema::time, required = true)]
        pub to: Option<String>,
        #[schema(schema_with = crate::schema::date, required = true)]
        pub schedule_date: Option<String>,
        #[schema(max_length = 1000, nullable = false)]
        pub description: Option<String>,
        #[schema(max_length = 120, nullable = false)]
        pub title: Option<String>,
        /// A room, an address or a video link.
        #[schema(max_length = 500, nullable = false)]
        pub place: Option<String>,
        /// User ids of team members to invite (`GET /meeting/people`); none keeps the meeting personal.
        #[schema(max_items = 50, nullable = false)]
        pub attendees: Option<Vec<String>>,
    }
}

wire! { into dom::MeetingAnswerInput;
    /// The body of `POST /meeting/{id}/respond`.
    #[derive(Debug, Clone, Deserialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct MeetingAnswerInput {
        /// `yes` or `no`.
        pub answer: Option<String>,
    }
}

wire! { from dom::Invitee;
    /// A team member a meeting can invite: names only (no e-mail addresses), for every member.
    #[derive(Debug, Clone, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Invitee {
        #[schema(schema_with = crate::schema::ulid)]
        pub user_id: UserId,
        pub name: String,
    }
}

wire! { from dom::MeetingList;
    /// A page of meetings with `totalCount` (of the view) and `allCount` (every meeting of the owner).
    #[derive(Debug, Clone, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct MeetingList {
        pub meetings: Vec<Meeting>,
        pub total_count: u64,
        pub all_count: u64,
    }
}
