//! Strict, allocation-free [RFC 3492] Bootstring and Punycode.
//!
//! # What this is
//!
//! DNS labels are ASCII. To put `bücher` or `食狮` in a domain name, IDNA
//! writes the label as an *A-label*: `xn--` followed by the label's
//! **Punycode**, here `xn--bcher-kva` and `xn--85x722f`.
//!
//! Punycode is one instance ("profile") of **Bootstring**, a general way to
//! write a string of code points using a small set of *basic* code points:
//!
//! 1. the basic code points of the string (ASCII for Punycode) are copied
//!    first, in order, followed by a delimiter (`-`) if there are any;
//! 2. every other code point is then described by one number, a *delta*,
//!    telling a decoder how far to move a cursor `(n, i)` (the code point
//!    value to insert next, and where) before inserting it. The code points
//!    are taken in ascending order, so the deltas stay small
//!    (*insertion unsort coding*, RFC 3492 section 3.2; see [`Codec`]);
//! 3. each delta is written as a *generalized variable-length integer*:
//!    little-endian digits in base 36 (`a`–`z`, `0`–`9`) where a digit below
//!    a position-dependent threshold ends the number, so no separators are
//!    needed;
//! 4. the thresholds follow a *bias* that [`Bootstring::adapt`] recomputes
//!    after each delta, so the digits fit the deltas the text actually has.
//!
//! The numbers behind these steps are the [`Bootstring`] parameters;
//! [`PUNYCODE`] is the set RFC 3492 fixes.
//!
//! # What this crate promises
//!
//! * Exactly RFC 3492, strict where common decoders are lax: a leading
//!   delimiter (`-tda`), a surrogate or out-of-range result (`ib9b`), an
//!   overflowing integer (`99999999`), a non-digit (`td_`), a non-ASCII byte
//!   before the delimiter are each an [`Error`] with its byte position, and
//!   nothing panics.
//! * Input caps ([`Limits`], 2000 bytes to decode and 1000 code points to
//!   encode by default) are checked before any work.
//! * The buffer API ([`encode_into`], [`decode_into`], [`check_a_label`], ...)
//!   never allocates; `#![no_std]`, and the `String` forms need the `alloc`
//!   feature (on by default). No dependencies, no `unsafe`.
//! * Mixed-case annotation (RFC 3492 appendix A) both ways
//!   ([`Codec::decode_into_with_flags`], [`Codec::encode_into_with_flags`]).
//!
//! # One path for each task
//!
//! The four free functions ([`encode`], [`decode`], [`encode_into`],
//! [`decode_into`]) are [`Codec::PUNYCODE`]'s methods of the same names,
//! for the everyday task. Every other form (mixed-case flags, an iterator
//! of `char`s, a [`core::fmt::Write`], appending to a `String`, a
//! `Vec<char>`, traced steps) is a method of [`Codec`], for Punycode or any
//! other [`Bootstring`] profile.
//!
//! # Everyday tasks
//!
//! Encode a label, into a `String` or a stack buffer:
//!
//! ```
//! # #[cfg(feature = "alloc")]
//! assert_eq!(etld_punycode::encode("bücher").unwrap(), "bcher-kva");
//!
//! let mut buf = [0u8; 63];
//! let n = etld_punycode::encode_into("münchen", &mut buf).unwrap();
//! assert_eq!(&buf[..n], b"mnchen-3ya");
//! ```
//!
//! Decode, into a `String` or a `char` buffer (digits in any case):
//!
//! ```
//! # #[cfg(feature = "alloc")]
//! assert_eq!(etld_punycode::decode("85x722f").unwrap(), "食狮");
//!
//! let mut out = ['\0'; 63];
//! let n = etld_punycode::decode_into(b"MNCHEN-3YA", &mut out).unwrap();
//! assert_eq!(out[..n].iter().collect::<String>(), "MÜNCHEN".replace('Ü', "ü"));
//! ```
//!
//! Errors say what and where:
//!
//! ```
//! # #[cfg(feature = "alloc")] {
//! use etld_punycode::{decode, Error};
//! assert_eq!(decode("-tda"), Err(Error::LeadingDelimiter { position: 0 }));
//! assert_eq!(decode("td_"), Err(Error::InvalidDigit { position: 2, byte: b'_' }));
//! assert!(matches!(decode("ib9b"), Err(Error::InvalidCodePoint { value: 0xD800, .. })));
//! # }
//! ```
//!
//! Convert labels between Unicode and A-label form, strictly (an A-label
//! must be what its own Unicode form encodes to), or check an A-label
//! without allocating:
//!
//! ```
//! use etld_punycode::{check_a_label, Error};
//! # #[cfg(feature = "alloc")] {
//! use etld_punycode::{to_ascii_label, to_unicode_label};
//! assert_eq!(to_ascii_label("Bücher").unwrap(), "xn--bcher-kva");
//! assert_eq!(to_unicode_label("XN--BCHER-KVA").unwrap(), "bücher");
//! # }
//! assert_eq!(check_a_label(b"xn--bcher-kva"), Ok(()));
//! assert_eq!(check_a_label(b"xn--bcher-"), Err(Error::AsciiPayload));
//! ```
//!
//! [RFC 3492]: https://www.rfc-editor.org/rfc/rfc3492
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

