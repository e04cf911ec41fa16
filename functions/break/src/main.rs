//! Lambda entry point of the `break` endpoint group: clients built once at cold start, then the router serves events.

#[tokio::main]
async fn main() -> Result<(), bt_lambda::Error> {
    bt_lambda::run(break_fn::router).await
}
