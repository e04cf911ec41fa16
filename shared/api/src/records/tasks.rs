//! Tasks: `Task`, its status and priority, and the bodies that add and edit one.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use utoipa::openapi::{ObjectBuilder, RefOr, Schema, Type};
use utoipa::{PartialSchema, ToSchema};

use crate::convert::Convert;
use crate::schema::{date, required_text};
use crate::wire;
use bt_app::records::tasks::{self as dom, MAX_DESCRIPTION_CHARS, MAX_TITLE_CHARS};
use bt_app::types::{Day, RecordId, UserId};

/// A label of one of the domain's lists (§4), shown as the enumeration of its labels.
macro_rules! labels {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
        #[serde(transparent)]
        pub struct $name(pub dom::$name);

        impl PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                let labels: Vec<&str> = dom::$name::ALL.iter().map(|v| v.as_str()).collect();
                ObjectBuilder::new().schema_type(Type::String).enum_values(Some(labels)).into()
            }
        }

        impl ToSchema for $name {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed(stringify!($name))
            }
        }

        impl Convert<$name> for dom::$name {
            fn convert(self) -> $name {
                $name(self)
            }
        }
    };
}

labels!(
    /// Task status; the first is the default (§4).
    TaskStatus
);

labels!(
    /// Task priority; the first is the default (§4).
    TaskPriority
);

fn title_text() -> RefOr<Schema> {
    required_text(MAX_TITLE_CHARS as usize)
}

fn description_text() -> RefOr<Schema> {
    required_text(MAX_DESCRIPTION_CHARS as usize)
}

wire! { from dom::Task;
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct Task {
        #[serde(rename = "_id")]
        #[schema(schema_with = crate::schema::ulid)]
        pub id: RecordId,
        #[schema(schema_with = crate::schema::ulid)]
        pub user_id: UserId,
        #[schema(max_length = 200)]
        pub title: String,
        #[schema(max_length = 4000)]
        pub description: String,
        /// The day the task is scheduled for.
        #[schema(schema_with = crate::schema::date)]
        pub scheduled: Day,
        pub status: TaskStatus,
        pub priority: TaskPriority,
        /// The day it was created, in the owner's zone (set by the server).
        #[schema(schema_with = crate::schema::date)]
        pub created_date: Day,
        #[schema(schema_with = crate::schema::stamp)]
        pub created_at: String,
        #[schema(schema_with = crate::schema::stamp)]
        pub updated_at: String,
    }
}

wire! { into dom::TaskInput;
    /// The body of `POST /task/add` and `PUT /task/edit/{id}`.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    pub struct TaskInput {
        pub title: Option<String>,
        pub description: Option<String>,
        #[schema(schema_with = crate::schema::date)]
        pub scheduled: Option<String>,
        #[schema(value_type = Option<TaskStatus>)]
        pub status: Option<String>,
        #[schema(value_type = Option<TaskPriority>)]
        pub priority: Option<String>,
    }
}

wire! { into dom::TaskInput;
    /// A new task.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    pub struct TaskCreate {
        #[schema(schema_with = title_text, required = true)]
        pub title: Option<String>,
        #[schema(schema_with = description_text, required = true)]
        pub description: Option<String>,
        #[schema(schema_with = date, required = true)]
        pub scheduled: Option<String>,
        #[schema(value_type = Option<TaskStatus>)]
        pub status: Option<String>,
        #[schema(value_type = Option<TaskPriority>)]
        pub priority: Option<String>,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schemas_list_the_labels() {
        let labels = |schema| serde_json::to_value(schema).unwrap()["enum"].clone();
        let status: Vec<&str> = dom::TaskStatus::ALL.iter().map(|s| s.as_str()).collect();
        let priority: Vec<&str> = dom::TaskPriority::ALL.iter().map(|p| p.as_str()).collect();
        assert_eq!(labels(TaskStatus::schema()), serde_json::json!(status));
        assert_eq!(labels(TaskPriority::schema()), serde_json::json!(priority));
        assert_eq!(serde_json::to_value(TaskStatus(dom::TaskStatus::OnHold)).unwrap(), "On Hold");
    }
}
