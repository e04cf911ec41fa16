//! Sign-up and profile bodies.

use serde::Deserialize;
use utoipa::ToSchema;

use crate::wire;
use bt_app::account::users as dom;

wire! { into dom::SignUpInput;
    /// What `POST /user/signup` sends.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    pub struct SignUpInput {
        #[serde(default)]
        #[schema(required = true)]
        pub name: String,
        #[serde(default)]
        #[schema(required = true)]
        pub email: String,
        #[serde(default)]
        #[schema(required = true)]
        pub password: String,
        /// The token of the invitation link the person came from: once the address is verified, the account joins
        /// that team (when the invitation was sent to this address and is still good).
        #[serde(default)]
        #[schema(nullable = false)]
        pub invitation: Option<String>,
        /// The browser's time zone, an IANA name such as `Europe/Berlin`: the account starts in it (else in UTC; an
        /// invitee starts in the team's default zone when its admin set one).
        #[serde(default, rename = "timeZone")]
        #[schema(nullable = false)]
        pub time_zone: Option<String>,
    }
}

wire! { into dom::ProfileInput;
    /// What `PUT /user/profile` may change.
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    pub struct ProfileInput {
        #[schema(nullable = false)]
        pub name: Option<String>,
        #[serde(rename = "timeZone")]
        #[schema(nullable = false)]
        pub time_zone: Option<String>,
        /// The language the app and the server speak to the person (errors, mails, Break Buddy).
        #[schema(nullable = false, schema_with = crate::schema::language)]
        pub language: Option<String>,
    }
}
