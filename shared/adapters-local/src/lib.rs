//! The adapters of local runs and tests: the table port on SQLite ([`sqlite::SqliteTable`]) and the mail port as
//! an outbox that keeps every mail ([`outbox::Outbox`]).

pub mod outbox;
pub mod sqlite;
