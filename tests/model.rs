//! The automaton against a naive model of the formal algorithm: on random
//! small lists and hosts under every option combination (proptest and
//! quickcheck), and on every rule of the built-in list.

mod common;

use common::{all_options, answer, rich, Model};
use etld::{List, Rule, RuleKind, RuleSet, Section};
use proptest::prelude::*;

/// Labels small enough that random rules and hosts collide often.
const LABELS: &[&str] = &["a", "b", "c", "ab"];

fn rule_strategy() -> impl Strategy<Value = (Vec<String>, bool, bool)> {
    (
        prop::collection::vec(
            prop_oneof![4 => prop::sample::select(LABELS).prop_map(str::to_string), 1 => Just("*".to_string())],
            1..=4,
        ),
        prop::bool::weighted(0.2),
        any::<bool>(),
    )
}

/// Builds a rule set from (labels, exception, private) triples, skipping
/// exception rules the list format forbids.
fn rule_set(rules: &[(Vec<String>, bool, bool)]) -> RuleSet {
    let mut out = Vec::new();
    for (labels, exception, private) in rules {
        let mut text = labels.join(".");
        let exception = *exception && labels.len() >= 2 && !labels.iter().any(|l| l == "*");
        if exception {
            text.insert(0, '!');
        }
        let section = if *private {
            Section::Private
        } else {
            Section::Icann
        };
        out.push(Rule::parse(&text, section).expect("generated rules are valid"));
    }
    RuleSet::from_rules(out, None, None)
}

/// The list of `set`: `None` for a set of no rule, which is no list
/// (`Error::NoRules`, as list text of no rule is).
fn compiled(set: &RuleSet) -> Option<List> {
    match List::from_rules(set) {
        Err(etld::Error::NoRules) if set.rules().is_empty() => None,
        list => Some(list.expect("compiles")),
    }
}

