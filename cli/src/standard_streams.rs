//! Whether standard input and standard output were open when the process
//! started.
//!
//! Started with one of them closed (`etld example.com >&-`, `etld <&-`), a
//! Rust program finds `/dev/null` in its place: the runtime opens it before
//! `main`, and whatever is written to it is lost without a word, and
//! reading it gives no line, as though the input were empty. etld refuses
//! to run then rather than lose its answers (standard output), and refuses
//! to read an input that is not there (standard input) rather than answer
//! nothing and succeed.
//!
//! What the runtime opened cannot be told afterwards from a `/dev/null`
//! given on purpose (a shell's `>/dev/null` or `</dev/null`, Python's
//! `subprocess.DEVNULL`, Go's `exec.Cmd` with no output, a service
//! manager's null streams), so descriptors 0 and 1 are looked at before the
//! runtime starts: a constructor that the loader runs (the `ctor` crate)
//! notes whether the process's table of open descriptors (`/proc/self/fd`
//! on Linux, `/dev/fd` elsewhere) holds each. Where the table cannot be
//! read, or the platform runs no constructors, both count as open.

use std::io;
use std::sync::atomic::{AtomicU8, Ordering};

/// Nothing noted.
const UNKNOWN: u8 = 0;
/// The descriptor was in the table.
#[cfg(unix)]
const OPEN: u8 = 1;
/// The table was there, the descriptor was not.
const CLOSED: u8 = 2;

/// What [`note_at_start`] found of standard input.
static STDIN_AT_START: AtomicU8 = AtomicU8::new(UNKNOWN);
/// What [`note_at_start`] found of standard output.
static STDOUT_AT_START: AtomicU8 = AtomicU8::new(UNKNOWN);

/// The table of the process's open descriptors, and the entries of
/// descriptors 0 and 1.
#[cfg(any(target_os = "linux", target_os = "android"))]
const TABLE: (&str, &str, &str) = ("/proc/self/fd", "/proc/self/fd/0", "/proc/self/fd/1");
#[cfg(all(unix, not(any(target_os = "linux", target_os = "android"))))]
const TABLE: (&str, &str, &str) = ("/dev/fd", "/dev/fd/0", "/dev/fd/1");

/// Notes whether descriptors 0 and 1 are open, before the runtime starts.
///
/// `ctor` asks (`unsafe`) that a constructor use nothing of the standard
/// library that needs its runtime: this one asks the file system about
/// three paths (`lstat`, no allocation for paths this short) and stores
/// numbers in atomics.
#[cfg(unix)]
#[ctor::ctor(unsafe)]
fn note_at_start() {
    let (table, stdin, stdout) = TABLE;
    let has_table = std::fs::symlink_metadata(table).is_ok();
    let state = |entry: &str| match (has_table, std::fs::symlink_metadata(entry).is_ok()) {
        (false, _) => UNKNOWN,
        (true, true) => OPEN,
        (true, false) => CLOSED,
    };
    STDIN_AT_START.store(state(stdin), Ordering::Relaxed);
    STDOUT_AT_START.store(state(stdout), Ordering::Relaxed);
}

/// An error if `noted` says the descriptor was closed at the start.
fn check(noted: &AtomicU8) -> io::Result<()> {
    match noted.load(Ordering::Relaxed) {
        CLOSED => Err(io::Error::other(
            "it is closed (etld was started without it)",
        )),
        _ => Ok(()),
    }
}

/// An error if standard output was closed when the process started (see
/// the module docs).
pub(crate) fn check_stdout() -> io::Result<()> {
    check(&STDOUT_AT_START)
}

/// An error if standard input was closed when the process started (see
/// the module docs).
pub(crate) fn check_stdin() -> io::Result<()> {
    check(&STDIN_AT_START)
}
