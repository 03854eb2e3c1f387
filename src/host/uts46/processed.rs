//! Full UTS 46 processing: a name mapped, normalised, split into labels,
//! its `xn--` labels decoded, and every label held to the validity
//! criteria, into a [`Processed`] name that keeps what each label was given
//! as. Every name the shorter ways of [`shortcut`](super::shortcut) do not
//! take comes here, and so does any name with an error, so that its error
//! is the one the steps find first.

use std::ops::Range;

use super::a_label::validate_decoded;
use super::mapping::{self, props, Status, Value};
use super::{bidi, contextj, has_ace_prefix, nfc, Error, ZWJ, ZWNJ};

thread_local! {
    /// The buffers of [`to_ascii`](super::to_ascii) and
    /// [`to_unicode`](super::to_unicode), kept between calls.
    static PROCESSED: std::cell::RefCell<Processed> = std::cell::RefCell::new(Processed::new());
}

/// Runs `f` on this thread's [`Processed`] (a new one if it is in use);
/// buffers grown past a few kilobytes by a long name are let go.
pub(crate) fn with_processed<T>(f: impl FnOnce(&mut Processed) -> T) -> T {
    PROCESSED.with(|cell| match cell.try_borrow_mut() {
        Ok(mut p) => {
            let out = f(&mut p);
            if p.text.capacity() > 4096 || p.chars.capacity() > 4096 || p.ascii.capacity() > 4096 {
                *p = Processed::new();
            }
            out
        }
        Err(_) => f(&mut Processed::new()),
    })
}

/// Where one label of a [`Processed`] name lies.
#[derive(Clone, Debug)]
struct Span {
    text: Range<usize>,
    input: usize,
    /// For a label given as an A-label: where it lies, lower-cased, in
    /// `Processed::ace` (its ASCII form: a valid A-label is the one
    /// encoding of what it decodes to).
    ace: Option<Range<usize>>,
}

/// A name after UTS 46 processing, with what each label was given as.
///
/// Built by [`Processed::process`] (reusing its buffers) or [`process`].
#[derive(Clone, Debug, Default)]
pub struct Processed {
    text: String,
    labels: Vec<Span>,
    ace: String,
    chars: Vec<char>,
    normal: Vec<char>,
    decomposed: Vec<(char, u8)>,
    /// ToASCII of the name, written while processing when `build_ascii`.
    ascii: String,
    build_ascii: bool,
    /// The first label that `ascii` could not take (too long to encode):
    /// its error comes after any error of processing, as it does when the
    /// name is processed first and written in ASCII after.
    ascii_error: Option<Error>,
}

/// One label of a [`Processed`] name.
#[derive(Clone, Copy, Debug)]
pub struct Label<'a> {
    text: &'a str,
    input: usize,
    ace: Option<&'a str>,
}

impl<'a> Label<'a> {
    /// The label in Unicode, processed (an A-label decoded).
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// Whether the label was given as an `xn--` A-label.
    pub fn was_a_label(&self) -> bool {
        self.ace.is_some()
    }

    /// The label in ASCII: UTS 46 ToASCII of it, if it needs no encoding
    /// (all ASCII, or given as an A-label: then that A-label, lower-cased).
    pub fn ascii(&self) -> Option<&'a str> {
        match self.ace {
            Some(ace) => Some(ace),
            None if self.text.is_ascii() => Some(self.text),
            None => None,
        }
    }

    /// Whether the processed label is all ASCII (it needs no encoding).
    pub fn is_ascii(&self) -> bool {
        self.text.is_ascii()
    }

    /// Byte offset in the input where the label started.
    pub fn input_offset(&self) -> usize {
        self.input
    }
}

/// Processes `name` into a new [`Processed`].
///
/// ```
/// let p = etld::uts46::process("ＥＸＡＭＰＬＥ。ｃｏｍ")?;
/// assert_eq!(p.as_str(), "example.com");
/// # Ok::<(), etld::uts46::Error>(())
/// ```
///
/// # Errors
/// The first [`Error`] found: each label's own checks from the left,
/// then the Bidi rule over the whole name (whose every label it holds
/// for once one label is right-to-left).
pub fn process(name: &str) -> Result<Processed, Error> {
    let mut p = Processed::new();
    p.process(name)?;
    Ok(p)
}

