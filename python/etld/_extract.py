"""`extract`: tldextract's answer shape, from etld's answers.

`ExtractResult` has the fields and properties of tldextract's result of
the same name, with etld's answers: case folded and Unicode processed as a
browser does, IP addresses in every form the URL standard reads (and
written in its canonical form), and the implicit `*` rule for an unlisted
TLD (tldextract gives such a host no suffix).
"""

import ipaddress
import unicodedata
from typing import Any, Dict, NamedTuple, Optional

from etld._etld import HostError, List, UrlError, default_list, host as _host


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
        if self.suffix or self.subdomain:
            return ""
        try:
            return str(ipaddress.IPv4Address(self.domain))
        except ValueError:
            return ""

    @property
    def ipv6(self) -> str:
        """The IPv6 address the host is, compressed; `''`."""
        if self.suffix or self.subdomain:
            return ""
        try:
            return str(ipaddress.IPv6Address(self.domain))
        except ValueError:
            return ""


_EMPTY = ExtractResult("", "", "")


def _ipv4(host: str) -> Optional[str]:
    """The canonical form of `host` if the URL standard reads it as an IPv4
    address (decimal, octal and hex parts, fewer than four parts)."""
    text = unicodedata.normalize("NFKC", host).lower().replace("\u3002", ".")
    parts = text.split(".")
    if parts and parts[-1] == "" and len(parts) > 1:
        parts.pop()
    if not 1 <= len(parts) <= 4:
        return None
    numbers = []
    for part in parts:
        try:
            if part[:2] == "0x":
                numbers.append(int(part[2:] or "0", 16))
            elif len(part) > 1 and part[0] == "0":
                numbers.append(int(part[1:], 8))
            else:
                numbers.append(int(part, 10) if part.isdigit() else -1)
        except ValueError:
            return None
    if any(n < 0 for n in numbers) or any(n > 255 for n in numbers[:-1]):
        return None
    if numbers[-1] >= 256 ** (5 - len(numbers)):
        return None
    value = numbers[-1]
    for i, n in enumerate(numbers[:-1]):
        value += n << (8 * (3 - i))
    return str(ipaddress.IPv4Address(value))


def _ip(host: str) -> Optional[str]:
    """The address `host` is (an IPv6 literal, with or without brackets, or
    an IPv4 address in any form the URL standard reads), or None."""
    inner = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if ":" in inner:
        try:
            return str(ipaddress.IPv6Address(inner))
        except ValueError:
            return None
    return _ipv4(host)


def extract_with(psl: List, url_or_host: str, **options: Any) -> ExtractResult:
    """`List.extract`: see `etld.extract`."""
    try:
        host = _host(url_or_host)
    except UrlError:
        return _EMPTY
    if host is None:
        return _EMPTY
    try:
        d = psl.lookup(host, **options)
    except HostError:
        ip = _ip(host)
        return ExtractResult("", ip, "") if ip else _EMPTY

    def part(value: Optional[str]) -> str:
        return (value or "").rstrip(".")

    return ExtractResult(
        subdomain=part(d.subdomain),
        domain=part(d.label),
        suffix=part(d.suffix),
        is_private=d.section == "private",
        registry_suffix=part(d.icann_suffix),
    )


def extract(url_or_host: str, **options: Any) -> ExtractResult:
    """The parts of the host of a URL, a host, `host:port` or an e-mail
    address, in tldextract's shape (`ExtractResult`), from the list the
    module's functions use; `List.extract` answers from another list.
    Never raises for an input: one with no valid host gives a result of
    `''` parts. Options as keyword arguments, as for `lookup`.

    >>> etld.extract("https://user:pw@www.Example.CO.uk:8080/a")
    ExtractResult(subdomain='www', domain='example', suffix='co.uk', is_private=False, registry_suffix='co.uk')
    >>> etld.extract("a.b.aivencloud.com").top_domain_under_registry_suffix
    'aivencloud.com'
    """
    return extract_with(default_list(), url_or_host, **options)


