//! Canonicalisation: a host, or one label of a rule, written in its
//! canonical ASCII form (docs/behaviour.md section 3), with the input form
//! beside it when asked. A host is processed by [`uts46`] and written from
//! what that gives; a rule's label is converted by ToASCII. Errors come in
//! the order of [`HostError::Label`].

use crate::error::{HostError, LabelError};
use crate::host::form::InputForm;
use crate::host::uts46;

use super::{check_ascii_label, check_label_length, ByteClass, BYTE_CLASS, MAX_LABEL, MAX_NAME};

/// The canonical ASCII form of one label of a rule (no separators in it):
/// UTS 46 ToASCII, then the checks of a host's label.
pub(crate) fn canonical_label(label: &str) -> Result<String, LabelError> {
    let processed;
    let label = match uts46::is_fast_path(label) {
        true => label,
        false => {
            processed = uts46::to_ascii(label).map_err(LabelError::Uts46)?;
            &*processed
        }
    };
    if label.is_empty() {
        return Err(LabelError::Empty);
    }
    if let Some(b) = label
        .bytes()
        .find(|&b| BYTE_CLASS[b as usize] == ByteClass::Forbidden)
    {
        return Err(LabelError::ForbiddenCodePoint(char::from(b)));
    }
    if label.len() > MAX_LABEL {
        return Err(LabelError::TooLong(label.len()));
    }
    let canonical = label.to_ascii_lowercase();
    check_ascii_label(canonical.as_bytes())?;
    Ok(canonical)
}

/// A host's canonical ASCII name, built on the stack. A name too long for
/// the buffer keeps counting its length, so that the error can say it.
pub(crate) struct AsciiName {
    buf: [u8; AsciiName::CAPACITY],
    /// The name's length, which may exceed what the buffer holds.
    len: usize,
    /// Whether the name ends in a dot (an FQDN).
    fqdn: bool,
}

impl AsciiName {
    /// A name of 253 octets, a trailing dot, and room to spare.
    const CAPACITY: usize = 256;

    /// An empty name.
    pub(crate) fn new() -> AsciiName {
        AsciiName {
            buf: [0; AsciiName::CAPACITY],
            len: 0,
            fqdn: false,
        }
    }

    /// The name's bytes, a trailing dot included; cut short when the name
    /// is too long (see [`AsciiName::too_long`]).
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.len.min(AsciiName::CAPACITY)]
    }

    /// The name's length in octets without a trailing dot, when that is
    /// over 253.
    pub(crate) fn too_long(&self) -> Option<usize> {
        let bare = self.len - usize::from(self.fqdn);
        (bare > MAX_NAME).then_some(bare)
    }

    /// The name as a string.
    pub(crate) fn to_string_lossless(&self) -> String {
        // Only ASCII bytes are ever written.
        String::from_utf8_lossy(self.as_bytes()).into_owned()
    }

    /// Appends bytes; past the buffer's end, only counts them.
    fn push(&mut self, bytes: &[u8]) {
        if let Some(dst) = self.buf.get_mut(self.len..self.len + bytes.len()) {
            dst.copy_from_slice(bytes);
        }
        self.len += bytes.len();
    }
}

/// Canonicalises a whole host into `ascii` (and its input form, processed
/// by UTS 46, into `input`, when given: the form of `host`, which differs
/// from it where a letter was lower-cased, another separator than `.`
/// used, anything mapped, removed or decoded). `host` is not empty. Errors
/// come in the order of [`HostError::Label`]: those of UTS 46 processing
/// (the leftmost label's, the Bidi rule last), then the leftmost of the
/// others (an empty label, a forbidden code point, a label too long); a
/// name that does not fit says so ([`AsciiName::too_long`]).
///
/// In the input form, a label given as an A-label is its lower-cased
/// A-label, any other is its processed Unicode form (docs/behaviour.md section 3 step 6).
pub(crate) fn canonicalize_host(
    host: &str,
    ascii: &mut AsciiName,
    input: Option<&mut InputForm<'_>>,
) -> Result<(), HostError> {
    // Processed whole, whatever the host: the lookup's own routes answer
    // the hosts that need less before they get here, and a shortcut here
    // saved nothing on any kind of host (`examples/lookup_kinds`, every
    // kind, the full path forced).
    ascii.len = 0;
    ascii.fqdn = false;
    uts46::with_processed(|processed| {
        processed.process(host).map_err(|e| HostError::Label {
            offset: e.offset(),
            error: LabelError::Uts46(e),
        })?;
        write_processed(host, processed, ascii, input)
    })
}

