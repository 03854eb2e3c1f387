"""Scalars: one host at a time, against `etld lookup --json`."""

import pickle
import re
import warnings
from datetime import datetime, timedelta, timezone

import pytest

import etld
from conftest import DEFAULT_SET, HOST_SETS, URL_SET


def test_version():
    assert etld.__version__ == "0.1.0"
    assert etld.BUILTIN_LIST_VERSION == "2026-10-22_08-36-41_UTC"
    assert etld.list_version() == etld.BUILTIN_LIST_VERSION
    assert etld.default_list().source == "the built-in list"


@pytest.mark.parametrize("vs", HOST_SETS, ids=repr)
def test_lookup_matches_cli(vs):
    lst = etld.List.builtin(**vs.kwargs)
    for host, a in zip(vs.inputs, vs.answers):
        if a["error"] is not None:
            with pytest.raises(etld.HostError) as e:
                lst.lookup(host)
            assert str(e.value) == a["error"], host
            assert isinstance(e.value, ValueError)
            continue
        d = lst.lookup(host)
        got = [d.suffix, d.registrable, d.subdomain, d.label, d.section, d.known, None]
        want = [a[k] for k in ("suffix", "registrable", "subdomain", "label", "section", "known", "error")]
        assert got == want, host
        assert d.host == host
        assert d.is_public_suffix == (d.suffix is not None and d.suffix == d.name)


@pytest.mark.parametrize("vs", HOST_SETS, ids=repr)
def test_module_functions_match_cli(vs):
    for host, a in zip(vs.inputs, vs.answers):
        assert etld.registrable(host, **vs.kwargs) == a["registrable"], host
        assert etld.suffix(host, **vs.kwargs) == a["suffix"], host
        assert etld.subdomain(host, **vs.kwargs) == a["subdomain"], host
        assert etld.label(host, **vs.kwargs) == a["label"], host
        assert etld.section(host, **vs.kwargs) == a["section"], host
        assert etld.error(host, **vs.kwargs) == a["error"], host
        want_known = None if a["error"] is not None else a["known"]
        assert etld.known(host, **vs.kwargs) is want_known, host


@pytest.mark.parametrize("vs", HOST_SETS[:2], ids=repr)
def test_list_methods_match_cli(vs):
    lst = etld.List.builtin(**vs.kwargs)
    for host, a in zip(vs.inputs, vs.answers):
        for part in ("registrable", "suffix", "subdomain", "label", "section", "error"):
            assert getattr(lst, part)(host) == a[part], (part, host)
        assert lst.known(host) is (None if a["error"] is not None else a["known"]), host


ONE_HOST = ("registrable", "suffix", "subdomain", "label", "section", "known", "error")


def test_module_functions_of_one_str_answer_as_with_keywords():
    # A call with the host alone is answered without PyO3's wrapper; one
    # with a keyword goes through it: both give the same answers.
    for host in DEFAULT_SET.inputs[:2000]:
        for name in ONE_HOST:
            f = getattr(etld, name)
            assert f(host) == f(host, output=None), (name, host)
        assert etld.host(host) == etld.default_list().answer("host", host), host


def test_url_alone_answers_as_with_other_keywords():
    # `url=` alone is answered without PyO3's wrapper too; with another
    # keyword the call goes through it: both give the same answers.
    shapes = ("https://{}/a?b", "HTTP://{}:8080", "http://u:p@{}/", "{}:443", "ftp://{}#x", "http://%41{}/")
    odd = [
        "https://a.com/\udc80",
        "https://\udc80.com/",
        "https://\ud83d\ude00.com/",
        "http://exa\tmple.com/",
        "http://[::1]:80/",
        "https://a.com:99999/",
        "http://",
        "",
        "mailto:me@Example.CO.uk",
    ]
    urls = [shape.format(h) for h in DEFAULT_SET.inputs[:400] for shape in shapes] + odd
    lists = (etld.default_list(), etld.List.builtin(icann_only=True, output="ascii"))
    for url in urls:
        for name in ONE_HOST + ("site",):
            for f in (getattr(etld, name),) + tuple(getattr(lst, name) for lst in lists):
                assert f(url, url=True) == f(url, url=True, output=None), (name, url)
                assert f(url, url=False) == f(url), (name, url)
    with pytest.raises(TypeError):
        etld.registrable("https://a.com/", url=1)
    assert etld.registrable("https://a.com/", **{"url": True}) == "a.com"


