//! The shared corpus (`testdata/corpus.tsv`) through SQL: for each set of
//! options, every function on the corpus's hosts gives the corpus's answer;
//! an invalid host gives NULL from every function but `etld_error`.

use std::collections::BTreeMap;
use std::sync::Arc;

use datafusion::arrow::array::{Array, AsArray, Int64Array, RecordBatch, StringArray};
use datafusion::arrow::compute::{cast, concat_batches};
use datafusion::arrow::datatypes::DataType;
use datafusion::prelude::SessionContext;
use etld::{Options, Output, Sections, Wildcard};
use etld_datafusion::Etld;

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

/// The corpus by options: (input, the values after it, by column name).
type Rows = Vec<(String, BTreeMap<String, Option<String>>)>;

fn corpus() -> BTreeMap<String, Rows> {
    let text = include_str!("../../testdata/corpus.tsv");
    let mut lines = text.lines();
    let keys: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let mut by_options: BTreeMap<String, Rows> = BTreeMap::new();
    for line in lines {
        let mut values = line.split('\t').map(unescape);
        let options = values.next().flatten().expect("options");
        let input = values.next().flatten().expect("input");
        let row = keys[2..]
            .iter()
            .map(|k| k.to_string())
            .zip(values)
            .collect();
        by_options.entry(options).or_default().push((input, row));
    }
    by_options
}

fn options_of(flags: &str) -> Options {
    let mut options = Options::new();
    let mut words = flags.split_whitespace();
    while let Some(flag) = words.next() {
        options = match flag {
            "--icann-only" => options.sections(Sections::IcannOnly),
            "--no-default-rule" => options.implicit_rule(false),
            "--wildcard-root" => options.wildcard(Wildcard::Browser),
            "--output" => match words.next() {
                Some("ascii") => options.output(Output::Ascii),
                Some("unicode") => options.output(Output::Unicode),
                other => panic!("--output {other:?}"),
            },
            other => panic!("unknown flag {other:?}"),
        };
    }
    options
}

/// The SQL function of each of the corpus's columns.
const FUNCTIONS: [(&str, &str); 9] = [
    ("suffix", "etld_suffix"),
    ("registrable", "etld_registrable"),
    ("subdomain", "etld_subdomain"),
    ("section", "etld_section"),
    ("known", "etld_known"),
    ("rule", "etld_rule"),
    ("icann_suffix", "etld_icann_suffix"),
    ("icann_registrable", "etld_icann_registrable"),
    ("error", "etld_error"),
];

#[tokio::test]
async fn the_functions_give_the_corpus() {
    let corpus = corpus();
    assert_eq!(corpus.len(), 7);
    for (flags, rows) in corpus {
        let ctx = SessionContext::new();
        Etld::builtin()
            .with_options(options_of(&flags))
            .register(&ctx);
        let hosts: StringArray = rows.iter().map(|(h, _)| Some(h.as_str())).collect();
        let order: Int64Array = (0..rows.len() as i64).collect();
        let table = RecordBatch::try_from_iter([
            ("i", Arc::new(order) as Arc<dyn Array>),
            ("host", Arc::new(hosts) as Arc<dyn Array>),
        ])
        .unwrap();
        ctx.register_batch("hosts", table).unwrap();
        let select: Vec<String> = FUNCTIONS
            .iter()
            .map(|(_, f)| format!("{f}(host)"))
            .collect();
        let sql = format!("SELECT {} FROM hosts ORDER BY i", select.join(", "));
        let batches = ctx.sql(&sql).await.unwrap().collect().await.unwrap();
        let result = concat_batches(&batches[0].schema(), &batches).unwrap();
        assert_eq!(result.num_rows(), rows.len());
        for (c, (key, function)) in FUNCTIONS.iter().enumerate() {
            let column = cast(result.column(c), &DataType::Utf8).unwrap();
            let column = column.as_string::<i32>();
            for (r, (host, want)) in rows.iter().enumerate() {
                let invalid = want["error"].is_some();
                let want = match *key {
                    // A function of an invalid host is NULL (but the error).
                    _ if invalid && *key != "error" => None,
                    _ => want[*key].clone(),
                };
                let got = column.is_valid(r).then(|| column.value(r).to_string());
                assert_eq!(got, want, "{function}({host:?}) with {flags:?}");
            }
        }
    }
}
