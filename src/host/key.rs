//! Label keys: a label's bytes read as words, and the key that the scan
//! computes for a host's label and the label tree stores for a rule's.
//!
//! Both sides must compute the same key from the same label, so the
//! function lives here, in the host room, and the tree takes it from here.

/// The eight bytes at `at` as a little-endian word; zero past the end.
#[inline(always)]
pub(crate) fn word(bytes: &[u8], at: usize) -> u64 {
    bytes
        .get(at..at + 8)
        .and_then(|b| <[u8; 8]>::try_from(b).ok())
        .map_or(0, u64::from_le_bytes)
}

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
