//! Whether a list's map may answer lookups as it is, before (or instead of)
//! the label tree: checked in place, in one walk over its keys, with no
//! memory but a key's stack.
//!
//! A list answers its first lookups straight from its map
//! ([`crate::lookup::direct`]) and unfolds the tree later. The map's answers
//! are the tree's, and cost what the tree's do, when:
//!
//! * every node on the way to a key decodes, every key's bytes and value
//!   are ones a rule may have, and no key is longer than a name can be
//!   (what [`Automaton::decode`] checks);
//! * the keys number what the map's footer says, and go through at most
//!   [`max_unfolded`] distinct prefixes (so that unfolding them later stays
//!   within what the map's size allows);
//! * every label of every key is valid (the tree leaves a rule with an
//!   invalid label out; the map would match it), no key ends with a dot or
//!   is empty (rules the tree cannot hold);
//! * wildcards branch at most [`MAX_BRANCHINGS`] times on the way to any
//!   name (the tree's bound on the cost of a walk, see
//!   [`crate::lookup::tree`]).
//!
//! A map that passes is loaded without unfolding anything. Any other map is
//! loaded the full way, decoded and unfolded at once, and that decides
//! whether it loads and with which error: so this check never refuses a map
//! by itself, and one check ([`Automaton::decode`] and
//! [`LabelTree`](crate::lookup::tree::LabelTree)) stays the authority on what
//! a list file may hold. The tests hold every map this check passes to
//! loading the full way.

use crate::error::FormatError;
use crate::host::label::{check_ascii_label, MAX_LABEL};
use crate::lookup::direct::FstLabels;
use crate::lookup::index::is_key_byte;
use crate::lookup::tree::MAX_BRANCHINGS;
use crate::rules::automaton::{max_unfolded, Automaton, MAX_KEY_LEN};
use crate::rules::compile::flags;

/// What the check learned of a map that may answer lookups as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Walkable {
    /// Whether some `*` label of its keys has labels below it (which rules
    /// laid over the list may make branch, see
    /// [`crate::lookup::overlay`]).
    pub(crate) wild_below: bool,
}

impl Walkable {
    /// What the check learns of the built-in list's map (the test
    /// `the_builtin_map_is_walkable` holds it to).
    pub(crate) const BUILTIN: Walkable = Walkable { wild_below: false };
}

/// Whether the map `fst` may answer lookups as it is (see the
/// [module docs](self)), and what the check learned of it; `None` for a
/// map that should be loaded the full way, whether it loads or not.
pub(crate) fn walkable(fst: &[u8]) -> Option<Walkable> {
    let automaton = Automaton::open(fst).ok()?;
    FstLabels::open(fst)?;
    let mut labels = Labels::new();
    let walked = automaton.for_each_prefix_in_place(
        b'.',
        is_key_byte,
        flags::is_valid,
        max_unfolded(fst.len()),
        |prefix, value, shared| labels.prefix(prefix, value, shared),
    );
    let passed =
        walked.is_ok() && labels.keys == automaton.len() && labels.branchings() <= MAX_BRANCHINGS;
    passed.then_some(Walkable {
        wild_below: labels.wild_below,
    })
}

/// A name of the keys walked so far that has children (its key is followed
/// by a dot): where its labels' children start in the key, and what the
/// branchings below it are.
#[derive(Clone, Copy, Debug)]
struct Name {
    /// Where the next label starts in the key.
    start: usize,
    /// Whether its last label is `*`.
    star: bool,
    /// Whether it has a `*` child that has children.
    star_with_children: bool,
    /// Whether it has children other than `*`.
    other_children: bool,
    /// The most branchings on the way from one of its children down to any
    /// name below it.
    most_below: u32,
}

impl Name {
    fn new(start: usize, star: bool) -> Name {
        Name {
            start,
            star,
            star_with_children: false,
            other_children: false,
            most_below: 0,
        }
    }

    /// The most branchings on the way from this name down to any name below
    /// it, this name's own included.
    fn branchings(&self) -> u32 {
        let branches = self.star_with_children && self.other_children;
        self.most_below + u32::from(branches)
    }
}

/// The names with children on the way to the key being walked, from the
/// root, and what the walk has found so far (see [`walkable`]).
struct Labels {
    names: [Name; MAX_KEY_LEN + 1],
    depth: usize,
    keys: u64,
    /// Whether some `*` label has labels below it.
    wild_below: bool,
}

/// Not a reason a caller sees: the walk stops here, and the map is loaded
/// the full way, which gives the reason.
const NOT_WALKABLE: FormatError = FormatError::Automaton {
    offset: 0,
    reason: "not walkable in place",
};

