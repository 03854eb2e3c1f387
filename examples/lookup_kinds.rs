//! Lookup latency by kind of host: etld beside the `psl` crate, and how
//! often the two give different answers.
//!
//! The criterion bench (`benches/lookup.rs`) times the whole realistic mix;
//! this splits the mix into the kinds of host that cost etld different
//! amounts of work, so that a claim such as "upper-case hosts cost 2.5x a
//! plain one" can be checked by anyone:
//!
//! | kind | what etld does beyond a plain host |
//! |---|---|
//! | `plain` | lower-case ASCII without `xn--`: scan, walk, answer |
//! | `upper` | ASCII with upper case: walk folding case, answer lower-cased (held in the answer up to 32 bytes, a new string past) |
//! | `lowered` | the `upper` hosts lower-cased, a plain host each: what case alone costs them |
//! | `xn` | lower-case ASCII with an `xn--` label: check each A-label not in the list |
//! | `unicode` | non-ASCII: check each Unicode label is canonical, or encode it |
//!
//! and `grouped`, the mix itself with the hosts of each run of
//! [`GROUP`] put in order of kind (`plain`, `upper`, `xn`, `unicode`,
//! each kind's hosts in their own order): the same hosts as `mix`, and
//! what the mix would cost if each kind's work did not come between the
//! others'.
//!
//! ```text
//! cargo run --release --example lookup_kinds               # every kind, 100,000 hosts, best of 9
//! cargo run --release --example lookup_kinds -- plain 20000 1 etld_suffix
//! ```
//!
//! `psl` is timed twice: on the hosts as they are, and "folded", as a
//! caller who wants upper-case hosts answered like lower-case ones must
//! call it (the host lower-cased first when it has an ASCII upper-case
//! letter): `psl` matches bytes as they come, so it answers suffix `Au` for
//! `Travelhafo.Edu.Au`.
//!
//! Arguments: the kind (`mix`, `grouped`, `plain`, `upper`, `lowered`,
//! `xn`, `unicode`, or `all`), how many hosts of the mix to draw from, how many
//! passes (the best is kept), and which measurement to run (`etld_suffix`,
//! `etld_registrable`, `psl_suffix`, `psl_domain`, `psl_suffix_folded`,
//! `psl_domain_folded`, or `all`). Each measurement is a function of its
//! own that is never inlined, so that an instruction count can be kept to
//! it:
//!
//! ```text
//! cargo build --release --example lookup_kinds
//! valgrind --tool=callgrind --toggle-collect='lookup_kinds::etld_suffix' \
//!     target/release/examples/lookup_kinds plain 20000 1 etld_suffix
//! ```
//!
//! (divide the instruction count by the hosts it prints). Pin it to a core
//! (`taskset -c 0`) for times; the machine's noise is the same for both
//! libraries within one run, not between runs.

use std::borrow::Cow;
use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use etld_testkit::hosts;

/// The kinds of host, as in the module docs.
const KINDS: [&str; 5] = ["plain", "upper", "lowered", "xn", "unicode"];

/// The hosts of the mix that `grouped` puts in order of kind at a time.
const GROUP: usize = 256;

/// Whether `host` holds an ASCII upper-case letter.
fn has_ascii_upper(host: &str) -> bool {
    host.bytes().any(|b| b.is_ascii_uppercase())
}

/// The kind of `host` (see the module docs).
fn kind_of(host: &str) -> &'static str {
    if !host.is_ascii() {
        "unicode"
    } else if has_ascii_upper(host) {
        "upper"
    } else if host.contains("xn--") {
        "xn"
    } else {
        "plain"
    }
}

/// `mix` with the hosts of each run of [`GROUP`] in order of kind (a
/// stable sort, so each kind's hosts keep their order).
fn grouped(mix: &[String]) -> Vec<String> {
    let rank = |h: &String| {
        ["plain", "upper", "xn", "unicode"]
            .iter()
            .position(|k| *k == kind_of(h))
    };
    mix.chunks(GROUP)
        .flat_map(|run| {
            let mut run = run.to_vec();
            run.sort_by_key(rank);
            run
        })
        .collect()
}

/// The lengths of `answer`'s answers for `hosts`, summed (each through
/// `black_box`, so that nothing is optimised away). Inlined into each
/// measurement below, which is a function of its own, never inlined, so
/// that callgrind can be told to count it alone.
#[inline(always)]
fn sum(hosts: &[String], answer: impl Fn(&str) -> Option<usize>) -> usize {
    hosts
        .iter()
        .map(|h| black_box(answer(h)).unwrap_or(0))
        .sum()
}

/// `host` as a `psl` user who wants `WWW.Example.COM` answered like
/// `www.example.com` has to pass it: lower-cased (`str::to_lowercase`)
/// when it holds an ASCII upper-case letter, as it is otherwise.
fn folded_for_psl(host: &str) -> Cow<'_, str> {
    match has_ascii_upper(host) {
        true => Cow::Owned(host.to_lowercase()),
        false => Cow::Borrowed(host),
    }
}

/// etld's public suffixes of `hosts`.
#[inline(never)]
fn etld_suffix(list: &etld::List, hosts: &[String]) -> usize {
    sum(hosts, |h| list.lookup(h).ok()?.suffix().map(str::len))
}

/// etld's registrable domains of `hosts`.
#[inline(never)]
fn etld_registrable(list: &etld::List, hosts: &[String]) -> usize {
    sum(hosts, |h| list.lookup(h).ok()?.registrable().map(str::len))
}

/// `psl`'s public suffixes of `hosts`.
#[inline(never)]
fn psl_suffix(hosts: &[String]) -> usize {
    sum(hosts, |h| Some(psl::suffix(h.as_bytes())?.as_bytes().len()))
}

