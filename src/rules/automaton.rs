//! The automaton: an `fst` map, decoded and checked without trusting it.
//!
//! A compiled list is an [`fst`](https://docs.rs/fst) map. Its bytes may come
//! from an untrusted file, and the `fst` crate's own reader is free to panic on
//! bytes that its builder did not write. So this module reads the `fst` node
//! encoding itself, straight from the bytes, with every offset and every sum
//! checked:
//!
//! * a transition must point strictly below the node it leaves (the builder
//!   writes children first), so the graph is acyclic and every walk ends;
//! * one sweep over the node addresses, from the root down, decodes each
//!   reachable node exactly once (a crafted DAG costs time linear in its
//!   size) and counts the paths from the root to each node: their sums give
//!   the number of keys, checked against the footer, and the number of bytes
//!   the keys unfold into, checked against [`max_unfolded`];
//! * every key's value is checked as the keys are
//!   [unfolded](Automaton::for_each_prefix), so that no lookup meets a value
//!   it does not understand.
//!
//! # What an automaton may describe
//!
//! An `fst` is a DAG: a few hundred bytes can describe millions of keys (the
//! rules `{a,*}^22.com`, 2^22 keys whose paths share every node). The keys
//! are unfolded into the [label tree](crate::lookup::tree) at load, so loading costs
//! what the keys hold, not what the file holds. The sweep counts the bytes
//! the keys unfold into (their distinct prefixes: the edges of a trie of the
//! keys) before anything is unfolded, and refuses the automaton
//! ([`FormatError::Unfolding`]) when they are more than [`UNFOLD_PER_BYTE`]
//! for each of its bytes, plus [`UNFOLD_BASE`], unless the keys spell no
//! more than [`MAX_KEY_TEXT`] (32 MiB) of list text. A list's map shares
//! little of its keys' bytes: the Public Suffix List unfolds into 0.83
//! bytes for each byte of its map, a million random names into about one.
//! A regular list shares much: a million sequential names
//! (`host0000000.example` ...) make a `.fst` file of 241 bytes whose keys
//! unfold into about 5 MB, and a hundred names under each of 3,000
//! suffixes one of 257 bytes; but as text they are 20 MB and 5 MB, no more
//! than list files hold, and they load. A crafted map multiplies labels
//! (`{a,*}^20.com`: a million keys of 43 bytes in 250 bytes) and spells
//! more: it is refused after one pass over its bytes, before anything is
//! unfolded. So loading costs at most what an honest list of
//! 32 MiB costs (a fraction of a second), and otherwise time and memory
//! linear in the file. The sums of key lengths the check needs are kept
//! only for maps under 2 MiB (for larger ones the first bound is over
//! 32 MiB already). A key longer than a name can be (253 bytes) is refused
//! too.
//!
//! A sweep holds a path count (four bytes) for each byte of the map. For a
//! map of up to [`DECODE_LIMIT`] bytes it also keeps the nodes it decodes as
//! plain arrays (at most 16 bytes for each byte of the map), which the
//! unfolding follows instead of decoding a node again for each key prefix
//! that reaches it (`examples/load_memory`, `unfold`). A larger map is
//! unfolded from its bytes. All of it goes once the
//! keys are unfolded.

use crate::error::FormatError;
use crate::work;

mod sweep;

/// Values (rule flags) are below this bound; see `compile::flags`.
pub(crate) const VALUE_LIMIT: u64 = 64;

/// The longest key: a rule's name has at most 253 bytes.
pub(crate) const MAX_KEY_LEN: usize = 253;

/// Bytes the keys may unfold into for each byte of the automaton.
pub(crate) const UNFOLD_PER_BYTE: u64 = 16;

/// Bytes the keys of any automaton may unfold into, whatever its size: room
/// for small lists whose rules share much (every name of two letters under
/// a hundred suffixes), and a cost no caller notices (tens of
/// milliseconds).
pub(crate) const UNFOLD_BASE: u64 = 1 << 20;

/// The most bytes of list text the keys of an automaton that unfolds into
/// more than [`max_unfolded`] may spell (each key and a newline): 32 MiB,
/// a regular list of a million rules (`host0000000.example` to
/// `host0999999.example` spell 20 MB). A regular honest list is small as
/// an `fst` (the map of those million rules takes a few hundred bytes) but no
/// larger as text than list files are (at most 64 MiB, the source's
/// `MAX_LIST_BYTES`); a crafted map that multiplies labels
/// (`{a,*}^20.com`: a million keys of 43 bytes, in 250 bytes) spells more.
pub(crate) const MAX_KEY_TEXT: u64 = 32 << 20;

/// The most bytes the keys of an automaton of `len` bytes may unfold into
/// and still load: [`max_unfolded`], or [`MAX_KEY_TEXT`] when the keys spell
/// no more list text than that.
#[cfg_attr(not(etld_fuzzing), allow(dead_code))]
pub(crate) fn most_unfolded(len: usize) -> u64 {
    max_unfolded(len).max(MAX_KEY_TEXT)
}

/// The most bytes the keys of an automaton of `len` bytes may unfold into
/// whatever text they spell (see the [module docs](self)).
pub(crate) fn max_unfolded(len: usize) -> u64 {
    // Below `u32::MAX`: path counts saturate there, and a tree of more
    // labels could not be built anyway.
    (len as u64)
        .saturating_mul(UNFOLD_PER_BYTE)
        .saturating_add(UNFOLD_BASE)
        .min(u64::from(u32::MAX) - 1)
}

