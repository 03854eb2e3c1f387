"""Shared fixtures: the test vectors (`data/vectors.jsonl.xz`, the answers of
`etld lookup --json` on the 10,000-host mix and odd hosts; see
`data/make_vectors.py`), and a pinned list.

The list the module-level functions use is chosen as the command line
chooses it; the tests pin it to the built-in list, as the vectors were made:
no `ETLD_LIST`, an empty cache directory and no system list. This runs
before `etld` is first imported.
"""

import json
import lzma
import os
import tempfile

import pytest

_CACHE = tempfile.mkdtemp(prefix="etld-test-cache-")
os.environ["ETLD_CACHE_DIR"] = _CACHE
os.environ["ETLD_SYSTEM_LIST"] = ""
os.environ.pop("ETLD_LIST", None)

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")

#: What the package adds to etld's message for an invalid host that looks
#: like a URL, host:port or e-mail address (`hinted` in src/column/hint.rs).
URL_HINT = (
    ": this looks like a URL (or host:port, or an e-mail address), whose host "
    "lookup_url() takes out, as the other functions do with url=True"
)

#: The same hint in SQL, from ``etld.duckdb.register``'s functions, as the
#: DuckDB extension gives it: it names the SQL function.
SQL_URL_HINT = (
    ": this looks like a URL (or host:port, or an e-mail address), whose host etld_host() takes out"
)


def looks_like_url(host):
    """Whether the package hints at the URL functions for ``host``: it holds
    ``:``, ``/`` or ``@`` and a URL parser finds another host in it."""
    import etld

    return any(c in host for c in ":/@") and etld.host(host) not in (None, host)


#: The fields of an answer in the vectors, in order.
FIELDS = ["suffix", "registrable", "subdomain", "label", "section", "known", "error"]


#: The keyword argument each flag of the command line sets, and to what:
#: the vectors write `--no-default-rule`, the corpus `--no-implicit-rule`.
FLAG_KEYWORDS = {
    "--icann-only": ("icann_only", True),
    "--no-default-rule": ("implicit_rule", False),
    "--no-implicit-rule": ("implicit_rule", False),
    "--wildcard-root": ("wildcard_root", True),
}


def kwargs_of(options):
    """The keyword arguments for a list of command-line options."""
    kw = {}
    it = iter(options)
    for o in it:
        if o == "--output":
            kw["output"] = next(it)
        elif o in FLAG_KEYWORDS:
            key, value = FLAG_KEYWORDS[o]
            kw[key] = value
        else:
            raise ValueError(o)
    return kw


class VectorSet:
    """The inputs and expected answers for one set of options."""

    def __init__(self, record):
        self.options = record["options"]
        self.kwargs = kwargs_of(self.options)
        self.url = record["url"]
        self.inputs = record["inputs"]
        fields = (["host"] if self.url else []) + FIELDS
        self.answers = [dict(zip(fields, a)) for a in record["answers"]]
        if not self.url:
            # The command line's messages, with the package's hint.
            for host, a in zip(self.inputs, self.answers):
                if a["error"] is not None and looks_like_url(host):
                    a["error"] += URL_HINT

    def expected(self, part):
        """The expected column of `part` (NULL for invalid hosts; `known`
        too, where the command line says false)."""
        out = []
        for a in self.answers:
            if part == "known" and a["error"] is not None:
                out.append(None)
            else:
                out.append(a[part])
        return out

    def __repr__(self):
        return f"VectorSet({' '.join(self.options) or 'default'}{' --url' if self.url else ''})"


def _load():
    with lzma.open(os.path.join(DATA, "vectors.jsonl.xz"), "rt", encoding="utf-8") as f:
        return [VectorSet(json.loads(line)) for line in f]


_SETS = _load()
HOST_SETS = [s for s in _SETS if not s.url]
URL_SET = next(s for s in _SETS if s.url)
DEFAULT_SET = HOST_SETS[0]
assert DEFAULT_SET.options == []


@pytest.fixture(scope="session")
def cache_dir():
    return _CACHE


def interrupt(code, *, after, env=None):
    """Runs the Python ``code`` in a process of its own, which prints
    ``ready`` once set up, sends it SIGINT ``after`` seconds later, and
    gives its stdout, its stderr and how long it took to end after the
    signal."""
    import signal
    import subprocess
    import sys
    import time

    child = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    try:
        assert child.stdout.readline().strip() == "ready"
        time.sleep(after)
        child.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = child.communicate(timeout=20)
        waited = time.monotonic() - sent
    finally:
        child.kill()
        child.wait()
    assert child.returncode != 0
    return out, err, waited
