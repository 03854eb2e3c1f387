"""What users switching from other libraries meet: URLs given to the host
functions, the answer types of the engines, pickling, the stub's docs."""

import functools

import polars as pl
import pyarrow as pa
import pytest

import etld
import etld.polars  # noqa: F401  (the .etld namespace)

URL_HINT = "looks like a URL"


@pytest.mark.parametrize(
    "given, host",
    [
        ("https://www.example.com/", "www.example.com"),
        ("www.example.co.uk:8080", "www.example.co.uk"),
        ("someone@mail.example.co.uk", "mail.example.co.uk"),
    ],
)
def test_a_url_given_to_a_host_function_says_so(given, host):
    message = etld.error(given)
    assert URL_HINT in message and "lookup_url()" in message and "url=True" in message
    # etld's own message still leads.
    assert message.startswith(etld.List.builtin().with_options().error(given).split(":")[0])
    with pytest.raises(etld.HostError, match=URL_HINT):
        etld.lookup(given)
    assert etld.registrable(given) is None
    # With url=True, the host functions take the host out first.
    want = etld.lookup(host)
    assert etld.registrable(given, url=True) == want.registrable
    assert etld.suffix(given, url=True) == want.suffix
    assert etld.subdomain(given, url=True) == want.subdomain
    assert etld.label(given, url=True) == want.label
    assert etld.section(given, url=True) == want.section
    assert etld.known(given, url=True) is want.known
    assert etld.error(given, url=True) is None
    assert etld.lookup(given, url=True) == etld.lookup_url(given)
    assert etld.List.builtin().registrable(given, url=True) == want.registrable
    assert etld.answer("suffix", given, url=True) == want.suffix


def test_hosts_that_are_no_urls_keep_the_plain_message():
    assert etld.error("a..b") == "empty label at byte 2"
    assert etld.error("a b.com") is not None and URL_HINT not in etld.error("a b.com")
    assert etld.registrable("no host here", url=True) is None
    assert etld.error("http://", url=True) is not None
    assert etld.registrable(None, url=True) is None


def test_url_columns():
    urls = ["https://www.example.co.uk/a", None, "http://", "me.github.io:443", "user@a.b.example.com"]
    col = pa.array(urls)
    assert etld.registrable(col).to_pylist() == [None] * 5
    assert etld.registrable(col, url=True).to_pylist() == [
        "example.co.uk",
        None,
        None,
        "me.github.io",
        "example.com",
    ]
    assert etld.known(col, url=True).to_pylist() == [True, None, None, True, True]
    errors = etld.error(col, url=True).to_pylist()
    assert errors[0] is None and errors[1] is None and errors[2] is not None and errors[3] is None
    plain = etld.error(col).to_pylist()
    assert URL_HINT in plain[0] and plain[1] is None
    rows = etld.lookup(col).to_pylist()
    assert URL_HINT in rows[0]["error"]
    assert etld.lookup(col, url=True).to_pylist() == etld.lookup_url(col).to_pylist()
    # Each string type, and a Polars Series through the namespace.
    for t in (pa.large_string(), pa.string_view()):
        got = etld.suffix(col.cast(t), url=True)
        assert got.type == t and got.to_pylist() == ["co.uk", None, None, "github.io", "com"]
    df = pl.DataFrame({"url": urls})
    out = df.select(pl.col("url").etld.registrable(url=True))
    assert out["url"].to_list() == ["example.co.uk", None, None, "me.github.io", "example.com"]


