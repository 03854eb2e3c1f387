//! What etld's programs add to the message of an invalid host that looks
//! like a URL ([`url_hint`]).

/// What a message about the invalid host `input` gains where `input`
/// looks like a URL, `host:port` or an e-mail address
/// ([`etld::url::looks_like_url`]): that it does, then `remedy`, which
/// names what takes out its host where the message is read (`etld_host()`
/// in SQL, `lookup_url()` in Python). `None` for any other host.
///
/// ```
/// let hint = etld_source::url_hint("https://www.example.com/", "whose host etld_host() takes out");
/// assert_eq!(
///     hint.as_deref(),
///     Some(": this looks like a URL (or host:port, or an e-mail address), whose host etld_host() takes out")
/// );
/// assert_eq!(etld_source::url_hint("a b.com", "whose host etld_host() takes out"), None);
/// ```
pub fn url_hint(input: &str, remedy: &str) -> Option<String> {
    etld::url::looks_like_url(input)
        .then(|| format!(": this looks like a URL (or host:port, or an e-mail address), {remedy}"))
}
