//! The label tree: a list's rules as a tree of labels, laid out for lookups.
//!
//! The `.fst` file stores each rule as one byte-reversed key (`co.uk` as
//! `ku.oc`, see [`compile`](mod@crate::compile)). At load time the keys are read
//! once into a tree whose nodes are names read from the right: the root is
//! the empty name, its children the top-level labels of the rules (`uk`),
//! their children the next labels (`co` of `co.uk`), and so on. A node
//! carries the flags of the key that ends there, if any, and its `*` child
//! (a wildcard label) is kept on the node itself, so a lookup asks one
//! question per label of the host: which child has *this* label?
//!
//! The answer comes from one open-addressed hash table of edges keyed by the
//! parent node and the label. A slot holds a label of up to eight bytes
//! itself (zero-padded: labels never hold a zero byte), and a key for a longer
//! one, whose bytes are kept aside and compared only when the key and the
//! length already agree. A small Bloom filter in front of the table turns
//! away most labels that are in no rule (the registrable label of nearly
//! every host) without touching the table. A lookup of `www.example.com` is two
//! probes (`com` under the root, `example` under `com`) instead of a step per
//! byte, and the slots every lookup touches (the root's `com`, `net`, `uk`)
//! stay in cache.
//!
//! Every canonical `xn--` label also gets a *twin* edge keyed by its Unicode
//! form (UTF-8) and leading to the same node, so that a Unicode host already
//! in canonical form but for the encoding is walked as it is, with no label
//! encoded (see [`LabelTree::add_unicode_twins`]).
//!
//! The table is built from the keys alone, so it holds nothing the file did
//! not say, and the [automaton](crate::automaton) has already refused keys
//! that would unfold into far more than its size.
//!
//! # What a lookup may cost
//!
//! A wildcard matches any label, even where an explicit child exists, so a
//! lookup that meets a node with both a `*` child and other children may
//! have to follow both. When the `*` child is a leaf (`*.ck`,
//! `*.compute.amazonaws.com`: every wildcard of the Public Suffix List) that
//! costs one more node for one label; when it has rules below it
//! (`x.*.example`), the walk goes on with a *frontier* of nodes, and every
//! such *branching* on the way can double it: the rules `{a,*}^20.com` make
//! a lookup of `a.a.(...).com` follow a million nodes. So a tree in which
//! more than [`MAX_BRANCHINGS`] names on the way to one rule branch (have
//! children besides a `*` child that has children) is refused
//! ([`FormatError::Wildcards`]). A walk then holds at most
//! `2^(MAX_BRANCHINGS + 1)` = 32 nodes at once (the branchings, and a leaf
//! `*` for one label). The Public Suffix List has no branching at all, and
//! a list with `*.*.example` beside `www.example` has one.
//!
//! Each node a walk holds costs one probe of the table, which goes on
//! through a run of occupied slots until it finds the label or an empty
//! slot. Honest labels hash evenly: the runs of the Public Suffix List are
//! 16 slots long at most, those of a million random names 39. Labels chosen
//! to collide could make one run hold them all, so the table is grown (at
//! most three times) until no run is longer than [`MAX_RUN`] slots, and a
//! list whose labels still collide is refused ([`FormatError::Collisions`]).
//!
//! So no list that loads can make a lookup read more than 32 nodes and
//! 32 runs of at most 64 slots a label of the host: a bounded multiple of a
//! plain lookup, which reads a node and a slot or two a label.

use crate::automaton::{Automaton, MAX_KEY_LEN};
use crate::compile::flags;
use crate::cost;
use crate::error::FormatError;
use crate::label::MAX_LABEL;
use crate::scan::word;

/// A node of the tree: an index into its node array.
pub(crate) type NodeId = u32;

/// The root: the empty name.
pub(crate) const ROOT: NodeId = 0;

/// "No node" (an empty slot, a node without a `*` child).
const NONE: NodeId = u32::MAX;

/// The most names with a branching wildcard (see the [module
/// docs](self#what-a-lookup-may-cost)) on the way to one rule: 4, so that a
/// lookup follows at most 32 nodes at once. The Public Suffix List has
/// none.
pub(crate) const MAX_BRANCHINGS: u32 = 4;