/// [`canonicalize_host`] for a host processed by UTS 46 into `processed`.
fn write_processed(
    host: &str,
    processed: &uts46::Processed,
    ascii: &mut AsciiName,
    mut input: Option<&mut InputForm<'_>>,
) -> Result<(), HostError> {
    let count = processed.labels().len();
    for (k, label) in processed.labels().enumerate() {
        let offset = label.input_offset();
        let text = label.as_str();
        if k > 0 {
            ascii.push(b".");
            if let Some(form) = input.as_deref_mut() {
                form.push_str(".");
            }
        }
        if text.is_empty() {
            // One trailing dot marks an FQDN: the empty label after it is fine.
            if k > 0 && k + 1 == count {
                ascii.fqdn = true;
                break;
            }
            return Err(HostError::Label {
                offset,
                error: LabelError::Empty,
            });
        }
        if let Some(c) = text
            .chars()
            .find(|&c| c.is_ascii() && BYTE_CLASS[c as usize] == ByteClass::Forbidden)
        {
            // Where the input holds it, or what was mapped to it.
            let at = host
                .get(offset..)
                .and_then(|rest| uts46::find_mapped(rest, c))
                .map_or(offset, |i| offset + i);
            return Err(HostError::Label {
                offset: at,
                error: LabelError::ForbiddenCodePoint(c),
            });
        }
        let mut out = [0u8; MAX_LABEL];
        let len = if let Some(plain) = label.ascii() {
            match out.get_mut(..plain.len()) {
                Some(dst) => {
                    dst.copy_from_slice(plain.as_bytes());
                    plain.len()
                }
                None => {
                    return Err(HostError::Label {
                        offset,
                        error: LabelError::TooLong(plain.len()),
                    })
                }
            }
        } else {
            out[..4].copy_from_slice(b"xn--");
            let n = etld_punycode::Codec::PUNYCODE
                .encode_chars_into(text.chars(), &mut out[4..])
                .map_err(|e| {
                    let error = match e {
                        etld_punycode::Error::BufferTooSmall { needed } => {
                            LabelError::TooLong(needed + 4)
                        }
                        etld_punycode::Error::InputTooLong { .. } => {
                            LabelError::TooLong(text.len())
                        }
                        e => LabelError::Punycode(e),
                    };
                    HostError::Label { offset, error }
                })?;
            n + 4
        };
        let canonical = &out[..len];
        check_label_length(canonical).map_err(|error| HostError::Label { offset, error })?;
        ascii.push(canonical);
        if let Some(form) = input.as_deref_mut() {
            match label.was_a_label() {
                true => form.push_ascii(canonical),
                false => form.push_str(text),
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::label::to_unicode_name;
    use std::borrow::Cow;

    #[test]
    fn canonical_labels() {
        assert_eq!(canonical_label("example").unwrap(), "example");
        assert_eq!(canonical_label("ExAmple").unwrap(), "example");
        assert_eq!(canonical_label("Øyer").unwrap(), "xn--yer-zna");
        assert_eq!(canonical_label("XN--55QX5D").unwrap(), "xn--55qx5d");
        assert_eq!(canonical_label("公司").unwrap(), "xn--55qx5d");
        assert_eq!(canonical_label(""), Err(LabelError::Empty));
        assert_eq!(
            canonical_label("a b"),
            Err(LabelError::ForbiddenCodePoint(' '))
        );
        assert_eq!(
            canonical_label(&"a".repeat(64)),
            Err(LabelError::TooLong(64))
        );
        assert!(matches!(
            canonical_label("xn--abc-"),
            Err(LabelError::Uts46(_))
        ));
    }

    #[test]
    fn hosts() {
        // The name in ASCII, and its input form: the host itself or its own.
        fn canonical(host: &str) -> Result<(String, Cow<'_, str>), HostError> {
            let (mut ascii, mut input) = (AsciiName::new(), InputForm::new(host));
            canonicalize_host(host, &mut ascii, Some(&mut input))?;
            Ok((ascii.to_string_lossless(), input.into_cow()))
        }
        let (ascii, input) = canonical("WWW.食狮。公司.cn.").unwrap();
        assert_eq!(ascii, "www.xn--85x722f.xn--55qx5d.cn.");
        assert_eq!(input, "www.食狮.公司.cn.");
        assert_eq!(to_unicode_name(&ascii), "www.食狮.公司.cn.");
        assert_eq!(
            canonicalize_host("a..b", &mut AsciiName::new(), None).err(),
            Some(HostError::Label {
                offset: 2,
                error: LabelError::Empty
            })
        );
        // Labels that lower-case into ASCII, and too-long Unicode labels.
        let (ascii, input) = canonical("\u{212A}elvin.com").unwrap();
        assert_eq!((&*ascii, &*input), ("kelvin.com", "kelvin.com"));
        assert!(matches!(
            canonical("食狮.公司.cn.").unwrap().1,
            Cow::Borrowed("食狮.公司.cn.")
        ));
        assert!(
            matches!(canonical("食狮.公司。cn").unwrap().1, Cow::Owned(f) if f == "食狮.公司.cn")
        );
        assert_eq!(canonical("Bücher.de").unwrap().1, "bücher.de");
        assert_eq!(canonical("bücher.DE").unwrap().1, "bücher.de");
        assert_eq!(
            canonical(&"ü".repeat(70)).err(),
            Some(HostError::Label {
                offset: 0,
                error: LabelError::TooLong(76)
            })
        );
        assert_eq!(
            canonical(&format!("a.{}", "食".repeat(59))).err(),
            Some(HostError::Label {
                offset: 2,
                error: LabelError::TooLong(66)
            })
        );
    }
}
