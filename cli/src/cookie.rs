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
