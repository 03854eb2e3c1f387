//! The list a program uses unless told otherwise, and the files of extra
//! rules it lays over it: the policy that the `etld` command line,
//! `etld-sql` and the Python package share, on the primitives of
//! [`etld::source`] (reading a list file within a bound, its VERSION, the
//! newest of several). Each of them chooses its list the same way, with
//! [`load`] (the DuckDB extension reads the files its settings name with
//! [`load_file`] and [`load_extras`], and otherwise answers from the
//! built-in list):
//!
//! 1. a list file the program was given (`--list FILE`);
//! 2. else the file named by `$ETLD_LIST` (an empty value counts as unset);
//! 3. else the newest, by VERSION, of the built-in list, the list `etld
//!    update` installed ([`installed_path`]: `public_suffix_list.fst` in
//!    [`cache_dir`], which is `$ETLD_CACHE_DIR` or the platform's cache
//!    directory) and the system's list ([`system_list_path`]:
//!    `$ETLD_SYSTEM_LIST`, by default Debian's
//!    `/usr/share/publicsuffix/public_suffix_list.dat`). The built-in list
//!    wins ties.
//!
//! A file of the first two steps must load, or there is no list: the
//! program was asked for it. In the last step a missing file is no
//! candidate (but for a system list that `$ETLD_SYSTEM_LIST` names), and
//! one that cannot be read, is not a valid list or has no VERSION to
//! compare is passed over for the next newest, so a damaged cache never
//! stops a program; [`Loaded::passed_over`] says which were, for a warning
//! ([`passed_over_warning`]).
//!
//! Files of extra rules are laid over the list in use, whichever it is
//! ([`load_extras`]): those that `$ETLD_EXTRA` names (a path list, as
//! `PATH`), then those the program was given (`--extra FILE`), as though
//! appended to the list in that order. Each is read by [`read_extra`],
//! and one that cannot be read or is not valid list text is an error:
//! rules a user asked for are never dropped quietly.
//!
//! ```no_run
//! let loaded = etld_source::load(None)?;
//! for e in &loaded.passed_over {
//!     eprintln!("myprogram: {}", etld_source::passed_over_warning(e));
//! }
//! let list = etld_source::load_extras(&loaded.list, &etld_source::extra_paths(&[]))?;
//! println!("{} (VERSION {:?})", loaded.source, list.version());
//! for layer in list.layers() {
//!     println!("  and {} ({} rules)", layer.name(), layer.rule_counts().total());
//! }
//! # Ok::<(), etld_source::LoadError>(())
//! ```

use std::borrow::Cow;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use etld::source::{newest, peek_version, read_candidate, read_list, ListVersion};
use etld::{Error, List};

/// Seconds in a day.
const DAY: u64 = 86_400;

/// The name of the list file that `etld update` installs in [`cache_dir`].
pub const INSTALLED_FILE: &str = "public_suffix_list.fst";

/// Where Debian's `publicsuffix` package puts the list: the system's list
/// on Unix systems unless `$ETLD_SYSTEM_LIST` says otherwise.
pub const DEBIAN_LIST: &str = "/usr/share/publicsuffix/public_suffix_list.dat";

/// The directory where `etld update` installs the list: `$ETLD_CACHE_DIR`,
/// else the platform's cache directory (`$XDG_CACHE_HOME/etld` or
/// `~/.cache/etld` on Linux and other Unix systems, `~/Library/Caches/etld`
/// on macOS, `%LOCALAPPDATA%\etld` on Windows). `None` when none of these
/// variables is set. An empty variable counts as unset, and a relative
/// `$XDG_CACHE_HOME` is ignored, as the XDG specification asks.
pub fn cache_dir() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = var("ETLD_CACHE_DIR") {
        return Some(PathBuf::from(dir));
    }
    let base = if cfg!(windows) {
        var("LOCALAPPDATA").map(PathBuf::from)
    } else if cfg!(target_os = "macos") {
        var("HOME").map(|home| Path::new(&home).join("Library/Caches"))
    } else {
        var("XDG_CACHE_HOME")
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .or_else(|| var("HOME").map(|home| Path::new(&home).join(".cache")))
    };
    base.map(|b| b.join("etld"))
}

