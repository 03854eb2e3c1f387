//! Canonical labels: how a label of a rule or of a host is compared.
//!
//! A label is canonical when it is in the ASCII form of UTS 46 processing
//! ([`crate::uts46`]): a name that is ASCII without `xn--` labels is only
//! lower-cased; any other goes through UTS 46 (mapping, NFC, the separators
//! U+3002, U+FF0E and U+FF61, `xn--` labels decoded and checked, the validity
//! criteria) and its Unicode labels are encoded as `xn--` A-labels by
//! [`etld_punycode`]. An ASCII label that starts with `xn--` (in any case)
//! must be an A-label that UTS 46 accepts.

use crate::error::{HostError, LabelError};
use crate::host::form::InputForm;
use crate::host::uts46;

/// The longest canonical label, in octets.
pub(crate) const MAX_LABEL: usize = 63;
/// The longest canonical name, in octets, without a trailing dot.
pub(crate) const MAX_NAME: usize = 253;

/// Whether `c` separates labels: `.` and its UTS 46 equivalents.
#[inline]
pub(crate) fn is_separator(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
}

/// What an ASCII byte is to the fast path of a lookup.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum ByteClass {
    /// Already canonical: `a-z`, `0-9`, `-` and other allowed ASCII.
    Plain,
    /// The label separator `.`.
    Dot,
    /// `A-Z`: the host needs lower-casing.
    Upper,
    /// A forbidden code point.
    Forbidden,
    /// The first byte of a non-ASCII character.
    NonAscii,
}

/// The class of every byte, for a table lookup on the hot path.
pub(crate) static BYTE_CLASS: [ByteClass; 256] = {
    let mut table = [ByteClass::Plain; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = if b >= 0x80 {
            ByteClass::NonAscii
        } else if b == b'.' as usize {
            ByteClass::Dot
        } else if b >= b'A' as usize && b <= b'Z' as usize {
            ByteClass::Upper
        } else if b <= 0x20 || b == 0x7f {
            ByteClass::Forbidden
        } else {
            match b as u8 {
                b'#' | b'%' | b'/' | b':' | b'<' | b'>' | b'?' | b'@' | b'[' | b'\\' | b']'
                | b'^' | b'|' => ByteClass::Forbidden,
                _ => ByteClass::Plain,
            }
        };
        b += 1;
    }
    table
};

/// Checks an ASCII label: length and, for `xn--` labels (in any case),
/// A-label validity as UTS 46 sees it (the Bidi rule aside: it is the
/// name's, see [`uts46::check_ascii_name_bidi`]).
#[inline]
pub(crate) fn check_ascii_label(label: &[u8]) -> Result<(), LabelError> {
    check_label_length(label)?;
    if etld_punycode::has_ace_prefix(label) {
        uts46::check_a_label(label).map_err(LabelError::Uts46)?;
    }
    Ok(())
}

/// [`check_ascii_label`] for a label starting with `xn--`, saying whether
/// it decodes to right-to-left characters.
pub(crate) fn check_a_label_rtl(label: &[u8]) -> Result<bool, LabelError> {
    check_label_length(label)?;
    uts46::check_a_label(label).map_err(LabelError::Uts46)
}

