"""The etld functions in PySpark: Arrow UDFs for columns, and
``mapInArrow`` for whole partitions.

    >>> from pyspark.sql import SparkSession
    >>> import etld.spark
    >>> spark = SparkSession.builder.master("local[2]").getOrCreate()  # doctest: +SKIP
    >>> df = spark.createDataFrame([("www.example.co.uk",), ("me.github.io",)], ["host"])  # doctest: +SKIP
    >>> df.groupBy(etld.spark.site("host").alias("site")).count()  # doctest: +SKIP

Each function (`registrable`, `suffix`, `subdomain`, `label`, `section`,
`known`, `error`, `host`, `site`, the site key to group by: the
registrable domain in ASCII, without a trailing dot, and `extract`,
tldextract's shape as a struct) takes a column (or its name) and the options of
`etld.List` as keyword arguments, plus ``list=`` for a list of one's own
(default: `etld.default_list()` on the driver). The list travels to the
executors with the function (pickled as its ``.fst`` bytes, or as nothing
for the built-in list), so every executor answers from the driver's list.
The package does not travel: every executor's Python needs it (the
``etld-psl`` distribution, not PyPI's ``etld``) and pyarrow.

The UDFs are Arrow UDFs (``pyspark.sql.functions.arrow_udf``, Spark 4.1 and
later: each batch arrives as a ``pyarrow.Array`` and is answered in one
call), or pandas UDFs on older Spark (Arrow-backed Series; `extract`
there a row at a time, since a pandas UDF's struct rows cannot be NULL). `register`
makes them SQL functions (``etld_registrable(host)``...,
``etld_extract(url_or_host)``), and `with_parts`
adds columns of answers to a DataFrame through ``mapInArrow``, a partition
at a time.
"""

from typing import Any, Iterable, Iterator, Optional, Sequence

import etld
from etld._parts import chosen_list

__all__ = [
    "PARTS",
    "EXTRACT_TYPE",
    "udf",
    "registrable",
    "suffix",
    "subdomain",
    "label",
    "section",
    "known",
    "error",
    "host",
    "site",
    "extract",
    "register",
    "with_parts",
]

#: The struct that `extract` gives, as a Spark SQL type: the fields of
#: `etld.EXTRACT_FIELDS`, all strings but ``is_private``.
EXTRACT_TYPE = "struct<{}>".format(
    ",".join(f"{name}:{'boolean' if name == 'is_private' else 'string'}" for name in etld.EXTRACT_FIELDS)
)

#: The parts of an answer and their Spark SQL types.
PARTS = {
    "registrable": "string",
    "suffix": "string",
    "subdomain": "string",
    "label": "string",
    "section": "string",
    "known": "boolean",
    "error": "string",
    "host": "string",
    "site": "string",
    "extract": EXTRACT_TYPE,
}


def _target(lst: Optional[etld.List], options: dict) -> etld.List:
    target = chosen_list(lst)
    return target.with_options(**options) if options else target


def _spark_type(part: str) -> Any:
    """The Spark type of the answers for ``part`` (a key of `PARTS`)."""
    from pyspark.sql.types import BooleanType, StringType, StructField, StructType

    def scalar(boolean: bool) -> Any:
        return BooleanType() if boolean else StringType()

    if part == "extract":
        fields = [StructField(n, scalar(n == "is_private"), True) for n in etld.EXTRACT_FIELDS]
        return StructType(fields)
    return scalar(PARTS[part] == "boolean")


def udf(part: str, *, list: Optional[etld.List] = None, **options: Any):
    """The Spark UDF that answers ``part`` (a key of `PARTS`) for a column
    of hosts (of URLs, for ``host``; of URLs or hosts, for ``extract``)."""
    if part not in PARTS:
        raise ValueError(f"no such part: {part!r}; one of {sorted(PARTS)}")
    target = _target(list, options)
    returns = PARTS[part]
    try:
        from pyspark.sql.functions import arrow_udf
    except ImportError:  # Spark before 4.1: a pandas UDF on Arrow-backed Series
        if part == "extract":
            # A pandas UDF gives a struct as a DataFrame, whose rows cannot
            # be NULL: a row at a time, so that NULL gives NULL.
            from pyspark.sql.functions import udf as row_udf

            def extract_row(value):
                if value is None:
                    return None
                r = target.extract(value)
                return {n: getattr(r, n) for n in etld.EXTRACT_FIELDS}

            return row_udf(extract_row, returns)

        import pyarrow as pa
        from pyspark.sql.functions import pandas_udf

        from pyspark.sql.functions import PandasUDFType

        def answer_pandas(hosts):
            out = target.answer(part, pa.array(hosts, type=pa.string(), from_pandas=True))
            return out.to_pandas()

        return pandas_udf(answer_pandas, returns, PandasUDFType.SCALAR)

    import pyarrow as pa

    # Real annotations (no `from __future__ import annotations` here): Spark
    # reads them to choose the kind of Arrow UDF.
    def answer(hosts: pa.Array) -> pa.Array:
        return target.answer(part, hosts)

    answer.__name__ = f"etld_{part}"
    return arrow_udf(answer, returns)


