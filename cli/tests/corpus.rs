//! The shared corpus (`testdata/corpus.tsv`) through the command line: for
//! each set of options, `etld lookup --json` on the corpus's hosts gives the
//! corpus's answers, key by key.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::{Command, Stdio};

const KEYS: [&str; 10] = [
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

/// Undoes PostgreSQL's COPY text escaping of one value; `\N` is NULL.
fn unescape(value: &str) -> Option<String> {
    if value == "\\N" {
        return None;
    }
    let bytes = value.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        let (byte, width) = match bytes[i + 1] {
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
            other => (other, 2),
        };
        out.push(byte);
        i += width;
    }
    Some(String::from_utf8(out).expect("UTF-8"))
}

/// The corpus's rows by options: (input, the values of `KEYS`).
type Rows = Vec<(String, Vec<Option<String>>)>;

fn corpus() -> BTreeMap<String, Rows> {
    let mut by_options: BTreeMap<String, Rows> = BTreeMap::new();
    for line in include_str!("../../testdata/corpus.tsv").lines().skip(1) {
        let mut values = line.split('\t').map(unescape);
        let options = values.next().flatten().expect("options");
        let input = values.next().flatten().expect("input");
        by_options
            .entry(options)
            .or_default()
            .push((input, values.collect()));
    }
    by_options
}

/// A JSON value as the corpus writes it.
fn text(value: &serde_json::Value) -> Option<String> {
    match value {
        serde_json::Value::Null => None,
        serde_json::Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}

#[test]
fn lookup_json_gives_the_corpus() {
    let corpus = corpus();
    assert_eq!(corpus.len(), 7);
    for (options, rows) in corpus {
        let mut stdin: String = rows.iter().map(|(input, _)| format!("{input}\n")).collect();
        stdin.shrink_to_fit();
        let mut child = Command::new(env!("CARGO_BIN_EXE_etld"))
            .arg("--json")
            .args(options.split_whitespace())
            .env("ETLD_CACHE_DIR", "/nonexistent/etld-corpus-test")
            .env("ETLD_SYSTEM_LIST", "")
            .env("ETLD_MAX_AGE_DAYS", "1000000")
            .env_remove("ETLD_LIST")
            .env_remove("ETLD_EXTRA")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("etld starts");
        let mut pipe = child.stdin.take().expect("stdin");
        let writer = std::thread::spawn(move || pipe.write_all(stdin.as_bytes()));
        let out = child.wait_with_output().expect("etld runs");
        writer.join().expect("writer").expect("stdin written");
        assert!(out.status.success(), "etld --json {options}");
        let stdout = String::from_utf8(out.stdout).expect("UTF-8");
        let lines: Vec<&str> = stdout.split_terminator('\n').collect();
        assert_eq!(lines.len(), rows.len(), "one line per host ({options})");
        for (line, (input, want)) in lines.iter().zip(&rows) {
            let got: serde_json::Value = serde_json::from_str(line).expect("JSON");
            assert_eq!(got["input"].as_str(), Some(input.as_str()));
            let got: Vec<Option<String>> = KEYS.iter().map(|k| text(&got[*k])).collect();
            assert_eq!(&got, want, "{input:?} with {options:?}");
        }
    }
}
