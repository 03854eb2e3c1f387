//! [`Codec`]: validated parameters plus length caps, and every entry point.

#[cfg(feature = "alloc")]
use alloc::{string::String, vec, vec::Vec};

use crate::decode::decode_core;
use crate::encode::{encode_counted, STACK_CHARS};
use crate::sink::{FmtSink, Sink, SliceSink};
use crate::trace::{Calls, Observer, Quiet, Step};
use crate::{Bootstring, Error, ParamError, PUNYCODE};

/// Input length caps, checked before any other work.
///
/// The defaults follow ICU: decoding refuses inputs over 2000 bytes and
/// encoding inputs over 1000 code points. Decoding inserts each code point
/// by shifting the output, so its time grows with the square of the length;
/// the cap keeps hostile inputs cheap.
///
/// ```
/// use etld_punycode::Limits;
/// let label = Limits::DEFAULT.with_max_decode_len(59).with_max_encode_len(63);
/// assert_eq!((label.max_decode_len, label.max_encode_len), (59, 63));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Limits {
    /// Longest Punycode input to decode, in bytes.
    pub max_decode_len: usize,
    /// Longest input to encode, in code points. The encoder also refuses
    /// an output longer than `max_decode_len` ([`Error::OutputTooLong`]),
    /// so whatever it accepts, the decoder of the same limits accepts.
    pub max_encode_len: usize,
}

impl Limits {
    /// 2000 bytes to decode, 1000 code points to encode.
    pub const DEFAULT: Limits = Limits {
        max_decode_len: 2000,
        max_encode_len: 1000,
    };

    /// No caps at all (integer overflow is still detected). The work is
    /// then the input's to set: decoding takes time in the square of the
    /// input's length, and encoding in its length times its distinct
    /// non-basic code points (20,000 distinct CJK characters take about a
    /// second), so keep it for input you trust.
    pub const NONE: Limits = Limits {
        max_decode_len: usize::MAX,
        max_encode_len: usize::MAX,
    };

    /// These limits with `max_decode_len` bytes the longest input to
    /// decode (and output of the encoder).
    #[must_use]
    pub const fn with_max_decode_len(self, max_decode_len: usize) -> Limits {
        Limits {
            max_decode_len,
            ..self
        }
    }

