//! What the tests of etld's surfaces share: the corpus of `testdata/`
//! (written by `scripts/gen_corpus.py`), read into rows, and the escaping
//! it and `etld --fields` use (PostgreSQL's COPY text format); and what the
//! root crate's tests, examples and benches share: the benchmark's hosts
//! ([`hosts`]) and a counting allocator ([`alloc`]).
//!
//! ```
//! let rows = etld_testkit::corpus();
//! let row = rows.iter().find(|r| r.options.is_empty() && r.input == "me.github.io").unwrap();
//! assert_eq!(row.get("rule"), Some("github.io"));
//! assert_eq!(row.get("icann_suffix"), Some("io"));
//! ```

use etld::{Options, Output, Sections, Wildcard};

pub mod alloc;

// The file stays beside the benches, as the unit tests of `src/list.rs`
// include it by its path.
#[path = "../../benches/hosts/mod.rs"]
pub mod hosts;

/// A port of 127.0.0.1 that nothing listens on now: one the system gave and
/// that was given up at once (for a server a test starts, or a connection a
/// test expects refused).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a port of 127.0.0.1")
}

/// The answer's columns of the corpus, in `etld lookup --json`'s order.
pub const KEYS: [&str; 10] = [
    "suffix",
    "registrable",
    "subdomain",
    "label",
    "section",
    "known",
    "rule",
    "icann_suffix",
    "icann_registrable",
    "error",
];

/// One row of the corpus.
#[derive(Clone, Debug)]
pub struct Row {
    /// The options, as `etld lookup`'s flags (empty for the defaults).
    pub options: String,
    /// The host looked up.
    pub input: String,
    /// The values of [`KEYS`], in order; `None` for NULL.
    pub values: Vec<Option<String>>,
}

impl Row {
    /// The value of the column `key` (one of [`KEYS`]).
    pub fn get(&self, key: &str) -> Option<&str> {
        let at = KEYS
            .iter()
            .position(|k| *k == key)
            .expect("a column of the corpus");
        self.values[at].as_deref()
    }

    /// The row's options as the library's.
    pub fn lookup_options(&self) -> Options {
        options_of(&self.options)
    }
}

/// Every row of `testdata/corpus.tsv`.
pub fn corpus() -> Vec<Row> {
    let mut lines = include_str!("../../testdata/corpus.tsv").lines();
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    assert_eq!(header[..2], ["options", "input"]);
    assert_eq!(header[2..], KEYS);
    lines
        .map(|line| {
            let mut values = line.split('\t').map(unescape);
            let options = values.next().flatten().expect("options");
            let input = values.next().flatten().expect("input");
            let values: Vec<_> = values.collect();
            assert_eq!(values.len(), KEYS.len(), "{line:?}");
            Row {
                options,
                input,
                values,
            }
        })
        .collect()
}

/// Every combination of the library's options: the sections, the implicit
/// rule, the wildcard mode and, innermost, the output form.
pub fn every_option() -> Vec<Options> {
    let mut all = Vec::new();
    for sections in [Sections::All, Sections::IcannOnly] {
        for implicit in [true, false] {
            for wildcard in [Wildcard::Strict, Wildcard::Browser] {
                for output in [Output::Input, Output::Ascii, Output::Unicode] {
                    all.push(
                        Options::new()
                            .sections(sections)
                            .implicit_rule(implicit)
                            .wildcard(wildcard)
                            .output(output),
                    );
                }
            }
        }
    }
    all
}

/// The library's options for `etld lookup`'s flags.
pub fn options_of(flags: &str) -> Options {
    let mut options = Options::new();
    let mut words = flags.split_whitespace();
    while let Some(flag) = words.next() {
        options = match flag {
            "--icann-only" => options.sections(Sections::IcannOnly),
            "--no-implicit-rule" => options.implicit_rule(false),
            "--wildcard-root" => options.wildcard(Wildcard::Browser),
            "--output" => match words.next() {
                Some("ascii") => options.output(Output::Ascii),
                Some("unicode") => options.output(Output::Unicode),
                Some("input") => options.output(Output::Input),
                other => panic!("--output {other:?}"),
            },
            other => panic!("unknown flag {other:?} in the corpus"),
        };
    }
    options
}

