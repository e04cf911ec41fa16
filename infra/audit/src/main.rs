//! `make audit` (part of `make test`): every package of `Cargo.lock` against an offline snapshot of the RustSec
//! advisory database, with the library `cargo audit` is built on (`rustsec`).
//!
//! - A vulnerability fails the run, unless `infra/audit/ignore.toml` lists its id with the reason it does not apply.
//! - Unmaintained, unsound and notice advisories are warnings, and so are yanked versions: those are read from
//!   cargo's own cache of the registry index (written when cargo resolved the lock file), so nothing is fetched.
//! - The output names the snapshot and its date (from its SNAPSHOT.md), since a snapshot can be stale.
//!
//! `audit [--db DIR] [--lock FILE] [--ignore FILE]`; the database defaults to `$ADVISORY_DB`, else
//! `../shared/advisory-db` beside the repository.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use rustsec::report::{Report, Settings};
use rustsec::{advisory, Database, Lockfile};
use serde::Deserialize;

#[derive(Debug, Deserialize)]
struct IgnoreFile {
    #[serde(default)]
    ignore: Vec<Ignored>,
}

#[derive(Debug, Deserialize)]
struct Ignored {
    id: String,
    reason: String,
}

struct Args {
    db: PathBuf,
    lock: PathBuf,
    ignore: PathBuf,
}

fn args() -> Result<Args> {
    let mut db = std::env::var_os("ADVISORY_DB").map(PathBuf::from).unwrap_or_else(|| "../shared/advisory-db".into());
    let mut lock = PathBuf::from("Cargo.lock");
    let mut ignore = PathBuf::from("infra/audit/ignore.toml");
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().with_context(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--db" => db = value.into(),
            "--lock" => lock = value.into(),
            "--ignore" => ignore = value.into(),
            _ => bail!("unknown option {flag} (audit [--db DIR] [--lock FILE] [--ignore FILE])"),
        }
    }
    Ok(Args { db, lock, ignore })
}

/// "commit … (2026-08-21)" from the snapshot's SNAPSHOT.md, or what can be said without it.
fn snapshot_of(db: &Path) -> String {
    let text = std::fs::read_to_string(db.join("SNAPSHOT.md")).unwrap_or_default();
    let date = text.split(['(', ')']).find(|part| {
        let b = part.as_bytes();
        b.len() == 10 && b[4] == b'-' && b[7] == b'-' && part.replace('-', "").bytes().all(|c| c.is_ascii_digit())
    });
    let commit = text.split_whitespace().find(|w| w.len() == 40 && w.bytes().all(|c| c.is_ascii_hexdigit()));
    match (commit, date) {
        (Some(c), Some(d)) => format!("commit {} of {d}", &c[..12]),
        (None, Some(d)) => format!("of {d}"),
        _ => "of an unknown date (no SNAPSHOT.md)".into(),
    }
}

/// Where cargo caches a crate's entry of a registry index: `<index>/.cache/<prefix>/<name>`.
fn index_cache_paths(name: &str) -> Vec<PathBuf> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")));
    let Some(home) = home else { return Vec::new() };
    let lower = name.to_lowercase();
    let prefix = match lower.len() {
        1 => "1".to_string(),
        2 => "2".to_string(),
        3 => format!("3/{}", &lower[..1]),
        _ => format!("{}/{}", &lower[..2], &lower[2..4]),
    };
    let Ok(indexes) = std::fs::read_dir(home.join("registry/index")) else { return Vec::new() };
    indexes.flatten().map(|i| i.path().join(".cache").join(&prefix).join(&lower)).filter(|p| p.exists()).collect()
}

/// Whether cargo's cached index says this version is yanked (None: not in the cache).
fn yanked(name: &str, version: &str) -> Option<bool> {
    for path in index_cache_paths(name) {
        let Ok(bytes) = std::fs::read(&path) else { continue };
        // The cache is a small header, then NUL-separated pairs of a version and its JSON line.
        for entry in bytes.split(|b| *b == 0) {
            if !entry.starts_with(b"{") {
                continue;
            }
            let Ok(line) = serde_json::from_slice::<serde_json::Value>(entry) else { continue };
            if line["vers"] == version {
                return Some(line["yanked"].as_bool().unwrap_or(false));
            }
        }
    }
    None
}

fn run() -> Result<bool> {
    let args = args()?;
    if !args.db.join("crates").is_dir() {
        // CI and fresh machines have the snapshot beside the repository; say so plainly when it is not.
        println!("audit: no advisory database at {} (set ADVISORY_DB); nothing checked", args.db.display());
        return Ok(true);
    }
    let db =
        Database::open(&args.db).with_context(|| format!("reading the advisory database {}", args.db.display()))?;
    let lockfile = Lockfile::load(&args.lock).with_context(|| format!("reading {}", args.lock.display()))?;
    let ignore_file: IgnoreFile = match std::fs::read_to_string(&args.ignore) {
        Ok(text) => toml::from_str(&text).with_context(|| format!("reading {}", args.ignore.display()))?,
        Err(_) => IgnoreFile { ignore: Vec::new() },
    };
    for ignored in &ignore_file.ignore {
        if ignored.reason.trim().is_empty() {
            bail!("{}: {} is ignored without a reason", args.ignore.display(), ignored.id);
        }
    }
    let mut settings = Settings {
        informational_warnings: vec![
            advisory::Informational::Unmaintained,
            advisory::Informational::Unsound,
            advisory::Informational::Notice,
        ],
        ..Settings::default()
    };
    for ignored in &ignore_file.ignore {
        settings.ignore.push(ignored.id.parse().with_context(|| format!("advisory id {}", ignored.id))?);
    }
    let report = Report::generate(&db, &lockfile, &settings);

    println!(
        "audit: {} packages of {} against the RustSec advisory database snapshot {} ({} advisories, {})",
        lockfile.packages.len(),
        args.lock.display(),
        snapshot_of(&args.db),
        db.iter().count(),
        args.db.display()
    );
    for ignored in &ignore_file.ignore {
        println!("  ignored {}: {}", ignored.id, ignored.reason);
    }
    for (kind, warnings) in &report.warnings {
        for w in warnings {
            let about = w.advisory.as_ref().map(|a| format!("{} {}", a.id, a.title)).unwrap_or_default();
            println!("  warning ({}): {} {} {about}", kind.as_str(), w.package.name, w.package.version);
        }
    }
    let (mut yanked_count, mut unknown) = (0, 0);
    for package in lockfile.packages.iter().filter(|p| p.source.as_ref().is_some_and(|s| s.is_default_registry())) {
        match yanked(package.name.as_str(), &package.version.to_string()) {
            Some(true) => {
                yanked_count += 1;
                println!("  warning (yanked): {} {}", package.name, package.version);
            }
            Some(false) => {}
            None => unknown += 1,
        }
    }
    if unknown > 0 {
        println!("  {unknown} packages are not in cargo's index cache: their yanked state was not checked");
    }
    for v in &report.vulnerabilities.list {
        println!(
            "  VULNERABLE: {} {} — {} {} (patched: {})",
            v.package.name,
            v.package.version,
            v.advisory.id,
            v.advisory.title,
            v.versions.patched().iter().map(|r| r.to_string()).collect::<Vec<_>>().join(", ")
        );
    }
    let warnings: usize = report.warnings.values().map(Vec::len).sum::<usize>() + yanked_count;
    println!("audit: {} vulnerabilities, {warnings} warnings", report.vulnerabilities.count);
    Ok(!report.vulnerabilities.found)
}

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("audit: {e:#}");
            ExitCode::from(2)
        }
    }
}
