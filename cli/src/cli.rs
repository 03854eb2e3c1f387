//! The command line's grammar (clap derive).

use std::ffi::OsString;
use std::num::NonZeroUsize;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use etld_source::args::{ListArgs, ListFiles};

const LOOKUP_AFTER_HELP: &str = "\
Output (one line per host, in input order):
  REGISTRABLE<TAB>SUFFIX     e.g. `example.co.uk\tco.uk`; REGISTRABLE is empty
                             when the host is itself a public suffix, SUFFIX is
                             empty when it has none (--no-implicit-rule)
  error: MESSAGE             the host is invalid (empty, bad label, IP address,
                             not UTF-8, ...); the batch goes on
  `cut -f1` gives the registrable domains; `paste hosts.txt out.txt` puts the
  answers beside the hosts.

With --fields, the chosen columns, tab-separated, in the order given, from:
  input host subdomain label registrable suffix section known rule
  icann_suffix icann_registrable site error
  e.g. --fields input,label,registrable: `www.example.co.uk\texample\texample.co.uk`.
  An empty column is an empty string; on an error every column but input,
  host, known (`false`) and error is empty. Columns are escaped as PostgreSQL's COPY text
  format escapes them, so that every input gives one line and the escaping
  can be undone: a backslash as `\\\\`, tab, LF, CR, backspace, form feed
  and vertical tab as `\\t` `\\n` `\\r` `\\b` `\\f` `\\v`, any other control
  character (C0, DEL, C1) as its UTF-8 bytes in `\\xHH` form, and so each
  byte of the input that is not UTF-8.

With --json, one object per line:
  {\"input\":\"www.example.co.uk\",\"suffix\":\"co.uk\",\"registrable\":\"example.co.uk\",
   \"subdomain\":\"www\",\"label\":\"example\",\"section\":\"icann\",\"known\":true,
   \"rule\":\"co.uk\",\"icann_suffix\":\"co.uk\",\"icann_registrable\":\"example.co.uk\",
   \"error\":null}
  section is \"icann\", \"private\" or null (the implicit `*` rule); rule is the
  prevailing rule as the list writes it, canonical ASCII (`co.uk`, `*.kobe.jp`,
  `!city.kobe.jp`, `*` for the implicit rule; null when none matched);
  icann_suffix and icann_registrable are the answer under ICANN-only sections
  (`io` and `github.io` for `me.github.io`). On an error, every key but input
  and error is null (known is false). With --url the
  object also has \"host\", the host taken out of the input (null if none).

With --url, each input is a URL (`https://user@www.example.co.uk:8080/a?b`),
`host:port` or e-mail address (`someone@mail.example.com`): its host is taken
as the WHATWG URL standard's parser takes it, for any scheme (userinfo and port
dropped; percent-decoded for http(s), ws(s), ftp and file; the opaque host of another
scheme as written) and looked up; an input with no host is an error line.
Without --url, inputs that look like URLs are error lines, counted in a note on
stderr at the end.

Wildcard parents: by default `*.kobe.jp` does not make `kobe.jp` a suffix (the
list's formal algorithm, as in Go's x/net/publicsuffix): `kobe.jp` is
registrable under `jp`. --wildcard-root treats it as a suffix, as libpsl,
Chromium and Firefox do.

Standard input is answered by one thread per core (--threads N; 1 answers on
the main thread), the output in input order either way, each answer written as
soon as its line is read when the input comes slowly (`tail -f log | etld`). A
byte order mark at the start of standard input is ignored; `-` as a HOST stands
for standard input (`etld first.example - last.example < hosts.txt`).

Exit status: 0 when every host was answered (even with error lines), 1 when the
list or the input cannot be read, 2 on a bad option.

Examples:
  etld www.example.co.uk
  etld --json --output unicode xn--85x722f.xn--55qx5d.cn
  etld < hosts.txt > answers.txt
  etld --url --fields host,registrable < urls.txt
  etld --list my_list.fst --icann-only < hosts.txt";

