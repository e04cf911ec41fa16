//! The one Lambda start-up of every function (`main.rs` is `bt_lambda::run(<group>_fn::router)`): logging, secrets,
//! configuration, the DynamoDB and SES adapters built once at cold start, then the router serves events.

use std::sync::Arc;

use axum::extract::Request;
use axum::Router;
use bt_adapters_aws::dynamo::DynamoTable;
use bt_adapters_aws::ses::SesMailer;
use bt_adapters_outbound::port::OutboundAdapter;
use bt_adapters_outbound::Policy;
use bt_app::config::Config;
use bt_http::{AppState, SourceIp};
use tracing_subscriber::filter::LevelFilter;

pub type Error = lambda_http::Error;

/// The assistant's language-model port on Amazon Bedrock (feature `bedrock`), for the assistant's `main.rs`: a
/// function crate reaches adapters only through the start-up.
#[cfg(feature = "bedrock")]
pub use bt_adapters_aws::bedrock;

/// Starts the function: logging first (so that what building the router logs is kept), then the AWS clients and
/// the configuration, then the router `make_router` builds, served until the runtime stops it.
pub async fn run(make_router: impl FnOnce() -> Router<AppState>) -> Result<(), Error> {
    init_logging();
    let router = make_router();
    let (services, _) = services().await?;
    serve(router, AppState::from(services)).await
}

/// [`run`] for the groups that send or check outbound calls (push subscriptions, leave notices pushed to approvers):
/// the outbound adapter is built too, with the VAPID key from `VAPID_PRIVATE_KEY` (SSM) or `VAPID_PUBLIC_KEY`.
/// Only the binaries that call this link the push and webhook client.
pub async fn run_with_outbound(make_router: impl FnOnce() -> Router<AppState>) -> Result<(), Error> {
    init_logging();
    let router = make_router();
    let (services, config) = services().await?;
    let services = services.with_outbound(Arc::new(outbound(&config)?));
    serve(router, AppState::from(services)).await
}

fn outbound(config: &Config) -> Result<OutboundAdapter, Error> {
    Ok(OutboundAdapter::from_env(Policy::STRICT, &config.support_email)?)
}

async fn serve(router: Router<AppState>, state: AppState) -> Result<(), Error> {
    let app = bt_http::with_common_layers(router, &state)
        .layer(axum::middleware::map_request(source_ip_from_api_gateway))
        .with_state(state);
    lambda_http::run(app).await
}

/// Starts a scheduled job's function (EventBridge Scheduler invokes it with a fixed event): the same start-up as an
/// endpoint group, then `job` runs once per invocation with the domain's services and answers a JSON summary.
pub async fn run_job<F, Fut>(job: F) -> Result<(), Error>
where
    F: Fn(bt_app::Services) -> Fut,
    Fut: std::future::Future<Output = Result<serde_json::Value, bt_app::AppError>>,
{
    init_logging();
    let (services, config) = services().await?;
    let services = services.with_outbound(Arc::new(outbound(&config)?));
    lambda_http::lambda_runtime::run(lambda_http::lambda_runtime::service_fn(
        |_event: lambda_http::lambda_runtime::LambdaEvent<serde_json::Value>| {
            let services = services.clone();
            let run = job(services);
            async move { run.await.map_err(|e| Error::from(e.to_string())) }
        },
    ))
    .await
}

/// The domain's services over DynamoDB and SES, as every function builds them at cold start.
async fn services() -> Result<(bt_app::Services, Config), Error> {
    let aws = bt_adapters_aws::sdk::lambda_config()?;
    bt_adapters_aws::ssm::secrets_from_ssm(&aws).await?;
    let config = Config::from_env(None)?;
    let table = std::env::var("TABLE_NAME").map_err(|_| "TABLE_NAME is required")?;
    let store = DynamoTable::from_env(&aws, table);
    store.warm().await;
    let mailer = SesMailer::from_env(&aws, &config);
    Ok((bt_app::app::services(Arc::new(store), Arc::new(mailer), config.clone()), config))
}

/// API Gateway gives the caller's address in the request context; the HTTP crate reads it as [`SourceIp`] and
/// never sees a Lambda type.
async fn source_ip_from_api_gateway(mut request: Request) -> Request {
    if let Some(lambda_http::request::RequestContext::ApiGatewayV2(ctx)) =
        request.extensions().get::<lambda_http::request::RequestContext>()
    {
        if let Some(ip) = ctx.http.source_ip.clone() {
            request.extensions_mut().insert(SourceIp(ip));
        }
    }
    request
}

/// Logs as Lambda's advanced logging controls ask: JSON when `AWS_LAMBDA_LOG_FORMAT` is `JSON`, at
/// `AWS_LAMBDA_LOG_LEVEL` (else `RUST_LOG`, else INFO). One level for everything, read as a plain level: the
/// per-target directives of an `EnvFilter` would link a regex engine into every zip for no use here.
fn init_logging() {
    let level = env("AWS_LAMBDA_LOG_LEVEL")
        .or_else(|| env("RUST_LOG"))
        .and_then(|v| v.parse::<LevelFilter>().ok())
        .unwrap_or(LevelFilter::INFO);
    let logs = tracing_subscriber::fmt().with_target(false).without_time().with_max_level(level);
    if env("AWS_LAMBDA_LOG_FORMAT").is_some_and(|f| f.eq_ignore_ascii_case("json")) {
        logs.json().init()
    } else {
        logs.init()
    }
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}