def test_list_methods_of_one_str_answer_as_with_keywords():
    for lst in (etld.List.builtin(), etld.List.builtin(icann_only=True, output="ascii")):
        for host in DEFAULT_SET.inputs[:2000]:
            for name in ONE_HOST:
                f = getattr(lst, name)
                assert f(host) == f(host, implicit_rule=None), (name, host)
            try:
                want = lst.lookup(host, wildcard_root=None)
            except etld.HostError as e:
                with pytest.raises(etld.HostError, match=re.escape(str(e))):
                    lst.lookup(host)
            else:
                assert repr(lst.lookup(host)) == repr(want), host
    assert etld.List.builtin(icann_only=True).registrable("me.github.io") == "github.io"


def test_list_methods_look_like_pyo3_methods():
    import inspect

    lst = etld.List.builtin()
    for name in ONE_HOST + ("lookup", "lookup_url"):
        m = getattr(etld.List, name)
        assert m.__name__ == name and m.__qualname__ == f"List.{name}"
        assert m.__doc__ and "--" not in m.__doc__.splitlines()[0], name
        assert list(inspect.signature(getattr(lst, name)).parameters)[0] in ("host", "url")
    assert list(inspect.signature(etld.List.suffix).parameters)[:2] == ["self", "host"]
    with pytest.raises(TypeError, match="doesn't apply to a 'str' object"):
        etld.List.registrable("a.example.com", "b.example.com")
    with pytest.raises(TypeError, match="missing 1 required positional argument"):
        lst.registrable()
    with pytest.raises(TypeError, match="unexpected keyword argument 'bogus'"):
        lst.suffix("a.example.com", bogus=True)
    with pytest.raises(TypeError, match="expected a str"):
        lst.label(42)


def test_module_functions_look_like_pyo3_functions():
    import inspect

    for name in ONE_HOST + ("lookup", "lookup_url", "host"):
        f = getattr(etld, name)
        assert f.__name__ == name
        assert f.__module__ == "etld._etld"
        assert f.__doc__ and "--" not in f.__doc__.splitlines()[0], name
        assert pickle.loads(pickle.dumps(f)) is f
    params = inspect.signature(etld.registrable).parameters
    assert list(params) == ["host", "icann_only", "implicit_rule", "wildcard_root", "output", "url"]
    assert params["host"].kind is inspect.Parameter.POSITIONAL_ONLY
    assert params["output"].kind is inspect.Parameter.KEYWORD_ONLY
    assert list(inspect.signature(etld.host).parameters) == ["url"]


def test_module_functions_refuse_calls_as_pyo3_does():
    with pytest.raises(TypeError, match="missing 1 required positional argument"):
        etld.registrable()
    with pytest.raises(TypeError, match="takes 1 positional arguments but 2 were given"):
        etld.suffix("a.example.com", "b")
    with pytest.raises(TypeError, match="unexpected keyword argument 'bogus'"):
        etld.registrable("a.example.com", bogus=True)
    with pytest.raises(TypeError):
        etld.registrable(host="a.example.com")
    assert etld.registrable("a\udc80.example.com") is None

    class Host(str):
        pass

    assert etld.registrable(Host("www.Example.co.uk")) == "example.co.uk"
    assert etld.known(Host("a.b.example")) is False
    assert etld.lookup(Host("www.example.co.uk")).label == "example"


