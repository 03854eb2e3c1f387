//! The builder of the [label tree](super): a list's keys unfolded into a
//! tree of labels, then made into a [`LabelTree`].
//!
//! The keys are read depth first ([`Automaton::for_each_prefix`]) and cut
//! into labels at their dots; every node is a [`Record`] and every edge an
//! entry of one open-addressed table, kept at most half full, so that a
//! label already seen is found at once. A label that cannot be in a host
//! leaves its rule out. Once every key is in, the `xn--` labels get their
//! Unicode [`twins`], the wildcards that branch are counted on the way to
//! each rule (at most [`MAX_BRANCHINGS`]), and the tree is [packed](pack)
//! into the tables lookups read.

use super::{mix, LabelTree, NodeId, LEAF_BIT, MAX_BRANCHINGS, MAX_REACH, NONE, ROOT};
use crate::error::FormatError;
use crate::host::key::key;
use crate::host::label::MAX_LABEL;
use crate::rules::automaton::{Automaton, MAX_KEY_LEN};
use crate::rules::compile::flags;

mod pack;
mod twins;

/// The most occupied slots one probe of the table used while the tree is
/// unfolded may pass: far beyond what honest labels make in a table at
/// most half full, so that labels chosen to collide are refused before
/// each insertion costs more than the last.
const BUILD_RUN: usize = 4 * MAX_REACH;

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
        LabelTree::build_with(Some(automaton), &[])
    }

    /// Unfolds the keys of `automaton` (if any) and the `extra` keys, each
    /// with its flags, into one tree: the tree of the map that holds them
    /// all, a key in both with the union of its flags (how rules laid over
    /// a list meet its own, see [`crate::lookup::overlay`]).
    ///
    /// # Errors
    /// As [`LabelTree::build`].
    pub(crate) fn build_with(
        automaton: Option<&Automaton>,
        extra: &[(Box<[u8]>, u8)],
    ) -> Result<LabelTree, FormatError> {
        let keys = automaton.map_or(0, |a| a.len()) + extra.len() as u64;
        let mut builder = Builder::new(keys)?;
        if let Some(automaton) = automaton {
            builder.unfold(automaton)?;
        }
        for (key, value) in extra {
            builder.add_key(key, *value)?;
        }
        builder.add_unicode_twins()?;
        let parent = builder.parents();
        let branchings = builder.branchings(&parent);
        if branchings > MAX_BRANCHINGS {
            return Err(FormatError::Wildcards {
                branchings,
                limit: MAX_BRANCHINGS,
            });
        }
        builder.pack(&parent)
    }
}

/// A node while the keys are unfolded.
#[derive(Clone, Copy, Debug)]
struct Record {
    /// The flags of the key that ends here (`compile::flags`), or 0.
    value: u8,
    /// Whether the node has children other than `*`.
    children: bool,
    /// The length of the label that leads here.
    len: u8,
    /// The `*` child, or [`NONE`].
    star: NodeId,
    /// Where the label's bytes are kept (labels over eight bytes only).
    bytes: u32,
    /// The node a lookup goes on from: the node itself, or for a Unicode
    /// twin (see [`Builder::add_unicode_twins`]) the `xn--` node it stands
    /// for, whose value, `*` child and children the twin has too.
    canonical: NodeId,
}

impl Record {
    /// Whether any rule goes on below this node.
    fn has_children(&self) -> bool {
        self.children || self.star != NONE
    }
}

/// A node with no value and no children, reached by a label of `len` bytes.
fn new_record(len: u8) -> Record {
    Record {
        value: 0,
        children: false,
        len,
        star: NONE,
        bytes: 0,
        canonical: NONE,
    }
}

/// An edge of the table used while the keys are unfolded.
#[derive(Clone, Copy, Debug)]
struct Edge {
    /// The label's [`key`].
    key: u64,
    /// [`NONE`] in an empty slot.
    parent: NodeId,
    child: NodeId,
}

const NO_EDGE: Edge = Edge {
    key: 0,
    parent: NONE,
    child: NONE,
};

/// The tree while the keys are unfolded: every node a record, and the
/// edges in one open-addressed table, kept at most half full; then packed
/// into a [`LabelTree`].
struct Builder {
    /// A power of two in length, never full.
    edges: Vec<Edge>,
    records: Vec<Record>,
    /// The bytes of every label over eight bytes.
    long_labels: Vec<u8>,
    /// The `xn--` labels that decode to right-to-left characters.
    rtl_a_labels: Vec<Box<[u8]>>,
    /// `64 - log2(edges.len())`: the hash's top bits pick the slot.
    shift: u32,
    /// The edges in `edges`.
    count: usize,
}

