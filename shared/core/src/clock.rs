//! The current time, with an offset tests can move forward (token expiry, rate-limit windows).

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

#[derive(Clone, Default)]
pub struct Clock {
    offset_secs: Arc<AtomicI64>,
}

impl Clock {
    pub fn now(&self) -> DateTime<Utc> {
        Utc::now() + Duration::seconds(self.offset_secs.load(Ordering::Relaxed))
    }

    pub fn advance(&self, secs: i64) {
        self.offset_secs.fetch_add(secs, Ordering::Relaxed);
    }
}
