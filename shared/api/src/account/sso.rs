//! The team's single sign-on requirement (`GET` and `PUT /admin/sso`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::wire;
use bt_app::account::sso as dom;

wire! { from dom::SsoSetting;
    /// Whether the team's members must sign in with single sign-on.
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct SsoSetting {
        /// Members (and HR) sign in only with single sign-on; admins keep every way in.
        pub required: bool,
        /// Single sign-on is configured on this server (the requirement applies only then).
        pub available: bool,
    }
}

/// The body of `PUT /admin/sso`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct SsoInput {
    /// Require single sign-on for the team's members.
    #[serde(default)]
    #[schema(required = true, nullable = false)]
    pub required: Option<bool>,
}
