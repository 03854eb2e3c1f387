//! What loading costs: a large honest list, and a small crafted file whose
//! keys would unfold into far more than it holds.
//!
//! ```text
//! cargo run --release --example list_cost -- random 1000000 /tmp/1m.fst  # compile
//! cargo run --release --example list_cost -- load /tmp/1m.fst            # load
//! cargo run --release --example list_cost -- crafted 22                 # {a,*}^22.com
//! /usr/bin/time -v target/release/examples/list_cost load /tmp/1m.fst    # peak memory
//! ```
//!
//! `random N [OUT]` makes `N` rules of forty random lower-case letters under
//! `.com` (the same rules on every run), compiles them with
//! [`etld::List::from_dat`] (which loads the list too), looks up a sample
//! of hosts below its rules and writes the `.fst` file to `OUT`, if given.
//! `load FILE` loads a `.fst` file with [`etld::List::from_path`].
//! `crafted K` writes the `fst` map of the rules `{a,*}^K.com` straight
//! with the `fst` crate (2^K keys, listed one by one, in a few hundred
//! bytes) and loads it.

use std::process::ExitCode;
use std::time::Instant;

/// The benchmark's deterministic generator (SplitMix64).
use etld_testkit::hosts::Rng;

/// `n` rules of forty random lower-case letters under `.com`, one a line.
fn random_list(n: usize) -> Vec<u8> {
    let mut rng = Rng(42);
    let mut text = Vec::with_capacity(n * 45 + 4);
    text.extend_from_slice(b"com\n");
    for _ in 0..n {
        for _ in 0..40 {
            text.push(b'a' + (rng.next() % 26) as u8);
        }
        text.extend_from_slice(b".com\n");
    }
    text
}

/// A `.fst` file around the `fst` map of `keys` (sorted, each with value 1:
/// a normal ICANN rule), with a valid header and checksum.
fn seal(keys: impl IntoIterator<Item = Vec<u8>>) -> Vec<u8> {
    let mut builder = fst::MapBuilder::memory();
    for key in keys {
        builder.insert(key, 1).expect("keys in order");
    }
    let map = builder.into_inner().expect("fst builds");
    let mut bytes = etld::compile(b"com\n").expect("compiles");
    let header = u32::from_le_bytes(bytes[12..16].try_into().expect("4 bytes")) as usize;
    bytes.truncate(header);
    bytes[24..32].copy_from_slice(&(map.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&map);
    let sum = etld::format::checksum(&bytes[24..]);
    bytes[16..24].copy_from_slice(&sum.to_le_bytes());
    bytes
}

/// The keys of `{a,*}^k.com` (names reversed, as the `.fst` stores them), in
/// order.
fn crafted_keys(k: u32) -> impl Iterator<Item = Vec<u8>> {
    (0..1u64 << k).map(move |bits| {
        let mut key = b"moc".to_vec();
        // `*` sorts before `a`: count up with `*` as 0.
        for i in (0..k).rev() {
            key.push(b'.');
            key.push(if bits >> i & 1 == 0 { b'*' } else { b'a' });
        }
        key
    })
}

fn random(n: usize, out: Option<&str>) -> Result<(), etld::Error> {
    let text = random_list(n);
    println!("{n} rules, {} bytes of text", text.len());
    let t = Instant::now();
    let list = etld::List::from_dat(&text)?;
    println!(
        "from_dat (parse, compile, load): {:.2?}, {} bytes of fst",
        t.elapsed(),
        list.fst_len()
    );
    let rules: Vec<&[u8]> = text.split(|&b| b == b'\n').skip(1).step_by(97).collect();
    let t = Instant::now();
    let mut found = 0;
    for rule in &rules {
        let host = format!("www.{}", std::str::from_utf8(rule).unwrap_or(""));
        if let Ok(d) = list.lookup(&host) {
            found += usize::from(d.suffix() == Some(&host[4..]));
        }
    }
    println!(
        "{found} of {} sampled rules are the suffix of a host below them, {:.0?} a lookup",
        rules.len(),
        t.elapsed() / rules.len().max(1) as u32
    );
    if let Some(out) = out {
        std::fs::write(out, list.to_fst_bytes())?;
    }
    Ok(())
}

fn load(path: &str) -> Result<(), etld::Error> {
    let t = Instant::now();
    let list = etld::List::from_path(path)?;
    println!(
        "from_path (load): {:.2?}, {} keys, {} bytes of fst",
        t.elapsed(),
        list.key_count(),
        list.fst_len()
    );
    Ok(())
}

fn crafted(k: u32) {
    let bytes = seal(crafted_keys(k));
    println!("{{a,*}}^{k}.com: {} bytes", bytes.len());
    let t = Instant::now();
    let result = etld::List::from_fst(bytes);
    println!("load: {:.2?}", t.elapsed());
    match result {
        Err(e) => println!("refused: {e}"),
        Ok(list) => {
            let host = "a.".repeat(k as usize) + "com";
            let t = Instant::now();
            let d = list.lookup(&host).map(|d| d.suffix().map(str::len));
            println!(
                "loaded; lookup of a.(x{k}).com: {:.2?} ({d:?})",
                t.elapsed()
            );
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let number = |s: &str| s.parse::<usize>().ok();
    let result = match args.as_slice() {
        ["random", n] => number(n).map(|n| random(n, None)),
        ["random", n, out] => number(n).map(|n| random(n, Some(out))),
        ["load", path] => Some(load(path)),
        ["crafted", k] => number(k).filter(|&k| k < 40).map(|k| {
            crafted(k as u32);
            Ok(())
        }),
        _ => None,
    };
    match result {
        Some(Ok(())) => ExitCode::SUCCESS,
        Some(Err(e)) => {
            println!("error: {e}");
            ExitCode::FAILURE
        }
        None => {
            eprintln!(
                "usage: list_cost random N [OUT] | list_cost load FILE | list_cost crafted K"
            );
            ExitCode::from(2)
        }
    }
}
