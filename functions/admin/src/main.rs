//! Lambda entry point of the `admin` endpoint group: clients built once at cold start, then the router serves events.

#[tokio::main]
async fn main() -> Result<(), shared::lambda::Error> {
    shared::lambda::run(admin_fn::router()).await
}
