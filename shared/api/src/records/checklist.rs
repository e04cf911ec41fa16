//! The daily checklist.

use serde::{Deserialize, Serialize};
use utoipa::openapi::{RefOr, Schema};
use utoipa::ToSchema;

use crate::schema::required_text;
use crate::wire;
use bt_app::records::checklist as dom;
use bt_app::types::{Day, RecordId, UserId};

wire! { from dom::ChecklistItem;
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct ChecklistItem {
        #[serde(rename = "_id")]
        #[schema(schema_with = crate::schema::ulid)]
        pub id: RecordId,
        #[schema(schema_with = crate::schema::ulid)]
        pub user_id: UserId,
        #[schema(max_length = 200)]
        pub task: String,
        /// Checked.
        pub status: bool,
        #[schema(schema_with = crate::schema::date)]
        pub created_date: Day,
        pub is_feature: bool,
        #[schema(schema_with = crate::schema::stamp)]
        pub created_at: String,
        #[schema(schema_with = crate::schema::stamp)]
        pub updated_at: String,
    }
}

wire! { into dom::ChecklistInput;
    /// The body of `POST /daily-checklist/add` and `PUT /daily-checklist/edit/{id}`.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct ChecklistInput {
        pub task: Option<String>,
        pub status: Option<bool>,
        #[schema(schema_with = crate::schema::date)]
        pub created_date: Option<String>,
        pub is_feature: Option<bool>,
    }
}

fn task_text() -> RefOr<Schema> {
    required_text(dom::MAX_TASK_CHARS as usize)
}

wire! { into dom::ChecklistInput;
    /// A new checklist item.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct ChecklistCreate {
        #[schema(schema_with = task_text, required = true)]
        pub task: Option<String>,
        #[schema(nullable = false)]
        pub status: Option<bool>,
        #[schema(schema_with = crate::schema::date)]
        pub created_date: Option<String>,
        #[schema(nullable = false)]
        pub is_feature: Option<bool>,
    }
}

wire! { from dom::ChecklistPage;
    /// `{checkList, totalCount}`.
    #[derive(Debug, Clone, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct ChecklistPage {
        pub check_list: Vec<ChecklistItem>,
        pub total_count: u64,
    }
}

wire! { from dom::LatestChecklist;
    /// `{checkList, featureList, totalCount}`.
    #[derive(Debug, Clone, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct LatestChecklist {
        /// The items (not features) of the two latest days that have any, latest day first.
        pub check_list: Vec<ChecklistItem>,
        /// Every feature item, latest first.
        pub feature_list: Vec<ChecklistItem>,
        /// How many checklist items the owner has in all.
        pub total_count: u64,
    }
}
