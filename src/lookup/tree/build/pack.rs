//! Packing: the unfolded tree laid out for lookups, each node's children
//! in a table of their own, three quarters full, the children most
//! lookups go through placed first and leaves packed into their slots (see
//! the [tree's docs](crate::lookup::tree#a-small-tree)).

use super::{collisions, Builder};
use crate::error::FormatError;
use crate::lookup::tree::{
    filter_bit, home, leaf_link, mix, rtl_bit, LabelTree, Node, NodeId, Slot, EMPTY, FILTER_WORDS,
    MAX_AT, MAX_REACH, NONE, ROOT, RTL_FILTER_WORDS,
};

/// How full a node's table of children is made: three slots in four.
const FILL: (usize, usize) = (3, 4);

/// How many times a node's table is grown by a quarter when a child would
/// land [`MAX_REACH`] slots or more from where its search starts, before
/// the list is refused.
const GROWTHS: u32 = 4;

impl Builder {
    /// Lays the tree out for lookups: the records a lookup needs (see the
    /// [tree's docs](crate::lookup::tree#a-small-tree)), and for each node with children a
    /// table of them, three quarters full, given the [`parents`](Builder::parents).
    ///
    /// # Errors
    /// [`FormatError::Collisions`] if a node's labels still collide after
    /// [`GROWTHS`] growths of its table (see [`place`]).
    pub(super) fn pack(self, parent: &[NodeId]) -> Result<LabelTree, FormatError> {
        let n = self.records.len();
        // How many nodes are below each node: a lookup is likelier to ask
        // for a child with more below it (`com` rather than `coop`), so
        // those are placed first, where a search finds them at once. Every
        // node comes after its parent.
        let mut below = vec![0u32; n];
        for id in (1..n).rev() {
            if let Some(&p) = parent.get(id).filter(|&&p| p != NONE) {
                below[p as usize] = below[p as usize].saturating_add(below[id] + 1);
            }
        }
        let Builder {
            edges: table,
            records: built,
            long_labels,
            rtl_a_labels,
            count,
            ..
        } = self;
        // The records that stay: the root, every node with something below
        // it, the twins of those, and a leaf whose label's bytes are too
        // far along to pack.
        let mut renamed = vec![NONE; n];
        let mut kept = 0;
        for (id, record) in built.iter().enumerate() {
            let canonical = &built[record.canonical as usize];
            if id == ROOT as usize
                || canonical.has_children()
                || (record.len > 8 && record.bytes > MAX_AT)
            {
                renamed[id] = kept;
                kept += 1;
            }
        }
        // What a slot or a `*` says of a node: its record, or the node
        // packed whole.
        let link_of = |id: NodeId| match id {
            NONE => NONE,
            id => match renamed[id as usize] {
                NONE => {
                    let r = &built[id as usize];
                    leaf_link(r.value, r.len, r.bytes).unwrap_or(NONE)
                }
                kept => kept,
            },
        };
        // The children of each node, together (a counting sort).
        let mut first = vec![0usize; n + 1];
        for edge in table.iter().filter(|e| e.parent != NONE) {
            first[edge.parent as usize + 1] += 1;
        }
        for i in 0..n {
            first[i + 1] += first[i];
        }
        let mut next = first.clone();
        let mut children = vec![
            Child {
                rank: 0,
                key: 0,
                link: NONE
            };
            count
        ];
        for edge in table.iter().filter(|e| e.parent != NONE) {
            let canonical = built[edge.child as usize].canonical;
            children[next[edge.parent as usize]] = Child {
                rank: LEAF_RANK - below[canonical as usize],
                key: edge.key,
                link: link_of(edge.child),
            };
            next[edge.parent as usize] += 1;
        }
        drop((table, next, below));
        let mut records = Vec::with_capacity(kept as usize);
        let mut slots: Vec<Slot> = Vec::with_capacity(count * FILL.1 / FILL.0 + n);
        let mut filter = Box::new([0u64; FILTER_WORDS]);
        let mut homes = Vec::new();
        for (id, record) in built.iter().enumerate() {
            if renamed[id] == NONE {
                continue;
            }
            let mut node = Node {
                value: record.value,
                len: record.len,
                star: link_of(record.star),
                bytes: record.bytes,
                ..Node::leaf(0)
            };
            let canonical = record.canonical as usize;
            if canonical != id {
                // A twin: the table of its `xn--` node, laid out before.
                let of = records
                    .get(renamed[canonical] as usize)
                    .copied()
                    .unwrap_or(Node::leaf(0));
                (node.table, node.size, node.reach) = (of.table, of.size, of.reach);
            } else if let Some(children) = children
                .get_mut(first[id]..first[id + 1])
                .filter(|c| !c.is_empty())
            {
                children.sort_unstable_by_key(|c| (c.rank, c.key));
                (node.table, node.size, node.reach) = place(children, &mut slots, &mut homes)?;
                for child in children.iter() {
                    let bit = filter_bit(mix(node.table, child.key));
                    filter[bit / 64 % FILTER_WORDS] |= 1 << (bit % 64);
                }
            }
            records.push(node);
        }
        slots.shrink_to_fit();
        let mut long_labels = long_labels;
        long_labels.shrink_to_fit();
        let mut rtl_filter = [0u64; RTL_FILTER_WORDS];
        for label in &rtl_a_labels {
            let bit = rtl_bit(label);
            rtl_filter[bit / 64 % RTL_FILTER_WORDS] |= 1 << (bit % 64);
        }
        Ok(LabelTree {
            slots,
            records,
            long_labels,
            filter,
            rtl_a_labels: rtl_a_labels.into_boxed_slice(),
            rtl_filter,
        })
    }
}

