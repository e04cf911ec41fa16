//! Which understanding answers: the built-in engine, or a hosted model with the engine as its fallback.

use crate::understand::{understand, Context, Understanding};

/// The assistant's understanding provider, chosen once at start-up.
pub struct Assistant {
    #[cfg(feature = "bedrock")]
    bedrock: Option<crate::bedrock::Lazy>,
}

impl Assistant {
    /// Only the built-in engine.
    pub fn built_in() -> Assistant {
        Assistant {
            #[cfg(feature = "bedrock")]
            bedrock: None,
        }
    }

    /// `ASSISTANT_PROVIDER=bedrock` (with `BEDROCK_MODEL_ID`, optional `BEDROCK_ENDPOINT`) in a build with the
    /// `bedrock` feature; the built-in engine otherwise.
    pub fn from_env() -> Assistant {
        #[cfg(feature = "bedrock")]
        {
            if let Some(lazy) = crate::bedrock::Lazy::from_env() {
                return Assistant { bedrock: Some(lazy) };
            }
        }
        let wanted = std::env::var("ASSISTANT_PROVIDER").unwrap_or_default();
        if !wanted.trim().is_empty() && !wanted.trim().eq_ignore_ascii_case("builtin") {
            tracing::warn!(provider = %wanted, "assistant provider not available in this build; using the built-in engine");
        }
        Assistant::built_in()
    }

    #[cfg(feature = "bedrock")]
    pub fn with_bedrock(model: crate::bedrock::Bedrock) -> Assistant {
        Assistant { bedrock: Some(crate::bedrock::Lazy::ready(model)) }
    }

    pub async fn understand(&self, message: &str, ctx: &Context) -> Understanding {
        #[cfg(feature = "bedrock")]
        if let Some(lazy) = &self.bedrock {
            match lazy.get().await.understand(message, ctx).await {
                Ok(u) => return u,
                Err(e) => {
                    tracing::warn!(error = %e, "model answer unusable; using the built-in engine")
                }
            }
        }
        understand(message, ctx)
    }
}

impl Default for Assistant {
    fn default() -> Self {
        Assistant::built_in()
    }
}
