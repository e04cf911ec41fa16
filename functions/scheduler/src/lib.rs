//! The `scheduler` function: not an endpoint group but the job EventBridge Scheduler invokes every minute. It sends
//! the reminders due since its last run (`bt_app::notifications::job`) and answers a short summary for the logs.

use bt_app::notifications::job;
use bt_app::{AppError, Services};
use serde_json::{json, Value};

/// One scheduled run at the services' clock.
pub async fn run(services: Services) -> Result<Value, AppError> {
    let report = job::run_scheduled(&services, services.clock.now()).await?;
    Ok(json!({
        "minutes": report.minutes,
        "found": report.found,
        "sent": report.sent.len(),
        "skipped": report.skipped.len(),
    }))
}