    /// These limits with `max_encode_len` code points the longest input to
    /// encode.
    #[must_use]
    pub const fn with_max_encode_len(self, max_encode_len: usize) -> Limits {
        Limits {
            max_encode_len,
            ..self
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// A Bootstring coder: validated [`Bootstring`] parameters plus [`Limits`].
///
/// The free functions of this crate use [`Codec::PUNYCODE`]; build your own
/// for other caps or other Bootstring profiles:
///
/// ```
/// use etld_punycode::{Codec, Error, Limits};
/// let strict = Codec::PUNYCODE.with_limits(Limits::DEFAULT.with_max_decode_len(59));
/// let long = [b'a'; 60];
/// assert_eq!(
///     strict.decode_into(&long, &mut ['\0'; 64]),
///     Err(Error::InputTooLong { len: 60, max: 59 })
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Codec {
    params: Bootstring,
    limits: Limits,
}

impl Default for Codec {
    fn default() -> Self {
        Codec::PUNYCODE
    }
}

impl Codec {
    /// Punycode with [`Limits::DEFAULT`].
    pub const PUNYCODE: Codec = Codec {
        params: PUNYCODE,
        limits: Limits::DEFAULT,
    };

    /// A coder for `params`, with [`Limits::DEFAULT`].
    ///
    /// # Errors
    /// The first constraint of [`Bootstring::validate`] that `params` break.
    pub const fn new(params: Bootstring) -> Result<Codec, ParamError> {
        match params.validate() {
            Ok(()) => Ok(Codec {
                params,
                limits: Limits::DEFAULT,
            }),
            Err(e) => Err(e),
        }
    }

    /// The same coder with other caps.
    #[must_use]
    pub const fn with_limits(self, limits: Limits) -> Codec {
        Codec {
            params: self.params,
            limits,
        }
    }

    /// The parameters.
    pub const fn params(&self) -> &Bootstring {
        &self.params
    }

    /// The caps.
    pub const fn limits(&self) -> &Limits {
        &self.limits
    }

    #[inline(always)]
    fn encode_str_to<S: Sink, O: Observer>(
        &self,
        input: &str,
        flags: Option<&[bool]>,
        sink: &mut S,
        obs: &mut O,
    ) -> Result<(), Error> {
        let max = self.limits.max_encode_len;
        let bytes = input.len();
        // Bytes bound code points from above: count only when it matters.
        let count = if bytes <= STACK_CHARS && bytes <= max && flags.is_none() {
            bytes
        } else {
            let count = input.chars().count();
            if count > max {
                return Err(Error::InputTooLong { len: count, max });
            }
            check_flags(flags, count)?;
            count
        };
        encode_counted(&self.params, input.chars(), count, flags, sink, obs)?;
        self.check_output(sink)
    }

    /// Refuses an output that the decoder, under the same limits, would
    /// refuse: whatever encodes, decodes.
    #[inline(always)]
    fn check_output<S: Sink>(&self, sink: &S) -> Result<(), Error> {
        let (len, max) = (sink.count(), self.limits.max_decode_len);
        match len > max {
            true => Err(Error::OutputTooLong { len, max }),
            false => Ok(()),
        }
    }

    #[inline(always)]
    pub(crate) fn encode_iter_to<I, S>(&self, input: I, sink: &mut S) -> Result<(), Error>
    where
        I: Iterator<Item = char> + Clone,
        S: Sink,
    {
        let max = self.limits.max_encode_len;
        let count = input.clone().take(max.saturating_add(1)).count();
        if count > max {
            return Err(Error::InputTooLong { len: count, max });
        }
        encode_counted(&self.params, input, count, None, sink, &mut Quiet)?;
        self.check_output(sink)
    }

    /// Encodes `input` into `out`, returning the number of bytes written.
    /// Digits are lower case; basic code points are copied as they are.
    ///
    /// No allocation. Up to 64 code points (any DNS label) are encoded in
    /// one pass plus a sort of a stack array; longer inputs are re-read
    /// once per distinct non-basic code point, as in RFC 3492 section 6.3.
    /// On an error, `out` may hold part of the output: only the returned
    /// length of it is the encoding.
    ///
    /// # Errors
    /// [`Error::InputTooLong`], [`Error::OutputTooLong`], [`Error::BufferTooSmall`] (with the size
    /// needed), [`Error::Overflow`] (not reachable within the default caps),
    /// [`Error::InvalidCodePoint`] (custom parameters only).
    #[inline]
    pub fn encode_into(&self, input: &str, out: &mut [u8]) -> Result<usize, Error> {
        let mut sink = SliceSink::new(out);
        self.encode_str_to(input, None, &mut sink, &mut Quiet)?;
        sink.finish()
    }

    /// Encodes the code points of `input` (any cheaply clonable iterator of
    /// `char`) into `out`. See [`encode_into`](Self::encode_into).
    ///
    /// # Errors
    /// As [`encode_into`](Self::encode_into).
    #[inline]
    pub fn encode_chars_into<I>(&self, input: I, out: &mut [u8]) -> Result<usize, Error>
    where
        I: IntoIterator<Item = char>,
        I::IntoIter: Clone,
    {
        let mut sink = SliceSink::new(out);
        self.encode_iter_to(input.into_iter(), &mut sink)?;
        sink.finish()
    }

    /// Encodes `input` into `out` with one mixed-case annotation flag per
    /// code point (RFC 3492 appendix A): a basic letter is written upper
    /// case if its flag is set and lower case otherwise; a non-basic code
    /// point with its flag set gets an upper-case last digit (a flag on a
    /// last digit that is a numeral `0`–`9` cannot be represented and is
    /// lost, as the RFC allows).
    ///
    /// # Errors
    /// [`Error::CaseFlagsLength`] unless `flags` has one entry per code
    /// point; otherwise as [`encode_into`](Self::encode_into).
    #[inline]
    pub fn encode_into_with_flags(
        &self,
        input: &str,
        flags: &[bool],
        out: &mut [u8],
    ) -> Result<usize, Error> {
        let mut sink = SliceSink::new(out);
        self.encode_str_to(input, Some(flags), &mut sink, &mut Quiet)?;
        sink.finish()
    }

    /// Encodes `input` into any [`core::fmt::Write`] (a `String`, a
    /// formatter, a fixed-capacity string type).
    ///
    /// # Errors
    /// [`Error::Fmt`] if the writer fails; otherwise as
    /// [`encode_into`](Self::encode_into). On error, part of the output may
    /// have been written.
    pub fn encode_fmt<W: core::fmt::Write + ?Sized>(
        &self,
        input: &str,
        w: &mut W,
    ) -> Result<(), Error> {
        let mut sink = FmtSink::new(w);
        self.encode_str_to(input, None, &mut sink, &mut Quiet)?;
        sink.finish()
    }

    /// [`encode_into`](Self::encode_into), calling `on_step` once per
    /// non-basic code point with the delta, its digits and the new bias
    /// (what RFC 3492 section 7.3 prints).
    ///
    /// ```
    /// let mut deltas = Vec::new();
    /// let mut buf = [0u8; 16];
    /// let n = etld_punycode::Codec::PUNYCODE
    ///     .encode_traced("bücher", &mut buf, |s| deltas.push((s.delta, s.bias)))
    ///     .unwrap();
    /// assert_eq!(&buf[..n], b"bcher-kva");
    /// assert_eq!(deltas, [(745, 0)]);
    /// ```
    ///
    /// # Errors
    /// As [`encode_into`](Self::encode_into).
    pub fn encode_traced<F: FnMut(&Step<'_>)>(
        &self,
        input: &str,
        out: &mut [u8],
        on_step: F,
    ) -> Result<usize, Error> {
        let mut sink = SliceSink::new(out);
        self.encode_str_to(input, None, &mut sink, &mut Calls(on_step))?;
        sink.finish()
    }

    /// Decodes the Punycode `input` into `out`, returning the number of
    /// code points written. Digits may be in either case; basic code points
    /// keep their case.
    ///
    /// No allocation. `out` never needs more than `input.len()` entries.
    ///
    /// # Errors
    /// [`Error::InputTooLong`] (checked first), [`Error::LeadingDelimiter`],
    /// [`Error::NonBasicBeforeDelimiter`], [`Error::InvalidDigit`],
    /// [`Error::TruncatedDelta`], [`Error::Overflow`],
    /// [`Error::InvalidCodePoint`], each with its byte position, and
    /// [`Error::BufferTooSmall`] with the exact size needed (only if the
    /// input is otherwise valid).
    #[inline]
    pub fn decode_into(&self, input: &[u8], out: &mut [char]) -> Result<usize, Error> {
        self.decode_with(input, out, None, &mut Quiet)
    }

    /// [`decode_into`](Self::decode_into), also writing the mixed-case
    /// annotation flag of each output code point into `flags` (RFC 3492
    /// appendix A): for a basic code point, whether it is an upper-case
    /// letter; for an inserted one, whether the last digit of its integer is.
    ///
    /// # Errors
    /// As [`decode_into`](Self::decode_into); the capacity is the shorter
    /// of `out` and `flags`.
    #[inline]
    pub fn decode_into_with_flags(
        &self,
        input: &[u8],
        out: &mut [char],
        flags: &mut [bool],
    ) -> Result<usize, Error> {
        self.decode_with(input, out, Some(flags), &mut Quiet)
    }

    /// [`decode_into`](Self::decode_into), calling `on_step` once per
    /// inserted code point with the delta, its digits, the insertion
    /// position and the new bias (what RFC 3492 section 7.2 prints).
    ///
    /// ```
    /// let mut out = ['\0'; 8];
    /// let mut steps = Vec::new();
    /// let n = etld_punycode::Codec::PUNYCODE
    ///     .decode_traced(b"bcher-kva", &mut out, |s| steps.push((s.code_point, s.position)))
    ///     .unwrap();
    /// assert_eq!(out[..n].iter().collect::<String>(), "bücher");
    /// assert_eq!(steps, [('ü', 1)]);
    /// ```
    ///
    /// # Errors
    /// As [`decode_into`](Self::decode_into).
    #[inline]
    pub fn decode_traced<F: FnMut(&Step<'_>)>(
        &self,
        input: &[u8],
        out: &mut [char],
        on_step: F,
    ) -> Result<usize, Error> {
        self.decode_with(input, out, None, &mut Calls(on_step))
    }

    /// The decoding every `decode_*` method runs, under this codec's
    /// parameters and limits.
    #[inline(always)]
    fn decode_with<O: Observer>(
        &self,
        input: &[u8],
        out: &mut [char],
        flags: Option<&mut [bool]>,
        obs: &mut O,
    ) -> Result<usize, Error> {
        let max_len = self.limits.max_decode_len;
        decode_core(&self.params, max_len, input, out, flags, obs)
    }
}

#[inline(always)]
fn check_flags(flags: Option<&[bool]>, len: usize) -> Result<(), Error> {
    match flags {
        Some(f) if f.len() != len => Err(Error::CaseFlagsLength {
            expected: len,
            actual: f.len(),
        }),
        _ => Ok(()),
    }
}

/// Decode output buffer kept on the stack for short inputs.
#[cfg(feature = "alloc")]
const STACK_DECODE: usize = 64;

/// Collects `chars` into a `String` allocated at its exact size.
#[cfg(feature = "alloc")]
fn to_string(chars: &[char]) -> String {
    let len = chars.iter().map(|c| c.len_utf8()).sum();
    let mut s = String::with_capacity(len);
    s.extend(chars);
    s
}

/// Appends to a `String`, counting only what it appends.
#[cfg(feature = "alloc")]
struct AppendSink<'a> {
    out: &'a mut String,
    start: usize,
}

#[cfg(feature = "alloc")]
impl Sink for AppendSink<'_> {
    #[inline(always)]
    fn push(&mut self, byte: u8) {
        self.out.push(char::from(byte));
    }

    #[inline(always)]
    fn count(&self) -> usize {
        self.out.len() - self.start
    }

    fn written(&self, start: usize, end: usize) -> &[u8] {
        let bytes = self.out.as_bytes();
        bytes
            .get(self.start + start..self.start + end)
            .unwrap_or(&[])
    }
}

/// Encode output buffer kept on the stack before allocating the `String`.
#[cfg(feature = "alloc")]
const STACK_ENCODE: usize = 128;

#[cfg(feature = "alloc")]
impl Codec {
    /// Encodes `input` into a new `String`. See [`encode_into`](Self::encode_into).
    ///
    /// # Errors
    /// As [`encode_into`](Self::encode_into), without `BufferTooSmall`.
    pub fn encode(&self, input: &str) -> Result<String, Error> {
        // Most outputs fit a stack buffer: encode there, allocate once.
        let mut buf = [0u8; STACK_ENCODE];
        let mut sink = SliceSink::new(&mut buf);
        self.encode_str_to(input, None, &mut sink, &mut Quiet)?;
        match sink.finish() {
            Ok(n) => match core::str::from_utf8(&buf[..n]) {
                Ok(s) => Ok(String::from(s)),
                // Unreachable: the encoder only writes ASCII.
                Err(_) => Err(Error::Fmt),
            },
            Err(Error::BufferTooSmall { needed }) => {
                let mut out = String::with_capacity(needed);
                self.encode_str_to(input, None, &mut out, &mut Quiet)?;
                Ok(out)
            }
            Err(e) => Err(e),
        }
    }

