//! [`InputForm`]: a host in its own form, processed (docs/behaviour.md section 3 step 6), as the
//! canonicalisation writes it piece by piece.
//!
//! Most hosts that reach the slow path come out of it as they went in: a
//! Unicode host already in NFC and lower case, a right-to-left name. Their
//! input form is the host itself, so it is compared with the host as it is
//! written and only copied from the first piece that differs: nothing is
//! allocated for a host that UTS 46 leaves as it is, and the host is
//! processed once however it comes out.

use std::borrow::Cow;

/// The input form of `host`, written piece by piece: borrowed from the
/// host while the pieces match it, owned from the first that does not.
pub(crate) struct InputForm<'h> {
    host: &'h str,
    /// The bytes written, all equal to the host's first ones while `own`
    /// is `None`.
    len: usize,
    /// The form, once it differs from the host.
    own: Option<String>,
}

impl<'h> InputForm<'h> {
    /// The form of `host`, nothing written yet.
    pub(crate) fn new(host: &'h str) -> InputForm<'h> {
        InputForm {
            host,
            len: 0,
            own: None,
        }
    }

    /// Appends `piece`.
    pub(crate) fn push_str(&mut self, piece: &str) {
        match &mut self.own {
            Some(own) => own.push_str(piece),
            None => {
                let end = self.len + piece.len();
                if self.host.as_bytes().get(self.len..end) == Some(piece.as_bytes()) {
                    self.len = end;
                } else {
                    let mut own = String::with_capacity(self.host.len().max(end) + 8);
                    // The bytes written so far are the host's, whole
                    // pieces of it: a character boundary.
                    own.push_str(self.host.get(..self.len).unwrap_or_default());
                    own.push_str(piece);
                    self.own = Some(own);
                }
            }
        }
    }

    /// Appends the ASCII bytes `piece` (others are left out).
    pub(crate) fn push_ascii(&mut self, piece: &[u8]) {
        if let Ok(piece) = std::str::from_utf8(piece) {
            self.push_str(piece);
        }
    }

    /// The form: the host itself when it is the same, else its own.
    pub(crate) fn into_cow(self) -> Cow<'h, str> {
        match self.own {
            Some(own) => Cow::Owned(own),
            None if self.len == self.host.len() => Cow::Borrowed(self.host),
            None => Cow::Owned(self.host.get(..self.len).unwrap_or_default().to_owned()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The form of `host` written in `pieces`, and whether it is the
    /// host's own (borrowed).
    fn written(host: &str, pieces: &[&str]) -> (bool, String) {
        let mut form = InputForm::new(host);
        for p in pieces {
            form.push_str(p);
        }
        let form = form.into_cow();
        (matches!(form, Cow::Borrowed(_)), form.into_owned())
    }

    #[test]
    fn a_form_equal_to_the_host_borrows_it() {
        let mut form = InputForm::new("www.例え.jp");
        for p in ["www", ".", "例え", ".", "jp"] {
            form.push_str(p);
        }
        assert!(matches!(form.into_cow(), Cow::Borrowed("www.例え.jp")));
    }

    #[test]
    fn a_form_that_differs_is_its_own_from_the_first_difference() {
        assert_eq!(
            written("WWW.Bücher.de", &["www", ".", "bücher", ".", "de"]),
            (false, "www.bücher.de".into())
        );
        assert_eq!(
            written("a.b。c", &["a", ".", "b", ".", "c"]),
            (false, "a.b.c".into())
        );
        // Shorter or longer than the host.
        assert_eq!(written("ab.", &["ab"]), (false, "ab".into()));
        assert_eq!(written("ab", &["ab", "."]), (false, "ab.".into()));
        assert_eq!(written("ab", &["a", "b"]), (true, "ab".into()));
        // Pieces the same as the host's are borrowed; from the first that
        // differs, the form is its own.
        let host = "é".repeat(70) + "食";
        let mut form = InputForm::new(&host);
        form.push_str(&host);
        assert!(matches!(form.into_cow(), Cow::Borrowed(_)));
        let mut form = InputForm::new("ﬁ.com");
        form.push_str("fi");
        form.push_ascii(b".com");
        assert_eq!(form.into_cow(), "fi.com");
    }
}
