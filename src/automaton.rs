//! The automaton: an `fst` map, decoded and checked without trusting it.
//!
//! A compiled list is an [`fst`](https://docs.rs/fst) map. Its bytes may come
//! from an untrusted file, and the `fst` crate's own reader is free to panic on
//! bytes that its builder did not write. So this module reads the `fst` node
//! encoding itself, with every offset checked, and decodes each reachable node
//! exactly once:
//!
//! * a transition must point strictly below the node it leaves (the builder
//!   writes children first), so the graph is acyclic and the decoder finishes;
//! * a visited map decodes a node shared by many paths once, so a crafted DAG
//!   costs time linear in its size;
//! * the number of keys in the footer is checked against the number of
//!   accepting paths, and the set of values every key can carry is computed and
//!   checked to be valid rule flags, so after a successful decode no lookup can
//!   meet a value it does not understand.
//!
//! The decoded automaton then hands its keys, in order, to the
//! [label tree](crate::tree) that lookups walk.

use std::sync::OnceLock;

use crate::error::FormatError;

/// A state of the automaton: an index into the decoded states.
pub(crate) type StateId = u32;

/// Values (rule flags) are below this bound; see `compile::flags`.
pub(crate) const VALUE_LIMIT: u64 = 64;

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

/// One decoded state, as the decoder finds it.
#[derive(Clone, Copy, Debug, Default)]
struct State {
    /// Index of the state's first transition in the decoder's arrays.
    first: u32,
    /// Number of transitions (at most 256).
    len: u16,
    /// Whether a key ends here.
    is_final: bool,
    /// The output added when a key ends here.
    final_output: u8,
}

/// "No state" in the decoder's visited map.
const NONE: u32 = u32::MAX;

/// A decoded, validated `fst` map.
#[derive(Clone, Debug)]
pub(crate) struct Automaton {
    raw: Raw,
    root: StateId,
    keys: u64,
}

/// The decoded states, in the order the decoder found them.
#[derive(Clone, Debug, Default)]
struct Raw {
    states: Vec<State>,
    inputs: Vec<u8>,
    targets: Vec<StateId>,
    outputs: Vec<u8>,
}

impl Automaton {
    /// The number of keys in the map.
    pub(crate) fn len(&self) -> u64 {
        self.keys
    }

    /// The number of states.
    pub(crate) fn state_count(&self) -> usize {
        self.raw.states.len()
    }

    /// Calls `f` with every key of at most `max_len` bytes and its value, in
    /// key order. Longer keys are skipped with everything below them.
    ///
    /// # Errors
    /// `f`'s first error, or [`FormatError::Automaton`] once the keys walked
    /// add up to more than `budget` bytes.
    pub(crate) fn for_each_key(
        &self,
        max_len: usize,
        budget: usize,
        mut f: impl FnMut(&[u8], u8) -> Result<(), FormatError>,
    ) -> Result<(), FormatError> {
        let Some(&root) = self.raw.states.get(self.root as usize) else {
            return Ok(());
        };
        if root.is_final {
            f(&[], root.final_output)?;
        }
        let mut key = Vec::with_capacity(max_len.min(256));
        let mut spent = 0usize;
        // Per key byte: the state it left, the value gathered before it, and
        // the next transition of that state to follow.
        let mut stack: Vec<(StateId, u8, usize)> = vec![(self.root, 0, 0)];
        while let Some(top) = stack.last_mut() {
            let (id, value, next) = *top;
            let s = self.raw.states[id as usize];
            if next == s.len as usize || key.len() == max_len {
                stack.pop();
                key.pop();
                continue;
            }
            top.2 += 1;
            spent += 1;
            if spent > budget {
                return Err(FormatError::Automaton {
                    offset: 0,
                    reason: "the keys unfold into too many bytes",
                });
            }
            let i = s.first as usize + next;
            let target = self.raw.targets[i];
            let value = value.wrapping_add(self.raw.outputs[i]);
            key.push(self.raw.inputs[i]);
            let t = self.raw.states[target as usize];
            if t.is_final {
                // check_keys proved every key's value fits (below 64).
                f(&key, value.wrapping_add(t.final_output))?;
            }
            stack.push((target, value, 0));
        }
        Ok(())
    }

