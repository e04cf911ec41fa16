//! Lambda entry point of the `assistant` endpoint group: clients built once at cold start, then the router serves events.
//! The provider of understanding is chosen here, from the environment ([`Provider::from_env`]): the hosted model's
//! adapter is reached through the Lambda start-up, in builds with the `bedrock` feature only.

use bt_app::buddy::model::{Assistant, Provider};

#[tokio::main]
async fn main() -> Result<(), bt_lambda::Error> {
    bt_lambda::run(|| assistant_fn::router_with(assistant(Provider::from_env()))).await
}

/// Bedrock's Converse API, its client made at the first question (loading the AWS configuration is async and kept
/// out of the cold start); the built-in engine stays the fallback.
#[cfg(feature = "bedrock")]
fn assistant(provider: Provider) -> Assistant {
    match provider {
        Provider::BuiltIn => Assistant::built_in(),
        Provider::Bedrock { model_id, endpoint } => {
            Assistant::with_model(std::sync::Arc::new(bt_lambda::bedrock::LazyBedrock::new(model_id, endpoint)))
        }
    }
}

#[cfg(not(feature = "bedrock"))]
fn assistant(provider: Provider) -> Assistant {
    if provider != Provider::BuiltIn {
        tracing::warn!(?provider, "assistant provider not available in this build; using the built-in engine");
    }
    Assistant::built_in()
}
