//! The current time, with an offset tests can move forward (token expiry, rate-limit windows) and a pause for a
//! burst of events that must share one instant.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

/// The paused instant's marker for "running".
const RUNNING: i64 = i64::MIN;

#[derive(Clone)]
pub struct Clock {
    offset_secs: Arc<AtomicI64>,
    /// Milliseconds since the epoch while paused, else [`RUNNING`].
    paused_at_ms: Arc<AtomicI64>,
}

impl Default for Clock {
    fn default() -> Self {
        Clock { offset_secs: Arc::default(), paused_at_ms: Arc::new(AtomicI64::new(RUNNING)) }
    }
}

impl Clock {
    pub fn now(&self) -> DateTime<Utc> {
        match self.paused_at_ms.load(Ordering::Relaxed) {
            RUNNING => Utc::now() + Duration::seconds(self.offset_secs.load(Ordering::Relaxed)),
            ms => DateTime::from_timestamp_millis(ms).unwrap_or_else(Utc::now),
        }
    }

    pub fn advance(&self, secs: i64) {
        self.offset_secs.fetch_add(secs, Ordering::Relaxed);
    }

    /// Stops the clock at the current instant until [`Clock::resume`] (a test's burst of events within one minute,
    /// however slow the machine it runs on).
    pub fn pause(&self) {
        self.paused_at_ms.store(self.now().timestamp_millis(), Ordering::Relaxed);
    }

    /// Runs the clock again, at the time it would have been had it never paused.
    pub fn resume(&self) {
        self.paused_at_ms.store(RUNNING, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paused_clock_keeps_its_instant_and_runs_on_when_resumed() {
        let clock = Clock::default();
        clock.advance(3600);
        clock.pause();
        let paused = clock.now();
        std::thread::sleep(std::time::Duration::from_millis(20));
        assert_eq!(clock.now(), paused);
        assert!(paused > Utc::now() + Duration::minutes(59));
        clock.resume();
        assert!(clock.now() > paused);
    }
}