/// The `fst` format version this decoder reads (the one `fst` 0.4 writes).
const FST_VERSION: u64 = 3;
/// Bytes before the first node: the version and type words.
const FST_HEADER: usize = 16;
/// Bytes after the last node: key count, root address, checksum.
const FST_FOOTER: usize = 20;
/// The address `fst` gives the final state that has no transitions.
const EMPTY_ADDRESS: usize = 0;
/// Nodes with more transitions than this carry a 256-byte index.
const TRANS_INDEX_THRESHOLD: usize = 32;

/// A decoded, validated `fst` map, read in place.
#[derive(Clone, Debug)]
pub(crate) struct Automaton<'a> {
    /// The node region: the map's bytes without the footer.
    nodes: &'a [u8],
    common: &'static [u8; 64],
    /// The root's address.
    root: usize,
    keys: u64,
    states: usize,
    unfolded: u64,
    /// The reachable nodes, decoded once by the sweep (see [`Decoded`]),
    /// unless the map is larger than [`DECODE_LIMIT`].
    decoded: Option<Decoded>,
}

/// The largest map whose nodes the sweep keeps decoded (4 MiB, at most
/// 16 bytes of arrays for each of its bytes): larger maps are unfolded
/// straight from their bytes, which is slower and needs no arrays
/// (`examples/list_cost`).
const DECODE_LIMIT: usize = 4 << 20;

/// The reachable nodes of an automaton as the sweep decoded them, so that
/// the unfolding follows plain arrays instead of decoding a node's bytes
/// again for each key prefix that reaches it.
///
/// States are numbered in the order the sweep meets them (the root is 0),
/// and their transitions lie side by side in increasing input order. A map
/// of `n` bytes has fewer than `n` states and `n` transitions, so these take
/// at most 16 bytes for each byte of the map.
#[derive(Clone, Debug, Default)]
struct Decoded {
    states: Vec<DecodedState>,
    transitions: Vec<Step>,
}

/// A decoded transition: input byte, output, target state.
#[derive(Clone, Copy, Debug)]
struct Step {
    input: u8,
    output: u8,
    target: u32,
}

/// [`DecodedState::last`] of a state where no key ends (outputs are below
/// [`VALUE_LIMIT`]).
const NOT_FINAL: u8 = u8::MAX;

/// A node's header: where its parts lie, not yet its transitions.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The address of its state byte, for errors.
    addr: usize,
    /// Its lowest byte: every transition points below it.
    start: usize,
    is_final: bool,
    /// The output added when a key ends here (below [`VALUE_LIMIT`]).
    final_output: u8,
    /// The number of transitions (at most 256).
    len: u16,
    layout: Layout,
}

/// What a walk over the keys accepts: the bytes a key may hold, and how
/// many distinct prefixes it may go through.
struct Within<F: Fn(u8) -> bool> {
    is_valid_input: F,
    steps: u64,
}

/// A state of a walk over the keys (see [`Automaton::for_each_prefix`]).
#[derive(Clone, Copy, Debug)]
struct Frame<S> {
    state: S,
    /// The next transition to follow.
    next: u32,
    /// The output gathered on the way to the state.
    gathered: u64,
    /// The length of the key at the state.
    depth: usize,
}

/// What a walk over the keys reads of a state: its transitions one by one,
/// and whether a key ends there. Implemented by the map's bytes
/// ([`Automaton`], whose states are [`Node`]s) and by the decoded arrays
/// ([`Decoded`]).
trait States {
    type State: Copy;
    fn root(&self) -> Result<Self::State, FormatError>;
    fn transitions(&self, state: &Self::State) -> u32;
    /// The output added when a key ends at the state, if one does.
    fn final_output(&self, state: &Self::State) -> Option<u8>;
    /// Transition `i` (below [`States::transitions`]): input, output and
    /// target.
    fn transition(&self, state: &Self::State, i: u32)
        -> Result<(u8, u8, Self::State), FormatError>;
}

impl States for Automaton<'_> {
    type State = Node;

    fn root(&self) -> Result<Node, FormatError> {
        self.node(self.root)
    }

    #[inline(always)]
    fn transitions(&self, node: &Node) -> u32 {
        u32::from(node.len)
    }

    #[inline(always)]
    fn final_output(&self, node: &Node) -> Option<u8> {
        node.is_final.then_some(node.final_output)
    }

    #[inline(always)]
    fn transition(&self, node: &Node, i: u32) -> Result<(u8, u8, Node), FormatError> {
        let t = Automaton::transition(self, node, i as usize)?;
        Ok((t.input, t.output, self.node(t.target)?))
    }
}

/// A state of [`Decoded`]: where its transitions begin, how many, and the
/// output added when a key ends there ([`NOT_FINAL`] if none does).
#[derive(Clone, Copy, Debug)]
struct DecodedState {
    first: u32,
    len: u16,
    last: u8,
}

impl Decoded {
    #[inline(always)]
    fn state(&self, s: u32) -> Result<DecodedState, FormatError> {
        let i = s as usize;
        match self.states.get(i) {
            Some(&state) => Ok(state),
            None => Err(FormatError::Automaton {
                offset: 0,
                reason: "the decoded automaton is inconsistent",
            }),
        }
    }
}

impl States for Decoded {
    type State = DecodedState;

