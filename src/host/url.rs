//! Hosts of URLs: what people feed a PSL tool is mostly URLs, `host:port`
//! and e-mail addresses, not bare hostnames.
//!
//! [`host`] takes out of a URL the host that the WHATWG URL standard's
//! parser gives it (with no base URL), or says why there is none, without
//! pulling in a URL or IDNA crate (docs/behaviour.md, `--url`):
//!
//! * leading and trailing C0 controls and spaces are trimmed, and every tab,
//!   line feed and carriage return is removed;
//! * a scheme is an ASCII letter, then letters, digits, `+`, `-`, `.`, and
//!   ends at the first `:`;
//! * special schemes (`http`, `https`, `ws`, `wss`, `ftp`): any run of `/`
//!   and `\` after the `:` starts the authority, which ends at the next `/`,
//!   `\`, `?` or `#`; userinfo (up to the last `@`) and the port are dropped
//!   (a port is empty or ASCII digits, [`UrlError::Port`], worth at most
//!   65535, [`UrlError::PortOutOfRange`]); the host is percent-decoded and
//!   must then be UTF-8; it must not be empty, nor hold a forbidden domain
//!   code point, written or percent-encoded: a forbidden host code point
//!   (below), a C0 control, `%` or DEL ([`UrlError::ForbiddenCodePoint`]:
//!   `https://ex ample.com/`, `http://a%2Fb.com/`, `http://a%zz.com/`);
//! * `file`: only `file:` and two slashes (`/` or `\`) start a host, which
//!   ends at the next `/`, `\`, `?` or `#`; an empty host, a Windows drive
//!   letter (`C:`, `C|`) and `localhost` (after percent-decoding and UTS 46,
//!   so `LOCALHOST` and `%6Cocalhost` too) are no host; `@` and `:` are
//!   refused (a file URL has no userinfo or port); the host is
//!   percent-decoded as a special scheme's;
//! * any other scheme: only `scheme://` starts an authority, which ends at
//!   the next `/`, `?` or `#` (a `\` is no delimiter there); userinfo and
//!   port as above; an empty host is no host; the host is opaque: a
//!   forbidden host code point (NUL, tab, LF, CR, space, `#` `/` `:` `<` `>`
//!   `?` `@` `[` `\` `]` `^` `|`) is refused
//!   ([`UrlError::ForbiddenCodePoint`]), and it is returned as written, not percent-decoded, but
//!   with C0 controls, DEL and non-ASCII characters percent-encoded as the
//!   standard encodes them (a lookup then refuses a `%`); `scheme:` followed by anything else (`foo:/x`,
//!   `javascript:alert(1)`) is a URL with no host;
//! * `[...]` is an IPv6 literal and keeps its brackets (a lookup then
//!   refuses it as an IP address); what it holds must be an IPv6 address
//!   ([`UrlError::InvalidIpv6`], `http://[v1.x]/`); an IPv6 address without its brackets
//!   (`::1`) is refused as one ([`UrlError::UnbracketedIpv6`]), where the
//!   standard's parser fails it for another reason.
//!
//! Conveniences that are not URLs, kept because people write them where a
//! URL is asked for; they are the deliberate differences from the standard,
//! whose parser (with no base) refuses or reads them otherwise:
//!
//! * `host:port`: a scheme-like text, then `:` and a port (ASCII digits
//!   first, up to the next `/`, `\`, `?`, `#`, with no `@`), is a host and
//!   its port, checked as a special URL's: `example.com:8080`,
//!   `localhost:8080/x`; `a.com:65536` is refused for its port. An empty
//!   port is not one: `example.com:` is a URL of scheme `example.com`, with
//!   no host, as `javascript:` is;
//! * `mailto:user@host`: the host of its first address (`mailto://host/`
//!   is a URL with an authority, as for any other scheme);
//! * no scheme at all: a bare `host`, `host:port`, `user@host`,
//!   `//host/path`, `host/path`, `[::1]:80` are taken as the authority of a
//!   special URL (after any slashes). But a `:` before any `/`, `\`, `?`, `#`, `@`, not
//!   followed by a port, makes the input a URL whose scheme is invalid
//!   ([`UrlError::Scheme`]): `éftp://x/`, `\u{200B}ftp:/x` (an ignorable code
//!   point before the scheme makes it one that a browser refuses too).
//!
//! What else a special or file host may hold (labels, IPv4 forms, Unicode,
//! and the code points that UTS 46 maps to forbidden ones, `／`) is then the
//! lookup's business, as for any host.
//!
//! ```
//! use etld::{url, UrlError};
//!
//! assert_eq!(url::host("https://user:pw@www.Example.co.uk:8080/a?b#c")?, "www.Example.co.uk");
//! assert_eq!(url::host("www.example.co.uk:8080")?, "www.example.co.uk");
//! assert_eq!(url::host("someone@mail.example.com")?, "mail.example.com");
//! assert_eq!(url::host("http://ex%61mple.com/")?, "example.com");
//! assert_eq!(url::host("git+ssh://git@example.org/repo")?, "example.org");
//! assert_eq!(url::host("javascript:/www.example.com"), Err(UrlError::NoHost));
//! assert_eq!(url::host("file://localhost/etc"), Err(UrlError::NoHost));
//! assert!(url::host("https://?q").is_err());
//! # Ok::<(), etld::UrlError>(())
//! ```
//!
//! The standard's parser does more than this for a special host (IDNA
//! processing, IPv4 forms); [`List::lookup_url`](crate::List::lookup_url)
//! hands the host to a lookup, which canonicalises it as docs/behaviour.md
//! says (UTS 46 with the standard's flags) and answers for the same host as
//! the standard on every case of the web-platform-tests URL suite whose host
//! the input alone decides, not a base URL (`vectors/wpt_url_hosts.txt`,
//! held by `tests/wpt_url.rs`), the conveniences above and hosts with an
//! empty label (`.`, `foo..`, which a lookup refuses) aside.
//! `scripts/url_differential.mjs` compares `etld --url` with Node's
//! `new URL()` on generated inputs (`cli/tests/url_differential.rs` runs it
//! where `node` is installed).