def _column_fn(part: str):
    def fn(col: Any, *, list: Optional[etld.List] = None, **options: Any):
        return udf(part, list=list, **options)(col)

    fn.__name__ = part
    fn.__qualname__ = part
    fn.__doc__ = (
        f"The {part} of each row of ``col`` (a column or its name), as a Spark "
        f"column of {PARTS[part]}: NULL for NULL or invalid input."
    )
    return fn


registrable = _column_fn("registrable")
suffix = _column_fn("suffix")
subdomain = _column_fn("subdomain")
label = _column_fn("label")
section = _column_fn("section")
known = _column_fn("known")
error = _column_fn("error")
host = _column_fn("host")
site = _column_fn("site")


def extract(col: Any, *, list: Optional[etld.List] = None, **options: Any):
    """The parts of the host of each row of ``col`` (a column or its name
    of URLs, hosts, ``host:port`` or e-mail addresses) in tldextract's
    shape, as a Spark struct column of `EXTRACT_TYPE` (the fields of
    `etld.EXTRACT_FIELDS`): each row what `etld.extract` gives for its
    value, strings ``''`` where absent, NULL for NULL.

    >>> df.select(etld.spark.extract("url").alias("x")).select("x.registered_domain", "x.ipv4")  # doctest: +SKIP
    """
    return udf("extract", list=list, **options)(col)


def register(
    spark: Any, *, list: Optional[etld.List] = None, prefix: str = "etld_", **options: Any
) -> None:
    """Registers the UDFs as SQL functions on ``spark`` (a SparkSession):
    ``etld_registrable(host)``, ``etld_suffix(host)``, ... ``etld_host(url)``,
    ``etld_extract(url_or_host)``."""
    for part in PARTS:
        spark.udf.register(prefix + part, udf(part, list=list, **options))


def with_parts(
    df: Any,
    column: str = "host",
    parts: Sequence[str] = ("registrable",),
    *,
    prefix: str = "",
    list: Optional[etld.List] = None,
    **options: Any,
):
    """``df`` with a column per part of the answer for ``column``, named
    ``prefix + part``, added through ``mapInArrow``: each partition's Arrow
    batches are answered whole, with no Python object per row.

    >>> sites = etld.spark.with_parts(df, "host", ["registrable", "suffix"])  # doctest: +SKIP
    """
    from pyspark.sql.types import StructField, StructType

    for part in parts:
        if part not in PARTS:
            raise ValueError(f"no such part: {part!r}; one of {sorted(PARTS)}")
    target = _target(list, options)
    names = [prefix + p for p in parts]
    # Said here, on the driver, rather than by a worker's traceback when the
    # job runs, or not at all (a column of the same name, which Spark's
    # names, without case by default, would make ambiguous).
    have = {c.lower() for c in df.columns}
    # The column as the DataFrame spells it, which the Arrow batches use.
    spelled = [c for c in df.columns if c == column] or [c for c in df.columns if c.lower() == column.lower()]
    if not spelled:
        raise ValueError(f"no column {column!r} in the DataFrame (its columns: {', '.join(df.columns)})")
    column = spelled[0]
    taken = [n for n in names if n.lower() in have]
    if taken:
        raise ValueError(
            f"the DataFrame has a column named {', '.join(map(repr, taken))} already; prefix= names the new ones apart"
        )
    fields = list_of(df.schema.fields) + [
        StructField(n, _spark_type(p), True) for n, p in zip(names, parts)
    ]
    schema = StructType(fields)

    def answer(batches: Iterable[Any]) -> Iterator[Any]:
        import pyarrow as pa

        for batch in batches:
            hosts = batch.column(column)
            answers = [target.answer(p, hosts) for p in parts]
            yield pa.RecordBatch.from_arrays(
                list_of(batch.columns) + answers, names=list_of(batch.schema.names) + names
            )

    return df.mapInArrow(answer, schema)


def list_of(items: Iterable[Any]) -> list:
    """A Python list (``list`` is a keyword argument in this module)."""
    return [*items]
