//! Keeps the list of `etld`'s programs fresh: [`update`] downloads the
//! Public Suffix List, checks that it is a complete list that may replace
//! the one in use, and installs it compiled in the cache directory, where
//! the `etld` command line, `etld-sql`, the DuckDB extension and the Python
//! package find it ([`etld::source`] chooses among the lists at hand).
//! `etld update` and Python's `etld.update()` both run this code.
//!
//! ```no_run
//! let updated = etld_source::update(None, false, |passed_over| {
//!     eprintln!("warning: ignoring {passed_over}");
//! })?;
//! println!("{}", updated.report);
//! # Ok::<(), etld_source::UpdateError>(())
//! ```
//!
//! Files are written by [`write::write`], which replaces regular files
//! atomically and never renames over or unlinks anything else.
#![deny(missing_docs)]

pub mod update;
pub mod write;

pub use update::{update, Refusal, UpdateError, Updated, DEFAULT_URL, LOCK_WAIT};
