//! `scripts/url_differential.mjs` against this build: `etld --url` gives the
//! host Node's `new URL()` (a WHATWG URL parser) gives, on the script's
//! generated inputs, the conveniences of `--url` that are not URLs aside.
//! Skipped, with a note, where no `node` of version 18 or later (whose URL
//! parser is Ada, a WHATWG one) is on the path.

use std::path::PathBuf;
use std::process::Command;

/// The major version of the `node` on the path, if any.
fn node_major() -> Option<u32> {
    let out = Command::new("node").arg("--version").output().ok()?;
    let version = String::from_utf8(out.stdout).ok()?;
    version
        .trim()
        .strip_prefix('v')?
        .split('.')
        .next()?
        .parse()
        .ok()
}

#[test]
fn etld_url_agrees_with_node() {
    match node_major() {
        Some(major) if major >= 18 => {}
        other => {
            eprintln!("skipped: no node 18 or later on the path ({other:?})");
            return;
        }
    }
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("scripts")
        .join("url_differential.mjs");
    let out = Command::new("node")
        .arg(script)
        .env("ETLD", env!("CARGO_BIN_EXE_etld"))
        // The built-in list, whatever is installed on this machine.
        .env(
            "ETLD_CACHE_DIR",
            format!("{}/url-differential-no-cache", env!("CARGO_TARGET_TMPDIR")),
        )
        .env("ETLD_SYSTEM_LIST", "")
        .env("ETLD_MAX_AGE_DAYS", "1000000")
        .env_remove("ETLD_LIST")
        .env_remove("ETLD_EXTRA")
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains(" 0 disagree"), "{stdout}");
}