/// The rank of a leaf.
const LEAF_RANK: u32 = u32::MAX;

/// A child of a node while its table is laid out.
#[derive(Clone, Copy, Debug)]
struct Child {
    /// The lower, the sooner placed: [`LEAF_RANK`] less the nodes below.
    rank: u32,
    /// The label's [`key`](crate::host::key::key).
    key: u64,
    /// The slot's [`NodeId`] for the child.
    link: NodeId,
}

/// Lays out the table of the `children` of one node, in their order, at
/// the end of `slots`. Returns where the table starts, how many slots a
/// search may start at and the table's reach (see the [tree's
/// docs](crate::lookup::tree#what-a-lookup-may-cost)). The table is three quarters full,
/// and grown by a quarter while a child would land [`MAX_REACH`] slots or
/// more from where its search starts.
///
/// A child with rules below it takes the first free slot from where its
/// search starts, and keeps it. The others (leaves) are placed Robin Hood
/// fashion among themselves: a leaf takes the slot of one whose slot is
/// nearer its own start, which moves on. That evens out how far along a
/// run leaves are, which would otherwise grow with the order they come in.
/// `homes` is scratch space.
///
/// # Errors
/// [`FormatError::Collisions`] if a child still lands too far along after
/// [`GROWTHS`] growths.
fn place(
    children: &[Child],
    slots: &mut Vec<Slot>,
    homes: &mut Vec<(usize, bool)>,
) -> Result<(u32, u32, u8), FormatError> {
    let start = slots.len();
    let table = u32::try_from(start).map_err(|_| collisions(usize::MAX))?;
    let mut size = (children.len() * FILL.1).div_ceil(FILL.0).max(1);
    for _ in 0..=GROWTHS {
        let size32 = u32::try_from(size).map_err(|_| collisions(usize::MAX))?;
        // A child lands fewer slots along than there are children.
        let room = size + children.len().min(MAX_REACH);
        slots.truncate(start);
        slots.resize(start + room, EMPTY);
        homes.clear();
        homes.resize(room, (0, false));
        let region = &mut slots[start..];
        let (mut end, mut reach) = (size, 0);
        'children: for child in children {
            let mut slot = Slot {
                key: child.key,
                link: child.link,
            };
            // Where the search for the child being placed starts, and
            // whether it keeps its slot.
            let mut from = (home(mix(table, child.key), size32), child.rank != LEAF_RANK);
            let mut at = from.0;
            loop {
                if at >= from.0 + MAX_REACH || at >= room {
                    end = 0;
                    break 'children;
                }
                if region[at].link == NONE {
                    region[at] = slot;
                    homes[at] = from;
                    end = end.max(at + 1);
                    break;
                }
                let there = homes[at];
                if !from.1 && !there.1 && there.0 > from.0 {
                    std::mem::swap(&mut region[at], &mut slot);
                    std::mem::swap(&mut homes[at], &mut from);
                }
                at += 1;
            }
        }
        if end != 0 {
            for (at, &(from, _)) in homes.iter().enumerate() {
                if region[at].link != NONE {
                    reach = reach.max(at - from + 1);
                }
            }
            // Every search stays within the table.
            slots.resize(start + end.max(size + reach - 1), EMPTY);
            return Ok((table, size32, reach as u8));
        }
        size += size / 4 + 1;
    }
    Err(collisions(MAX_REACH + 1))
}