/// `psl`'s registrable domains of `hosts`.
#[inline(never)]
fn psl_domain(hosts: &[String]) -> usize {
    sum(hosts, |h| Some(psl::domain(h.as_bytes())?.as_bytes().len()))
}

/// `psl`'s public suffixes of `hosts`, each folded by the caller first
/// ([`folded_for_psl`]).
#[inline(never)]
fn psl_suffix_folded(hosts: &[String]) -> usize {
    sum(hosts, |h| {
        Some(psl::suffix(folded_for_psl(h).as_bytes())?.as_bytes().len())
    })
}

/// `psl`'s registrable domains of `hosts`, each folded by the caller first.
#[inline(never)]
fn psl_domain_folded(hosts: &[String]) -> usize {
    sum(hosts, |h| {
        Some(psl::domain(folded_for_psl(h).as_bytes())?.as_bytes().len())
    })
}

/// The best time of `passes` runs of `f` over `n` hosts, in ns a host.
fn best_ns(f: &dyn Fn() -> usize, n: usize, passes: usize) -> f64 {
    (0..passes)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed().as_nanos() as f64 / n.max(1) as f64
        })
        .fold(f64::INFINITY, f64::min)
}

/// How many of `hosts` get a different public suffix from `psl` than from
/// etld (an etld error counts as an answer of its own).
fn disagreements(list: &etld::List, hosts: &[String]) -> usize {
    hosts
        .iter()
        .filter(|h| {
            let ours = list
                .lookup(h)
                .ok()
                .and_then(|d| d.suffix().map(str::to_owned));
            let theirs = psl::suffix(h.as_bytes())
                .and_then(|s| std::str::from_utf8(s.as_bytes()).ok().map(str::to_owned));
            ours != theirs
        })
        .count()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let kind = args.first().map_or("all", String::as_str);
    let count = args.get(1).map_or(Ok(100_000), |s| s.parse::<usize>());
    let passes = args.get(2).map_or(Ok(9), |s| s.parse::<usize>());
    let only = args.get(3).map_or("all", String::as_str);
    let (Ok(count), Ok(passes)) = (count, passes) else {
        eprintln!("usage: lookup_kinds [KIND] [COUNT] [PASSES] [MEASUREMENT]");
        return ExitCode::FAILURE;
    };
    let kinds: Vec<&str> = match kind {
        "all" => ["mix", "grouped"].into_iter().chain(KINDS).collect(),
        "mix" | "grouped" => vec![kind],
        k if KINDS.contains(&k) => vec![k],
        k => {
            eprintln!(
                "unknown kind {k:?}: mix, grouped, {} or all",
                KINDS.join(", ")
            );
            return ExitCode::FAILURE;
        }
    };
    let mix = hosts::realistic_hosts(count, 42);
    let list = etld::List::builtin();
    // Unfolded before any measurement: lookups walk the tree.
    list.unfold();
    println!(
        "{:<8} {:>7} {:>6} | {:>11} {:>10} {:>6} {:>10} | {:>11} {:>10} {:>6} {:>10} | {:>9}",
        "kind",
        "hosts",
        "share",
        "etld suffix",
        "psl suffix",
        "ratio",
        "psl folded",
        "etld regist",
        "psl domain",
        "ratio",
        "psl folded",
        "psl other"
    );
    for kind in kinds {
        let of_kind: Vec<String>;
        let hosts: &[String] = match kind {
            "mix" => &mix,
            "grouped" => {
                of_kind = grouped(&mix);
                &of_kind
            }
            "lowered" => {
                of_kind = mix
                    .iter()
                    .filter(|h| kind_of(h) == "upper")
                    .map(|h| h.to_ascii_lowercase())
                    .collect();
                &of_kind
            }
            k => {
                of_kind = mix.iter().filter(|h| kind_of(h) == k).cloned().collect();
                &of_kind
            }
        };
        let n = hosts.len();
        let time = |name: &str, f: &dyn Fn() -> usize| match only == "all" || only == name {
            true => best_ns(f, n, passes),
            false => f64::NAN,
        };
        let es = time("etld_suffix", &|| etld_suffix(list, hosts));
        let ps = time("psl_suffix", &|| psl_suffix(hosts));
        let er = time("etld_registrable", &|| etld_registrable(list, hosts));
        let pd = time("psl_domain", &|| psl_domain(hosts));
        let psf = time("psl_suffix_folded", &|| psl_suffix_folded(hosts));
        let pdf = time("psl_domain_folded", &|| psl_domain_folded(hosts));
        let other = match only {
            "all" => format!(
                "{:.1}%",
                100.0 * disagreements(list, hosts) as f64 / n as f64
            ),
            _ => "-".to_string(),
        };
        // A time or ratio not measured (a MEASUREMENT was named) is `-`.
        let ns = |t: f64| match t.is_nan() {
            true => "-".to_string(),
            false => format!("{t:.1} ns"),
        };
        let ratio = |a: f64, b: f64| match (a / b).is_nan() {
            true => "-".to_string(),
            false => format!("{:.2}x", a / b),
        };
        println!(
            "{:<8} {:>7} {:>5.1}% | {:>11} {:>10} {:>6} {:>10} | {:>11} {:>10} {:>6} {:>10} | {:>9}",
            kind,
            n,
            100.0 * n as f64 / mix.len().max(1) as f64,
            ns(es),
            ns(ps),
            ratio(es, ps),
            ns(psf),
            ns(er),
            ns(pd),
            ratio(er, pd),
            ns(pdf),
            other
        );
    }
    ExitCode::SUCCESS
}
