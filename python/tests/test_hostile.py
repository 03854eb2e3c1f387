"""Hostile use: errors raised millions of times, a column call interrupted,
odd column types and odd strings, engines set up twice."""

import os
import resource

import pytest

import etld


def rss_bytes():
    """This process's resident memory now (Linux: /proc/self/statm; else
    the peak, which still grows with a leak)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def raise_many(call, n):
    for _ in range(n):
        try:
            call()
        except ValueError:
            pass
        else:
            raise AssertionError("no error raised")


@pytest.mark.parametrize(
    "call",
    [
        lambda: etld.lookup("a..b"),
        lambda: etld.List.builtin().lookup("a..b"),
        lambda: etld.lookup_url("http://"),
    ],
    ids=["module", "method", "url"],
)
def test_raising_holds_memory_flat(call):
    # Each raise once kept its message for good (about 96 bytes): 1 M raises
    # grew the process by about 96 MB.
    raise_many(call, 100_000)
    before = rss_bytes()
    raise_many(call, 1_000_000)
    grown = rss_bytes() - before
    assert grown < 4 * 2**20, f"grew {grown} bytes over 1 M raises"
