//! Which list `etld`'s programs use, and keeping it fresh: [`load`] chooses
//! the list in use (a given file, `$ETLD_LIST`, else the newest of the
//! built-in list, the installed one and the system's) and lays the files
//! of extra rules over it ([`load_extras`]); [`update()`] downloads the
//! Public Suffix List, checks that it is a complete list that may replace
//! the one in use, and installs it compiled in the cache directory, where
//! the `etld` command line, `etld-sql` and the Python package find it. `etld update` and Python's `etld.update()` both run
//! this code. See [`discover`] for the policy.
//!
//! ```no_run
//! # #[cfg(feature = "update")]
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let updated = etld_source::update(None, false, |notice| eprintln!("{notice}"))?;
//! for warning in &updated.warnings {
//!     eprintln!("warning: {warning}");
//! }
//! println!("{}", updated.report);
//! let loaded = etld_source::load(None)?;
//! println!("now in use: {} (VERSION {:?})", loaded.source, loaded.list.version());
//! # Ok(())
//! # }
//! # #[cfg(not(feature = "update"))]
//! # fn main() {}
//! ```
//!
//! The `update` feature (on by default) brings [`update()`] and the HTTP
//! client it needs; without it, the crate is the list-discovery policy
//! alone, which `etld-sql` and the DuckDB extension take.
//!
//! The `clap` feature brings the `args` module: `--list`, `--extra` and the lookup
//! options as clap arguments, which `etld` and `etld-sql` share.
//!
//! Files are written by [`write::write`], which replaces regular files
//! atomically and never renames over or unlinks anything else.
#![deny(missing_docs)]

#[cfg(feature = "clap")]
pub mod args;
pub mod discover;
pub mod hint;
#[cfg(feature = "update")]
pub mod update;
mod userinfo;
pub mod write;

pub use discover::{
    cache_dir, extra_paths, installed_path, is_future, load, load_extras, load_file, load_newest,
    load_newest_of, named_by, passed_over_warning, read_extra, said_with, split_path_list,
    system_list_path, LoadError, Loaded, Origin, Source, DEBIAN_LIST, EXTRA_VAR, INSTALLED_FILE,
    MAX_CLOCK_SKEW,
};
pub use hint::url_hint;
#[cfg(feature = "update")]
pub use update::{update, Notice, Refusal, UpdateError, Updated, DEFAULT_URL, LOCK_WAIT};