impl Builder {
    /// An empty tree (the root only), with room for `keys` keys of about a
    /// label each before its table grows (it grows past that, and stays at
    /// most half full).
    fn new(keys: u64) -> Result<Builder, FormatError> {
        let slots = (keys.saturating_mul(2) as usize).clamp(1 << 10, 1 << 16);
        let slots = slots.next_power_of_two();
        let mut tree = Builder {
            edges: vec![NO_EDGE; slots],
            records: Vec::with_capacity(slots / 2),
            long_labels: Vec::new(),
            rtl_a_labels: Vec::new(),
            shift: 64 - slots.trailing_zeros(),
            count: 0,
        };
        tree.push_record(new_record(0))?;
        Ok(tree)
    }

    /// Unfolds the keys of `automaton`.
    ///
    /// # Errors
    /// As [`LabelTree::build`], but for the wildcards and the final tables.
    fn unfold(&mut self, automaton: &Automaton) -> Result<(), FormatError> {
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
                let child = self.label_child(node, piece)?;
                labels.push((prefix.len(), child));
                // A key that ends with a dot ends with an empty label.
                return Ok(());
            }
            if let Some(value) = value {
                let piece = prefix.get(start..).unwrap_or_default();
                let child = self.label_child(node, piece)?;
                if let Some(child) = self.records.get_mut(child as usize) {
                    child.value |= value;
                }
            }
            Ok(())
        })
    }

    /// Adds one key (a name reversed) with the flags `value`, merged with
    /// those of the key if the tree holds it already. A key with an
    /// invalid label is left out, as [`Builder::unfold`] leaves it.
    fn add_key(&mut self, key: &[u8], value: u8) -> Result<(), FormatError> {
        let mut node = ROOT;
        for piece in key.split(|&b| b == b'.') {
            node = self.label_child(node, piece)?;
        }
        if let Some(record) = self.records.get_mut(node as usize) {
            record.value |= value;
        }
        Ok(())
    }

    /// The child of `parent` (`NONE`: none) by the label whose bytes, in
    /// reverse, are `piece`, added if new; `NONE` if the label is invalid.
    ///
    /// A rule with an invalid label (empty, too long, a bad A-label) never
    /// matches, a host with such a label being an error, and is left out:
    /// every label of the tree is valid, so a lookup need not check the
    /// labels it finds here.
    fn label_child(&mut self, parent: NodeId, piece: &[u8]) -> Result<NodeId, FormatError> {
        let mut buf = [0u8; MAX_LABEL];
        let Some(label) = buf.get_mut(..piece.len()) else {
            return Ok(NONE);
        };
        label.copy_from_slice(piece);
        label.reverse();
        let label = &*label;
        if parent == NONE || crate::host::label::check_ascii_label(label).is_err() {
            return Ok(NONE);
        }
        if label == b"*" {
            return Ok(match self.records[parent as usize].star {
                NONE => {
                    let star = self.push_record(new_record(1))?;
                    self.records[parent as usize].star = star;
                    star
                }
                star => star,
            });
        }
        if let Some(child) = self.find(parent, label)? {
            return Ok(child);
        }
        let child = self.add_edge(parent, label, NONE)?;
        self.records[parent as usize].children = true;
        Ok(child)
    }

    /// The parent of every node (`NONE` for the root and the Unicode
    /// twins, which stand for their `xn--` node).
    fn parents(&self) -> Vec<NodeId> {
        let mut parent = vec![NONE; self.records.len()];
        for edge in self.edges.iter().filter(|e| e.parent != NONE) {
            if self.records[edge.child as usize].canonical == edge.child {
                parent[edge.child as usize] = edge.parent;
            }
        }
        for (id, record) in self.records.iter().enumerate() {
            if record.star != NONE {
                parent[record.star as usize] = id as NodeId;
            }
        }
        parent
    }

    /// The most names on the way to one rule that have both a `*` child
    /// with children and other children (see [`MAX_BRANCHINGS`]), given
    /// the [`parents`](Builder::parents).
    fn branchings(&self, parent: &[NodeId]) -> u32 {
        // Every node is added after its parent, so one pass in order sees
        // each parent before its children.
        let mut branchings = vec![0u32; self.records.len()];
        let mut most = 0;
        for id in 1..self.records.len() {
            let p = parent[id];
            if p == NONE {
                continue;
            }
            let up = &self.records[p as usize];
            let branches =
                up.children && up.star != NONE && self.records[up.star as usize].has_children();
            branchings[id] = branchings[p as usize] + u32::from(branches);
            most = most.max(branchings[id]);
        }
        most
    }

    /// Adds a node reached from `parent` by `label`, standing for
    /// `twin_of` (or for itself, when [`NONE`]), and its edge. Returns the
    /// new node.
    fn add_edge(
        &mut self,
        parent: NodeId,
        label: &[u8],
        twin_of: NodeId,
    ) -> Result<NodeId, FormatError> {
        let mut record = new_record(label.len() as u8);
        record.canonical = twin_of;
        if label.len() > 8 {
            record.bytes = self.long_labels.len() as u32;
            self.long_labels.extend_from_slice(label);
        }
        let id = self.push_record(record)?;
        // At most half full: an absent label (the usual last probe of a
        // search) is found after a slot or two.
        self.count += 1;
        if self.count * 2 > self.edges.len() {
            self.grow()?;
        }
        self.insert(Edge {
            key: key(label),
            parent,
            child: id,
        })?;
        Ok(id)
    }

    /// Adds a node, refusing more than a [`NodeId`] counts.
    fn push_record(&mut self, record: Record) -> Result<NodeId, FormatError> {
        let id = NodeId::try_from(self.records.len())
            .ok()
            .filter(|&id| id < LEAF_BIT)
            .ok_or(FormatError::Automaton {
                offset: 0,
                reason: "the keys unfold into too many labels",
            })?;
        let canonical = match record.canonical {
            NONE => id,
            twin_of => twin_of,
        };
        self.records.push(Record {
            canonical,
            ..record
        });
        Ok(id)
    }

    /// The slot where the edge `(parent, key)` is looked for first.
    fn home(&self, parent: NodeId, key: u64) -> usize {
        (mix(parent, key) >> self.shift) as usize
    }

    /// Puts an edge in the first free slot from its home.
    ///
    /// # Errors
    /// [`FormatError::Collisions`] past [`BUILD_RUN`] occupied slots.
    fn insert(&mut self, edge: Edge) -> Result<(), FormatError> {
        let mask = self.edges.len() - 1;
        let mut i = self.home(edge.parent, edge.key);
        let mut run = 0;
        while self.edges[i].parent != NONE {
            run += 1;
            if run > BUILD_RUN {
                return Err(collisions(run));
            }
            i = (i + 1) & mask;
        }
        self.edges[i] = edge;
        Ok(())
    }

    /// The child of `parent` by `label`, if the tree has it yet.
    ///
    /// # Errors
    /// [`FormatError::Collisions`] past [`BUILD_RUN`] occupied slots.
    fn find(&self, parent: NodeId, label: &[u8]) -> Result<Option<NodeId>, FormatError> {
        let key = key(label);
        let mask = self.edges.len() - 1;
        let mut i = self.home(parent, key);
        for _ in 0..=BUILD_RUN {
            let edge = self.edges[i];
            if edge.parent == NONE {
                return Ok(None);
            }
            if edge.parent == parent && edge.key == key {
                let record = &self.records[edge.child as usize];
                if record.len as usize == label.len()
                    && (label.len() <= 8 || self.long_label(record) == label)
                {
                    return Ok(Some(edge.child));
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
        let doubled = vec![NO_EDGE; self.edges.len() * 2];
        let old = std::mem::replace(&mut self.edges, doubled);
        self.shift -= 1;
        for edge in old.into_iter().filter(|e| e.parent != NONE) {
            self.insert(edge)?;
        }
        Ok(())
    }

    /// The label leading to `record`, a label over eight bytes.
    fn long_label(&self, record: &Record) -> &[u8] {
        let start = record.bytes as usize;
        self.long_labels
            .get(start..start + record.len as usize)
            .unwrap_or(&[])
    }
}

/// The error for a search that would read `run` slots.
fn collisions(run: usize) -> FormatError {
    FormatError::Collisions {
        run: u32::try_from(run).unwrap_or(u32::MAX),
        limit: MAX_REACH as u32,
    }
}
