//! The composition root of the domain: the one place that knows every layer. Start-ups (each Lambda, the local
//! server) build their services here, so the layers are wired the same way everywhere.

use std::sync::Arc;

use bt_core::config::Config;
use bt_core::mail::Mailer;
use bt_core::services::Services;
use bt_core::store::Table;

/// The services of a start-up, with the notifications layer installed as the handler of record events.
pub fn services(store: Arc<dyn Table>, mailer: Arc<dyn Mailer>, config: Config) -> Services {
    bt_records::events::install(Arc::new(bt_notifications::events::Notifier));
    Services::new(store, mailer, config)
}