#: URLs whose hosts the parser gives as they stand and URLs whose hosts it
#: rewrites (percent signs, backslashes, IP forms, full-width letters), with
#: answers shorter and longer than the 12 bytes a string view holds itself.
URLS = [
    "https://www.example.co.uk/index.html?q=1",
    "http://a-rather-long-registrable-name.example.co.uk:8080/",
    "HTTPS://WWW.Example.COM/#x",
    "https://user:pw@shop.example.org:443/a",
    "http://Ex%41mple.com/",
    "http:\\\\www.example.net\\x",
    "ftp://files.example.co.jp/pub",
    "foo://opaque.example.com/x",
    "ws://www.ｅｘａｍｐｌｅ.com/",
    "https://www.bücher.de./x",
    "http://xn--bcher-kva.de/",
    "http://127.0.0.1:8080/",
    "http://[::1]/",
    "http://0x7f.1/",
    "www.example.co.uk:8080",
    "someone@mail.example.co.uk",
    "mailto:a@b.example.com",
    "me.github.io",
    "foo.kobe.jp",
    "http://",
    "no host here",
    "javascript:alert(1)",
    "",
    None,
]

URL_OPS = ["registrable", "suffix", "subdomain", "label", "site", "section", "known", "error", "host"]


@pytest.mark.parametrize("op", URL_OPS)
def test_url_column_answers_as_each_url_does(op):
    # `host` takes URLs alone, with no `url=`.
    f = etld.host if op == "host" else functools.partial(getattr(etld, op), url=True)
    urls = URLS * 3
    want = [f(u) for u in urls]
    column = pa.array(urls)
    views = column.cast(pa.string_view())
    for given in (
        column,
        column.cast(pa.large_string()),
        views,
        column.dictionary_encode(),
        pa.chunked_array([column.slice(0, 5), column.slice(5)]),
        pa.chunked_array([views.slice(0, 7), views.slice(7)]),
    ):
        assert f(given).to_pylist() == want, (op, given.type)
    # A column of many batches of URLs, on every thread, each row answered
    # as its URL alone is.
    many = pa.array(URLS * 6000)
    by_url = dict(zip(URLS, want))
    for given in (many, many.cast(pa.string_view())):
        assert f(given).to_pylist() == [by_url[u] for u in many.to_pylist()], (op, given.type)
    # Options reach the answers read from URLs too.
    icann = etld.suffix(column, url=True, icann_only=True).to_pylist()
    assert icann == [etld.suffix(u, url=True, icann_only=True) for u in urls]


# --- Engines ------------------------------------------------------------------


def test_polars_function_form():
    from etld import polars as ep

    df = pl.DataFrame({"host": ["www.example.co.uk", "me.github.io", None], "url": ["https://a.b.c.uk/", None, "x"]})
    out = df.select(
        ep.registrable("host"),
        ep.suffix(pl.col("host"), icann_only=True).alias("icann"),
        ep.known("host").alias("known"),
        ep.registrable("url", url=True).alias("from_url"),
        ep.lookup("host").struct.field("label"),
        ep.host("url").alias("h"),
    )
    assert out.rows() == [
        ("example.co.uk", "co.uk", True, "c.uk", "example", "a.b.c.uk"),
        ("me.github.io", "io", True, None, "me", None),
        (None, None, None, None, None, "x"),
    ]
    # The same answers as the namespace.
    assert df.select(pl.col("host").etld.subdomain())["host"].to_list() == df.select(ep.subdomain("host"))["host"].to_list()


def assert_mypy_strict_passes(tmp_path, code):
    """`mypy --strict` on the file `code`, run from `tmp_path`, finds
    nothing."""
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"), str(code)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_polars_function_form_passes_mypy_strict(tmp_path):
    code = tmp_path / "use.py"
    code.write_text(
        "import polars as pl\n"
        "import etld.polars\n"
        "\n"
        "df = pl.DataFrame({'host': ['www.example.co.uk']})\n"
        "out: pl.DataFrame = df.select(\n"
        "    etld.polars.registrable('host'),\n"
        "    etld.polars.suffix(pl.col('host'), icann_only=True).alias('s'),\n"
        ")\n"
        "sites: pl.DataFrame = df.group_by(site=etld.polars.registrable('host', url=False)).len()\n"
    )
    assert_mypy_strict_passes(tmp_path, code)


