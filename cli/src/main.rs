//! `etld`: Public Suffix List lookups from the command line.
//!
//! ```text
//! etld [lookup] [OPTIONS] [HOST...]      # no HOST: one host per line from stdin
//! etld compile LIST.dat OUT.fst
//! etld info [--list FILE] [--extra FILE]...
//! etld punycode encode|decode [--json] [STR...]
//! etld idna to-ascii|to-unicode [--json] [NAME...]
//! etld cookie [--json] REQUEST_HOST COOKIE_DOMAIN   # exit 0: acceptable, 1: not
//! etld update [--url URL] [--force]
//! ```
//!
//! `lookup`, `cookie` and `info` lay files of extra rules over the list
//! (`--extra FILE`, repeatable, after those `$ETLD_EXTRA` names), as though
//! appended to it; one that cannot be read or is not valid list text stops
//! the command.
//!
//! `-` as a HOST stands for standard input; a byte order mark at its start
//! is ignored. Standard input is answered by one thread per core
//! (`--threads N`).
//!
//! Batch output has exactly one line per input line, in order, so it can be
//! pasted beside the input. A bad host prints its error on its own line and
//! the batch goes on; the exit status is non-zero only when the command itself
//! cannot run (a bad list file, a bad option, unreadable input).
// `deny`, not `forbid`: `standard_streams` registers a constructor with the
// `ctor` crate, whose macro allows the `unsafe` code of its own expansion.
#![deny(unsafe_code)]
#![deny(missing_docs)]

mod batch;
mod cli;
mod commands;
mod convert;
mod cookie;
mod idna;
mod lookup;
mod punycode;
mod standard_streams;
mod update;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use crate::cli::{Cli, Command};

/// Why a command could not run. Each variant becomes one message on stderr
/// and a non-zero exit status.
#[derive(Debug)]
pub enum Failure {
    /// The list, or a file of extra rules, could not be used: unreadable,
    /// not a valid list, or a kind of file a list is not read from; and
    /// the environment variable that named the file, if one did
    /// ([`etld_source::named_by`]).
    List(etld_source::LoadError, Option<&'static str>),
    /// Standard input could not be read.
    ReadInput(io::Error),
    /// Standard output (or an output file) could not be written.
    Write {
        /// What was being written.
        what: String,
        /// What went wrong.
        error: io::Error,
    },
    /// `etld update` did not install a list.
    Update(etld_source::UpdateError),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::List(e, var) => f.write_str(&etld_source::said_with(e, *var)),
            Failure::ReadInput(e) => write!(f, "cannot read standard input: {e}"),
            Failure::Write { what, error } => write!(f, "cannot write {what}: {error}"),
            Failure::Update(e) if e.forcing_installs_it() => {
                write!(f, "{e}; --force installs it anyway")
            }
            Failure::Update(e) => write!(f, "{e}"),
        }
    }
}

impl Failure {
    /// A failure to write standard output.
    pub fn stdout(error: io::Error) -> Failure {
        Failure::Write {
            what: "standard output".to_string(),
            error,
        }
    }

    /// Whether this is standard output closed by its reader (`etld ... | head`),
    /// which ends the command quietly and successfully.
    fn is_broken_pipe(&self) -> bool {
        matches!(self, Failure::Write { what, error }
            if what == "standard output" && error.kind() == io::ErrorKind::BrokenPipe)
    }
}

/// The exit status of `etld cookie`: 0 acceptable, 1 not, 2 when the check
/// could not run (as for a usage error, so that 1 always means "not
/// acceptable").
fn cookie_exit(result: Result<bool, Failure>) -> ExitCode {
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(f) => {
            let _ = writeln!(io::stderr().lock(), "etld: {f}");
            ExitCode::from(2)
        }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Help, the version or the usage error (exit status 2 for errors).
        Err(e) => return etld_source::args::usage_exit("etld", &e),
    };
    // With standard output closed, Rust's standard library drops what is
    // written to it without a word: refuse to run instead of losing the
    // answers.
    if let Err(error) = standard_streams::check_stdout() {
        let f = Failure::stdout(error);
        let _ = writeln!(io::stderr().lock(), "etld: {f}");
        return match cli.command {
            Some(Command::Cookie(_)) => ExitCode::from(2),
            _ => ExitCode::FAILURE,
        };
    }
    let result = match cli.command {
        None => lookup::run(&cli.lookup),
        Some(Command::Lookup(args)) => lookup::run(&args),
        Some(Command::Compile(args)) => commands::compile(&args),
        Some(Command::Info(args)) => commands::info(&args),
        Some(Command::Punycode(args)) => punycode::run(&args),
        Some(Command::Idna(args)) => idna::run(&args),
        Some(Command::Cookie(args)) => return cookie_exit(cookie::run(&args)),
        Some(Command::Update(args)) => update::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) if f.is_broken_pipe() => ExitCode::SUCCESS,
        Err(f) => {
            // If stderr is gone too there is nobody left to tell.
            let _ = writeln!(io::stderr().lock(), "etld: {f}");
            ExitCode::FAILURE
        }
    }
}
