//! Lambda entry point of the `import` endpoint group: clients built once at cold start, then the router serves events.

#[tokio::main]
async fn main() -> Result<(), bt_lambda::Error> {
    bt_lambda::run(import_fn::router).await
}