/// The path of the list `etld update` installs ([`INSTALLED_FILE`] in
/// [`cache_dir`]), whether or not it exists.
pub fn installed_path() -> Option<PathBuf> {
    cache_dir().map(|d| d.join(INSTALLED_FILE))
}

/// The system's list file, whether or not it exists: `$ETLD_SYSTEM_LIST`
/// (set but empty: no system list), else [`DEBIAN_LIST`] on Unix systems.
pub fn system_list_path() -> Option<PathBuf> {
    match std::env::var_os("ETLD_SYSTEM_LIST") {
        Some(path) if path.is_empty() => None,
        Some(path) => Some(PathBuf::from(path)),
        None => cfg!(unix).then(|| PathBuf::from(DEBIAN_LIST)),
    }
}

/// Why a list file is the one in use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// The program was given it (`--list FILE`).
    Given,
    /// `$ETLD_LIST` named it.
    Env,
    /// `etld update` installed it, and it is the newest list at hand.
    Installed,
    /// It is the system's list, and the newest at hand.
    System,
}

/// Where the list in use came from.
///
/// Its `Display` is a short phrase for a log line: `the built-in list`, or
/// the file and why it was chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The list built into etld ([`List::builtin`]).
    Builtin,
    /// A list file.
    File {
        /// The file.
        path: PathBuf,
        /// Its size in bytes.
        len: usize,
        /// Whether it is a compiled `.fst` file (else list text).
        compiled: bool,
        /// Why this file.
        origin: Origin,
    },
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (path, why) = match self {
            Source::Builtin => return f.write_str("the built-in list"),
            Source::File { path, origin, .. } => (path.display(), origin),
        };
        match why {
            Origin::Given => write!(f, "{path} (given)"),
            Origin::Env => write!(f, "{path} (named by ETLD_LIST)"),
            Origin::Installed => write!(f, "{path} (installed by `etld update`, the newest)"),
            Origin::System => write!(f, "{path} (the system's list, the newest)"),
        }
    }
}

/// A list file that cannot be used.
#[derive(Debug)]
#[non_exhaustive]
pub enum LoadError {
    /// The file could not be read.
    Read {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        error: io::Error,
    },
    /// The file is not a valid list (text or `.fst`).
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        error: Error,
    },
    /// A file of extra rules ([`load_extras`]) could not be read.
    ReadExtra {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        error: io::Error,
    },
    /// A file of extra rules is not valid list text: the line and what is
    /// wrong there ([`Error::Rule`]), or no rule at all.
    InvalidExtra {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        error: Error,
    },
    /// A candidate for the newest list whose VERSION lies more than
    /// [`MAX_CLOCK_SKEW`] ahead of the clock: no list is published in the
    /// future, and one that claims to be would win over every genuine
    /// later list.
    Future {
        /// The file.
        path: PathBuf,
        /// Its VERSION.
        version: ListVersion,
    },
    /// A candidate for the newest list with no VERSION that can be
    /// compared (no `// VERSION:` line, or one that is not a date): the
    /// built-in list, which has one, is always newer, so it is never used
    /// unless named (`--list`, `$ETLD_LIST`).
    NoVersion {
        /// The file.
        path: PathBuf,
    },
    /// The system's list that `$ETLD_SYSTEM_LIST` names does not exist (the
    /// default one, Debian's, is simply no candidate when missing).
    MissingSystemList {
        /// The file.
        path: PathBuf,
    },
}

/// How far ahead of the clock a list's VERSION may lie (clocks disagree):
/// a day. A candidate further ahead is passed over, and `etld update`
/// refuses to install it.
pub const MAX_CLOCK_SKEW: Duration = Duration::from_secs(DAY);

/// Whether `version` lies more than [`MAX_CLOCK_SKEW`] after `now`.
///
/// ```
/// use std::time::{Duration, SystemTime};
/// use etld::ListVersion;
///
/// let v: ListVersion = "2026-10-22_08-36-41_UTC".parse()?;
/// let at = v.to_system_time();
/// assert!(!etld_source::is_future(v, at - Duration::from_secs(86_400)));
/// assert!(etld_source::is_future(v, at - Duration::from_secs(86_401)));
/// # Ok::<(), etld::VersionError>(())
/// ```
pub fn is_future(version: ListVersion, now: SystemTime) -> bool {
    version
        .to_system_time()
        .duration_since(now)
        .is_ok_and(|ahead| ahead > MAX_CLOCK_SKEW)
}

