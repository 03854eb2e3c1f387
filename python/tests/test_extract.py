"""`etld.extract` and `List.extract`: tldextract's answer shape, with etld's
answers (case, UTS 46, IP forms, the implicit rule), immutable and
picklable; and the rule and ICANN-only answer on `Domain`."""

import collections.abc
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
    # An IPv6 domain keeps its brackets, as tldextract's does (and the URL
    # standard writes such a host); `ipv6` is the address without them.
    assert r.domain == (f"[{ipv6}]" if ipv6 else ipv4)


def test_a_result_made_by_hand_reads_its_address_as_tldextract_does():
    assert etld.ExtractResult("", "[::1]", "").ipv6 == "::1"
    assert etld.ExtractResult("", "::1", "").ipv6 == ""
    assert etld.ExtractResult("", "127.0.0.1", "").ipv4 == "127.0.0.1"


def test_a_private_suffix_alone_is_its_own_fqdn():
    # tldextract: a suffix with a domain, or a PRIVATE suffix itself, is a
    # whole name; only a domain and a suffix make a registered domain.
    r = etld.extract("github.io")
    assert (r.domain, r.suffix, r.is_private, r.fqdn) == ("", "github.io", True, "github.io")
    assert (r.registered_domain, r.top_domain_under_registry_suffix) == ("", "")
    assert etld.extract("co.uk").fqdn == ""


@pytest.mark.parametrize(
    "given, parts",
    [
        ("foo.localhost", ("foo", "localhost")),
        ("localhost", ("", "localhost")),
        ("http://localhost:8080/", ("", "localhost")),
        ("a.b.intranet.corp", ("a.b.intranet", "corp")),
    ],
)
def test_without_the_implicit_rule_the_last_label_is_the_domain(given, parts):
    # As tldextract takes a name under a TLD it does not know: no suffix,
    # the last label the domain, the rest the subdomain.
    r = etld.List.builtin(implicit_rule=False).extract(given)
    subdomain, domain = parts
    assert (r.subdomain, r.domain, r.suffix) == (subdomain, domain, "")
    assert (r.registered_domain, r.fqdn) == ("", "")


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


def test_a_sequence_of_its_five_fields():
    r = etld.extract("www.example.co.uk")
    assert isinstance(r, collections.abc.Sequence)
    assert (len(r), r[0], r[-1], r[1:3]) == (5, "www", "co.uk", ("example", "co.uk"))
    assert tuple(reversed(r)) == ("co.uk", False, "co.uk", "example", "www")
    assert ("example" in r, "nope" in r) == (True, False)
    assert (r.index("co.uk"), r.index("co.uk", 3), r.count("co.uk")) == (2, 4, 2)
    with pytest.raises(ValueError):
        r.index("www", 1, 5)


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
    assert etld.lookup("a.b.example", implicit_rule=False).rule is None


# `extract` of a column: a struct column of the fields and properties, each
# row what `extract` gives for its value.

import pyarrow as pa  # noqa: E402

from test_corpus import corpus, keywords  # noqa: E402

INPUTS = [
    "https://user:pw@www.Example.CO.uk:8080/a",
    "me.github.io",
    "someone@mail.example.com",
    "example.com:8080",
    "example.com.",
    "WWW.Bücher.DE",
    "ｗｗｗ．ｅｘａｍｐｌｅ．ｃｏｍ",
    "www.example.unknowntld",
    "a.b.aivencloud.com",
    "co.uk",
    "github.io",
    "http://127.0.0.1:8080/",
    "http://0x7f.1/",
    "0177.0.0.1",
    "１２７.０.０.１",
    "192.168.0.1",
    "4294967295",
    "http://[::1]:80/",
    "[2001:DB8:0:0::1]",
    "[::ffff:1.2.3.4]",
    "999.1.1.1",
    "",
    "a..b",
    "file:///etc/passwd",
    "not a host",
    "javascript:alert(1)",
    "www.city.kobe.jp",
    "a.b.kobe.jp",
]


def row_of(r):
    """An `ExtractResult` as a row of the struct column: its fields and
    properties, in `etld.EXTRACT_FIELDS`' order."""
    return {name: getattr(r, name) for name in etld.EXTRACT_FIELDS}


def test_the_fields_are_those_of_an_extract_result():
    r = etld.extract("www.example.co.uk")
    assert set(r._fields) < set(etld.EXTRACT_FIELDS)
    assert all(hasattr(r, name) for name in etld.EXTRACT_FIELDS)
    got = etld.extract(pa.array(["www.example.co.uk"]))
    assert [f.name for f in got.type] == list(etld.EXTRACT_FIELDS)
    assert got.type.field("is_private").type == pa.bool_()


def test_each_row_is_extract_of_its_value():
    got = etld.extract(pa.array(INPUTS)).to_pylist()
    assert got == [row_of(etld.extract(v)) for v in INPUTS]
    assert got[INPUTS.index("http://0x7f.1/")]["ipv4"] == "127.0.0.1"
    assert got[INPUTS.index("[::ffff:1.2.3.4]")]["ipv6"] == "::ffff:102:304"