/// The longest run of occupied slots in the table: 64, where the Public
/// Suffix List has runs of 16 and a list of a million random names runs of
/// 39 (see the [module docs](self#what-a-lookup-may-cost)).
pub(crate) const MAX_RUN: usize = 64;

/// The most occupied slots one probe may pass while the table is built:
/// four times [`MAX_RUN`], far beyond what honest labels make even in a
/// half-full table, so that labels chosen to collide are refused before
/// each insertion costs more than the last.
const BUILD_RUN: usize = 4 * MAX_RUN;

/// One edge of the table: `parent --label--> child`.
#[derive(Clone, Copy, Debug)]
struct Slot {
    /// The label's [`key`].
    key: u64,
    /// [`NONE`] in an empty slot.
    parent: NodeId,
    child: NodeId,
}

const EMPTY: Slot = Slot {
    key: 0,
    parent: NONE,
    child: NONE,
};

/// What a lookup learns at a node.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// The flags of the key that ends here (`compile::flags`), or 0.
    pub(crate) value: u8,
    /// Whether the node has children other than `*`.
    children: bool,
    /// The length of the label that leads here.
    len: u8,
    /// The `*` child, or [`NONE`].
    star: NodeId,
    /// Where the label's bytes are kept (labels over eight bytes only).
    bytes: u32,
    /// The node a lookup goes on from: the node itself, or for a Unicode
    /// twin (see [`LabelTree::add_unicode_twins`]) the `xn--` node it
    /// stands for, whose value, `*` child and children flag the twin
    /// carries too.
    canonical: NodeId,
}

impl Node {
    /// The `*` child, if the node has one.
    #[inline(always)]
    pub(crate) fn star(&self) -> Option<NodeId> {
        (self.star != NONE).then_some(self.star)
    }

    /// Whether the node has children other than `*`.
    #[inline(always)]
    pub(crate) fn has_labels(&self) -> bool {
        self.children
    }

    /// Whether any rule goes on below this node.
    #[inline(always)]
    pub(crate) fn has_children(&self) -> bool {
        self.children || self.star != NONE
    }
}

/// The rules of a list as a tree of labels (see the [module docs](self)).
#[derive(Clone, Debug)]
pub(crate) struct LabelTree {
    /// A power of two in length, never full.
    slots: Vec<Slot>,
    nodes: Vec<Node>,
    /// The bytes of every label over eight bytes.
    long_labels: Vec<u8>,
    /// `64 - log2(slots.len())`: the hash's top bits pick the slot.
    shift: u32,
    /// One bit per hash value of an edge (see [`LabelTree::child`]).
    filter: Box<[u64; FILTER_WORDS]>,
}

/// `log2` of the filter's bits: 2^17 bits (16 KiB), thirteen bits an edge of
/// the Public Suffix List (one absent label in thirteen gets past). Fixed, so
/// that a lookup computes the bit with a constant shift and reads its word
/// without a bounds check; a list many times larger would see more absent
/// labels get past, not wrong answers.
const FILTER_LOG2: u32 = 17;

/// The filter's words.
const FILTER_WORDS: usize = 1 << (FILTER_LOG2 - 6);

/// The key of a label in the table, from its first eight bytes (`head`,
/// zero-padded when the label is shorter), its last eight bytes (asked for
/// only when the label is longer) and its length. A label of up to eight
/// bytes is its own key: labels hold no zero byte, so the padding tells the
/// length. A longer one mixes in its last eight bytes and its length (many
/// long labels of one parent share their first eight bytes:
/// `s3-website-us-east-1`, `s3-website-eu-west-1`), and is compared in full
/// once key and length agree.
#[inline(always)]
pub(crate) fn label_key(head: u64, last8: impl FnOnce() -> u64, len: usize) -> u64 {
    if len > 8 {
        head ^ last8().rotate_left(32) ^ len as u64
    } else {
        head
    }
}

/// The key of `label` (see [`label_key`]).
pub(crate) fn key(label: &[u8]) -> u64 {
    let mut head = [0; 8];
    let n = label.len().min(8);
    head[..n].copy_from_slice(&label[..n]);
    label_key(
        u64::from_le_bytes(head),
        || word(label, label.len().saturating_sub(8)),
        label.len(),
    )
}