use std::borrow::Cow;
use std::fmt::Write as _;
use std::net::Ipv6Addr;

use super::uts46;
use crate::error::UrlError;

/// The schemes whose URLs always have a host (`file` aside).
const SPECIAL: [&str; 5] = ["http", "https", "ws", "wss", "ftp"];

/// Whether `c` is trimmed from both ends of the input: a C0 control or space.
fn is_c0_or_space(c: char) -> bool {
    c <= ' '
}

/// Whether `b` is removed from anywhere in the input: tab, LF, CR.
fn is_tab_or_newline(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\r')
}

/// Whether `b` ends the authority (or the host of a `file:` URL) of a
/// special URL: `/`, `\`, `?`, `#`.
fn ends_special(b: u8) -> bool {
    matches!(b, b'/' | b'\\' | b'?' | b'#')
}

/// `text` up to its first `/`, `\\`, `?` or `#`.
fn before_special_end(text: &str) -> &str {
    &text[..text.bytes().position(ends_special).unwrap_or(text.len())]
}

/// Whether `b` is a forbidden host code point of the standard (all ASCII).
fn is_forbidden_host_byte(b: u8) -> bool {
    matches!(
        b,
        0 | b'\t'
            | b'\n'
            | b'\r'
            | b' '
            | b'#'
            | b'/'
            | b':'
            | b'<'
            | b'>'
            | b'?'
            | b'@'
            | b'['
            | b'\\'
            | b']'
            | b'^'
            | b'|'
    )
}

/// The host of a URL, `host:port`, e-mail address or bare host (see the
/// [module docs](self)). Borrowed from the input where it stands there as
/// it is; owned when percent-decoding or the removal of tabs and newlines
/// changed it.
///
/// Error offsets count bytes of the input once trimmed and rid of its tabs
/// and newlines.
pub fn host(input: &str) -> Result<Cow<'_, str>, UrlError> {
    // The URL of most logs and crawls, `http(s)://host/...`, read without
    // the whole parser, which costs three times the lookup
    // (`etld lookup --url`, under `perf`). Tried first, so that the test
    // below does not read the whole URL for nothing (python/bench/bench.py
    // --column, URLs), but only on inputs that start as its scheme does.
    if matches!(input.as_bytes().first(), Some(b'h' | b'H')) {
        if let Some(host) = plain_web_host(input) {
            return Ok(Cow::Borrowed(host));
        }
    }
    // A host alone, of ASCII letters, digits, `.`, `-`, `_` and non-ASCII
    // characters ([`HOST_BYTE`]): the parser gives it back as it is (no
    // scheme, port, userinfo, path or percent sign to read), and most
    // inputs are such hosts; read whole, it costs more than the lookup
    // (python/bench/bench.py --scalar, `extract`).
    if !input.is_empty() && is_host_alone(input) {
        return Ok(Cow::Borrowed(input));
    }
    parse(input)
}

/// Whether `input` holds a host other than itself: a URL, `host:port` or
/// an e-mail address, which holds `:`, `/` or `@` and in which [`host`]
/// finds a host that is not the whole input (as it is for `[::1]`). What a
/// host that a lookup refuses for a forbidden `:`, `/` or `@` most often
/// is: the command line, the Python package and the SQL functions say so
/// beside the error, and name the function that takes out its host.
///
/// ```
/// use etld::url::looks_like_url;
///
/// assert!(looks_like_url("https://www.example.com/a"));
/// assert!(looks_like_url("www.example.com:8080"));
/// assert!(looks_like_url("someone@example.com"));
/// assert!(!looks_like_url("www.example.com"));
/// assert!(!looks_like_url("[::1]"));
/// assert!(!looks_like_url("a b.com"));
/// ```
pub fn looks_like_url(input: &str) -> bool {
    input.contains([':', '/', '@']) && host(input).is_ok_and(|host| host != input)
}

/// The IP address a host is to the WHATWG URL standard's host parser, if
/// it is one: an IPv6 address, with or without its brackets, or an IPv4
/// address in any of the standard's forms (decimal, octal after a `0`, hex
/// after `0x`, one to four numbers, a final dot, full-width digits). A
/// lookup refuses every such host ([`HostError::IpAddress`](crate::HostError::IpAddress));
/// this says which address it is. `None` for a name, and for a host that
/// ends in a number but is no address (`999.1.1.1`), which the standard
/// refuses too.
///
/// ```
/// use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
///
/// let home = Some(IpAddr::V4(Ipv4Addr::LOCALHOST));
/// assert_eq!(etld::url::ip_address("127.0.0.1"), home);
/// assert_eq!(etld::url::ip_address("0x7f.1"), home);
/// assert_eq!(etld::url::ip_address("[::1]"), Some(IpAddr::V6(Ipv6Addr::LOCALHOST)));
/// assert_eq!(etld::url::ip_address("999.1.1.1"), None);
/// assert_eq!(etld::url::ip_address("example.com"), None);
/// ```
pub fn ip_address(host: &str) -> Option<std::net::IpAddr> {
    super::ip::address(host)
}

