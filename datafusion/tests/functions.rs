//! The SQL functions give exactly the answers of `etld lookup` (the library
//! call it makes, with the options its flags set) on the benchmark's mix of
//! hosts, for every combination of options and each string type, NULLs
//! included.

use std::sync::Arc;

use datafusion::arrow::array::{
    Array, ArrayRef, AsArray, BooleanArray, Int64Array, LargeStringArray, RecordBatch, StringArray,
    StringViewArray,
};
use datafusion::arrow::compute::{cast, concat_batches};
use datafusion::arrow::datatypes::{DataType, Field};
use datafusion::config::ConfigOptions;
use datafusion::execution::FunctionRegistry;
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDF};
use datafusion::prelude::SessionContext;
use etld::{List, Options, Output, Sections, Wildcard};
use etld_datafusion::{Etld, Function};

#[path = "../../benches/hosts/mod.rs"]
mod hosts;

/// Hosts that are not valid, or odd, beside the mix.
const EXTRA: &[&str] = &[
    "",
    ".",
    "a..b.com",
    ".example.com",
    "example.com..",
    "example.com.",
    "192.168.0.1",
    "[::1]",
    "0x7f.0.0.1",
    "a b.com",
    "xn--zz.com",
    "xn--bcher-kva.DE",
    "ＥＸＡＭＰＬＥ．ｃｏ．ｕｋ",
    "www.食狮.公司.cn",
    "kobe.jp",
    "city.kobe.jp",
    "a.b.kobe.jp",
    "in.futurecms.at",
    "foo.unlisted-tld",
    "co.uk",
    "github.io",
];

/// Every Nth row is NULL.
const NULL_EVERY: usize = 17;

fn hosts() -> Vec<Option<String>> {
    let mut hosts: Vec<Option<String>> = hosts::realistic_hosts(10_000, 42)
        .into_iter()
        .map(Some)
        .collect();
    hosts.extend(EXTRA.iter().map(|h| Some(h.to_string())));
    for (i, h) in hosts.iter_mut().enumerate() {
        if i % NULL_EVERY == 0 {
            *h = None;
        }
    }
    hosts
}

/// What `etld lookup --json` says of one host: registrable, suffix,
/// subdomain, section, known, error (NULL for what a NULL host gives).
type Answer = (
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<bool>,
    Option<String>,
);

fn expected(list: &List, options: &Options, host: Option<&str>) -> Answer {
    let Some(host) = host else {
        return (None, None, None, None, None, None);
    };
    match list.lookup_with(host, options) {
        Ok(d) => (
            d.registrable().map(str::to_string),
            d.suffix().map(str::to_string),
            d.subdomain().map(str::to_string),
            d.section().map(|s| s.as_str().to_string()),
            Some(d.is_known()),
            None,
        ),
        Err(e) => (None, None, None, None, None, Some(e.to_string())),
    }
}

/// What `etld lookup --json` says of one host's rule and ICANN-only
/// answer: rule, icann_suffix, icann_registrable.
type Rich = [Option<String>; 4];

fn expected_rich(list: &List, options: &Options, host: Option<&str>) -> Rich {
    match host.map(|h| list.lookup_with(h, options)) {
        Some(Ok(d)) => [
            d.rule().map(|r| r.into_owned()),
            d.icann_suffix().map(str::to_string),
            d.icann_registrable().map(str::to_string),
            site(list, options, host),
        ],
        _ => [None, None, None, None],
    }
}

/// The site key of a host: its registrable domain in ASCII, without a
/// trailing dot.
fn site(list: &List, options: &Options, host: Option<&str>) -> Option<String> {
    let d = list
        .lookup_with(host?, &options.output(Output::Ascii))
        .ok()?;
    d.registrable()
        .map(|r| r.strip_suffix('.').unwrap_or(r).to_string())
}

