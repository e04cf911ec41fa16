//! Outbound HTTP to addresses that users and admins give: Web Push to a browser's push service, and events to a
//! team chat's incoming webhook (Slack-compatible, Microsoft Teams, or a generic signed JSON).
//!
//! It sends bytes it is given to addresses it is given, safely; [`port`] implements the domain's outbound port on
//! top of that.
//!
//! # Which addresses are accepted
//!
//! Push endpoints and webhook URLs are chosen by outsiders, and the server posts to them from inside its network, so
//! every address is held to these rules ([`check_endpoint`] when it is stored, again at every send):
//!
//! - the scheme is `https`, and the URL has a host and no user name or password;
//! - an IP literal, and every address a name resolves to, is public: refused are loopback, unspecified, private
//!   (10/8, 172.16/12, 192.168/16), shared CGNAT (100.64/10), link-local (169.254/16, fe80::/10), unique-local
//!   (fc00::/7), multicast, broadcast and reserved ranges, documentation and benchmarking ranges, IPv6 outside
//!   global unicast, and IPv4-mapped or 6to4 IPv6 forms of any of these;
//! - cloud metadata services are refused by name (`metadata`, `metadata.google.internal`, ...) and by address
//!   (169.254.169.254, fd00:ec2::254);
//! - the client resolves names itself and connects only to the public addresses among the answers, so a name that
//!   resolved to a public address when it was stored cannot lead to a private one later (DNS rebinding);
//! - no redirect is followed (a 3xx is a failed delivery), proxies from the environment are ignored, and a request
//!   has 5 seconds to connect and 5 to complete;
//! - a push payload is at most 4096 bytes once encrypted (3993 bytes of plaintext).
//!
//! With `DEV_ROUTES=1` only ([`Policy::allow_insecure`]), plain `http` and loopback addresses are accepted too, for
//! local fake services in tests; private, link-local and metadata addresses stay refused.
//!
//! # Web Push
//!
//! Payloads are encrypted for the browser as RFC 8291 says (content coding `aes128gcm`, RFC 8188) and the sender
//! identifies itself with VAPID (RFC 8292): `Authorization: vapid t=<ES256 JWT>, k=<public key>`, the token's `aud`
//! being the push service's origin, `exp` 12 hours ahead and `sub` the deployment's contact. A 404 or 410 answer
//! means the subscription is gone and should be removed.
//!
//! # Webhook signatures
//!
//! Every delivery carries `Breaktime-Event-Id: <ULID>`, the same on every retry of an event: deliveries are at least
//! once, and a receiver drops an id it has seen. Generic hooks are also signed:
//!
//! ```text
//! Breaktime-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>
//! ```
//!
//! `t` is the Unix time of sending, in seconds; `v1` is the lowercase hex of HMAC-SHA256, keyed with the hook's
//! secret as shown when the hook was added (the whole text, `whsec_` included, as UTF-8 bytes), over the bytes of
//! `t`, a `.`, and the raw request body. For example, with the secret `whsec_example`, `t` 1767225600 and the body
//! `{"id":"01JGZ8Q4V5X0M3Y2K7T9N6B1CD","type":"break.started"}`, the header is
//! `t=1767225600,v1=5e7724169b81d59fd698ea757d3a2ea96e39fb53291a95dbfaa02ff1e5fe1c46`.
//!
//! To verify, a receiver computes the same over the body exactly as received (before parsing it), compares in
//! constant time with each `v1` given (there may be more than one while a secret is rotated), and rejects a `t`
//! more than five minutes from its own clock, so that a captured request cannot be replayed. [`verify_signature`]
//! does this, with the tolerance as a parameter.

pub mod endpoint;
pub mod port;
pub mod push;
mod sender;
#[cfg(feature = "test-support")]
pub mod test_support;
pub mod webhook;

pub use endpoint::{check_endpoint, check_url, EndpointError, Policy};
pub use push::{KeyError, PushError, PushOutcome, PushSubscription, SubscriptionKeys, Urgency, VapidClaims, VapidKeys};
pub use sender::{BuildError, Sender, SenderBuilder, DEFAULT_TIMEOUT};
pub use webhook::{
    body, new_secret, signature_header, verify_signature, DeliveryOutcome, SignatureError, WebhookEvent, WebhookFormat,
};
