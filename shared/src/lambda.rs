//! The one Lambda `main` of every function: secrets, configuration, DynamoDB and SES clients built once at cold start.

use std::sync::Arc;

use aws_config::environment::EnvironmentVariableCredentialsProvider;
use aws_config::{BehaviorVersion, Region, SdkConfig};
use aws_sdk_dynamodb::config::SharedCredentialsProvider;
use axum::Router;
use tracing_subscriber::filter::LevelFilter;

use crate::config::Config;
use crate::mail::ses::SesMailer;
use crate::state::AppState;
use crate::store::dynamo::DynamoTable;

pub type Error = lambda_http::Error;

/// Secrets a function may be given as the name of an SSM SecureString in `<VAR>_PARAMETER` instead of a value in
/// `<VAR>`: the key then never appears in the template, the stack or the function's configuration.
const SECRETS_FROM_SSM: [&str; 3] = ["JWT_SECRET", "GITHUB_CLIENT_SECRET", "GOOGLE_CLIENT_SECRET"];

pub async fn run(router: Router<AppState>) -> Result<(), Error> {
    init_logging();
    let aws = lambda_aws_config()?;
    secrets_from_ssm(&aws).await?;
    let config = Config::from_env(None)?;
    let table = std::env::var("TABLE_NAME").map_err(|_| "TABLE_NAME is required")?;
    let store = DynamoTable::from_env(&aws, table);
    // Warm the connection to DynamoDB during init, not on the first request.
    store.warm().await;
    let mailer = SesMailer::from_env(&aws, &config);
    let state = AppState::new(Arc::new(store), Arc::new(mailer), config);
    let app = crate::http::with_common_layers(router, &state).with_state(state);
    lambda_http::run(app).await
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

/// The AWS configuration inside Lambda, where the runtime always gives the region and the function role's
/// credentials as environment variables. Built directly rather than by `aws_config`'s default chain, whose profile
/// files, SSO, STS web identity and instance metadata providers would add half a megabyte to every zip and work to
/// every cold start, for sources Lambda never uses. `AWS_ENDPOINT_URL` points every client elsewhere (the runtime
/// tests' moto).
fn lambda_aws_config() -> Result<SdkConfig, Error> {
    let region = env("AWS_REGION").or_else(|| env("AWS_DEFAULT_REGION")).ok_or("AWS_REGION is required")?;
    let mut config = SdkConfig::builder()
        .behavior_version(BehaviorVersion::latest())
        .region(Region::new(region))
        .credentials_provider(SharedCredentialsProvider::new(EnvironmentVariableCredentialsProvider::new()))
        .http_client(crate::store::dynamo::https_client());
    if let Some(url) = env("AWS_ENDPOINT_URL") {
        config = config.endpoint_url(url);
    }
    Ok(config.build())
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}

/// Reads every `<VAR>_PARAMETER` of [`SECRETS_FROM_SSM`] whose `<VAR>` is not set, in one decrypted GetParameters
/// call, into `<VAR>`. A missing parameter stops the cold start with its name.
async fn secrets_from_ssm(aws: &SdkConfig) -> Result<(), Error> {
    let wanted: Vec<(&str, String)> = SECRETS_FROM_SSM
        .iter()
        .filter(|var| env(var).is_none())
        .filter_map(|var| env(&format!("{var}_PARAMETER")).map(|name| (*var, name)))
        .collect();
    if wanted.is_empty() {
        return Ok(());
    }
    let names: Vec<String> = wanted.iter().map(|(_, name)| name.clone()).collect();
    let out = aws_sdk_ssm::Client::new(aws)
        .get_parameters()
        .set_names(Some(names.clone()))
        .with_decryption(true)
        .send()
        .await
        .map_err(|e| {
            format!("reading {names:?} from SSM Parameter Store: {}", aws_sdk_ssm::error::DisplayErrorContext(&e))
        })?;
    if !out.invalid_parameters().is_empty() {
        return Err(format!("SSM parameters not found: {:?}", out.invalid_parameters()).into());
    }
    for parameter in out.parameters() {
        let (Some(name), Some(value)) = (parameter.name(), parameter.value()) else { continue };
        for (var, _) in wanted.iter().filter(|(_, wanted_name)| wanted_name == name) {
            // Safe to change the environment here: init is sequential, every SDK call before this one has finished
            // and nothing runs concurrently until the configuration below is read.
            std::env::set_var(var, value);
        }
    }
    Ok(())
}
