//! `etld cookie REQUEST_HOST COOKIE_DOMAIN`: may a page on the request host
//! set a cookie for the cookie domain? The exit status answers (0 yes, 1 no),
//! so the check can be used from the shell.

use std::ffi::OsStr;
use std::io::{self, Write};

use crate::cli::CookieArgs;
use crate::commands::load_layered;
use crate::Failure;

/// The `--json` answer. The keys are written in this order, as the docs
/// show them.
#[derive(serde::Serialize)]
struct Answer {
    request_host: String,
    cookie_domain: String,
    acceptable: bool,
}

/// Runs the check and writes its answer; returns whether the cookie domain
/// is acceptable. A host that is not UTF-8 is invalid, so never acceptable.
pub fn run(args: &CookieArgs) -> Result<bool, Failure> {
    let (list, _) = load_layered(&args.files)?;
    let text = |s: &OsStr| s.to_str().map(str::to_string);
    let (host, domain) = (text(&args.request_host), text(&args.cookie_domain));
    let acceptable = match (&host, &domain) {
        (Some(host), Some(domain)) => list.is_cookie_domain_acceptable(host, domain),
        _ => false,
    };
    if !acceptable {
        // A typo is told from a refusal: an invalid host is named on
        // stderr (the cookie domain as checked, without its leading dot,
        // which the error's byte counts in), the answer and the exit status
        // staying the same.
        let cookie = domain.as_deref().map(|d| d.strip_prefix('.').unwrap_or(d));
        for (what, name) in [("request host", host.as_deref()), ("cookie domain", cookie)] {
            let mut err = io::stderr().lock();
            let _ = match name.map(|n| (n, list.lookup(n))) {
                None => writeln!(err, "etld: the {what} is invalid: its bytes are not UTF-8"),
                Some((_, Ok(_))) => continue,
                // An IP address is a host the check compares as an address;
                // a name that ends in a number but is no address is not.
                Some((name, Err(etld::HostError::IpAddress))) => {
                    if etld::url::ip_address(name).is_some() {
                        continue;
                    }
                    let name = name.escape_debug();
                    writeln!(
                        err,
                        "etld: the {what} \"{name}\" is invalid: it ends in a number but is no IP address"
                    )
                }
                Some((name, Err(e))) => {
                    let name = name.escape_debug();
                    writeln!(err, "etld: the {what} \"{name}\" is invalid: {e}")
                }
            };
        }
    }
    let mut out = io::stdout().lock();
    let written = match args.json {
        true => {
            let lossy = |s: &OsStr| s.to_string_lossy().into_owned();
            let answer = Answer {
                request_host: host.unwrap_or_else(|| lossy(&args.request_host)),
                cookie_domain: domain.unwrap_or_else(|| lossy(&args.cookie_domain)),
                acceptable,
            };
            serde_json::to_writer(&mut out, &answer)
                .map_err(io::Error::from)
                .and_then(|()| writeln!(out))
        }
        false => writeln!(
            out,
            "{}",
            if acceptable {
                "acceptable"
            } else {
                "not acceptable"
            }
        ),
    };
    match written.and_then(|()| out.flush()) {
        // Nobody reads the answer: the exit status still gives it.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(acceptable),
        Err(e) => Err(Failure::stdout(e)),
        Ok(()) => Ok(acceptable),
    }
}
