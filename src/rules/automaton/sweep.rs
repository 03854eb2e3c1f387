//! The sweep: every node reachable from the root decoded once, by
//! descending address (every transition points down, so a node's paths are
//! all counted before it is reached), and the sums that bound the keys'
//! unfolding checked before anything is unfolded (see the [automaton's
//! docs](super#what-an-automaton-may-describe)).
//!
//! Each part does one job: [`Paths`] counts the paths from the root to each
//! address, [`KeyText`] the list text the keys spell, [`Decoded`] keeps the
//! nodes as plain arrays and numbers their states, [`Bound`] and
//! [`check_transition`] refuse what the map may not hold, and
//! [`Automaton::sweep`] goes over the addresses with them.

use super::{Automaton, Decoded, DecodedState, Node, Step, Transition, DECODE_LIMIT, NOT_FINAL};
use crate::error::FormatError;
use crate::work;

impl Automaton<'_> {
    /// Decodes every node reachable from the root once, by descending
    /// address, keeps it in [`Decoded`], and checks the footer's key count
    /// and the unfolded size against `limit`, or, past it, the list text
    /// the keys spell against `text`; `len` is the map's size.
    pub(super) fn sweep(
        &mut self,
        len: usize,
        limit: u64,
        text: u64,
        is_valid_input: impl Fn(u8) -> bool,
    ) -> Result<(), FormatError> {
        let bound = Bound::new(len, limit, text);
        let mut paths = Paths::new(self.nodes.len(), self.root);
        let mut key_text = KeyText::new(self.nodes.len(), bound.spelled);
        let mut decoded =
            (self.nodes.len() <= DECODE_LIMIT).then(|| Decoded::with_room(self.nodes.len()));
        let (mut keys, mut unfolded, mut states) = (0u64, 0u64, 0u32);
        let mut end = self.root + 1;
        while let Some(addr) = paths.next_below(end) {
            end = addr;
            let node = self.node(addr)?;
            work::add(1 + u64::from(node.len));
            let (n, length) = (paths.at(addr), key_text.at(addr));
            if node.is_final {
                keys = keys.saturating_add(u64::from(n));
                key_text.end_keys(n, length);
            }
            // Each path to the node, followed by each transition, is a
            // distinct key prefix (the map is deterministic).
            unfolded = unfolded.saturating_add(u64::from(n) * u64::from(node.len));
            bound.check(unfolded, key_text.total)?;
            if let Some(decoded) = &mut decoded {
                paths.number(addr, states);
                decoded.push_state(&node);
            }
            states += 1;
            let mut last = None;
            for i in 0..usize::from(node.len) {
                let t = self.transition(&node, i)?;
                check_transition(addr, last, t.input, &is_valid_input)?;
                last = Some(t.input);
                // The target is below `addr` (`transition` checks it): not
                // swept yet.
                paths.add(t.target, n);
                key_text.follow(t.target, n, length);
                if let Some(decoded) = &mut decoded {
                    decoded.push_step(&t);
                }
            }
        }
        bound.check_all(unfolded, key_text.total)?;
        if keys != self.keys {
            return Err(FormatError::Automaton {
                offset: self.root,
                reason: "key count in the footer does not match the automaton",
            });
        }
        if let Some(mut decoded) = decoded {
            decoded.number_targets(&paths);
            self.decoded = Some(decoded);
        }
        (self.states, self.unfolded) = (states as usize, unfolded);
        Ok(())
    }
}

/// The paths from the root to each address (0: not reached), saturating:
/// a count that large is far over any bound. When the nodes are kept
/// decoded, a node's count is no longer needed once it is decoded (its
/// parents are all above it), and its entry holds its state number instead.
struct Paths(Vec<u32>);

impl Paths {
    /// One path, to the root, among `size` addresses.
    fn new(size: usize, root: usize) -> Paths {
        let mut paths = vec![0u32; size];
        paths[root] = 1;
        Paths(paths)
    }

    /// The highest address below `end` that a path reaches, in one tight
    /// search past the addresses inside a node or not reached.
    #[inline(always)]
    fn next_below(&self, end: usize) -> Option<usize> {
        self.0[..end].iter().rposition(|&p| p != 0)
    }

    /// The paths to `addr`.
    #[inline(always)]
    fn at(&self, addr: usize) -> u32 {
        self.0[addr]
    }

    /// Adds `n` paths to `target`.
    #[inline(always)]
    fn add(&mut self, target: usize, n: u32) {
        if let Some(p) = self.0.get_mut(target) {
            *p = p.saturating_add(n);
        }
    }

    /// Holds the state number of the node at `addr` in place of its paths,
    /// which are read.
    #[inline(always)]
    fn number(&mut self, addr: usize, state: u32) {
        self.0[addr] = state;
    }

    /// The state number of the node at `addr`, once swept.
    fn state(&self, addr: usize) -> u32 {
        self.0.get(addr).copied().unwrap_or(0)
    }
}

