//! The command-line options that choose the list and how it answers, as
//! `etld` and `etld-sql` both take them (clap derive; the `clap` feature).
//!
//! [`ListFiles`] is `--list` and `--extra`: which list [`load`](crate::load)
//! starts from and which files [`load_extras`](crate::load_extras) lays
//! over it. [`LookupOptions`] is `--icann-only`, `--no-implicit-rule`,
//! `--wildcard-root` and `--output`: the [`etld::Options`] of the lookups.
//! [`ListArgs`] is both, in that order.
//!
//! ```
//! use clap::Parser;
//!
//! #[derive(Parser)]
//! struct Cli {
//!     #[command(flatten)]
//!     list: etld_source::args::ListArgs,
//! }
//!
//! let cli = Cli::parse_from(["prog", "--list", "psl.fst", "--icann-only"]);
//! assert_eq!(cli.list.files.list.as_deref(), Some("psl.fst".as_ref()));
//! assert_eq!(cli.list.lookup.options().get_sections(), etld::Sections::IcannOnly);
//! ```

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

/// Writes clap's answer `e` for `program` (help and the version on
/// standard output, a usage error on stderr) and gives the exit status:
/// clap's, or 1 when help or the version cannot be written (a full disk),
/// as any answer that cannot be; a reader that stops early is no failure.
///
/// ```no_run
/// use clap::Parser;
///
/// #[derive(Parser)]
/// struct Cli {}
///
/// fn main() -> std::process::ExitCode {
///     let cli = match Cli::try_parse() {
///         Ok(cli) => cli,
///         Err(e) => return etld_source::args::usage_exit("prog", &e),
///     };
///     std::process::ExitCode::SUCCESS
/// }
/// ```
pub fn usage_exit(program: &str, e: &clap::Error) -> ExitCode {
    let status = ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
    if e.use_stderr() {
        let _ = e.print();
        return status;
    }
    match e.print().and_then(|()| io::stdout().flush()) {
        Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
            let _ = writeln!(
                io::stderr().lock(),
                "{program}: cannot write standard output: {error}"
            );
            ExitCode::FAILURE
        }
        _ => status,
    }
}

/// `--list FILE` and `--extra FILE`: the list a program answers from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Args)]
pub struct ListFiles {
    /// A list file, .dat text or compiled .fst [default: $ETLD_LIST, else the
    /// newest by VERSION of the built-in list, the list `etld update`
    /// installed and the system's list ($ETLD_SYSTEM_LIST); `etld help
    /// update` says where they are]
    #[arg(long, value_name = "FILE")]
    pub list: Option<PathBuf>,
    /// A file of extra rules (.dat text) laid over the list, as though
    /// appended to it; repeatable [also: the files of $ETLD_EXTRA, a path
    /// list, laid first]
    #[arg(long, value_name = "FILE")]
    pub extra: Vec<PathBuf>,
}

/// `--icann-only`, `--no-implicit-rule`, `--wildcard-root` and `--output`:
/// how the lookups answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Args)]
pub struct LookupOptions {
    /// Use only the list's ICANN section (ignore PRIVATE rules such as github.io)
    #[arg(long)]
    pub icann_only: bool,
    /// No implicit `*` rule: a host under an unlisted TLD has no suffix
    /// (`--no-default-rule` is the same)
    #[arg(long, alias = "no-default-rule")]
    pub no_implicit_rule: bool,
    /// Browser wildcard mode: `*.kobe.jp` also makes `kobe.jp` a suffix (libpsl)
    #[arg(long)]
    pub wildcard_root: bool,
    /// The form of the answers, in any case
    #[arg(long, value_enum, ignore_case = true, value_name = "FORM", default_value_t = OutputForm::Input)]
    pub output: OutputForm,
}

impl LookupOptions {
    /// The library options these arguments ask for.
    pub fn options(&self) -> etld::Options {
        etld::Options::new()
            .sections(if self.icann_only {
                etld::Sections::IcannOnly
            } else {
                etld::Sections::All
            })
            .implicit_rule(!self.no_implicit_rule)
            .wildcard(if self.wildcard_root {
                etld::Wildcard::Browser
            } else {
                etld::Wildcard::Strict
            })
            .output(self.output.into())
    }
}

/// The list and how it answers: [`ListFiles`], then [`LookupOptions`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Args)]
pub struct ListArgs {
    /// `--list` and `--extra`.
    #[command(flatten)]
    pub files: ListFiles,
    /// `--icann-only`, `--no-implicit-rule`, `--wildcard-root`, `--output`.
    #[command(flatten)]
    pub lookup: LookupOptions,
}

/// The form of the answers (`--output`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum OutputForm {
    /// The input's own form, lower-cased (Unicode stays Unicode, xn-- stays xn--)
    #[default]
    Input,
    /// Every label in ASCII (Unicode labels become xn-- A-labels)
    Ascii,
    /// Every label in Unicode (xn-- A-labels are decoded)
    Unicode,
}

impl From<OutputForm> for etld::Output {
    fn from(form: OutputForm) -> etld::Output {
        match form {
            OutputForm::Input => etld::Output::Input,
            OutputForm::Ascii => etld::Output::Ascii,
            OutputForm::Unicode => etld::Output::Unicode,
        }
    }
}
