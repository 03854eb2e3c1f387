//! Shared test helpers: the naive model of the formal algorithm and vector
//! readers.
#![allow(dead_code)]

use std::collections::HashMap;

use etld::{Options, Output, RuleKind, RuleSet, Section, Sections, Wildcard};

/// Every combination of the matching options.
pub fn all_options() -> Vec<Options> {
    let mut all = Vec::new();
    for sections in [Sections::All, Sections::IcannOnly] {
        for implicit in [true, false] {
            for wildcard in [Wildcard::Strict, Wildcard::Browser] {
                all.push(
                    Options::new()
                        .sections(sections)
                        .implicit_rule(implicit)
                        .wildcard(wildcard)
                        .output(Output::Ascii),
                );
            }
        }
    }
    all
}

/// The model's answer: labels of the public suffix, section, known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub suffix: Option<String>,
    pub registrable: Option<String>,
    pub section: Option<Section>,
    pub known: bool,
}

/// The formal algorithm, literally (SPEC section 3 step 5), over a set of
/// canonical rules. A rule matches when, label by label from the right, each
/// of its labels is `*` or equal to the host's; to find the matching rules it
/// tries every pattern the host can match (each label kept or made `*`) and
/// looks it up among the rules.
pub struct Model {
    /// (rule name, is exception) -> sections it is listed in.
    rules: HashMap<(String, bool), Vec<Section>>,
}

impl Model {
    pub fn new(set: &RuleSet) -> Model {
        let mut rules: HashMap<(String, bool), Vec<Section>> = HashMap::new();
        for r in set.rules() {
            rules
                .entry((r.name().to_string(), r.kind() == RuleKind::Exception))
                .or_default()
                .push(r.section());
        }
        Model { rules }
    }

    /// Rules (as name, exception, section) that the options let take part.
    fn listed(&self, name: &str, exception: bool, options: &Options) -> Vec<Section> {
        let mut sections: Vec<Section> = self
            .rules
            .get(&(name.to_string(), exception))
            .cloned()
            .unwrap_or_default();
        // Browser mode: `*.NAME` also lists NAME.
        if !exception && options.get_wildcard() == Wildcard::Browser {
            if let Some(s) = self.rules.get(&(format!("*.{name}"), false)) {
                sections.extend(s);
            }
        }
        if options.get_sections() == Sections::IcannOnly {
            sections.retain(|&s| s == Section::Icann);
        }
        sections
    }

    /// Looks up a canonical ASCII host (no trailing dot).
    pub fn lookup(&self, host: &str, options: &Options) -> Answer {
        let labels: Vec<&str> = host.split('.').collect();
        let n = labels.len();
        // best[kind] = (labels, sections) of the longest matching rule.
        let mut best: [Option<(usize, Vec<Section>)>; 2] = [None, None];
        for len in 1..=n {
            let tail = &labels[n - len..];
            for mask in 0u32..(1 << len) {
                let pattern: Vec<&str> = tail
                    .iter()
                    .enumerate()
                    .map(|(i, l)| if mask & (1 << i) != 0 { "*" } else { l })
                    .collect();
                let name = pattern.join(".");
                for (k, exception) in [(0, false), (1, true)] {
                    let sections = self.listed(&name, exception, options);
                    if sections.is_empty() {
                        continue;
                    }
                    match &mut best[k] {
                        Some((l, s)) if *l == len => s.extend(sections),
                        _ => best[k] = Some((len, sections)),
                    }
                }
            }
        }
        let pick = |s: &[Section]| {
            if s.contains(&Section::Icann) {
                Section::Icann
            } else {
                Section::Private
            }
        };
        let (suffix_labels, section, known) = match (&best[1], &best[0]) {
            (Some((l, s)), _) => (Some(l - 1), Some(pick(s)), true),
            (None, Some((l, s))) => (Some(*l), Some(pick(s)), true),
            (None, None) if options.get_implicit_rule() => (Some(1), None, false),
            (None, None) => (None, None, false),
        };
        let join = |k: usize| labels[n - k..].join(".");
        Answer {
            suffix: suffix_labels.map(join),
            registrable: suffix_labels.filter(|&k| k < n).map(|k| join(k + 1)),
            section,
            known,
        }
    }
}

/// The library's answer in the model's terms.
pub fn answer(list: &etld::List, host: &str, options: &Options) -> Answer {
    let d = list
        .lookup_with(host, options)
        .unwrap_or_else(|e| panic!("lookup of {host:?} failed: {e}"));
    Answer {
        suffix: d.suffix().map(str::to_string),
        registrable: d.registrable().map(str::to_string),
        section: d.section(),
        known: d.is_known(),
    }
}

/// Reads a tab-separated vector file, skipping `#` comments and blank lines.
pub fn read_vectors(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
        .collect()
}

/// The built-in list's text.
pub const BUILTIN_DAT: &[u8] = include_bytes!("../../vectors/public_suffix_list.dat");