/// Public Suffix List lookups: the public suffix and registrable domain of
/// hostnames, one by one or in batch.
#[derive(Debug, Parser)]
#[command(
    name = "etld",
    version,
    about = "Public Suffix List lookups: the public suffix and registrable domain of hostnames",
    long_about = "Public Suffix List lookups: the public suffix and registrable domain of \
                  hostnames.\n\n`lookup` is the default command: `etld example.com` is \
                  `etld lookup example.com`. With no HOST, hosts are read from standard \
                  input, one per line. (To look up a host named like a command, say \
                  `etld lookup info`.)",
    after_long_help = LOOKUP_AFTER_HELP,
    args_conflicts_with_subcommands = true,
    subcommand_value_name = "COMMAND",
)]
pub struct Cli {
    /// A command other than the default `lookup`.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The arguments of the default `lookup` command.
    #[command(flatten)]
    pub lookup: LookupArgs,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Look up hosts (the default command)
    #[command(
        long_about = "Look up the public suffix and registrable domain of each HOST, or \
                      of each line of standard input when no HOST is given.",
        after_long_help = LOOKUP_AFTER_HELP
    )]
    Lookup(LookupArgs),
    /// Compile list text (.dat) into a .fst file that loads without parsing
    #[command(
        long_about = "Compile list text (.dat, the Public Suffix List format) into a .fst \
                      file for --list or etld::List::from_path. The same list always \
                      gives the same bytes. A .fst input is checked and copied.",
        after_long_help = "Example:\n  etld compile public_suffix_list.dat psl.fst\n  \
                           etld --list psl.fst www.example.co.uk"
    )]
    Compile(CompileArgs),
    /// Show which list is in use, where it came from, its version, age, rule counts and sizes
    Info(InfoArgs),
    /// Encode or decode RFC 3492 Punycode
    #[command(
        long_about = "Encode or decode RFC 3492 Punycode (the part of an A-label after \
                      `xn--`): `bücher` <-> `bcher-kva`. With --domain, whole domain \
                      names are converted label by label: `bücher.de` <-> \
                      `xn--bcher-kva.de`."
    )]
    Punycode(PunycodeArgs),
    /// Process domain names by UTS 46, as browsers do (ToASCII, ToUnicode)
    #[command(
        long_about = "Process domain names by UTS 46 (Unicode IDNA Compatibility Processing) \
                      with the flags of the WHATWG URL standard, as browsers do before \
                      they look a host up: code points mapped (`Ａ` -> `a`, `ﬁ` -> `fi`), \
                      ignored ones removed (soft hyphen, zero width space), NFC, `xn--` \
                      labels decoded and checked, the validity criteria (including the \
                      Bidi rule and ContextJ). to-ascii writes every non-ASCII label as \
                      an `xn--` A-label; to-unicode writes the processed Unicode form. \
                      Lengths are not checked, but for the Punycode decoder's cap: an \
                      xn-- label over 2000 bytes is refused."
    )]
    Idna(IdnaArgs),
    /// Check whether a host may set a cookie for a domain (exit 0: yes, 1: no)
    #[command(
        long_about = "Check whether a page on REQUEST_HOST may set a cookie whose Domain \
                      attribute is COOKIE_DOMAIN (RFC 6265 5.1.3 and 5.3 step 5): the \
                      cookie domain (one leading dot ignored) must domain-match the \
                      request host and, unless it is the request host itself, be neither \
                      a public suffix nor above the request host's registrable domain \
                      (`bucket.s3.amazonaws.com` may not set one for `amazonaws.com`); \
                      an IP address matches only the same address, in any form. The \
                      check answers as a browser does: both sections of the list, the \
                      implicit `*` rule and wildcard parents as suffixes (`kobe.jp` is \
                      acceptable for no host but itself), whatever lookup options exist.",
        after_long_help = COOKIE_AFTER_HELP
    )]
    Cookie(CookieArgs),
    /// Download, check and install the current Public Suffix List
    #[command(long_about = UPDATE_ABOUT, after_long_help = UPDATE_AFTER_HELP)]
    Update(UpdateArgs),
}