/// The list text the keys spell: the sum of the lengths of the paths to
/// each address (saturating, like [`Paths`]), and the text of the keys
/// that end at the nodes swept so far. Only a map small enough that its
/// unfolding limit is under the text's bound needs it (under 2 MiB: at most
/// 8 MiB of sums); for another, nothing is counted.
struct KeyText {
    lengths: Vec<u32>,
    /// Each key that ends at a node swept, and its newline.
    total: u64,
}

impl KeyText {
    /// The sums for `size` addresses, if `counted`.
    fn new(size: usize, counted: bool) -> KeyText {
        KeyText {
            lengths: vec![0u32; if counted { size } else { 0 }],
            total: 0,
        }
    }

    /// The sum of the lengths of the paths to `addr`.
    #[inline(always)]
    fn at(&self, addr: usize) -> u32 {
        self.lengths.get(addr).copied().unwrap_or(0)
    }

    /// Counts the `n` keys of `length` bytes in all that end at a node.
    #[inline(always)]
    fn end_keys(&mut self, n: u32, length: u32) {
        self.total = self.total.saturating_add(u64::from(length) + u64::from(n));
    }

    /// Counts the `n` paths to a node, `length` bytes in all, each one byte
    /// longer at `target`.
    #[inline(always)]
    fn follow(&mut self, target: usize, n: u32, length: u32) {
        if let Some(l) = self.lengths.get_mut(target) {
            *l = l.saturating_add(length.saturating_add(n));
        }
    }
}

/// How far a map's keys may unfold: into `limit` distinct prefixes, or
/// past it into up to `text` if they spell no more list text than that.
struct Bound {
    limit: u64,
    text: u64,
    /// Whether the keys' text is counted: only where `limit` is under
    /// `text`.
    spelled: bool,
    /// The map's size, for the error.
    size: usize,
}

impl Bound {
    fn new(size: usize, limit: u64, text: u64) -> Bound {
        Bound {
            limit,
            text,
            spelled: limit < text,
            size,
        }
    }

    /// Whether the prefixes and text so far already go past the bound.
    /// Every prefix is a byte of some key's text, so past `text` the keys
    /// spell more than that too.
    #[inline(always)]
    fn check(&self, unfolded: u64, key_text: u64) -> Result<(), FormatError> {
        if unfolded > self.limit && (!self.spelled || unfolded > self.text || key_text > self.text)
        {
            return Err(self.refused());
        }
        Ok(())
    }

    /// Whether every key's prefixes and text go past the bound.
    fn check_all(&self, unfolded: u64, key_text: u64) -> Result<(), FormatError> {
        if unfolded > self.limit && key_text > self.text {
            return Err(self.refused());
        }
        Ok(())
    }

    fn refused(&self) -> FormatError {
        FormatError::Unfolding {
            size: self.size as u64,
            limit: self.limit,
        }
    }
}

/// Checks a transition on `input` of the node at `addr`, after one on
/// `last`: a byte a key may hold, in strictly increasing order.
#[inline(always)]
fn check_transition(
    addr: usize,
    last: Option<u8>,
    input: u8,
    is_valid_input: impl Fn(u8) -> bool,
) -> Result<(), FormatError> {
    if !is_valid_input(input) {
        return Err(FormatError::Automaton {
            offset: addr,
            reason: "a key holds a byte that is not canonical",
        });
    }
    if last.is_some_and(|last| last >= input) {
        return Err(FormatError::Automaton {
            offset: addr,
            reason: "transitions not in strictly increasing order",
        });
    }
    Ok(())
}

impl Decoded {
    /// Room for about what the Public Suffix List's map needs, given its
    /// `size` (a state for every three bytes, a transition for every two),
    /// so that the arrays seldom grow.
    fn with_room(size: usize) -> Decoded {
        Decoded {
            states: Vec::with_capacity(size / 3),
            transitions: Vec::with_capacity(size / 2),
        }
    }

    /// Keeps `node` as the next state, its transitions next in line.
    #[inline(always)]
    fn push_state(&mut self, node: &Node) {
        self.states.push(DecodedState {
            // Fewer transitions than bytes so far: within `u32`.
            first: self.transitions.len() as u32,
            len: node.len,
            last: match node.is_final {
                true => node.final_output,
                false => NOT_FINAL,
            },
        });
    }

    /// Keeps `t` as the next transition.
    #[inline(always)]
    fn push_step(&mut self, t: &Transition) {
        self.transitions.push(Step {
            input: t.input,
            output: t.output,
            // The address for now (below the map's size, so within `u32`),
            // its state number once every node is swept.
            target: t.target as u32,
        });
    }

    /// Gives every transition its target's state number, held in `paths`
    /// once every node is swept.
    fn number_targets(&mut self, paths: &Paths) {
        // Every target was reached, so swept, so numbered.
        for step in &mut self.transitions {
            step.target = paths.state(step.target as usize);
        }
    }
}
