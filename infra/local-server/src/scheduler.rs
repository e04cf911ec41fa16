//! The reminder job, in-process: what EventBridge Scheduler and `scheduler-fn` do on AWS, run at the start of every
//! minute (`SCHEDULER=0` turns it off).

use std::time::Duration;

use bt_app::notifications::job;
use bt_app::Services;

/// Runs the job a second after each minute starts, for as long as the server runs.
pub async fn every_minute(services: Services) {
    loop {
        let now = services.clock.now();
        let into_minute = u64::from(chrono::Timelike::second(&now));
        tokio::time::sleep(Duration::from_secs(61 - into_minute)).await;
        let now = services.clock.now();
        if let Err(e) = job::run_scheduled(&services, now).await {
            tracing::warn!(error = %e, "scheduled reminder run failed");
        }
    }
}