const UPDATE_ABOUT: &str = "\
Download the Public Suffix List, check that it is a complete list, compile it and
install it in the cache directory, where later runs find it: each run uses the
newest (by VERSION) of the built-in list, the installed list and the system's
list. A download that is empty, an HTML page, an HTTP error, truncated (a
section without its END marker), without an ICANN section, invalid, under 90%
of the rules of the list in use or older than it is refused, and the installed
list stays as it was. An unchanged list is not downloaded again (ETag and
Last-Modified are kept beside the installed list). A VERSION more than a day
ahead of the clock is refused, --force or not; a body that is compressed,
UTF-16 or binary is refused as such. At most 16 MiB are downloaded and 10
redirects followed, over http or https only; a server has 20 s to take the
connection, 20 s to answer and 120 s in all to send the list. Concurrent
updates install one after the other (the newest VERSION wins; one waits for
another at most 10 s, or $ETLD_LOCK_WAIT seconds), and files an interrupted
install left behind are removed. A damaged installed list is replaced,
whatever VERSION it claims, by one its owner can read.";

const UPDATE_AFTER_HELP: &str = "\
Which list a run uses, in order:
  --list FILE; $ETLD_LIST; else the newest by VERSION of the built-in list, the
  installed list and the system's list ($ETLD_SYSTEM_LIST, by default on Unix
  /usr/share/publicsuffix/public_suffix_list.dat; empty: none). A list that
  cannot be used (unreadable, damaged, a VERSION in the future) is named on
  stderr and passed over. No list file is read past 64 MiB; a device, a
  directory, or a FIFO nobody named, is refused without reading.
Over it, lookup, cookie and info lay the extra rules of the files $ETLD_EXTRA
names (a path list, as PATH), then of each --extra FILE, as though appended to
it; `etld update` replaces the list beneath them.

The cache directory: $ETLD_CACHE_DIR, else $XDG_CACHE_HOME/etld or ~/.cache/etld
(Linux), ~/Library/Caches/etld (macOS), %LOCALAPPDATA%\\etld (Windows).

Exit status: 0 when the list is installed or already up to date, 1 when the
download fails or is refused, or the list cannot be installed (the cache
directory cannot be written, or another update held its lock too long).

Examples:
  etld update
  etld update --url https://mirror.example/public_suffix_list.dat
  etld info          # which list is in use, and how old it is";

const COOKIE_AFTER_HELP: &str = "\
Output: `acceptable` or `not acceptable`; with --json
  {\"request_host\":\"www.example.co.uk\",\"cookie_domain\":\"co.uk\",\"acceptable\":false}

Exit status: 0 when the cookie domain is acceptable, 1 when it is not (an
invalid host is never acceptable, and is named on stderr), 2 when the check
cannot run (bad option, unreadable or invalid list).

Examples:
  etld cookie www.example.co.uk example.co.uk    # acceptable, exit 0
  etld cookie www.example.co.uk .co.uk           # not acceptable, exit 1
  etld cookie a.b.kobe.jp kobe.jp                # not acceptable, exit 1
  etld cookie bucket.s3.amazonaws.com amazonaws.com   # not acceptable, exit 1";

/// A column of `lookup --fields`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Field {
    /// The input line or argument, as given (of a line over 64 KiB, its
    /// first 64 KiB)
    Input,
    /// The host looked up (with --url, the host taken out of the input)
    Host,
    /// The labels left of the registrable domain (`www` of `www.example.co.uk`)
    Subdomain,
    /// The registrable label (`example` of `www.example.co.uk`)
    Label,
    /// The registrable domain (`example.co.uk`)
    Registrable,
    /// The public suffix (`co.uk`)
    Suffix,
    /// The section of the prevailing rule: icann, private, or empty
    Section,
    /// Whether a listed rule matched: true or false
    Known,
    /// The prevailing rule, canonical ASCII: `co.uk`, `*.kobe.jp`,
    /// `!city.kobe.jp`, `*` for the implicit rule, or empty
    Rule,
    /// The public suffix under ICANN-only sections (`io` of `me.github.io`)
    #[value(name = "icann_suffix", alias = "icann-suffix")]
    IcannSuffix,
    /// The registrable domain under ICANN-only sections (`github.io` of
    /// `me.github.io`)
    #[value(name = "icann_registrable", alias = "icann-registrable")]
    IcannRegistrable,
    /// Why the host is invalid, or empty
    Error,
    /// The key to group by site: the registrable domain in ASCII without a
    /// trailing dot (`xn--bcher-kva.de` of `www.bücher.de.`), whatever
    /// `--output` says
    Site,
}

