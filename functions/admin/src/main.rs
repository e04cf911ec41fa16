//! Lambda entry point of the `admin` endpoint group: clients built once at cold start, then the router serves events.

#[tokio::main]
async fn main() -> Result<(), bt_lambda::Error> {
    bt_lambda::run_with_outbound(admin_fn::router).await
}
