"""The engines: a Polars expression namespace, DuckDB Arrow UDFs, and a
real local PySpark session (`local[2]`) with Arrow UDFs and mapInArrow, each
grouping the 10,000-host mix by site against `etld lookup --json`."""

import os
import re
import sys
from collections import Counter

import duckdb
import polars as pl
import pyarrow as pa
import pytest

import etld
import etld.duckdb
import etld.polars  # noqa: F401  (registers the .etld namespace)
from conftest import DEFAULT_SET, HOST_SETS, SQL_URL_HINT, URL_HINT

PARTS = ["registrable", "suffix", "subdomain", "label", "section", "known", "error"]


def expected(vs, part):
    return vs.expected(part)


def sites(vs=DEFAULT_SET):
    """Registrable domain -> number of hosts, NULL included."""
    return Counter(a["registrable"] for a in vs.answers)


def hosts_with_nulls():
    return DEFAULT_SET.inputs + [None, None], sites() + Counter({None: 2})


def readme_example(engine):
    """The example of python/README.md for ``engine`` (the code block that
    imports ``etld.<engine>``), a script rather than a session of ``>>>``
    lines, which test_docs.py runs."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "README.md")
    with open(path, encoding="utf-8") as f:
        blocks = re.findall(r"```python\n(.*?)```", f.read(), re.S)
    (block,) = [b for b in blocks if not b.startswith(">>>") and f"etld.{engine}" in b]
    return compile(block, f"python/README.md, the {engine} example", "exec")


@pytest.mark.parametrize("engine", ["polars", "pandas", "duckdb"])
def test_readme_examples_run_as_written(engine):
    names = {}
    exec(readme_example(engine), names)
    if engine == "duckdb":
        got = names["con"].sql("SELECT etld_site(host) AS site, count(*) FROM hits GROUP BY site ORDER BY site")
        assert got.fetchall() == [("example.co.uk", 1), ("me.github.io", 1)]


# --- Polars ---------------------------------------------------------------


def test_polars_expressions_every_part():
    df = pl.DataFrame({"host": DEFAULT_SET.inputs})
    out = df.select(
        **{p: getattr(pl.col("host").etld, p)() for p in PARTS},
    )
    for p in PARTS:
        assert out[p].to_list() == expected(DEFAULT_SET, p), p
    out = df.select(pl.col("host").etld.lookup().alias("l")).unnest("l")
    assert out["registrable"].to_list() == expected(DEFAULT_SET, "registrable")


def test_polars_options_and_lazy():
    for vs in HOST_SETS[1:]:
        lf = pl.LazyFrame({"host": vs.inputs})
        out = lf.select(pl.col("host").etld.suffix(**vs.kwargs)).collect()
        assert out["host"].to_list() == expected(vs, "suffix"), vs
    lst = etld.List.from_bytes("test\n*.dev.test\n")
    s = pl.Series(["a.b.dev.test", "x.test"])
    assert s.etld.registrable(list=lst).to_list() == ["a.b.dev.test", "x.test"]


def test_polars_group_by_site():
    hosts, want = hosts_with_nulls()
    df = pl.DataFrame({"host": hosts})
    got = df.group_by(site=pl.col("host").etld.registrable()).len()
    assert dict(zip(got["site"].to_list(), got["len"].to_list())) == dict(want)


def test_polars_urls():
    df = pl.DataFrame({"url": ["https://www.example.co.uk/a", "mailto-less@x.example.com", None]})
    out = df.select(pl.col("url").etld.host())["url"].to_list()
    assert out == ["www.example.co.uk", "x.example.com", None]
    out = df.select(pl.col("url").etld.lookup_url().struct.field("registrable"))
    assert out["registrable"].to_list() == ["example.co.uk", "example.com", None]
    # `lookup(url=True)` is `lookup_url`, its type said to Polars ahead,
    # in the namespace and the function form, eager and lazy.
    want = df.select(pl.col("url").etld.lookup_url())
    for expr in (pl.col("url").etld.lookup(url=True), etld.polars.lookup("url", url=True)):
        assert df.select(expr).equals(want)
        assert df.lazy().select(expr).collect_schema() == want.schema


# --- DuckDB ---------------------------------------------------------------


def test_duckdb_functions():
    con = duckdb.connect()
    etld.duckdb.register(con)
    hosts = pa.table({"host": DEFAULT_SET.inputs + [None]})  # noqa: F841 (read by DuckDB)
    cols = ", ".join(f"etld_{p}(host)" for p in PARTS)
    rows = con.sql(f"SELECT {cols} FROM hosts").fetchall()
    for i, p in enumerate(PARTS):
        want = expected(DEFAULT_SET, p)
        if p == "error":
            # The hint for a URL given as a host names the SQL function.
            assert any(w and w.endswith(URL_HINT) for w in want)
            want = [w.replace(URL_HINT, SQL_URL_HINT) if w else w for w in want]
        assert [r[i] for r in rows] == want + [None], p
    lookups = con.sql("SELECT etld_lookup(host).error FROM hosts").fetchall()
    assert [r[0] for r in lookups] == [r[PARTS.index("error")] for r in rows]
    # So too where DuckDB hands the functions string views.
    views = duckdb.connect()
    views.execute("SET produce_arrow_string_view = true")
    views.execute("SET arrow_output_version = '1.5'")
    etld.duckdb.register(views)
    got = views.sql("SELECT etld_error(h), etld_lookup(h).error FROM (VALUES ('https://a.example.co.uk/x')) v(h)")
    hint_of_url = "forbidden code point ':' (U+003A) at byte 5" + SQL_URL_HINT
    assert got.fetchall() == [(hint_of_url, hint_of_url)]
    assert con.sql("SELECT etld_host('https://user@www.example.co.uk:8080/')").fetchall()[0] == (
        "www.example.co.uk",
    )
    # Why a URL has no answer, as the native extension's etld_url_error.
    urls = ["https://www.example.co.uk/", "file:///etc/hosts", "http://a:x/", "http://a..b/", None]
    got = [r[0] for r in con.sql("SELECT etld_url_error(u) FROM unnest(?) t(u)", params=[urls]).fetchall()]
    assert got == [None, "the URL has no host", "invalid port at byte 9", "the host: empty label at byte 2", None]
    assert con.sql(
        "SELECT etld_cookie_ok('www.example.co.uk', 'example.co.uk'), etld_cookie_ok('www.example.co.uk', 'co.uk')"
    ).fetchall()[0] == (True, False)
    urls = ["https://me.github.io/x", "http://0x7f.1/", "a..b", None]
    got = [r[0] for r in con.sql("SELECT etld_extract(u) FROM unnest(?) t(u)", params=[urls]).fetchall()]
    want = [{n: getattr(etld.extract(u), n) for n in etld.EXTRACT_FIELDS} for u in urls[:-1]]
    assert got == want + [None]
    # The list's VERSION, as the native extension's etld_list_version: of
    # the list registered, a quote in it kept, NULL for none.
    assert con.sql("SELECT etld_list_version()").fetchall() == [(etld.default_list().version,)]
    etld.duckdb.register(con, etld.List.from_bytes("// VERSION: it's v1\ncom\n"))
    assert con.sql("SELECT etld_list_version()").fetchall() == [("it's v1",)]
    etld.duckdb.register(con, etld.List.from_bytes("com\n"), prefix="x_")
    assert con.sql("SELECT x_list_version()").fetchall() == [(None,)]


def test_duckdb_group_by_site():
    con = duckdb.connect()
    etld.duckdb.register(con)
    hosts, want = hosts_with_nulls()
    t = pa.table({"host": hosts})  # noqa: F841
    rows = con.sql("SELECT etld_registrable(host) AS site, count(*) FROM t GROUP BY site").fetchall()
    assert dict(rows) == dict(want)


def test_duckdb_options_and_prefix():
    con = duckdb.connect()
    etld.duckdb.register(con, icann_only=True, prefix="psl_")
    assert con.sql("SELECT psl_suffix('me.github.io')").fetchall()[0] == ("io",)
    corp = etld.List.builtin().with_extra("*.dev.corp.example\n", name="corp")
    etld.duckdb.register(con, list=corp, prefix="corp_")
    assert con.sql("SELECT corp_suffix('a.b.dev.corp.example')").fetchall()[0] == ("b.dev.corp.example",)


def test_a_list_that_is_not_a_list_is_refused_when_the_function_is_made():
    import pandas as pd

    import etld.pandas  # noqa: F401  (registers the .etld accessor)

    made = [
        lambda: etld.duckdb.register(duckdb.connect(), list="psl.fst"),
        lambda: etld.polars.registrable("host", list="psl.fst"),
        lambda: pl.col("host").etld.suffix(list="psl.fst"),
        lambda: pl.Series(["a.com"]).etld.registrable(list="psl.fst"),
        lambda: pd.Series(["a.com"]).etld.registrable(list="psl.fst"),
    ]
    for make in made:
        with pytest.raises(TypeError, match=r"^list= takes an etld.List \(etld.List\(path\) loads a file\), not str$"):
            make()


def test_options_and_arguments_that_do_not_fit_are_said_of_the_function_called():
    import pandas as pd

    import etld.pandas  # noqa: F401  (registers the .etld accessor)

    # When the expression is made, not when a batch comes.
    for make in [
        lambda: pl.col("host").etld.registrable(icann=True),
        lambda: pl.Series(["a.com"]).etld.registrable(icann=True),
        lambda: pd.Series(["a.com"]).etld.registrable(icann=True),
    ]:
        with pytest.raises(TypeError, match=r"^registrable\(\) got an unexpected keyword argument 'icann'$"):
            make()
    with pytest.raises(TypeError, match=r"^registrable\(\) takes 1 positional argument but 2 were given$"):
        etld.polars.registrable("host", None)
    with pytest.raises(TypeError, match=r"^site\(\) got an unexpected keyword argument 'output'$"):
        etld.polars.site("host", output="unicode")


def test_a_polars_expression_loads_no_list_when_it_is_made(monkeypatch, tmp_path):
    # Its options are checked against the built-in list; the list it
    # answers from is chosen when a batch comes (here, none loads).
    monkeypatch.setenv("ETLD_LIST", str(tmp_path / "missing.dat"))
    expr = pl.col("host").etld.registrable()
    lst = etld.List.from_bytes("test\n")
    assert pl.DataFrame({"host": ["a.b.test"]}).select(pl.col("host").etld.registrable(list=lst)).item() == "b.test"
    assert isinstance(expr, pl.Expr)


def test_columns_that_are_not_of_strings_say_what_they_are():
    import pandas as pd

    import etld.pandas  # noqa: F401  (registers the .etld accessor)

    # A Polars Object column, which exports the objects' addresses.
    for column in [pl.Series(["a.com"], dtype=pl.Object)]:
        with pytest.raises(TypeError, match="got a Polars Object column: make it of pl.String"):
            etld.registrable(column)
        with pytest.raises(TypeError, match="got a Polars Object column"):
            column.etld.registrable()
    # A pandas object Series of numbers and strings, which Arrow cannot
    # read as one column: pyarrow's reason, as the cause of a TypeError.
    mixed = pd.Series([1, "a.com"], dtype=object)
    for answer in [lambda: etld.registrable(mixed), lambda: mixed.etld.registrable()]:
        with pytest.raises(TypeError, match="got a pandas Series of object that Arrow cannot read as one: ") as e:
            answer()
        assert type(e.value.__cause__).__name__ in ("ArrowInvalid", "ArrowTypeError")


# --- PySpark --------------------------------------------------------------


@pytest.fixture(scope="module")
def spark():
    # Imported, not skipped when missing: CI installs PySpark and Java, and
    # a missing one must fail the run.
    import pyspark.sql as pyspark_sql

    # Spark binds to the loopback interface only.
    os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    session = (
        pyspark_sql.SparkSession.builder.master("local[2]")
        .appName("etld-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .getOrCreate()
    )
    yield session
    session.stop()


def test_spark_readme_example_runs_as_written(spark):
    # Its `SparkSession.builder.getOrCreate()` is the session of this module.
    names = {}
    exec(readme_example("spark"), names)
    assert [tuple(r) for r in names["sites"].collect()] == [("example.co.uk", 1)]


def test_spark_group_by_site(spark):
    import etld.spark

    hosts, want = hosts_with_nulls()
    df = spark.createDataFrame([(h,) for h in hosts], "host string").repartition(3)
    rows = df.groupBy(etld.spark.registrable("host").alias("site")).count().collect()
    assert {r["site"]: r["count"] for r in rows} == dict(want)
    # The site key: the same groups, each named in ASCII without a final dot.
    rows = df.groupBy(etld.spark.site("host").alias("site")).count().collect()
    keys = Counter(None if h is None else etld.site(h) for h in hosts)
    assert {r["site"]: r["count"] for r in rows} == dict(keys)


def test_spark_every_part_and_sql(spark):
    import etld.spark

    df = spark.createDataFrame([(i, h) for i, h in enumerate(DEFAULT_SET.inputs)], "i long, host string")
    parts = [getattr(etld.spark, p)("host").alias(p) for p in PARTS]
    rows = sorted(df.select("i", *parts).collect(), key=lambda r: r["i"])
    for p in PARTS:
        assert [r[p] for r in rows] == expected(DEFAULT_SET, p), p

    etld.spark.register(spark, icann_only=True)
    df.createOrReplaceTempView("hosts")
    rows = spark.sql("SELECT i, etld_suffix(host) AS s FROM hosts").collect()
    icann = next(vs for vs in HOST_SETS if vs.options == ["--icann-only"])
    assert [r["s"] for r in sorted(rows, key=lambda r: r["i"])] == expected(icann, "suffix")


def test_spark_map_in_arrow(spark):
    import etld.spark

    hosts, want = hosts_with_nulls()
    df = spark.createDataFrame([(h,) for h in hosts], "host string").repartition(2)
    out = etld.spark.with_parts(df, "host", ["registrable", "known"], prefix="h_")
    assert out.columns == ["host", "h_registrable", "h_known"]
    rows = out.groupBy("h_registrable").count().collect()
    assert {r["h_registrable"]: r["count"] for r in rows} == dict(want)
    lst = etld.List.from_bytes("test\n*.dev.test\n")
    df = spark.createDataFrame([("a.b.dev.test",), ("x.test",)], "host string")
    rows = etld.spark.with_parts(df, parts=["registrable"], list=lst).collect()
    assert sorted(r["registrable"] for r in rows) == ["a.b.dev.test", "x.test"]
    # A list with extra rules laid over it reaches the executors (pickled
    # with its texts), layers and all.
    corp = etld.List.builtin().with_extra("*.dev.corp.example\n!b.kobe.jp\n", name="corp")
    df = spark.createDataFrame([("a.b.dev.corp.example",), ("a.b.kobe.jp",), ("www.example.co.uk",)], "host string")
    rows = etld.spark.with_parts(df, parts=["registrable"], list=corp).collect()
    assert sorted(r["registrable"] for r in rows) == ["a.b.dev.corp.example", "b.kobe.jp", "example.co.uk"]
    # A column that is not there, and one the answers would shadow: said on
    # the driver, before any job runs.
    with pytest.raises(ValueError, match=r"^no column 'nohost' in the DataFrame \(its columns: host\)$"):
        etld.spark.with_parts(df, "nohost")
    # A name in another case is the DataFrame's column, as in Spark's SQL.
    rows = etld.spark.with_parts(df, "HOST", list=corp).collect()
    assert sorted(r["registrable"] for r in rows) == ["a.b.dev.corp.example", "b.kobe.jp", "example.co.uk"]
    with pytest.raises(ValueError, match=r"^the DataFrame has a column named 'registrable' already; prefix= "):
        etld.spark.with_parts(df.withColumnRenamed("host", "Registrable"), "Registrable")


def test_spark_extract(spark, monkeypatch):
    import pyspark.sql.functions

    import etld.spark

    urls = ["https://me.github.io/x", "http://0x7f.1/", "http://[2001:DB8::1]:80/", "a..b", "www.Example.CO.uk", None]
    df = spark.createDataFrame(list(enumerate(urls)), "i long, u string").repartition(2)
    df.createOrReplaceTempView("urls")

    def want(lst):
        return [None if u is None else {n: getattr(lst.extract(u), n) for n in etld.EXTRACT_FIELDS} for u in urls]

    def got(out, name="x"):
        rows = sorted(out.collect(), key=lambda r: r["i"])
        return [None if r[name] is None else r[name].asDict() for r in rows]

    out = df.select("i", etld.spark.extract("u").alias("x"))
    assert out.schema["x"].dataType.simpleString() == etld.spark.EXTRACT_TYPE
    assert got(out) == want(etld.default_list())
    icann = etld.default_list().with_options(icann_only=True)
    assert got(df.select("i", etld.spark.extract(df.u, icann_only=True).alias("x"))) == want(icann)
    etld.spark.register(spark, icann_only=True, prefix="icann_")
    assert got(spark.sql("SELECT i, icann_extract(u) AS x FROM urls")) == want(icann)
    out = etld.spark.with_parts(df, "u", ["extract"])
    assert out.schema["extract"].dataType.simpleString() == etld.spark.EXTRACT_TYPE
    assert got(out, "extract") == want(etld.default_list())
    # Spark before 4.1, which has no Arrow UDFs: the same answers (on such
    # a Spark, as it is).
    monkeypatch.delattr(pyspark.sql.functions, "arrow_udf", raising=False)
    assert got(df.select("i", etld.spark.extract("u").alias("x"))) == want(etld.default_list())