impl LabelTree {
    /// Unfolds the keys of `automaton` into a tree.
    ///
    /// # Errors
    /// [`FormatError::Automaton`] if a key carries an invalid value or the
    /// keys unfold into more nodes than a `u32` counts;
    /// [`FormatError::Wildcards`] if wildcards branch more than
    /// [`MAX_BRANCHINGS`] times on the way to one rule;
    /// [`FormatError::Collisions`] if the labels collide in the table.
    pub(crate) fn build(automaton: &Automaton) -> Result<LabelTree, FormatError> {
        // Room for about a label a key without growing (the table grows
        // past that, and stays at most half full).
        let slots = (automaton.len().saturating_mul(2) as usize).clamp(1 << 10, 1 << 16);
        let slots = slots.next_power_of_two();
        let mut tree = LabelTree {
            slots: vec![EMPTY; slots],
            nodes: Vec::with_capacity(slots / 2),
            long_labels: Vec::new(),
            shift: 64 - slots.trailing_zeros(),
            // Lets every label through until the real filter is built.
            filter: Box::new([u64::MAX; FILTER_WORDS]),
        };
        tree.nodes.push(new_node(0));
        let mut edges = 0usize;
        // The key is the name reversed: its pieces between dots are the
        // labels from the right, each reversed. For each label of the key
        // being unfolded that a dot completes: where the next label starts
        // in the key, and the node of the labels so far (`NONE` once one is
        // invalid). Prefixes come depth first, so the labels of a prefix
        // are those that start within the part it shares with the previous
        // one, and those completed since.
        let mut labels: Vec<(usize, NodeId)> = Vec::with_capacity(MAX_KEY_LEN + 1);
        labels.push((0, ROOT));
        automaton.for_each_prefix(b'.', flags::is_valid, |prefix, value, shared| {
            let Some((&byte, before)) = prefix.split_last() else {
                // The empty key names no rule.
                return Ok(());
            };
            while labels.len() > 1 && labels.last().is_some_and(|l| l.0 > shared) {
                labels.pop();
            }
            let Some(&(start, node)) = labels.last() else {
                return Ok(());
            };
            if byte == b'.' {
                let piece = before.get(start..).unwrap_or_default();
                let child = tree.label_child(node, piece, &mut edges)?;
                labels.push((prefix.len(), child));
                // A key that ends with a dot ends with an empty label.
                return Ok(());
            }
            if let Some(value) = value {
                let piece = prefix.get(start..).unwrap_or_default();
                let child = tree.label_child(node, piece, &mut edges)?;
                if let Some(child) = tree.nodes.get_mut(child as usize) {
                    child.value |= value;
                }
            }
            Ok(())
        })?;
        tree.add_unicode_twins(&mut edges)?;
        tree.spread()?;
        let branchings = tree.branchings();
        if branchings > MAX_BRANCHINGS {
            return Err(FormatError::Wildcards {
                branchings,
                limit: MAX_BRANCHINGS,
            });
        }
        tree.filter.fill(0);
        for i in 0..tree.slots.len() {
            let Slot { key, parent, .. } = tree.slots[i];
            if parent != NONE {
                let bit = LabelTree::filter_bit(mix(parent, key));
                tree.filter[bit / 64 % FILTER_WORDS] |= 1 << (bit % 64);
            }
        }
        // The node array was reserved for the table's worst case (half its
        // slots), about a third more than the Public Suffix List needs:
        // the loaded list keeps only what it holds.
        tree.nodes.shrink_to_fit();
        tree.long_labels.shrink_to_fit();
        Ok(tree)
    }

    /// The child of `parent` (`NONE`: none) by the label whose bytes, in
    /// reverse, are `piece`, added if new; `NONE` if the label is invalid.
    ///
    /// A rule with an invalid label (empty, too long, a bad A-label) never
    /// matches, a host with such a label being an error, and is left out:
    /// every label of the tree is valid, so a lookup need not check the
    /// labels it finds here.
    fn label_child(
        &mut self,
        parent: NodeId,
        piece: &[u8],
        edges: &mut usize,
    ) -> Result<NodeId, FormatError> {
        let mut buf = [0u8; MAX_LABEL];
        let Some(label) = buf.get_mut(..piece.len()) else {
            return Ok(NONE);
        };
        label.copy_from_slice(piece);
        label.reverse();
        let label = &*label;
        if parent == NONE || crate::label::check_ascii_label(label).is_err() {
            return Ok(NONE);
        }
        if label == b"*" {
            return Ok(match self.nodes[parent as usize].star {
                NONE => {
                    let star = self.push_node(new_node(1))?;
                    self.nodes[parent as usize].star = star;
                    star
                }
                star => star,
            });
        }
        if let Some(child) = self.find(parent, label)? {
            return Ok(child);
        }
        let child = self.add_edge(parent, label, NONE, edges)?;
        self.nodes[parent as usize].children = true;
        Ok(child)
    }