/// The arguments of `lookup`.
#[derive(Debug, Args)]
pub struct LookupArgs {
    /// Hosts to look up (URLs with --url); `-` or none: one per line from
    /// standard input
    #[arg(value_name = "HOST")]
    pub hosts: Vec<OsString>,
    /// Take each input as a URL, `host:port` or e-mail address, and look up
    /// its host (as the WHATWG URL standard's parser takes it)
    #[arg(long)]
    pub url: bool,
    /// The tab-separated columns to write, in order (comma-separated):
    /// input, host, subdomain, label, registrable, suffix, section, known,
    /// rule, icann_suffix, icann_registrable, site, error [default:
    /// registrable,suffix]
    #[arg(
        long,
        value_enum,
        value_name = "FIELD,...",
        value_delimiter = ',',
        conflicts_with = "json"
    )]
    pub fields: Option<Vec<Field>>,
    /// The list and how it answers: `--list`, `--extra`, `--icann-only`,
    /// `--no-implicit-rule`, `--wildcard-root`, `--output`.
    #[command(flatten)]
    pub list: ListArgs,
    /// One JSON object per line: input, suffix, registrable, subdomain, label,
    /// section, known, rule, icann_suffix, icann_registrable, error (and
    /// host, with --url)
    #[arg(long)]
    pub json: bool,
    /// Threads that answer standard input, 1 to 1024 (1: answer on the
    /// main thread) [default: the number of cores]
    #[arg(long, value_name = "N", value_parser = thread_count)]
    pub threads: Option<NonZeroUsize>,
}

/// The most threads `--threads` may ask for: far more than any machine
/// has cores, and few enough that their stacks (2 MiB of address space
/// each) can always be set up.
pub const MAX_THREADS: usize = 1024;

/// Parses `--threads N`: a whole number from 1 to [`MAX_THREADS`].
fn thread_count(text: &str) -> Result<NonZeroUsize, String> {
    let n: usize = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of threads (1 to {MAX_THREADS})"))?;
    NonZeroUsize::new(n)
        .filter(|n| n.get() <= MAX_THREADS)
        .ok_or_else(|| format!("{n} threads: the number must be from 1 to {MAX_THREADS}"))
}

impl LookupArgs {
    /// How many threads answer standard input: `--threads`, or one per
    /// core.
    pub fn threads(&self) -> usize {
        self.threads
            .or_else(|| std::thread::available_parallelism().ok())
            .map_or(1, NonZeroUsize::get)
    }
}

/// The arguments of `compile`.
#[derive(Debug, Args)]
pub struct CompileArgs {
    /// The list text to compile (Public Suffix List format)
    #[arg(value_name = "LIST.dat")]
    pub input: PathBuf,
    /// The .fst file to write (replaced if it exists)
    #[arg(value_name = "OUT.fst")]
    pub output: PathBuf,
}

/// The arguments of `info`.
#[derive(Debug, Args)]
pub struct InfoArgs {
    /// The list: `--list` and `--extra`.
    #[command(flatten)]
    pub files: ListFiles,
    /// Warn on stderr when the list in use is older than this many days
    /// [default: $ETLD_MAX_AGE_DAYS, else 30]
    #[arg(long, value_name = "DAYS")]
    pub max_age: Option<u64>,
}

/// The age in days past which `etld info` warns when `--max-age` is not
/// given.
pub const MAX_AGE_DAYS: u64 = 30;

