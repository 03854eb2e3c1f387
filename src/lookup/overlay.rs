//! Rules laid over a list, kept beside its map rather than merged into it.
//!
//! A list with a short text of rules laid over it
//! ([`List::with_extra`](crate::List::with_extra)) answers as the map
//! holding both sets of keys would. Building that map means streaming every
//! key of the list into a new one, which costs what the whole list costs.
//! Instead, the layer's keys go into a [`LabelTree`] of their own, and a
//! lookup walks the list's map and that tree side by side, as one tree:
//! [`Union`]. This holds because the tree of a union of keys is the union of
//! their trees, node by node (a name's flags in the merged map are the
//! union of its flags in each), so every walk sees the nodes, flags and `*`
//! children the merged tree has, in the same order.
//!
//! The union is taken only where the merged tree's bound on a walk holds
//! without being counted: when neither side has a `*` label with labels
//! below it, no name branches ([`MAX_BRANCHINGS`](crate::lookup::tree)
//! counts branchings only below such a `*`). Other layers are merged the
//! full way, as are layers over a list whose map may not answer lookups as
//! it is ([`walkable`](crate::lookup::walkable)).
//!
//! A layered list unfolds, after its first lookups, into one tree of both
//! sets of keys ([`LabelTree::build_with`]), so that its later lookups walk
//! one tree as any list's do. The merged `.fst` file is built only when
//! asked for ([`List::to_fst_bytes`](crate::List::to_fst_bytes) and what
//! reads it).

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::OnceLock;

use crate::host::scan::Name;
use crate::lookup::index::is_key_byte;
use crate::lookup::tree::{LabelTree, NodeId, ROOT};
use crate::lookup::walk::{Labels, NodeView};
use crate::rules::automaton::Automaton;
use crate::rules::format::{self, Header};
use crate::rules::layer::merge;

/// The keys laid over a list, their tree, and the merged `.fst` file once
/// asked for.
#[derive(Debug)]
pub(crate) struct Overlay {
    /// Every key laid over the list (those of earlier layers too), sorted,
    /// each with the union of its flags in the layers.
    keys: Box<[(Box<[u8]>, u8)]>,
    /// The tree of `keys` alone.
    tree: LabelTree,
    /// The header of the layered list, for its merged file.
    header: Header,
    /// The `.fst` file of the list's keys and these, merged.
    merged: OnceLock<Merged>,
}

/// The `.fst` file of a list's keys and those laid over it, merged, and
/// the numbers of its automaton.
#[derive(Debug)]
pub(crate) struct Merged {
    pub(crate) file: Vec<u8>,
    fst: Range<usize>,
    pub(crate) states: usize,
    pub(crate) keys: u64,
}

impl Merged {
    /// The merged file of the checked map `base` and the keys of `overlay`.
    pub(crate) fn of(base: &[u8], overlay: &Overlay) -> Merged {
        let keys = overlay.keys.iter().map(|(key, value)| (&key[..], *value));
        // Neither can fail: `base` is a checked map, the keys come sorted
        // from a map of their own, and the flags of both are valid.
        let file = merge(base, keys)
            .and_then(|(fst, _)| format::write(&overlay.header, &fst))
            .unwrap_or_default();
        let fst = format::read(&file).map_or(0..0, |(_, fst)| fst);
        let map = file.get(fst.clone()).unwrap_or_default();
        let (states, keys) = Automaton::decode(map, is_key_byte).map_or((0, 0), |automaton| {
            (automaton.state_count(), automaton.len())
        });
        Merged {
            file,
            fst,
            states,
            keys,
        }
    }

    /// The merged map, in the file.
    pub(crate) fn map(&self) -> &[u8] {
        self.file.get(self.fst.clone()).unwrap_or_default()
    }
}

impl Overlay {
    /// The overlay of `keys` on a list whose header is then `header`, if
    /// they may be walked beside a map with no `*` label that has labels
    /// below it (see the [module docs](self)): `None` if they have such a
    /// `*` themselves, or if their tree cannot be built.
    pub(crate) fn new(keys: &BTreeMap<Vec<u8>, u8>, header: Header) -> Option<Overlay> {
        if keys.keys().any(|key| has_wildcard_above_labels(key)) {
            return None;
        }
        let keys: Box<[(Box<[u8]>, u8)]> = keys
            .iter()
            .map(|(key, &value)| (key.clone().into_boxed_slice(), value))
            .collect();
        let tree = LabelTree::build_with(None, &keys).ok()?;
        Some(Overlay {
            keys,
            tree,
            header,
            merged: OnceLock::new(),
        })
    }

    /// The keys laid over the list, sorted, with their flags.
    pub(crate) fn keys(&self) -> &[(Box<[u8]>, u8)] {
        &self.keys
    }

