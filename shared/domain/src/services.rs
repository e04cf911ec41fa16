//! The ports and settings a domain call may need, built once at start-up (a Lambda's cold start).

use std::sync::Arc;

use crate::clock::Clock;
use crate::config::Config;
use crate::mail::Mailer;
use crate::store::Table;

#[derive(Clone)]
pub struct Services {
    pub store: Arc<dyn Table>,
    pub mailer: Arc<dyn Mailer>,
    pub config: Arc<Config>,
    pub clock: Clock,
}

impl Services {
    pub fn new(store: Arc<dyn Table>, mailer: Arc<dyn Mailer>, config: Config) -> Self {
        Services { store, mailer, config: Arc::new(config), clock: Clock::default() }
    }

    /// The store port, for the repository functions that take it.
    pub fn table(&self) -> &dyn Table {
        self.store.as_ref()
    }
}