impl LoadError {
    /// The file.
    pub fn path(&self) -> &Path {
        match self {
            LoadError::Read { path, .. }
            | LoadError::Invalid { path, .. }
            | LoadError::Future { path, .. }
            | LoadError::NoVersion { path }
            | LoadError::MissingSystemList { path }
            | LoadError::ReadExtra { path, .. }
            | LoadError::InvalidExtra { path, .. } => path,
        }
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Read { path, error } => {
                write!(f, "cannot read list file {}: {error}", shown(path))
            }
            LoadError::Invalid { path, error } => {
                write!(f, "{} is not a valid list: {error}", path.display())
            }
            LoadError::ReadExtra { path, error } => {
                write!(f, "cannot read extra rules file {}: {error}", shown(path))
            }
            LoadError::InvalidExtra { path, error } => {
                write!(f, "{}: {error}", path.display())
            }
            LoadError::Future { path, version } => write!(
                f,
                "{}: its VERSION {version} lies in the future (more than a day ahead of the clock)",
                path.display()
            ),
            LoadError::NoVersion { path } => write!(
                f,
                "{}: it has no VERSION line to compare (`// VERSION: YYYY-MM-DD_HH-MM-SS_UTC`), \
                 so the built-in list is newer; ETLD_LIST or --list chooses it whatever its VERSION",
                path.display()
            ),
            LoadError::MissingSystemList { path } => write!(
                f,
                "{}: no such file (named by ETLD_SYSTEM_LIST; set it empty for no system list)",
                path.display()
            ),
        }
    }
}

/// How a file that cannot be read is named in a message: its path, or for
/// a URL given as one (which reading refuses), the URL with its userinfo
/// shown as `***@`, as `etld update` shows a URL, so that a password is
/// not written to a terminal or a log.
fn shown(path: &Path) -> String {
    let text = path.display().to_string();
    let url = text.trim_start();
    match etld::source::is_url(url) {
        // Spaces before it (DuckDB's `etld_extra` allows them) kept.
        true => text[..text.len() - url.len()].to_string() + &crate::userinfo::redacted(url),
        false => text,
    }
}

/// The environment variable that named the file an error of a run's list
/// is about, where the run's own arguments did not: `ETLD_LIST` for the
/// list when no list was `given`, `ETLD_EXTRA` for a file of extra rules
/// that `extra` (the run's `--extra` files) does not hold. A message says
/// so (`...; $ETLD_EXTRA names it`), since the variable may have been set
/// long before the run.
///
/// ```
/// # std::env::remove_var("ETLD_EXTRA");
/// let e = etld_source::LoadError::ReadExtra {
///     path: "corp.dat".into(),
///     error: std::io::ErrorKind::NotFound.into(),
/// };
/// assert_eq!(etld_source::named_by(&e, None, &[]), None);
/// ```
pub fn named_by(e: &LoadError, given: Option<&Path>, extra: &[PathBuf]) -> Option<&'static str> {
    match e {
        LoadError::Read { path, .. } | LoadError::Invalid { path, .. } => {
            let named = std::env::var_os("ETLD_LIST").filter(|p| !p.is_empty());
            (given.is_none() && named.is_some_and(|p| Path::new(&p) == path)).then_some("ETLD_LIST")
        }
        LoadError::ReadExtra { path, .. } | LoadError::InvalidExtra { path, .. } => {
            let named = split_path_list(&std::env::var_os(EXTRA_VAR).unwrap_or_default());
            (!extra.contains(path) && named.contains(path)).then_some(EXTRA_VAR)
        }
        _ => None,
    }
}

/// `e`'s message, ended by the variable that named its file where one did
/// ([`named_by`]): `cannot read extra rules file x.dat: ...; $ETLD_EXTRA
/// names it`. Every program says it so.
///
/// ```
/// let e = etld_source::LoadError::NoVersion { path: "x.dat".into() };
/// assert!(etld_source::said_with(&e, Some("ETLD_LIST")).ends_with("; $ETLD_LIST names it"));
/// assert_eq!(etld_source::said_with(&e, None), e.to_string());
/// ```
pub fn said_with(e: &LoadError, named_by: Option<&str>) -> String {
    match named_by {
        Some(var) => format!("{e}; ${var} names it"),
        None => e.to_string(),
    }
}