    /// Decodes and validates raw `fst` map bytes.
    ///
    /// `is_valid_value` says which values a key may carry, `is_valid_input`
    /// which bytes a key may hold.
    pub(crate) fn decode(
        data: &[u8],
        is_valid_value: impl Fn(u64) -> bool,
        is_valid_input: impl Fn(u8) -> bool,
    ) -> Result<Automaton, FormatError> {
        let bad = |offset: usize, reason: &'static str| FormatError::Automaton { offset, reason };
        if data.len() < FST_HEADER + FST_FOOTER {
            return Err(bad(0, "shorter than an fst header and footer"));
        }
        if read_u64(data, 0) != Some(FST_VERSION) {
            return Err(bad(0, "not an fst of version 3"));
        }
        let end = data.len() - 4;
        let root_addr = read_u64(data, end - 8).ok_or(bad(end - 8, "footer"))?;
        let keys = read_u64(data, end - 16).ok_or(bad(end - 16, "footer"))?;
        let nodes = &data[..end - 16];
        let root_addr = usize::try_from(root_addr).map_err(|_| bad(end - 8, "root address"))?;
        if root_addr != EMPTY_ADDRESS && root_addr + 1 != nodes.len() {
            return Err(bad(end - 8, "root address is not the last node"));
        }

        let mut decoder = Decoder {
            nodes,
            common: common_inputs(),
            ids: vec![NONE; nodes.len().max(1)],
            pending: Vec::new(),
            addrs: Vec::new(),
            trans: Vec::new(),
            raw: Raw::default(),
            keys,
        };
        let root = decoder.id_of(root_addr);
        while let Some((id, addr)) = decoder.pending.pop() {
            decoder.decode_node(id, addr)?;
        }
        decoder.check_keys(root, &is_valid_value)?;
        for (id, s) in decoder.raw.states.iter().enumerate() {
            let first = s.first as usize;
            if decoder.raw.inputs[first..first + s.len as usize]
                .iter()
                .any(|&b| !is_valid_input(b))
            {
                return Err(bad(
                    decoder.addrs[id],
                    "a key holds a byte that is not canonical",
                ));
            }
        }
        Ok(Automaton {
            raw: decoder.raw,
            root,
            keys,
        })
    }
}

/// A node's transition as stored: input byte, output, target address.
struct RawTransition {
    input: u8,
    output: u64,
    target: usize,
}

struct Decoder<'a> {
    nodes: &'a [u8],
    common: &'static [u8; 64],
    /// State id of each node address seen so far, by address ([`NONE`]: not
    /// seen).
    ids: Vec<StateId>,
    /// Nodes seen but not decoded yet.
    pending: Vec<(StateId, usize)>,
    /// Address of each state, by id.
    addrs: Vec<usize>,
    /// The transitions of the node being decoded (a reused buffer).
    trans: Vec<RawTransition>,
    raw: Raw,
    /// The key count from the footer.
    keys: u64,
}