    /// Encodes `input` at the end of `out`, with no buffer in between:
    /// what a caller building a whole name in one `String` wants.
    ///
    /// ```
    /// let mut name = String::from("www.xn--");
    /// etld_punycode::Codec::PUNYCODE.encode_append("bücher", &mut name).unwrap();
    /// assert_eq!(name, "www.xn--bcher-kva");
    /// ```
    ///
    /// # Errors
    /// As [`encode_into`](Self::encode_into), without `BufferTooSmall`;
    /// `out` is then as it was.
    #[inline]
    pub fn encode_append(&self, input: &str, out: &mut String) -> Result<(), Error> {
        let start = out.len();
        let mut sink = AppendSink { out, start };
        let result = self.encode_str_to(input, None, &mut sink, &mut Quiet);
        if result.is_err() {
            sink.out.truncate(start);
        }
        result
    }

    /// Encodes the code points of `input` (any cheaply clonable iterator of
    /// `char`) at the end of `out`.
    ///
    /// ```
    /// let mut name = String::from("xn--");
    /// let label = ['食', '狮'];
    /// etld_punycode::Codec::PUNYCODE.encode_chars_append(label.iter().copied(), &mut name).unwrap();
    /// assert_eq!(name, "xn--85x722f");
    /// ```
    ///
    /// # Errors
    /// As [`encode_append`](Self::encode_append).
    #[inline]
    pub fn encode_chars_append<I>(&self, input: I, out: &mut String) -> Result<(), Error>
    where
        I: IntoIterator<Item = char>,
        I::IntoIter: Clone,
    {
        let start = out.len();
        let mut sink = AppendSink { out, start };
        let result = self.encode_iter_to(input.into_iter(), &mut sink);
        if result.is_err() {
            sink.out.truncate(start);
        }
        result
    }