impl InfoArgs {
    /// `--max-age`, else `$ETLD_MAX_AGE_DAYS`, else [`MAX_AGE_DAYS`]; with
    /// the warning to write when the variable holds no number of days (it
    /// is then ignored, as a bad `$ETLD_LOCK_WAIT` is), named as the user
    /// set it rather than as the flag.
    pub fn max_age(&self) -> (u64, Option<String>) {
        if let Some(days) = self.max_age {
            return (days, None);
        }
        match std::env::var_os("ETLD_MAX_AGE_DAYS") {
            None => (MAX_AGE_DAYS, None),
            Some(v) if v.is_empty() => (MAX_AGE_DAYS, None),
            Some(v) => match v.to_str().and_then(|s| s.trim().parse().ok()) {
                Some(days) => (days, None),
                None => (
                    MAX_AGE_DAYS,
                    Some(format!(
                        "warning: ignoring ETLD_MAX_AGE_DAYS={:?}: not a number of days; \
                         warning past {MAX_AGE_DAYS} days",
                        v.to_string_lossy()
                    )),
                ),
            },
        }
    }
}

/// The arguments of `update`.
#[derive(Debug, Args)]
pub struct UpdateArgs {
    /// Where to download the list from (https:// or http://)
    #[arg(long, value_name = "URL")]
    pub url: Option<String>,
    /// Download the list even if the server says it has not changed, and
    /// install it even if its VERSION is older than the list in use, or
    /// missing (runs still use the newest list at hand; etld says which,
    /// and how to use this one)
    #[arg(long)]
    pub force: bool,
}

/// The arguments of `cookie`.
#[derive(Debug, Args)]
pub struct CookieArgs {
    /// The host of the page that sets the cookie
    #[arg(value_name = "REQUEST_HOST")]
    pub request_host: OsString,
    /// The cookie's Domain attribute (one leading dot is ignored)
    #[arg(value_name = "COOKIE_DOMAIN", allow_hyphen_values = true)]
    pub cookie_domain: OsString,
    /// The list: `--list` and `--extra`.
    #[command(flatten)]
    pub files: ListFiles,
    /// One JSON object: request_host, cookie_domain, acceptable
    #[arg(long)]
    pub json: bool,
}

/// The arguments of `idna`.
#[derive(Debug, Args)]
pub struct IdnaArgs {
    /// Which way to process.
    #[command(subcommand)]
    pub op: IdnaOp,
}

/// The direction of an `idna` conversion.
#[derive(Debug, Subcommand)]
pub enum IdnaOp {
    /// UTS 46 ToASCII (Faß.de -> xn--fa-hia.de)
    #[command(after_long_help = IDNA_AFTER_HELP)]
    ToAscii(IdnaOpArgs),
    /// UTS 46 ToUnicode (xn--fa-hia.de -> faß.de)
    #[command(after_long_help = IDNA_AFTER_HELP)]
    ToUnicode(IdnaOpArgs),
}

const IDNA_AFTER_HELP: &str = "\
Output (one line per input, in order):
  OUTPUT             the processed name
  error: MESSAGE     the name is refused (which rule, at which byte); the batch goes on
