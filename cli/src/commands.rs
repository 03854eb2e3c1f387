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
use etld_source::args::ListFiles;
use etld_source::{LoadError, Loaded, Origin, Source};

use crate::cli::{CompileArgs, InfoArgs};
use crate::Failure;
use etld_source::write::{self, Streams, WriteError, Written};

/// What `etld info` says of why a list file is the one in use.
fn describe(origin: Origin) -> &'static str {
    match origin {
        Origin::Given => "given with --list",
        Origin::Env => "named by ETLD_LIST",
        Origin::Installed => "installed by `etld update`, the newest list at hand",
        Origin::System => "the system's list, the newest list at hand",
    }
}

impl From<LoadError> for Failure {
    fn from(e: LoadError) -> Failure {
        Failure::List(e, None)
    }
}

/// Loads the list a run uses: that of `--list FILE` (`path`), else that of
/// `$ETLD_LIST`, else the newest at hand ([`etld_source::load_newest`]);
/// see [`etld_source::load`].
pub fn load_list(path: Option<&Path>) -> Result<(Cow<'static, List>, Source), Failure> {
    Ok(warn_passed_over_all(etld_source::load(path)?))
}

/// The list a run uses ([`load_list`] of `--list`) with the files of
/// extra rules laid over it: those `$ETLD_EXTRA` names, then those of
/// `--extra`, in order (see [`etld_source::load_extras`]). A file that
/// cannot be read or is not valid list text stops the run.
pub fn load_layered(files: &ListFiles) -> Result<(Cow<'static, List>, Source), Failure> {
    let named = named_by_env(files);
    let (list, source) = load_list(files.list.as_deref()).map_err(&named)?;
    let layered = lay_extras(&list, &files.extra).map_err(&named)?;
    Ok((layered.map_or(list, Cow::Owned), source))
}

/// A failure of the list or a file of extra rules with the environment
/// variable that named its file, where `files` did not name it
/// ([`etld_source::named_by`]).
fn named_by_env(files: &ListFiles) -> impl Fn(Failure) -> Failure + '_ {
    |failure| match failure {
        Failure::List(e, _) => {
            let var = etld_source::named_by(&e, files.list.as_deref(), &files.extra);
            Failure::List(e, var)
        }
        other => other,
    }
}

/// `list` with the files of extra rules of `$ETLD_EXTRA` and `extra` laid
/// over it; `None` when there are none.
fn lay_extras(list: &List, extra: &[PathBuf]) -> Result<Option<List>, Failure> {
    let paths = etld_source::extra_paths(extra);
    if paths.is_empty() {
        return Ok(None);
    }
    Ok(Some(etld_source::load_extras(list, &paths)?))
}

/// Names on stderr each candidate list passed over, with why.
fn warn_passed_over_all(loaded: Loaded) -> (Cow<'static, List>, Source) {
    loaded.passed_over.into_iter().for_each(warn_passed_over);
    (loaded.list, loaded.source)
}

/// Names on stderr a candidate list passed over, with why.
pub fn warn_passed_over(e: LoadError) {
    let _ = writeln!(
        io::stderr().lock(),
        "etld: {}",
        etld_source::passed_over_warning(&e)
    );
}

/// Runs `etld compile LIST.dat OUT.fst`: OUT is written by
/// [`write::write`], so a regular file is replaced atomically (a run that
/// fails leaves no partial file; one killed while it writes leaves its
/// `OUT.fst.tmp<PID>` beside OUT, which stays whole), a FIFO, a character
/// device or `-` gets the bytes, and nothing else is replaced. The report goes to stderr
/// when the bytes went to standard output, so that it does not follow
/// them there.
pub fn compile(args: &CompileArgs) -> Result<(), Failure> {
    let (list, _) = load_list(Some(&args.input))?;
    let bytes = list.to_fst_bytes();
    let written = write::write(&args.output, bytes, Streams::Accept).map_err(|e| match e {
        // Not `Failure::stdout`, which a closed pipe ends quietly (a reader
        // of lookup lines that has read enough): a list cut short is a
        // failure.
        WriteError::Stdout(error) => Failure::Write {
            what: "the list to standard output".to_string(),
            error,
        },
        e => Failure::Write {
            what: args.output.display().to_string(),
            error: e.into(),
        },
    })?;
    let counts = list.rule_counts();
    let report = format!(
        "wrote {}: {} rule{} ({} icann, {} private), {} bytes\n",
        if args.output.as_os_str() == "-" {
            "standard output".to_string()
        } else {
            args.output.display().to_string()
        },
        counts.total(),
        if counts.total() == 1 { "" } else { "s" },
        counts.icann,
        counts.private,
        bytes.len()
    );
    if written == (Written::Streamed { stdout: true }) {
        let _ = io::stderr().lock().write_all(report.as_bytes());
        return Ok(());
    }
    let mut out = io::stdout().lock();
    out.write_all(report.as_bytes())
        .and_then(|()| out.flush())
        .map_err(Failure::stdout)
}

