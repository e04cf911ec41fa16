//! Calendar feeds.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::wire;
use bt_app::records::feeds as dom;
use bt_app::types::RecordId;

wire! { from dom::FeedScope;
    /// Whose records a feed shows.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
    #[serde(rename_all = "lowercase")]
    pub enum FeedScope {
        /// The owner's own leaves and meetings.
        Me,
        /// The approved leaves of the owner's team (admins and HR).
        Team,
    }
}

wire! { into dom::FeedInput;
    /// The body of `POST /calendar/feeds`: `scope` is `me` (my leaves and meetings) or `team` (my team's approved
    /// absences; admins and HR).
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    pub struct FeedInput {
        #[schema(value_type = FeedScope, required = true)]
        pub scope: Option<String>,
    }
}

wire! { from dom::CalendarFeed;
    /// A feed as its owner lists it. The URL is not here: it was shown once, when the feed was created.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct CalendarFeed {
        #[schema(schema_with = crate::schema::ulid)]
        pub id: RecordId,
        pub scope: FeedScope,
        #[schema(schema_with = crate::schema::stamp)]
        pub created_at: String,
    }
}

wire! { from dom::NewCalendarFeed;
    /// What creating a feed answers: the feed and its secret URL, the only time the URL is shown.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct NewCalendarFeed {
        #[schema(schema_with = crate::schema::ulid)]
        pub id: RecordId,
        pub scope: FeedScope,
        /// `<API origin>/calendar/<token>.ics`: whoever has it reads the feed, without signing in.
        pub url: String,
        #[schema(schema_with = crate::schema::stamp)]
        pub created_at: String,
    }
}
