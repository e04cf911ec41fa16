//! The composition root of the domain: the one place that knows every layer. Start-ups (each Lambda, the local
//! server) build their services here, so the layers are wired the same way everywhere.

use std::sync::Arc;

use crate::config::Config;
use crate::mail::Mailer;
use crate::services::Services;
use crate::store::Table;

/// The services of a start-up, with the notifications layer installed as the handler of record events.
pub fn services(store: Arc<dyn Table>, mailer: Arc<dyn Mailer>, config: Config) -> Services {
    crate::records::events::install(Arc::new(crate::notifications::events::Notifier));
    Services::new(store, mailer, config)
}