/// The warning a program gives of a candidate it
/// [passed over](Loaded::passed_over), after its own name (`etld: `):
/// which candidate it was (the installed list, the system's list) and why.
///
/// ```
/// let e = etld_source::LoadError::NoVersion { path: "/srv/psl.dat".into() };
/// assert!(etld_source::passed_over_warning(&e).starts_with("warning: ignoring /srv/psl.dat: it has no VERSION"));
/// ```
pub fn passed_over_warning(e: &LoadError) -> String {
    let which = if Some(e.path()) == installed_path().as_deref() {
        "the installed list: "
    } else if Some(e.path()) == system_list_path().as_deref() {
        "the system's list: "
    } else {
        ""
    };
    format!("warning: ignoring {which}{e}")
}

/// The message is whole, the wrapped error's included, so no `source` is
/// returned (a reporter that prints the chain would print it twice), as
/// for [`etld::Error`]; the wrapped error is the variant's field.
impl std::error::Error for LoadError {}

/// The list in use, where it came from, and what was passed over to get it.
#[derive(Debug)]
pub struct Loaded {
    /// The list: borrowed when it is the built-in one.
    pub list: Cow<'static, List>,
    /// Where it came from.
    pub source: Source,
    /// The candidates of the newest-list step that could not be read or
    /// loaded, in the order they were tried (missing files are not
    /// candidates, so not here).
    pub passed_over: Vec<LoadError>,
}

/// Loads the list a program uses (see [the module docs](self)): the file
/// `given` (a `--list` option), else the file named by `$ETLD_LIST`, else
/// the newest at hand ([`load_newest`]).
///
/// An error only when the given file, or the one `$ETLD_LIST` names,
/// cannot be read or is not a valid list.
///
/// ```
/// # let dir = std::env::temp_dir().join(format!("etld-doc-load-{}", std::process::id()));
/// # std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("list.dat");
/// std::fs::write(&path, "// VERSION: 2026-10-22_08-36-41_UTC\ncom\n").unwrap();
///
/// let loaded = etld_source::load(Some(&path))?;
/// assert_eq!(loaded.list.version(), Some("2026-10-22_08-36-41_UTC"));
/// assert!(matches!(loaded.source, etld_source::Source::File { origin: etld_source::Origin::Given, .. }));
///
/// let e = etld_source::load(Some(&dir.join("missing.dat"))).unwrap_err();
/// assert!(e.to_string().starts_with("cannot read list file "));
/// # std::fs::remove_dir_all(&dir).unwrap();
/// # Ok::<(), etld_source::LoadError>(())
/// ```
pub fn load(given: Option<&Path>) -> Result<Loaded, LoadError> {
    let file = |path: &Path, origin| {
        load_file(path, origin).map(|(list, source)| Loaded {
            list: Cow::Owned(list),
            source,
            passed_over: Vec::new(),
        })
    };
    if let Some(path) = given {
        return file(path, Origin::Given);
    }
    if let Some(path) = std::env::var_os("ETLD_LIST").filter(|p| !p.is_empty()) {
        return file(Path::new(&path), Origin::Env);
    }
    Ok(load_newest())
}

/// Reads and loads a list file, text or `.fst`; `origin` is why it is
/// loaded, for the [`Source`]. The read is bounded ([`read_list`] for a
/// file the program was given or `$ETLD_LIST` names, [`read_candidate`]
/// for the installed and the system's list).
pub fn load_file(path: &Path, origin: Origin) -> Result<(List, Source), LoadError> {
    let bytes = match origin {
        Origin::Given | Origin::Env => read_list(path),
        Origin::Installed | Origin::System => read_candidate(path),
    }
    .map_err(|error| LoadError::Read {
        path: path.to_path_buf(),
        error,
    })?;
    load_bytes(path, bytes, origin)
}

