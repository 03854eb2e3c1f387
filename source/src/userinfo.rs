//! A URL's userinfo (`user:password@`), which messages show as `***@`
//! and records never keep: `etld update`'s URL, and a URL given where a
//! file was asked for.

/// The scheme of `url` (lower-cased), if it starts with one (an ASCII
/// letter, then letters, digits, `+`, `-`, `.`, then `:`).
pub(crate) fn scheme_of(url: &str) -> Option<String> {
    let (scheme, _) = url.split_once(':')?;
    let mut bytes = scheme.bytes();
    let valid = bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    valid.then(|| scheme.to_ascii_lowercase())
}

/// Where the userinfo (`user:password@`) of `url` is, `@` included, if it
/// has any: in the authority, up to its last `@`.
pub(crate) fn range(url: &str) -> Option<std::ops::Range<usize>> {
    let scheme = scheme_of(url)?;
    let rest = scheme.len() + 1;
    let start = url.len() - url[rest..].trim_start_matches(['/', '\\']).len();
    let end = url[start..]
        .find(['/', '\\', '?', '#'])
        .map_or(url.len(), |i| start + i);
    let at = url[start..end].rfind('@')?;
    Some(start..start + at + 1)
}

/// `url` with its userinfo shown as `***`: what messages show.
pub(crate) fn redacted(url: &str) -> String {
    match range(url) {
        Some(r) => format!("{}***@{}", &url[..r.start], &url[r.end..]),
        None => url.to_string(),
    }
}