    fn root(&self) -> Result<DecodedState, FormatError> {
        self.state(0)
    }

    #[inline(always)]
    fn transitions(&self, state: &DecodedState) -> u32 {
        u32::from(state.len)
    }

    #[inline(always)]
    fn final_output(&self, state: &DecodedState) -> Option<u8> {
        (state.last != NOT_FINAL).then_some(state.last)
    }

    #[inline(always)]
    fn transition(
        &self,
        state: &DecodedState,
        i: u32,
    ) -> Result<(u8, u8, DecodedState), FormatError> {
        match self.transitions.get((state.first + i) as usize) {
            Some(step) => Ok((step.input, step.output, self.state(step.target)?)),
            None => Err(FormatError::Automaton {
                offset: 0,
                reason: "the decoded automaton is inconsistent",
            }),
        }
    }
}

/// Where a node's transitions lie.
#[derive(Clone, Copy, Debug)]
enum Layout {
    /// One transition, decoded with the header.
    One(Transition),
    /// `len` transitions stored in three arrays, each growing downwards:
    /// the inputs (one byte each) from `inputs`, then the target deltas
    /// (`tsize` bytes each), then the outputs (`osize` bytes each).
    Many { inputs: usize, tsize: u8, osize: u8 },
}

/// A transition: input byte, output (below [`VALUE_LIMIT`]), target
/// address.
#[derive(Clone, Copy, Debug)]
struct Transition {
    input: u8,
    output: u8,
    target: usize,
}

impl<'a> Automaton<'a> {
    /// The number of keys in the map.
    pub(crate) fn len(&self) -> u64 {
        self.keys
    }

    /// The number of states.
    pub(crate) fn state_count(&self) -> usize {
        self.states
    }

    /// The bytes the keys unfold into: the number of distinct non-empty
    /// key prefixes, at most [`max_unfolded`] of the map's size.
    #[cfg(test)]
    pub(crate) fn unfolded(&self) -> u64 {
        self.unfolded
    }