    /// Encodes the code points of `input` into a new `String`.
    ///
    /// # Errors
    /// As [`encode_into`](Self::encode_into), without `BufferTooSmall`.
    pub fn encode_chars<I>(&self, input: I) -> Result<String, Error>
    where
        I: IntoIterator<Item = char>,
        I::IntoIter: Clone,
    {
        let mut out = String::new();
        self.encode_iter_to(input.into_iter(), &mut out)?;
        Ok(out)
    }

    /// Encodes `input` with mixed-case annotation flags into a new `String`.
    /// See [`encode_into_with_flags`](Self::encode_into_with_flags).
    ///
    /// # Errors
    /// As [`encode_into_with_flags`](Self::encode_into_with_flags), without
    /// `BufferTooSmall`.
    pub fn encode_with_flags(&self, input: &str, flags: &[bool]) -> Result<String, Error> {
        let mut out = String::with_capacity(input.len() + 8);
        self.encode_str_to(input, Some(flags), &mut out, &mut Quiet)?;
        Ok(out)
    }

    /// Decodes the Punycode `input` into a new `String`.
    /// See [`decode_into`](Self::decode_into).
    ///
    /// # Errors
    /// As [`decode_into`](Self::decode_into), without `BufferTooSmall`.
    pub fn decode(&self, input: &str) -> Result<String, Error> {
        let bytes = input.as_bytes();
        if bytes.len() <= STACK_DECODE {
            let mut buf = ['\0'; STACK_DECODE];
            let n = self.decode_into(bytes, &mut buf)?;
            Ok(to_string(&buf[..n]))
        } else {
            Ok(to_string(&self.decode_to_vec(input)?))
        }
    }

