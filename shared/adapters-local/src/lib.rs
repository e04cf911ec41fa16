//! The adapters of local runs and tests: the table port on SQLite ([`sqlite::SqliteTable`]), the mail port as an
//! outbox that keeps every mail ([`outbox::Outbox`]), and real mail over SMTP for a self-hosted server
//! ([`smtp::SmtpMailer`]).

pub mod outbox;
pub mod smtp;
pub mod sqlite;
