//! A UTF-8 byte order mark at the very start of standard input, read
//! ahead and dropped ([`SkipBom`]), without waiting on a stalled input
//! beyond what the mark needs.

use std::io::{self, Read};

/// The UTF-8 byte order mark.
pub(super) const BOM: &[u8; 3] = b"\xEF\xBB\xBF";

/// A reader that drops a UTF-8 byte order mark at the very start of its
/// input (when told to).
pub struct SkipBom<R> {
    inner: R,
    /// The first bytes, read ahead to tell whether they are a mark.
    head: [u8; 3],
    /// How many first bytes were read, and how many of them served (or
    /// dropped, for a mark).
    len: usize,
    served: usize,
    state: Head,
}

/// Where a [`SkipBom`] stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Head {
    /// The first bytes are still to be read.
    Unread,
    /// The first bytes are read and being served; the input ended within
    /// them if `true`.
    Read(bool),
    /// Past the first bytes: reads go straight to the input.
    Past,
}

impl<R: Read> SkipBom<R> {
    /// Reads `inner`, dropping a byte order mark at its start if `skip`.
    pub fn new(inner: R, skip: bool) -> SkipBom<R> {
        SkipBom {
            inner,
            head: [0; 3],
            len: 0,
            served: 0,
            state: if skip { Head::Unread } else { Head::Past },
        }
    }

    /// Reads the first bytes: until there are three, or one that is not
    /// the mark's, or the input ends (so a stalled input is not waited for
    /// beyond what the mark needs); drops them if they are the mark.
    fn read_head(&mut self) -> io::Result<()> {
        let mut ended = false;
        while self.len < 3 && BOM.starts_with(&self.head[..self.len]) {
            match self.inner.read(&mut self.head[self.len..]) {
                Ok(0) => {
                    ended = true;
                    break;
                }
                Ok(n) => self.len += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        if &self.head[..self.len] == BOM {
            self.served = 3;
        }
        self.state = Head::Read(ended);
        Ok(())
    }
}

impl<R: Read> Read for SkipBom<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.state == Head::Unread {
            self.read_head()?;
        }
        if let Head::Read(ended) = self.state {
            if self.served < self.len {
                let n = (self.len - self.served).min(buf.len());
                buf[..n].copy_from_slice(&self.head[self.served..self.served + n]);
                self.served += n;
                return Ok(n);
            }
            self.state = Head::Past;
            if ended {
                return Ok(0);
            }
        }
        self.inner.read(buf)
    }
}