    /// The flags the keys laid over the list give `key`, 0 for none.
    pub(crate) fn flags_of(&self, key: &[u8]) -> u8 {
        self.keys
            .binary_search_by(|(k, _)| (**k).cmp(key))
            .map_or(0, |at| self.keys[at].1)
    }

    /// The tree of the keys alone.
    pub(crate) fn tree(&self) -> &LabelTree {
        &self.tree
    }

    /// The merged file, made by `merge` the first time it is asked for.
    pub(crate) fn merged(&self, merge: impl FnOnce() -> Merged) -> &Merged {
        self.merged.get_or_init(merge)
    }
}

/// Whether the key (a name reversed) has a `*` label with labels below
/// it: a `*` that is not the name's leftmost label, so not the key's last.
pub(crate) fn has_wildcard_above_labels(key: &[u8]) -> bool {
    let mut labels = key.split(|&b| b == b'.').peekable();
    while let Some(label) = labels.next() {
        if label == b"*" && labels.peek().is_some() {
            return true;
        }
    }
    false
}

/// A node of a [`Union`]: the node of each side (`NONE`-like
/// [`Pair::ABSENT`] where a side has none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pair {
    base: NodeId,
    layer: NodeId,
}

impl Pair {
    /// No node on a side.
    const ABSENT: NodeId = NodeId::MAX;

    /// The pair of two sides' nodes, either absent; `None` if both are.
    fn of(base: Option<NodeId>, layer: Option<NodeId>) -> Option<Pair> {
        match (base, layer) {
            (None, None) => None,
            _ => Some(Pair {
                base: base.unwrap_or(Pair::ABSENT),
                layer: layer.unwrap_or(Pair::ABSENT),
            }),
        }
    }

    fn base(&self) -> Option<NodeId> {
        (self.base != Pair::ABSENT).then_some(self.base)
    }

    fn layer(&self) -> Option<NodeId> {
        (self.layer != Pair::ABSENT).then_some(self.layer)
    }
}

impl Default for Pair {
    /// Both roots.
    fn default() -> Pair {
        Pair {
            base: ROOT,
            layer: ROOT,
        }
    }
}

/// A list's labels (`base`) and the tree of the keys laid over it
/// (`layer`), walked as the one tree of both (see the [module docs](self)).
pub(crate) struct Union<'a, B> {
    pub(crate) base: &'a B,
    pub(crate) layer: &'a LabelTree,
}

/// What a walk learns at a node of a [`Union`]: what it learns on each side
/// that has the node.
pub(crate) struct Both<A, L> {
    base: Option<A>,
    layer: Option<L>,
}

impl<A: Copy, L: Copy> Clone for Both<A, L> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<A: Copy, L: Copy> Copy for Both<A, L> {}

impl<A: NodeView<NodeId>, L: NodeView<NodeId>> NodeView<Pair> for Both<A, L> {
    fn value(&self) -> u8 {
        self.base.map_or(0, |n| n.value()) | self.layer.map_or(0, |n| n.value())
    }

    fn star(&self) -> Option<Pair> {
        Pair::of(
            self.base.and_then(|n| n.star()),
            self.layer.and_then(|n| n.star()),
        )
    }

    fn has_labels(&self) -> bool {
        self.base.is_some_and(|n| n.has_labels()) || self.layer.is_some_and(|n| n.has_labels())
    }

    fn has_children(&self) -> bool {
        self.base.is_some_and(|n| n.has_children()) || self.layer.is_some_and(|n| n.has_children())
    }
}

impl<'a, B: Labels<Id = NodeId>> Labels for Union<'a, B> {
    type Id = Pair;
    type Node<'n>
        = Both<B::Node<'n>, <LabelTree as Labels>::Node<'n>>
    where
        Self: 'n;

    const ROOT: Pair = Pair {
        base: ROOT,
        layer: ROOT,
    };

    fn node(&self, id: Pair) -> Self::Node<'_> {
        Both {
            base: id.base().map(|id| self.base.node(id)),
            layer: id.layer().map(|id| Labels::node(self.layer, id)),
        }
    }

    fn child<'s, const N: usize, const FOLD: bool>(
        &'s self,
        parent: Pair,
        at: Self::Node<'s>,
        name: &Name<N>,
        start: usize,
        end: usize,
    ) -> Option<(Pair, Self::Node<'s>)> {
        let base = match (parent.base(), at.base) {
            (Some(id), Some(node)) => self.base.child::<N, FOLD>(id, node, name, start, end),
            _ => None,
        };
        let layer = match (parent.layer(), at.layer) {
            (Some(id), Some(node)) => {
                Labels::child::<N, FOLD>(self.layer, id, node, name, start, end)
            }
            _ => None,
        };
        let id = Pair::of(base.map(|b| b.0), layer.map(|l| l.0))?;
        Some((
            id,
            Both {
                base: base.map(|b| b.1),
                layer: layer.map(|l| l.1),
            },
        ))
    }
}