/// Checks that a label holds 1 to 63 octets.
#[inline]
pub(crate) fn check_label_length(label: &[u8]) -> Result<(), LabelError> {
    if label.is_empty() {
        return Err(LabelError::Empty);
    }
    if label.len() > MAX_LABEL {
        return Err(LabelError::TooLong(label.len()));
    }
    Ok(())
}

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
    let mut buf = [0u8; MAX_LABEL];
    let n = canonical_label_into(label, &mut buf, None).map_err(|(_, e)| e)?;
    Ok(String::from_utf8_lossy(&buf[..n]).into_owned())
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
    mut input: Option<&mut InputForm<'_>>,
) -> Result<(), HostError> {
    if uts46::is_fast_path(host) {
        return canonicalize_simple_host(host, ascii, input);
    }
    if is_stable_name(host) {
        // UTS 46 leaves every label as it is (A-labels checked on the way):
        // nothing is allocated. An A-label of right-to-left characters
        // asks for the Bidi rule on the name.
        match canonicalize_simple_host(host, ascii, input.as_deref_mut()) {
            Ok(()) => {
                return uts46::check_ascii_name_bidi(host).map_err(|e| HostError::Label {
                    offset: e.offset(),
                    error: LabelError::Uts46(e),
                })
            }
            // An error of processing (an A-label's, the leftmost) comes
            // first; the Bidi rule is checked last.
            Err(
                e @ HostError::Label {
                    error: LabelError::Uts46(_) | LabelError::Punycode(_),
                    ..
                },
            ) => return Err(e),
            // Any other (an empty label, a forbidden code point, a label
            // too long) must not hide an error of processing (the Bidi
            // rule's included) in another label: the name is processed
            // whole, below, which reports processing's errors first, as
            // for a name that UTS 46 changes.
            Err(_) => {
                if let Some(input) = input.as_deref_mut() {
                    input.clear();
                }
            }
        }
    }
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
                .and_then(|rest| {
                    rest.char_indices()
                        .find(|&(_, x)| x == c || etld_punycode::unfullwidth(x) == c)
                })
                .map_or(offset, |(i, _)| offset + i);
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
            let n = etld_punycode::encode_chars_into(text.chars(), &mut out[4..]).map_err(|e| {
                let error = match e {
                    etld_punycode::Error::BufferTooSmall { needed } => {
                        LabelError::TooLong(needed + 4)
                    }
                    etld_punycode::Error::InputTooLong { .. } => LabelError::TooLong(text.len()),
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

/// Whether UTS 46 processing leaves every non-ASCII character of `host` as
/// it is: each is stable where it stands (see [`canonical_after`]) and no
/// label starts with a combining mark.
fn is_stable_name(host: &str) -> bool {
    let (mut at_start, mut last) = (true, 0);
    for c in host.chars() {
        if c.is_ascii() {
            (at_start, last) = (c == '.', 0);
            continue;
        }
        match canonical_after(c, last) {
            Some(class) if !(at_start && uts46::is_mark(c)) => last = class,
            _ => return false,
        }
        at_start = false;
    }
    true
}

/// [`canonicalize_host`] for a host that UTS 46 only lower-cases: ASCII
/// without `xn--` labels, or one whose other characters are all stable
/// ([`is_stable_name`]; its `xn--` labels are checked here, the Bidi rule
/// aside).
fn canonicalize_simple_host(
    host: &str,
    ascii: &mut AsciiName,
    mut input: Option<&mut InputForm<'_>>,
) -> Result<(), HostError> {
    ascii.len = 0;
    ascii.fqdn = false;
    let mut rest = host;
    let mut offset = 0;
    loop {
        let (label, next) = match rest.find('.') {
            Some(i) => (&rest[..i], rest.get(i + 1..)),
            None => (rest, None),
        };
        // One trailing dot marks an FQDN: the empty label after it is fine.
        ascii.fqdn = next.is_none() && label.is_empty() && offset > 0;
        if !ascii.fqdn {
            let mut canonical = [0u8; MAX_LABEL];
            let n = canonical_label_into(label, &mut canonical, input.as_deref_mut())
                .map_err(|(at, error)| HostError::in_label(offset, at, error))?;
            ascii.push(&canonical[..n]);
        }
        match next {
            Some(n) => {
                ascii.push(b".");
                if let Some(input) = input.as_deref_mut() {
                    input.push_str(".");
                }
                offset = host.len() - n.len();
                rest = n;
            }
            None => return Ok(()),
        }
    }
}

/// What is wrong with a label, and where: the byte offset in the label of
/// a forbidden code point, 0 for anything else.
pub(crate) type LabelFault = (usize, LabelError);

/// Writes the canonical ASCII form of one label (no separators in it) into
/// `out`, returning its length; appends its input form (mapped and
/// lower-cased) to `input` when given.
pub(crate) fn canonical_label_into(
    label: &str,
    out: &mut [u8; MAX_LABEL],
    input: Option<&mut InputForm<'_>>,
) -> Result<usize, LabelFault> {
    if label.is_empty() {
        return Err((0, LabelError::Empty));
    }
    if let Some((at, &b)) = label
        .as_bytes()
        .iter()
        .enumerate()
        .find(|&(_, &b)| BYTE_CLASS[b as usize] == ByteClass::Forbidden)
    {
        // A fullwidth code point before it that maps to a forbidden one is
        // the first fault (`at` is an ASCII byte, so a boundary).
        let (at, c) = label[..at]
            .char_indices()
            .map(|(i, c)| (i, etld_punycode::unfullwidth(c)))
            .find(|&(_, c)| c.is_ascii() && BYTE_CLASS[c as usize] == ByteClass::Forbidden)
            .unwrap_or((at, char::from(b)));
        return Err((at, LabelError::ForbiddenCodePoint(c)));
    }
    let whole = |e| (0, e);
    if label.is_ascii() {
        let dst = out
            .get_mut(..label.len())
            .ok_or((0, LabelError::TooLong(label.len())))?;
        dst.copy_from_slice(label.as_bytes());
        dst.make_ascii_lowercase();
        if let Some(input) = input {
            input.push_ascii(dst);
        }
        check_ascii_label(dst).map_err(whole)?;
        return Ok(label.len());
    }
    // A label whose other characters UTS 46 leaves as they are (see
    // `is_stable_name`): ASCII lower-cased, once, into a stack buffer. An
    // A-label holds at least one byte per code point after its prefix, so
    // more than 59 cannot fit.
    let mut chars = ['\0'; MAX_LABEL];
    let mut n = 0;
    let mut all_ascii = true;
    let mut changed = false;
    for c in label.chars() {
        let l = c.to_ascii_lowercase();
        if let Some(slot) = chars.get_mut(n) {
            *slot = l;
        }
        n += 1;
        all_ascii &= l.is_ascii();
        changed |= l != c;
    }
    let punycode = |e| match e {
        etld_punycode::Error::BufferTooSmall { needed } => LabelError::TooLong(needed),
        etld_punycode::Error::LabelTooLong { len, .. } => LabelError::TooLong(len),
        // Too long to be worth encoding: the label's own length says
        // enough.
        etld_punycode::Error::InputTooLong { .. } => LabelError::TooLong(label.len()),
        e => LabelError::Punycode(e),
    };
    if n > MAX_LABEL {
        // Too long whatever its form: let the encoder say how long.
        return etld_punycode::to_ascii_label_into(label, out).map_err(|e| whole(punycode(e)));
    }
    let chars = &chars[..n];
    if let Some(input) = input {
        match changed {
            true => input.push_chars(chars),
            false => input.push_str(label),
        }
    }
    if all_ascii {
        // Fullwidth letters, the Kelvin sign and a few others become ASCII.
        for (d, &c) in out.iter_mut().zip(chars) {
            *d = c as u8;
        }
        check_ascii_label(&out[..n]).map_err(whole)?;
        return Ok(n);
    }
    if let [a, b, '-', '-', ..] = chars {
        if matches!((a, b), ('x', 'n')) {
            // An `xn--` label holds an A-label's ASCII payload, and this one
            // holds more.
            let (at, byte) = first_non_ascii(label);
            let error = etld_punycode::Error::InvalidDigit { position: at, byte };
            return Err(whole(LabelError::Punycode(error)));
        }
    }
    out[..4].copy_from_slice(b"xn--");
    let len = etld_punycode::encode_chars_into(chars.iter().copied(), &mut out[4..]).map_err(
        |e| match e {
            etld_punycode::Error::BufferTooSmall { needed } => {
                whole(LabelError::TooLong(needed + 4))
            }
            e => whole(punycode(e)),
        },
    )?;
    Ok(len + 4)
}

/// The offset and value of the first non-ASCII byte of `label`, which has
/// one.
fn first_non_ascii(label: &str) -> (usize, u8) {
    label
        .bytes()
        .enumerate()
        .find(|(_, b)| !b.is_ascii())
        .unwrap_or((0, 0))
}

/// The most Punycode digits one code point of a label costs. A delta of a
/// label of at most 63 octets is under 10^8 (code points below 0x110000,
/// times at most 60 insertion places). Digit `j` of an integer weighs at
/// least 10^j (each weight is the last times `36 - t`, `t <= 26`), and
/// every digit but the last is at least 1, so a `d`-digit integer is at
/// least 10^(d-2): 9 digits at most. The `punycode_length_bound_holds` test
/// checks the bound on long and worst-case labels.
const MAX_DIGITS_PER_CODE_POINT: usize = 9;

/// Whether a Unicode label may hold `c` as it is after a code point of
/// combining class `last` (0 after a starter): UTS 46 leaves it alone there
/// (valid, in NFC, neither right-to-left nor a joiner: see
/// `uts46::stable_after`). Gives the class for what follows.
#[inline]
fn canonical_after(c: char, last: u8) -> Option<u8> {
    uts46::stable_after(c, last)
}

/// The Unicode form (UTF-8) of a rule's `xn--` label, if a host's label can
/// be written that way: the label is a valid A-label, and what it decodes
/// to is lower case and holds no separator. `None` for anything else.
pub(crate) fn unicode_form(label: &[u8]) -> Option<Vec<u8>> {
    if !etld_punycode::has_ace_prefix(label) {
        return None;
    }
    let mut chars = ['\0'; MAX_LABEL];
    let n = etld_punycode::decode_a_label_into(label, &mut chars).ok()?;
    let chars = chars.get(..n)?;
    chars
        .iter()
        .try_fold(0, |last, &c| canonical_after(c, last))?;
    Some(chars.iter().collect::<String>().into_bytes())
}

/// Whether a scanned host with a non-ASCII character (no trailing dot) can be
/// walked as it is, in its Unicode form, against the label tree's Unicode
/// twins of `xn--` labels: every Unicode label already canonical but for the
/// encoding (lower case, nothing forbidden, no separator other than `.`),
/// and its canonical ASCII form certainly within 63 octets a label and 253 a
/// name. Anything else, the slow path canonicalises (and reports errors for).
///
/// The labels from `listed_from` on were found in the list by the walk
/// (through a twin, for a Unicode one), so they are canonical: they are not
/// read again, and a Unicode one counts as 63 octets.
///
/// The scan has checked the host's ASCII bytes already (canonical but for
/// upper case, every label 1 to 63 bytes, `xn--` labels valid A-labels).
pub(crate) fn is_walkable_unicode(host: &str, listed_from: usize) -> bool {
    // The listed labels, each at most 63 octets and a dot.
    let listed = host.get(listed_from..).unwrap_or_default();
    let mut total = match listed.is_empty() {
        true => 0,
        false => (listed.bytes().filter(|&b| b == b'.').count() + 1) * (MAX_LABEL + 1),
    };
    if total > MAX_NAME + 1 {
        // A bound too rough for a long host: every label read.
        total = 0;
    } else if listed_from == 0 {
        return true;
    }
    let end = match total {
        0 => host.len(),
        _ => listed_from - 1,
    };
    let bytes = host.as_bytes();
    // The label so far: where it starts, its ASCII and other characters,
    // and the combining class of its last character.
    let (mut start, mut basic, mut other, mut last) = (0, 0, 0, 0);
    let mut i = 0;
    loop {
        match bytes.get(i).filter(|_| i < end) {
            None | Some(b'.') => {
                let len = match other {
                    // Checked by the scan.
                    0 => basic,
                    _ => match host
                        .get(start..i)
                        .and_then(|l| canonical_len(basic, other, l))
                    {
                        Some(len) => len,
                        None => return false,
                    },
                };
                total += len + 1;
                if i >= end {
                    return total <= MAX_NAME + 1;
                }
                (start, basic, other, last) = (i + 1, 0, 0, 0);
                i += 1;
            }
            Some(0..=0x7F) => {
                basic += 1;
                last = 0;
                i += 1;
            }
            Some(&lead) => {
                let (class, width) = canonical_char_at(host, i, lead, last);
                match class {
                    Some(class) => last = class,
                    None => return false,
                }
                // No label starts with a combining mark (UTS 46 4.1).
                if i == start
                    && host
                        .get(i..)
                        .and_then(|t| t.chars().next())
                        .is_some_and(uts46::is_mark)
                {
                    return false;
                }
                other += 1;
                i += width;
            }
        }
    }
}

/// Whether the character of `text` that starts at `i` with the non-ASCII
/// byte `lead` is canonical after a character of combining class `last`
/// (see [`canonical_after`]: the class for what follows), and its width. The
/// characters of most IDN labels are told by their first two bytes, without
/// decoding: lower-case Latin-1, Greek and Cyrillic letters, CJK
/// ideographs, Hangul syllables (the `canonical_bytes_agree` test checks
/// every code point).
#[inline]
fn canonical_char_at(text: &str, i: usize, lead: u8, last: u8) -> (Option<u8>, usize) {
    match (lead, text.as_bytes().get(i + 1)) {
        // U+00DF-U+00FF; U+03AC-U+03CE; U+0430-U+045F.
        (0xC3, Some(0x9F..=0xBF))
        | (0xCE, Some(0xAC..=0xBF))
        | (0xCF, Some(0x80..=0x8E))
        | (0xD0, Some(0xB0..=0xBF))
        | (0xD1, Some(0x80..=0x9F)) => (Some(0), 2),
        // U+4000-U+9FFF; U+AC00-U+D77F.
        (0xE4..=0xE9 | 0xEB..=0xEC, _) | (0xEA, Some(0xB0..=0xBF)) | (0xED, Some(0x80..=0x9D)) => {
            (Some(0), 3)
        }
        _ => {
            let c = text.get(i..).and_then(|t| t.chars().next());
            (
                c.and_then(|c| canonical_after(c, last)),
                c.map_or(1, char::len_utf8),
            )
        }
    }
}

/// The length of the canonical ASCII form of `label`, of `basic` ASCII and
/// `other` (at least one) non-ASCII characters, or a bound of it, if within
/// 63 octets: the label is encoded only when the bound says nothing.
fn canonical_len(basic: usize, other: usize, label: &str) -> Option<usize> {
    // `xn--`, the basic code points and their delimiter, the deltas.
    let len = match 4 + basic + usize::from(basic > 0) + MAX_DIGITS_PER_CODE_POINT * other {
        bound @ ..=MAX_LABEL => bound,
        _ => 4 + etld_punycode::encode_chars_into(label.chars(), &mut [0; MAX_LABEL - 4]).ok()?,
    };
    (len <= MAX_LABEL).then_some(len)
}

/// Writes a canonical ASCII name in Unicode form: each valid `xn--` label
/// decoded.
pub(crate) fn to_unicode_name(ascii: &str) -> String {
    let mut out = String::with_capacity(ascii.len());
    for (i, label) in ascii.split('.').enumerate() {
        if i > 0 {
            out.push('.');
        }
        match etld_punycode::has_ace_prefix(label.as_bytes()) {
            true => match etld_punycode::to_unicode_label(label) {
                Ok(u) => out.push_str(&u),
                Err(_) => out.push_str(label),
            },
            false => out.push_str(label),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
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

    /// Whether `c` is a forbidden domain code point (WHATWG URL standard): C0
    /// controls, space, DEL and `# % / : < > ? @ [ \ ] ^ |`.
    #[inline]
    fn is_forbidden(c: char) -> bool {
        matches!(
            c,
            '\0'..=' '
                | '\u{7f}'
                | '#'
                | '%'
                | '/'
                | ':'
                | '<'
                | '>'
                | '?'
                | '@'
                | '['
                | '\\'
                | ']'
                | '^'
                | '|'
        )
    }

    #[test]
    fn canonical_bytes_agree() {
        for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
            let mut buf = [0; 4];
            let text = &*c.encode_utf8(&mut buf);
            for last in [0, 220, 230] {
                assert_eq!(
                    canonical_char_at(text, 0, text.as_bytes()[0], last),
                    (canonical_after(c, last), c.len_utf8()),
                    "{c:?} U+{:04X} after {last}",
                    c as u32
                );
            }
        }
    }

    #[test]
    fn punycode_length_bound_holds() {
        // Worst cases (the highest code points, far apart, in every order)
        // and pseudo-random labels: no label encodes longer than the bound.
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut labels: Vec<Vec<char>> = Vec::new();
        for other in 1..=12u32 {
            let high = (0..other).filter_map(|i| char::from_u32(0x10FFFF - i * 0x1111));
            labels.push(high.clone().collect());
            labels.push(high.rev().collect());
            labels.push(
                (0..other)
                    .map(|i| ['\u{80}', '\u{10FFFF}'][i as usize % 2])
                    .collect(),
            );
        }
        for _ in 0..20_000 {
            let len = 1 + next() as usize % 20;
            let label = (0..len).filter_map(|_| match next() % 3 {
                0 => char::from_u32(0x61 + (next() % 26) as u32),
                1 => char::from_u32(0x80 + (next() % 0x800) as u32),
                _ => char::from_u32((next() % 0x110000) as u32),
            });
            labels.push(label.collect());
        }
        for label in labels {
            let other = label.iter().filter(|c| !c.is_ascii()).count();
            let basic = label.len() - other;
            if other == 0 {
                continue;
            }
            let bound = basic + usize::from(basic > 0) + MAX_DIGITS_PER_CODE_POINT * other;
            let encoded = etld_punycode::encode(&label.iter().collect::<String>()).unwrap();
            assert!(
                encoded.len() <= bound,
                "{label:?}: {} > {bound}",
                encoded.len()
            );
        }
    }

    #[test]
    fn byte_classes_agree_with_chars() {
        for b in 0u8..0x80 {
            let c = b as char;
            let class = BYTE_CLASS[b as usize];
            assert_eq!(class == ByteClass::Forbidden, is_forbidden(c), "{b}");
            assert_eq!(class == ByteClass::Upper, c.is_ascii_uppercase(), "{b}");
        }
    }

    /// Labels the walk found in the list are not read again: the answer is
    /// the same as reading them, for canonical labels, at every place the
    /// listed labels may begin.
    #[test]
    fn walkable_unicode_trusts_listed_labels() {
        let long = format!("{}.ü.食狮.公司.cn", "ü".repeat(20));
        // 239 bytes, 269 in ASCII.
        let label = format!("{}ü", "a".repeat(45));
        let longer = [label.as_str(); 5].join(".");
        for (host, walkable) in [
            ("www.bücher.de", true),
            ("www.Bücher.de", true),
            ("bücher.de", true),
            ("www.食狮.公司.cn", true),
            ("ü.ü.ü.ü.ü.ü", true),
            (long.as_str(), true),
            (longer.as_str(), false),
        ] {
            let starts = (0..=host.len()).filter(|&i| i == 0 || host.as_bytes()[i - 1] == b'.');
            for listed_from in starts.chain([host.len(), usize::MAX]) {
                assert_eq!(
                    is_walkable_unicode(host, listed_from),
                    walkable,
                    "{host:?} from {listed_from}"
                );
            }
        }
        // A label not canonical is read only when not listed.
        let host = "www.BÜcher.de";
        assert!(!is_walkable_unicode(host, host.len()));
        assert!(!is_walkable_unicode(host, 11));
        assert!(is_walkable_unicode(host, 4));
    }
}
