//! The Unicode twins of a tree's `xn--` labels: edges keyed by a label's
//! Unicode form, so that a Unicode host already canonical but for the
//! encoding is walked as it is; and the `xn--` labels that decode to
//! right-to-left characters, which get no twin.

use super::{Builder, Record};
use crate::error::FormatError;
use crate::lookup::tree::NONE;

impl Builder {
    /// Gives every valid `xn--` label a twin: an edge from the same parent,
    /// keyed by the label's Unicode form (UTF-8), to a node that stands for
    /// the `xn--` node. A Unicode host whose labels are already in their
    /// canonical form but for the encoding (lower case, no other separator)
    /// is then walked as it is, without encoding a label: a Unicode label is
    /// the twin's label exactly when its A-label is the rule's (Punycode is a
    /// one-to-one code, and only canonical A-labels get a twin). Notes the
    /// `xn--` labels that decode to right-to-left characters, which get no
    /// twin, on the way ([`LabelTree::is_rtl_a_label`](crate::lookup::tree::LabelTree::is_rtl_a_label)).
    pub(super) fn add_unicode_twins(&mut self) -> Result<(), FormatError> {
        let mut twins = Vec::new();
        let mut rtl = Vec::new();
        for edge in self.edges.iter().filter(|e| e.parent != NONE) {
            let record = &self.records[edge.child as usize];
            let head = edge.key.to_le_bytes();
            let label = match record.len {
                0..=8 => &head[..record.len as usize],
                _ => self.long_label(record),
            };
            if let Some(unicode) = crate::host::label::unicode_form(label) {
                twins.push((edge.parent, edge.child, unicode));
            } else if etld_punycode::has_ace_prefix(label)
                && crate::host::uts46::a_label_is_rtl(label)
            {
                rtl.push(Box::from(label));
            }
        }
        rtl.sort_unstable();
        rtl.dedup();
        self.rtl_a_labels = rtl;
        for (parent, child, unicode) in twins {
            let twin = self.add_edge(parent, &unicode, child)?;
            // All keys are in: what a lookup learns at the `xn--` node is
            // final, and the twin tells it without a second load.
            let Record {
                value,
                children,
                star,
                ..
            } = self.records[child as usize];
            let record = &mut self.records[twin as usize];
            (record.value, record.children, record.star) = (value, children, star);
        }
        Ok(())
    }
}
