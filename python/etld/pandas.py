"""The ``.etld`` accessor on pandas Series.

Importing this module (or importing ``etld`` after ``pandas``) registers it::

    >>> import pandas as pd
    >>> import etld.pandas
    >>> s = pd.Series(["www.example.co.uk", "me.github.io", "a..b", None], dtype="string[pyarrow]")
    >>> s.etld.registrable().tolist()
    ['example.co.uk', 'me.github.io', <NA>, <NA>]
    >>> s.etld.registrable().dtype == s.dtype
    True
    >>> pd.Series(["https://www.example.co.uk/a"]).etld.suffix(url=True).tolist()
    ['co.uk']

Each method answers the whole Series in one batch with the GIL released
and keeps its index and name; strings come back in the Series' own string
dtype (``str``, ``string[pyarrow]``, ``string[python]``), a Series of
another dtype Arrow-backed. Each takes the options of `etld.List` as
keyword arguments, ``url=True`` to answer for the host of each URL, and
``list=`` for a list of one's own (default: `etld.default_list()`).
"""

from __future__ import annotations

from typing import Any, Optional

import pandas as pd

import etld
from etld._parts import answer_part, part_method

__all__ = ["EtldAccessor"]


@pd.api.extensions.register_series_accessor("etld")
class EtldAccessor:
    """``series.etld.registrable()`` and the other parts."""

    def __init__(self, series: pd.Series) -> None:
        self._series = series

    def _part(self, part: str, lst: Optional[etld.List], options: Any) -> pd.Series:
        answer: pd.Series = answer_part(lst, part, self._series, options)
        return answer

    @part_method
    def registrable(self) -> pd.Series:
        """The registrable domain of each host (missing for a missing or
        invalid host and a public suffix)."""

    @part_method
    def suffix(self) -> pd.Series:
        """The public suffix of each host."""

    @part_method
    def subdomain(self) -> pd.Series:
        """The labels left of the registrable domain."""

    @part_method
    def label(self) -> pd.Series:
        """The label left of the public suffix."""

    @part_method
    def section(self) -> pd.Series:
        """``icann``, ``private``, or missing (implicit rule, invalid host)."""

    @part_method
    def known(self) -> pd.Series:
        """Whether a listed rule prevailed (missing for an invalid host)."""

    @part_method
    def error(self) -> pd.Series:
        """Why each host is invalid; missing for a valid one."""

    def site(self, *, list: Optional[etld.List] = None, **options: Any) -> pd.Series:
        """The site key of each host, to group by: the registrable domain in
        ASCII, without a trailing dot (see `etld.site`)::

            >>> hits = pd.Series(["www.bücher.de", "shop.xn--bcher-kva.de", "bücher.de.", "me.github.io"])
            >>> hits.groupby(hits.etld.site()).size().to_dict()
            {'me.github.io': 1, 'xn--bcher-kva.de': 3}
        """
        return self._part("site", list, options)

    def host(self) -> pd.Series:
        """The host of each URL (``host:port``, e-mail address)."""
        return self._part("host", None, {})

    @part_method
    def lookup(self) -> pd.Series:
        """Every part, as a struct Series (``struct[pyarrow]``)."""

    @part_method
    def lookup_url(self) -> pd.Series:
        """Every part of the lookup of each URL's host, with the host, as a
        struct Series."""

    @part_method
    def extract(self) -> pd.Series:
        """The parts of each URL's or host's host in tldextract's shape, as
        a struct Series of `etld.EXTRACT_FIELDS` (see `etld.extract`)."""