mod codec;
mod decode;
mod encode;
mod error;
mod fastdiv;
mod label;
mod params;
mod sink;
mod trace;
mod varint;

#[cfg(feature = "alloc")]
use alloc::string::String;

pub use codec::{Codec, Limits};
pub use error::Error;
pub use label::{
    check_a_label, decode_a_label_into, has_ace_prefix, is_canonical_code_point,
    to_ascii_label_into, ACE_PREFIX, MAX_LABEL_LEN,
};
#[cfg(feature = "alloc")]
pub use label::{to_ascii_label, to_unicode_label};
pub use params::{Bootstring, ParamError, PUNYCODE};
pub use trace::Step;

/// The README's examples are compiled and run as doc tests (they use the
/// `String` forms).
#[cfg(all(doctest, feature = "alloc"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// Encodes `input` as Punycode into `out`, returning the number of bytes
/// written (lower-case digits; basic code points copied as they are).
///
/// ```
/// let mut buf = [0u8; 16];
/// let n = etld_punycode::encode_into("пример", &mut buf).unwrap();
/// assert_eq!(&buf[..n], b"e1afmkfd");
/// ```
///
/// # Errors
/// See [`Codec::encode_into`]; e.g. [`Error::BufferTooSmall`] with the size needed.
#[inline]
pub fn encode_into(input: &str, out: &mut [u8]) -> Result<usize, Error> {
    Codec::PUNYCODE.encode_into(input, out)
}

/// Decodes the Punycode `input` into `out`, returning the number of code
/// points written. Digits may be in either case.
///
/// ```
/// let mut out = ['\0'; 16];
/// let n = etld_punycode::decode_into(b"r8jz45g", &mut out).unwrap();
/// assert_eq!(out[..n].iter().collect::<String>(), "例え");
/// ```
///
/// # Errors
/// See [`Codec::decode_into`].
#[inline]
pub fn decode_into(input: &[u8], out: &mut [char]) -> Result<usize, Error> {
    Codec::PUNYCODE.decode_into(input, out)
}

/// Encodes `input` as Punycode into a new `String`.
///
/// ```
/// assert_eq!(etld_punycode::encode("δοκιμή").unwrap(), "jxalpdlp");
/// assert_eq!(etld_punycode::encode("abc").unwrap(), "abc-");
/// ```
///
/// # Errors
/// See [`Codec::encode`].
#[cfg(feature = "alloc")]
pub fn encode(input: &str) -> Result<String, Error> {
    Codec::PUNYCODE.encode(input)
}

/// Decodes the Punycode `input` into a new `String`.
///
/// ```
/// assert_eq!(etld_punycode::decode("mnchen-3ya").unwrap(), "münchen");
/// assert_eq!(etld_punycode::decode("abc-").unwrap(), "abc");
/// ```
///
/// # Errors
/// See [`Codec::decode`].
#[cfg(feature = "alloc")]
pub fn decode(input: &str) -> Result<String, Error> {
    Codec::PUNYCODE.decode(input)
}
