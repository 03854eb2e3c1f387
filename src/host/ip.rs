//! IP addresses: hosts that have no public suffix.
//!
//! An IPv6 literal, and, as the WHATWG URL standard decides it, any host
//! whose last label is a number, is an address (or a failure), never a
//! name: a lookup refuses it with [`HostError::IpAddress`](crate::HostError::IpAddress).

/// Whether a label is a number to the WHATWG URL standard's IPv4 parser:
/// all ASCII digits, or `0x` / `0X` and hex digits (none at all counts).
/// A host whose last label is one is an IPv4 address, or a failure: never
/// a name ("ends in a number").
#[inline]
pub(crate) fn is_number(label: &[u8]) -> bool {
    match label {
        [] => false,
        [b'0', b'x' | b'X', hex @ ..] => hex.iter().all(u8::is_ascii_hexdigit),
        digits => digits.iter().all(u8::is_ascii_digit),
    }
}

/// Whether a name whose last byte is `last` may end in a number (see
/// [`is_number`]): whether `last` is a hex digit or `x`. A table read: the
/// test spelled out runs more instructions on every lookup
/// (`benches/batch_passes.rs`, `plain`, under callgrind).
#[inline(always)]
pub(crate) fn may_end_in_number(last: u8) -> bool {
    MAY_END_A_NUMBER[usize::from(last)]
}

/// [`may_end_in_number`] for every byte.
static MAY_END_A_NUMBER: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = byte.is_ascii_hexdigit() || byte | 0x20 == b'x';
        b += 1;
    }
    table
};

/// Whether an input is an IPv6 literal, with or without brackets.
pub(crate) fn is_ipv6(host: &str) -> bool {
    let inner = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    inner.contains(':') && inner.parse::<std::net::Ipv6Addr>().is_ok()
}
