//! Byte sinks for the encoder: a caller's slice, a `fmt::Write`, a `String`.
//!
//! A sink never fails mid-way: a full slice keeps counting, a failed
//! formatter remembers the failure, and [`Sink::finish`] reports either.
//! That keeps the encoder's inner loop free of error paths.

use crate::Error;

pub(crate) trait Sink {
    /// Appends one ASCII byte.
    fn push(&mut self, byte: u8);
    /// Number of bytes pushed so far (written or not).
    fn count(&self) -> usize;
    /// The bytes pushed in `start..end`, or empty if they were not kept.
    fn written(&self, start: usize, end: usize) -> &[u8];
}

/// Writes into a caller's buffer; past its end it only counts.
pub(crate) struct SliceSink<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl<'a> SliceSink<'a> {
    #[inline(always)]
    pub(crate) fn new(buf: &'a mut [u8]) -> Self {
        SliceSink { buf, len: 0 }
    }

    /// The number of bytes written, or how many were needed.
    #[inline(always)]
    pub(crate) fn finish(self) -> Result<usize, Error> {
        if self.len > self.buf.len() {
            Err(Error::BufferTooSmall { needed: self.len })
        } else {
            Ok(self.len)
        }
    }
}

impl Sink for SliceSink<'_> {
    #[inline(always)]
    fn push(&mut self, byte: u8) {
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = byte;
        }
        self.len += 1;
    }

    #[inline(always)]
    fn count(&self) -> usize {
        self.len
    }

    fn written(&self, start: usize, end: usize) -> &[u8] {
        self.buf.get(start..end.min(self.buf.len())).unwrap_or(&[])
    }
}

/// Buffers bytes and hands them to a `core::fmt::Write` in chunks.
pub(crate) struct FmtSink<'w, W: core::fmt::Write + ?Sized> {
    w: &'w mut W,
    buf: [u8; 64],
    fill: usize,
    total: usize,
    failed: bool,
}

impl<'w, W: core::fmt::Write + ?Sized> FmtSink<'w, W> {
    pub(crate) fn new(w: &'w mut W) -> Self {
        FmtSink {
            w,
            buf: [0; 64],
            fill: 0,
            total: 0,
            failed: false,
        }
    }

    fn flush(&mut self) {
        if !self.failed && self.fill > 0 {
            // Only ASCII is ever pushed, so this is always valid UTF-8.
            let ok = match core::str::from_utf8(&self.buf[..self.fill]) {
                Ok(s) => self.w.write_str(s).is_ok(),
                Err(_) => false,
            };
            self.failed = !ok;
        }
        self.fill = 0;
    }

    pub(crate) fn finish(mut self) -> Result<(), Error> {
        self.flush();
        if self.failed {
            Err(Error::Fmt)
        } else {
            Ok(())
        }
    }
}

impl<W: core::fmt::Write + ?Sized> Sink for FmtSink<'_, W> {
    #[inline]
    fn push(&mut self, byte: u8) {
        if self.fill == self.buf.len() {
            self.flush();
        }
        self.buf[self.fill] = byte;
        self.fill += 1;
        self.total += 1;
    }

    fn count(&self) -> usize {
        self.total
    }

    fn written(&self, _start: usize, _end: usize) -> &[u8] {
        &[]
    }
}

#[cfg(feature = "alloc")]
impl Sink for alloc::string::String {
    #[inline]
    fn push(&mut self, byte: u8) {
        alloc::string::String::push(self, char::from(byte));
    }

    fn count(&self) -> usize {
        self.len()
    }

    fn written(&self, start: usize, end: usize) -> &[u8] {
        self.as_bytes().get(start..end).unwrap_or(&[])
    }
}
