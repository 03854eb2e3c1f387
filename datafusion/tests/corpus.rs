//! The shared corpus (`testdata/corpus.tsv`) through SQL: for each set of
//! options, every function on the corpus's hosts gives the corpus's answer;
//! an invalid host gives NULL from every function but `etld_error`, which
//! gives `etld lookup`'s message (naming `etld_host` for a host that looks
//! like a URL).

use std::collections::BTreeMap;
use std::sync::Arc;

use datafusion::arrow::array::{Array, AsArray, Int64Array, RecordBatch, StringArray};
use datafusion::arrow::compute::{cast, concat_batches};
use datafusion::arrow::datatypes::DataType;
use datafusion::prelude::SessionContext;
use etld_datafusion::Etld;

/// The corpus by options: (input, its row).
fn corpus() -> BTreeMap<String, Vec<etld_testkit::Row>> {
    let mut by_options: BTreeMap<String, Vec<etld_testkit::Row>> = BTreeMap::new();
    for row in etld_testkit::corpus() {
        by_options.entry(row.options.clone()).or_default().push(row);
    }
    by_options
}

/// `SELECT columns` from a table `hosts` of the inputs of `rows`, in their
/// order, with the functions registered under the options `flags`.
async fn select_in_order(flags: &str, rows: &[etld_testkit::Row], columns: &str) -> RecordBatch {
    let ctx = SessionContext::new();
    Etld::builtin()
        .with_options(etld_testkit::options_of(flags))
        .register(&ctx);
    let hosts: StringArray = rows.iter().map(|r| Some(r.input.as_str())).collect();
    let order: Int64Array = (0..rows.len() as i64).collect();
    let table = RecordBatch::try_from_iter([
        ("i", Arc::new(order) as Arc<dyn Array>),
        ("host", Arc::new(hosts) as Arc<dyn Array>),
    ])
    .unwrap();
    ctx.register_batch("hosts", table).unwrap();
    let sql = format!("SELECT {columns} FROM hosts ORDER BY i");
    let batches = ctx.sql(&sql).await.unwrap().collect().await.unwrap();
    concat_batches(&batches[0].schema(), &batches).unwrap()
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

/// What `etld_error` adds to the message of a host that looks like a URL,
/// `host:port` or an e-mail address.
const URL_HINT: &str = ": this looks like a URL (or host:port, or an e-mail address), whose host etld_host() takes out";

#[tokio::test]
async fn the_functions_give_the_corpus() {
    let corpus = corpus();
    assert_eq!(corpus.len(), 7);
    for (flags, rows) in corpus {
        let select: Vec<String> = FUNCTIONS
            .iter()
            .map(|(_, f)| format!("{f}(host)"))
            .collect();
        let result = select_in_order(&flags, &rows, &select.join(", ")).await;
        assert_eq!(result.num_rows(), rows.len());
        for (c, (key, function)) in FUNCTIONS.iter().enumerate() {
            let column = cast(result.column(c), &DataType::Utf8).unwrap();
            let column = column.as_string::<i32>();
            for (r, row) in rows.iter().enumerate() {
                let host = &row.input;
                let invalid = row.get("error").is_some();
                let want = match *key {
                    // A function of an invalid host is NULL (but the error).
                    _ if invalid && *key != "error" => None,
                    // `etld lookup`'s message, and for a host that looks
                    // like a URL the function that takes out its host.
                    "error" if etld::url::looks_like_url(host) => {
                        row.get(key).map(|e| format!("{e}{URL_HINT}"))
                    }
                    _ => row.get(key).map(str::to_string),
                };
                let got = column.is_valid(r).then(|| column.value(r).to_string());
                assert_eq!(got, want, "{function}({host:?}) with {flags:?}");
            }
        }
    }
}

/// `etld_site` gives, under each set of options whose twin with
/// `--output ascii` the corpus holds, the registrable domain of that twin
/// without a trailing dot: the site key is the ASCII answer, whatever the
/// output form.
#[tokio::test]
async fn the_site_key_is_the_ascii_registrable_domain() {
    let corpus = corpus();
    let mut checked = 0;
    for (flags, rows) in &corpus {
        let Some(twins) = corpus.get(&etld_testkit::with_ascii_output(flags)) else {
            continue;
        };
        let result = select_in_order(flags, rows, "etld_site(host)").await;
        let column = result.column(0).as_string::<i32>();
        for (r, row) in rows.iter().enumerate() {
            let twin = twins.iter().find(|t| t.input == row.input).unwrap();
            let want = match twin.get("error") {
                Some(_) => None,
                None => twin
                    .get("registrable")
                    .map(|d| d.strip_suffix('.').unwrap_or(d).to_string()),
            };
            let got = column.is_valid(r).then(|| column.value(r).to_string());
            assert_eq!(got, want, "etld_site({:?}) with {flags:?}", row.input);
        }
        checked += 1;
    }
    // The default, `--output ascii`, `--output unicode` and the set of every
    // flag.
    assert_eq!(checked, 4);
}
