//! Web Push (VAPID) keys of a deployment, for `infra/deploy/deploy.sh`:
//!
//!   vapid-keys               a new key pair: prints `<private key> <public key>` (base64url)
//!   vapid-keys --public      reads a private key on stdin, prints its public key

use std::io::Read;

use bt_adapters_outbound::VapidKeys;

fn main() -> anyhow::Result<()> {
    match std::env::args().nth(1).as_deref() {
        None => {
            let keys = VapidKeys::generate();
            println!("{} {}", keys.to_private_b64url(), keys.public_key_b64url());
        }
        Some("--public") => {
            let mut private = String::new();
            std::io::stdin().read_to_string(&mut private)?;
            let keys = VapidKeys::from_private_b64url(private.trim()).map_err(|e| anyhow::anyhow!("{e}"))?;
            println!("{}", keys.public_key_b64url());
        }
        Some(other) => anyhow::bail!("unknown argument {other}: vapid-keys [--public]"),
    }
    Ok(())
}
