//! Secrets from SSM Parameter Store, read once at a Lambda's cold start.

use aws_config::SdkConfig;

/// Secrets a function may be given as the name of an SSM SecureString in `<VAR>_PARAMETER` instead of a value in
/// `<VAR>`: the key then never appears in the template, the stack or the function's configuration.
pub const SECRETS_FROM_SSM: [&str; 5] =
    ["JWT_SECRET", "GITHUB_CLIENT_SECRET", "GOOGLE_CLIENT_SECRET", "OIDC_CLIENT_SECRET", "VAPID_PRIVATE_KEY"];

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}

/// Reads every `<VAR>_PARAMETER` of [`SECRETS_FROM_SSM`] whose `<VAR>` is not set, in one decrypted GetParameters
/// call, into `<VAR>`. A missing parameter stops the cold start with its name.
pub async fn secrets_from_ssm(aws: &SdkConfig) -> Result<(), String> {
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
        return Err(format!("SSM parameters not found: {:?}", out.invalid_parameters()));
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