/// [`host`] by the whole parser alone, without the shortcuts for a host
/// alone and a plain web URL: for the fuzz targets (fuzzing builds only),
/// which hold the two equal on any input.
#[cfg(etld_fuzzing)]
pub fn host_by_parser(input: &str) -> Result<Cow<'_, str>, UrlError> {
    parse(input)
}

/// [`host`] by the whole parser, for any input.
fn parse(input: &str) -> Result<Cow<'_, str>, UrlError> {
    let trimmed = input.trim_matches(is_c0_or_space);
    if trimmed.bytes().any(is_tab_or_newline) {
        let clean: String = trimmed
            .chars()
            .filter(|&c| !matches!(c, '\t' | '\n' | '\r'))
            .collect();
        return host_in(&clean).map(|h| Cow::Owned(h.into_owned()));
    }
    host_in(trimmed)
}

/// Whether every byte of `input` may stand in a host that [`host`] gives
/// back as it is. Every byte is read, each a table read and an `and`: a
/// test that stops at the first other byte branches on each byte's kind,
/// letter, digit or dot, and mispredicts several times a host
/// (python/bench/bench.py --scalar, `extract`, under `perf`).
fn is_host_alone(input: &str) -> bool {
    input
        .bytes()
        .fold(true, |all, b| all & HOST_BYTE[usize::from(b)])
}

/// The host of an `http://` or `https://` URL (the scheme in any case)
/// whose host is of [`HOST_BYTE`]s, with no userinfo, and followed by the
/// end, `/`, `\`, `?`, `#`, or a valid port and one of those: what the
/// parser gives such a URL, which nothing after that end changes (tabs and
/// newlines there are dropped, and spaces and controls trimmed, without
/// moving the host). `None` for any other input, which the parser reads.
fn plain_web_host(input: &str) -> Option<&str> {
    let bytes = input.as_bytes();
    if !bytes.get(..4)?.eq_ignore_ascii_case(b"http") {
        return None;
    }
    let start = match bytes.get(4..)? {
        [b's' | b'S', b':', b'/', b'/', ..] => 8,
        [b':', b'/', b'/', ..] => 7,
        _ => return None,
    };
    let rest = input.get(start..)?;
    let len = rest
        .bytes()
        .position(|b| !HOST_BYTE[usize::from(b)])
        .unwrap_or(rest.len());
    // A boundary of `rest`'s characters: the byte there is ASCII.
    let (host, after) = rest.split_at(len);
    // What is left of the authority: nothing, or a port.
    let plain = match after.strip_prefix(':') {
        Some(port) => check_port(before_special_end(port), 0).is_ok(),
        None => before_special_end(after).is_empty(),
    };
    (plain && !host.is_empty()).then_some(host)
}

/// Whether a byte may stand in a host that [`host`] gives back as it is:
/// an ASCII letter or digit, `.`, `-` or `_`, or a byte of a non-ASCII
/// character, which the parser leaves as it is (UTS 46 processing is the
/// lookup's), so that a Unicode host takes the shortcuts too
/// (python/bench/bench.py --column, URLs).
static HOST_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] =
            byte.is_ascii_alphanumeric() || matches!(byte, b'.' | b'-' | b'_') || byte >= 0x80;
        b += 1;
    }
    table
};

/// [`host`] on a trimmed input without tabs or newlines.
fn host_in(text: &str) -> Result<Cow<'_, str>, UrlError> {
    // `::1`, `fe80::1/x`: an address meant as a host, though its first
    // label may read as a scheme; telling the user what it is helps more
    // than the parser's reason for failing it.
    let head = before_special_end(text);
    if head.contains(':') && head.parse::<Ipv6Addr>().is_ok() {
        return Err(UrlError::UnbracketedIpv6 { offset: 0 });
    }
    match scheme(text) {
        Some((scheme, rest)) => {
            let at = text.len() - rest.len();
            if SPECIAL.iter().any(|sp| scheme.eq_ignore_ascii_case(sp)) {
                special_host(rest, at)
            } else if scheme.eq_ignore_ascii_case("file") {
                file_host(rest, at)
            } else if let Some(authority) = rest.strip_prefix("//") {
                // `mailto://host/` too: a URL with an authority, not an
                // address.
                opaque_host(authority, at + 2)
            } else if scheme.eq_ignore_ascii_case("mailto") {
                mailbox_host(rest, at)
            } else if is_port_like(rest) {
                // `host:port`: what looked like a scheme was a host.
                special_host(text, 0)
            } else {
                // `scheme:` and an opaque path, or a path of `/`: no host.
                Err(UrlError::NoHost)
            }
        }
        None => {
            if let Some(offset) = bad_scheme(text) {
                return Err(UrlError::Scheme { offset });
            }
            // No scheme: the authority of a special URL, after any slashes.
            special_host(text, 0)
        }
    }
}

/// The scheme of `text` and what follows its `:`, if `text` starts with one
/// (an ASCII letter, then letters, digits, `+`, `-`, `.`).
fn scheme(text: &str) -> Option<(&str, &str)> {
    let (scheme, rest) = text.split_once(':')?;
    let mut bytes = scheme.bytes();
    let first = bytes.next()?;
    let valid = first.is_ascii_alphabetic()
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    valid.then_some((scheme, rest))
}

