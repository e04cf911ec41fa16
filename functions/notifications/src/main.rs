//! Lambda entry point of the `notifications` endpoint group: clients built once at cold start, then the router serves
//! events.

#[tokio::main]
async fn main() -> Result<(), bt_lambda::Error> {
    bt_lambda::run_with_outbound(notifications_fn::router).await
}