    /// The most names on the way to one rule that have both a `*` child
    /// with children and other children (see [`MAX_BRANCHINGS`]).
    fn branchings(&self) -> u32 {
        // Every node is added after its parent, so one pass in order sees
        // each parent before its children. Unicode twins stand for their
        // `xn--` node and are left out.
        let mut parent = vec![NONE; self.nodes.len()];
        for slot in self.slots.iter().filter(|s| s.parent != NONE) {
            if self.nodes[slot.child as usize].canonical == slot.child {
                parent[slot.child as usize] = slot.parent;
            }
        }
        for (id, node) in self.nodes.iter().enumerate() {
            if node.star != NONE {
                parent[node.star as usize] = id as NodeId;
            }
        }
        let mut branchings = vec![0u32; self.nodes.len()];
        let mut most = 0;
        for id in 1..self.nodes.len() {
            let p = parent[id];
            if p == NONE {
                continue;
            }
            let up = &self.nodes[p as usize];
            let branches =
                up.children && up.star().is_some_and(|star| self.node(star).has_children());
            branchings[id] = branchings[p as usize] + u32::from(branches);
            most = most.max(branchings[id]);
        }
        most
    }

    /// Gives every valid `xn--` label a twin: an edge from the same parent,
    /// keyed by the label's Unicode form (UTF-8), to a node that stands for
    /// the `xn--` node. A Unicode host whose labels are already in their
    /// canonical form but for the encoding (lower case, no other separator)
    /// is then walked as it is, without encoding a label: a Unicode label is
    /// the twin's label exactly when its A-label is the rule's (Punycode is a
    /// one-to-one code, and only canonical A-labels get a twin).
    fn add_unicode_twins(&mut self, edges: &mut usize) -> Result<(), FormatError> {
        let mut twins = Vec::new();
        for slot in self.slots.iter().filter(|s| s.parent != NONE) {
            let node = &self.nodes[slot.child as usize];
            let head = slot.key.to_le_bytes();
            let label = match node.len {
                0..=8 => &head[..node.len as usize],
                _ => self.long_label(node),
            };
            if let Some(unicode) = crate::label::unicode_form(label) {
                twins.push((slot.parent, slot.child, unicode));
            }
        }
        for (parent, child, unicode) in twins {
            let twin = self.add_edge(parent, &unicode, child, edges)?;
            // All keys are in: what a lookup learns at the `xn--` node is
            // final, and the twin tells it without a second load.
            let Node {
                value,
                children,
                star,
                ..
            } = self.nodes[child as usize];
            let node = &mut self.nodes[twin as usize];
            (node.value, node.children, node.star) = (value, children, star);
        }
        Ok(())
    }

    /// Adds a node reached from `parent` by `label`, standing for
    /// `twin_of` (or for itself, when [`NONE`]), and its edge; `edges`
    /// counts the edges so far. Returns the new node.
    fn add_edge(
        &mut self,
        parent: NodeId,
        label: &[u8],
        twin_of: NodeId,
        edges: &mut usize,
    ) -> Result<NodeId, FormatError> {
        let mut node = new_node(label.len() as u8);
        node.canonical = twin_of;
        if label.len() > 8 {
            node.bytes = self.long_labels.len() as u32;
            self.long_labels.extend_from_slice(label);
        }
        let id = self.push_node(node)?;
        // At most half full: an absent label (the usual last probe of a
        // lookup) is found after a slot or two.
        *edges += 1;
        if *edges * 2 > self.slots.len() {
            self.grow()?;
        }
        self.insert(Slot {
            key: key(label),
            parent,
            child: id,
        })?;
        Ok(id)
    }

