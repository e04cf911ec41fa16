//! The team's holidays.

use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

use crate::wire;
use bt_app::records::holidays as dom;
use bt_app::types::Day;

wire! { from dom::HolidaySource;
    /// Where a holiday comes from.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
    #[serde(rename_all = "lowercase")]
    pub enum HolidaySource {
        /// A public holiday of the team's country (and region).
        Public,
        /// A day off an admin added.
        Company,
    }
}

wire! { from dom::TeamHoliday;
    /// One day off of the whole team.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct TeamHoliday {
        #[schema(schema_with = crate::schema::date)]
        pub date: Day,
        pub name: String,
        pub source: HolidaySource,
    }
}

wire! { from dom::TeamHolidays;
    /// `GET /team/holidays`: a year's days off and the place they come from.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    pub struct TeamHolidays {
        pub year: i32,
        /// ISO 3166-1 alpha-2, or null until an admin picks one.
        pub country: Option<String>,
        /// The region's code within the country, or null.
        pub region: Option<String>,
        /// By date.
        pub holidays: Vec<TeamHoliday>,
        /// The library the public holidays come from, with its version.
        pub library: String,
    }
}

wire! { into dom::HolidayInput;
    /// A day in `PUT /team/holidays`.
    #[derive(Debug, Clone, Deserialize, ToSchema)]
    pub struct HolidayInput {
        #[schema(schema_with = crate::schema::date)]
        pub date: Option<String>,
        pub name: Option<String>,
    }
}

wire! { into dom::HolidaysInput;
    /// `PUT /team/holidays`. A field left out keeps its value; `country: null` clears the place.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    pub struct HolidaysInput {
        /// The year of `holidays` (this year when left out).
        pub year: Option<i32>,
        #[serde(default, deserialize_with = "present")]
        #[schema(value_type = Option<String>)]
        pub country: Option<Option<String>>,
        #[serde(default, deserialize_with = "present")]
        #[schema(value_type = Option<String>)]
        pub region: Option<Option<String>>,
        /// The year's whole list; left out, the year goes back to the country's public holidays.
        pub holidays: Option<Vec<HolidayInput>>,
    }
}

/// A field that is present (even as null) is `Some`.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}
