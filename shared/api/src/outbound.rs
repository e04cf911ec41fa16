//! A browser's push subscription.

use serde::Deserialize;
use utoipa::ToSchema;

use crate::wire;
use bt_app::outbound as dom;

wire! { into dom::PushKeys;
    /// The keys of a browser's push subscription, as `PushSubscription.toJSON()` gives them (base64url).
    #[derive(Debug, Clone, PartialEq, Eq, Deserialize, ToSchema)]
    pub struct PushKeys {
        /// The browser's P-256 public key (65 bytes, base64url).
        #[schema(example = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM")]
        pub p256dh: String,
        /// The subscription's authentication secret (16 bytes, base64url).
        #[schema(example = "tBHItJI5svbpez7KI4CCXg")]
        pub auth: String,
    }
}

wire! { into dom::PushSubscription;
    /// A browser's push subscription (`POST /notifications/subscriptions` takes `PushSubscription.toJSON()`).
    #[derive(Debug, Clone, PartialEq, Eq, Deserialize, ToSchema)]
    pub struct PushSubscription {
        /// The push service's URL for this browser (https, public).
        #[schema(example = "https://fcm.googleapis.com/fcm/send/abc123")]
        pub endpoint: String,
        pub keys: PushKeys,
    }
}