fn load_bytes(path: &Path, bytes: Vec<u8>, origin: Origin) -> Result<(List, Source), LoadError> {
    let len = bytes.len();
    let compiled = etld::format::is_fst_file(&bytes);
    let list = List::from_bytes(bytes).map_err(|error| LoadError::Invalid {
        path: path.to_path_buf(),
        error,
    })?;
    let source = Source::File {
        path: path.to_path_buf(),
        len,
        compiled,
        origin,
    };
    Ok((list, source))
}

/// The newest, by VERSION, of the built-in list, the installed list
/// ([`installed_path`]) and the system's list ([`system_list_path`]), as
/// [`load_newest_of`] chooses it. Besides what that passes over, a system
/// list that `$ETLD_SYSTEM_LIST` names and that does not exist is noted;
/// Debian's list, the default, is not noted for having no VERSION (its
/// package writes none).
pub fn load_newest() -> Loaded {
    let system = system_list_path();
    let mut loaded = load_newest_of(installed_path().as_deref(), system.as_deref());
    let named = std::env::var_os("ETLD_SYSTEM_LIST").is_some();
    if named {
        // A missing file is no candidate, but one the user named is worth
        // a word: a typo would otherwise go unnoticed.
        if let Some(path) = system {
            if std::fs::metadata(&path).is_err_and(|e| e.kind() == io::ErrorKind::NotFound) {
                loaded
                    .passed_over
                    .push(LoadError::MissingSystemList { path });
            }
        }
    } else {
        // Debian's own list has no VERSION line: on a Debian system the
        // built-in list is always the newer, which is no news each run.
        loaded.passed_over.retain(
            |e| !matches!(e, LoadError::NoVersion { path } if path == Path::new(DEBIAN_LIST)),
        );
    }
    loaded
}

/// The newest, by VERSION, of the built-in list and the list files
/// `installed` and `system` (each `None`: no such candidate); the built-in
/// list wins ties, then the installed one.
///
/// Each file is read once (within [`MAX_LIST_BYTES`](etld::source::MAX_LIST_BYTES), and only if it is a
/// regular file: see [`read_candidate`]) and only the chosen one is
/// compiled. The installed list is a compiled `.fst` file, as `etld
/// update` writes it, and is checked whole (header and checksum) whatever
/// its VERSION. A missing file is no candidate; one that cannot be read,
/// that is damaged, that has no VERSION to compare, whose VERSION lies in
/// the future ([`is_future`]), or that does not load when chosen, is
/// [passed over](Loaded::passed_over) for the next newest. So this always gives a
/// list: the built-in one at worst.
///
/// ```
/// use etld::source::ListVersion;
/// use etld_source::{self as source, Origin, Source};
///
/// # let dir = std::env::temp_dir().join(format!("etld-doc-newest-{}", std::process::id()));
/// # std::fs::create_dir_all(&dir).unwrap();
/// // Lists a second and two seconds newer than the built-in one.
/// let builtin = etld::List::builtin().version_time().unwrap().unix_seconds();
/// let version = |later| ListVersion::from_unix_seconds(builtin + later).unwrap();
/// let newer = dir.join("newer.fst");
/// let text = format!("// VERSION: {}\ncom\n", version(1));
/// std::fs::write(&newer, etld::compile(text.as_bytes())?).unwrap();
/// let broken = dir.join("broken.dat");
/// std::fs::write(&broken, format!("// VERSION: {}\n", version(2))).unwrap();
///
/// let loaded = source::load_newest_of(Some(&newer), None);
/// assert!(matches!(loaded.source, Source::File { origin: Origin::Installed, .. }));
///
/// // The newest does not load (it has no rule): the next newest is used.
/// let loaded = source::load_newest_of(Some(&newer), Some(&broken));
/// assert!(matches!(loaded.source, Source::File { origin: Origin::Installed, .. }));
/// assert_eq!(loaded.passed_over.len(), 1);
///
/// // Missing files are no candidates.
/// let loaded = source::load_newest_of(Some(&dir.join("missing.fst")), None);
/// assert_eq!((loaded.source, loaded.passed_over.len()), (Source::Builtin, 0));
///
/// // A damaged installed list is named, however old.
/// std::fs::write(&newer, b"ETLDFST\n").unwrap();
/// let loaded = source::load_newest_of(Some(&newer), None);
/// assert_eq!((loaded.source, loaded.passed_over.len()), (Source::Builtin, 1));
/// # std::fs::remove_dir_all(&dir).unwrap();
/// # Ok::<(), etld::Error>(())
/// ```
pub fn load_newest_of(installed: Option<&Path>, system: Option<&Path>) -> Loaded {
    let mut passed_over = Vec::new();
    let mut candidates = Vec::new();
    let now = SystemTime::now();
    let files = [(installed, Origin::Installed), (system, Origin::System)];
    for (path, origin) in files {
        let Some(path) = path else { continue };
        match candidate(path, origin, now) {
            Ok(Some((bytes, version))) => candidates.push((path, bytes, origin, version)),
            Ok(None) => {}
            Err(e) => passed_over.push(e),
        }
    }
    let builtin = peek_version(List::builtin_fst()).and_then(|v| v.parse().ok());
    loop {
        let all = std::iter::once((None, builtin)).chain(
            candidates
                .iter()
                .enumerate()
                .map(|(i, candidate)| (Some(i), Some(candidate.3))),
        );
        let Some(Some(i)) = newest(all) else {
            return Loaded {
                list: Cow::Borrowed(List::builtin()),
                source: Source::Builtin,
                passed_over,
            };
        };
        let (path, bytes, origin, _) = candidates.remove(i);
        match load_bytes(path, bytes, origin) {
            Ok((list, source)) => {
                return Loaded {
                    list: Cow::Owned(list),
                    source,
                    passed_over,
                }
            }
            Err(e) => passed_over.push(e),
        }
    }
}

