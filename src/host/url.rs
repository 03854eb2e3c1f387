//! Hosts of URLs: what people feed a PSL tool is mostly URLs, `host:port`
//! and e-mail addresses, not bare hostnames.
//!
//! [`host`] takes the host out of such an input the way the WHATWG URL
//! standard's parser does for the special schemes (`http`, `https`, `ws`,
//! `wss`, `ftp`), without pulling in a URL or IDNA crate:
//!
//! * leading and trailing C0 controls and spaces are trimmed, and every tab,
//!   line feed and carriage return is removed;
//! * after a special scheme any run of `/` and `\` starts the authority, which
//!   ends at the next `/`, `\`, `?` or `#`;
//! * userinfo (up to the last `@` of the authority) and the port are dropped;
//!   a port must be digits and at most 65535;
//! * the host is percent-decoded and must then be UTF-8; an IPv6 literal
//!   keeps its brackets (a lookup then refuses it as an IP address).
//!
//! Inputs without a scheme are taken as the authority of a special URL, so a
//! bare `host`, `host:port`, `user@host`, `//host/path` and `host/path` all
//! work; so does `mailto:user@host`. What the host itself may hold (labels,
//! forbidden code points, IP addresses, Unicode) is then the lookup's
//! business, as for any host.
//!
//! ```
//! use etld::url;
//!
//! assert_eq!(url::host("https://user:pw@www.Example.co.uk:8080/a?b#c")?, "www.Example.co.uk");
//! assert_eq!(url::host("www.example.co.uk:8080")?, "www.example.co.uk");
//! assert_eq!(url::host("someone@mail.example.com")?, "mail.example.com");
//! assert_eq!(url::host("http://ex%61mple.com/")?, "example.com");
//! assert!(url::host("https://?q").is_err());
//! # Ok::<(), etld::UrlError>(())
//! ```
//!
//! The standard's parser does more than this for a host (IDNA processing,
//! IPv4 forms); [`List::lookup_url`](crate::List::lookup_url) hands the host
//! to a lookup, which canonicalises it as SPEC section 3 says (UTS 46 with
//! the standard's flags) and answers for the same host as the standard on
//! every case of the web-platform-tests URL suite whose host the input alone
//! decides under a special scheme (`vectors/wpt_url_hosts.txt`), except
//! hosts with an empty label (`.`, `foo..`), which a lookup refuses.

use std::borrow::Cow;

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

/// The host of a URL, `host:port`, e-mail address or bare host (see the
/// [module docs](self)). Borrowed from the input where it stands there as
/// it is; owned when percent-decoding or the removal of tabs and newlines
/// changed it.
///
/// Error offsets count bytes of the input once trimmed and rid of its tabs
/// and newlines.
pub fn host(input: &str) -> Result<Cow<'_, str>, UrlError> {
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

/// [`host`] on a trimmed input without tabs or newlines.
fn host_in(text: &str) -> Result<Cow<'_, str>, UrlError> {
    let authority = match scheme(text) {
        Some((scheme, rest)) => {
            let at = text.len() - rest.len();
            match scheme {
                s if SPECIAL.iter().any(|sp| s.eq_ignore_ascii_case(sp)) => {
                    after_slashes(rest, at, true)
                }
                s if s.eq_ignore_ascii_case("mailto") => {
                    return mailbox_host(rest, at);
                }
                s if s.eq_ignore_ascii_case("file") => match slashes(rest) {
                    // `file://host/…`: a host, if any, right after two
                    // slashes (`file:///path` has none).
                    n if n >= 2 => authority_of(&rest[2..], at + 2, true),
                    _ => return Err(UrlError::NoHost),
                },
                _ if rest.starts_with("//") => after_slashes(rest, at, false),
                // `host:port`: what looked like a scheme was a host.
                _ if is_port(rest.split(['/', '\\', '?', '#']).next().unwrap_or("")) => {
                    after_slashes(text, 0, true)
                }
                _ => return Err(UrlError::NoHost),
            }
        }
        None => {
            // `éftp://host/`: a URL whose scheme is not a scheme, which no
            // parser takes for a host and a port.
            if let Some(offset) = bad_scheme(text) {
                return Err(UrlError::Scheme { offset });
            }
            // No scheme: the authority of a special URL, after any slashes.
            after_slashes(text, 0, true)
        }
    };
    parse_authority(authority.0, authority.1)
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

/// Where the would-be scheme of `text` goes wrong, if `text` reads as a
/// URL with a scheme that is not one: something before a `://`, with no
/// `/`, `\`, `?`, `#` or `@` ahead of it, that is not an ASCII letter
/// followed by letters, digits, `+`, `-`, `.`. (`host:port` never has `//`
/// after its colon, so it is not taken for one.)
fn bad_scheme(text: &str) -> Option<usize> {
    let colon = text.find(':')?;
    let before = &text[..colon];
    if !text[colon + 1..].starts_with("//") || before.contains(['/', '\\', '?', '#', '@']) {
        return None;
    }
    before
        .bytes()
        .enumerate()
        .position(|(i, b)| match i {
            0 => !b.is_ascii_alphabetic(),
            _ => !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')),
        })
        .or((colon == 0).then_some(0))
}

/// How many `/` and `\` start `text`.
fn slashes(text: &str) -> usize {
    text.bytes()
        .take_while(|&b| b == b'/' || b == b'\\')
        .count()
}

/// The authority after the slashes that start `rest` (which starts at byte
/// `at` of the text), up to the next `/`, `?`, `#` (and `\` when
/// `special`); with its offset.
fn after_slashes(rest: &str, at: usize, special: bool) -> (&str, usize) {
    let skip = match special {
        true => slashes(rest),
        false => rest.bytes().take_while(|&b| b == b'/').count(),
    };
    authority_of(&rest[skip..], at + skip, special)
}

