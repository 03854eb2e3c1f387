//! The cookie check of RFC 6265: may a host set a cookie for a domain?
//!
//! Built on [`List::lookup_with`] alone, with the options a browser uses,
//! whatever options the list carries.

use crate::error::HostError;
use crate::host::ip;
use crate::list::List;
use crate::options::{Options, Output, Sections, Wildcard};

impl List {
    /// Whether a cookie for `cookie_domain` may be set by `request_host`
    /// (RFC 6265 sections 5.1.3 and 5.3 step 5).
    ///
    /// One leading dot of the cookie domain is ignored. The cookie domain must
    /// domain-match the request host, and, unless it is the request host
    /// itself, must not be a public suffix nor lie above the request host's
    /// registrable domain: `bucket.s3.amazonaws.com` may not set a cookie
    /// for `amazonaws.com`, which is no public suffix but would send the
    /// cookie to every other bucket, as Chromium, Firefox and libpsl refuse
    /// it. An IP address matches only the same address, in any form the
    /// WHATWG URL standard reads ([`url::ip_address`](crate::url::ip_address):
    /// `127.0.0.1` and `0x7f.1`, `[::a]` and `[::A]`). Invalid hosts are never
    /// acceptable, nor is an empty cookie domain: a cookie whose `Domain`
    /// attribute is empty has none (RFC 6265 section 5.2.3), and is kept for
    /// its host alone with no check to make.
    ///
    /// This is a security check, so it answers as a browser does whatever
    /// options the list carries ([`List::with_options`]): both sections of
    /// the list count, unlisted TLDs are suffixes (the implicit `*` rule),
    /// and the parent of a wildcard rule is a suffix too
    /// ([`Wildcard::Browser`]): `kobe.jp`, under `*.kobe.jp`, is an
    /// acceptable cookie domain for no host but itself.
    ///
    /// ```
    /// use etld::{List, Options, Sections};
    ///
    /// let list = List::builtin();
    /// assert!(list.is_cookie_domain_acceptable("www.example.co.uk", ".example.co.uk"));
    /// assert!(!list.is_cookie_domain_acceptable("www.example.co.uk", "co.uk"));
    /// assert!(list.is_cookie_domain_acceptable("co.uk", "co.uk"));
    /// assert!(!list.is_cookie_domain_acceptable("a.b.kobe.jp", "kobe.jp"));
    /// assert!(!list.is_cookie_domain_acceptable("bucket.s3.amazonaws.com", "amazonaws.com"));
    ///
    /// // Options that would weaken the check are not used for it.
    /// let icann = List::builtin().clone().with_options(Options::new().sections(Sections::IcannOnly));
    /// assert!(!icann.is_cookie_domain_acceptable("a.blogspot.com", "blogspot.com"));
    /// ```
    pub fn is_cookie_domain_acceptable(&self, request_host: &str, cookie_domain: &str) -> bool {
        let cookie = cookie_domain.strip_prefix('.').unwrap_or(cookie_domain);
        let browser = Options::new()
            .sections(Sections::All)
            .implicit_rule(true)
            .wildcard(Wildcard::Browser)
            .output(Output::Ascii);
        let (request, cookie) = match (
            self.lookup_with(request_host, &browser),
            self.lookup_with(cookie, &browser),
        ) {
            (Ok(request), Ok(cookie)) => (request, cookie),
            // An IP address matches only the same address, in whatever
            // form each is written; a host that ends in a number but is no
            // address (`999.1.1.1`) matches nothing.
            (Err(HostError::IpAddress), _) | (_, Err(HostError::IpAddress)) => {
                return match (ip::address(request_host), ip::address(cookie)) {
                    (Some(request), Some(cookie)) => request == cookie,
                    _ => false,
                };
            }
            _ => return false,
        };
        let site_len = request.registrable().map(str::len);
        let (request, cookie) = (request.as_str(), cookie.as_str());
        if request == cookie {
            return true;
        }
        let domain_match = request
            .strip_suffix(cookie)
            .is_some_and(|rest| rest.ends_with('.'));
        // A domain that domain-matches the host and is at least as long as
        // its registrable domain is that domain or a name below it, so no
        // public suffix; a host with no registrable domain (a suffix
        // itself) sets cookies for itself alone, above.
        let within_site = site_len.is_some_and(|site| cookie.len() >= site);
        domain_match && within_site
    }
}
