//! The caller's team: its name and the time zone its new members start in (`GET` and `PUT /admin/team`).

use serde::Deserialize;
use utoipa::ToSchema;

use crate::wire;
use bt_app::account::teams as dom;

wire! { into dom::TeamInput;
    /// What `PUT /admin/team` may change (admins); any such call also ends the question for the team's name.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    pub struct TeamInput {
        /// The team's name, 1 to 60 characters (trimmed).
        #[serde(default)]
        #[schema(nullable = false, min_length = 1, max_length = 60)]
        pub name: Option<String>,
        /// The time zone new members start in, an IANA name such as `Europe/Berlin`; empty: their browser's.
        #[serde(default, rename = "timeZone")]
        #[schema(nullable = false)]
        pub time_zone: Option<String>,
    }
}