impl Labels {
    fn new() -> Labels {
        Labels {
            names: [Name::new(0, false); MAX_KEY_LEN + 1],
            depth: 0,
            keys: 0,
            wild_below: false,
        }
    }

    /// Takes in one prefix of [`Automaton::for_each_prefix_in_place`]:
    /// the names left behind are finished, and the label the prefix ends
    /// (before a dot, or where a key ends) is checked and noted as a child.
    fn prefix(
        &mut self,
        prefix: &[u8],
        value: Option<u8>,
        shared: usize,
    ) -> Result<(), FormatError> {
        let Some((&byte, before)) = prefix.split_last() else {
            // The empty key: a rule of no labels, which the tree leaves out.
            return Err(NOT_WALKABLE);
        };
        if value.is_some() {
            if byte == b'.' {
                // A key that ends with an empty label.
                return Err(NOT_WALKABLE);
            }
            self.keys += 1;
        }
        while self.depth > 0 && self.names[self.depth].start > shared {
            self.finish();
        }
        let top = self.names[self.depth];
        let piece = match byte {
            b'.' => before,
            _ => prefix,
        };
        let piece = piece.get(top.start..).unwrap_or_default();
        let mut buf = [0u8; MAX_LABEL];
        let Some(label) = buf.get_mut(..piece.len()) else {
            return Err(NOT_WALKABLE);
        };
        label.copy_from_slice(piece);
        label.reverse();
        if check_ascii_label(label).is_err() {
            return Err(NOT_WALKABLE);
        }
        let star = &*label == b"*";
        if !star {
            self.names[self.depth].other_children = true;
        }
        if top.star && self.depth > 0 {
            self.names[self.depth - 1].star_with_children = true;
            self.wild_below = true;
        }
        if byte == b'.' {
            self.depth += 1;
            match self.names.get_mut(self.depth) {
                Some(name) => *name = Name::new(prefix.len(), star),
                None => return Err(NOT_WALKABLE),
            }
        }
        Ok(())
    }

    /// Finishes the name on top: everything below it has been walked.
    fn finish(&mut self) {
        let below = self.names[self.depth].branchings();
        self.depth -= 1;
        let parent = &mut self.names[self.depth];
        parent.most_below = parent.most_below.max(below);
    }

