//! The lookup room: a host's canonical labels walked against a list's
//! rules, and the answers.
//!
//! Its files:
//!
//! | file | what it does |
//! |---|---|
//! | `index.rs` | what a [`List`](crate::List) holds for lookups: the bytes of its `.fst` file and the label tree unfolded from its map once it has answered its first lookups from the map; dispatches each host's walk to the tree or the map |
//! | `tree.rs` | the label tree: each node's children in a small hash table of their own, a label's key found in about two slots; `tree/build.rs` unfolds a map's keys into it |
//! | `walk.rs` | the walk: the formal algorithm of the Public Suffix List, literally (exceptions first, then the longest rule, then the implicit `*`), over the labels of any source, from a host's last label to its first |
//! | `direct.rs` | the map itself as a source of labels, for the lookups answered before the tree is unfolded |
//! | `overlay.rs` | rules laid over a list: their keys in a tree of their own, walked beside the list's map as one tree until the list unfolds |
//! | `walkable.rs` | whether a loaded map may answer lookups as it is: checked in place, with no memory but a key's stack |
//! | `find.rs` | one host's answer: the fast path for a canonical ASCII host, and the slow path that has the host room canonicalise a host before matching it again |
//! | `domain.rs` | a [`Domain`](crate::Domain): the answer of one lookup |
//! | `text.rs` | the text of an answer's name: borrowed from the host, owned, or, lower-cased, held in the answer itself |
//! | `batch.rs` | a column of hosts answered with no `Result` per host: [`Answer`](crate::Answer) and [`Batch`](crate::Batch) |
//!
//! What it may use: the host room (scanning, canonical labels, label keys,
//! IP addresses), the rules room (the automaton, the flags of its values,
//! the sections), the options, the error types, the work counters. What it
//! must not: [`List`](crate::List) and what lies above it (the sources of
//! lists, the cookie check); a list holds an index, never the other way.
//!
//! What it costs: a lookup of a plain host reads about two slots of one
//! table a label; unfolding the built-in list's tree takes a few
//! milliseconds and 280 KB, once, after its first few hundred lookups.

pub(crate) mod batch;
pub(crate) mod direct;
pub(crate) mod domain;
pub(crate) mod find;
pub(crate) mod index;
pub(crate) mod overlay;
pub(crate) mod text;
pub(crate) mod tree;
pub(crate) mod walk;
pub(crate) mod walkable;

#[cfg(etld_fuzzing)]
pub(crate) use tree::MAX_REACH;
