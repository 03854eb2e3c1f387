"""`etld.extract` and `List.extract`: tldextract's answer shape, with etld's
answers (case, UTS 46, IP forms, the implicit rule), immutable and
picklable; and the rule and ICANN-only answer on `Domain`."""

import pickle

import pytest

import etld


def test_the_parts_of_a_url():
    r = etld.extract("https://user:pw@www.Example.CO.uk:8080/a")
    assert (r.subdomain, r.domain, r.suffix) == ("www", "example", "co.uk")
    assert r.registered_domain == r.top_domain_under_public_suffix == "example.co.uk"
    assert r.fqdn == "www.example.co.uk"
    assert (r.ipv4, r.ipv6, r.is_private) == ("", "", False)
    assert (r.registry_suffix, r.top_domain_under_registry_suffix) == ("co.uk", "example.co.uk")


@pytest.mark.parametrize(
    "given, parts",
    [
        ("me.github.io", ("", "me", "github.io", True, "io")),
        ("someone@mail.example.com", ("mail", "example", "com", False, "com")),
        ("example.com:8080", ("", "example", "com", False, "com")),
        ("example.com.", ("", "example", "com", False, "com")),
        ("WWW.Bücher.DE", ("www", "bücher", "de", False, "de")),
        ("ｗｗｗ．ｅｘａｍｐｌｅ．ｃｏｍ", ("www", "example", "com", False, "com")),
        ("www.example.unknowntld", ("www", "example", "unknowntld", False, "unknowntld")),
        ("a.b.aivencloud.com", ("", "a", "b.aivencloud.com", True, "com")),
        ("co.uk", ("", "", "co.uk", False, "co.uk")),
    ],
)
def test_hosts(given, parts):
    r = etld.extract(given)
    subdomain, domain, suffix, private, registry_suffix = parts
    assert (r.subdomain, r.domain, r.suffix, r.is_private) == (subdomain, domain, suffix, private)
    assert r.registered_domain == (f"{domain}.{suffix}" if domain else "")
    assert r.registry_suffix == registry_suffix


def test_the_icann_answer_beside_a_private_one():
    r = etld.extract("me.github.io")
    assert (r.suffix, r.registry_suffix) == ("github.io", "io")
    assert (r.registered_domain, r.top_domain_under_registry_suffix) == ("me.github.io", "github.io")
    r = etld.extract("a.b.aivencloud.com")
    assert (r.registry_suffix, r.top_domain_under_registry_suffix) == ("com", "aivencloud.com")


@pytest.mark.parametrize(
    "given, ipv4, ipv6",
    [
        ("http://127.0.0.1:8080/", "127.0.0.1", ""),
        ("http://0x7f.1/", "127.0.0.1", ""),
        ("192.168.0.1", "192.168.0.1", ""),
        ("http://[::1]:80/", "", "::1"),
        ("[2001:DB8:0:0::1]", "", "2001:db8::1"),
        ("999.1.1.1", "", ""),
    ],
)
def test_ip_addresses(given, ipv4, ipv6):
    r = etld.extract(given)
    assert (r.ipv4, r.ipv6, r.suffix, r.subdomain) == (ipv4, ipv6, "", "")
    assert r.domain == (ipv4 or ipv6)


@pytest.mark.parametrize("given", ["", "a..b", "file:///etc/passwd", "not a host", "javascript:alert(1)"])
def test_no_valid_host_gives_empty_parts(given):
    r = etld.extract(given)
    assert tuple(r) == ("", "", "", False, "")
    assert (r.registered_domain, r.fqdn, r.ipv4, r.ipv6) == ("", "", "", "")


def test_immutable_picklable_and_asdict():
    r = etld.extract("www.example.co.uk")
    with pytest.raises(AttributeError):
        r.domain = "other"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(r)) == r
    assert r._asdict() == {
        "subdomain": "www",
        "domain": "example",
        "suffix": "co.uk",
        "is_private": False,
        "registry_suffix": "co.uk",
    }
    assert isinstance(r, etld.ExtractResult)


def test_a_list_with_options_plays_tldextracts_part():
    icann = etld.List.builtin(icann_only=True)
    r = icann.extract("me.github.io")
    assert (r.subdomain, r.domain, r.suffix, r.is_private) == ("me", "github", "io", False)
    corp = etld.List.builtin().with_extra("// ===BEGIN PRIVATE DOMAINS===\ndev.corp.example\n")
    r = corp.extract("https://api.dev.corp.example/x")
    assert (r.domain, r.suffix, r.is_private) == ("api", "dev.corp.example", True)
    assert etld.extract("me.github.io", icann_only=True).suffix == "io"


def test_domain_has_the_rule_and_the_icann_answer():
    for host, rule, icann_suffix, icann_registrable in [
        ("me.github.io", "github.io", "io", "github.io"),
        ("a.b.kobe.jp", "*.kobe.jp", "b.kobe.jp", "a.b.kobe.jp"),
        ("www.city.kobe.jp", "!city.kobe.jp", "kobe.jp", "city.kobe.jp"),
        ("www.example.unknowntld", "*", "unknowntld", "example.unknowntld"),
        ("a.b.aivencloud.com", "*.aivencloud.com", "com", "aivencloud.com"),
    ]:
        d = etld.lookup(host)
        assert (d.rule, d.icann_suffix, d.icann_registrable) == (rule, icann_suffix, icann_registrable)
        again = pickle.loads(pickle.dumps(d))
        assert again == d
        assert (again.rule, again.icann_suffix) == (rule, icann_suffix)
    assert etld.lookup("a.b.example", default_rule=False).rule is None
