//! Compilation: canonical rules into an `fst` map.
//!
//! # Keys
//!
//! A key is the rule's canonical name with its bytes in reverse order:
//! `co.uk` is stored as `ku.oc`, `*.kobe.jp` as `pj.ebok.*`, so that rules
//! sharing their right-hand labels share the start of their keys, and the
//! `fst` shares their paths. Reversing whole labels instead (`uk.co`)
//! compiles to a map of the same size (for the 2026-10-22 list, 66,843 bytes
//! against 66,943: the `key_encodings` test in `tests/builtin.rs` measures
//! it); the byte order was kept because it is the file format. At load the
//! keys are unfolded into the [label tree](crate::lookup::tree) that lookups walk.
//!
//! # Values
//!
//! A value is a set of [`flags`]: which kinds of rule (normal or exception) in
//! which sections (ICANN or PRIVATE) have this name. A name listed twice has its
//! flags merged. For the browser wildcard mode, the parent of every rule whose
//! leftmost label is `*` also gets an "implied" flag of that rule's section, so
//! both modes are answered by the same automaton.

use std::collections::BTreeMap;

use crate::error::{BuildError, Error};
use crate::rules::rule::{RuleKind, RuleSet, Section};

/// The bits of a key's value.
pub(crate) mod flags {
    /// A normal ICANN rule has this name.
    pub(crate) const NORMAL_ICANN: u8 = 1 << 0;
    /// A normal PRIVATE rule has this name.
    pub(crate) const NORMAL_PRIVATE: u8 = 1 << 1;
    /// An ICANN exception rule has this name.
    pub(crate) const EXCEPTION_ICANN: u8 = 1 << 2;
    /// A PRIVATE exception rule has this name.
    pub(crate) const EXCEPTION_PRIVATE: u8 = 1 << 3;
    /// An ICANN wildcard rule `*.NAME` exists (the browser mode lists NAME).
    pub(crate) const IMPLIED_ICANN: u8 = 1 << 4;
    /// A PRIVATE wildcard rule `*.NAME` exists.
    pub(crate) const IMPLIED_PRIVATE: u8 = 1 << 5;
    /// All bits in use.
    pub(crate) const ALL: u8 = (1 << 6) - 1;
    /// All ICANN bits.
    pub(crate) const ICANN: u8 = NORMAL_ICANN | EXCEPTION_ICANN | IMPLIED_ICANN;
    /// All implied bits.
    pub(crate) const IMPLIED: u8 = IMPLIED_ICANN | IMPLIED_PRIVATE;
    /// All normal bits.
    pub(crate) const NORMAL: u8 = NORMAL_ICANN | NORMAL_PRIVATE;
    /// All exception bits.
    pub(crate) const EXCEPTION: u8 = EXCEPTION_ICANN | EXCEPTION_PRIVATE;

    /// Whether `v` is a value a key may carry.
    pub(crate) fn is_valid(v: u64) -> bool {
        v != 0 && v <= u64::from(ALL)
    }
}

/// How many rules of each kind a list holds (after merging duplicates).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RuleCounts {
    /// Rules of the ICANN section.
    pub icann: u32,
    /// Rules of the PRIVATE section.
    pub private: u32,
    /// Normal rules with a wildcard label.
    pub wildcards: u32,
    /// Exception rules.
    pub exceptions: u32,
}

impl RuleCounts {
    /// All rules (at most `u32::MAX`: a `.fst` file's counts are its own
    /// claim, which its checksum does not vouch for).
    pub fn total(&self) -> u32 {
        self.icann.saturating_add(self.private)
    }
}

/// The `fst` key of a canonical rule name: its bytes reversed.
pub(crate) fn key_of(name: &str) -> Vec<u8> {
    name.bytes().rev().collect()
}

