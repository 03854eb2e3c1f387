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

/// Whether labels `a` and `b` are the same bytes. A label of 8 to 16 bytes
/// (most of the list's long labels: `amazonaws`, `cloudfront`, an A-label)
/// is compared as two words, its first and last eight bytes, in place of a
/// call to `memcmp`.
#[inline(always)]
pub(crate) fn same_label(a: &[u8], b: &[u8]) -> bool {
    let len = a.len();
    if len != b.len() {
        return false;
    }
    if (8..=16).contains(&len) {
        return word(a, 0) == word(b, 0) && word(a, len - 8) == word(b, len - 8);
    }
    a == b
}

#[cfg(test)]
mod tests {
    use super::same_label;

    #[test]
    fn same_label_agrees_with_slice_equality() {
        let base: Vec<u8> = (b'a'..=b'z').collect();
        for len in 0..=20usize {
            for other_len in [len.saturating_sub(1), len, len + 1] {
                let a = &base[..len];
                assert_eq!(same_label(a, &base[..other_len]), len == other_len);
                // One byte changed, at every position.
                for at in 0..len {
                    let mut b = a.to_vec();
                    b[at] = b'-';
                    assert!(!same_label(a, &b), "{len} {at}");
                }
            }
        }
    }
}
