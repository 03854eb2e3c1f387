//! `etld compile`, `etld info`, and loading the list of `--list FILE`.

use std::borrow::Cow;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use etld::List;

use crate::cli::{CompileArgs, InfoArgs};
use crate::Failure;

/// Where a list came from.
#[derive(Debug)]
pub enum Source {
    /// The list built into the binary.
    Builtin,
    /// A file given with `--list` (or to `compile`).
    File {
        /// The file.
        path: PathBuf,
        /// Its size in bytes.
        len: usize,
        /// Whether it was a compiled `.fst` file (else list text).
        compiled: bool,
    },
}

/// Loads the list of `--list FILE`, or the built-in list.
pub fn load_list(path: Option<&Path>) -> Result<(Cow<'static, List>, Source), Failure> {
    let Some(path) = path else {
        return Ok((Cow::Borrowed(List::builtin()), Source::Builtin));
    };
    let bytes = std::fs::read(path).map_err(|error| Failure::ReadList {
        path: path.to_path_buf(),
        error,
    })?;
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
    };
    Ok((Cow::Owned(list), source))
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

/// Runs `etld info`: one `name  value` line per fact about the list.
pub fn info(args: &InfoArgs) -> Result<(), Failure> {
    let (list, source) = load_list(args.list.as_deref())?;
    let mut out = io::stdout().lock();
    write_info(&mut out, &list, &source)
        .and_then(|()| out.flush())
        .map_err(Failure::stdout)
}

/// Writes what `etld info` says about `list`.
fn write_info<W: Write>(out: &mut W, list: &List, source: &Source) -> io::Result<()> {
    let counts = list.rule_counts();
    match source {
        Source::Builtin => writeln!(out, "list        built-in")?,
        Source::File {
            path,
            len,
            compiled,
        } => {
            let kind = if *compiled {
                "compiled .fst"
            } else {
                "list text"
            };
            writeln!(out, "list        {} ({kind}, {len} bytes)", path.display())?;
        }
    }
    writeln!(out, "version     {}", list.version().unwrap_or("(none)"))?;
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
        write_info(&mut out, &list, &Source::Builtin).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("version     v1\n"), "{out}");
        assert!(out.contains("commit      (none)\n"), "{out}");
        assert!(out.contains("rules       3\n"), "{out}");
        assert!(out.contains("exceptions  1\n"), "{out}");
        assert!(out.contains("wildcards   1\n"), "{out}");
    }
}
