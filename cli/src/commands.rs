//! `etld compile`, `etld info`, and which list a run uses.
//!
//! A run uses, in this order: the list of `--list FILE`; the list of
//! `$ETLD_LIST`; else the newest, by VERSION, of the built-in list, the list
//! installed by `etld update` in the cache directory, and the system's list
//! (`$ETLD_SYSTEM_LIST`, by default Debian's
//! `/usr/share/publicsuffix/public_suffix_list.dat`), the built-in list
//! winning ties.

use std::borrow::Cow;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use etld::List;

use crate::cli::{CompileArgs, InfoArgs};
use crate::update;
use crate::Failure;

/// The system's list, where Debian's `publicsuffix` package puts it.
const SYSTEM_LIST: &str = "/usr/share/publicsuffix/public_suffix_list.dat";

/// Where a list came from.
#[derive(Debug)]
pub enum Source {
    /// The list built into the binary.
    Builtin,
    /// A list file.
    File {
        /// The file.
        path: PathBuf,
        /// Its size in bytes.
        len: usize,
        /// Whether it was a compiled `.fst` file (else list text).
        compiled: bool,
        /// Why this file.
        origin: Origin,
    },
}

/// Why a list file is the one in use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// It was given with `--list` (or to `compile`).
    Option,
    /// It was named by `$ETLD_LIST`.
    Env,
    /// `etld update` installed it, and it is the newest list at hand.
    Installed,
    /// It is the system's list, and the newest at hand.
    System,
}

impl Origin {
    fn describe(self) -> &'static str {
        match self {
            Origin::Option => "given with --list",
            Origin::Env => "named by ETLD_LIST",
            Origin::Installed => "installed by `etld update`, the newest list at hand",
            Origin::System => "the system's list, the newest list at hand",
        }
    }
}

/// Loads the list a run uses: that of `--list FILE` (`path`), else that of
/// `$ETLD_LIST`, else the newest at hand ([`select_newest`]).
pub fn load_list(path: Option<&Path>) -> Result<(Cow<'static, List>, Source), Failure> {
    if let Some(path) = path {
        return load_file(path, Origin::Option);
    }
    if let Some(path) = std::env::var_os("ETLD_LIST").filter(|p| !p.is_empty()) {
        return load_file(Path::new(&path), Origin::Env);
    }
    Ok(select_newest())
}

/// Reads and loads a list file.
fn load_file(path: &Path, origin: Origin) -> Result<(Cow<'static, List>, Source), Failure> {
    let bytes = std::fs::read(path).map_err(|error| Failure::ReadList {
        path: path.to_path_buf(),
        error,
    })?;
    load_bytes(path, bytes, origin)
}

fn load_bytes(
    path: &Path,
    bytes: Vec<u8>,
    origin: Origin,
) -> Result<(Cow<'static, List>, Source), Failure> {
    let len = bytes.len();
    let compiled = etld::format::is_fst_file(&bytes);
    let list = List::from_bytes(bytes).map_err(|error| Failure::BadList {
        path: path.to_path_buf(),
        error,
    })?;
    let source = Source::File {
        path: path.to_path_buf(),
        len,
        compiled,
        origin,
    };
    Ok((Cow::Owned(list), source))
}

/// The system's list file: `$ETLD_SYSTEM_LIST` (empty: none), else
/// Debian's path on Unix systems.
fn system_list() -> Option<PathBuf> {
    match std::env::var_os("ETLD_SYSTEM_LIST") {
        Some(path) if path.is_empty() => None,
        Some(path) => Some(PathBuf::from(path)),
        None => cfg!(unix).then(|| PathBuf::from(SYSTEM_LIST)),
    }
}

/// The newest of the built-in list, the installed list and the system's
/// list, by VERSION; the built-in list wins ties. Each file is read once
/// and only the chosen one is compiled. A file that is missing is passed
/// over quietly; one that cannot be read or loaded is passed over with a
/// warning on stderr, so a damaged cache never stops a lookup.
pub fn select_newest() -> (Cow<'static, List>, Source) {
    let mut candidates = Vec::new();
    let files = [
        (update::installed_path(), Origin::Installed),
        (system_list(), Origin::System),
    ];
    for (path, origin) in files {
        let Some(path) = path else { continue };
        match std::fs::read(&path) {
            Ok(bytes) => {
                let version = version_of(etld::source::peek_version(&bytes).as_deref());
                candidates.push((path, bytes, origin, version));
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(error) => warn(&Failure::ReadList { path, error }),
        }
    }
    let builtin = version_of(etld::source::peek_version(List::builtin_fst()).as_deref());
    loop {
        let all = std::iter::once((None, builtin)).chain(
            candidates
                .iter()
                .enumerate()
                .map(|(i, candidate)| (Some(i), candidate.3)),
        );
        let Some(Some(i)) = etld::source::newest(all) else {
            return (Cow::Borrowed(List::builtin()), Source::Builtin);
        };
        let (path, bytes, origin, _) = candidates.swap_remove(i);
        match load_bytes(&path, bytes, origin) {
            Ok(found) => return found,
            Err(f) => warn(&f),
        }
    }
}

fn version_of(text: Option<&str>) -> Option<etld::ListVersion> {
    text.and_then(|v| v.parse().ok())
}

fn warn(failure: &Failure) {
    let _ = writeln!(io::stderr().lock(), "etld: warning: ignoring {failure}");
}

/// Runs `etld compile LIST.dat OUT.fst`: the `.fst` file is written next to
/// its final name and renamed into place, so a failed run leaves no partial file.
pub fn compile(args: &CompileArgs) -> Result<(), Failure> {
    let (list, _) = load_list(Some(&args.input))?;
    let bytes = list.to_fst_bytes();
    let write_failure = |error: io::Error| Failure::Write {
        what: args.output.display().to_string(),
        error,
    };
    let mut tmp = args.output.clone().into_os_string();
    tmp.push(format!(".tmp{}", std::process::id()));
    let tmp = PathBuf::from(tmp);
    let written = std::fs::write(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, &args.output));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(write_failure(e));
    }
    let counts = list.rule_counts();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "wrote {}: {} rules ({} icann, {} private), {} bytes",
        args.output.display(),
        counts.total(),
        counts.icann,
        counts.private,
        bytes.len()
    )
    .and_then(|()| out.flush())
    .map_err(Failure::stdout)
}

