//! The wire shapes of Breaktime's HTTP API: every request body a handler reads and every answer it writes, with
//! the OpenAPI schema the document shows for it (`utoipa::ToSchema`). The domain knows nothing of them: each type
//! here converts from the domain type it shows ([`wire!`] `from`) or into the domain input it carries (`into`),
//! field by field, and serialises exactly as the API always has.
//!
//! The modules follow the domain's (`bt_app::records::breaks` is shown by [`records::breaks`], and so on).
//! Types only one function reads or writes (its queries, a sign-in answer) stay in that function's crate.

pub mod convert;
pub mod schema;

pub mod account;
pub mod holidays;
pub mod mail;
pub mod notifications;
pub mod outbound;
pub mod records;

pub use convert::Convert;

/// A domain value (or a list or option of them) as its wire type: `api::wire::<Break, _>(record)`.
pub fn wire<W, D: Convert<W>>(value: D) -> W {
    value.convert()
}