def test_each_row_of_the_corpus_is_extract_of_its_value():
    for flags, cases in corpus().items():
        options = keywords(flags)
        inputs = [host for host, _ in cases]
        got = etld.extract(pa.array(inputs), **options).to_pylist()
        for value, row in zip(inputs, got):
            assert row == row_of(etld.extract(value, **options)), (value, flags)
        # A list with the options answers alike.
        psl = etld.List.builtin(**options)
        assert psl.extract(pa.array(inputs)).to_pylist() == got


def test_null_rows_and_null_columns():
    got = etld.extract(pa.array([None, "www.example.co.uk", None]))
    assert got.to_pylist() == [None, row_of(etld.extract("www.example.co.uk")), None]
    for nulls in [pa.nulls(3), pa.nulls(3, pa.string())]:
        got = etld.extract(nulls)
        assert got.to_pylist() == [None, None, None]
        assert [f.name for f in got.type] == list(etld.EXTRACT_FIELDS)
    # One input of None is no column: the result of no host.
    assert tuple(etld.extract(None)) == ("", "", "", False, "")


def test_string_types_and_chunks_are_kept():
    for t in [pa.string(), pa.large_string(), pa.string_view()]:
        got = etld.extract(pa.array(INPUTS, t))
        assert got.type.field("fqdn").type == t
        assert got.to_pylist() == [row_of(etld.extract(v)) for v in INPUTS]
    chunked = pa.chunked_array([INPUTS[:5], [], INPUTS[5:]])
    got = etld.extract(chunked)
    assert isinstance(got, pa.ChunkedArray)
    assert got.to_pylist() == [row_of(etld.extract(v)) for v in INPUTS]
    assert etld.extract(pa.chunked_array([], pa.string())).to_pylist() == []


def test_a_long_column_on_threads():
    # Enough rows to be answered on several threads, and watched for signals.
    many = INPUTS * (300_000 // len(INPUTS))
    got = etld.extract(pa.array(many, pa.string_view()))
    assert len(got) == len(many)
    want = [row_of(etld.extract(v)) for v in INPUTS]
    assert got.slice(len(many) - len(INPUTS)).to_pylist() == want
    assert got.slice(150_000 - 150_000 % len(INPUTS), len(INPUTS)).to_pylist() == want


def test_bytes_that_are_not_utf8_are_no_host():
    bad = pa.Array.from_buffers(pa.binary(), 2, [None, pa.py_buffer(b"\x00\x00\x00\x00\x02\x00\x00\x00\x0d\x00\x00\x00"), pa.py_buffer(b"\xff\xfeexample.com")])
    got = etld.extract(bad.view(pa.string()))
    assert got.to_pylist()[0] == row_of(etld.extract(""))
    assert got.to_pylist()[1] == row_of(etld.extract("example.com"))


def test_polars_series_namespace_and_function():
    pl = pytest.importorskip("polars")
    import etld.polars as ep

    s = pl.Series("url", INPUTS + [None])
    got = etld.extract(s)
    assert isinstance(got, pl.Series) and got.name == "url"
    assert got.dtype == ep.EXTRACT_DTYPE
    assert got.to_list() == [row_of(etld.extract(v)) for v in INPUTS] + [None]
    assert s.etld.extract().to_list() == got.to_list()
    df = pl.DataFrame({"url": s})
    by_expr = df.select(pl.col("url").etld.extract(icann_only=True)).to_series()
    by_function = df.select(ep.extract("url", icann_only=True)).to_series()
    assert by_expr.to_list() == by_function.to_list()
    assert by_expr.to_list()[1]["suffix"] == "io"
    fields = df.select(ep.extract("url").struct.field("registered_domain")).to_series()
    assert fields.to_list()[1] == "me.github.io"
    assert etld.extract(pl.Series([None, None])).to_list() == [None, None]


def test_pandas_accessor():
    pd = pytest.importorskip("pandas")
    import etld.pandas  # noqa: F401

    s = pd.Series(["www.example.co.uk", None], dtype="str", index=[7, 8])
    got = s.etld.extract()
    assert list(got.index) == [7, 8]
    assert got.iloc[0] == row_of(etld.extract("www.example.co.uk"))
    assert pd.isna(got.iloc[1])


def test_by_name_and_on_a_list():
    column = pa.array(["me.github.io"])
    assert etld.answer("extract", column).to_pylist() == etld.extract(column).to_pylist()
    assert etld.answer("extract", "me.github.io") == etld.extract("me.github.io")
    icann = etld.List.builtin(icann_only=True)
    assert icann.extract(column).to_pylist() == [row_of(icann.extract("me.github.io"))]
    with pytest.raises(TypeError):
        etld.extract(42)  # type: ignore[call-overload]


def test_ordered_replaced_and_reversed_as_tldextracts():
    a, b = etld.extract("a.example.com"), etld.extract("b.example.com")
    assert sorted([b, a]) == [a, b] and a < b and not b <= a
    r = etld.extract("login.example.co.uk")
    assert r.reverse_domain_name == "co.uk.example.login"
    assert etld.extract("a.b.example.com").reverse_domain_name == "com.example.b.a"
    changed = r._replace(subdomain="www", is_private=True)
    assert tuple(changed) == ("www", "example", "co.uk", True, "co.uk")
    assert tuple(r) == ("login", "example", "co.uk", False, "co.uk")
    with pytest.raises(ValueError, match="unexpected field names"):
        r._replace(nope="x")
