"""The etld functions in DuckDB, as Arrow UDFs on a connection.

    >>> import duckdb, etld.duckdb
    >>> con = duckdb.connect()
    >>> etld.duckdb.register(con)
    >>> con.sql("SELECT etld_registrable('www.example.co.uk') AS site").fetchall()
    [('example.co.uk',)]
    >>> con.sql('''SELECT etld_site(host) AS site, count(*) AS n
    ...            FROM (VALUES ('www.bücher.de'), ('shop.xn--bcher-kva.de'), ('bücher.de.')) v(host)
    ...            GROUP BY site''').fetchall()
    [('xn--bcher-kva.de', 3)]

`register` adds ``etld_registrable(host)``, ``etld_suffix``,
``etld_subdomain``, ``etld_label``, ``etld_section``, ``etld_known``
(BOOLEAN), ``etld_error`` (NULL for a valid host), ``etld_host(url)``,
``etld_url_error(url)`` (NULL for a URL whose host is valid, else why it
has no answer, as ``lookup_url`` says it),
``etld_site(host)`` (the site key: the registrable domain in ASCII,
without a trailing dot, to group by), ``etld_lookup(host)``, every part in
one STRUCT (`LOOKUP_FIELDS`), ``etld_extract(url_or_host)``, tldextract's
shape as a STRUCT (`etld.EXTRACT_FIELDS`: `etld.extract` of each value,
NULL for NULL),
``etld_cookie_ok(request_host, cookie_domain)`` (BOOLEAN) and
``etld_list_version()`` (the ``// VERSION:`` of the list, as
`etld.List.version` gives it)::

    >>> con.sql("SELECT etld_lookup('www.example.co.uk') AS l").fetchall()[0][0]["subdomain"]
    'www'

Each takes a whole vector of rows at a time (DuckDB hands it over as
Arrow), answers NULL for NULL or invalid input (``etld_cookie_ok``: NULL
for NULL, false for an invalid host) and never fails the query on its
data. Calling
`register` again on a connection replaces the functions (with another list
or options, say)::

    >>> etld.duckdb.register(con, icann_only=True)
    >>> con.sql("SELECT etld_registrable('me.github.io')").fetchall()
    [('github.io',)]
"""

from __future__ import annotations

from typing import Any, Optional

import etld
from etld._parts import chosen_list

__all__ = ["register", "FUNCTIONS", "LOOKUP_FIELDS"]

#: The functions `register` adds (without the prefix) and what they answer.
FUNCTIONS = {
    "registrable": "VARCHAR",
    "suffix": "VARCHAR",
    "subdomain": "VARCHAR",
    "label": "VARCHAR",
    "section": "VARCHAR",
    "known": "BOOLEAN",
    "error": "VARCHAR",
    "host": "VARCHAR",
    "site": "VARCHAR",
    "url_error": "VARCHAR",
}


#: The fields of the STRUCT that ``etld_lookup(host)`` answers, in order.
LOOKUP_FIELDS = {
    "suffix": "VARCHAR",
    "registrable": "VARCHAR",
    "subdomain": "VARCHAR",
    "label": "VARCHAR",
    "section": "VARCHAR",
    "known": "BOOLEAN",
    "rule": "VARCHAR",
    "icann_suffix": "VARCHAR",
    "icann_registrable": "VARCHAR",
    "error": "VARCHAR",
}


def _types() -> dict:
    """DuckDB's VARCHAR and BOOLEAN types (``duckdb.sqltypes`` from DuckDB
    1.4 on, ``duckdb.typing`` before)."""
    try:
        from duckdb import sqltypes as types
    except ImportError:  # DuckDB before 1.4
        from duckdb import typing as types
    return {"VARCHAR": types.VARCHAR, "BOOLEAN": types.BOOLEAN}


def _create(con: Any, name: str, *args: Any, **kwargs: Any) -> None:
    """``con.create_function(name, ...)``, replacing a function of that name
    that an earlier `register` made (DuckDB refuses to make one twice)."""
    import duckdb

    try:
        con.remove_function(name)
    except duckdb.InvalidInputException:
        pass  # none by that name yet, or not one of these
    try:
        con.create_function(name, *args, **kwargs)
    except duckdb.CatalogException as e:
        # A function of the name that is not a Python one: the native
        # extension's, loaded on this connection.
        raise duckdb.CatalogException(
            f"{e}: the connection has a function {name} that register() did not make (the etld "
            "DuckDB extension's, after LOAD?); the extension answers as these functions do, or "
            "register(con, prefix=...) gives these other names"
        ) from e