def test_column_answers_are_typed_as_they_come_back(tmp_path):
    """The stub's column overloads under `mypy --strict`, with pandas' and
    pyarrow's stubs: a column of strings answers strings in its own type,
    the booleans and structs of `known`, `extract` and the cookie check are
    not typed as the column given, and a pandas Series is a column."""
    code = tmp_path / "use.py"
    code.write_text(
        "from __future__ import annotations\n"
        "\n"
        "import pandas as pd\n"
        "import polars as pl\n"
        "import pyarrow as pa\n"
        "import etld\n"
        "\n"
        "a = pa.array(['www.example.co.uk', None])\n"
        "r: pa.StringArray = etld.registrable(a)\n"
        "k: pa.BooleanArray = etld.known(a)\n"
        "e: pa.StructArray = etld.extract(a)\n"
        "ok: pa.BooleanArray = etld.is_cookie_domain_acceptable(a, 'example.co.uk')\n"
        "c: 'pa.ChunkedArray[pa.StringScalar]' = etld.registrable(pa.chunked_array([a]))\n"
        "p: pd.Series[str] = etld.registrable(pd.Series(['www.example.co.uk']))\n"
        "pk: pd.Series[bool] = etld.List.builtin().known(pd.Series(['www.example.co.uk']))\n"
        "s: pl.Series = etld.registrable(pl.Series(['www.example.co.uk']))\n"
        "x = etld.extract('https://www.example.co.uk/')\n"
        "t: tuple[str | bool, ...] = x[1:3]\n"
        "one: str | bool = x[0]\n"
    )
    assert_mypy_strict_passes(tmp_path, code)


def test_pandas_accessor():
    import pandas as pd
    import pyarrow

    import etld.pandas  # noqa: F401  (the .etld accessor)

    for dtype in ("str", "string[pyarrow]", "string[python]", "large_string[pyarrow]"):
        s = pd.Series(["www.example.co.uk", None, "me.github.io"], dtype=dtype, index=[3, 1, 2], name="h")
        got = s.etld.registrable()
        # pandas 2 reads "str" as object, whose answers are Arrow strings.
        assert got.dtype == (pd.ArrowDtype(pyarrow.string()) if s.dtype == object else s.dtype), dtype
        assert got.name == "h" and list(got.index) == [3, 1, 2]
        assert got[3] == "example.co.uk" and got[2] == "me.github.io" and pd.isna(got[1])
        assert s.etld.suffix(icann_only=True)[2] == "io"
    urls = pd.Series(["https://www.example.co.uk/", "x"], dtype="str")
    assert urls.etld.registrable(url=True).tolist()[0] == "example.co.uk"
    assert urls.etld.host().tolist()[0] == "www.example.co.uk"
    assert s.etld.lookup().tolist()[0]["registrable"] == "example.co.uk"
    lst = etld.List.from_bytes("test\n*.dev.test\n")
    assert pd.Series(["a.b.dev.test"], dtype="str").etld.registrable(list=lst).tolist() == ["a.b.dev.test"]


def test_duckdb_lookup_struct():
    import duckdb

    import etld.duckdb

    con = duckdb.connect()
    etld.duckdb.register(con)
    etld.duckdb.register(con)
    con.execute("CREATE TABLE t AS SELECT * FROM (VALUES ('www.example.co.uk'), ('a..b'), (NULL)) v(host)")
    rows = con.sql("SELECT etld_lookup(host) AS l FROM t").fetchall()
    assert rows[0][0] == {
        "suffix": "co.uk",
        "registrable": "example.co.uk",
        "subdomain": "www",
        "label": "example",
        "section": "icann",
        "known": True,
        "rule": "co.uk",
        "icann_suffix": "co.uk",
        "icann_registrable": "example.co.uk",
        "error": None,
    }
    assert rows[1][0]["error"] == "empty label at byte 2"
    assert rows[2][0] is None
    assert con.sql("SELECT (etld_lookup(host)).registrable FROM t WHERE host IS NOT NULL").fetchall() == [
        ("example.co.uk",),
        (None,),
    ]


# --- Types and docs -------------------------------------------------------------