/// A table `t(id, utf8, large, view)` of the same hosts in the three types.
fn table(hosts: &[Option<String>]) -> RecordBatch {
    let ids: Int64Array = (0..hosts.len() as i64).collect();
    let utf8: StringArray = hosts.iter().map(Option::as_deref).collect();
    let large: LargeStringArray = hosts.iter().map(Option::as_deref).collect();
    let view: StringViewArray = hosts.iter().map(Option::as_deref).collect();
    RecordBatch::try_from_iter([
        ("id", Arc::new(ids) as ArrayRef),
        ("utf8", Arc::new(utf8) as ArrayRef),
        ("large", Arc::new(large) as ArrayRef),
        ("view", Arc::new(view) as ArrayRef),
    ])
    .unwrap()
}

fn strings(column: &ArrayRef) -> Vec<Option<String>> {
    let utf8 = cast(column, &DataType::Utf8).unwrap();
    utf8.as_string::<i32>()
        .iter()
        .map(|s| s.map(str::to_string))
        .collect()
}

async fn run(ctx: &SessionContext, sql: &str) -> RecordBatch {
    let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
    let schema = batches[0].schema();
    concat_batches(&schema, &batches).unwrap()
}

/// The columns of [`table`] that hold the hosts, with their types.
const STRING_COLUMNS: [(&str, DataType); 3] = [
    ("utf8", DataType::Utf8),
    ("large", DataType::LargeUtf8),
    ("view", DataType::Utf8View),
];