def test_list_options_and_per_call_overrides():
    icann = etld.List.builtin(icann_only=True)
    assert icann.suffix("me.github.io") == "io"
    assert icann.suffix("me.github.io", icann_only=False) == "github.io"
    assert icann.options == {
        "icann_only": True,
        "implicit_rule": True,
        "wildcard_root": False,
        "output": "input",
    }
    assert etld.suffix("kobe.jp") == "jp"
    assert etld.suffix("kobe.jp", wildcard_root=True) == "kobe.jp"
    assert etld.suffix("a.b.example", implicit_rule=False) is None
    assert etld.registrable("www.食狮.公司.cn", output="ascii") == "xn--85x722f.xn--55qx5d.cn"
    assert etld.registrable("www.xn--85x722f.xn--55qx5d.cn", output="unicode") == "食狮.公司.cn"
    # An answer that is the host or a piece of it, as given: the host's
    # own str, or a piece cut out of it (ASCII or not).
    host = "example.co.uk"
    assert etld.registrable(host) is host
    assert etld.registrable("www.食狮.公司.cn") == "食狮.公司.cn"
    assert etld.subdomain("a.食狮.b.公司.cn") == "a.食狮"
    assert etld.label("ÿ.食狮.公司.cn") == "食狮"
    assert etld.suffix("www.Example.CO.uk") == "co.uk"
    with pytest.raises(ValueError, match="output must be"):
        etld.List.builtin(output="latin1")
    # The form's name in any case, as `--output` and DuckDB's setting take it.
    assert etld.registrable("www.bücher.de", output="ASCII") == "xn--bcher-kva.de"


def test_pieces_of_wide_strs_and_lone_surrogates():
    # Pieces cut out of strs of one, two and four bytes a code point, by
    # the module's functions and by a list's methods alike.
    lst = etld.List.builtin()
    host = "www.\U00020000.example.\u4e2d\u56fd"
    for f in (etld, lst):
        assert f.registrable(host) == "example.\u4e2d\u56fd"
        assert f.suffix(host) == "\u4e2d\u56fd"
        assert f.subdomain(host) == "www.\U00020000"
        assert f.label(host) == "example"
        assert f.subdomain("\xff.\U00020000.b.\u4e2d\u56fd") == "\xff.\U00020000"
        own = "\U00020000.\u4e2d\u56fd"
        assert f.registrable(own) is own
    # A str that UTF-8 cannot hold (a lone surrogate) is an invalid host,
    # whichever function is asked (more in test_hostile.py).
    for f in (etld.registrable, etld.label, lst.suffix, lst.subdomain):
        f("example.com")
        assert f("a\udc80.example.com") is None


def test_none_and_type_errors():
    assert etld.registrable(None) is None
    assert etld.suffix(None) is None
    # pandas' missing values, which `Series.map` hands a function, too.
    import pandas as pd

    # NaN is the missing value of pandas' `str` dtype (the default from
    # pandas 3), a float of numpy's or Python's own.
    import numpy as np

    for missing in (pd.NA, pd.NaT, float("nan"), np.float64("nan")):
        assert etld.registrable(missing) is None
        assert etld.error(missing) is None
        assert etld.host(missing) is None
        assert etld.registrable(missing, url=True) is None
        assert etld.extract(missing) == etld.extract(None)
    for dtype in ("string", "str", object):
        hosts = pd.Series(["www.example.co.uk", None], dtype=dtype)
        got = hosts.map(etld.registrable)
        assert got[0] == "example.co.uk" and pd.isna(got[1]), dtype
        assert hosts.map(etld.extract)[1] == etld.extract(None), dtype
    # A number is no missing value.
    for number in (42, 1.5, float("inf")):
        with pytest.raises(TypeError, match="expected a str"):
            etld.registrable(number)
    with pytest.raises(TypeError, match="expected a str"):
        etld.registrable(42)
    with pytest.raises(TypeError, match="expected a str"):
        etld.lookup(b"example.com")