def test_domain_pickles():
    import copy
    import pickle

    for host in ("www.Example.CO.uk", "me.github.io", "co.uk", "a.b.example", "食狮.公司.cn.", "x"):
        d = etld.lookup(host)
        for back in (pickle.loads(pickle.dumps(d)), copy.deepcopy(d)):
            assert back == d
            assert (back.host, back.name, back.suffix, back.registrable, back.subdomain, back.label) == (
                d.host,
                d.name,
                d.suffix,
                d.registrable,
                d.subdomain,
                d.label,
            )
            assert (back.section, back.known, back.is_public_suffix, back.is_fqdn) == (
                d.section,
                d.known,
                d.is_public_suffix,
                d.is_fqdn,
            )
    # Pickled state is checked as it is read: each part a range of the
    # name, the section one of two.
    state = list(d.__reduce__()[1])
    bad = list(state)
    bad[2] = [(0, len(d.name) + 9)] + list(state[2])[1:]
    with pytest.raises(ValueError, match="outside its name"):
        etld.Domain._from_state(*bad)
    bad = list(state)
    bad[3] = "other"
    with pytest.raises(ValueError, match="section"):
        etld.Domain._from_state(*bad)


def test_help_has_no_markdown_fences():
    import pydoc

    for obj in (etld.Domain, etld.List, etld.List.with_extra, etld.lookup, etld):
        text = pydoc.render_doc(obj, renderer=pydoc.plaintext)
        assert "```" not in text, obj


def test_stub_carries_the_docstrings():
    import os
    import subprocess
    import sys

    script = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scripts", "stub_docs.py")
    run = subprocess.run([sys.executable, script, "--check"], capture_output=True, text=True)
    assert run.returncode == 0, "the stub's docstrings differ from the module's: run python/scripts/stub_docs.py"


# --- The site key ---------------------------------------------------------------

SITE_HOSTS = ["www.bücher.de", "shop.xn--bcher-kva.de", "bücher.de.", "Bücher.DE", "me.github.io", "co.uk", "a..b", None]
SITES = ["xn--bcher-kva.de"] * 4 + ["me.github.io", None, None, None]


def test_site_key():
    lst = etld.List.builtin(output="unicode")
    for f in (etld.site, lst.site, lambda h: etld.answer("site", h)):
        assert [f(h) for h in SITE_HOSTS] == SITES
    # Options other than the output form count; the form is always ASCII.
    assert etld.site("me.github.io", icann_only=True) == "github.io"
    assert etld.site("www.食狮.公司.cn", output="unicode") == "xn--85x722f.xn--55qx5d.cn"
    assert etld.site("https://www.bücher.de./x", url=True) == "xn--bcher-kva.de"
    assert etld.site("192.168.0.1") is None


@pytest.mark.parametrize("type_", [pa.string(), pa.large_string(), pa.string_view()], ids=str)
def test_site_key_columns(type_):
    col = pa.array(SITE_HOSTS, type=type_)
    got = etld.site(col)
    assert got.type == type_ and got.to_pylist() == SITES
    # A long column, on several threads.
    many = pa.array(SITE_HOSTS * 40_000, type=type_)
    assert etld.site(many).to_pylist() == SITES * 40_000


def test_site_key_group_by_in_each_engine():
    import duckdb
    import pandas as pd

    import etld.duckdb
    import etld.pandas  # noqa: F401
    from etld import polars as ep

    want = {"xn--bcher-kva.de": 4, "me.github.io": 1}
    df = pl.DataFrame({"host": SITE_HOSTS})
    counts = df.group_by(site=pl.col("host").etld.site()).len().drop_nulls("site")
    assert dict(counts.rows()) == want
    counts = df.group_by(ep.site("host")).len().drop_nulls("host")
    assert dict(counts.rows()) == want
    s = pd.Series(SITE_HOSTS, dtype="str")
    assert s.groupby(s.etld.site()).size().to_dict() == want
    con = duckdb.connect()
    etld.duckdb.register(con)
    con.register("hits", pa.table({"host": SITE_HOSTS}))
    rows = con.sql("SELECT etld_site(host) AS site, count(*) FROM hits WHERE site IS NOT NULL GROUP BY site").fetchall()
    assert dict(rows) == want