    /// Adds a node, refusing more than a `u32` counts.
    fn push_node(&mut self, node: Node) -> Result<NodeId, FormatError> {
        let id = NodeId::try_from(self.nodes.len())
            .ok()
            .filter(|&id| id != NONE)
            .ok_or(FormatError::Automaton {
                offset: 0,
                reason: "the keys unfold into too many labels",
            })?;
        let canonical = match node.canonical {
            NONE => id,
            twin_of => twin_of,
        };
        self.nodes.push(Node { canonical, ..node });
        Ok(id)
    }

    /// Puts an edge in the first free slot from its home.
    ///
    /// # Errors
    /// [`FormatError::Collisions`] past [`BUILD_RUN`] occupied slots.
    fn insert(&mut self, slot: Slot) -> Result<(), FormatError> {
        let mask = self.slots.len() - 1;
        let mut i = self.home(mix(slot.parent, slot.key));
        let mut run = 0;
        while self.slots[i].parent != NONE {
            run += 1;
            if run > BUILD_RUN {
                return Err(collisions(run));
            }
            i = (i + 1) & mask;
        }
        self.slots[i] = slot;
        Ok(())
    }

    /// The child of `parent` by `label` while the table is built: as
    /// [`LabelTree::child`], without the filter (not built yet) and giving
    /// up past [`BUILD_RUN`] occupied slots.
    ///
    /// # Errors
    /// [`FormatError::Collisions`] past [`BUILD_RUN`] occupied slots.
    fn find(&self, parent: NodeId, label: &[u8]) -> Result<Option<NodeId>, FormatError> {
        let key = key(label);
        let mask = self.slots.len() - 1;
        let mut i = self.home(mix(parent, key));
        for _ in 0..=BUILD_RUN {
            let slot = self.slots[i];
            if slot.parent == NONE {
                return Ok(None);
            }
            if slot.parent == parent && slot.key == key {
                let node = &self.nodes[slot.child as usize];
                if node.len as usize == label.len()
                    && (label.len() <= 8 || self.long_label(node) == label)
                {
                    return Ok(Some(slot.child));
                }
            }
            i = (i + 1) & mask;
        }
        Err(collisions(BUILD_RUN + 1))
    }

    /// Doubles the table.
    ///
    /// # Errors
    /// [`FormatError::Collisions`] if a slot is found past [`BUILD_RUN`]
    /// occupied slots.
    fn grow(&mut self) -> Result<(), FormatError> {
        let doubled = vec![EMPTY; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.shift -= 1;
        for slot in old.into_iter().filter(|s| s.parent != NONE) {
            self.insert(slot)?;
        }
        Ok(())
    }

    /// Grows the table until no run of occupied slots is longer than
    /// [`MAX_RUN`], at most three times.
    ///
    /// # Errors
    /// [`FormatError::Collisions`] if the runs are still longer.
    fn spread(&mut self) -> Result<(), FormatError> {
        for grown in 0..=3 {
            let run = self.longest_run();
            if run <= MAX_RUN {
                return Ok(());
            }
            if grown == 3 {
                return Err(collisions(run));
            }
            self.grow()?;
        }
        Ok(())
    }

    /// The longest run of occupied slots, the first one after the last
    /// going on from the first: no lookup probes more slots than that and
    /// one.
    fn longest_run(&self) -> usize {
        let (mut longest, mut run) = (0, 0);
        // Twice round, so that a run across the end counts whole; the table
        // is never full.
        for slot in self.slots.iter().chain(&self.slots) {
            run = match slot.parent {
                NONE => 0,
                _ => run + 1,
            };
            longest = longest.max(run);
        }
        longest.min(self.slots.len())
    }

    /// The slot where the edge `(parent, head)` is looked for first, from
    /// its [`mix`].
    #[inline(always)]
    fn home(&self, mixed: u64) -> usize {
        let h = (mixed ^ (mixed >> 32)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        (h >> self.shift) as usize
    }

    /// The filter bit of an edge, from its [`mix`].
    #[inline(always)]
    fn filter_bit(mixed: u64) -> usize {
        (mixed >> (64 - FILTER_LOG2)) as usize
    }

    /// The node `id`.
    #[inline(always)]
    pub(crate) fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id as usize]
    }

