//! The contact form.

use serde::Deserialize;
use utoipa::ToSchema;

use crate::wire;
use bt_app::account::contact as dom;

wire! { into dom::ContactInput;
    /// What the form sends.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    pub struct ContactInput {
        #[serde(default)]
        #[schema(required = true)]
        pub email: String,
        #[serde(default)]
        #[schema(required = true, max_length = 200)]
        pub subject: String,
        #[serde(default)]
        #[schema(required = true, max_length = 3000)]
        pub description: String,
        /// Honeypot: must be empty (hidden from people, filled in by form-filling bots).
        #[serde(default)]
        pub website: String,
    }
}
