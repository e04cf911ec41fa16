use std::sync::Arc;

use crate::clock::Clock;
use crate::config::Config;
use crate::mail::Mailer;
use crate::store::Table;

/// What every handler gets: built once at start-up (cold start for a Lambda).
#[derive(Clone)]
pub struct AppState {
    pub store: Arc<dyn Table>,
    pub mailer: Arc<dyn Mailer>,
    pub config: Arc<Config>,
    pub clock: Clock,
}

impl AppState {
    pub fn new(store: Arc<dyn Table>, mailer: Arc<dyn Mailer>, config: Config) -> Self {
        AppState { store, mailer, config: Arc::new(config), clock: Clock::default() }
    }
}
