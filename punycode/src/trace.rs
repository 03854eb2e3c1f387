//! Observing the coder step by step (the traces of RFC 3492 sections 7.2, 7.3).

/// One inserted code point, as the encoder wrote it or the decoder read it.
///
/// See [`Codec::encode_traced`](crate::Codec::encode_traced) and
/// [`Codec::decode_traced`](crate::Codec::decode_traced).
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step<'a> {
    /// The non-basic code point inserted.
    pub code_point: char,
    /// Where the decoder inserts it: its index in the partial output,
    /// counting basic code points and the code points inserted before it.
    pub position: usize,
    /// The integer coded for it: how far the decoder's `(n, i)` state moves.
    pub delta: u32,
    /// The digits of `delta` as they appear in the Punycode (cut short when
    /// the encoder's output buffer was too small to hold them).
    pub digits: &'a [u8],
    /// The bias after [`Bootstring::adapt`](crate::Bootstring::adapt), used for the next integer.
    pub bias: u32,
}

/// Receives steps; the quiet implementation compiles away.
pub(crate) trait Observer {
    /// Whether `step` does anything (lets the coder skip bookkeeping).
    const ENABLED: bool;
    fn step(&mut self, step: &Step<'_>);
}

/// Observes nothing.
pub(crate) struct Quiet;

impl Observer for Quiet {
    const ENABLED: bool = false;
    #[inline(always)]
    fn step(&mut self, _step: &Step<'_>) {}
}

/// Calls a closure for each step.
pub(crate) struct Calls<F>(pub(crate) F);

impl<F: FnMut(&Step<'_>)> Observer for Calls<F> {
    const ENABLED: bool = true;
    fn step(&mut self, step: &Step<'_>) {
        (self.0)(step)
    }
}
