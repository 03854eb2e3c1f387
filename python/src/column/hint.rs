//! What an invalid host's message adds where the host looks like a URL
//! ([`hinted`]).

/// etld's `message` for the invalid host `input`, told what to call
/// instead where `input` looks like a URL, `host:port` or an e-mail
/// address (it holds `:`, `/` or `@`, and a URL parser finds in it a host
/// other than the whole of it, as it does not in `[::1]`): given one, a
/// host function found only a forbidden code point. The command line's note
/// on URL-like hosts (`cli/src/lookup.rs`, `looks_like_url`) uses the same
/// rule.
pub fn hinted(input: &str, message: String) -> String {
    let looks_like_url = input.contains([':', '/', '@'])
        && etld::url::host(input).is_ok_and(|host| host.as_ref() != input);
    if looks_like_url {
        format!(
            "{message}: this looks like a URL (or host:port, or an e-mail address), \
             whose host lookup_url() takes out, as the other functions do with url=True"
        )
    } else {
        message
    }
}
