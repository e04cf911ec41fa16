//! The team's break types.

use serde::Deserialize;
use utoipa::ToSchema;

use crate::wire;
use bt_app::records::break_types as dom;

wire! { into dom::BreakTypesInput;
    /// The body of `PUT /type/edit`.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    pub struct BreakTypesInput {
        #[serde(rename = "type")]
        #[schema(required = true, nullable = false, min_items = 1, max_items = 50)]
        pub types: Option<Vec<String>>,
    }
}
