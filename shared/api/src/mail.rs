//! Mail kept by the local outbox.

use serde::Serialize;
use utoipa::ToSchema;

use crate::wire;
use bt_app::mail as dom;

wire! { from dom::Mail;
    #[derive(Debug, Clone, Serialize, PartialEq, ToSchema)]
    pub struct Mail {
        pub to: String,
        pub subject: String,
        pub text: String,
        pub html: String,
        /// The one link the mail asks the reader to follow, if any (kept apart so local tests can follow it).
        pub link: Option<String>,
        #[serde(rename = "replyTo", skip_serializing_if = "Option::is_none")]
        pub reply_to: Option<String>,
        /// The one-click unsubscribe address of a reminder or notice (RFC 8058): sent as `List-Unsubscribe` with
        /// `List-Unsubscribe-Post`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub unsubscribe: Option<String>,
    }
}

wire! { from dom::SentMail;
    /// A mail as an adapter that keeps mail (the local outbox) kept it.
    #[derive(Debug, Clone, Serialize, ToSchema)]
    #[schema(as = OutboxMail)]
    pub struct SentMail {
        pub id: String,
        #[serde(flatten)]
        pub mail: Mail,
        #[serde(rename = "sentAt")]
        #[schema(schema_with = crate::schema::stamp)]
        pub sent_at: String,
    }
}
