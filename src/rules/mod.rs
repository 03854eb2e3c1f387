//! The rules room: from list text to a checked automaton, and back from
//! the bytes of a `.fst` file.
//!
//! Its files, in the order a list goes through them:
//!
//! | file | what it does |
//! |---|---|
//! | `rule.rs` | parses list text (`.dat`) into a [`RuleSet`](crate::RuleSet): sections by their markers, each rule's labels canonicalised as a host's are |
//! | `compile.rs` | turns the rules into the keys and values of an `fst` map: each key a rule's labels reversed (`ku.oc` for `co.uk`), each value the rule's kind and section as flags, and the parents of wildcard rules as keys of their own |
//! | `format.rs` | the `.fst` file: a small header of the project's own (magic, format version, list VERSION and COMMIT, rule counts, checksum) before the map; the public [`format`](mod@crate::format) module |
//! | `layer.rs` | lays the rules of further texts over a compiled list: the list's keys streamed out of its map and merged with the texts' keys as one list's are, into a new map |
//! | `automaton.rs` | decodes a map and checks every node of it, so that bytes from anywhere give an error or a map whose every key is a valid rule, in time bounded by their size; bounds what its keys may unfold into |
//!
//! What it may use: the host room (to canonicalise a rule's labels and to
//! know which bytes a key may hold), the error types, the work counters.
//! What it must not: the lookup room and [`List`](crate::List); a checked
//! map is handed to the lookup room, which unfolds it into its tree.
//!
//! What it costs: compiling the built-in list takes a few milliseconds.
//! Loading a `.fst` file reads its header and checksum; decoding the map
//! is linear in its size, and a map whose keys would unfold into more than
//! a bounded multiple of its size is refused, unless they spell no more than
//! 32 MiB of list text (a regular list: sequential names, the same children
//! under many suffixes).

pub(crate) mod automaton;
pub(crate) mod compile;
pub mod format;
pub(crate) mod layer;
pub(crate) mod rule;

#[cfg(etld_fuzzing)]
pub(crate) use automaton::{max_unfolded, most_unfolded};