/// Runs `etld info`: one `name  value` line per fact about the list in
/// use, and a warning on stderr when it is older than `--max-age` days.
pub fn info(args: &InfoArgs) -> Result<(), Failure> {
    let named = named_by_env(&args.files);
    let (base, source) = load_list(args.files.list.as_deref()).map_err(&named)?;
    let layered = lay_extras(&base, &args.files.extra).map_err(&named)?;
    let list = layered.as_ref().unwrap_or(&base);
    let now = SystemTime::now();
    let mut out = io::stdout().lock();
    write_info(&mut out, &base, list, &source, now)
        .and_then(|()| out.flush())
        .map_err(Failure::stdout)?;
    let (max_age, ignored) = args.max_age();
    if let Some(warning) = ignored {
        let _ = writeln!(io::stderr().lock(), "etld: {warning}");
    }
    if let Some(days) = list.version_time().map(|v| v.age_days(now)) {
        if days > max_age {
            let _ = writeln!(
                io::stderr().lock(),
                "etld: warning: the list in use is {days} days old (VERSION {}), older than \
                 {max_age} days (--max-age); `etld update` installs the current list",
                list.version().unwrap_or_default(),
            );
        }
    }
    Ok(())
}

/// Writes what `etld info` says, `now`, about `list`: the list `base` of
/// `source` with the layers of extra rules [`List::layers`] names laid
/// over it (none: `list` is `base`).
fn write_info<W: Write>(
    out: &mut W,
    base: &List,
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
            writeln!(out, "source      {}", describe(*origin))?;
        }
    }
    for layer in &list.layers()[base.layers().len()..] {
        let counts = layer.rule_counts();
        write!(
            out,
            "extra       {}: {} rule{} ({} icann, {} private)",
            layer.name(),
            counts.total(),
            if counts.total() == 1 { "" } else { "s" },
            counts.icann,
            counts.private
        )?;
        match layer.version() {
            Some(version) => writeln!(out, ", version {version}")?,
            None => writeln!(out)?,
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
    if list.layers().len() == base.layers().len() {
        writeln!(out, "rules       {}", counts.total())?;
    } else {
        let (all, of_base) = (counts.total(), base.rule_counts().total());
        let added = all.saturating_sub(of_base);
        writeln!(
            out,
            "rules       {all} ({of_base} of the list, {added} more from the extra rules)"
        )?;
    }
    writeln!(out, "  icann     {}", counts.icann)?;
    writeln!(out, "  private   {}", counts.private)?;
    writeln!(out, "wildcards   {}", counts.wildcards)?;
    writeln!(out, "exceptions  {}", counts.exceptions)?;
    writeln!(out, "fst file    {} bytes", list.to_fst_bytes().len())?;
    writeln!(out, "automaton   {} bytes", list.fst_len())?;
    writeln!(out, "states      {}", list.state_count())?;
    writeln!(out, "keys        {}", list.key_count())?;
    writeln!(
        out,
        "unicode     {} (UTS 46 tables, {} bytes)",
        etld::uts46::UNICODE_VERSION,
        etld::uts46::TABLE_BYTES
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_of_a_small_list() {
        let list = List::from_dat(b"// VERSION: v1\ncom\n*.ck\n!www.ck\n").unwrap();
        let mut out = Vec::new();
        write_info(&mut out, &list, &list, &Source::Builtin, SystemTime::now()).unwrap();
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
            write_info(&mut out, &list, &list, &Source::Builtin, now).unwrap();
            String::from_utf8(out).unwrap()
        };
        assert!(at(0).contains("\nage         0 days\n"), "{}", at(0));
        assert!(at(1).contains("\nage         1 day\n"), "{}", at(1));
        assert!(at(45).contains("\nage         45 days\n"), "{}", at(45));
    }
}
