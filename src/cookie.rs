//! The cookie check of RFC 6265: may a host set a cookie for a domain?
//!
//! Built on [`List::lookup_with`] alone, with the options a browser uses,
//! whatever options the list carries.

use crate::error::HostError;
use crate::list::List;
use crate::options::{Options, Output, Sections, Wildcard};

impl List {
    /// Whether a cookie for `cookie_domain` may be set by `request_host`
    /// (RFC 6265 sections 5.1.3 and 5.3 step 5).
    ///
    /// One leading dot of the cookie domain is ignored. The cookie domain must
    /// domain-match the request host, and must not be a public suffix unless
    /// it is the request host itself. An IP address (any host a lookup
    /// refuses as one) matches only itself. Invalid hosts are never
    /// acceptable.
    ///
    /// This is a security check, so it answers as a browser does whatever
    /// options the list carries ([`List::with_options`]): both sections of
    /// the list count, unlisted TLDs are suffixes (the implicit `*` rule),
    /// and the parent of a wildcard rule is a suffix too
    /// ([`Wildcard::Browser`]): `kobe.jp`, under `*.kobe.jp`, is never an
    /// acceptable cookie domain.
    ///
    /// ```
    /// use etld::{List, Options, Sections};
    ///
    /// let list = List::builtin();
    /// assert!(list.is_cookie_domain_acceptable("www.example.co.uk", ".example.co.uk"));
    /// assert!(!list.is_cookie_domain_acceptable("www.example.co.uk", "co.uk"));
    /// assert!(list.is_cookie_domain_acceptable("co.uk", "co.uk"));
    /// assert!(!list.is_cookie_domain_acceptable("a.b.kobe.jp", "kobe.jp"));
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
            // An IP address, in any form a lookup refuses as one, matches
            // only itself, byte for byte.
            (Err(HostError::IpAddress), _) | (_, Err(HostError::IpAddress)) => {
                return request_host == cookie
            }
            _ => return false,
        };
        if request.as_str() == cookie.as_str() {
            return true;
        }
        let domain_match = request
            .as_str()
            .strip_suffix(cookie.as_str())
            .is_some_and(|rest| rest.ends_with('.'));
        domain_match && !cookie.is_public_suffix()
    }
}