def test_lookup_url_matches_cli():
    for url, a in zip(URL_SET.inputs, URL_SET.answers):
        if a["error"] is not None:
            with pytest.raises(ValueError) as e:
                etld.lookup_url(url)
            assert str(e.value) == a["error"], url
            kind = etld.UrlError if a["host"] is None else etld.HostError
            assert isinstance(e.value, kind), url
            continue
        d = etld.lookup_url(url)
        assert d.host == a["host"], url
        assert [d.suffix, d.registrable, d.subdomain, d.label, d.section, d.known] == [
            a[k] for k in ("suffix", "registrable", "subdomain", "label", "section", "known")
        ], url
        assert etld.host(url) == a["host"], url


def test_domain_object():
    d = etld.lookup("www.Example.CO.uk.")
    assert d == etld.lookup("www.Example.CO.uk.")
    assert (d.name, d.suffix, d.registrable, d.is_fqdn) == (
        "www.example.co.uk.",
        "co.uk.",
        "example.co.uk.",
        True,
    )
    assert "example.co.uk." in repr(d)
    assert etld.lookup("co.uk").is_public_suffix


def test_cookie_check():
    ok = etld.is_cookie_domain_acceptable
    assert ok("www.example.co.uk", ".example.co.uk")
    assert ok("www.example.co.uk", "example.co.uk")
    assert not ok("www.example.co.uk", "co.uk")
    assert ok("co.uk", "co.uk")
    assert not ok("a.b.kobe.jp", "kobe.jp")
    assert not ok("a.customer-oci.com", "customer-oci.com")
    assert ok("1.2.3.4", "1.2.3.4")
    assert not ok("1.2.3.4", "2.3.4")
    # A domain above the host's registrable domain would reach its
    # neighbours, though it is no public suffix; an address in another form
    # is the same address.
    assert not ok("bucket.s3.amazonaws.com", "amazonaws.com")
    assert ok("127.0.0.1", "0x7f.1")
    assert not ok("999.1.1.1", "999.1.1.1")
    # The check ignores options that would weaken it.
    icann = etld.List.builtin(icann_only=True)
    assert not icann.is_cookie_domain_acceptable("a.blogspot.com", "blogspot.com")


def test_list_from_text_bytes_and_files(tmp_path):
    text = "// VERSION: 2026-01-02_03-04-05_UTC\ntest\n*.dev.test\n!www.dev.test\n"
    for lst in (etld.List.from_bytes(text), etld.List.from_bytes(text.encode())):
        assert lst.version == "2026-01-02_03-04-05_UTC"
        assert lst.registrable("a.b.dev.test") == "a.b.dev.test"
        assert lst.registrable("www.dev.test") == "www.dev.test"
        assert lst.rule_counts == {"total": 3, "icann": 3, "private": 0}
    fst = etld.compile(text)
    assert fst == etld.List.from_bytes(text).to_fst_bytes()
    assert etld.List.from_bytes(fst).registrable("x.y.dev.test") == "x.y.dev.test"
    (tmp_path / "l.dat").write_text(text)
    (tmp_path / "l.fst").write_bytes(fst)
    for name in ("l.dat", "l.fst"):
        lst = etld.List.from_path(tmp_path / name, icann_only=True)
        assert lst.suffix("a.b.dev.test") == "b.dev.test"
        assert lst.source.endswith("(given)")
        lst = etld.List(str(tmp_path / name))
        assert lst.version == "2026-01-02_03-04-05_UTC"
    with pytest.raises(etld.ListError, match="line 1"):
        etld.List.from_bytes(b"*bar.foo\n")
    with pytest.raises(etld.ListError):
        etld.List.from_bytes(fst[:-3])
    with pytest.raises(OSError):
        etld.List(str(tmp_path / "missing.dat"))
    with pytest.raises(etld.ListError):
        (tmp_path / "bad.dat").write_text("// no rules\n")
        etld.List(str(tmp_path / "bad.dat"))


