//! The team's leave types.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::wire;
use bt_app::records::leave_types as dom;
use bt_app::types::RecordId;

wire! { from dom::LeaveType;
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct LeaveType {
        #[serde(rename = "_id")]
        #[schema(value_type = String, schema_with = crate::schema::ulid)]
        pub id: RecordId,
        #[schema(max_length = 40)]
        pub name: String,
        /// `#rrggbb`.
        #[schema(pattern = "^#[0-9a-fA-F]{6}$")]
        pub color: String,
        pub paid: bool,
        pub counts_against_allowance: bool,
        pub needs_approval: bool,
        #[serde(default)]
        #[schema(required = true)]
        pub archived: bool,
        /// The type of leaves sent without one (Vacation); it cannot be archived or deleted.
        #[serde(default)]
        #[schema(required = true)]
        pub is_default: bool,
        #[schema(schema_with = crate::schema::stamp)]
        pub created_at: String,
        #[schema(schema_with = crate::schema::stamp)]
        pub updated_at: String,
    }
}

wire! { into dom::LeaveTypeInput;
    /// The body of `POST /leaves/types` and `PUT /leaves/types/{id}` (left-out fields keep their value on an edit).
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct LeaveTypeInput {
        #[schema(max_length = 40)]
        pub name: Option<String>,
        #[schema(pattern = "^#[0-9a-fA-F]{6}$")]
        pub color: Option<String>,
        pub paid: Option<bool>,
        pub counts_against_allowance: Option<bool>,
        pub needs_approval: Option<bool>,
        /// Edits only: an archived type is kept for the leaves that have it, and offered for no new one.
        pub archived: Option<bool>,
    }
}
