//! Work counters, for the fuzz targets: loading and looking up count units
//! of work, so that a fuzz target can check on every input that a load
//! costs at most a bounded amount a byte and a lookup a bounded multiple
//! of a plain one, which time cannot tell it (the bounds are in
//! `crate::cost`, in fuzzing builds).
//!
//! The counters exist only in builds with `--cfg etld_fuzzing` (which
//! fuzz/smoke.sh sets for `cargo fuzz`); elsewhere counting compiles to nothing. This module
//! imports nothing of the crate: every room may count.
//!
//! A unit is a node or a transition decoded by the sweep over an automaton,
//! a key prefix unfolded into the label tree, a probe of the tree's table or
//! its filter, or a node of a walk's frontier.

#[cfg(etld_fuzzing)]
use std::cell::Cell;

#[cfg(etld_fuzzing)]
thread_local! {
    static UNITS: Cell<u64> = const { Cell::new(0) };
}

/// Counts `n` units of work on this thread.
#[cfg(etld_fuzzing)]
#[inline(always)]
pub(crate) fn add(n: u64) {
    UNITS.with(|units| units.set(units.get().saturating_add(n)));
}

/// Counts nothing: the counters exist in fuzzing builds only.
#[cfg(not(etld_fuzzing))]
#[inline(always)]
pub(crate) fn add(_: u64) {}

/// The units counted on this thread since the last call.
#[cfg(etld_fuzzing)]
pub(crate) fn take() -> u64 {
    UNITS.with(|units| units.replace(0))
}
