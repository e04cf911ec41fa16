//! What a self-hosted server decides at start-up: whether the development routes may be served on the address it
//! binds, and the `backup` / `restore` commands of its data folder.

use std::net::IpAddr;
use std::path::{Path, PathBuf};

/// Whether `host` (an address or a name) is the loopback interface, which only this machine can reach.
pub fn is_loopback(host: &str) -> bool {
    let host = host.trim().trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost") || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// `DEV_ROUTES` for a server bound to `host`: the development routes (`/dev/outbox` with every mailed link,
/// `/dev/scheduler/run`, hooks and pushes to loopback and plain http) are on by default on loopback only, and
/// refused on any other address, where anyone who reaches the server could read another user's reset link.
pub fn dev_routes(host: &str, setting: Option<&str>) -> Result<bool, String> {
    let on = match setting.map(str::trim).filter(|s| !s.is_empty()) {
        None => return Ok(is_loopback(host)),
        Some("1" | "true") => true,
        Some("0" | "false") => false,
        Some(other) => return Err(format!("DEV_ROUTES={other} is not 1 or 0")),
    };
    if on && !is_loopback(host) {
        return Err(format!(
            "refusing to start: DEV_ROUTES=1 serves /dev/outbox (every mailed verification, reset and invitation link) to anyone who \
             reaches HOST={host}. Set DEV_ROUTES=0 to serve beyond this machine, or bind HOST=127.0.0.1."
        ));
    }
    Ok(on)
}

/// The database file of a data folder.
pub fn database(data_dir: &Path) -> PathBuf {
    data_dir.join("breaktime.sqlite3")
}

/// `breaktime-local backup FILE` and `breaktime-local restore FILE`, over the data folder's database; None when
/// `args` (after the program name) name no such command, so the server starts.
pub fn command(args: &[String], data_dir: &Path) -> Option<anyhow::Result<String>> {
    let (name, file) = match args {
        [name, file] if name == "backup" || name == "restore" => (name.as_str(), Path::new(file)),
        [name, ..] if name == "backup" || name == "restore" => {
            return Some(Err(anyhow::anyhow!("usage: breaktime-local {name} FILE (the data folder is DATA_DIR)")))
        }
        _ => return None,
    };
    let db = database(data_dir);
    Some(match name {
        "backup" => bt_adapters_local::sqlite::backup(&db, file)
            .map(|()| format!("backed up {} to {}", db.display(), file.display())),
        _ => bt_adapters_local::sqlite::restore(file, &db)
            .map(|()| format!("restored {} from {}", db.display(), file.display())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dev_routes_are_on_by_default_on_loopback_only_and_refused_beyond_it() {
        for host in ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost"] {
            assert_eq!(dev_routes(host, None), Ok(true), "{host}");
            assert_eq!(dev_routes(host, Some("1")), Ok(true), "{host}");
            assert_eq!(dev_routes(host, Some("0")), Ok(false), "{host}");
        }
        for host in ["0.0.0.0", "::", "192.168.1.20", "breaks.example.com"] {
            assert_eq!(dev_routes(host, None), Ok(false), "{host}");
            assert_eq!(dev_routes(host, Some("0")), Ok(false), "{host}");
            let refused = dev_routes(host, Some("1")).unwrap_err();
            assert!(refused.starts_with("refusing to start: DEV_ROUTES=1"), "{refused}");
            assert!(refused.contains(&format!("HOST={host}")), "{refused}");
        }
        assert!(dev_routes("127.0.0.1", Some("yes")).is_err());
    }
}