    /// Decodes and validates raw `fst` map bytes.
    ///
    /// `is_valid_input` says which bytes a key may hold.
    ///
    /// # Errors
    /// [`FormatError::Unfolding`] if the keys unfold into more than
    /// [`max_unfolded`] bytes, [`FormatError::Automaton`] if a node does
    /// not decode.
    pub(crate) fn decode(
        data: &'a [u8],
        is_valid_input: impl Fn(u8) -> bool,
    ) -> Result<Automaton<'a>, FormatError> {
        Automaton::decode_within(data, is_valid_input, max_unfolded(data.len()), MAX_KEY_TEXT)
    }

    /// The header and footer checks of [`Automaton::open`].
    fn open_unchecked(data: &'a [u8]) -> Result<Automaton<'a>, FormatError> {
        let bad = |offset: usize, reason: &'static str| FormatError::Automaton { offset, reason };
        if data.len() < FST_HEADER + FST_FOOTER {
            return Err(bad(0, "shorter than an fst header and footer"));
        }
        if read_u64(data, 0) != Some(FST_VERSION) {
            return Err(bad(0, "not an fst of version 3"));
        }
        // The footer: key count, root address, then a checksum of `fst`'s
        // own (unread: the file's header has one).
        let nodes_end = data.len() - FST_FOOTER;
        let keys = read_u64(data, nodes_end).ok_or(bad(nodes_end, "footer"))?;
        let root_at = nodes_end + 8;
        let root = read_u64(data, root_at).ok_or(bad(root_at, "footer"))?;
        let nodes = &data[..nodes_end];
        // `nodes` holds at least the fst header: it has a last byte.
        let root = usize::try_from(root)
            .ok()
            .filter(|&r| r == EMPTY_ADDRESS || r == nodes.len() - 1)
            .ok_or(bad(root_at, "root address is not the last node"))?;
        Ok(Automaton {
            nodes,
            common: common_inputs(),
            root,
            keys,
            states: 0,
            unfolded: 0,
            decoded: None,
        })
    }

    /// Reads an `fst` map's header and footer, and nothing more: its nodes
    /// are decoded, each with every offset checked, only as
    /// [`Automaton::find`] reaches them. For a map that is known good (the
    /// built-in list, checked by the test suite), to answer a few lookups
    /// without the sweep.
    ///
    /// # Errors
    /// [`FormatError::Automaton`] for a bad header or footer.
    pub(crate) fn open(data: &'a [u8]) -> Result<Automaton<'a>, FormatError> {
        Automaton::open_unchecked(data)
    }

    /// [`Automaton::decode`], refusing keys that unfold into more than
    /// `limit` bytes unless they spell at most `text` bytes of list text.
    fn decode_within(
        data: &'a [u8],
        is_valid_input: impl Fn(u8) -> bool,
        limit: u64,
        text: u64,
    ) -> Result<Automaton<'a>, FormatError> {
        let mut automaton = Automaton::open_unchecked(data)?;
        automaton.sweep(data.len(), limit, text, is_valid_input)?;
        Ok(automaton)
    }

    /// The root's address.
    pub(crate) fn root(&self) -> usize {
        self.root
    }

    /// The output added when a key ends at the node at `addr`, if one does.
    ///
    /// # Errors
    /// [`FormatError::Automaton`] if the node does not decode.
    pub(crate) fn final_output(&self, addr: usize) -> Result<Option<u8>, FormatError> {
        let node = self.node(addr)?;
        Ok(node.is_final.then_some(node.final_output))
    }

    /// The node at `addr`'s transition on `input`, if it has one: its output
    /// and its target's address; and whether the node has a transition on
    /// another input.
    ///
    /// # Errors
    /// [`FormatError::Automaton`] if the node or the transition does not
    /// decode.
    pub(crate) fn find(
        &self,
        addr: usize,
        input: u8,
    ) -> Result<(Option<(u8, usize)>, bool), FormatError> {
        let node = self.node(addr)?;
        let len = usize::from(node.len);
        let at = match node.layout {
            Layout::One(t) => (t.input == input).then_some(0),
            Layout::Many { inputs, .. } => {
                let mut found = None;
                for i in 0..len {
                    if self.byte(sub(inputs, i + 1)?)? == input {
                        found = Some(i);
                        break;
                    }
                }
                found
            }
        };
        let others = len > usize::from(at.is_some());
        match at {
            Some(i) => {
                let t = self.transition(&node, i)?;
                Ok((Some((t.output, t.target)), others))
            }
            None => Ok((None, others)),
        }
    }

    /// Walks the keys depth first, in key order, and calls `f` with every
    /// distinct non-empty key prefix that ends with the byte `stop` or where
    /// a key ends, with the key's value there if one does, and the length of
    /// the longest prefix it shares with the previous call's. The empty key,
    /// if there is one, comes first. The walk itself goes through every
    /// distinct prefix ([`Automaton::unfolded`] of them), following a chain
    /// of one-transition states (the tail of nearly every key) in a tight
    /// loop.
    ///
    /// # Errors
    /// `f`'s first error, or [`FormatError::Automaton`] for a key whose
    /// value `is_valid_value` refuses, or longer than [`MAX_KEY_LEN`].
    pub(crate) fn for_each_prefix(
        &self,
        stop: u8,
        is_valid_value: impl Fn(u64) -> bool,
        f: impl FnMut(&[u8], Option<u8>, usize) -> Result<(), FormatError>,
    ) -> Result<(), FormatError> {
        let anything = Within {
            is_valid_input: |_| true,
            steps: u64::MAX,
        };
        match &self.decoded {
            Some(decoded) => self.walk(decoded, stop, is_valid_value, anything, f),
            None => self.walk(self, stop, is_valid_value, anything, f),
        }
    }

    /// [`Automaton::for_each_prefix`] over a map that has only been
    /// [opened](Automaton::open), read from its bytes with no memory but a
    /// key and its stack: every key's bytes checked by `is_valid_input`, and
    /// the walk stopped after `steps` distinct prefixes.
    ///
    /// # Errors
    /// Those of [`Automaton::for_each_prefix`]; [`FormatError::Automaton`]
    /// for a node that does not decode or a byte `is_valid_input` refuses;
    /// [`FormatError::Unfolding`] past `steps`.
    pub(crate) fn for_each_prefix_in_place(
        &self,
        stop: u8,
        is_valid_input: impl Fn(u8) -> bool,
        is_valid_value: impl Fn(u64) -> bool,
        steps: u64,
        f: impl FnMut(&[u8], Option<u8>, usize) -> Result<(), FormatError>,
    ) -> Result<(), FormatError> {
        let within = Within {
            is_valid_input,
            steps,
        };
        self.walk(self, stop, is_valid_value, within, f)
    }

    /// [`Automaton::for_each_prefix`] over `states`, within `within`.
    fn walk<G: States>(
        &self,
        states: &G,
        stop: u8,
        is_valid_value: impl Fn(u64) -> bool,
        within: Within<impl Fn(u8) -> bool>,
        mut f: impl FnMut(&[u8], Option<u8>, usize) -> Result<(), FormatError>,
    ) -> Result<(), FormatError> {
        let mut steps_left = within.steps;
        let value_of = |last: Option<u8>, gathered: u64| -> Result<Option<u8>, FormatError> {
            let Some(last) = last else {
                return Ok(None);
            };
            // Outputs are below 64 and a key at most 253 bytes: no overflow.
            let value = gathered.saturating_add(u64::from(last));
            match u8::try_from(value) {
                Ok(v) if value < VALUE_LIMIT && is_valid_value(value) => Ok(Some(v)),
                _ => Err(FormatError::Automaton {
                    offset: self.root,
                    reason: "a key carries an invalid value",
                }),
            }
        };
        let root = states.root()?;
        if let Some(value) = value_of(states.final_output(&root), 0)? {
            f(&[], Some(value), 0)?;
        }
        let mut key = Vec::with_capacity(MAX_KEY_LEN);
        // The states with more than one transition whose transitions are
        // being followed, each with the next one to follow, the output
        // gathered on the way to the state and the key's length there.
        let mut stack: Vec<Frame<G::State>> = Vec::with_capacity(MAX_KEY_LEN + 1);
        // The shortest the key has been since the last call.
        let mut shared = 0;
        if states.transitions(&root) > 0 {
            stack.push(Frame {
                state: root,
                next: 0,
                gathered: 0,
                depth: 0,
            });
        }
        while let Some(top) = stack.last_mut() {
            let Frame {
                state,
                next,
                gathered,
                depth,
            } = *top;
            top.next += 1;
            if top.next >= states.transitions(&state) {
                stack.pop();
            }
            key.truncate(depth);
            shared = shared.min(depth);
            let (mut state, mut next, mut gathered) = (state, next, gathered);
            // Follow transition `next` of `state`, then the chain of states
            // with one transition after it.
            loop {
                work::add(1);
                if key.len() == MAX_KEY_LEN {
                    return Err(FormatError::Automaton {
                        offset: self.root,
                        reason: "a key is longer than a name can be (253 bytes)",
                    });
                }
                let (input, output, target) = states.transition(&state, next)?;
                steps_left = steps_left.checked_sub(1).ok_or(FormatError::Unfolding {
                    size: self.nodes.len() as u64 + FST_FOOTER as u64,
                    limit: within.steps,
                })?;
                if !(within.is_valid_input)(input) {
                    return Err(FormatError::Automaton {
                        offset: self.root,
                        reason: "a key holds a byte no rule may hold",
                    });
                }
                gathered += u64::from(output);
                key.push(input);
                let last = states.final_output(&target);
                if input == stop || last.is_some() {
                    f(&key, value_of(last, gathered)?, shared)?;
                    shared = key.len();
                }
                match states.transitions(&target) {
                    0 => break,
                    1 => (state, next) = (target, 0),
                    _ => {
                        stack.push(Frame {
                            state: target,
                            next: 0,
                            gathered,
                            depth: key.len(),
                        });
                        break;
                    }
                }
            }
        }
        Ok(())
    }

    fn byte(&self, at: usize) -> Result<u8, FormatError> {
        self.nodes.get(at).copied().ok_or(FormatError::Automaton {
            offset: at,
            reason: "node reaches outside the automaton",
        })
    }

    /// Reads a little-endian integer of `size` bytes (1 to 8) at `at`.
    #[inline(always)]
    fn uint(&self, at: usize, size: usize) -> Result<u64, FormatError> {
        // Eight bytes at once where the map has them, masked to `size`.
        if let Some(word) = at.checked_add(8).and_then(|end| self.nodes.get(at..end)) {
            if size <= 8 {
                let mut bytes = [0; 8];
                bytes.copy_from_slice(word);
                let mask = u64::MAX.checked_shr(64 - 8 * size as u32).unwrap_or(0);
                return Ok(u64::from_le_bytes(bytes) & mask);
            }
        }
        let bytes = at
            .checked_add(size)
            .and_then(|end| self.nodes.get(at..end))
            .ok_or(FormatError::Automaton {
                offset: at,
                reason: "packed integer reaches outside the automaton",
            })?;
        Ok(bytes
            .iter()
            .rev()
            .fold(0u64, |n, &b| (n << 8) | u64::from(b)))
    }

    #[inline(always)]
    fn common_input(&self, state_byte: u8, addr: usize) -> Result<(u8, usize), FormatError> {
        match state_byte & 0b0011_1111 {
            0 => Ok((self.byte(sub(addr, 1)?)?, 1)),
            i => Ok((self.common[i as usize], 0)),
        }
    }

    /// Decodes the header of the node at `addr` (and its transition, if it
    /// has just one). Inlined into the walks: the check of a list's map in
    /// place decodes a node for each of its key bytes (load_memory static,
    /// under callgrind: 10.2 M instructions against 11.5 M).
    #[inline(always)]
    fn node(&self, addr: usize) -> Result<Node, FormatError> {
        let bad = |reason: &'static str| FormatError::Automaton {
            offset: addr,
            reason,
        };
        if addr == EMPTY_ADDRESS {
            return Ok(Node {
                addr,
                start: addr,
                is_final: true,
                final_output: 0,
                len: 0,
                layout: Layout::Many {
                    inputs: 0,
                    tsize: 0,
                    osize: 0,
                },
            });
        }
        if addr < FST_HEADER {
            return Err(bad("node address inside the fst header"));
        }
        let v = self.byte(addr)?;
        let node = match v >> 6 {
            0b11 => {
                // One transition to the node written just before this one.
                let (input, input_len) = self.common_input(v, addr)?;
                let start = sub(addr, input_len)?;
                let target = sub(start, 1)?;
                one(addr, start, input, 0, target)?
            }
            0b10 => {
                // One transition with an explicit address and output.
                let (input, input_len) = self.common_input(v, addr)?;
                let sizes_at = sub(addr, input_len + 1)?;
                let (tsize, osize) = pack_sizes(self.byte(sizes_at)?).ok_or(bad("pack size"))?;
                if tsize == 0 {
                    return Err(bad("zero transition pack size"));
                }
                let trans_at = sub(sizes_at, tsize)?;
                let start = sub(trans_at, osize)?;
                let output = match osize {
                    0 => 0,
                    _ => self.uint(start, osize)?,
                };
                let delta = self.uint(trans_at, tsize)?;
                one(addr, start, input, output, unpack_delta(start, delta)?)?
            }
            _ => {
                let is_final = v & 0b0100_0000 != 0;
                let (len, len_size) = match v & 0b0011_1111 {
                    0 => match self.byte(sub(addr, 1)?)? {
                        1 => (256, 1),
                        n => (n as usize, 1),
                    },
                    n => (n as usize, 0),
                };
                let sizes_at = sub(addr, len_size + 1)?;
                let (tsize, osize) = pack_sizes(self.byte(sizes_at)?).ok_or(bad("pack size"))?;
                if tsize == 0 && len > 0 {
                    return Err(bad("zero transition pack size"));
                }
                let index_size = match len > TRANS_INDEX_THRESHOLD {
                    true => 256,
                    false => 0,
                };
                // At most 256 transitions of at most 8 bytes: no overflow.
                let inputs = sub(sizes_at, index_size)?;
                let deltas = sub(inputs, len)?;
                let outputs = sub(deltas, len * tsize)?;
                let outputs_end = sub(outputs, len * osize)?;
                let (start, final_output) = match is_final && osize > 0 {
                    true => {
                        let at = sub(outputs_end, osize)?;
                        (at, self.uint(at, osize)?)
                    }
                    false => (outputs_end, 0),
                };
                Node {
                    addr,
                    start,
                    is_final,
                    final_output: small(final_output).ok_or(bad("final output out of range"))?,
                    // At most 256; sizes at most 8.
                    len: len as u16,
                    layout: Layout::Many {
                        inputs,
                        tsize: tsize as u8,
                        osize: osize as u8,
                    },
                }
            }
        };
        if node.start < FST_HEADER {
            return Err(bad("node begins inside the fst header"));
        }
        if let Layout::One(t) = node.layout {
            check(&node, t)?;
        }
        Ok(node)
    }

    /// Decodes transition `i` (below `node.len`) of `node`.
    #[inline(always)]
    fn transition(&self, node: &Node, i: usize) -> Result<Transition, FormatError> {
        match node.layout {
            Layout::One(t) => Ok(t),
            Layout::Many {
                inputs,
                tsize,
                osize,
            } => {
                // `i` is below `len`, at most 256, and sizes at most 8: no
                // overflow.
                let (len, tsize, osize) = (usize::from(node.len), tsize.into(), osize.into());
                let deltas = sub(inputs, len)?;
                let outputs = sub(deltas, len * tsize)?;
                let input = self.byte(sub(inputs, i + 1)?)?;
                let delta = self.uint(sub(deltas, (i + 1) * tsize)?, tsize)?;
                let output = match osize {
                    0 => 0,
                    _ => self.uint(sub(outputs, (i + 1) * osize)?, osize)?,
                };
                let t = Transition {
                    input,
                    output: small(output).ok_or(FormatError::Automaton {
                        offset: node.addr,
                        reason: "transition output out of range",
                    })?,
                    target: unpack_delta(node.start, delta)?,
                };
                check(node, t)?;
                Ok(t)
            }
        }
    }
}

