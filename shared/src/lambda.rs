//! The one Lambda `main` of every function: configuration, DynamoDB and SES clients built once at cold start.

use std::sync::Arc;

use axum::Router;

use crate::config::Config;
use crate::mail::ses::SesMailer;
use crate::state::AppState;
use crate::store::dynamo::DynamoTable;

pub type Error = lambda_http::Error;

pub async fn run(router: Router<AppState>) -> Result<(), Error> {
    lambda_http::tracing::init_default_subscriber();
    let config = Config::from_env(None)?;
    let aws = aws_config::load_defaults(aws_config::BehaviorVersion::latest()).await;
    let table = std::env::var("TABLE_NAME").map_err(|_| "TABLE_NAME is required")?;
    let store = DynamoTable::from_env(&aws, table);
    // Warm the connection to DynamoDB during init, not on the first request.
    store.warm().await;
    let mailer = SesMailer::from_env(&aws, &config);
    let state = AppState::new(Arc::new(store), Arc::new(mailer), config);
    let app = crate::http::with_common_layers(router, &state).with_state(state);
    lambda_http::run(app).await
}
