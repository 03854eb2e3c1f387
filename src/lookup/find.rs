//! One host's answer: the fast path for a canonical ASCII host, and the
//! slow path for every other, which answers from the first match when it
//! can, and else has the host room canonicalise the host and walks the
//! canonical name, so that a host is walked once (but a Bidi domain name
//! with Unicode labels: docs/design.md, "Routes").

use std::borrow::Cow;

use crate::error::{HostError, LabelError};
use crate::host::form::InputForm;
use crate::host::ip::is_ipv6;
use crate::host::label::{canonicalize_host, to_unicode_name, AsciiName};
use crate::host::scan::{Form, Stop};
use crate::host::uts46::{check_ascii_bidi, is_fast_path, map_stable};
use crate::lookup::domain::Domain;
use crate::lookup::index::Index;
use crate::lookup::walk::Match;
use crate::options::{Options, Output};

impl Index {
    /// Looks up a host with the given options (see
    /// [`List::lookup_with`](crate::List::lookup_with)).
    #[inline(always)]
    pub(crate) fn lookup<'h>(
        &self,
        host: &'h str,
        options: &Options,
    ) -> Result<Domain<'h>, HostError> {
        // The fast path: a host that is canonical ASCII, already lower-case.
        // Everything else (upper case, Unicode, errors) goes to the slow
        // path, which reports every error the same way whichever path would
        // have found it (in the order of `HostError::Label`).
        let first = self.match_outlined(host, options);
        if let Ok((m, form)) = &first {
            if options.output != Output::Unicode {
                if *form == Form::CANONICAL {
                    return Ok(Domain::with_offsets(Cow::Borrowed(host), m));
                }
                // Upper-case ASCII, walked folding case: the host
                // lower-cased, held in the answer itself when it is short
                // (`crate::lookup::text`).
                if *form == Form::FOLDED {
                    return Ok(Domain::lowered(host, m));
                }
            }
        }
        self.lookup_slow(host, options, first)
    }

    /// [`Index::match_canonical`] out of line, so that [`Index::lookup`]
    /// around it is small enough to inline into its caller: the caller
    /// then builds the `Domain` where it keeps it. Returned from a call
    /// instead, a `Domain` the caller moves (`lookup(h).ok()?`) is read
    /// back in wider pieces than the call wrote it, which stalls
    /// (`examples/lookup_kinds.rs`, `etld_suffix`, under `perf`).
    #[inline(never)]
    fn match_outlined(&self, host: &str, options: &Options) -> Result<(Match, Form), Stop> {
        self.match_canonical(host, options)
    }

    /// [`Index::lookup`] for every host but a lower-case canonical ASCII
    /// one: `first` is what the fast path found.
    #[cold]
    #[inline(never)]
    pub(crate) fn lookup_slow<'h>(
        &self,
        host: &'h str,
        options: &Options,
        first: Result<(Match, Form), Stop>,
    ) -> Result<Domain<'h>, HostError> {
        if host.is_empty() {
            return Err(HostError::Empty);
        }
        match first {
            // ASCII whose A-labels are valid, one of them right-to-left: the
            // Bidi rule, on the labels lower-cased, is all that is left to
            // check.
            Ok((m, form)) if form.has(Form::BIDI) && !form.has(Form::UNICODE) => {
                check_ascii_bidi(host.as_bytes()).map_err(|e| HostError::Label {
                    offset: e.offset(),
                    error: LabelError::Uts46(e),
                })?;
                return Ok(answer(lower_case(host, form), &m, options.output));
            }
            // Walked as it is: canonical ASCII, or a Unicode host canonical
            // but for the encoding (walked against the Unicode twins of
            // `xn--` labels) when the answer is to be in its own form
            // (`Index::match_scanned`). A Bidi domain name in another form
            // is processed whole.
            Ok((m, form)) if !form.has(Form::BIDI) => {
                // The input form: the host, lower-cased.
                let input = lower_case(host, form);
                return Ok(match form.has(Form::UNICODE) {
                    true => Domain::with_offsets(input, &m),
                    false => answer(input, &m, options.output),
                });
            }
            // An IP address (docs/behaviour.md section 3 step 3), unless UTS 46 processing (step
            // 2), which a name with an `xn--` label or non-ASCII needs,
            // refuses it first: that name is processed below, and its
            // canonical form is then refused as an IP address.
            Err(Stop::Invalid(HostError::IpAddress)) if is_fast_path(host) => {
                return Err(HostError::IpAddress)
            }
            // A Unicode host that UTS 46 may only map (`MÜLLER.de`,
            // full-width forms, ideographic full stops): its mapped form,
            // when that is walkable as it stands.
            Err(Stop::Unicode) if options.output == Output::Input => {
                if let Some(d) = self.lookup_mapped(host, options) {
                    return Ok(d);
                }
            }
            Ok(_) | Err(_) => {}
        }
        let mut ascii = AsciiName::new();
        // Everything else: label by label, Unicode labels encoded, and the
        // input form written on the way when it is the answer's. An IPv6
        // literal holds a forbidden `:`, so it is told apart on error only.
        let mut input = (options.output == Output::Input).then(|| InputForm::new(host));
        canonicalize_host(host, &mut ascii, input.as_mut()).map_err(|e| match is_ipv6(host) {
            true => HostError::IpAddress,
            false => e,
        })?;
        if let Some(len) = ascii.too_long() {
            return Err(HostError::TooLong(len));
        }
        let m = self.match_processed(ascii.as_bytes(), options)?;
        Ok(match input {
            // The input form: the host itself when processing left it so.
            Some(input) => Domain::new(input.into_cow(), &m, ascii.as_bytes()),
            None => answer(Cow::Owned(ascii.to_string_lossless()), &m, options.output),
        })
    }

    /// The answer for a Unicode host in its own form when the mapping step
    /// of UTS 46 is all its processing does ([`map_stable`]): its mapped
    /// form, a host that a lookup walks as it stands (canonical ASCII, or
    /// Unicode canonical but for the encoding). `None` for any other host,
    /// and for any error, which full processing then reports.
    #[inline(never)]
    fn lookup_mapped(&self, host: &str, options: &Options) -> Option<Domain<'static>> {
        let mapped = map_stable(host)?;
        match self.match_canonical(&mapped, options) {
            Ok((m, form)) if !form.has(Form::BIDI) && !form.has(Form::FOLDED) => {
                Some(Domain::with_offsets(Cow::Owned(mapped), &m))
            }
            _ => None,
        }
    }
}

/// A host the scan found in `form`, its ASCII letters lower-cased.
fn lower_case(host: &str, form: Form) -> Cow<'_, str> {
    match form.has(Form::FOLDED) {
        true => Cow::Owned(host.to_ascii_lowercase()),
        false => Cow::Borrowed(host),
    }
}

/// The answer for a host walked in its canonical ASCII form `ascii`,
/// written in the form `output` asks for (the input form of a host that has
/// an ASCII form of its own is that form).
#[inline]
fn answer<'h>(ascii: Cow<'h, str>, m: &Match, output: Output) -> Domain<'h> {
    if output == Output::Unicode && ascii.contains("xn--") {
        Domain::new(Cow::Owned(to_unicode_name(&ascii)), m, ascii.as_bytes())
    } else {
        Domain::with_offsets(ascii, m)
    }
}