impl Decoder<'_> {
    /// The id of the node at `addr`, registering it for decoding if new.
    fn id_of(&mut self, addr: usize) -> StateId {
        // Every address given is below the end of the nodes (checked by the
        // caller), so it has a slot.
        if let Some(&id) = self.ids.get(addr).filter(|&&id| id != NONE) {
            return id;
        }
        // The number of states is bounded by the number of bytes, which a
        // `u32` holds for any file the header accepts.
        let id = self.raw.states.len() as StateId;
        self.raw.states.push(State::default());
        self.addrs.push(addr);
        if let Some(slot) = self.ids.get_mut(addr) {
            *slot = id;
        }
        self.pending.push((id, addr));
        id
    }

    fn byte(&self, at: usize) -> Result<u8, FormatError> {
        self.nodes.get(at).copied().ok_or(FormatError::Automaton {
            offset: at,
            reason: "node reaches outside the automaton",
        })
    }

    /// Reads a little-endian integer of `size` bytes (1 to 8) at `at`.
    fn uint(&self, at: usize, size: usize) -> Result<u64, FormatError> {
        let bytes = self
            .nodes
            .get(at..at + size)
            .ok_or(FormatError::Automaton {
                offset: at,
                reason: "packed integer reaches outside the automaton",
            })?;
        Ok(bytes
            .iter()
            .rev()
            .fold(0u64, |n, &b| (n << 8) | u64::from(b)))
    }

    fn common_input(&self, state_byte: u8, addr: usize) -> Result<(u8, usize), FormatError> {
        match state_byte & 0b0011_1111 {
            0 => Ok((self.byte(sub(addr, 1)?)?, 1)),
            i => Ok((self.common[i as usize], 0)),
        }
    }

    fn decode_node(&mut self, id: StateId, addr: usize) -> Result<(), FormatError> {
        let bad = |reason: &'static str| FormatError::Automaton {
            offset: addr,
            reason,
        };
        // One buffer for every node's transitions.
        let mut trans = std::mem::take(&mut self.trans);
        trans.clear();
        let mut is_final = false;
        let mut final_output = 0u64;
        let start; // lowest byte of the node
        if addr == EMPTY_ADDRESS {
            is_final = true;
            start = usize::MAX;
        } else {
            if addr < FST_HEADER {
                return Err(bad("node address inside the fst header"));
            }
            let v = self.byte(addr)?;
            match v >> 6 {
                0b11 => {
                    // One transition to the node written just before this one.
                    let (input, input_len) = self.common_input(v, addr)?;
                    start = sub(addr, input_len)?;
                    trans.push(RawTransition {
                        input,
                        output: 0,
                        target: sub(start, 1)?,
                    });
                }
                0b10 => {
                    // One transition with an explicit address and output.
                    let (input, input_len) = self.common_input(v, addr)?;
                    let sizes_at = sub(addr, input_len + 1)?;
                    let (tsize, osize) =
                        pack_sizes(self.byte(sizes_at)?).ok_or(bad("pack size"))?;
                    if tsize == 0 {
                        return Err(bad("zero transition pack size"));
                    }
                    let trans_at = sub(sizes_at, tsize)?;
                    start = sub(trans_at, osize)?;
                    let output = if osize == 0 {
                        0
                    } else {
                        self.uint(start, osize)?
                    };
                    let delta = self.uint(trans_at, tsize)?;
                    trans.push(RawTransition {
                        input,
                        output,
                        target: unpack_delta(start, delta)?,
                    });
                }
                _ => {
                    is_final = v & 0b0100_0000 != 0;
                    let (ntrans, ntrans_len) = match v & 0b0011_1111 {
                        0 => match self.byte(sub(addr, 1)?)? {
                            1 => (256, 1),
                            n => (n as usize, 1),
                        },
                        n => (n as usize, 0),
                    };
                    let sizes_at = sub(addr, ntrans_len + 1)?;
                    let (tsize, osize) =
                        pack_sizes(self.byte(sizes_at)?).ok_or(bad("pack size"))?;
                    if tsize == 0 && ntrans > 0 {
                        return Err(bad("zero transition pack size"));
                    }
                    let index_size = if ntrans > TRANS_INDEX_THRESHOLD {
                        256
                    } else {
                        0
                    };
                    let inputs_end = sub(sizes_at, index_size)?;
                    let inputs_at = sub(inputs_end, ntrans)?;
                    let addrs_at = sub(inputs_at, ntrans * tsize)?;
                    let outputs_at = sub(addrs_at, ntrans * osize)?;
                    start = if is_final && osize > 0 {
                        let at = sub(outputs_at, osize)?;
                        final_output = self.uint(at, osize)?;
                        at
                    } else {
                        outputs_at
                    };
                    for i in 0..ntrans {
                        let input = self.byte(inputs_end - i - 1)?;
                        let delta = self.uint(inputs_at - (i + 1) * tsize, tsize)?;
                        let output = if osize == 0 {
                            0
                        } else {
                            self.uint(addrs_at - (i + 1) * osize, osize)?
                        };
                        if let Some(last) = trans.last() {
                            if last.input >= input {
                                return Err(bad("transitions not in strictly increasing order"));
                            }
                        }
                        trans.push(RawTransition {
                            input,
                            output,
                            target: unpack_delta(start, delta)?,
                        });
                    }
                }
            }
            if start < FST_HEADER {
                return Err(bad("node begins inside the fst header"));
            }
        }

        if final_output >= VALUE_LIMIT {
            return Err(bad("final output out of range"));
        }
        let first = self.raw.inputs.len();
        for t in &trans {
            if t.target != EMPTY_ADDRESS && t.target >= start {
                return Err(bad("transition does not point to an earlier node"));
            }
            if t.output >= VALUE_LIMIT {
                return Err(bad("transition output out of range"));
            }
            let target = self.id_of(t.target);
            self.raw.inputs.push(t.input);
            self.raw.targets.push(target);
            self.raw.outputs.push(t.output as u8);
        }
        let len = trans.len() as u16;
        self.trans = trans;
        self.raw.states[id as usize] = State {
            first: u32::try_from(first).map_err(|_| bad("too many transitions"))?,
            len,
            is_final,
            final_output: final_output as u8,
        };
        Ok(())
    }

    /// Checks the footer's key count and that every key's value is valid.
    ///
    /// Transitions point to lower addresses, so visiting states by ascending
    /// address visits every target before the states that reach it.
    fn check_keys(
        &self,
        root: StateId,
        is_valid_value: impl Fn(u64) -> bool,
    ) -> Result<(), FormatError> {
        // `ids` maps every address to the state there, if any: read in
        // order, it lists the states by ascending address, with no sort.
        let order = self.ids.iter().copied().filter(|&id| id != NONE);
        let mut counts = vec![0u64; self.addrs.len()];
        let mut values = vec![0u64; self.addrs.len()];
        for id in order {
            let s = self.raw.states[id as usize];
            let mut count = u64::from(s.is_final);
            let mut set = if s.is_final {
                1u64 << s.final_output
            } else {
                0
            };
            let first = s.first as usize;
            for i in first..first + s.len as usize {
                let t = self.raw.targets[i] as usize;
                count = count.saturating_add(counts[t]);
                let out = u32::from(self.raw.outputs[i]);
                let shifted = values[t] << out;
                if shifted >> out != values[t] {
                    return Err(FormatError::Automaton {
                        offset: self.addrs[id as usize],
                        reason: "a key's value is out of range",
                    });
                }
                set |= shifted;
            }
            counts[id as usize] = count;
            values[id as usize] = set;
        }
        let root = root as usize;
        if counts[root] != self.keys {
            return Err(FormatError::Automaton {
                offset: self.addrs[root],
                reason: "key count in the footer does not match the automaton",
            });
        }
        if (0..VALUE_LIMIT).any(|v| values[root] & (1 << v) != 0 && !is_valid_value(v)) {
            return Err(FormatError::Automaton {
                offset: self.addrs[root],
                reason: "a key carries an invalid value",
            });
        }
        Ok(())
    }
}

