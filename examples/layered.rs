//! What a layered list costs: laying a text of rules of one's own over the
//! built-in list, and lookups on the result beside the plain list.
//!
//! ```text
//! cargo build --release --example layered
//! taskset -c 0 target/release/examples/layered                 # 1,000 extra rules, 100,000 hosts, best of 9
//! taskset -c 0 target/release/examples/layered 10000 200000 5  # extra rules, hosts, passes
//! target/release/examples/layered write /tmp/extra.dat 1000     # the extra text, for `etld --extra`
//! valgrind --tool=callgrind target/release/examples/layered load 1000   # one layering, instructions
//! valgrind --tool=callgrind target/release/examples/layered load-plain   # the built-in list alone
//! valgrind --tool=callgrind target/release/examples/layered load-text    # the appended text compiled
//! ```
//!
//! The extra text is made the same on every run: rules of one's own under
//! `.example` (plain names, wildcards and their exceptions, both sections)
//! and rules under the list's own suffixes (`co.uk`, `github.io`,
//! `kobe.jp`), which meet its rules. Loading is timed three ways: the
//! plain built-in list ([`etld::List::from_fst_static`] on its
//! bytes), the text laid over it ([`etld::List::with_extra`]), and the
//! whole appended text compiled ([`etld::List::from_dat`]), which is what a
//! program without layers would do. Lookups are timed on the benchmark's
//! realistic mix, the plain list and the layered one alternating within a
//! pass, the best pass of each kept.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use etld_testkit::hosts;

const BUILTIN_DAT: &[u8] = include_bytes!("../vectors/public_suffix_list.dat");

/// An extra text of `n` rules (`n` at least 10), the same on every run.
fn extra_text(n: usize) -> String {
    let mut text = String::from("// VERSION: example-1\n");
    let mut private = String::from("// ===BEGIN PRIVATE DOMAINS===\n");
    for i in 0..n {
        let line = match i % 10 {
            0 => format!("*.dev{i}.corp.example\n"),
            1 => format!("!www.dev{}.corp.example\n", i - 1),
            2 => format!("team{i}.co.uk\n"),
            3 => format!("!office{i}.kobe.jp\n"),
            4 => format!("*.site{i}.github.io\n"),
            5..=7 => format!("zone{i}.customers.example\n"),
            _ => {
                private.push_str(&format!("user{i}.platform.example\n"));
                continue;
            }
        };
        text.push_str(&line);
    }
    text.push_str(&private);
    text.push_str("// ===END PRIVATE DOMAINS===\n");
    text
}

/// The best of `runs` timings of `f`.
fn best<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// Looks up every host; returns how many had a registrable domain.
#[inline(never)]
fn lookups(list: &etld::List, hosts: &[String]) -> usize {
    let mut found = 0;
    for host in hosts {
        if let Ok(d) = list.lookup(black_box(host)) {
            found += usize::from(d.registrable().is_some());
        }
    }
    found
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn run(rules: usize, n_hosts: usize, passes: usize) -> Result<(), etld::Error> {
    let extra = extra_text(rules);
    let plain = etld::List::from_fst_static(etld::List::builtin_fst())?;
    let layered = etld::List::builtin().with_extra("extra.dat", extra.as_bytes())?;
    let layer = &layered.layers()[0];
    println!(
        "built-in list: {} rules; extra text: {} rules, {} bytes; layered: {} rules",
        plain.rule_counts().total(),
        layer.rule_counts().total(),
        extra.len(),
        layered.rule_counts().total()
    );
    let mut appended = BUILTIN_DAT.to_vec();
    appended.extend_from_slice(extra.as_bytes());

    let runs = 15;
    let load_plain = best(runs, || {
        etld::List::from_fst_static(etld::List::builtin_fst())
    });
    let load_layered = best(runs, || {
        etld::List::builtin().with_extra("extra.dat", extra.as_bytes())
    });
    let load_text = best(runs, || etld::List::from_dat(&appended));
    println!("load, best of {runs}:");
    println!(
        "  built-in list (from_fst_static) {:7.2} ms",
        ms(load_plain)
    );
    println!(
        "  with the extra text laid    {:7.2} ms  ({:.2}x)",
        ms(load_layered),
        ms(load_layered) / ms(load_plain)
    );
    println!(
        "  appended text compiled      {:7.2} ms  ({:.2}x)",
        ms(load_text),
        ms(load_text) / ms(load_plain)
    );

    let hosts = hosts::realistic_hosts(n_hosts, 7);
    assert_eq!(lookups(&plain, &hosts), lookups(&layered, &hosts));
    let (mut best_plain, mut best_layered) = (Duration::MAX, Duration::MAX);
    for _ in 0..passes {
        best_plain = best_plain.min(best(1, || lookups(&plain, &hosts)));
        best_layered = best_layered.min(best(1, || lookups(&layered, &hosts)));
    }
    let ns = |d: Duration| d.as_secs_f64() * 1e9 / n_hosts as f64;
    println!("lookup, {n_hosts} hosts of the realistic mix, best of {passes} passes:");
    println!(
        "  built-in list               {:7.1} ns/host",
        ns(best_plain)
    );
    println!(
        "  layered list                {:7.1} ns/host  ({:.2}x)",
        ns(best_layered),
        ns(best_layered) / ns(best_plain)
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("write") {
        let (Some(path), rules) = (args.get(1), args.get(2).and_then(|n| n.parse().ok())) else {
            eprintln!("usage: layered write PATH [RULES]");
            return ExitCode::from(2);
        };
        let text = extra_text(rules.unwrap_or(1000));
        return match std::fs::write(path, text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("cannot write {path}: {e}");
                ExitCode::FAILURE
            }
        };
    }
    if let Some(how) = args.first().and_then(|a| a.strip_prefix("load")) {
        // One load, for an instruction count under callgrind: the text
        // laid over the built-in list (`load`), the built-in list alone
        // (`load-plain`), the appended text compiled (`load-text`).
        let text = extra_text(args.get(1).and_then(|n| n.parse().ok()).unwrap_or(1000));
        let list = match how {
            "-plain" => etld::List::from_fst_static(etld::List::builtin_fst()),
            "-text" => {
                let mut appended = BUILTIN_DAT.to_vec();
                appended.extend_from_slice(text.as_bytes());
                etld::List::from_dat(&appended)
            }
            _ => etld::List::builtin().with_extra("extra.dat", text.as_bytes()),
        };
        return match list {
            Ok(list) => {
                println!("{} rules", list.rule_counts().total());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::FAILURE
            }
        };
    }
    let number = |i: usize, default: usize| {
        args.get(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(default)
            .max(1)
    };
    match run(number(0, 1000).max(10), number(1, 100_000), number(2, 9)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
