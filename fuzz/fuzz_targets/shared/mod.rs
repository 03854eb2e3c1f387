//! What the fast targets share: a fixed set of tricky lists, built once,
//! each with the naive model of its rules, and hosts spelled from a token
//! alphabet that reaches every step of docs/behaviour.md section 3.
#![allow(dead_code)]

use std::sync::OnceLock;

use etld::{List, Output, RuleSet};

use crate::common::{Model, OUTPUTS};

/// Lists of the shapes that are easy to get wrong: wildcards at several
/// depths and under explicit children, exceptions below wildcards, both
/// sections, Unicode rules, a wildcard TLD. The built-in list comes first
/// (`kobe.jp`, `ck`, `futurecms.at` and the rest of the PSL).
const TRICKY: &[&str] = &[
    // Wildcards at every depth, exceptions, both sections, Unicode.
    "com\n*.*.x\na.*.b\n*.b\nx\n!a.b.x\n公司.cn\ncn\n*.食狮.com\n!www.食狮.com\n\
     *.kobe.jp\n!city.kobe.jp\njp\n*.ck\n!www.ck\n*.futurecms.at\n*.in.futurecms.at\nat\n\
     ü.com\n0x.com\n\
     // ===BEGIN PRIVATE DOMAINS===\n\
     co.x\n*.a.b\n!c.a.b\nblogspot.com\n*.customer-oci.com\n*.oci.customer-oci.com\n\
     公司.cn\nxn--tda.x\n*.ü.com\n// ===END PRIVATE DOMAINS===\n",
    // A wildcard TLD and wildcards everywhere.
    "*\n*.*\n!a.b\n*.*.*.x\nb.*.a\n!www.b.c.a\n// ===BEGIN PRIVATE DOMAINS===\n*.a\nx.*\n!b.x.b\n",
    // PRIVATE rules over ICANN ones of the same name and deeper.
    "b\nx\nkobe.jp\n// ===BEGIN PRIVATE DOMAINS===\nb\na.b\n*.a.b\n!x.a.b\nx.x\n*.jp\n公司.cn\n",
];

/// The tricky lists with their models: the built-in list first.
pub fn lists() -> &'static [(&'static List, Model)] {
    static LISTS: OnceLock<Vec<(&'static List, Model)>> = OnceLock::new();
    LISTS.get_or_init(|| {
        let builtin = RuleSet::parse(crate::common::BUILTIN_DAT).expect("the built-in list parses");
        let mut all = vec![(List::builtin(), Model::new(&builtin))];
        for text in TRICKY {
            let set = RuleSet::parse(text.as_bytes()).expect("tricky lists parse");
            let list: &'static List =
                Box::leak(Box::new(List::from_rules(&set).expect("compiles")));
            all.push((list, Model::new(&set)));
        }
        all
    })
}

/// What the first byte of an input picks: a list of [`lists`] (its low
/// two bits) with its model, and the output form (the bits above); and the
/// rest of the input. `None` for an empty input.
pub fn pick(data: &[u8]) -> Option<(&'static List, &'static Model, Output, &[u8])> {
    let (&pick, rest) = data.split_first()?;
    let lists = lists();
    let (list, model) = &lists[(pick & 3) as usize % lists.len()];
    let output = OUTPUTS[(pick >> 2) as usize % OUTPUTS.len()];
    Some((list, model, output, rest))
}

/// The host alphabet: 64 tokens, one per input byte (modulo 64). Labels
/// from the lists, upper case, A-labels valid and not, Unicode, fullwidth
/// letters and dots, the other separators, digits and hex numbers,
/// forbidden code points, a long label, and `\n` to start another host.
pub const TOKENS: [&str; 64] = [
    ".",
    ".",
    ".",
    "a",
    "b",
    "x",
    "c",
    "www", // 0
    "com",
    "cn",
    "jp",
    "kobe",
    "city",
    "ck",
    "at",
    "futurecms", // 8
    "in",
    "blogspot",
    "customer-oci",
    "oci",
    "公司",
    "食狮",
    "ü",
    "Ü", // 16
    "xn--55qx5d",
    "xn--85x722f",
    "xn--tda",
    "XN--TDA",
    "xn--",
    "xn--abc-",
    "xn--wca",
    "xn--ü", // 24
    "ｃｏｍ",
    "Ａ",
    "ｘｎ--ｔｄａ",
    "．",
    "。",
    "｡",
    "Com",
    "KOBE", // 32
    "0",
    "1",
    "255",
    "0x",
    "0X1f",
    "0xg",
    "*",
    "!", // 40
    "-",
    "_",
    "\u{212A}",
    "İ",
    "ß",
    " ",
    "/",
    ":", // 48
    "％",
    "\u{7F}",
    "[",
    "::1",
    "\n",
    "\n",
    "xn--bcher-kva", // 56
    "klmnopqrstuvwxyzklmnopqrstuvwxyzklmnopqrstuvwxyzklmnopqrstuvwx",
];

/// The hosts spelled by `data`: at most `max` of them, each of at most
/// `tokens` tokens and about 280 bytes (a canonical name holds at most 253
/// octets: longer hosts only cost time).
pub fn hosts(data: &[u8], max: usize, tokens: usize) -> Vec<String> {
    data.split(|&b| TOKENS[(b & 63) as usize] == "\n")
        .take(max)
        .map(|h| {
            let mut host = String::new();
            for &b in h.iter().take(tokens) {
                if host.len() > 280 {
                    break;
                }
                host.push_str(TOKENS[(b & 63) as usize]);
            }
            host
        })
        .collect()
}