/// Runs `etld info`: one `name  value` line per fact about the list in
/// use, and a warning on stderr when it is older than `--max-age` days.
pub fn info(args: &InfoArgs) -> Result<(), Failure> {
    let (list, source) = load_list(args.list.as_deref())?;
    let now = SystemTime::now();
    let mut out = io::stdout().lock();
    write_info(&mut out, &list, &source, now)
        .and_then(|()| out.flush())
        .map_err(Failure::stdout)?;
    if let Some(days) = list.version_time().map(|v| v.age_days(now)) {
        if days > args.max_age {
            let _ = writeln!(
                io::stderr().lock(),
                "etld: warning: the list in use is {days} days old (VERSION {}), older than \
                 --max-age {} days; `etld update` installs the current list",
                list.version().unwrap_or_default(),
                args.max_age,
            );
        }
    }
    Ok(())
}

/// Writes what `etld info` says about `list`, `now`.
fn write_info<W: Write>(
    out: &mut W,
    list: &List,
    source: &Source,
    now: SystemTime,
) -> io::Result<()> {
    let counts = list.rule_counts();
    match source {
        Source::Builtin => {
            writeln!(out, "list        built-in")?;
            writeln!(out, "source      built into etld, the newest list at hand")?;
        }
        Source::File {
            path,
            len,
            compiled,
            origin,
        } => {
            let kind = if *compiled {
                "compiled .fst"
            } else {
                "list text"
            };
            writeln!(out, "list        {} ({kind}, {len} bytes)", path.display())?;
            writeln!(out, "source      {}", origin.describe())?;
        }
    }
    writeln!(out, "version     {}", list.version().unwrap_or("(none)"))?;
    match (list.version(), list.version_time()) {
        (_, Some(v)) => match v.age_days(now) {
            1 => writeln!(out, "age         1 day")?,
            days => writeln!(out, "age         {days} days")?,
        },
        (None, None) => writeln!(out, "age         unknown (no VERSION)")?,
        (Some(_), None) => writeln!(out, "age         unknown (VERSION is not a date)")?,
    }
    writeln!(out, "commit      {}", list.commit().unwrap_or("(none)"))?;
    writeln!(out, "rules       {}", counts.total())?;
    writeln!(out, "  icann     {}", counts.icann)?;
    writeln!(out, "  private   {}", counts.private)?;
    writeln!(out, "wildcards   {}", counts.wildcards)?;
    writeln!(out, "exceptions  {}", counts.exceptions)?;
    writeln!(out, "fst file    {} bytes", list.to_fst_bytes().len())?;
    writeln!(out, "automaton   {} bytes", list.fst_len())?;
    writeln!(out, "states      {}", list.state_count())?;
    writeln!(out, "keys        {}", list.key_count())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_of_a_small_list() {
        let list = List::from_dat(b"// VERSION: v1\ncom\n*.ck\n!www.ck\n").unwrap();
        let mut out = Vec::new();
        write_info(&mut out, &list, &Source::Builtin, SystemTime::now()).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("version     v1\n"), "{out}");
        assert!(
            out.contains("age         unknown (VERSION is not a date)\n"),
            "{out}"
        );
        assert!(out.contains("commit      (none)\n"), "{out}");
        assert!(out.contains("rules       3\n"), "{out}");
        assert!(out.contains("exceptions  1\n"), "{out}");
        assert!(out.contains("wildcards   1\n"), "{out}");
    }

    #[test]
    fn info_gives_the_age_in_days() {
        let list = List::from_dat(b"// VERSION: 2026-10-22_08-36-41_UTC\ncom\n").unwrap();
        let published = list.version_time().unwrap().to_system_time();
        let at = |days: u64| {
            let mut out = Vec::new();
            let now = published + std::time::Duration::from_secs(days * 86_400 + 5);
            write_info(&mut out, &list, &Source::Builtin, now).unwrap();
            String::from_utf8(out).unwrap()
        };
        assert!(at(0).contains("\nage         0 days\n"), "{}", at(0));
        assert!(at(1).contains("\nage         1 day\n"), "{}", at(1));
        assert!(at(45).contains("\nage         45 days\n"), "{}", at(45));
    }
}