/// What the mapping step saw in the label being built.
#[derive(Clone, Copy)]
struct Pending {
    text: usize,
    input: usize,
    non_ascii: bool,
    nfc: bool,
    joiner: bool,
    rtl: bool,
    /// The label's first code point, as mapped, is a combining mark.
    first_mark: bool,
}

impl Pending {
    fn at(text: usize, input: usize) -> Pending {
        Pending {
            text,
            input,
            non_ascii: false,
            nfc: false,
            joiner: false,
            rtl: false,
            first_mark: false,
        }
    }
}

impl Processed {
    /// An empty name, to be filled by [`Processed::process`].
    pub fn new() -> Processed {
        Processed::default()
    }

    /// The processed name in Unicode: UTS 46 ToUnicode.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The labels, from the left.
    pub fn labels(&self) -> impl ExactSizeIterator<Item = Label<'_>> + '_ {
        self.labels.iter().map(move |s| Label {
            text: self.text.get(s.text.clone()).unwrap_or(""),
            input: s.input,
            ace: s.ace.clone().map(|r| self.ace.get(r).unwrap_or("")),
        })
    }

    /// Whether the processed name is all ASCII.
    pub fn is_ascii(&self) -> bool {
        self.text.is_ascii()
    }

    /// UTS 46 ToASCII of the name: every non-ASCII label as an A-label.
    ///
    /// # Errors
    /// [`Error::Encode`] for a label too long to encode.
    pub fn to_ascii(&self) -> Result<String, Error> {
        let mut out = String::with_capacity(self.text.len() + 8);
        self.write_ascii(&mut out)?;
        Ok(out)
    }

    /// Appends UTS 46 ToASCII of the name to `out`.
    ///
    /// # Errors
    /// [`Error::Encode`] for a label too long to encode.
    pub fn write_ascii(&self, out: &mut String) -> Result<(), Error> {
        for (k, label) in self.labels().enumerate() {
            if k > 0 {
                out.push('.');
            }
            if let Some(ascii) = label.ascii() {
                out.push_str(ascii);
                continue;
            }
            encode_label(label.text, label.input, out)?;
        }
        Ok(())
    }

    /// Processes `name` into `self`, replacing what it held.
    ///
    /// # Errors
    /// The first [`Error`] found: each label's own checks from the left,
    /// then the Bidi rule over the whole name; `self` then holds an
    /// unspecified part of the name.
    pub fn process(&mut self, name: &str) -> Result<(), Error> {
        self.build_ascii = false;
        self.run(name)
    }