/// Whether what follows a `:` (up to the next `/`, `\`, `?`, `#`) is meant
/// as a port: it starts with an ASCII digit and holds no `@`. Whether it is
/// a valid one is for the authority's parser to say, so that `a.com:8o` and
/// `a.com:65536` are told their port is wrong.
fn is_port_like(after_colon: &str) -> bool {
    let port = before_special_end(after_colon);
    port.starts_with(|c: char| c.is_ascii_digit()) && !port.contains('@')
}

/// Where the would-be scheme of `text` (which has no valid one) goes wrong,
/// if `text` reads as a URL with a scheme that is not one: a `:` before any
/// `/`, `\`, `?`, `#`, `@`, not followed by a port. A bracketed IPv6
/// literal (`[::1]:80`) is a host, whatever its colons.
fn bad_scheme(text: &str) -> Option<usize> {
    if text.starts_with('[') {
        return None;
    }
    let colon = text.find([':', '/', '\\', '?', '#', '@'])?;
    if text.as_bytes().get(colon) != Some(&b':') || is_port_like(&text[colon + 1..]) {
        return None;
    }
    let offset = text[..colon]
        .bytes()
        .enumerate()
        .position(|(i, b)| match i {
            0 => !b.is_ascii_alphabetic(),
            _ => !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')),
        });
    Some(offset.unwrap_or(0))
}

/// How many `/` and `\` start `text`.
fn slashes(text: &str) -> usize {
    text.bytes()
        .take_while(|&b| b == b'/' || b == b'\\')
        .count()
}

/// The host of a special URL whose authority follows the slashes that
/// start `rest` (which starts at byte `at` of the text).
fn special_host(rest: &str, at: usize) -> Result<Cow<'_, str>, UrlError> {
    let skip = slashes(rest);
    special_authority(before_special_end(&rest[skip..]), at + skip)
}

/// Checks `port` (which starts at byte `at`) as the standard reads a port:
/// empty, or ASCII digits worth at most 65535.
fn check_port(port: &str, at: usize) -> Result<(), UrlError> {
    if !port.bytes().all(|b| b.is_ascii_digit()) {
        return Err(UrlError::Port { offset: at });
    }
    let digits = port.trim_start_matches('0');
    if digits.len() > 5 || digits.parse::<u32>().is_ok_and(|p| p > 65535) {
        return Err(UrlError::PortOutOfRange { offset: at });
    }
    Ok(())
}

/// The host and port of an authority (which starts at byte `at` of the
/// text) once its userinfo (up to the last `@`) is dropped: the host, with
/// its offset; an IPv6 literal keeps its brackets.
fn host_port(authority: &str, at: usize) -> Result<(&str, usize), UrlError> {
    let (host_port, at) = match authority.rfind('@') {
        Some(i) => (&authority[i + 1..], at + i + 1),
        None => (authority, at),
    };
    if host_port.contains(':') && host_port.parse::<Ipv6Addr>().is_ok() {
        return Err(UrlError::UnbracketedIpv6 { offset: at });
    }
    let host = match host_port.strip_prefix('[') {
        // An IPv6 literal: up to its `]`, then a port or nothing.
        Some(_) => match host_port.find(']') {
            Some(close) => {
                let (host, after) = host_port.split_at(close + 1);
                match after.strip_prefix(':') {
                    _ if after.is_empty() => host,
                    Some(port) => {
                        check_port(port, at + close + 2)?;
                        host
                    }
                    None => {
                        return Err(UrlError::Port {
                            offset: at + close + 1,
                        })
                    }
                }
            }
            None => return Err(UrlError::UnclosedBracket { offset: at }),
        },
        None => match host_port.split_once(':') {
            Some((host, port)) => {
                check_port(port, at + host.len() + 1)?;
                host
            }
            None => host_port,
        },
    };
    Ok((host, at))
}

/// The host of a special URL's authority (which starts at byte `at` of the
/// text): userinfo and port dropped, checked ([`check_domain`]),
/// percent-decoded.
fn special_authority(authority: &str, at: usize) -> Result<Cow<'_, str>, UrlError> {
    let (host, at) = host_port(authority, at)?;
    if host.is_empty() {
        return Err(UrlError::NoHost);
    }
    check_domain(host, at)?;
    percent_decode(host, at)
}

/// Refuses what the standard's parser refuses in a special or `file:` host
/// (`host`, at byte `at` of the text) before any IDNA processing: a
/// bracketed literal that is not an IPv6 address, and a forbidden domain
/// code point (a forbidden host code point, a C0 control, `%` or DEL),
/// written or percent-encoded (`%2F`, `%00`; a `%` that starts no escape
/// is one itself). The rest (labels, IPv4 forms, Unicode) is the lookup's.
fn check_domain(host: &str, at: usize) -> Result<(), UrlError> {
    if let Some(inner) = host.strip_prefix('[') {
        let inner = inner.strip_suffix(']').unwrap_or(inner);
        return match inner.parse::<Ipv6Addr>() {
            Ok(_) => Ok(()),
            Err(_) => Err(UrlError::InvalidIpv6 { offset: at }),
        };
    }
    let forbidden = |b: u8| is_forbidden_host_byte(b) || b < 0x20 || b == b'%' || b == 0x7F;
    let bytes = host.as_bytes();
    let mut i = 0;
    while let Some((byte, len)) = decoded_at(bytes, i) {
        if forbidden(byte) {
            return Err(UrlError::ForbiddenCodePoint {
                offset: at + i,
                code_point: char::from(byte),
            });
        }
        i += len;
    }
    Ok(())
}