/// A node with the one transition `input`, `output`, `target`.
#[inline(always)]
fn one(
    addr: usize,
    start: usize,
    input: u8,
    output: u64,
    target: usize,
) -> Result<Node, FormatError> {
    let output = small(output).ok_or(FormatError::Automaton {
        offset: addr,
        reason: "transition output out of range",
    })?;
    Ok(Node {
        addr,
        start,
        is_final: false,
        final_output: 0,
        len: 1,
        layout: Layout::One(Transition {
            input,
            output,
            target,
        }),
    })
}

/// An output, if it is below [`VALUE_LIMIT`].
#[inline(always)]
fn small(output: u64) -> Option<u8> {
    u8::try_from(output)
        .ok()
        .filter(|&v| u64::from(v) < VALUE_LIMIT)
}

/// Checks that a transition of `node` points below it.
#[inline(always)]
fn check(node: &Node, t: Transition) -> Result<(), FormatError> {
    if t.target != EMPTY_ADDRESS && t.target >= node.start {
        return Err(FormatError::Automaton {
            offset: node.addr,
            reason: "transition does not point to an earlier node",
        });
    }
    Ok(())
}

fn read_u64(data: &[u8], at: usize) -> Option<u64> {
    let bytes: [u8; 8] = data.get(at..at.checked_add(8)?)?.try_into().ok()?;
    Some(u64::from_le_bytes(bytes))
}