fn check_all(set: &RuleSet, hosts: &[String]) -> Result<(), TestCaseError> {
    let Some(list) = compiled(set) else {
        return Ok(());
    };
    let model = Model::new(set);
    let rules: Vec<_> = set
        .rules()
        .iter()
        .map(|r| format!("{r} {:?}", r.section()))
        .collect();
    for options in all_options() {
        for host in hosts {
            let at = || format!("host {host} options {options:?} rules {rules:?}");
            prop_assert_eq!(
                answer(&list, host, &options),
                model.lookup(host, &options),
                "{}",
                at()
            );
            prop_assert_eq!(
                rich(&list, host, &options),
                model.rich(host, &options),
                "{}",
                at()
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn automaton_equals_model(
        rules in prop::collection::vec(rule_strategy(), 0..12),
        hosts in prop::collection::vec(prop::collection::vec(prop::sample::select(LABELS), 1..=5), 1..12),
    ) {
        let set = rule_set(&rules);
        let hosts: Vec<String> = hosts.iter().map(|h| h.join(".")).collect();
        check_all(&set, &hosts)?;
    }
}

#[derive(Clone, Debug)]
struct SmallList(Vec<(Vec<String>, bool, bool)>, Vec<String>);

impl quickcheck::Arbitrary for SmallList {
    fn arbitrary(g: &mut quickcheck::Gen) -> SmallList {
        let label = |g: &mut quickcheck::Gen, star: bool| -> String {
            let mut choices: Vec<&str> = LABELS.to_vec();
            if star {
                choices.push("*");
            }
            g.choose(&choices).unwrap().to_string()
        };
        let n = <usize as quickcheck::Arbitrary>::arbitrary(g) % 10;
        let rules = (0..n)
            .map(|_| {
                let len = 1 + <usize as quickcheck::Arbitrary>::arbitrary(g) % 4;
                let labels = (0..len).map(|_| label(g, true)).collect();
                (
                    labels,
                    <bool as quickcheck::Arbitrary>::arbitrary(g),
                    <bool as quickcheck::Arbitrary>::arbitrary(g),
                )
            })
            .collect();
        let hosts = (0..8)
            .map(|_| {
                let len = 1 + <usize as quickcheck::Arbitrary>::arbitrary(g) % 5;
                (0..len)
                    .map(|_| label(g, false))
                    .collect::<Vec<_>>()
                    .join(".")
            })
            .collect();
        SmallList(rules, hosts)
    }
}

#[test]
fn quickcheck_automaton_equals_model() {
    fn prop(list: SmallList) -> bool {
        check_all(&rule_set(&list.0), &list.1).is_ok()
    }
    quickcheck::QuickCheck::new()
        .tests(400)
        .quickcheck(prop as fn(SmallList) -> bool);
}

#[test]
fn wildcards_everywhere() {
    // Hand-picked shapes: wildcard TLD, inner wildcards, wildcard under an
    // explicit child, exceptions below wildcards, both sections.
    let text =
        "*\n*.*.c\na.*.b\n*.a\na.a\n!b.a.a\n// ===BEGIN PRIVATE DOMAINS===\n*.b.a\nc.*\n!a.c.b\n";
    let set = RuleSet::parse(text.as_bytes()).unwrap();
    let mut hosts = Vec::new();
    for a in LABELS {
        for b in LABELS {
            for c in LABELS {
                hosts.push(format!("{a}.{b}.{c}"));
                hosts.push(format!("x.{a}.{b}.{c}"));
                hosts.push(format!("{b}.{c}"));
            }
        }
    }
    check_all(&set, &hosts).unwrap();
}

#[test]
fn every_builtin_rule_against_the_model() {
    let set = RuleSet::parse(common::BUILTIN_DAT).unwrap();
    let model = Model::new(&set);
    let list = List::builtin();
    let mut checked = 0;
    for options in all_options() {
        for rule in set.rules() {
            // The rule itself, its wildcards filled, and one and two labels below.
            let filled = rule.name().replace('*', "wild");
            let mut hosts = vec![
                filled.clone(),
                format!("x.{filled}"),
                format!("y.x.{filled}"),
            ];
            if rule.kind() == RuleKind::Exception || rule.is_wildcard() {
                hosts.push(
                    rule.name()
                        .split_once('.')
                        .map(|(_, p)| p.to_string())
                        .unwrap_or_default(),
                );
            }
            for host in hosts.iter().filter(|h| !h.is_empty()) {
                assert_eq!(
                    answer(list, host, &options),
                    model.lookup(host, &options),
                    "{host} under rule {rule} with {options:?}"
                );
                assert_eq!(
                    rich(list, host, &options),
                    model.rich(host, &options),
                    "{host} under rule {rule} with {options:?}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 8 * 3 * 9000, "{checked}");
}

/// Labels for Unicode hosts: `ü` and `Ü` are `xn--tda` in canonical form,
/// `食` an ideograph, `ü-ü` a label with a hyphen.
const IDN_LABELS: &[&str] = &["a", "ü", "Ü", "食", "xn--tda", "ü-ü", "b"];

/// The canonical ASCII form of a name, label by label.
fn to_ascii(name: &str) -> String {
    name.split('.')
        .map(|l| etld_punycode::to_ascii_label(l).expect("generated labels are valid"))
        .collect::<Vec<_>>()
        .join(".")
}

/// Labels of lengths around the scan's word and chunk sizes (7, 8, 9, 15,
/// 16, 17 bytes), so that hosts built of them end, and have labels start and
/// end, on either side of every boundary of the scan's reads.
const LONG_LABELS: &[&str] = &[
    "a",
    "bcdefgh",
    "bcdefghi",
    "bcdefghij",
    "k-lmnopqrstuvwx",
    "klmnopqrstuvwxyz",
    "klmnopqrstuvwxyz0",
];

/// `host` with the letters at the set bits of `case` (cycling) upper-cased.
fn mixed_case(host: &str, case: u64) -> String {
    host.chars()
        .enumerate()
        .map(|(i, c)| match case >> (i % 64) & 1 {
            1 => c.to_ascii_uppercase(),
            _ => c,
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Unicode hosts, answered in their own form (which walks canonical
    /// Unicode hosts as they are, against the Unicode twins of the rules'
    /// A-labels), agree with the model on their ASCII form.
    #[test]
    fn unicode_hosts_equal_model(
        rules in prop::collection::vec(
            (
                prop::collection::vec(
                    prop::sample::select(&["a", "ü", "食", "xn--tda", "ü-ü", "*"][..])
                        .prop_map(str::to_string),
                    1..=3,
                ),
                prop::bool::weighted(0.2),
                any::<bool>(),
            ),
            0..8,
        ),
        hosts in prop::collection::vec(prop::collection::vec(prop::sample::select(IDN_LABELS), 1..=4), 1..8),
        fqdn in any::<bool>(),
    ) {
        let set = rule_set(&rules);
        let Some(list) = compiled(&set) else {
            return Ok(());
        };
        let model = Model::new(&set);
        for options in all_options() {
            let input = options.output(etld::Output::Input);
            for host in &hosts {
                let host = host.join(".");
                let got = answer(&list, &format!("{host}{}", if fqdn { "." } else { "" }), &input);
                let strip = |s: String| s.strip_suffix('.').map(str::to_string).unwrap_or(s);
                let got = common::Answer {
                    suffix: got.suffix.map(|s| to_ascii(&strip(s))),
                    registrable: got.registrable.map(|s| to_ascii(&strip(s))),
                    ..got
                };
                prop_assert_eq!(got, model.lookup(&to_ascii(&host), &options), "host {}", host);
                let got = rich(&list, &format!("{host}{}", if fqdn { "." } else { "" }), &input);
                let got = common::Rich {
                    icann_suffix: got.icann_suffix.map(|s| to_ascii(&strip(s))),
                    icann_registrable: got.icann_registrable.map(|s| to_ascii(&strip(s))),
                    ..got
                };
                prop_assert_eq!(got, model.rich(&to_ascii(&host), &options), "host {}", host);
            }
        }
    }

    /// Hosts of every length up to ~140 bytes, in lower and mixed case (the
    /// answer is the lower-cased one), against the model.
    #[test]
    fn long_and_mixed_case_hosts_equal_model(
        rules in prop::collection::vec(
            prop::collection::vec(
                prop_oneof![6 => prop::sample::select(LONG_LABELS).prop_map(str::to_string), 1 => Just("*".to_string())],
                1..=3,
            ),
            0..10,
        ),
        hosts in prop::collection::vec(prop::collection::vec(prop::sample::select(LONG_LABELS), 1..=8), 1..8),
        case in any::<u64>(),
    ) {
        let set = rule_set(&rules.into_iter().map(|r| (r, false, false)).collect::<Vec<_>>());
        let Some(list) = compiled(&set) else {
            return Ok(());
        };
        let model = Model::new(&set);
        for options in all_options() {
            for host in hosts.iter().map(|h| h.join(".")) {
                let expected = model.lookup(&host, &options);
                prop_assert_eq!(answer(&list, &host, &options), expected.clone(), "{}", host);
                let mixed = mixed_case(&host, case);
                prop_assert_eq!(answer(&list, &mixed, &options), expected, "{}", mixed);
                let expected = model.rich(&host, &options);
                prop_assert_eq!(rich(&list, &host, &options), expected.clone(), "{}", host);
                prop_assert_eq!(rich(&list, &mixed, &options), expected, "{}", mixed);
            }
        }
    }
}