    /// The most branchings on the way to any name (see
    /// [`MAX_BRANCHINGS`]), once every key has been walked.
    fn branchings(&mut self) -> u32 {
        while self.depth > 0 {
            self.finish();
        }
        self.names[0].branchings()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use proptest::prelude::*;

    use super::*;
    use crate::list::unfolded_later::answer;
    use crate::lookup::tree::LabelTree;
    use crate::rules::compile;
    use crate::rules::format::{self, Header};
    use crate::{List, Options};

    /// The map of `rules`, each a name and its flags, compiled without the
    /// parser's checks, as a crafted file could hold them.
    fn map_of(rules: &[(String, u8)]) -> Vec<u8> {
        let mut keys = BTreeMap::new();
        for (name, value) in rules {
            *keys.entry(compile::key_of(name)).or_insert(0) |= value;
        }
        compile::build(&keys).unwrap()
    }

    /// Whether the map loads the full way: decoded, checked and unfolded.
    fn loads_the_full_way(map: &[u8]) -> Result<(), FormatError> {
        let automaton = Automaton::decode(map, is_key_byte)?;
        LabelTree::build(&automaton).map(|_| ())
    }

    fn rules(names: &[&str]) -> Vec<(String, u8)> {
        names
            .iter()
            .map(|n| (n.to_string(), flags::NORMAL_ICANN))
            .collect()
    }

    #[test]
    fn the_builtin_map_is_walkable() {
        let (_, fst) = format::read(List::builtin_fst()).unwrap();
        assert_eq!(walkable(&List::builtin_fst()[fst]), Some(Walkable::BUILTIN));
    }

    #[test]
    fn maps_the_tree_would_read_otherwise_are_not() {
        // `a.(*.)^k com` and `(*.)^k com` for k up to 5: `k` branchings on
        // the way to `a.(*.)^k com`.
        let branching = |k: usize| -> Vec<String> {
            let stars = |n: usize| "*.".repeat(n);
            let mut names = vec!["a.com".to_string()];
            for n in 1..=k {
                names.push(format!("{}com", stars(n)));
                names.push(format!("a.{}com", stars(n)));
            }
            names
        };
        let long = format!("{}.com", "a".repeat(64));
        for names in [
            // An invalid A-label, which the tree leaves out.
            vec!["com".to_string(), "xn--abc-.com".to_string()],
            // An empty label, and a label over 63 bytes.
            vec!["com".to_string(), "a..com".to_string()],
            vec!["com".to_string(), long],
            // The empty key, and a key that ends with a dot.
            vec!["com".to_string(), String::new()],
            vec!["com".to_string(), ".com".to_string()],
            branching(MAX_BRANCHINGS as usize + 1),
        ] {
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            assert!(walkable(&map_of(&rules(&names))).is_none(), "{names:?}");
        }
        let within: Vec<String> = branching(MAX_BRANCHINGS as usize);
        let within: Vec<&str> = within.iter().map(String::as_str).collect();
        let map = map_of(&rules(&within));
        assert!(walkable(&map).is_some());
        assert!(loads_the_full_way(&map).is_ok());
    }

    #[test]
    fn a_footer_that_miscounts_the_keys_is_not_walkable() {
        let mut map = map_of(&rules(&["com", "a.com"]));
        let at = map.len() - 20;
        map[at..at + 8].copy_from_slice(&3u64.to_le_bytes());
        assert!(walkable(&map).is_none());
    }

    #[test]
    fn a_loaded_list_answers_from_the_map_then_unfolds() {
        let list = List::from_dat(b"com\nuk\nco.uk\n*.ck\n!www.ck\n").unwrap();
        assert!(!list.is_unfolded());
        assert_eq!(list.lookup("www.ck").unwrap().suffix(), Some("ck"));
        assert_eq!(list.lookup("a.b.ck").unwrap().suffix(), Some("b.ck"));
        assert!(!list.is_unfolded());
        list.unfold();
        assert!(list.is_unfolded());
        assert_eq!(list.lookup("www.ck").unwrap().suffix(), Some("ck"));
    }

    #[test]
    fn a_larger_list_answers_more_lookups_from_the_map_before_it_unfolds() {
        use crate::lookup::direct::{direct_walks, DIRECT_WALKS};

        // The built-in list's size keeps the 256; 30,000 rules, 714.
        assert_eq!(direct_walks(10_709), DIRECT_WALKS);
        let text: String = (0..30_000).map(|i| format!("r{i}.example\n")).collect();
        let list = List::from_dat(text.as_bytes()).unwrap();
        let walks = direct_walks(30_000);
        assert_eq!(walks, 714);
        for i in 0..walks {
            assert_eq!(
                list.lookup(&format!("a.r{i}.example")).unwrap().suffix(),
                Some(&*format!("r{i}.example"))
            );
        }
        assert!(!list.is_unfolded());
        assert_eq!(
            list.lookup("a.r1.example").unwrap().suffix(),
            Some("r1.example")
        );
        assert!(list.is_unfolded());
    }

    /// A rule of one to six labels over `a`, `b`, `xn--bcher-kva` and `*`,
    /// with flags of one section and kind.
    fn rule() -> impl Strategy<Value = (String, u8)> {
        let label = prop_oneof![
            4 => Just("a"),
            2 => Just("b"),
            1 => Just("xn--bcher-kva"),
            3 => Just("*"),
        ];
        let value = prop_oneof![
            Just(flags::NORMAL_ICANN),
            Just(flags::NORMAL_PRIVATE),
            Just(flags::EXCEPTION_ICANN),
            Just(flags::EXCEPTION_PRIVATE),
        ];
        (prop::collection::vec(label, 1..7), value)
            .prop_map(|(labels, value)| (labels.join("."), value))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// A map of valid labels is walkable exactly when it loads the full
        /// way, and its map answers every host as its tree does.
        #[test]
        fn walkable_maps_load_and_answer_as_their_tree(
            rules in prop::collection::vec(rule(), 1..24),
            hosts in prop::collection::vec(
                prop::collection::vec(prop_oneof![Just("a"), Just("b"), Just("c"), Just("bücher"), Just("xn--bcher-kva")], 1..9),
                1..12,
            ),
        ) {
            let map = map_of(&rules);
            let is_walkable = walkable(&map).is_some();
            prop_assert_eq!(is_walkable, loads_the_full_way(&map).is_ok());
            if !is_walkable {
                return Ok(());
            }
            let header = Header { counts: compile::count(&BTreeMap::new()), version: None, commit: None };
            let file = format::write(&header, &map).unwrap();
            let from_the_map = List::from_fst(file.clone()).unwrap();
            let from_the_tree = List::from_fst(file).unwrap();
            from_the_tree.unfold();
            prop_assert!(from_the_tree.is_unfolded());
            for host in &hosts {
                let host = host.join(".");
                for implicit in [true, false] {
                    let options = Options::new().implicit_rule(implicit);
                    prop_assert!(!from_the_map.is_unfolded());
                    prop_assert_eq!(
                        answer(&from_the_map, &host, &options),
                        answer(&from_the_tree, &host, &options),
                        "{}", host
                    );
                }
            }
        }
    }
}