    /// Refuses a decode input over the cap before anything is allocated
    /// for it.
    fn check_decode_len(&self, len: usize) -> Result<(), Error> {
        match self.limits.max_decode_len {
            max if len > max => Err(Error::InputTooLong { len, max }),
            _ => Ok(()),
        }
    }

    /// Decodes the Punycode `input` into a new `Vec<char>`.
    ///
    /// # Errors
    /// As [`decode_into`](Self::decode_into), without `BufferTooSmall`.
    pub fn decode_to_vec(&self, input: &str) -> Result<Vec<char>, Error> {
        let bytes = input.as_bytes();
        self.check_decode_len(bytes.len())?;
        let mut out = vec!['\0'; bytes.len()];
        let n = self.decode_into(bytes, &mut out)?;
        out.truncate(n);
        Ok(out)
    }

    /// Decodes the Punycode `input` into a new `String` and one mixed-case
    /// annotation flag per code point.
    /// See [`decode_into_with_flags`](Self::decode_into_with_flags).
    ///
    /// # Errors
    /// As [`decode_into`](Self::decode_into), without `BufferTooSmall`.
    pub fn decode_with_flags(&self, input: &str) -> Result<(String, Vec<bool>), Error> {
        let bytes = input.as_bytes();
        self.check_decode_len(bytes.len())?;
        let mut out = vec!['\0'; bytes.len()];
        let mut flags = vec![false; bytes.len()];
        let n = self.decode_into_with_flags(bytes, &mut out, &mut flags)?;
        flags.truncate(n);
        Ok((to_string(&out[..n]), flags))
    }
}