/// The authority that starts `text` (at byte `at`): up to the next `/`,
/// `?`, `#` (and `\` when `special`); with its offset.
fn authority_of(text: &str, at: usize, special: bool) -> (&str, usize) {
    let end = text
        .bytes()
        .position(|b| matches!(b, b'/' | b'?' | b'#') || (special && b == b'\\'))
        .unwrap_or(text.len());
    (&text[..end], at)
}

/// Whether `text` is a port as the standard reads one: empty, or ASCII
/// digits worth at most 65535.
fn is_port(text: &str) -> bool {
    text.bytes().all(|b| b.is_ascii_digit())
        && text
            .trim_start_matches('0')
            .parse::<u32>()
            .map_or(text.trim_start_matches('0').is_empty(), |p| p <= 65535)
}

/// The host of an authority (which starts at byte `at` of the text):
/// userinfo and port dropped, percent-decoded.
fn parse_authority(authority: &str, at: usize) -> Result<Cow<'_, str>, UrlError> {
    // Userinfo ends at the last `@`.
    let (host_port, at) = match authority.rfind('@') {
        Some(i) => (&authority[i + 1..], at + i + 1),
        None => (authority, at),
    };
    let host = match host_port.strip_prefix('[') {
        // An IPv6 literal: up to its `]`, then a port or nothing.
        Some(_) => match host_port.find(']') {
            Some(close) => {
                let (host, after) = host_port.split_at(close + 1);
                match after {
                    "" => host,
                    _ if after.starts_with(':') && is_port(&after[1..]) => host,
                    _ => {
                        return Err(UrlError::Port {
                            offset: at + close + 1,
                        })
                    }
                }
            }
            None => return Err(UrlError::UnclosedBracket { offset: at }),
        },
        None => match host_port.split_once(':') {
            Some((host, port)) if is_port(port) => host,
            Some((host, _)) => {
                return Err(UrlError::Port {
                    offset: at + host.len() + 1,
                })
            }
            None => host_port,
        },
    };
    if host.is_empty() {
        return Err(UrlError::NoHost);
    }
    percent_decode(host, at)
}

/// The host of a `mailto:` URL: that of its first address.
fn mailbox_host(rest: &str, at: usize) -> Result<Cow<'_, str>, UrlError> {
    let first = rest.split([',', '?', '#']).next().unwrap_or("");
    match first.rfind('@') {
        Some(i) if i + 1 < first.len() => percent_decode(&first[i + 1..], at + i + 1),
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
    while let Some(&b) = bytes.get(i) {
        let hex = |j: usize| bytes.get(j).and_then(|&d| (d as char).to_digit(16));
        match (b, hex(i + 1), hex(i + 2)) {
            (b'%', Some(hi), Some(lo)) => {
                out.push((hi * 16 + lo) as u8);
                i += 3;
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
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
    while n < decoded && i < encoded.len() {
        let escape = encoded[i] == b'%'
            && encoded.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && encoded.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
        i += if escape { 3 } else { 1 };
        n += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

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
            ("http://%65xample.com/", "example.com"),
            ("http://%zz.com/", "%zz.com"),
            ("http://b%C3%BCcher.de/", "bücher.de"),
            ("example.com", "example.com"),
            ("example.com:8080", "example.com"),
            ("example.com:", "example.com"),
            ("localhost:8080/x", "localhost"),
            ("user@mail.example.com", "mail.example.com"),
            ("//example.com/x", "example.com"),
            ("example.com/path", "example.com"),
            ("mailto:someone@example.org?subject=x", "example.org"),
            ("foo://user@example.net:9/", "example.net"),
            ("file://server/share", "server"),
            ("食狮.公司.cn", "食狮.公司.cn"),
        ] {
            assert_eq!(host(input).as_deref(), Ok(want), "{input:?}");
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
        ] {
            assert_eq!(host(input), Err(UrlError::Scheme { offset }), "{input:?}");
        }
        assert_eq!(
            UrlError::Scheme { offset: 0 }.to_string(),
            "invalid scheme: a scheme starts with an ASCII letter"
        );
        // Not taken for a scheme: a host and port, userinfo, a path.
        for (input, want) in [
            ("bücher.de:8080", "bücher.de"),
            ("ü:1/x://y", "ü"),
            ("example.com/a://b", "example.com"),
            ("a+b.c-d://example.com/", "example.com"),
        ] {
            assert_eq!(host(input).as_deref(), Ok(want), "{input:?}");
        }
    }

    #[test]
    fn hosts_stay_borrowed_when_they_can() {
        assert!(matches!(host("http://example.com/"), Ok(Cow::Borrowed(_))));
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
            ("file:///etc/passwd", UrlError::NoHost),
            ("mailto:nobody", UrlError::NoHost),
            ("javascript:alert(1)", UrlError::NoHost),
            ("http://example.com:8o/", UrlError::Port { offset: 19 }),
            ("http://example.com:65536/", UrlError::Port { offset: 19 }),
            ("http://[::1/", UrlError::UnclosedBracket { offset: 7 }),
            ("http://[::1]x/", UrlError::Port { offset: 12 }),
            (
                "http://ex%FFample.com/",
                UrlError::InvalidUtf8 { offset: 9 },
            ),
        ] {
            assert_eq!(host(input), Err(want), "{input:?}");
        }
        assert!(host("http://example.com:65535/").is_ok());
        assert!(host("http://example.com:000000000080/").is_ok());
    }
}