/// The bytes and VERSION of the candidate list file `path`, checked as
/// [`load_newest_of`] checks it before comparing VERSIONs: `None` for a
/// missing file; an error, for which it is passed over, for one that
/// cannot be read, a compiled list (the installed one always is) that is
/// not whole (header and checksum: a damaged one is named even when an
/// older VERSION would pass it over), one with no VERSION, or one whose
/// VERSION lies in the future.
pub(crate) fn candidate(
    path: &Path,
    origin: Origin,
    now: SystemTime,
) -> Result<Option<(Vec<u8>, ListVersion)>, LoadError> {
    let bytes = match read_candidate(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => {
            return Err(LoadError::Read {
                path: path.to_path_buf(),
                error,
            })
        }
    };
    if origin == Origin::Installed || etld::format::is_fst_file(&bytes) {
        if let Err(error) = etld::format::verify(&bytes) {
            return Err(LoadError::Invalid {
                path: path.to_path_buf(),
                error: Error::Format(error),
            });
        }
    }
    let Some(version) = peek_version(&bytes).and_then(|v| v.parse().ok()) else {
        return Err(LoadError::NoVersion {
            path: path.to_path_buf(),
        });
    };
    if is_future(version, now) {
        return Err(LoadError::Future {
            path: path.to_path_buf(),
            version,
        });
    }
    Ok(Some((bytes, version)))
}

/// The variable that names files of extra rules, as a path list.
pub const EXTRA_VAR: &str = "ETLD_EXTRA";

/// The files of extra rules a program lays over its list: those that
/// `$ETLD_EXTRA` names (a path list, [`split_path_list`]), then those it
/// was `given` (`--extra FILE`), in order.
///
/// ```
/// let given = [std::path::PathBuf::from("b.dat")];
/// # std::env::remove_var("ETLD_EXTRA");
/// assert_eq!(etld_source::extra_paths(&given), given);
/// ```
pub fn extra_paths(given: &[PathBuf]) -> Vec<PathBuf> {
    let mut paths = split_path_list(&std::env::var_os(EXTRA_VAR).unwrap_or_default());
    paths.extend(given.iter().cloned());
    paths
}