/// The host of a `file:` URL, `rest` being what follows `file:` (at byte
/// `at` of the text).
fn file_host(rest: &str, at: usize) -> Result<Cow<'_, str>, UrlError> {
    // `file:/x`, `file:x`: a path and no host.
    if slashes(rest) < 2 {
        return Err(UrlError::NoHost);
    }
    let text = &rest[2..];
    let at = at + 2;
    let host = before_special_end(text);
    let bytes = host.as_bytes();
    let drive_letter =
        bytes.len() == 2 && bytes[0].is_ascii_alphabetic() && matches!(bytes[1], b':' | b'|');
    if host.is_empty() || drive_letter {
        return Err(UrlError::NoHost);
    }
    // A bracketed IPv6 literal holds colons; the lookup checks it, as a
    // special URL's.
    let literal = host.starts_with('[') && host.ends_with(']');
    if let Some(i) = host.find([':', '@']).filter(|_| !literal) {
        return Err(UrlError::ForbiddenCodePoint {
            offset: at + i,
            code_point: char::from(host.as_bytes()[i]),
        });
    }
    check_domain(host, at)?;
    let host = percent_decode(host, at)?;
    // `localhost` is the standard's name for "this machine", no host; it
    // compares after domain-to-ASCII, so UTS 46's mapping counts.
    if matches!(uts46::to_ascii(&host).as_deref(), Ok("localhost")) {
        return Err(UrlError::NoHost);
    }
    Ok(host)
}

/// The opaque host of a non-special URL whose authority starts `text` (at
/// byte `at` of the input): as written, neither percent-decoded nor
/// canonicalised, but for what the standard percent-encodes in one (C0
/// controls, DEL and every non-ASCII character, as UTF-8 bytes): the host
/// of `sc://ñ.com/` is `%C3%B1.com`, as that of `sc://%C3%B1.com/` is.
fn opaque_host(text: &str, at: usize) -> Result<Cow<'_, str>, UrlError> {
    let end = text
        .bytes()
        .position(|b| matches!(b, b'/' | b'?' | b'#'))
        .unwrap_or(text.len());
    let authority = &text[..end];
    let (host, host_at) = host_port(authority, at)?;
    if host.is_empty() {
        return Err(UrlError::NoHost);
    }
    // A bracketed literal must be an IPv6 address, as a special URL's;
    // any other host may hold no forbidden host code point.
    if host.starts_with('[') {
        check_domain(host, host_at)?;
    } else if let Some(i) = host.bytes().position(is_forbidden_host_byte) {
        return Err(UrlError::ForbiddenCodePoint {
            offset: host_at + i,
            code_point: char::from(host.as_bytes()[i]),
        });
    }
    let encoded = |b: u8| !(0x20..0x7f).contains(&b);
    if !host.bytes().any(encoded) {
        return Ok(Cow::Borrowed(host));
    }
    let mut out = String::with_capacity(host.len() * 3);
    for b in host.bytes() {
        match encoded(b) {
            true => {
                // Writing to a String cannot fail.
                let _ = write!(out, "%{b:02X}");
            }
            false => out.push(char::from(b)),
        }
    }
    Ok(Cow::Owned(out))
}

/// The host of a `mailto:` URL: that of its first address.
fn mailbox_host(rest: &str, at: usize) -> Result<Cow<'_, str>, UrlError> {
    let first = rest.split([',', '?', '#']).next().unwrap_or("");
    match first.rfind('@') {
        Some(i) if i + 1 < first.len() => {
            let (host, at) = (&first[i + 1..], at + i + 1);
            check_domain(host, at)?;
            percent_decode(host, at)
        }
        _ => Err(UrlError::NoHost),
    }
}

/// `host` (at byte `at` of the text) percent-decoded; an escape that is not
/// `%` and two hex digits stays as it is (the lookup then refuses its `%`).
fn percent_decode(host: &str, at: usize) -> Result<Cow<'_, str>, UrlError> {
    if !host.contains('%') {
        return Ok(Cow::Borrowed(host));
    }
    let bytes = host.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some((byte, len)) = decoded_at(bytes, i) {
        out.push(byte);
        i += len;
    }
    String::from_utf8(out).map(Cow::Owned).map_err(|e| {
        // Where the invalid sequence came from in the host: the escape
        // that produced its first byte.
        let bad = e.utf8_error().valid_up_to();
        UrlError::InvalidUtf8 {
            offset: at + source_offset(bytes, bad),
        }
    })
}

/// The offset in `encoded` of the input that produced byte `decoded` of
/// its percent-decoding.
fn source_offset(encoded: &[u8], decoded: usize) -> usize {
    let (mut i, mut n) = (0, 0);
    while n < decoded {
        let Some((_, len)) = decoded_at(encoded, i) else {
            break;
        };
        i += len;
        n += 1;
    }
    i
}

