"""`extract`: tldextract's answer shape, from etld's answers.

`ExtractResult` has the fields and properties of tldextract's result of
the same name, with etld's answers: case folded and Unicode processed as a
browser does, IP addresses in every form the URL standard reads (and
written in its form), and the implicit `*` rule for an unlisted TLD
(tldextract gives such a host no suffix). The parts are found by the
native module (`List.extract`), for one input or a column's rows alike.
"""

import ipaddress
from typing import TYPE_CHECKING, Any, NamedTuple, Optional, overload

from etld._etld import default_list

if TYPE_CHECKING:
    from etld._etld import C, Output


class ExtractResult(NamedTuple):
    """The parts of a host, in tldextract's shape: each `''` where absent.

    >>> r = etld.extract("https://user:pw@www.Example.CO.uk:8080/a")
    >>> r.subdomain, r.domain, r.suffix, r.registered_domain, r.fqdn
    ('www', 'example', 'co.uk', 'example.co.uk', 'www.example.co.uk')
    >>> etld.extract("me.github.io").is_private, etld.extract("me.github.io").registry_suffix
    (True, 'io')
    >>> etld.extract("http://127.0.0.1:8080/").ipv4
    '127.0.0.1'
    """

    #: The labels left of the registrable domain.
    subdomain: str
    #: The label left of the public suffix (an IP address's text for an IP).
    domain: str
    #: The public suffix.
    suffix: str
    #: Whether the suffix comes from the list's PRIVATE section.
    is_private: bool = False
    #: The public suffix under the ICANN section alone.
    registry_suffix: str = ""

    @property
    def registered_domain(self) -> str:
        """The registrable domain, `domain.suffix`; `''` without both."""
        return f"{self.domain}.{self.suffix}" if self.domain and self.suffix else ""

    @property
    def top_domain_under_public_suffix(self) -> str:
        """The registrable domain (tldextract's newer name for it)."""
        return self.registered_domain

    @property
    def top_domain_under_registry_suffix(self) -> str:
        """The registrable domain under the ICANN section alone."""
        name, registry = self.fqdn, self.registry_suffix
        if not registry or not name.endswith("." + registry):
            return ""
        return name[: -len(registry) - 1].rsplit(".", 1)[-1] + "." + registry

    @property
    def fqdn(self) -> str:
        """The whole name, `subdomain.domain.suffix`; `''` without a domain
        and a suffix."""
        if not (self.domain and self.suffix):
            return ""
        return ".".join(p for p in (self.subdomain, self.domain, self.suffix) if p)

    @property
    def ipv4(self) -> str:
        """The IPv4 address the host is, in its canonical form; `''`."""
        return self.domain if self._is_address(ipaddress.IPv4Address) else ""

    @property
    def ipv6(self) -> str:
        """The IPv6 address the host is, compressed as the URL standard
        writes it; `''`."""
        return self.domain if self._is_address(ipaddress.IPv6Address) else ""

    def _is_address(self, kind: Any) -> bool:
        """Whether the domain alone is an address of `kind`: given as
        `extract` writes it, not rewritten by `ipaddress` (whose form of an
        IPv4-mapped IPv6 address differs between Python versions)."""
        if self.suffix or self.subdomain:
            return False
        try:
            kind(self.domain)
        except ValueError:
            return False
        return True


@overload
def extract(
    url_or_host: Optional[str],
    /,
    *,
    icann_only: Optional[bool] = None,
    implicit_rule: Optional[bool] = None,
    wildcard_root: Optional[bool] = None,
    output: Optional["Output"] = None,
) -> ExtractResult: ...
@overload
def extract(
    url_or_host: "C",
    /,
    *,
    icann_only: Optional[bool] = None,
    implicit_rule: Optional[bool] = None,
    wildcard_root: Optional[bool] = None,
    output: Optional["Output"] = None,
) -> "C": ...
def extract(url_or_host: Any, /, **options: Any) -> Any:
    """The parts of the host of a URL, a host, `host:port` or an e-mail
    address, in tldextract's shape (`ExtractResult`), from the list the
    module's functions use; `List.extract` answers from another list.
    Never raises for an input: one with no valid host gives a result of
    `''` parts. Options as keyword arguments, as for `lookup`.

    >>> etld.extract("https://user:pw@www.Example.CO.uk:8080/a")
    ExtractResult(subdomain='www', domain='example', suffix='co.uk', is_private=False, registry_suffix='co.uk')
    >>> etld.extract("a.b.aivencloud.com").top_domain_under_registry_suffix
    'aivencloud.com'

    Given a column (as the other functions take one), a struct column of
    the fields and properties, in `etld.EXTRACT_FIELDS`' order, each row what
    `extract` gives for its value (strings `''` where absent), NULL for
    NULL, answered in one batch with the GIL released:

    >>> import pyarrow as pa
    >>> rows = etld.extract(pa.array(["http://[::1]:8080/", "www.example.co.uk", None])).to_pylist()
    >>> rows[0]["ipv6"], rows[1]["fqdn"], rows[1]["top_domain_under_registry_suffix"], rows[2]
    ('::1', 'www.example.co.uk', 'example.co.uk', None)
    """
    return default_list().extract(url_or_host, **options)

