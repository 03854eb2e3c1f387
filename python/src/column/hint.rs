//! What an invalid host's message adds where the host looks like a URL
//! ([`hinted`]).

/// etld's `message` for the invalid host `input`, told what to call
/// instead where `input` looks like a URL, `host:port` or an e-mail
/// address ([`etld::url::looks_like_url`]): given one, a host function
/// found only a forbidden code point.
pub fn hinted(input: &str, message: String) -> String {
    let remedy = "whose host lookup_url() takes out, as the other functions do with url=True";
    match etld_source::url_hint(input, remedy) {
        Some(hint) => message + &hint,
        None => message,
    }
}
