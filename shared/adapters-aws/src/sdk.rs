//! The AWS SDK configuration: one HTTPS client for every SDK client, the usual loader for local runs and tests, and
//! the configuration Lambda gives through its environment.

use aws_config::environment::EnvironmentVariableCredentialsProvider;
use aws_config::{BehaviorVersion, ConfigLoader, Region, SdkConfig};
use aws_sdk_dynamodb::config::{SharedCredentialsProvider, SharedHttpClient};
use aws_smithy_http_client::tls::{rustls_provider::CryptoMode, Provider};

/// The HTTPS client of every AWS SDK client: rustls on ring. The SDK's default (rustls on aws-lc) adds about half a
/// megabyte to each Lambda zip and more work at cold start, for nothing these functions use.
pub fn https_client() -> SharedHttpClient {
    aws_smithy_http_client::Builder::new().tls_provider(Provider::Rustls(CryptoMode::Ring)).build_https()
}

/// The AWS configuration loader with that client; everything else the usual way (environment, profile, role).
pub fn aws_loader() -> ConfigLoader {
    aws_config::defaults(BehaviorVersion::latest()).http_client(https_client())
}

/// Loads the AWS configuration the usual way (environment, profile, instance role). `AWS_ENDPOINT_URL` and the
/// per-service variants are honoured by the SDK itself.
pub async fn aws_config_from_env() -> SdkConfig {
    aws_loader().load().await
}

/// The AWS configuration inside Lambda, where the runtime always gives the region and the function role's
/// credentials as environment variables. Built directly rather than by `aws_config`'s default chain, whose profile
/// files, SSO, STS web identity and instance metadata providers would add half a megabyte to every zip and work to
/// every cold start, for sources Lambda never uses. `AWS_ENDPOINT_URL` points every client elsewhere (the runtime
/// tests' moto).
pub fn lambda_config() -> Result<SdkConfig, String> {
    let region = env("AWS_REGION").or_else(|| env("AWS_DEFAULT_REGION")).ok_or("AWS_REGION is required")?;
    let mut config = SdkConfig::builder()
        .behavior_version(BehaviorVersion::latest())
        .region(Region::new(region))
        .credentials_provider(SharedCredentialsProvider::new(EnvironmentVariableCredentialsProvider::new()))
        .http_client(https_client());
    if let Some(url) = env("AWS_ENDPOINT_URL") {
        config = config.endpoint_url(url);
    }
    Ok(config.build())
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}
