//! The audit binary against lock files made for the test: a vulnerable version fails the run and is named, an
//! ignored one (with its reason) does not, an ignore without a reason is refused, and the snapshot's date is said.
//! Needs the advisory database snapshot (`$ADVISORY_DB`, else `../shared/advisory-db` beside the repository).

use std::path::PathBuf;
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn db() -> Option<PathBuf> {
    let db = std::env::var_os("ADVISORY_DB").map(PathBuf::from).unwrap_or_else(|| repo().join("../shared/advisory-db"));
    db.join("crates").is_dir().then_some(db)
}

const REGISTRY: &str = "registry+https://github.com/rust-lang/crates.io-index";

fn lock(packages: &[(&str, &str)]) -> tempfile_path::TempFile {
    let mut text = String::from("version = 3\n");
    for (name, version) in packages {
        text.push_str(&format!("\n[[package]]\nname = \"{name}\"\nversion = \"{version}\"\nsource = \"{REGISTRY}\"\n"));
    }
    tempfile_path::TempFile::with(&text)
}

fn audit(lock: &tempfile_path::TempFile, ignore: Option<&tempfile_path::TempFile>) -> (i32, String) {
    let db = db().expect("checked by the caller");
    let none = tempfile_path::TempFile::with("");
    let out = Command::new(env!("CARGO_BIN_EXE_audit"))
        .args(["--db", db.to_str().unwrap(), "--lock", lock.path(), "--ignore", ignore.unwrap_or(&none).path()])
        .output()
        .expect("the audit binary runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
}

/// A temporary file, removed when dropped (std only).
mod tempfile_path {
    use std::sync::atomic::{AtomicUsize, Ordering};

    pub struct TempFile(String);

    impl TempFile {
        pub fn with(text: &str) -> TempFile {
            static N: AtomicUsize = AtomicUsize::new(0);
            let n = N.fetch_add(1, Ordering::SeqCst);
            let path = std::env::temp_dir().join(format!("audit-test-{}-{n}.toml", std::process::id()));
            std::fs::write(&path, text).unwrap();
            TempFile(path.to_string_lossy().into_owned())
        }
        pub fn path(&self) -> &str {
            &self.0
        }
    }

    impl Drop for TempFile {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }
}

#[test]
fn a_vulnerable_version_fails_unless_ignored_with_a_reason() {
    if db().is_none() {
        eprintln!("no advisory database snapshot: skipped");
        return;
    }
    // smallvec 1.6.0: RUSTSEC-2021-0003 (patched in 1.6.1).
    let vulnerable = lock(&[("smallvec", "1.6.0"), ("smallvec", "1.13.2")]);
    let (code, out) = audit(&vulnerable, None);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("VULNERABLE: smallvec 1.6.0") && out.contains("RUSTSEC-2021-0003"), "{out}");
    assert!(!out.contains("smallvec 1.13.2 —"), "{out}");
    assert!(out.contains("advisory database snapshot") && out.contains(" of 20"), "the snapshot's date: {out}");

    let ignore =
        tempfile_path::TempFile::with("[[ignore]]\nid = \"RUSTSEC-2021-0003\"\nreason = \"the test says why\"\n");
    let (code, out) = audit(&vulnerable, Some(&ignore));
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("ignored RUSTSEC-2021-0003: the test says why"), "{out}");

    let no_reason = tempfile_path::TempFile::with("[[ignore]]\nid = \"RUSTSEC-2021-0003\"\nreason = \" \"\n");
    let (code, _) = audit(&vulnerable, Some(&no_reason));
    assert_eq!(code, 2);
}

#[test]
fn unmaintained_and_yanked_versions_are_warnings() {
    if db().is_none() {
        eprintln!("no advisory database snapshot: skipped");
        return;
    }
    // paste: RUSTSEC-2024-0436 (unmaintained); hex 0.4.1 was yanked (read from cargo's index cache when there).
    let (code, out) = audit(&lock(&[("paste", "1.0.15"), ("hex", "0.4.1")]), None);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("warning (unmaintained): paste 1.0.15 RUSTSEC-2024-0436"), "{out}");
    assert!(out.contains("warning (yanked): hex 0.4.1") || out.contains("not in cargo's index cache"), "{out}");
}

#[test]
fn the_projects_own_lock_file_passes() {
    if db().is_none() {
        eprintln!("no advisory database snapshot: skipped");
        return;
    }
    let out = Command::new(env!("CARGO_BIN_EXE_audit")).current_dir(repo()).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("0 vulnerabilities"), "{text}");
}
