//! Whether standard output was open when the process started.
//!
//! Started with standard output closed (`etld example.com >&-`), a Rust
//! program finds `/dev/null` in its place: the runtime opens it before
//! `main`, and whatever is written to it is lost without a word. etld
//! refuses to run then rather than lose its answers.
//!
//! What the runtime opened cannot be told afterwards from a `/dev/null`
//! given on purpose, for writing (a shell's `>/dev/null`) or for reading
//! and writing (Python's `subprocess.DEVNULL`, Go's `exec.Cmd` with no
//! output, a service manager's null output), so descriptor 1 is looked at
//! before the runtime starts: a constructor that the loader runs (the
//! `ctor` crate) notes whether the process's table of open descriptors
//! (`/proc/self/fd` on Linux, `/dev/fd` elsewhere) holds it. Where the
//! table cannot be read, or the platform runs no constructors, standard
//! output counts as open.

use std::io;
use std::sync::atomic::{AtomicU8, Ordering};

/// Nothing noted.
const UNKNOWN: u8 = 0;
/// Descriptor 1 was in the table.
#[cfg(unix)]
const OPEN: u8 = 1;
/// The table was there, descriptor 1 was not.
const CLOSED: u8 = 2;

/// What [`note_at_start`] found.
static AT_START: AtomicU8 = AtomicU8::new(UNKNOWN);

/// The table of the process's open descriptors, and descriptor 1's entry.
#[cfg(any(target_os = "linux", target_os = "android"))]
const TABLE: (&str, &str) = ("/proc/self/fd", "/proc/self/fd/1");
#[cfg(all(unix, not(any(target_os = "linux", target_os = "android"))))]
const TABLE: (&str, &str) = ("/dev/fd", "/dev/fd/1");

/// Notes whether descriptor 1 is open, before the runtime starts.
///
/// `ctor` asks (`unsafe`) that a constructor use nothing of the standard
/// library that needs its runtime: this one asks the file system about two
/// paths (`lstat`, no allocation for paths this short) and stores a
/// number in an atomic.
#[cfg(unix)]
#[ctor::ctor(unsafe)]
fn note_at_start() {
    let (table, stdout) = TABLE;
    let state = match (
        std::fs::symlink_metadata(table).is_ok(),
        std::fs::symlink_metadata(stdout).is_ok(),
    ) {
        (false, _) => UNKNOWN,
        (true, true) => OPEN,
        (true, false) => CLOSED,
    };
    AT_START.store(state, Ordering::Relaxed);
}

/// An error if standard output was closed when the process started (see
/// the module docs).
pub(crate) fn check() -> io::Result<()> {
    match AT_START.load(Ordering::Relaxed) {
        CLOSED => Err(io::Error::other(
            "it is closed (etld was started without it)",
        )),
        _ => Ok(()),
    }
}