/// The corpus's flags `flags` with `--output ascii` in place of their
/// output form: the options of the rows whose registrable domain is the
/// site key of the rows of `flags` (`--output unicode` gives
/// `--output ascii`, `--icann-only` gives `--icann-only --output ascii`).
pub fn with_ascii_output(flags: &str) -> String {
    let rest = flags
        .split_once("--output")
        .map_or(flags, |(before, _)| before);
    format!("{} --output ascii", rest.trim_end())
        .trim_start()
        .to_string()
}

/// Undoes PostgreSQL's COPY text escaping of one value (`\\`, `\t`, `\n`,
/// `\r`, `\b`, `\f`, `\v`, `\xHH`); `\N` is NULL.
pub fn unescape(value: &str) -> Option<String> {
    if value == "\\N" {
        return None;
    }
    Some(String::from_utf8(unescape_bytes(value.as_bytes())).expect("UTF-8"))
}

/// [`unescape`] of bytes that may not be UTF-8 once unescaped.
pub fn unescape_bytes(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        let (byte, width) = match bytes[i + 1] {
            b'\\' => (b'\\', 2),
            b't' => (b'\t', 2),
            b'n' => (b'\n', 2),
            b'r' => (b'\r', 2),
            b'b' => (0x08, 2),
            b'f' => (0x0c, 2),
            b'v' => (0x0b, 2),
            b'x' => {
                let hex = std::str::from_utf8(&bytes[i + 2..i + 4]).expect("hex");
                (u8::from_str_radix(hex, 16).expect("a hex byte"), 4)
            }
            other => panic!("unknown escape \\{}", other as char),
        };
        out.push(byte);
        i += width;
    }
    out
}

/// Running the `etld` binary in tests.
pub mod cli {
    use std::io::Write;
    use std::process::{Command, Output, Stdio};

    /// A command for the `etld` binary at `program` (a test's
    /// `env!("CARGO_BIN_EXE_etld")`) that answers from the built-in list
    /// whatever this machine has installed: no `$ETLD_LIST` or
    /// `$ETLD_EXTRA`, a cache directory that does not exist, no system
    /// list, and no warning about the list's age.
    pub fn pinned(program: &str) -> Command {
        let mut command = Command::new(program);
        command
            .env("ETLD_CACHE_DIR", "/nonexistent/etld-test-cache")
            .env("ETLD_SYSTEM_LIST", "")
            .env("ETLD_MAX_AGE_DAYS", "1000000")
            .env_remove("ETLD_LIST")
            .env_remove("ETLD_EXTRA");
        command
    }

    /// Runs `command` with no input, its output read as it comes; kills it,
    /// and fails the test, if it has not ended within `limit` (a write or
    /// a lock that blocks).
    pub fn run_bounded(mut command: Command, limit: std::time::Duration) -> Output {
        use std::io::Read;
        let mut child = command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("etld starts");
        let read = |mut pipe: Box<dyn Read + Send>| {
            std::thread::spawn(move || {
                let mut bytes = Vec::new();
                let _ = pipe.read_to_end(&mut bytes);
                bytes
            })
        };
        let stdout = read(Box::new(child.stdout.take().expect("stdout is piped")));
        let stderr = read(Box::new(child.stderr.take().expect("stderr is piped")));
        let deadline = std::time::Instant::now() + limit;
        let status = loop {
            if let Some(status) = child.try_wait().expect("wait for etld") {
                break status;
            }
            if std::time::Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{command:?} did not end within {limit:?}");
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        };
        Output {
            status,
            stdout: stdout.join().expect("stdout reader"),
            stderr: stderr.join().expect("stderr reader"),
        }
    }

    /// Runs `command` with `stdin` as its input, written from a thread of
    /// its own so that a large input cannot block against the output.
    pub fn run(mut command: Command, stdin: &[u8]) -> Output {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("etld starts");
        let mut pipe = child.stdin.take().expect("stdin is piped");
        let input = stdin.to_vec();
        let writer = std::thread::spawn(move || {
            let _ = pipe.write_all(&input);
        });
        let out = child.wait_with_output().expect("etld runs");
        writer.join().expect("writer thread");
        out
    }
}
