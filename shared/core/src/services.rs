//! The ports and settings a domain call may need, built once at start-up (a Lambda's cold start).

use std::sync::Arc;

use crate::clock::Clock;
use crate::config::Config;
use crate::mail::Mailer;
use crate::outbound::{NoOutbound, Outbound};
use crate::store::Table;

#[derive(Clone)]
pub struct Services {
    /// The store port: private, so only the domain's repository functions reach it (through [`Services::table`],
    /// which the handlers' crate facade does not let them use for a raw operation: they cannot name a key, a
    /// condition or a write).
    store: Arc<dyn Table>,
    pub mailer: Arc<dyn Mailer>,
    pub config: Arc<Config>,
    pub clock: Clock,
    /// Web Push (and webhooks): set by the start-ups that send or check them, else [`NoOutbound`].
    pub outbound: Arc<dyn Outbound>,
}

impl Services {
    /// The ports alone; a start-up builds them with `bt_app::app::services`, which also wires the layers.
    pub fn new(store: Arc<dyn Table>, mailer: Arc<dyn Mailer>, config: Config) -> Self {
        Services { store, mailer, config: Arc::new(config), clock: Clock::default(), outbound: Arc::new(NoOutbound) }
    }

    /// The same services with the outbound adapter (push endpoints and webhooks) set.
    pub fn with_outbound(mut self, outbound: Arc<dyn Outbound>) -> Self {
        self.outbound = outbound;
        self
    }

    /// The same services under other settings (tests sign with another key, say).
    pub fn with_config(mut self, config: Config) -> Self {
        self.config = Arc::new(config);
        self
    }

    /// The store port, for the repository functions that take it.
    pub fn table(&self) -> &dyn Table {
        self.store.as_ref()
    }
}
