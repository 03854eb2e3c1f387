//! The cookie check against a model written from RFC 6265 5.1.3 and 5.3
//! step 5 and docs/behaviour.md section 3 (tests/common): a browser's view of the list
//! whatever options the list carries, one leading dot of the cookie domain
//! ignored, no domain above the request host's registrable domain, an IP
//! address matching only the same address.
//!
//! The first byte picks the list (a fixed tricky one, or one spelled by the
//! input) and the options it carries, which must not change any answer.
//! The rest spells a request host and a cookie domain; every tail of the
//! request host, with and without a leading dot, is tried as a cookie
//! domain too.
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;
mod shared;

use std::sync::OnceLock;

use common::{
    all_options, cookie_acceptable, has_numeric_last_label, read_host, uts46_agrees, Fault, Model,
    OUTPUTS,
};
use etld::{List, Options, RuleSet};
use libfuzzer_sys::fuzz_target;

/// The options a list may carry: every combination, in every output form.
fn carried(pick: u8) -> Options {
    let all = all_options();
    all[pick as usize % all.len()].output(OUTPUTS[(pick as usize / all.len()) % OUTPUTS.len()])
}

/// The fixed lists, each carrying each of eight option sets.
fn variants() -> &'static [Vec<List>] {
    static VARIANTS: OnceLock<Vec<Vec<List>>> = OnceLock::new();
    VARIANTS.get_or_init(|| {
        shared::lists()
            .iter()
            .map(|(list, _)| {
                (0..8u8)
                    .map(|i| (*list).clone().with_options(carried(i * 3)))
                    .collect()
            })
            .collect()
    })
}

/// Tokens of rules for lists spelled by the input.
const RULE_TOKENS: [&str; 16] = [
    "a",
    "b",
    "x",
    "com",
    "ü",
    "公司",
    "*",
    "*.",
    ".",
    ".",
    "\n",
    "\n",
    "!",
    "0x",
    "\n// ===BEGIN PRIVATE DOMAINS===\n",
    "c",
];

/// Whether the model's reading of `host` and the library's may name two
/// different faults for it: a bad label and a numeric last label (which of
/// the two is reported is not part of the contract, and an IP address
/// matches itself).
fn ambiguous(host: &str) -> bool {
    has_numeric_last_label(host) && read_host(host).is_err_and(|f| f != Fault::Ip)
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let own;
    let (list, model): (&List, &Model) = if pick & 0x80 != 0 {
        // A list of its own: the bytes up to the first 0xFF.
        let end = rest.iter().position(|&b| b == 0xFF).unwrap_or(rest.len());
        let text: String = rest[..end]
            .iter()
            .map(|&b| RULE_TOKENS[(b & 15) as usize])
            .collect();
        let Ok(set) = RuleSet::parse(text.as_bytes()) else {
            return;
        };
        let Ok(list) = List::from_rules(&set) else {
            return;
        };
        own = (list.with_options(carried(pick)), Model::new(&set));
        (&own.0, &own.1)
    } else {
        let lists = shared::lists();
        let i = (pick & 3) as usize % lists.len();
        (&variants()[i][(pick >> 2) as usize % 8], &lists[i].1)
    };
    let hosts = shared::hosts(rest, 2, 12);
    let request = &hosts[0];
    let mut cookies: Vec<String> = hosts.get(1).into_iter().cloned().collect();
    for (i, c) in request.char_indices() {
        if common::is_separator(c) {
            let tail = &request[i + c.len_utf8()..];
            cookies.push(tail.to_string());
            cookies.push(format!(".{tail}"));
        }
    }
    cookies.push(request.clone());
    cookies.push(format!(".{request}"));
    for cookie in &cookies {
        let bare = cookie.strip_prefix('.').unwrap_or(cookie);
        // Hosts where UTS 46 does more than the model are UTS 46's tests'.
        if ambiguous(request) || ambiguous(bare) || !uts46_agrees(request) || !uts46_agrees(bare) {
            continue;
        }
        assert_eq!(
            list.is_cookie_domain_acceptable(request, cookie),
            cookie_acceptable(model, request, cookie),
            "request {request:?} cookie {cookie:?} with {:?}",
            list.options()
        );
    }
});