/// The paths of a path list, split as `PATH` is (at `:` on Unix, `;` on
/// Windows), empty entries skipped, and on Unix a URL kept whole
/// ([`etld::source::is_url`]: `https://host:8080/x.dat`, `http://[::1]/x`,
/// `https://user:pw@host/x`),
/// where the split would cut it at each `:`, so that reading it says it is
/// a URL rather than naming a file `https`. Within a URL's authority a
/// piece goes on it as a port, a password or part of an IPv6 address;
/// once its path, query or fragment has begun, a `:` ends it, as it ends
/// a path.
///
/// ```
/// # #[cfg(unix)] {
/// use std::path::PathBuf;
/// let paths = etld_source::split_path_list("a.dat::https://example.com:8080/b.dat".as_ref());
/// assert_eq!(paths, [PathBuf::from("a.dat"), PathBuf::from("https://example.com:8080/b.dat")]);
/// # }
/// ```
pub fn split_path_list(list: &std::ffi::OsStr) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = Vec::new();
    // The authority of the URL that the last path is, which the next piece
    // may go on.
    let mut url: Option<Authority> = None;
    for piece in std::env::split_paths(list) {
        if cfg!(unix) {
            if let (Some(last), Some(text)) = (paths.last_mut(), piece.to_str()) {
                // What of the piece goes on the URL's authority, if it goes
                // on the URL.
                let goes_on = match &url {
                    Some(authority) => authority.goes_on(text).then_some(text),
                    None => starts_url(last, text).then(|| &text[2..]),
                };
                if let Some(rest) = goes_on {
                    url.get_or_insert_with(Authority::default).read(rest);
                    last.as_mut_os_string().push(format!(":{text}"));
                    continue;
                }
            }
        }
        url = None;
        paths.push(piece);
    }
    paths.retain(|p| !p.as_os_str().is_empty());
    paths
}

/// Whether `last:next`, two pieces of a path list, starts a URL: `last` a
/// scheme, `next` its `//`. Each piece is a `last` once, so the list is
/// read in time linear in its length.
fn starts_url(last: &Path, next: &str) -> bool {
    next.starts_with("//")
        && last
            .to_str()
            .is_some_and(|scheme| etld::source::is_url(&format!("{}://", scheme.trim_start())))
}

/// How far a URL of a path list has been read: whether its authority
/// (what follows its `//`) has ended, and whether an IPv6 address's
/// brackets are open in it.
#[derive(Default)]
struct Authority {
    ended: bool,
    in_brackets: bool,
}

impl Authority {
    /// Reads `text`, the URL's next piece.
    fn read(&mut self, text: &str) {
        for b in text.bytes() {
            match b {
                b'[' => self.in_brackets = true,
                b']' => self.in_brackets = false,
                b'/' | b'?' | b'#' if !self.in_brackets => {
                    self.ended = true;
                    return;
                }
                _ => {}
            }
        }
    }

    /// Whether `next`, the piece after a `:` of a path list, goes on the
    /// URL: inside an IPv6 address's brackets, or, where the authority has
    /// not ended, a port (digits to the authority's end) or a password
    /// (userinfo that ends with `@` before the authority's end).
    fn goes_on(&self, next: &str) -> bool {
        if self.ended {
            return false;
        }
        if self.in_brackets {
            return true;
        }
        let rest = &next[..next.find(['/', '?', '#']).unwrap_or(next.len())];
        (!rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit())) || rest.contains('@')
    }
}

/// Reads a file of extra rules: every read of one goes through here. The
/// user named it, so it is read as [`read_list`] reads a named list (a pipe
/// too, within [`MAX_LIST_BYTES`](etld::source::MAX_LIST_BYTES)).
pub fn read_extra(path: &Path) -> Result<Vec<u8>, LoadError> {
    read_list(path).map_err(|error| LoadError::ReadExtra {
        path: path.to_path_buf(),
        error,
    })
}