/// The byte that percent-decoding makes of `encoded` at `at`, and how many
/// bytes of `encoded` it takes: an escape (`%` and two hex digits) is the
/// byte it stands for, in three; any other byte is itself, in one (a `%`
/// that starts no escape stays as it is). None at the end.
fn decoded_at(encoded: &[u8], at: usize) -> Option<(u8, usize)> {
    let b = *encoded.get(at)?;
    let hex = |j: usize| encoded.get(j).and_then(|&d| (d as char).to_digit(16));
    Some(match (b, hex(at + 1), hex(at + 2)) {
        (b'%', Some(hi), Some(lo)) => ((hi * 16 + lo) as u8, 3),
        _ => (b, 1),
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// A host alone is given back as the whole parser gives it.
        #[test]
        fn a_host_alone_is_what_the_parser_gives(
            h in "[A-Za-z0-9._\u{80}-\u{10FFFF}\u{85}\u{A0}\u{3002}\u{FF0F}-]{1,40}"
        ) {
            prop_assert_eq!(host(&h), host_in(&h));
        }

        /// An input that starts as a plain web URL, or nearly, gives the
        /// host the whole parser gives, whatever follows.
        #[test]
        fn a_plain_web_url_is_what_the_parser_gives(
            scheme in prop_oneof![
                3 => "(?i:https?)://",
                1 => "(?i:https?|ws|ftp)(:/|:///|:\\\\|://)",
            ],
            host_part in prop_oneof![
                3 => "[A-Za-z0-9._-]{0,12}",
                1 => "[A-Za-z0-9._%@\\[\\]:-]{0,12}",
                1 => "[a-z0-9.\u{80}-\u{10FFFF}\u{85}\u{A0}\u{3002}\u{FF0F}\u{FF20}-]{0,8}",
            ],
            port in "(:[0-9]{0,7})?",
            end in "[/\\\\?#:@ \t%.]?",
            rest in "[a-z0-9/\\\\?#:@ \t\u{0}%.-]{0,8}",
        ) {
            let url = format!("{scheme}{host_part}{port}{end}{rest}");
            let (fast, whole) = (host(&url), parse(&url));
            prop_assert_eq!(fast.as_deref(), whole.as_deref(), "{:?}", url);
        }
    }

    #[test]
    fn hosts_of_urls() {
        for (input, want) in [
            ("https://www.example.co.uk/path?q=1", "www.example.co.uk"),
            ("HTTP://User:Pass@Example.COM:80/", "Example.COM"),
            ("  http://example.com \u{1}", "example.com"),
            ("http://exa\tmple.c\nom/", "example.com"),
            ("http:\\\\example.com\\x", "example.com"),
            ("http:example.com", "example.com"),
            ("https://///example.com", "example.com"),
            ("https:///path", "path"),
            ("ws://a@b@example.com:1/", "example.com"),
            ("ftp://example.com#x", "example.com"),
            ("http://[::1]:80/", "[::1]"),
            ("http://example.com:/", "example.com"),
            ("http://%65xample.com/", "example.com"),
            ("http://b%C3%BCcher.de/", "bücher.de"),
            ("食狮.公司.cn", "食狮.公司.cn"),
        ] {
            assert_eq!(host(input).as_deref(), Ok(want), "{input:?}");
        }
    }

    #[test]
    fn conveniences_that_are_not_urls() {
        for (input, want) in [
            ("example.com", "example.com"),
            ("example.com:8080", "example.com"),
            ("localhost:8080/x", "localhost"),
            ("localhost:8080\\x", "localhost"),
            ("example.com:0080?q", "example.com"),
            ("user@mail.example.com", "mail.example.com"),
            ("//example.com/x", "example.com"),
            ("\\\\example.com\\x", "example.com"),
            ("example.com/path", "example.com"),
            ("example.com/a:b", "example.com"),
            ("bücher.de:8080", "bücher.de"),
            ("bücher.de", "bücher.de"),
            ("ü:1/x://y", "ü"),
            ("example.com/a://b", "example.com"),
            ("[::1]:80", "[::1]"),
            ("1.2.3.4:80", "1.2.3.4"),
            ("mailto:someone@example.org?subject=x", "example.org"),
            ("MAILTO:a@example.org,b@example.net", "example.org"),
            ("mailto://example.com:8080/x?y", "example.com"),
        ] {
            assert_eq!(host(input).as_deref(), Ok(want), "{input:?}");
        }
        // A port that is meant as one is checked as one.
        assert_eq!(
            host("a.com:65536"),
            Err(UrlError::PortOutOfRange { offset: 6 })
        );
        assert_eq!(host("a.com:8o"), Err(UrlError::Port { offset: 6 }));
        assert_eq!(
            host("bücher.de:99999"),
            Err(UrlError::PortOutOfRange { offset: 11 })
        );
        // An empty port is not one: `example.com:` is a URL of the scheme
        // `example.com` with an empty path, as `javascript:` is.
        assert_eq!(host("example.com:"), Err(UrlError::NoHost));
        assert_eq!(host("example.com:/x"), Err(UrlError::NoHost));
        // Nor is what holds `@`: the URL's path, not userinfo; so is a
        // password's, as the standard reads it (the scheme `user`).
        assert_eq!(host("a.com:80@b.com"), Err(UrlError::NoHost));
        assert_eq!(host("user:pw@mail.example.com"), Err(UrlError::NoHost));
    }

    #[test]
    fn non_special_schemes() {
        for (input, want) in [
            ("foo://user@example.net:9/", "example.net"),
            ("git+ssh://git@Example.ORG/repo.git", "Example.ORG"),
            ("a+b.c-d://example.com/", "example.com"),
            ("foo://example.com:/", "example.com"),
            ("foo://a:b@c@example.com/", "example.com"),
            ("foo://a\\b@example.com/", "example.com"),
            ("foo://example.com?q", "example.com"),
            ("foo://example.com#f", "example.com"),
            ("foo://[::1]:8/", "[::1]"),
            // Opaque: as written, neither decoded nor canonicalised, but
            // for the code points the standard percent-encodes.
            ("foo://ex%61mple.com/", "ex%61mple.com"),
            ("foo://bücher.de/", "b%C3%BCcher.de"),
            ("sc://%/", "%"),
            ("foo://\u{1}x\u{7f}/", "%01x%7F"),
        ] {
            assert_eq!(host(input).as_deref(), Ok(want), "{input:?}");
        }
        for input in [
            "javascript:/www.evil.com",
            "javascript://www.evil.com/%0aalert(1)",
            "javascript:alert(1)",
            "foo:\\\\x.example.com",
            "foo:///x.example.com",
            "foo://",
            "foo://?x",
            "foo://#x",
            "foo:/x.example.com",
            "foo:x.example.com",
            "data:text/plain,x",
            "urn:isbn:0451450523",
            "mailto:nobody",
            "mailto:",
            "about:blank",
            "foo://user@/",
        ] {
            // `javascript://host/` has a host (the parser gives one); the
            // rest have none.
            let got = host(input);
            match input.starts_with("javascript://") {
                true => assert_eq!(got.as_deref(), Ok("www.evil.com"), "{input:?}"),
                false => assert_eq!(got, Err(UrlError::NoHost), "{input:?}"),
            }
        }
        for (input, want) in [
            (
                "foo://a<b/",
                UrlError::ForbiddenCodePoint {
                    offset: 7,
                    code_point: '<',
                },
            ),
            (
                "foo://a b/",
                UrlError::ForbiddenCodePoint {
                    offset: 7,
                    code_point: ' ',
                },
            ),
            (
                "foo://x\\y.com/",
                UrlError::ForbiddenCodePoint {
                    offset: 7,
                    code_point: '\\',
                },
            ),
            (
                "foo://a^b/",
                UrlError::ForbiddenCodePoint {
                    offset: 7,
                    code_point: '^',
                },
            ),
            (
                "foo://a|b/",
                UrlError::ForbiddenCodePoint {
                    offset: 7,
                    code_point: '|',
                },
            ),
            (
                "foo://a]b/",
                UrlError::ForbiddenCodePoint {
                    offset: 7,
                    code_point: ']',
                },
            ),
            (
                "foo://a\u{0}b/",
                UrlError::ForbiddenCodePoint {
                    offset: 7,
                    code_point: '\u{0}',
                },
            ),
            ("foo://h:8o/", UrlError::Port { offset: 8 }),
            ("foo://h:80\\x", UrlError::Port { offset: 8 }),
            ("foo://h:65536/", UrlError::PortOutOfRange { offset: 8 }),
            ("foo://h:1:2/", UrlError::Port { offset: 8 }),
            ("foo://[::1/", UrlError::UnclosedBracket { offset: 6 }),
            ("foo://::1/", UrlError::UnbracketedIpv6 { offset: 6 }),
        ] {
            assert_eq!(host(input), Err(want), "{input:?}");
        }
    }

    #[test]
    fn file_urls() {
        for (input, want) in [
            ("file://server/share", "server"),
            ("file:\\\\server\\share", "server"),
            ("FILE:/\\server", "server"),
            ("file://ex%61mple.com/", "example.com"),
            ("file://localhost.example/", "localhost.example"),
            ("file://[1::8]/C:/", "[1::8]"),
        ] {
            assert_eq!(host(input).as_deref(), Ok(want), "{input:?}");
        }
        for input in [
            "file:///etc/passwd",
            "file:////server/share",
            "file://localhost/x",
            "file://LOCALHOST/x",
            "file://%6Cocalhost/x",
            "file://loC\u{1D400}\u{1D40B}\u{1D407}\u{1D428}\u{1D42C}\u{1D42D}/usr/bin",
            "file://C:/x",
            "file://c|/x",
            "file:/example.com/",
            "file:example.com",
            "file:",
            "file:?x",
            "file://",
            "file:\\\\\\\\",
        ] {
            assert_eq!(host(input), Err(UrlError::NoHost), "{input:?}");
        }
        for (input, want) in [
            (
                "file://example:1/",
                UrlError::ForbiddenCodePoint {
                    offset: 14,
                    code_point: ':',
                },
            ),
            (
                "file://user@host/",
                UrlError::ForbiddenCodePoint {
                    offset: 11,
                    code_point: '@',
                },
            ),
            (
                "file://C:x/",
                UrlError::ForbiddenCodePoint {
                    offset: 8,
                    code_point: ':',
                },
            ),
            ("file://ex%FF/", UrlError::InvalidUtf8 { offset: 9 }),
        ] {
            assert_eq!(host(input), Err(want), "{input:?}");
        }
    }

    #[test]
    fn what_is_not_a_scheme_is_refused() {
        for (input, offset) in [
            ("éftp://evil.com/", 0),
            ("1http://example.com/", 0),
            ("://example.com/", 0),
            ("ht tp://example.com/", 2),
            ("htt_p://example.com/", 3),
            ("http\u{7f}://example.com/", 4),
            ("  ftpé://x/", 3),
            // Ignorable code points before a scheme: the browser's parser
            // sees a scheme that is not one, and fails without a base.
            ("\u{34f}Ftp://www.example.com/", 0),
            ("\u{200b}ftp:/www.example.com", 0),
            ("\u{feff}http://example.com/", 0),
            ("\u{ad}javascript:/www.evil.com", 0),
            ("ex_ample.com:", 2),
            ("bücher.de:/x", 1),
        ] {
            assert_eq!(host(input), Err(UrlError::Scheme { offset }), "{input:?}");
        }
        assert_eq!(
            UrlError::Scheme { offset: 0 }.to_string(),
            "invalid scheme: a scheme starts with an ASCII letter"
        );
    }

    #[test]
    fn an_ipv6_address_without_brackets_is_named() {
        for (input, offset) in [
            ("::1", 0),
            ("fe80::1/x", 0),
            ("abcd::1", 0),
            ("2001:db8::1", 0),
            ("http://::1/", 7),
            ("user@::1", 5),
        ] {
            assert_eq!(
                host(input),
                Err(UrlError::UnbracketedIpv6 { offset }),
                "{input:?}"
            );
        }
        assert!(UrlError::UnbracketedIpv6 { offset: 0 }
            .to_string()
            .contains("IPv6 address"));
        assert!(UrlError::PortOutOfRange { offset: 6 }
            .to_string()
            .contains("over 65535"));
    }

    #[test]
    fn hosts_stay_borrowed_when_they_can() {
        assert!(matches!(host("http://example.com/"), Ok(Cow::Borrowed(_))));
        assert!(matches!(host("foo://example.com/"), Ok(Cow::Borrowed(_))));
        assert!(matches!(host("http://ex\tample.com/"), Ok(Cow::Owned(_))));
        assert!(matches!(host("http://ex%61mple.com/"), Ok(Cow::Owned(_))));
    }

    #[test]
    fn urls_without_a_host() {
        for (input, want) in [
            ("", UrlError::NoHost),
            ("http://", UrlError::NoHost),
            ("https://?q", UrlError::NoHost),
            ("https://#", UrlError::NoHost),
            ("http://user@/", UrlError::NoHost),
            ("http://:80/", UrlError::NoHost),
            ("http://example.com:8o/", UrlError::Port { offset: 19 }),
            (
                "http://example.com:65536/",
                UrlError::PortOutOfRange { offset: 19 },
            ),
            (
                "http://example.com:0000065536/",
                UrlError::PortOutOfRange { offset: 19 },
            ),
            ("http://[::1/", UrlError::UnclosedBracket { offset: 7 }),
            ("http://[::1]x/", UrlError::Port { offset: 12 }),
            ("http://[::1]:x/", UrlError::Port { offset: 13 }),
            (
                "http://ex%FFample.com/",
                UrlError::InvalidUtf8 { offset: 9 },
            ),
            // What the standard's parser refuses in a special or file host,
            // written or percent-encoded, with the `%` that starts no
            // escape; a bracketed literal that is no IPv6 address.
            (
                "https://ex ample.com/",
                UrlError::ForbiddenCodePoint {
                    offset: 10,
                    code_point: ' ',
                },
            ),
            (
                "http://a<b.com/",
                UrlError::ForbiddenCodePoint {
                    offset: 8,
                    code_point: '<',
                },
            ),
            (
                "http://example.com%2F/",
                UrlError::ForbiddenCodePoint {
                    offset: 18,
                    code_point: '/',
                },
            ),
            (
                "http://exa%00mple.com/",
                UrlError::ForbiddenCodePoint {
                    offset: 10,
                    code_point: '\u{0}',
                },
            ),
            (
                "http://a%7fb.com/",
                UrlError::ForbiddenCodePoint {
                    offset: 8,
                    code_point: '\u{7f}',
                },
            ),
            (
                "http://%zz.com/",
                UrlError::ForbiddenCodePoint {
                    offset: 7,
                    code_point: '%',
                },
            ),
            (
                "http://a%25b.com/",
                UrlError::ForbiddenCodePoint {
                    offset: 8,
                    code_point: '%',
                },
            ),
            (
                "a^b.com:80",
                UrlError::ForbiddenCodePoint {
                    offset: 1,
                    code_point: '^',
                },
            ),
            (
                "file://example%/",
                UrlError::ForbiddenCodePoint {
                    offset: 14,
                    code_point: '%',
                },
            ),
            (
                "file://a|b/",
                UrlError::ForbiddenCodePoint {
                    offset: 8,
                    code_point: '|',
                },
            ),
            (
                "mailto:x@a%2Fb.com",
                UrlError::ForbiddenCodePoint {
                    offset: 10,
                    code_point: '/',
                },
            ),
            ("http://[v1.x]/", UrlError::InvalidIpv6 { offset: 7 }),
            ("http://[::1%eth0]/", UrlError::InvalidIpv6 { offset: 7 }),
            ("http://[1.2.3.4]/", UrlError::InvalidIpv6 { offset: 7 }),
            ("file://[x]/", UrlError::InvalidIpv6 { offset: 7 }),
            ("sc://[v1.x]/", UrlError::InvalidIpv6 { offset: 5 }),
        ] {
            assert_eq!(host(input), Err(want), "{input:?}");
        }
        // Escapes of what a host may hold are decoded as before.
        assert_eq!(host("http://a%2Db.com/").as_deref(), Ok("a-b.com"));
        assert_eq!(
            host("http://[::ffff:1.2.3.4]/").as_deref(),
            Ok("[::ffff:1.2.3.4]")
        );
        assert!(host("http://example.com:65535/").is_ok());
        assert!(host("http://example.com:00000/").is_ok());
        assert!(host("http://example.com:000000000080/").is_ok());
    }
}
