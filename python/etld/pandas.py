"""The ``.etld`` accessor on pandas Series.

Importing this module (or importing ``etld`` after ``pandas``) registers it::

    >>> import pandas as pd
    >>> import etld.pandas
    >>> s = pd.Series(["www.example.co.uk", "me.github.io", "a..b", None], dtype="string[pyarrow]")
    >>> s.etld.registrable().tolist()
    ['example.co.uk', 'me.github.io', <NA>, <NA>]
    >>> s.etld.registrable().dtype
    string[pyarrow]
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

__all__ = ["EtldAccessor"]


@pd.api.extensions.register_series_accessor("etld")
class EtldAccessor:
    """``series.etld.registrable()`` and the other parts."""

    def __init__(self, series: pd.Series) -> None:
        self._series = series

    def _part(self, part: str, lst: Optional[etld.List], options: Any) -> pd.Series:
        target = lst if lst is not None else etld.default_list()
        answer: pd.Series = target.answer(part, self._series, **options)  # type: ignore[arg-type]
        return answer

    def registrable(self, *, list: Optional[etld.List] = None, **options: Any) -> pd.Series:
        """The registrable domain of each host (missing for a missing or
        invalid host and a public suffix)."""
        return self._part("registrable", list, options)

    def suffix(self, *, list: Optional[etld.List] = None, **options: Any) -> pd.Series:
        """The public suffix of each host."""
        return self._part("suffix", list, options)

    def subdomain(self, *, list: Optional[etld.List] = None, **options: Any) -> pd.Series:
        """The labels left of the registrable domain."""
        return self._part("subdomain", list, options)

    def label(self, *, list: Optional[etld.List] = None, **options: Any) -> pd.Series:
        """The label left of the public suffix."""
        return self._part("label", list, options)

    def section(self, *, list: Optional[etld.List] = None, **options: Any) -> pd.Series:
        """``icann``, ``private``, or missing (implicit rule, invalid host)."""
        return self._part("section", list, options)

    def known(self, *, list: Optional[etld.List] = None, **options: Any) -> pd.Series:
        """Whether a listed rule prevailed (missing for an invalid host)."""
        return self._part("known", list, options)

    def error(self, *, list: Optional[etld.List] = None, **options: Any) -> pd.Series:
        """Why each host is invalid; missing for a valid one."""
        return self._part("error", list, options)

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

    def lookup(self, *, list: Optional[etld.List] = None, **options: Any) -> pd.Series:
        """Every part, as a struct Series (``struct[pyarrow]``)."""
        return self._part("lookup", list, options)

    def lookup_url(self, *, list: Optional[etld.List] = None, **options: Any) -> pd.Series:
        """Every part of the lookup of each URL's host, with the host, as a
        struct Series."""
        return self._part("lookup_url", list, options)

    def extract(self, *, list: Optional[etld.List] = None, **options: Any) -> pd.Series:
        """The parts of each URL's or host's host in tldextract's shape, as
        a struct Series of `etld.EXTRACT_FIELDS` (see `etld.extract`)."""
        return self._part("extract", list, options)