/// `list` with the rules of the files `paths` laid over it, in order (see
/// [`Layers`](etld::Layers)), each layer named by its path; the list
/// itself when there are none. A file that cannot be read or is not
/// valid list text is an error that names it: an extra file is never
/// passed over.
///
/// ```
/// # let dir = std::env::temp_dir().join(format!("etld-doc-extras-{}", std::process::id()));
/// # std::fs::create_dir_all(&dir).unwrap();
/// let corp = dir.join("corp.dat");
/// std::fs::write(&corp, "*.dev.corp.example\n").unwrap();
///
/// let list = etld_source::load_extras(etld::List::builtin(), &[corp.clone()])?;
/// assert_eq!(list.lookup("a.b.dev.corp.example").unwrap().suffix(), Some("b.dev.corp.example"));
/// assert_eq!(list.layers()[0].name(), corp.display().to_string());
///
/// std::fs::write(&corp, "ok.example\n*bad.example\n").unwrap();
/// let e = etld_source::load_extras(etld::List::builtin(), &[corp.clone()]).unwrap_err();
/// assert_eq!(e.to_string(), format!("{}: line 2, byte 0: a wildcard must be a whole label", corp.display()));
/// # std::fs::remove_dir_all(&dir).unwrap();
/// # Ok::<(), etld_source::LoadError>(())
/// ```
pub fn load_extras(list: &List, paths: &[PathBuf]) -> Result<List, LoadError> {
    let mut layers = etld::Layers::new(list);
    for path in paths {
        let text = read_extra(path)?;
        layers
            .add(path.display().to_string(), &text)
            .map_err(|error| LoadError::InvalidExtra {
                path: path.to_path_buf(),
                error,
            })?;
    }
    // Only the map a checked list and checked texts make is built here.
    layers.build().map_err(|error| LoadError::InvalidExtra {
        path: paths.last().cloned().unwrap_or_default(),
        error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_path_list_keeps_a_url_whole_and_paths_apart() {
        let split = |list: &str| -> Vec<String> {
            split_path_list(list.as_ref())
                .iter()
                .map(|p| p.display().to_string())
                .collect()
        };
        assert_eq!(split("a.dat:b.dat"), ["a.dat", "b.dat"]);
        assert_eq!(split("a.dat::b.dat:"), ["a.dat", "b.dat"]);
        // A file name with a dot, then an absolute path written with `//`.
        assert_eq!(split("c.dat://tmp/c.dat"), ["c.dat", "//tmp/c.dat"]);
        assert_eq!(
            split("a.dat:https://example.com/x.dat:b.dat"),
            ["a.dat", "https://example.com/x.dat", "b.dat"]
        );
        // A port, and an IPv6 address, hold more of the separator.
        assert_eq!(
            split("https://example.com:8080/x.dat:b.dat"),
            ["https://example.com:8080/x.dat", "b.dat"]
        );
        assert_eq!(
            split("c.dat:http://[::1]/x.dat"),
            ["c.dat", "http://[::1]/x.dat"]
        );
        assert_eq!(split("s3://bucket/x.dat"), ["s3://bucket/x.dat"]);
        // A password, and an IPv6 address with a port, in the authority; a
        // port at the end of the list.
        assert_eq!(
            split("https://user:pw@example.com/x.dat:b.dat"),
            ["https://user:pw@example.com/x.dat", "b.dat"]
        );
        assert_eq!(
            split("http://[fe80::1%25eth0]:8080/x:b.dat"),
            ["http://[fe80::1%25eth0]:8080/x", "b.dat"]
        );
        assert_eq!(
            split("a.dat:https://example.com:443"),
            ["a.dat", "https://example.com:443"]
        );
        // Once the path has begun, a `:` ends the URL.
        assert_eq!(split("https://h/x:8080"), ["https://h/x", "8080"]);
        // Spaces around an entry, as DuckDB's setting allows them.
        assert_eq!(
            split("c.dat : https://example.com/x.dat"),
            ["c.dat ", " https://example.com/x.dat"]
        );
    }

    /// Long lists of pieces that go on a URL: whether a piece goes on one
    /// is told from the piece and what the URL's authority holds so far,
    /// never by reading the whole URL again, so each piece is read once.
    #[cfg(unix)]
    #[test]
    fn long_lists_of_url_pieces_split_as_short_ones() {
        let n = 100_000;
        let brackets = format!("http://[{}", ":".repeat(n));
        assert_eq!(
            split_path_list(brackets.as_ref()),
            [PathBuf::from(&brackets)]
        );
        let ports = format!("https://h{}", ":80".repeat(n));
        assert_eq!(split_path_list(ports.as_ref()), [PathBuf::from(&ports)]);
        let schemes = format!("https{}", "://a".repeat(n));
        let paths = split_path_list(schemes.as_ref());
        assert_eq!(paths.len(), n);
        assert_eq!(paths[0], PathBuf::from("https://a"));
        assert!(paths[1..].iter().all(|p| p == Path::new("//a")));
    }
}
