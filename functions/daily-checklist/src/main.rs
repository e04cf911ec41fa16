//! Lambda entry point of the `daily-checklist` endpoint group: clients built once at cold start, then the router serves events.

#[tokio::main]
async fn main() -> Result<(), bt_lambda::Error> {
    bt_lambda::run(daily_checklist_fn::router).await
}