def version_ago(hours):
    """A list VERSION `hours` before now: newer than the built-in list's,
    and not in the future (a list from the future is passed over)."""
    t = datetime.now(timezone.utc) - timedelta(hours=hours)
    return t.strftime("%Y-%m-%d_%H-%M-%S_UTC")


def test_list_chosen_as_the_cli_chooses(tmp_path, monkeypatch, cache_dir):
    # $ETLD_LIST names a file.
    (tmp_path / "env.dat").write_text("envtest\n")
    monkeypatch.setenv("ETLD_LIST", str(tmp_path / "env.dat"))
    lst = etld.List()
    assert lst.suffix("a.envtest") == "envtest" and lst.rule_counts["total"] == 1
    assert "ETLD_LIST" in lst.source
    monkeypatch.delenv("ETLD_LIST")
    assert etld.List().source == "the built-in list"

    # A newer list installed by `etld update` in the cache directory wins.
    monkeypatch.setenv("ETLD_CACHE_DIR", str(tmp_path))
    newer_version = version_ago(1)
    newer = f"// VERSION: {newer_version}\ncom\nnewtld\n"
    (tmp_path / "public_suffix_list.fst").write_bytes(etld.compile(newer))
    lst = etld.List()
    assert lst.version == newer_version
    assert "installed by `etld update`" in lst.source
    assert lst.registrable("a.b.newtld") == "b.newtld"

    # A damaged one is passed over, with a warning that names it.
    damaged = bytearray(etld.compile(newer))
    damaged[-1] ^= 0xFF
    (tmp_path / "public_suffix_list.fst").write_bytes(bytes(damaged))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        lst = etld.List()
    assert lst.source == "the built-in list"
    assert any("public_suffix_list.fst" in str(w.message) for w in caught)
    # Worded as etld.update() and the command line word it.
    assert any(str(w.message).startswith("etld: ignoring the installed list: ") for w in caught)

    # The system's list, when newer.
    monkeypatch.setenv("ETLD_SYSTEM_LIST", str(tmp_path / "system.dat"))
    system_version = version_ago(2)
    (tmp_path / "system.dat").write_text(f"// VERSION: {system_version}\nsystld\n")
    (tmp_path / "public_suffix_list.fst").unlink()
    lst = etld.List()
    assert lst.version == system_version
    assert "system" in lst.source


def test_pickle_round_trip():
    for lst in (
        etld.List.builtin(wildcard_root=True),
        etld.List.from_bytes("test\n*.dev.test\n", icann_only=True),
    ):
        again = pickle.loads(pickle.dumps(lst))
        assert again.options == lst.options
        assert again.version == lst.version
        for h in ("kobe.jp", "a.b.dev.test", "me.github.io"):
            assert again.suffix(h) == lst.suffix(h)


def test_every_default_answer_once_more_through_answer():
    lst = etld.default_list()
    for host, a in zip(DEFAULT_SET.inputs[:500], DEFAULT_SET.answers[:500]):
        assert lst.answer("registrable", host) == a["registrable"]
    with pytest.raises(ValueError, match="no such operation"):
        lst.answer("tld", "example.com")


def test_unfold_takes_the_tree_up_front_and_answers_alike():
    # A list larger than the built-in one answers its first lookups from
    # its map; unfold() builds the tree now, and the answers do not move.
    text = "".join(f"r{i}.example\n" for i in range(30_000))
    lst = etld.List.from_bytes(text)
    before = [lst.registrable(f"a.b.r{i}.example") for i in range(0, 30_000, 997)]
    assert lst.unfold() is None
    lst.unfold()
    after = [lst.registrable(f"a.b.r{i}.example") for i in range(0, 30_000, 997)]
    assert before == after == [f"b.r{i}.example" for i in range(0, 30_000, 997)]