fn read_u64(data: &[u8], at: usize) -> Option<u64> {
    let bytes: [u8; 8] = data.get(at..at + 8)?.try_into().ok()?;
    Some(u64::from_le_bytes(bytes))
}

fn sub(a: usize, b: usize) -> Result<usize, FormatError> {
    a.checked_sub(b).ok_or(FormatError::Automaton {
        offset: a,
        reason: "node reaches before the start of the automaton",
    })
}

/// Splits a pack-size byte into (transition address size, output size).
fn pack_sizes(v: u8) -> Option<(usize, usize)> {
    let (t, o) = ((v >> 4) as usize, (v & 0x0f) as usize);
    (t <= 8 && o <= 8).then_some((t, o))
}

/// Resolves a transition's stored delta against the node's start address.
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
/// bits: entry `i` (1 to 63) is the input byte stored as index `i`.
///
/// The table belongs to the `fst` crate and is not public, so it is read off
/// the builder itself, once: in a map of the keys `[b, b]` for every byte
/// `b`, the node after the root's transition `b` has the one transition `b`,
/// and the low six bits of its state byte hold `b`'s index (0: not common).
/// The map is built here, so reading it with `fst`'s own reader is safe.
fn common_inputs() -> &'static [u8; 64] {
    static TABLE: OnceLock<[u8; 64]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [0u8; 64];
        let mut builder = fst::raw::Builder::memory();
        for b in 0..=255u8 {
            if builder.add([b, b]).is_err() {
                return table;
            }
        }
        let Ok(map) = builder.into_inner().map(fst::raw::Fst::new) else {
            return table;
        };
        let Ok(map) = map else {
            return table;
        };
        for t in map.root().transitions() {
            if let Some(&v) = map.node(t.addr).as_slice().last() {
                let i = (v & 0b0011_1111) as usize;
                if v >> 6 >= 0b10 && i != 0 {
                    table[i] = t.inp;
                }
            }
        }
        table
    })
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

    fn get(a: &Automaton, key: &[u8]) -> Option<u8> {
        let mut found = None;
        a.for_each_key(usize::MAX, usize::MAX, |k, v| {
            if k == key {
                found = Some(v);
            }
            Ok(())
        })
        .unwrap();
        found
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
        let mut keys: Vec<(Vec<u8>, u64)> = (0u8..=255)
            .map(|b| (vec![b, b'x'], u64::from(b % 60) + 1))
            .collect();
        keys.push((b"moc".to_vec(), 1));
        keys.push((b"moc.elpmaxe".to_vec(), 2));
        keys.push((b"ku.oc".to_vec(), 3));
        keys.push((b"ku.oc.*".to_vec(), 63));
        keys.sort();
        keys.dedup_by(|a, b| a.0 == b.0);
        let borrowed: Vec<(&[u8], u64)> = keys.iter().map(|(k, v)| (&k[..], *v)).collect();
        let bytes = build(&borrowed);
        let a = Automaton::decode(&bytes, |v| v > 0, |_| true).unwrap();
        assert_eq!(a.len(), keys.len() as u64);
        for (k, v) in &keys {
            assert_eq!(get(&a, k), Some(*v as u8), "key {k:?}");
        }
        assert_eq!(get(&a, b"mo"), None);
        assert_eq!(get(&a, b"moc.e"), None);
    }

    #[test]
    fn refuses_invalid_values_and_count() {
        let bytes = build(&[(b"a", 1), (b"b", 0)]);
        assert!(matches!(
            Automaton::decode(&bytes, |v| v > 0, |_| true),
            Err(FormatError::Automaton { .. })
        ));
        let mut bytes = build(&[(b"a", 1), (b"b", 2)]);
        let n = bytes.len();
        bytes[n - 20] = 9; // key count
        assert!(Automaton::decode(&bytes, |v| v > 0, |_| true).is_err());
    }

    #[test]
    fn empty_and_empty_key() {
        let a = Automaton::decode(&build(&[]), |v| v > 0, |_| true).unwrap();
        assert_eq!(a.len(), 0);
        assert_eq!(get(&a, b"a"), None);
        let a = Automaton::decode(&build(&[(b"", 5)]), |v| v > 0, |_| true).unwrap();
        assert_eq!(get(&a, b""), Some(5));
    }
}
