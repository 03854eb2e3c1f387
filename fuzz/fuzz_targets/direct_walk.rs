//! The built-in list answers a program's first lookups straight from its
//! `fst` map, and later ones from the unfolded tree: the two must give the
//! same answer, or the same error, for every host under every option, and
//! the same cookie verdicts. Hosts are spelled from the shared token
//! alphabet (case, A-labels, Unicode, fullwidth forms, separators, numbers,
//! wildcard and exception names of the list).
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;
mod shared;

use std::sync::OnceLock;

use common::{all_options, OUTPUTS};
use etld::List;
use libfuzzer_sys::fuzz_target;

/// Everything a lookup answers, as text.
fn answer(list: &List, host: &str, o: &etld::Options) -> String {
    match list.lookup_with(host, o) {
        Ok(d) => format!("{d:?}"),
        Err(e) => format!("error: {e:?}"),
    }
}

fuzz_target!(|data: &[u8]| {
    static LISTS: OnceLock<(List, List)> = OnceLock::new();
    let (map, tree) = LISTS.get_or_init(|| {
        let tree = List::from_fst_static(List::builtin_fst()).expect("the built-in list loads");
        (List::builtin_from_the_map(), tree)
    });
    let hosts = shared::hosts(data, 3, 16);
    for host in &hosts {
        for output in OUTPUTS {
            for o in all_options().iter().map(|o| o.output(output)) {
                assert_eq!(
                    answer(map, host, &o),
                    answer(tree, host, &o),
                    "{host:?} {o:?}"
                );
            }
        }
    }
    for request in &hosts {
        for cookie in &hosts {
            assert_eq!(
                map.is_cookie_domain_acceptable(request, cookie),
                tree.is_cookie_domain_acceptable(request, cookie),
                "{request:?} {cookie:?}"
            );
        }
    }
});
