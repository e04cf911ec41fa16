use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use bt_adapters_local::outbox::Outbox;
use bt_adapters_local::smtp::SmtpMailer;
use bt_adapters_local::sqlite::SqliteTable;
use bt_adapters_outbound::port::OutboundAdapter;
use bt_app::config::Config;
use bt_app::mail::Mailer;
use bt_core::store::Table;
use bt_http::AppState;
use rand::RngCore;

/// The local signing key lives in the data folder, so sessions survive a restart.
fn local_secret(data_dir: &std::path::Path) -> anyhow::Result<Vec<u8>> {
    let path = data_dir.join("jwt-secret");
    if let Ok(bytes) = std::fs::read(&path) {
        if bytes.len() >= 32 {
            return Ok(bytes);
        }
    }
    let mut bytes = vec![0u8; 48];
    rand::thread_rng().fill_bytes(&mut bytes);
    std::fs::write(&path, &bytes)?;
    Ok(bytes)
}

/// Web Push with the data folder's VAPID key pair, made on first start (`VAPID_PRIVATE_KEY` overrides it). With
/// `DEV_ROUTES=1` plain http and loopback endpoints are accepted, for local fake push services and webhook receivers.
fn local_outbound(data_dir: &std::path::Path, config: &Config) -> anyhow::Result<OutboundAdapter> {
    use bt_adapters_outbound::{Policy, VapidKeys};
    let policy = Policy { allow_insecure: config.dev_routes };
    if std::env::var("VAPID_PRIVATE_KEY").is_ok_and(|v| !v.trim().is_empty()) {
        return OutboundAdapter::from_env(policy, &config.support_email).map_err(anyhow::Error::msg);
    }
    let path = data_dir.join("vapid-private-key");
    let keys = match std::fs::read_to_string(&path).ok().and_then(|k| VapidKeys::from_private_b64url(k.trim()).ok()) {
        Some(keys) => keys,
        None => {
            let keys = VapidKeys::generate();
            std::fs::write(&path, keys.to_private_b64url())?;
            keys
        }
    };
    Ok(OutboundAdapter::new(policy, Some(keys), None, &config.support_email)?)
}

fn env_or(name: &str, default: &str) -> String {
    std::env::var(name).ok().filter(|v| !v.is_empty()).unwrap_or_else(|| default.to_string())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,tower_http=warn".into()),
        )
        // Colours only on a terminal, so the log stays greppable (mailed links are read from it).
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr)
        .init();
    let data_dir = PathBuf::from(env_or("DATA_DIR", "./.data"));
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(done) = breaktime_local::selfhost::command(&args, &data_dir) {
        eprintln!("{}", done?);
        return Ok(());
    }
    let port: u16 = env_or("PORT", "8080").parse().map_err(|_| anyhow::anyhow!("PORT must be a port number"))?;
    let host = env_or("HOST", "127.0.0.1");
    // The refusal is the whole message, without an error trace.
    let dev_routes = breaktime_local::selfhost::dev_routes(&host, std::env::var("DEV_ROUTES").ok().as_deref())
        .unwrap_or_else(|refusal| {
            eprintln!("{refusal}");
            std::process::exit(2)
        });
    std::fs::create_dir_all(&data_dir)
        .map_err(|e| anyhow::anyhow!("DATA_DIR {} cannot be created: {e}", data_dir.display()))?;

    let mut config = Config::from_env(Some(local_secret(&data_dir)?))?;
    config.dev_routes = dev_routes;
    let store: Arc<dyn Table> = match env_or("STORE", "sqlite").as_str() {
        "sqlite" => Arc::new(SqliteTable::open(&breaktime_local::selfhost::database(&data_dir))?),
        #[cfg(feature = "aws")]
        "dynamo" => {
            let aws = bt_adapters_aws::sdk::aws_config_from_env().await;
            Arc::new(bt_adapters_aws::dynamo::DynamoTable::from_env(&aws, env_or("TABLE_NAME", "breaktime")))
        }
        other => anyhow::bail!("STORE={other} is not supported by this build (sqlite; dynamo with --features aws)"),
    };
    let mailer: Arc<dyn Mailer> = match std::env::var("SMTP_URL").ok().filter(|v| !v.trim().is_empty()) {
        Some(url) => {
            let smtp = Arc::new(SmtpMailer::new(url.trim(), &config.mail_from)?);
            // The relay is greeted beside the start-up, not before it: one that is down now may be up by the first
            // mail, so it is said, not fatal.
            let (greeted, from) = (smtp.clone(), config.mail_from.clone());
            tokio::spawn(async move {
                match greeted.check().await {
                    Ok(()) => tracing::info!(%from, "mail goes out through the SMTP relay"),
                    Err(e) => tracing::warn!("{e}; each mail is tried as it is sent"),
                }
            });
            smtp
        }
        None => {
            if !breaktime_local::selfhost::is_loopback(&host) {
                tracing::warn!(
                    "no SMTP_URL: mail is not sent, only kept in {}",
                    data_dir.join("outbox.jsonl").display()
                );
            }
            Arc::new(Outbox::new(Some(data_dir.join("outbox.jsonl"))))
        }
    };
    if !breaktime_local::selfhost::is_loopback(&host) && std::env::var("APP_URL").is_err() {
        tracing::warn!(app_url = %config.app_url, "no APP_URL: mailed links point at this address, set it to the team's");
    }
    tracing::info!(config = ?config.describe(), data_dir = %data_dir.display(), "starting Breaktime");
    let outbound = local_outbound(&data_dir, &config)?;
    let state = AppState::new(store, mailer, config).with_outbound(Arc::new(outbound));
    if env_or("SCHEDULER", "1") == "1" {
        tokio::spawn(breaktime_local::scheduler::every_minute(state.services().clone()));
    }
    let app = breaktime_local::app(state, Some(&breaktime_local::default_web_dist()));

    let addr: SocketAddr = format!("{host}:{port}").parse()?;
    let listener =
        tokio::net::TcpListener::bind(addr).await.map_err(|e| anyhow::anyhow!("cannot listen on {addr}: {e}"))?;
    tracing::info!("Breaktime is running on http://{addr}");
    axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
    Ok(())
}
