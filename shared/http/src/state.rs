use std::ops::Deref;
use std::sync::Arc;

use bt_app::config::Config;
use bt_app::mail::Mailer;
use bt_app::Services;
use bt_core::store::Table;

/// What every handler gets: the domain's services, built once at start-up (cold start for a Lambda). Handlers pass
/// it on to domain calls (`&state` is a `&Services`).
#[derive(Clone)]
pub struct AppState {
    services: Services,
}

impl AppState {
    pub fn new(store: Arc<dyn Table>, mailer: Arc<dyn Mailer>, config: Config) -> Self {
        AppState { services: bt_app::app::services(store, mailer, config) }
    }

    /// The same state with the outbound adapter (Web Push, webhooks) set.
    pub fn with_outbound(self, outbound: Arc<dyn bt_app::notifications::Outbound>) -> Self {
        AppState { services: self.services.with_outbound(outbound) }
    }

    pub fn services(&self) -> &Services {
        &self.services
    }
}

impl From<Services> for AppState {
    fn from(services: Services) -> Self {
        AppState { services }
    }
}

impl Deref for AppState {
    type Target = Services;

    fn deref(&self) -> &Services {
        &self.services
    }
}
