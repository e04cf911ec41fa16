//! Lambda entry point of the `type` endpoint group: clients built once at cold start, then the router serves events.

#[tokio::main]
async fn main() -> Result<(), bt_lambda::Error> {
    bt_lambda::run(type_fn::router).await
}
