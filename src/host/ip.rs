//! IP addresses: hosts that have no public suffix.
//!
//! An IPv6 literal, and, as the WHATWG URL standard decides it, any host
//! whose last label is a number, is an address (or a failure), never a
//! name: a lookup refuses it with [`HostError::IpAddress`](crate::HostError::IpAddress).
//! [`address`] reads which address it is, as the standard's host parser
//! does, for the cookie check and [`crate::url::ip_address`].

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

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
    ipv6(host).is_some()
}

/// The IPv6 address `host` is, with or without its brackets.
fn ipv6(host: &str) -> Option<Ipv6Addr> {
    let inner = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    inner.contains(':').then(|| inner.parse().ok()).flatten()
}

/// The address `host` is to the WHATWG URL standard's host parser: an IPv6
/// address, with or without its brackets, or an IPv4 address in any form
/// the standard's IPv4 parser reads (see [`ipv4`]); `None` for a name, and
/// for a host that ends in a number but is no address (`999.1.1.1`), which
/// the standard refuses.
pub(crate) fn address(host: &str) -> Option<IpAddr> {
    if host.contains(':') {
        return ipv6(host).map(IpAddr::V6);
    }
    ipv4(host).map(IpAddr::V4)
}

/// The IPv4 address `host` is to the URL standard's IPv4 parser: its UTS 46
/// ASCII form (`１２７.０.０.１` is `127.0.0.1`), split at dots (one final
/// empty label dropped), one to four numbers (decimal, octal after a `0`,
/// hex after `0x`), each but the last under 256 and the last filling the
/// bytes left.
fn ipv4(host: &str) -> Option<Ipv4Addr> {
    let ascii = super::uts46::to_ascii(host).ok()?;
    let text = ascii.strip_suffix('.').unwrap_or(&ascii);
    let mut numbers = [0u64; 4];
    let mut count = 0;
    for part in text.split('.') {
        *numbers.get_mut(count)? = ipv4_number(part)?;
        count += 1;
    }
    let (last, init) = numbers.get(..count)?.split_last()?;
    if init.iter().any(|&n| n > 255) || *last >= 1 << (8 * (5 - count)) {
        return None;
    }
    let value = init
        .iter()
        .enumerate()
        .fold(*last, |v, (i, &n)| v + (n << (8 * (3 - i))));
    u32::try_from(value).ok().map(Ipv4Addr::from)
}

/// One number of an IPv4 address, as the URL standard reads it; `None` for
/// anything else, and for one too large to be part of an address.
fn ipv4_number(part: &str) -> Option<u64> {
    if part.is_empty() {
        return None;
    }
    let (digits, radix) = match part.strip_prefix("0x").or(part.strip_prefix("0X")) {
        Some(hex) => (hex, 16),
        None if part.len() > 1 && part.starts_with('0') => (&part[1..], 8),
        None => (part, 10),
    };
    if digits.is_empty() {
        return Some(0);
    }
    if !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    // Past 2^32 no number is part of an address: any such is refused.
    u64::from_str_radix(digits, radix)
        .ok()
        .filter(|&n| n <= u64::from(u32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv4_forms() {
        let v4 = |h: &str| address(h).map(|a| a.to_string());
        assert_eq!(v4("127.0.0.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(v4("0x7f.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(v4("0177.0.0.1.").as_deref(), Some("127.0.0.1"));
        assert_eq!(v4("4294967295").as_deref(), Some("255.255.255.255"));
        assert_eq!(v4("0x").as_deref(), Some("0.0.0.0"));
        assert_eq!(v4("１２７.０.０.１").as_deref(), Some("127.0.0.1"));
        for bad in [
            "999.1.1.1",
            "4294967296",
            "1.2.3.4.5",
            "1..2",
            "",
            "08",
            "example.com",
            "a.1",
        ] {
            assert_eq!(v4(bad), None, "{bad}");
        }
    }

    #[test]
    fn ipv6_forms() {
        let v6 = |h: &str| address(h).map(|a| a.to_string());
        assert_eq!(v6("[2001:DB8:0:0::1]").as_deref(), Some("2001:db8::1"));
        assert_eq!(v6("2001:db8::1").as_deref(), Some("2001:db8::1"));
        assert_eq!(v6("[::A]"), v6("::a"));
        assert_eq!(v6("[1::2::3]"), None);
        assert_eq!(v6("[::1"), None);
    }
}
