//! Lambda entry point of the reminder job: clients built once at cold start, then one run per scheduled invocation.

#[tokio::main]
async fn main() -> Result<(), bt_lambda::Error> {
    bt_lambda::run_job(scheduler_fn::run).await
}
