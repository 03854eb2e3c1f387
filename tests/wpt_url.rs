//! The web-platform-tests URL suite, converted into `vectors/wpt_url_hosts.txt`
//! by `scripts/wpt_url_hosts.py`: for every case whose host the input alone
//! decides (special, file and non-special schemes), `lookup_url` answers what
//! a lookup of the standard's hostname answers (and that lookup succeeds); an
//! opaque host (non-special schemes) is the one the input writes, with the
//! code points the standard percent-encodes so encoded, and is looked up as
//! it stands; an IP address is refused as one; a URL the
//! standard gives no host has none; an input the standard refuses is an
//! error. Hosts that docs/behaviour.md section 3 refuses though the standard
//! keeps them are converted as failures, each after a `# behaviour.md:` line
//! giving the reason; the conveniences of `--url` that are not URLs
//! (`host:port`, `mailto:user@host`, no scheme) are left out, counted in the
//! file's header.

use etld::{HostError, List, Options, Output, UrlError, UrlLookupError};

/// `text` with C0 controls, DEL and every non-ASCII character written as
/// `%HH` escapes of their UTF-8 bytes: the standard's C0 control
/// percent-encode set, which an opaque host is encoded with.
fn percent_encode_c0(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            0x20..=0x7e => char::from(b).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Undoes the vector file's escapes: `\\`, `\t`, `\n`, `\r`, `\u{HEX}`.
fn unescape(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('\\') => out.push('\\'),
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('u') => {
                let hex: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                let code = u32::from_str_radix(&hex, 16).expect("hex escape");
                out.push(char::from_u32(code).expect("a char"));
            }
            other => panic!("bad escape {other:?} in {text:?}"),
        }
    }
    out
}

/// The parts of an answer that must agree.
fn answer(
    result: &Result<etld::Domain<'_>, UrlLookupError>,
) -> Result<(Option<String>, Option<String>), String> {
    result
        .as_ref()
        .map(|d| {
            (
                d.suffix().map(str::to_string),
                d.registrable().map(str::to_string),
            )
        })
        .map_err(|e| format!("{e:?}"))
}

#[test]
fn wpt_url_hosts() {
    let text = include_str!("../vectors/wpt_url_hosts.txt");
    let list = List::builtin();
    let ascii = Options::new().output(Output::Ascii);
    let (mut hosts, mut ips, mut failures) = (0, 0, 0);
    let (mut opaque, mut none) = (0, 0);
    let mut wrong = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (input, expectation) = line.split_once('\t').expect("INPUT<TAB>EXPECTATION");
        let input = unescape(input);
        let got = list.lookup_url_with(&input, &ascii);
        match expectation.split_once(' ') {
            Some(("host", name)) => {
                hosts += 1;
                let name = unescape(name);
                let want = list
                    .lookup_with(&name, &ascii)
                    .map_err(UrlLookupError::from);
                if want.is_err() {
                    wrong.push(format!(
                        "{input:?}: a lookup refuses the standard's host {name:?} ({want:?}); \
                         if docs/behaviour.md means to, say why in scripts/wpt_url_hosts.py \
                         (spec_differs)"
                    ));
                } else if answer(&got) != answer(&want) {
                    wrong.push(format!(
                        "{input:?}: {got:?}, the standard's host gives {want:?}"
                    ));
                }
            }
            Some(("opaque", name)) => {
                opaque += 1;
                let name = percent_encode_c0(&unescape(name));
                let taken = etld::url::host(&input);
                // As it stands: a lookup may refuse it, and then the same way.
                let want = list
                    .lookup_with(&name, &ascii)
                    .map_err(UrlLookupError::from);
                if taken.as_deref() != Ok(name.as_str()) {
                    wrong.push(format!(
                        "{input:?}: host {taken:?}, the input writes {name:?}"
                    ));
                } else if answer(&got) != answer(&want) {
                    wrong.push(format!(
                        "{input:?}: {got:?}, its opaque host gives {want:?}"
                    ));
                }
            }
            _ if expectation == "none" => {
                none += 1;
                if !matches!(got, Err(UrlLookupError::Url(UrlError::NoHost))) {
                    wrong.push(format!("{input:?}: {got:?}, the standard gives no host"));
                }
            }
            _ if expectation == "ip" => {
                ips += 1;
                if !matches!(got, Err(UrlLookupError::Host(HostError::IpAddress))) {
                    wrong.push(format!("{input:?}: {got:?}, want an IP address"));
                }
            }
            _ if expectation == "failure" => {
                failures += 1;
                if got.is_ok() {
                    wrong.push(format!("{input:?}: {got:?}, the standard refuses it"));
                }
            }
            _ => panic!("bad expectation {expectation:?}"),
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} cases:\n{}",
        wrong.len(),
        hosts + ips + failures + opaque + none,
        wrong.join("\n")
    );
    assert!(
        hosts > 150 && ips > 15 && failures > 200 && opaque > 50 && none > 100,
        "{hosts} {ips} {failures} {opaque} {none}"
    );
}