#[inline(always)]
fn sub(a: usize, b: usize) -> Result<usize, FormatError> {
    a.checked_sub(b).ok_or(FormatError::Automaton {
        offset: a,
        reason: "node reaches before the start of the automaton",
    })
}

/// Splits a pack-size byte into (transition address size, output size).
#[inline(always)]
fn pack_sizes(v: u8) -> Option<(usize, usize)> {
    let (t, o) = ((v >> 4) as usize, (v & 0x0f) as usize);
    (t <= 8 && o <= 8).then_some((t, o))
}

/// Resolves a transition's stored delta against the node's start address.
#[inline(always)]
fn unpack_delta(start: usize, delta: u64) -> Result<usize, FormatError> {
    let delta = usize::try_from(delta).map_err(|_| FormatError::Automaton {
        offset: start,
        reason: "transition delta out of range",
    })?;
    if delta == EMPTY_ADDRESS {
        Ok(EMPTY_ADDRESS)
    } else {
        sub(start, delta)
    }
}

/// The table of "common inputs" that `fst` packs into a state byte's low six
/// bits: entry `i` (1 to 63) is the input byte stored as index `i`, entry 0
/// is unused (not common).
///
/// The table belongs to the `fst` crate's format (version 3) and is not
/// public, so it is written out here; the `common_inputs_match_the_builder`
/// test reads it off the builder itself (in a map of the keys `[b, b]` for
/// every byte `b`, the node after the root's transition `b` has the one
/// transition `b`, and its state byte's low six bits hold `b`'s index) and
/// checks that the two agree. Building that map at load would cost more
/// than the rest of decoding the header.
const COMMON_INPUTS: &[u8; 64] =
    b"\0te/oasripcnw.hlm-du012g=:bf3y5&_4v9678k%?xCDASFIBEjPTzRNM+LOqHG";

