//! The adapters of local runs and tests: the table port on SQLite ([`sqlite::SqliteTable`]) and the mail port as
//! an outbox that keeps every mail ([`outbox::Outbox`]), or an SMTP relay for a self-hosted server
//! ([`smtp::SmtpMailer`]).

pub mod outbox;
pub mod smtp;
pub mod sqlite;
