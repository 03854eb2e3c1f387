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


CHILD = """
import sys, time
import pyarrow as pa
import etld

hosts = ["www.example.co.uk", "a.b.example.com", "me.github.io", "xn--bcher-kva.de", "a..b"]
chunk = pa.array(hosts * 200_000)
# 400 M rows that share one chunk's memory: tens of seconds of work.
column = pa.chunked_array([chunk] * 400)
etld.known(chunk)
print("ready", flush=True)
start = time.monotonic()
try:
    etld.known(column)
except KeyboardInterrupt:
    print(f"interrupted after {time.monotonic() - start:.2f}", flush=True)
    raise
print("finished", flush=True)
"""


def test_ctrl_c_stops_a_column_call():
    import signal
    import subprocess
    import sys
    import time

    child = subprocess.Popen(
        [sys.executable, "-c", CHILD],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "ready"
        # Well into the call (tens of seconds long) when the signal comes.
        time.sleep(0.5)
        child.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = child.communicate(timeout=20)
        waited = time.monotonic() - sent
    finally:
        child.kill()
        child.wait()
    assert "interrupted after" in out, out + err
    assert "KeyboardInterrupt" in err
    assert child.returncode != 0
    assert waited < 1.5, f"exited {waited:.2f} s after SIGINT"
