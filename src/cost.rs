//! What loading and looking up may cost, for the fuzz targets (fuzzing
//! builds only): the bounds that a load and a lookup are held to, counted
//! in the units of the work counters (see [`take`]).
//!
//! A unit is a node or a transition decoded by the sweep over an automaton,
//! a key prefix unfolded into the label tree, a probe of the tree's table or
//! its filter, or a node of a walk's frontier.

use crate::lookup::MAX_REACH;
use crate::rules::{max_unfolded, most_unfolded};

/// The units counted on this thread since the last call.
pub fn take() -> u64 {
    crate::work::take()
}

/// The most units loading a `.fst` file whose automaton has `len` bytes
/// may cost: the check in place walks at most `max_unfolded(len)` key
/// prefixes; then, for a map that fails it, the sweep decodes each address
/// at most once, with at most 256 transitions, and the keys unfold into at
/// most `most_unfolded(len)` prefixes.
pub fn load_bound(len: usize) -> u64 {
    (len as u64)
        .saturating_mul(257)
        .saturating_add(max_unfolded(len))
        .saturating_add(most_unfolded(len))
}

/// The most units one lookup of a host of `labels` labels may cost: for
/// each label, a walk holds at most 32 nodes and each probes the filter and
/// at most `MAX_REACH` slots of a table, plus a node that does not branch;
/// a host is walked at most twice (as given, then in canonical form).
pub fn lookup_bound(labels: usize) -> u64 {
    let per_label = 33 * (MAX_REACH as u64 + 3);
    2 * (labels as u64 + 1) * per_label
}