/// [`COMMON_INPUTS`].
fn common_inputs() -> &'static [u8; 64] {
    COMMON_INPUTS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn build(keys: &[(&[u8], u64)]) -> Vec<u8> {
        let mut b = fst::MapBuilder::memory();
        for (k, v) in keys {
            b.insert(k, *v).unwrap();
        }
        b.into_inner().unwrap()
    }

    fn decode(bytes: &[u8]) -> Result<Automaton<'_>, FormatError> {
        Automaton::decode(bytes, |_| true)
    }

    /// Every key and its value, in the order the walk gives them.
    fn keys(a: &Automaton) -> Result<Vec<(Vec<u8>, u8)>, FormatError> {
        let mut keys = Vec::new();
        a.for_each_prefix(
            0,
            |v| v > 0,
            |k, v, _| {
                if let Some(v) = v {
                    keys.push((k.to_vec(), v));
                }
                Ok(())
            },
        )?;
        Ok(keys)
    }

    /// The common inputs as the `fst` builder writes them (see
    /// [`COMMON_INPUTS`]).
    fn common_inputs_of_the_builder() -> [u8; 64] {
        let mut table = [0u8; 64];
        let mut builder = fst::raw::Builder::memory();
        for b in 0..=255u8 {
            builder.add([b, b]).unwrap();
        }
        let map = fst::raw::Fst::new(builder.into_inner().unwrap()).unwrap();
        for t in map.root().transitions() {
            let v = *map.node(t.addr).as_slice().last().unwrap();
            let i = (v & 0b0011_1111) as usize;
            if v >> 6 >= 0b10 && i != 0 {
                table[i] = t.inp;
            }
        }
        table
    }

    #[test]
    fn common_inputs_match_the_builder() {
        assert_eq!(&common_inputs_of_the_builder(), COMMON_INPUTS);
    }

    #[test]
    fn common_inputs_cover_63_bytes() {
        let t = common_inputs();
        let mut seen: Vec<u8> = t[1..].to_vec();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 63);
        assert!(t[1..].contains(&b'.') && t[1..].contains(&b'a'));
    }

    #[test]
    fn decodes_what_fst_builds() {
        // Many keys at the root force a node with a transition index.
        let mut keys_in: Vec<(Vec<u8>, u64)> = (0u8..=255)
            .map(|b| (vec![b, b'x'], u64::from(b % 60) + 1))
            .collect();
        keys_in.push((b"moc".to_vec(), 1));
        keys_in.push((b"moc.elpmaxe".to_vec(), 2));
        keys_in.push((b"ku.oc".to_vec(), 3));
        keys_in.push((b"ku.oc.*".to_vec(), 63));
        // A label that another one begins (`a` and `ab`) under one parent.
        keys_in.push((b"moc.a.x".to_vec(), 1));
        keys_in.push((b"moc.ab.y".to_vec(), 1));
        keys_in.sort();
        keys_in.dedup_by(|a, b| a.0 == b.0);
        let borrowed: Vec<(&[u8], u64)> = keys_in.iter().map(|(k, v)| (&k[..], *v)).collect();
        let bytes = build(&borrowed);
        let a = decode(&bytes).unwrap();
        assert_eq!(a.len(), keys_in.len() as u64);
        let expected: Vec<(Vec<u8>, u8)> =
            keys_in.iter().map(|(k, v)| (k.clone(), *v as u8)).collect();
        assert_eq!(keys(&a).unwrap(), expected);
        // The distinct prefixes: as many as the walk calls back.
        let mut prefixes = std::collections::BTreeSet::new();
        for (k, _) in &keys_in {
            for end in 1..=k.len() {
                prefixes.insert(&k[..end]);
            }
        }
        assert_eq!(a.unfolded(), prefixes.len() as u64);
        // The prefixes that end with a stop byte, and the keys.
        for stop in [b'.', b'x', b'o'] {
            let mut calls = Vec::new();
            a.for_each_prefix(
                stop,
                |_| true,
                |k, v, shared| {
                    // What it shares with the previous call's prefix.
                    let previous: &[u8] = calls.last().map_or(&[], |c: &(Vec<u8>, bool)| &c.0);
                    let common = k.iter().zip(previous).take_while(|(a, b)| a == b).count();
                    assert_eq!(shared, common, "{k:?} after {previous:?}");
                    calls.push((k.to_vec(), v.is_some()));
                    Ok(())
                },
            )
            .unwrap();
            let mut want: Vec<(Vec<u8>, bool)> = prefixes
                .iter()
                .filter(|p| p.ends_with(&[stop]) || keys_in.iter().any(|(k, _)| k == *p))
                .map(|p| (p.to_vec(), keys_in.iter().any(|(k, _)| k == *p)))
                .collect();
            want.sort();
            assert_eq!(calls, want, "stop {stop}");
        }
    }

    /// Every call of a walk over `states`: prefix, value and shared length.
    fn walk_calls<G: States>(a: &Automaton, states: &G) -> Vec<(Vec<u8>, Option<u8>, usize)> {
        let mut calls = Vec::new();
        a.walk(
            states,
            b'.',
            |_| true,
            Within {
                is_valid_input: |_| true,
                steps: u64::MAX,
            },
            |k, v, shared| {
                calls.push((k.to_vec(), v, shared));
                Ok(())
            },
        )
        .unwrap();
        calls
    }

    #[test]
    fn the_bytes_and_the_decoded_nodes_walk_alike() {
        let builtin = include_bytes!("../../vectors/public_suffix_list.fst");
        let (_, fst) = crate::rules::format::read(builtin).unwrap();
        for bytes in [&builtin[fst], &doubling(8)[..]] {
            let a = decode(bytes).unwrap();
            let decoded = a.decoded.as_ref().unwrap();
            let calls = walk_calls(&a, &a);
            assert!(calls.len() > 100);
            assert_eq!(calls, walk_calls(&a, decoded));
        }
    }

    #[test]
    fn refuses_invalid_values_and_count() {
        let bytes = build(&[(b"a", 1), (b"b", 0)]);
        let a = decode(&bytes).unwrap();
        assert!(matches!(keys(&a), Err(FormatError::Automaton { .. })));
        let mut bytes = build(&[(b"a", 1), (b"b", 2)]);
        let n = bytes.len();
        bytes[n - 20] = 9; // key count
        assert!(matches!(decode(&bytes), Err(FormatError::Automaton { .. })));
    }

    #[test]
    fn empty_and_empty_key() {
        let bytes = build(&[]);
        let a = decode(&bytes).unwrap();
        assert_eq!(a.len(), 0);
        assert_eq!(keys(&a).unwrap(), vec![]);
        let bytes = build(&[(b"", 5)]);
        let a = decode(&bytes).unwrap();
        assert_eq!(keys(&a).unwrap(), vec![(vec![], 5)]);
    }

    /// The footer's root address, set to `root`.
    fn with_root(mut bytes: Vec<u8>, root: u64) -> Vec<u8> {
        let at = bytes.len() - 12;
        bytes[at..at + 8].copy_from_slice(&root.to_le_bytes());
        bytes
    }

    #[test]
    fn footer_addresses_at_the_ends_of_the_range() {
        let bytes = build(&[(b"a", 1), (b"b", 2)]);
        for root in [u64::MAX, u64::MAX - 1, 1 << 63, bytes.len() as u64, 1] {
            let err = decode(&with_root(bytes.clone(), root)).unwrap_err();
            assert!(
                matches!(err, FormatError::Automaton { reason, .. } if reason.contains("root")),
                "root {root}: {err}"
            );
        }
        let mut count = bytes.clone();
        let at = count.len() - 20;
        count[at..at + 8].copy_from_slice(&u64::MAX.to_le_bytes());
        assert!(decode(&count).is_err());
    }

    #[test]
    fn keys_longer_than_a_name_are_refused() {
        let long = vec![b'a'; MAX_KEY_LEN + 1];
        let bytes = build(&[(&long[..MAX_KEY_LEN], 1), (&long, 1)]);
        let a = decode(&bytes).unwrap();
        let err = keys(&a).unwrap_err();
        assert!(matches!(err, FormatError::Automaton { reason, .. } if reason.contains("253")));
        let bytes = build(&[(&long[..MAX_KEY_LEN], 1)]);
        assert_eq!(keys(&decode(&bytes).unwrap()).unwrap().len(), 1);
    }

    /// `{a,*}^k` joined by dots: 2^k keys in a map of a few bytes a level.
    fn doubling(k: u32) -> Vec<u8> {
        let mut b = fst::MapBuilder::memory();
        for bits in 0..1u64 << k {
            let key: Vec<u8> = (0..k)
                .rev()
                .flat_map(|i| [if bits >> i & 1 == 0 { b'*' } else { b'a' }, b'.'])
                .collect();
            b.insert(&key, 1).unwrap();
        }
        b.into_inner().unwrap()
    }

    #[test]
    fn unfolded_size_is_counted_before_unfolding() {
        // k levels: 2^(k+1) - 2 prefixes a level pair, 2^(k+2) - 4 in all.
        let bytes = doubling(10);
        let a = decode(&bytes).unwrap();
        assert_eq!(a.unfolded(), (1 << 12) - 4);
        assert_eq!(a.len(), 1 << 10);
        let within = |limit| Automaton::decode_within(&bytes, |_| true, limit, 0).map(|a| a.len());
        assert_eq!(within((1 << 12) - 4), Ok(1 << 10));
        assert_eq!(
            within((1 << 12) - 5),
            Err(FormatError::Unfolding {
                size: bytes.len() as u64,
                limit: (1 << 12) - 5,
            })
        );
        assert!(bytes.len() < 200, "{} bytes", bytes.len());
    }

    #[test]
    fn the_builtin_list_unfolds_into_few_bytes_a_byte() {
        let bytes = include_bytes!("../../vectors/public_suffix_list.fst");
        let (_, fst) = crate::rules::format::read(bytes).unwrap();
        let a = decode(&bytes[fst.clone()]).unwrap();
        let per_byte = a.unfolded() as f64 / fst.len() as f64;
        eprintln!(
            "{} bytes unfold into {} ({per_byte:.2} a byte); {} states, {} transitions",
            fst.len(),
            a.unfolded(),
            a.state_count(),
            a.decoded.as_ref().map_or(0, |d| d.transitions.len()),
        );
        assert!(per_byte * 4.0 < UNFOLD_PER_BYTE as f64);
    }
}
