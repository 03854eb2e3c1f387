//! Work counters, for the fuzz targets: loading and looking up count units
//! of work, so that a fuzz target can check on every input that a load
//! costs at most a bounded amount a byte and a lookup a bounded multiple
//! of a plain one, which time cannot tell it.
//!
//! The counters exist only in builds with `--cfg fuzzing` (which
//! `cargo fuzz` sets); elsewhere counting compiles to nothing.
//!
//! A unit is a node or a transition decoded by the sweep over an automaton,
//! a key prefix unfolded into the label tree, a probe of the tree's table or
//! its filter, or a node of a walk's frontier.

#[cfg(fuzzing)]
use std::cell::Cell;

#[cfg(fuzzing)]
thread_local! {
    static UNITS: Cell<u64> = const { Cell::new(0) };
}

/// Counts `n` units of work on this thread.
#[cfg(fuzzing)]
#[inline(always)]
pub(crate) fn add(n: u64) {
    UNITS.with(|units| units.set(units.get().saturating_add(n)));
}

/// Counts nothing: the counters exist in fuzzing builds only.
#[cfg(not(fuzzing))]
#[inline(always)]
pub(crate) fn add(_: u64) {}

/// The units counted on this thread since the last call.
#[cfg(fuzzing)]
pub fn take() -> u64 {
    UNITS.with(|units| units.replace(0))
}

/// The most units loading a `.fst` file whose automaton has `len` bytes
/// may cost: the sweep decodes each address at most once, with at most 256
/// transitions, and the keys unfold into at most
/// [`most_unfolded`](crate::automaton::most_unfolded)`(len)` prefixes.
#[cfg(fuzzing)]
pub fn load_bound(len: usize) -> u64 {
    (len as u64)
        .saturating_mul(257)
        .saturating_add(crate::automaton::most_unfolded(len))
}

/// The most units one lookup of a host of `labels` labels may cost: for
/// each label, a walk holds at most 32 nodes and each probes the filter and
/// at most [`MAX_REACH`](crate::tree::MAX_REACH) slots, plus a node that
/// does not branch; a host is walked at most twice (as given, then in
/// canonical form).
#[cfg(fuzzing)]
pub fn lookup_bound(labels: usize) -> u64 {
    let per_label = 33 * (crate::tree::MAX_REACH as u64 + 3);
    2 * (labels as u64 + 1) * per_label
}