/// Runs `select(column)`, a query of the table `t` of `hosts` (see
/// [`table`]), with the functions of the built-in list under every
/// combination of options, over each of [`STRING_COLUMNS`]; `check` gets
/// what `want` says of each host under those options, the options, the
/// column, its type and the result.
async fn each_option_and_string_type<W>(
    hosts: &[Option<String>],
    want: impl Fn(&List, &Options, Option<&str>) -> W,
    select: impl Fn(&str) -> String,
    check: impl Fn(&[W], &Options, &str, &DataType, &RecordBatch),
) {
    let list = List::builtin();
    for options in etld_testkit::every_option() {
        let ctx = SessionContext::new();
        etld_datafusion::register(&ctx, list, options);
        ctx.register_batch("t", table(hosts)).unwrap();
        let want: Vec<W> = hosts
            .iter()
            .map(|h| want(list, &options, h.as_deref()))
            .collect();
        for (column, string_type) in &STRING_COLUMNS {
            let got = run(&ctx, &select(column)).await;
            check(&want, &options, column, string_type, &got);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lookups_match_the_cli_for_every_option_and_string_type() {
    let hosts = hosts();
    let select = |column: &str| {
        format!(
            "SELECT etld_registrable({column}), etld_suffix({column}), \
             etld_subdomain({column}), etld_section({column}), \
             etld_known({column}), etld_error({column}) FROM t ORDER BY id"
        )
    };
    let check = |want: &[Answer],
                 options: &Options,
                 column: &str,
                 string_type: &DataType,
                 got: &RecordBatch| {
        for i in 0..3 {
            assert_eq!(got.column(i).data_type(), string_type, "{options:?}");
        }
        assert_eq!(got.column(3).data_type(), &DataType::Utf8);
        assert_eq!(got.column(5).data_type(), &DataType::Utf8);
        let known: &BooleanArray = got.column(4).as_boolean();
        let columns: Vec<_> = [0, 1, 2, 3, 5].map(|i| strings(got.column(i))).into();
        assert_eq!(got.num_rows(), hosts.len());
        for (row, want) in want.iter().enumerate() {
            let answer: Answer = (
                columns[0][row].clone(),
                columns[1][row].clone(),
                columns[2][row].clone(),
                columns[3][row].clone(),
                known.is_valid(row).then(|| known.value(row)),
                columns[4][row].clone(),
            );
            assert_eq!(
                &answer, want,
                "host {:?} as {column} with {options:?}",
                hosts[row]
            );
        }
    };
    each_option_and_string_type(&hosts, expected, select, check).await;
}

/// Calls `udf` on `array` as a query would.
fn invoke(udf: &ScalarUDF, array: &ArrayRef) -> ArrayRef {
    let return_type = udf.return_type(&[array.data_type().clone()]).unwrap();
    let args = ScalarFunctionArgs {
        args: vec![ColumnarValue::Array(Arc::clone(array))],
        arg_fields: vec![Arc::new(Field::new(
            "host",
            array.data_type().clone(),
            true,
        ))],
        number_rows: array.len(),
        return_field: Arc::new(Field::new(udf.name(), return_type.clone(), true)),
        config_options: Arc::new(ConfigOptions::default()),
    };
    match udf.invoke_with_args(args).unwrap() {
        ColumnarValue::Array(answer) => {
            assert_eq!(answer.data_type(), &return_type, "{}", udf.name());
            answer
        }
        ColumnarValue::Scalar(s) => panic!("{}: a scalar answer {s:?}", udf.name()),
    }
}

/// The arrays of the functions answer each row for itself: NULL rows
/// scattered among the hosts, in runs, at both ends, everywhere or nowhere,
/// and arrays that are slices of longer ones (an offset into their
/// buffers and their null bitmap) give each row the answer of its own host.
#[test]
fn scattered_nulls_and_sliced_arrays() {
    let mut rng = hosts::Rng(7);
    let mut with_nulls: Vec<Option<String>> = hosts::realistic_hosts(20_000, 3)
        .into_iter()
        .chain(EXTRA.iter().map(|h| h.to_string()))
        .map(|h| (!rng.next().is_multiple_of(5)).then_some(h))
        .collect();
    let n = with_nulls.len();
    for i in (0..3).chain(5_000..5_300).chain(n - 3..n) {
        with_nulls[i] = None;
    }
    let without_nulls: Vec<Option<String>> = with_nulls
        .iter()
        .enumerate()
        .map(|(i, h)| h.clone().or_else(|| Some(format!("h{i}.example.com"))))
        .collect();
    let all_nulls: Vec<Option<String>> = vec![None; 1_000];
    // (offset, length): whole, odd offsets that split bytes of the null
    // bitmap, a slice inside the run of NULLs, short and empty slices;
    // those that fit in `n` rows.
    let slices = |n: usize| {
        let all = [
            (0, n),
            (1, n - 1),
            (13, 8_193),
            (5_001, 200),
            (4_990, 400),
            (n - 70, 70),
            (n - 2, 2),
            (9, 1),
            (n / 2, 0),
        ];
        all.into_iter()
            .filter(move |&(offset, len)| offset + len <= n)
    };
    let string_types = [DataType::Utf8, DataType::LargeUtf8, DataType::Utf8View];
    let list = List::builtin();
    let some_options = [
        Options::new(),
        Options::new().output(Output::Unicode),
        Options::new()
            .sections(Sections::IcannOnly)
            .implicit_rule(false)
            .wildcard(Wildcard::Browser)
            .output(Output::Ascii),
    ];
    for options in some_options {
        let etld = Etld::builtin().with_options(options);
        for hosts in [&with_nulls, &without_nulls, &all_nulls] {
            let want: Vec<Answer> = hosts
                .iter()
                .map(|h| expected(list, &options, h.as_deref()))
                .collect();
            let want_rich: Vec<Rich> = hosts
                .iter()
                .map(|h| expected_rich(list, &options, h.as_deref()))
                .collect();
            let utf8: ArrayRef =
                Arc::new(StringArray::from_iter(hosts.iter().map(Option::as_deref)));
            for string_type in &string_types {
                let whole = cast(&utf8, string_type).unwrap();
                for (offset, len) in slices(hosts.len()) {
                    let array = whole.slice(offset, len);
                    let want = &want[offset..offset + len];
                    let want_rich = &want_rich[offset..offset + len];
                    let mut got: Vec<Answer> = vec![(None, None, None, None, None, None); len];
                    let mut got_rich: Vec<Rich> = vec![[None, None, None, None]; len];
                    for f in Function::ALL {
                        if f == Function::ListVersion {
                            continue; // of no host (`list_version_names_the_list`)
                        }
                        let answer = invoke(&etld.udf(f), &array);
                        assert_eq!(answer.len(), len, "{}", f.name());
                        if f == Function::Known {
                            let known: &BooleanArray = answer.as_boolean();
                            for (row, got) in got.iter_mut().enumerate() {
                                got.4 = known.is_valid(row).then(|| known.value(row));
                            }
                            continue;
                        }
                        let rows = got.iter_mut().zip(&mut got_rich);
                        for ((got, rich), answer) in rows.zip(strings(&answer)) {
                            match f {
                                Function::Registrable => got.0 = answer,
                                Function::Suffix => got.1 = answer,
                                Function::Subdomain => got.2 = answer,
                                Function::Section => got.3 = answer,
                                Function::Error => got.5 = answer,
                                Function::Rule => rich[0] = answer,
                                Function::IcannSuffix => rich[1] = answer,
                                Function::IcannRegistrable => rich[2] = answer,
                                Function::Site => rich[3] = answer,
                                Function::Known
                                | Function::Host
                                | Function::UrlError
                                | Function::ListVersion => {}
                            }
                        }
                    }
                    assert_eq!(
                        got_rich, want_rich,
                        "slice ({offset}, {len}) of {string_type}"
                    );
                    for (row, (got, want)) in got.iter().zip(want).enumerate() {
                        assert_eq!(
                            got,
                            want,
                            "row {row} of the slice ({offset}, {len}) of {string_type}, host {:?}, {options:?}",
                            hosts[offset + row]
                        );
                    }
                }
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hosts_of_urls_match_the_library() {
    let mut urls: Vec<Option<String>> = hosts::realistic_hosts(2_000, 7)
        .into_iter()
        .enumerate()
        .map(|(i, h)| {
            Some(match i % 4 {
                0 => format!("https://user:pw@{h}:8443/a/b?c=d#e"),
                1 => format!("{h}:8080"),
                2 => format!("someone@{h}"),
                _ => h,
            })
        })
        .collect();
    for odd in [
        "",
        "https:///x",
        "file:///etc/hosts",
        "http://ex%61mple.com/",
        "http://[::1]:80/",
        "http://host:99999/",
        " \thttp://www.Example.com\n/ ",
    ] {
        urls.push(Some(odd.to_string()));
    }
    urls.push(None);
    let ctx = SessionContext::new();
    Etld::builtin().register(&ctx);
    ctx.register_batch("t", table(&urls)).unwrap();
    let want: Vec<Option<String>> = urls
        .iter()
        .map(|u| {
            u.as_deref()
                .and_then(|u| etld::url::host(u).ok().map(|h| h.into_owned()))
        })
        .collect();
    for (column, string_type) in &STRING_COLUMNS {
        let got = run(
            &ctx,
            &format!("SELECT etld_host({column}) FROM t ORDER BY id"),
        )
        .await;
        assert_eq!(got.column(0).data_type(), string_type);
        assert_eq!(strings(got.column(0)), want, "as {column}");
    }
    // Why a URL has no answer, as `List::lookup_url` says it: the URL's
    // error, or its host's.
    let why: Vec<Option<String>> = urls
        .iter()
        .map(|u| {
            let u = u.as_deref()?;
            List::builtin().lookup_url(u).err().map(|e| e.to_string())
        })
        .collect();
    assert!(why.contains(&Some("the URL has no host".to_string())));
    assert!(why.contains(&Some(
        "an IP address (or a name ending in a number) has no public suffix".to_string()
    )));
    for (column, _) in &STRING_COLUMNS {
        let got = run(
            &ctx,
            &format!("SELECT etld_url_error({column}) FROM t ORDER BY id"),
        )
        .await;
        assert_eq!(got.column(0).data_type(), &DataType::Utf8);
        assert_eq!(strings(got.column(0)), why, "as {column}");
    }
    let got = run(&ctx, "SELECT etld_url_error('http://a..b/')").await;
    assert_eq!(
        strings(got.column(0)),
        [Some("the host: empty label at byte 2".to_string())]
    );
}

#[tokio::test]
async fn constants_dictionaries_and_messages() {
    let ctx = SessionContext::new();
    Etld::builtin().register(&ctx);
    let got = run(
        &ctx,
        "SELECT etld_registrable('www.Example.CO.uk'), \
                etld_suffix(arrow_cast('a.b.kobe.jp', 'LargeUtf8')), \
                etld_subdomain(arrow_cast('x.y.example.com', 'Utf8View')), \
                etld_registrable(arrow_cast('me.github.io', 'Dictionary(Int32, Utf8)')), \
                etld_section('me.github.io'), \
                etld_known('nas.home.lan'), \
                etld_error(''), \
                etld_error('192.168.0.1'), \
                etld_error('example.com'), \
                etld_registrable(NULL), \
                etld_registrable(etld_host('https://user@www.Example.co.uk:8080/a?b'))",
    )
    .await;
    let row: Vec<Option<String>> = (0..got.num_columns())
        .map(|i| strings(got.column(i)).remove(0))
        .collect();
    let want = [
        Some("example.co.uk"),
        Some("b.kobe.jp"),
        Some("x.y"),
        Some("me.github.io"),
        Some("private"),
        Some("false"),
        Some("empty host"),
        Some("an IP address (or a name ending in a number) has no public suffix"),
        None,
        None,
        Some("example.co.uk"),
    ]
    .map(|s| s.map(str::to_string));
    assert_eq!(row, want);
    assert_eq!(got.column(1).data_type(), &DataType::LargeUtf8);
    assert_eq!(got.column(2).data_type(), &DataType::Utf8View);
}

/// `etld_list_version()` names the list the functions answer from, as
/// `List::version` does: the built-in one, a list of one's own, NULL for a
/// list without a VERSION; an argument is refused when the query is planned.
#[tokio::test]
async fn list_version_names_the_list() {
    let with = List::from_dat(b"// VERSION: 2026-11-01_00-00-00_UTC\ncom\n").unwrap();
    let without = List::from_dat(b"com\n").unwrap();
    for (list, want) in [
        (List::builtin().clone(), List::builtin().version()),
        (with, Some("2026-11-01_00-00-00_UTC")),
        (without, None),
    ] {
        let ctx = SessionContext::new();
        etld_datafusion::register(&ctx, &list, Options::new());
        let got = run(&ctx, "SELECT etld_list_version() AS v").await;
        let got = got.column(0).as_string::<i32>();
        assert_eq!(got.is_valid(0).then(|| got.value(0)), want);
    }
    let ctx = SessionContext::new();
    Etld::builtin().register(&ctx);
    let refused = ctx.sql("SELECT etld_list_version('a.com')").await;
    assert!(refused.is_err());
}

#[tokio::test]
async fn documented_and_listed() {
    let ctx = SessionContext::new();
    Etld::builtin().register(&ctx);
    for f in etld_datafusion::Function::ALL {
        let udf = ctx.udf(f.name()).unwrap();
        let doc = udf.documentation().unwrap();
        assert!(doc.syntax_example.starts_with(f.name()), "{}", f.name());
        assert_eq!(etld_datafusion::Function::from_name(f.name()), Some(f));
    }
}

/// `etld_rule`, `etld_icann_suffix` and `etld_icann_registrable` give the
/// library's rule and ICANN-only answer (what `etld lookup --json` says),
/// and `etld_site` the registrable domain of the host looked up in ASCII
/// without its trailing dot, for every option and string type, NULLs
/// included.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rule_icann_and_site_answers_match_the_library() {
    let hosts = hosts();
    let select = |column: &str| {
        format!(
            "SELECT etld_rule({column}), etld_icann_suffix({column}), \
             etld_icann_registrable({column}), etld_site({column}) FROM t ORDER BY id"
        )
    };
    let check = |want: &[Rich],
                 options: &Options,
                 column: &str,
                 string_type: &DataType,
                 got: &RecordBatch| {
        assert_eq!(got.column(0).data_type(), &DataType::Utf8);
        assert_eq!(got.column(1).data_type(), string_type);
        assert_eq!(got.column(2).data_type(), string_type);
        assert_eq!(got.column(3).data_type(), string_type);
        let columns: Vec<_> = [0, 1, 2, 3].map(|i| strings(got.column(i))).into();
        for (row, want) in want.iter().enumerate() {
            let answer = [0, 1, 2, 3].map(|i| columns[i][row].clone());
            assert_eq!(
                &answer, want,
                "host {:?} as {column} with {options:?}",
                hosts[row]
            );
        }
    };
    each_option_and_string_type(&hosts, expected_rich, select, check).await;
}