/// The merged map of keys to flags, with the wildcard parents' implied flags.
pub(crate) fn keys(set: &RuleSet) -> BTreeMap<Vec<u8>, u8> {
    // Sorted and merged in a vector, then built in one pass: cheaper for a
    // large list than inserting its keys one by one (`examples/list_cost
    // random`).
    let mut keys: Vec<(Vec<u8>, u8)> = Vec::with_capacity(set.rules().len());
    for rule in set.rules() {
        let bit = match (rule.kind(), rule.section()) {
            (RuleKind::Normal, Section::Icann) => flags::NORMAL_ICANN,
            (RuleKind::Normal, Section::Private) => flags::NORMAL_PRIVATE,
            (RuleKind::Exception, Section::Icann) => flags::EXCEPTION_ICANN,
            (RuleKind::Exception, Section::Private) => flags::EXCEPTION_PRIVATE,
        };
        keys.push((key_of(rule.name()), bit));
        if rule.kind() == RuleKind::Normal {
            if let Some(parent) = rule.name().strip_prefix("*.") {
                let implied = match rule.section() {
                    Section::Icann => flags::IMPLIED_ICANN,
                    Section::Private => flags::IMPLIED_PRIVATE,
                };
                keys.push((key_of(parent), implied));
            }
        }
    }
    keys.sort_unstable();
    let mut merged: Vec<(Vec<u8>, u8)> = Vec::with_capacity(keys.len());
    for (key, bits) in keys {
        match merged.last_mut() {
            Some(last) if last.0 == key => last.1 |= bits,
            _ => merged.push((key, bits)),
        }
    }
    // Sorted and distinct: the map is built without a search.
    merged.into_iter().collect()
}

/// Counts the rules of a merged key map.
pub(crate) fn count(keys: &BTreeMap<Vec<u8>, u8>) -> RuleCounts {
    let mut counts = RuleCounts::default();
    for (key, &v) in keys {
        counts.add_key(key, v);
    }
    counts
}

impl RuleCounts {
    /// Counts the rules of one key of a merged map, whose value is `v`.
    pub(crate) fn add_key(&mut self, key: &[u8], v: u8) {
        let wildcard = key.split(|&b| b == b'.').any(|l| l == b"*");
        for (bit, section_is_icann, exception) in [
            (flags::NORMAL_ICANN, true, false),
            (flags::NORMAL_PRIVATE, false, false),
            (flags::EXCEPTION_ICANN, true, true),
            (flags::EXCEPTION_PRIVATE, false, true),
        ] {
            if v & bit == 0 {
                continue;
            }
            // Saturating: the counts may come from a `.fst` file's header.
            if section_is_icann {
                self.icann = self.icann.saturating_add(1);
            } else {
                self.private = self.private.saturating_add(1);
            }
            if exception {
                self.exceptions = self.exceptions.saturating_add(1);
            } else if wildcard {
                self.wildcards = self.wildcards.saturating_add(1);
            }
        }
    }
}

/// Compiles a merged key map into `fst` map bytes. The same map always gives
/// the same bytes.
pub(crate) fn build(keys: &BTreeMap<Vec<u8>, u8>) -> Result<Vec<u8>, Error> {
    let mut builder = fst::MapBuilder::memory();
    for (key, &value) in keys {
        builder
            .insert(key, u64::from(value))
            .map_err(|_| Error::Build(BuildError::Map))?;
    }
    builder
        .into_inner()
        .map_err(|_| Error::Build(BuildError::Map))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merges_and_implies() {
        let set = RuleSet::parse(
            b"jp\nkobe.jp\n*.kobe.jp\n!city.kobe.jp\ncom\ncom\n// ===BEGIN PRIVATE DOMAINS===\n*.foo.com\n",
        )
        .unwrap();
        let k = keys(&set);
        assert_eq!(
            k[&b"pj.ebok".to_vec()],
            flags::NORMAL_ICANN | flags::IMPLIED_ICANN
        );
        assert_eq!(k[&b"pj.ebok.*".to_vec()], flags::NORMAL_ICANN);
        assert_eq!(k[&b"pj.ebok.ytic".to_vec()], flags::EXCEPTION_ICANN);
        assert_eq!(k[&b"moc".to_vec()], flags::NORMAL_ICANN);
        assert_eq!(k[&b"moc.oof".to_vec()], flags::IMPLIED_PRIVATE);
        let c = count(&k);
        assert_eq!(
            c,
            RuleCounts {
                icann: 5,
                private: 1,
                wildcards: 2,
                exceptions: 1
            }
        );
        assert_eq!(build(&k).unwrap(), build(&keys(&set)).unwrap());
    }
}
