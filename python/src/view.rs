//! One way to read the parts of an answer, whether the library gave it for
//! one host ([`etld::Domain`]) or in a batch ([`etld::Answer`]): the
//! `Domain` the bindings make, a `str` part of one host and a row of a
//! column read the parts through [`View`], and so alike.

use std::borrow::Cow;

use etld::{Answer, Domain, Section};

use crate::column::Op;

/// The parts of an answer (each `None` where it has none; an [`Answer`]
/// for an invalid host has none at all).
pub trait View {
    /// The public suffix.
    fn suffix(&self) -> Option<&str>;
    /// The registrable domain.
    fn registrable(&self) -> Option<&str>;
    /// The labels left of the registrable domain.
    fn subdomain(&self) -> Option<&str>;
    /// The label left of the public suffix.
    fn label(&self) -> Option<&str>;
    /// The section of the rule that prevailed.
    fn section(&self) -> Option<Section>;
    /// Whether a listed rule prevailed.
    fn known(&self) -> bool;
    /// The rule that prevailed, canonical (`*` for the implicit rule).
    fn rule(&self) -> Option<Cow<'_, str>>;
    /// The public suffix under the ICANN section alone.
    fn icann_suffix(&self) -> Option<&str>;
    /// The registrable domain under the ICANN section alone.
    fn icann_registrable(&self) -> Option<&str>;

    /// `"icann"` or `"private"`: [`View::section`] as the bindings name it.
    #[inline]
    fn section_name(&self) -> Option<&'static str> {
        self.section().map(|s| s.as_str())
    }

    /// The string part `op` names (`Registrable`, `Site`, `Suffix`,
    /// `Subdomain`, `Label`); `None` for any other operation. The site key
    /// is the registrable domain without a trailing dot, looked up in
    /// ASCII ([`Op::options`]).
    #[inline(always)]
    fn part(&self, op: Op) -> Option<&str> {
        match op {
            Op::Registrable => self.registrable(),
            Op::Site => self.registrable().map(|r| r.strip_suffix('.').unwrap_or(r)),
            Op::Suffix => self.suffix(),
            Op::Subdomain => self.subdomain(),
            Op::Label => self.label(),
            _ => None,
        }
    }
}

/// [`View`] for a type with the library's accessors of the same names.
macro_rules! view {
    ($t:ty) => {
        impl View for $t {
            #[inline(always)]
            fn suffix(&self) -> Option<&str> {
                <$t>::suffix(self)
            }
            #[inline(always)]
            fn registrable(&self) -> Option<&str> {
                <$t>::registrable(self)
            }
            #[inline(always)]
            fn subdomain(&self) -> Option<&str> {
                <$t>::subdomain(self)
            }
            #[inline(always)]
            fn label(&self) -> Option<&str> {
                self.registrable_label()
            }
            #[inline(always)]
            fn section(&self) -> Option<Section> {
                <$t>::section(self)
            }
            #[inline(always)]
            fn known(&self) -> bool {
                self.is_known()
            }
            #[inline(always)]
            fn rule(&self) -> Option<Cow<'_, str>> {
                <$t>::rule(self)
            }
            #[inline(always)]
            fn icann_suffix(&self) -> Option<&str> {
                <$t>::icann_suffix(self)
            }
            #[inline(always)]
            fn icann_registrable(&self) -> Option<&str> {
                <$t>::icann_registrable(self)
            }
        }
    };
}

view!(Domain<'_>);
view!(Answer<'_>);
