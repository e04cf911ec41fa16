//! Personal API tokens.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::wire;
use bt_app::account::tokens as dom;
use bt_app::types::RecordId;

wire! { from dom::TokenScope;
    /// What a token may do: `read` calls GET and HEAD routes only; `write` every route a signed-in person may call,
    /// but managing API tokens, changing the password or e-mail address and deleting the account.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
    #[serde(rename_all = "lowercase")]
    pub enum TokenScope {
        Read,
        Write,
    }
}

wire! { into dom::TokenInput;
    /// The body of `POST /user/tokens`.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct ApiTokenInput {
        /// A name to recognise the token by (at most 60 characters).
        #[schema(required = true, nullable = false, schema_with = token_name)]
        pub name: Option<String>,
        #[schema(value_type = TokenScope, required = true)]
        pub scope: Option<String>,
        /// Days until the token expires, 1 to 365 (90 when not given).
        #[schema(nullable = false, minimum = 1, maximum = 365, default = 90)]
        pub expires_in_days: Option<i64>,
    }
}

fn token_name() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    crate::schema::required_text(dom::MAX_NAME_CHARS as usize)
}

wire! { from dom::ApiToken;
    /// A token as its owner lists it: never its secret.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct ApiToken {
        #[schema(schema_with = crate::schema::ulid)]
        pub id: RecordId,
        pub name: String,
        pub scope: TokenScope,
        #[schema(schema_with = crate::schema::stamp)]
        pub created_at: String,
        /// The last request made with it, to the hour (null when never used).
        #[schema(schema_with = crate::schema::stamp_or_null)]
        pub last_used_at: Option<String>,
        #[schema(schema_with = crate::schema::stamp)]
        pub expires_at: String,
    }
}

wire! { from dom::NewApiToken;
    /// What creating a token answers: the token and its secret, the only time the secret is shown.
    #[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct NewApiToken {
        #[schema(schema_with = crate::schema::ulid)]
        pub id: RecordId,
        pub name: String,
        pub scope: TokenScope,
        #[schema(schema_with = crate::schema::stamp)]
        pub created_at: String,
        /// Always null: the token is new.
        #[schema(schema_with = crate::schema::stamp_or_null)]
        pub last_used_at: Option<String>,
        #[schema(schema_with = crate::schema::stamp)]
        pub expires_at: String,
        /// The secret, `btpat_` and 43 characters: send it as `Authorization: Bearer <token>`. Shown only here.
        pub token: String,
    }
}
