//! Lambda entry point of the `leaves` endpoint group: clients built once at cold start, then the router serves events.

#[tokio::main]
async fn main() -> Result<(), bt_lambda::Error> {
    bt_lambda::run_with_outbound(leaves_fn::router).await
}
