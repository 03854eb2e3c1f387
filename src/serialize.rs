//! Answers as data, with the `serde` feature: a [`Domain`] serializes as a
//! map of its parts, under the keys `etld lookup --json` uses for them
//! (`host` for the host looked up, in the output form), absent parts as
//! `null`; a [`Section`] as `icann` or `private`, a [`RuleMatch`] as
//! `exact`, `wildcard`, `wildcard-parent`, `exception` or `implicit`.
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! let d = etld::List::builtin().lookup("www.Example.co.uk").unwrap();
//! let json = serde_json::to_string(&d).unwrap();
//! assert!(json.starts_with(r#"{"host":"www.example.co.uk","suffix":"co.uk","registrable":"example.co.uk""#));
//! # }
//! ```

use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::lookup::domain::{Domain, RuleMatch};
use crate::rules::rule::Section;

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Domain<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(11))?;
        map.serialize_entry("host", self.as_str())?;
        map.serialize_entry("suffix", &self.suffix())?;
        map.serialize_entry("registrable", &self.registrable())?;
        map.serialize_entry("subdomain", &self.subdomain())?;
        map.serialize_entry("label", &self.registrable_label())?;
        map.serialize_entry("section", &self.section())?;
        map.serialize_entry("known", &self.is_known())?;
        map.serialize_entry("rule", &self.rule())?;
        map.serialize_entry("rule_kind", &self.rule_kind())?;
        map.serialize_entry("icann_suffix", &self.icann_suffix())?;
        map.serialize_entry("icann_registrable", &self.icann_registrable())?;
        map.end()
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Section {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for RuleMatch {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(match self {
            RuleMatch::Exact => "exact",
            RuleMatch::Wildcard => "wildcard",
            RuleMatch::WildcardParent => "wildcard-parent",
            RuleMatch::Exception => "exception",
            RuleMatch::Implicit => "implicit",
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::{List, Options, Wildcard};

    #[test]
    fn a_domain_serializes_as_a_map_of_its_parts() {
        let list = List::builtin();
        let d = list.lookup("a.b.city.kobe.jp").unwrap();
        let value = serde_json::to_value(&d).unwrap();
        assert_eq!(
            value,
            serde_json::json!({
                "host": "a.b.city.kobe.jp",
                "suffix": "kobe.jp",
                "registrable": "city.kobe.jp",
                "subdomain": "a.b",
                "label": "city",
                "section": "icann",
                "known": true,
                "rule": "!city.kobe.jp",
                "rule_kind": "exception",
                "icann_suffix": "kobe.jp",
                "icann_registrable": "city.kobe.jp",
            })
        );
        let browser = Options::new().wildcard(Wildcard::Browser);
        let d = list.lookup_with("kobe.jp", &browser).unwrap();
        assert_eq!(
            serde_json::to_value(d.rule_kind()).unwrap(),
            "wildcard-parent"
        );
        let d = list.lookup("example.unlisted").unwrap();
        let value = serde_json::to_value(&d).unwrap();
        assert_eq!(value["section"], serde_json::Value::Null);
        assert_eq!(value["rule_kind"], "implicit");
        assert_eq!(value["known"], false);
    }
}
