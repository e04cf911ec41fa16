//! The countries and regions whose public holidays are known.

use serde::Serialize;
use utoipa::ToSchema;

use crate::wire;
use bt_app::holidays as dom;

wire! { from dom::Region;
    /// A region (state, province, nation…) of a country with its own holidays.
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
    pub struct Region {
        /// The package's code for it: ISO 3166-2 where there is one ("BY" in Germany).
        pub code: String,
        /// Its name (English where the package has one).
        pub name: String,
    }
}

wire! { from dom::Country;
    /// A country whose holidays are known.
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
    pub struct Country {
        /// ISO 3166-1 alpha-2.
        pub code: String,
        pub name: String,
        /// Empty when the whole country keeps the same days.
        pub regions: Vec<Region>,
    }
}