With --json: {\"input\":\"Faß.de\",\"output\":\"xn--fa-hia.de\",\"error\":null}
  (on an error, output is null and error is the message).

Examples:
  etld idna to-ascii Faß.de ﬁ.com            # xn--fa-hia.de, fi.com
  etld idna to-unicode xn--85x722f.xn--55qx5d.cn   # 食狮.公司.cn
  etld idna to-ascii --json < hosts.txt";

/// The arguments of `idna to-ascii` and `idna to-unicode`.
#[derive(Debug, Args)]
pub struct IdnaOpArgs {
    /// Names to process; none: one per line from standard input
    #[arg(value_name = "NAME")]
    pub names: Vec<OsString>,
    /// One JSON object per line: input, output, error
    #[arg(long)]
    pub json: bool,
}

/// The arguments of `punycode`.
#[derive(Debug, Args)]
pub struct PunycodeArgs {
    /// Which way to convert.
    #[command(subcommand)]
    pub op: PunycodeOp,
}

/// The direction of a `punycode` conversion.
#[derive(Debug, Subcommand)]
pub enum PunycodeOp {
    /// Encode Unicode text as Punycode (bücher -> bcher-kva)
    #[command(after_long_help = PUNYCODE_AFTER_HELP)]
    Encode(PunycodeOpArgs),
    /// Decode Punycode into Unicode text (bcher-kva -> bücher)
    #[command(after_long_help = PUNYCODE_AFTER_HELP)]
    Decode(PunycodeOpArgs),
}

const PUNYCODE_AFTER_HELP: &str = "\
Output (one line per input, in order):
  OUTPUT             the converted string
  error: MESSAGE     the input cannot be converted; the batch goes on
With --json: {\"input\":\"bücher\",\"output\":\"bcher-kva\",\"error\":null}
  (on an error, output is null and error is the message).

Examples:
  etld punycode encode bücher 食狮          # bcher-kva, 85x722f
  etld punycode decode --domain xn--85x722f.xn--55qx5d.cn   # 食狮.公司.cn
  etld punycode decode --json < labels.txt";

/// The arguments of `punycode encode` and `punycode decode`.
#[derive(Debug, Args)]
pub struct PunycodeOpArgs {
    /// Strings to convert; none: one per line from standard input
    #[arg(value_name = "STR")]
    pub strings: Vec<OsString>,
    /// One JSON object per line: input, output, error
    #[arg(long)]
    pub json: bool,
    /// Convert whole domain names label by label, with the xn-- prefix
    /// (encode: non-ASCII labels become A-labels; decode: A-labels become
    /// Unicode; other labels are lower-cased)
    #[arg(long)]
    pub domain: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_grammar_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn lookup_is_the_default_command() {
        let cli = Cli::try_parse_from(["etld", "--json", "example.com"]).unwrap();
        assert!(cli.command.is_none());
        assert!(cli.lookup.json);
        assert_eq!(cli.lookup.hosts, vec![OsString::from("example.com")]);

        let cli = Cli::try_parse_from(["etld", "lookup", "--json", "example.com"]).unwrap();
        assert!(matches!(cli.command, Some(Command::Lookup(ref a)) if a.json));
    }

    #[test]
    fn options_map_to_the_library() {
        let cli = Cli::try_parse_from([
            "etld",
            "--icann-only",
            "--no-implicit-rule",
            "--wildcard-root",
            "--output",
            "ascii",
        ])
        .unwrap();
        let o = cli.lookup.list.lookup.options();
        assert_eq!(o.get_sections(), etld::Sections::IcannOnly);
        assert!(!o.get_implicit_rule());
        assert_eq!(o.get_wildcard(), etld::Wildcard::Browser);
        assert_eq!(o.get_output(), etld::Output::Ascii);
        assert_eq!(
            Cli::try_parse_from(["etld"])
                .unwrap()
                .lookup
                .list
                .lookup
                .options(),
            etld::Options::new()
        );
    }

    #[test]
    fn threads_default_to_the_cores() {
        let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
        assert_eq!(
            Cli::try_parse_from(["etld"]).unwrap().lookup.threads(),
            cores
        );
        let cli = Cli::try_parse_from(["etld", "--threads", "3", "-"]).unwrap();
        assert_eq!(cli.lookup.threads(), 3);
        assert_eq!(cli.lookup.hosts, vec![OsString::from("-")]);
        assert!(Cli::try_parse_from(["etld", "--threads", "0"]).is_err());
        let most = MAX_THREADS.to_string();
        let cli = Cli::try_parse_from(["etld", "--threads", &most]).unwrap();
        assert_eq!(cli.lookup.threads(), MAX_THREADS);
        for over in ["1025", "20000", "100000", "99999999999999999999999"] {
            assert!(Cli::try_parse_from(["etld", "--threads", over]).is_err());
        }
    }
}
