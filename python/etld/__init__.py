"""Public suffix and registrable domain of hostnames, from the Public Suffix List.

``etld`` answers "what is the public suffix, and the registrable domain (the
site, eTLD+1), of this host?" exactly as the list's formal algorithm says,
for one host or a whole Arrow column::

    >>> import etld
    >>> etld.registrable("www.example.co.uk")
    'example.co.uk'
    >>> etld.suffix("me.github.io")
    'github.io'
    >>> etld.registrable("co.uk") is None      # a public suffix itself
    True
    >>> d = etld.lookup("www.Example.CO.uk")
    >>> d.registrable, d.subdomain, d.label, d.section, d.known
    ('example.co.uk', 'www', 'example', 'icann', True)
    >>> etld.subdomain("a.b.example.co.uk"), etld.section("me.github.io"), etld.known("a.b.example")
    ('a.b', 'private', False)
    >>> etld.host("https://user@www.Example.co.uk:8080/path")
    'www.Example.co.uk'

Given a URL, ``host:port`` or e-mail address, the host functions take its
host out with ``url=True`` (without it, it is an invalid host, and the
error says so). To group by site, `site` gives the key: the registrable
domain in ASCII, without a trailing dot::

    >>> etld.registrable("https://www.Bücher.de/", url=True), etld.site("www.Bücher.de.")
    ('bücher.de', 'xn--bcher-kva.de')

The same functions take columns: a pyarrow ``Array`` or ``ChunkedArray``, a
polars ``Series``, a pandas ``Series`` backed by Arrow, or anything with
``__arrow_c_array__`` / ``__arrow_c_stream__``. The column is answered in one
batch with the GIL released, NULL for NULL or invalid hosts, and comes back
as the same kind of column::

    >>> import pyarrow as pa
    >>> etld.registrable(pa.array(["www.example.co.uk", None, "a..b"])).to_pylist()
    ['example.co.uk', None, None]

Options are keyword arguments, on a `List` or on each call:
``icann_only`` (ignore the PRIVATE section), ``implicit_rule`` (the implicit
``*`` rule), ``wildcard_root`` (browsers' reading of ``*.kobe.jp``) and
``output`` (``"input"``, ``"ascii"`` or ``"unicode"``)::

    >>> etld.suffix("me.github.io", icann_only=True)
    'io'

The module-level functions answer from `default_list()`: the list the
``etld`` command line uses (``$ETLD_LIST``, else the newest of the built-in
list, the list ``etld update`` installed and the system's), with the files
of extra rules ``$ETLD_EXTRA`` names laid over it. Your own rules over a
list, as though appended to it (``extra=`` files on every constructor, or
text)::

    >>> corp = etld.List.builtin().with_extra("*.dev.corp.example\\n", name="corp.dat")
    >>> corp.registrable("api.alice.dev.corp.example")
    'api.alice.dev.corp.example'
    >>> corp.layers
    [etld.Layer(name='corp.dat', rules=1, version=None)]

Engines: ``etld.polars`` (``pl.col("host").etld.registrable()``,
``etld.polars.registrable("host")``), ``etld.pandas``
(``series.etld.registrable()``), ``etld.duckdb``
(``etld.duckdb.register(con)``), ``etld.spark`` (Arrow UDFs and
``mapInArrow``).
"""

import sys as _sys
from collections.abc import Sequence as _Sequence
from typing import Optional

from etld._etld import (
    BUILTIN_LIST_VERSION,
    Column,
    Domain,
    EXTRACT_FIELDS,
    ExtractResult,
    HostError,
    Layer,
    List,
    ListError,
    UpdateError,
    Updated,
    UrlError,
    __version__,
    answer,
    compile,
    default_list,
    error,
    extract,
    host,
    is_cookie_domain_acceptable,
    known,
    label,
    lookup,
    lookup_url,
    registrable,
    section,
    site,
    subdomain,
    suffix,
    update,
)

# A sequence of its five fields, as tldextract's result was when it was a
# named tuple: isinstance(r, collections.abc.Sequence) holds.
_Sequence.register(ExtractResult)

__all__ = [
    "BUILTIN_LIST_VERSION",
    "Column",
    "Domain",
    "EXTRACT_FIELDS",
    "ExtractResult",
    "HostError",
    "Layer",
    "List",
    "ListError",
    "UpdateError",
    "Updated",
    "UrlError",
    "__version__",
    "answer",
    "compile",
    "default_list",
    "host",
    "is_cookie_domain_acceptable",
    "known",
    "label",
    "list_version",
    "lookup",
    "lookup_url",
    "registrable",
    "section",
    "site",
    "subdomain",
    "suffix",
    "error",
    "extract",
    "update",
]


def list_version() -> Optional[str]:
    """The VERSION of the list the module-level functions use.

    >>> etld.list_version()  # doctest: +SKIP
    '2026-10-22_08-36-41_UTC'
    """
    return default_list().version


# Polars and pandas users who imported them first get the `.etld` namespace
# and accessor at once; others `import etld.polars` or `import etld.pandas`.
if "polars" in _sys.modules:
    from etld import polars as _polars  # noqa: F401
if "pandas" in _sys.modules:
    from etld import pandas as _pandas  # noqa: F401