#: What the package adds to the message of a host that looks like a URL,
#: naming its Python functions (``hinted`` in src/column/hint.rs).
_PY_HINT = "whose host lookup_url() takes out, as the other functions do with url=True"


def _sql_hint(answers: Any, host_function: str) -> Any:
    """``answers`` (errors, or lookups whose field ``error`` holds them)
    with the hint for a host that looks like a URL naming the SQL function
    ``host_function``, as the DuckDB extension's ``etld_error`` says it."""
    import pyarrow as pa
    import pyarrow.compute as pc

    sql = f"whose host {host_function} takes out"

    def replaced(errors: Any) -> Any:
        # String views (DuckDB's with `produce_arrow_string_view`) as
        # strings: pyarrow has no kernel that replaces in views.
        views = hasattr(pa, "string_view") and errors.type == pa.string_view()
        if views:
            return pc.replace_substring(errors.cast(pa.string()), _PY_HINT, sql).cast(errors.type)
        return pc.replace_substring(errors, _PY_HINT, sql)

    if not pa.types.is_struct(answers.type):
        return replaced(answers)
    at = answers.type.get_field_index("error")

    def chunk(lookups: Any) -> Any:
        fields = lookups.flatten()
        fields[at] = replaced(fields[at])
        return pa.StructArray.from_arrays(fields, fields=list(lookups.type), mask=lookups.is_null())

    if isinstance(answers, pa.ChunkedArray):
        return pa.chunked_array([chunk(c) for c in answers.chunks], type=answers.type)
    return chunk(answers)


def register(
    con: Any,
    list: Optional[etld.List] = None,
    *,
    prefix: str = "etld_",
    **options: Any,
) -> None:
    """Registers the etld functions on the DuckDB connection ``con``,
    answering from ``list`` (default: `etld.default_list()`) with the
    options given as keyword arguments (those of `etld.List`). Safe to call
    again: the functions of the same names are replaced."""
    target = chosen_list(list)
    if options:
        target = target.with_options(**options)
    kinds = _types()
    varchar = kinds["VARCHAR"]

    def function(part: str):
        def answer(column):
            if part == "url_error":
                return target.answer("error", column, url=True)
            if part in ("error", "lookup"):
                return _sql_hint(target.answer(part, column), prefix + "host()")
            return target.answer(part, column)

        answer.__name__ = prefix + part
        return answer

    for part, returns in FUNCTIONS.items():
        _create(
            con,
            prefix + part,
            function(part),
            [varchar],
            kinds[returns],
            type="arrow",
            null_handling="special",
            side_effects=False,
        )

    import duckdb

    lookup_type = duckdb.struct_type({name: kinds[t] for name, t in LOOKUP_FIELDS.items()})
    _create(
        con,
        prefix + "lookup",
        function("lookup"),
        [varchar],
        lookup_type,
        type="arrow",
        null_handling="special",
        side_effects=False,
    )
    extract_type = duckdb.struct_type(
        {name: kinds["BOOLEAN" if name == "is_private" else "VARCHAR"] for name in etld.EXTRACT_FIELDS}
    )
    _create(
        con,
        prefix + "extract",
        function("extract"),
        [varchar],
        extract_type,
        type="arrow",
        null_handling="special",
        side_effects=False,
    )

    def cookie_ok(request_host, cookie_domain):
        return target.is_cookie_domain_acceptable(request_host, cookie_domain)

    _create(
        con,
        prefix + "cookie_ok",
        cookie_ok,
        [varchar, varchar],
        kinds["BOOLEAN"],
        type="arrow",
        null_handling="special",
        side_effects=False,
    )
    # The list's VERSION, a constant: a macro of this connection (TEMP),
    # which DuckDB expands in the query, rather than a Python function.
    version = target.version
    literal = "NULL" if version is None else "'" + version.replace("'", "''") + "'"
    con.execute(f"CREATE OR REPLACE TEMP MACRO {prefix}list_version() AS {literal}")