    /// The child of `parent` whose label, of `len` bytes (at least one),
    /// has the [`label_key`] `key`, if there is one: the node to go on from
    /// and what a lookup learns there (for a Unicode twin, the `xn--` node
    /// and the twin, which carries its value). A label over eight bytes is
    /// compared in full by `is_label`, given the child's label.
    #[inline(always)]
    pub(crate) fn child(
        &self,
        parent: NodeId,
        key: u64,
        len: usize,
        is_label: impl Fn(&[u8]) -> bool,
    ) -> Option<(NodeId, &Node)> {
        cost::add(1);
        let mixed = mix(parent, key);
        // Most labels of a host are in no rule: the filter (a Bloom filter
        // with one hash, small enough to stay in cache) turns most of them
        // away before the table is touched.
        let bit = Self::filter_bit(mixed);
        if self.filter[bit / 64 % FILTER_WORDS] & (1 << (bit % 64)) == 0 {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(mixed);
        loop {
            cost::add(1);
            let slot = self.slots[i];
            if slot.parent == parent && slot.key == key {
                let node = &self.nodes[slot.child as usize];
                if node.len as usize == len && (len <= 8 || is_label(self.long_label(node))) {
                    return Some((node.canonical, node));
                }
            } else if slot.parent == NONE {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// The label leading to `node`, a label over eight bytes.
    fn long_label(&self, node: &Node) -> &[u8] {
        let start = node.bytes as usize;
        self.long_labels
            .get(start..start + node.len as usize)
            .unwrap_or(&[])
    }

    /// The longest run of slots a lookup may probe, and the table's size.
    #[cfg(test)]
    pub(crate) fn longest_probe(&self) -> (usize, usize) {
        let mask = self.slots.len() - 1;
        let mut longest = 0;
        for (at, slot) in self.slots.iter().enumerate() {
            if slot.parent != NONE {
                let home = self.home(mix(slot.parent, slot.key));
                longest = longest.max(((at + self.slots.len() - home) & mask) + 1);
            }
        }
        (longest, self.slots.len())
    }
}

/// The error for a run of `run` occupied slots.
fn collisions(run: usize) -> FormatError {
    FormatError::Collisions {
        run: u32::try_from(run).unwrap_or(u32::MAX),
        limit: MAX_RUN as u32,
    }
}

/// The first hash of an edge (Fibonacci hashing of its parent and head):
/// its top bits pick the filter bit, and a second round the slot.
#[inline(always)]
fn mix(parent: NodeId, key: u64) -> u64 {
    (key ^ u64::from(parent).rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A node with no value and no children, reached by a label of `len` bytes.
fn new_node(len: u8) -> Node {
    Node {
        value: 0,
        children: false,
        len,
        star: NONE,
        bytes: 0,
        canonical: NONE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tree of the built-in list.
    fn builtin() -> LabelTree {
        let bytes = include_bytes!("../vectors/public_suffix_list.fst");
        let (_, fst) = crate::format::read(bytes).unwrap();
        let automaton = Automaton::decode(&bytes[fst], |_| true).unwrap();
        LabelTree::build(&automaton).unwrap()
    }

    #[test]
    fn builtin_table_is_sparse_and_short() {
        let tree = builtin();
        let (longest, slots) = tree.longest_probe();
        // Nodes but the root: the edges and the `*` nodes.
        let edges = tree.nodes.len() - 1;
        assert!(edges * 2 <= slots, "{edges} edges in {slots} slots");
        eprintln!(
            "{edges} nodes, {slots} slots, probes of at most {longest}, runs of {}",
            tree.longest_run()
        );
        // No wildcard of the list has rules below it.
        assert_eq!(tree.branchings(), 0);
        assert!(longest <= 16, "a probe may take {longest} slots");
        // Every rule's labels are found.
        let root = tree.node(ROOT);
        assert!(root.has_labels() && root.star().is_none());
        let find = |parent, label: &[u8]| {
            tree.child(parent, key(label), label.len(), |l| l == label)
                .map(|c| c.0)
        };
        let com = find(ROOT, b"com").unwrap();
        assert!(tree.node(com).value != 0);
        let long = b"elasticbeanstalk";
        assert!(find(com, long).is_some());
        assert!(find(com, b"elasticbeanstalX").is_none());
        assert!(find(com, b"example").is_none());
        // An `xn--` label's Unicode twin leads to the same node.
        let cn = find(ROOT, b"cn").unwrap();
        let gongsi = find(cn, b"xn--55qx5d").unwrap();
        assert_eq!(find(cn, "公司".as_bytes()), Some(gongsi));
        assert_eq!(find(ROOT, "食狮".as_bytes()), None);
        let ck = find(ROOT, b"ck").unwrap();
        let star = tree.node(ck).star().unwrap();
        assert!(!tree.node(star).has_children());
    }

    /// The tree of the rules `names` (one label each: TLDs), with value 1.
    fn tree_of(names: &[Vec<u8>]) -> Result<LabelTree, FormatError> {
        let mut keys: Vec<Vec<u8>> = names
            .iter()
            .map(|n| n.iter().rev().copied().collect())
            .collect();
        keys.sort();
        let mut builder = fst::MapBuilder::memory();
        for k in &keys {
            builder.insert(k, 1).unwrap();
        }
        let bytes = builder.into_inner().unwrap();
        LabelTree::build(&Automaton::decode(&bytes, |_| true).unwrap())
    }

    /// `n` labels of eight letters whose edges from the root share the
    /// home slot in every table of up to 2^13 slots.
    fn colliding_labels(n: usize) -> Vec<Vec<u8>> {
        let home = |label: &[u8]| {
            let mixed = mix(ROOT, key(label));
            (mixed ^ (mixed >> 32)).wrapping_mul(0xD6E8_FEB8_6659_FD93) >> (64 - 13)
        };
        let target = home(b"aaaaaaaa");
        let mut found = Vec::new();
        for i in 0u64.. {
            let label: Vec<u8> = (0..8).map(|d| b'a' + (i >> (3 * d) & 7) as u8).collect();
            if home(&label) == target {
                found.push(label);
                if found.len() == n {
                    break;
                }
            }
        }
        found
    }

    #[test]
    fn labels_that_begin_others_have_their_own_nodes() {
        // `ab` is no rule: nothing between `a.` and `ab.` in key order.
        let set = crate::rule::RuleSet::parse(b"a.com\nx.a.com\ny.ab.com\nabc.com\n");
        let bytes = crate::compile::build(&crate::compile::keys(&set.unwrap())).unwrap();
        let tree = LabelTree::build(&Automaton::decode(&bytes, |_| true).unwrap()).unwrap();
        let find = |parent, label: &[u8]| {
            tree.child(parent, key(label), label.len(), |l| l == label)
                .map(|c| c.0)
        };
        let com = find(ROOT, b"com").unwrap();
        let cases = [
            (&b"a"[..], true, Some(&b"x"[..])),
            (b"ab", false, Some(b"y")),
            (b"abc", true, None),
        ];
        for (label, rule, below) in cases {
            let node = find(com, label).unwrap();
            assert_eq!(tree.node(node).value != 0, rule);
            assert_eq!(tree.node(node).has_labels(), below.is_some());
            if let Some(below) = below {
                assert!(find(node, below).is_some());
            }
        }
        let a = find(com, b"a").unwrap();
        assert!(find(a, b"b").is_none() && find(com, b"b").is_none());
    }

    #[test]
    fn labels_chosen_to_collide_are_refused() {
        // The table starts at 2^10 slots and grows to 2^13: the labels stay
        // in one run.
        let labels = colliding_labels(MAX_RUN + 6);
        match tree_of(&labels) {
            Err(FormatError::Collisions { run, limit }) => {
                assert!(run as usize > MAX_RUN && limit as usize == MAX_RUN);
            }
            other => panic!("{other:?}"),
        }
        let tree = tree_of(&labels[..MAX_RUN - 4]).unwrap();
        assert!(tree.longest_run() <= MAX_RUN);
    }

    #[test]
    fn a_long_run_of_honest_labels_grows_the_table() {
        let mut tree = tree_of(&[b"com".to_vec()]).unwrap();
        let slots = tree.slots.len();
        // Fill a run of slots by hand: the table grows until it is spread.
        for i in 0..slots / 8 {
            tree.slots[i] = Slot {
                key: key(format!("x{i}").as_bytes()),
                parent: ROOT,
                child: ROOT,
            };
        }
        assert!(tree.longest_run() > MAX_RUN);
        tree.spread().unwrap();
        assert!(tree.slots.len() > slots && tree.longest_run() <= MAX_RUN);
    }
}