    /// [`Processed::process`], writing UTS 46 ToASCII of the name into
    /// `self.ascii` on the way, label by label (see
    /// [`Processed::written_ascii`]).
    pub(super) fn process_to_ascii(&mut self, name: &str) -> Result<(), Error> {
        self.build_ascii = true;
        self.ascii_error = None;
        self.run(name)?;
        match self.ascii_error.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// ToASCII of the name, as [`Processed::process_to_ascii`] wrote it.
    pub(super) fn written_ascii(&self) -> &str {
        &self.ascii
    }

    fn run(&mut self, name: &str) -> Result<(), Error> {
        self.text.clear();
        self.labels.clear();
        self.ace.clear();
        self.ascii.clear();
        self.text.reserve(name.len());
        if self.build_ascii {
            self.ascii.reserve(name.len() + 16);
        }
        let bytes = name.as_bytes();
        let mut label = Pending::at(0, 0);
        let mut rtl = false;
        let mut i = 0;
        while let Some(&b) = bytes.get(i) {
            if b == b'.' {
                rtl |= self.end_label(name, label)?;
                self.text.push('.');
                label = Pending::at(self.text.len(), i + 1);
                i += 1;
                continue;
            }
            if b < 0x80 {
                self.text.push(char::from(b.to_ascii_lowercase()));
                i += 1;
                continue;
            }
            let Some(c) = name.get(i..).and_then(|rest| rest.chars().next()) else {
                break;
            };
            match Value::of(c).status(c) {
                Status::Valid(p) => self.push_props(c, p, &mut label),
                Status::Ignored => {}
                Status::MappedChar(m) => self.push_valid(m, &mut label),
                Status::MappedStr(".") => {
                    rtl |= self.end_label(name, label)?;
                    self.text.push('.');
                    label = Pending::at(self.text.len(), i + c.len_utf8());
                }
                Status::MappedStr(s) => {
                    for m in s.chars() {
                        self.push_valid(m, &mut label);
                    }
                }
                Status::Disallowed => {
                    return Err(Error::Disallowed {
                        offset: i,
                        code_point: c,
                    })
                }
            }
            i += c.len_utf8();
        }
        rtl |= self.end_label(name, label)?;
        if rtl {
            self.check_bidi(name)?;
        }
        Ok(())
    }

    /// With `build_ascii`: appends the ASCII form of the label just pushed
    /// to `self.labels`; a label too long to encode is noted in
    /// `self.ascii_error`, and processing goes on (an error it finds later
    /// is the name's).
    fn push_ascii(&mut self, non_ascii: bool) {
        if !self.build_ascii {
            return;
        }
        let Some(span) = self.labels.last() else {
            return;
        };
        if self.labels.len() > 1 {
            self.ascii.push('.');
        }
        if let Some(ace) = &span.ace {
            self.ascii
                .push_str(self.ace.get(ace.clone()).unwrap_or_default());
            return;
        }
        let text = self.text.get(span.text.clone()).unwrap_or_default();
        if !non_ascii {
            self.ascii.push_str(text);
            return;
        }
        if let Err(e) = encode_label(text, span.input, &mut self.ascii) {
            self.ascii_error.get_or_insert(e);
        }
    }

    /// Appends a valid non-ASCII code point of properties `p`, noting what
    /// the label's checks need.
    #[inline]
    fn push_props(&mut self, c: char, p: mapping::Props, label: &mut Pending) {
        label.first_mark |= self.text.len() == label.text && p.is_mark();
        self.text.push(c);
        label.non_ascii = true;
        label.nfc |= p.may_change_under_nfc();
        label.rtl |= p.is_rtl();
        label.joiner |= c == ZWJ || c == ZWNJ;
    }

    /// Appends a code point that the mapping table leaves (valid by the
    /// table's construction) and notes what the label's checks need.
    #[inline]
    fn push_valid(&mut self, c: char, label: &mut Pending) {
        let first = self.text.len() == label.text;
        self.text.push(c);
        if !c.is_ascii() {
            label.non_ascii = true;
            if let Some(p) = props(c) {
                label.first_mark |= first && p.is_mark();
                label.nfc |= p.may_change_under_nfc();
                label.rtl |= p.is_rtl();
            }
            label.joiner |= c == ZWJ || c == ZWNJ;
        }
    }

    /// Finishes the label that starts at `label.text`: decodes it if it is
    /// an A-label, normalises it, checks it. Says whether it holds a
    /// right-to-left character.
    fn end_label(&mut self, name: &str, label: Pending) -> Result<bool, Error> {
        let start = label.text;
        let text = self.text.get(start..).unwrap_or("");
        if has_ace_prefix(text.as_bytes()) {
            return self.end_a_label(name, label);
        }
        let mut rtl = label.rtl;
        let mut first_mark = label.first_mark;
        if label.non_ascii {
            if label.nfc && !nfc::is_nfc_quick(text.chars()) {
                self.normal.clear();
                nfc::normalize(text.chars(), &mut self.normal, &mut self.decomposed);
                self.text.truncate(start);
                self.text.extend(self.normal.iter());
                first_mark = false;
                for (k, &c) in self.normal.iter().enumerate() {
                    match props(c) {
                        Some(p) => {
                            rtl |= p.is_rtl();
                            first_mark |= k == 0 && p.is_mark();
                        }
                        None => {
                            return Err(Error::NotValid {
                                offset: locate(name, label.input, k),
                                code_point: c,
                            })
                        }
                    }
                }
            }
            let text = self.text.get(start..).unwrap_or("");
            if first_mark {
                return Err(Error::LeadingCombiningMark {
                    offset: locate(name, label.input, 0),
                    code_point: text.chars().next().unwrap_or('\0'),
                });
            }
            if label.joiner {
                self.chars.clear();
                self.chars.extend(text.chars());
                if let Err(k) = contextj::check(&self.chars) {
                    return Err(Error::ContextJ {
                        offset: locate(name, label.input, k),
                        code_point: self.chars.get(k).copied().unwrap_or(ZWJ),
                    });
                }
            }
        }
        self.labels.push(Span {
            text: start..self.text.len(),
            input: label.input,
            ace: None,
        });
        self.push_ascii(label.non_ascii);
        Ok(rtl)
    }

    /// [`Processed::end_label`] for a label starting with `xn--`.
    fn end_a_label(&mut self, name: &str, label: Pending) -> Result<bool, Error> {
        let offset = label.input;
        if label.non_ascii {
            return Err(Error::ALabelNotAscii { offset });
        }
        let start = label.text;
        let digits = self.text.get(start + 4..).unwrap_or("").as_bytes();
        self.chars.clear();
        self.chars.resize(digits.len(), '\0');
        let n = etld_punycode::decode_into(digits, &mut self.chars)
            .map_err(|e| Error::punycode(offset, &e, |k| locate(name, offset, k)))?;
        self.chars.truncate(n);
        if self.chars.iter().all(char::is_ascii) {
            return Err(Error::ALabelAsciiOnly { offset });
        }
        let rtl = validate_decoded(&self.chars, &mut self.normal, offset)?;
        let ace_start = self.ace.len();
        self.ace.push_str(self.text.get(start..).unwrap_or(""));
        self.text.truncate(start);
        self.text.extend(self.chars.iter());
        self.labels.push(Span {
            text: start..self.text.len(),
            input: offset,
            ace: Some(ace_start..self.ace.len()),
        });
        self.push_ascii(true);
        Ok(rtl)
    }

    /// The Bidi rule on every label of a name that holds a right-to-left
    /// character.
    fn check_bidi(&self, name: &str) -> Result<(), Error> {
        for span in &self.labels {
            let text = self.text.get(span.text.clone()).unwrap_or("");
            if let Err((rule, k)) = bidi::check(text) {
                let offset = if span.ace.is_some() {
                    span.input
                } else {
                    locate(name, span.input, k)
                };
                return Err(Error::Bidi { offset, rule });
            }
        }
        Ok(())
    }
}

/// Appends `xn--` and the Punycode of the non-ASCII label `text` (of the
/// label at byte `input`) to `out`.
fn encode_label(text: &str, input: usize, out: &mut String) -> Result<(), Error> {
    out.reserve(text.len() + 8);
    out.push_str("xn--");
    etld_punycode::Codec::PUNYCODE
        .encode_append(text, out)
        .map_err(|_| Error::Encode { offset: input })
}

/// The byte offset in `name` of the input code point that produced the
/// `index`-th code point of the mapped label starting at byte `from` (the
/// error path only; after normalisation, an approximation).
fn locate(name: &str, from: usize, index: usize) -> usize {
    let Some(rest) = name.get(from..) else {
        return from;
    };
    let mut n = 0;
    for (i, c) in rest.char_indices() {
        let produced = if c.is_ascii() {
            1
        } else {
            match Value::of(c).status(c) {
                Status::Valid(_) | Status::MappedChar(_) => 1,
                Status::MappedStr(s) => s.chars().count(),
                Status::Ignored | Status::Disallowed => 0,
            }
        };
        if n + produced > index {
            return from + i;
        }
        n += produced;
    }
    name.len()
}
