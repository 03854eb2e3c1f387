#!/usr/bin/env python3
"""Loading checks the `.test` files cannot make: the DuckDB CLI (PyPI's
`duckdb-cli`) loads the extension with `-unsigned` and refuses it without;
each connection of one database has its own list; a prepared statement follows a
later `SET`, for a constant argument too; a path that is not a regular file is
an error; a string that is not UTF-8 is an invalid host; `SET GLOBAL` reaches every connection; a list file rewritten is loaded again, an unchanged one is not;
running out of memory in a function fails the query, not the process;
description.yml's example gives what its comments say.

Usage: check_load.py EXTENSION DUCKDB_CLI ; ends with `N passed, N failed`.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

import duckdb

passed = failed = 0


def check(name: str, got: object, want: object) -> None:
    global passed, failed
    if got == want:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}: got {got!r}, want {want!r}")


def one(con: duckdb.DuckDBPyConnection, sql: str) -> object:
    row = con.execute(sql).fetchone()
    return row[0] if row else None


def refused(name: str, con: duckdb.DuckDBPyConnection, *says: str) -> None:
    """A query of the connection's settings fails, with a message that
    holds each of `says`."""
    try:
        con.execute("SELECT etld_suffix('x.co.uk')").fetchall()
        check(f"{name}: an error", "no error", "an error")
    except duckdb.Error as e:
        check(f"{name}: the error says why", [s for s in says if s not in str(e)], [])


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    extension, cli = argv[1], argv[2]

    sql = f"LOAD '{extension}'; SELECT etld_registrable('www.example.co.uk');"
    run = subprocess.run([cli, "-unsigned", "-csv", "-noheader", "-c", sql], capture_output=True, text=True)
    check("CLI -unsigned loads it", (run.returncode, run.stdout.strip()), (0, "example.co.uk"))
    run = subprocess.run([cli, "-csv", "-c", f"LOAD '{extension}';"], capture_output=True, text=True)
    check("CLI without -unsigned refuses it", run.returncode != 0 and "unsigned" in run.stderr, True)

    with tempfile.TemporaryDirectory(prefix="etld-load-") as tmp:
        path = os.path.join(tmp, "list.dat")
        with open(path, "w") as f:
            f.write("// VERSION: 2026-01-01_00-00-00_UTC\nexample\n")
        db = duckdb.connect(config={"allow_unsigned_extensions": "true"})
        db.execute(f"LOAD '{extension}'")
        a, b = db.cursor(), db.cursor()
        a.execute(f"SET etld_list = '{path}'")
        check("connection a: its own list", one(a, "SELECT etld_list_version()"), "2026-01-01_00-00-00_UTC")
        check("connection b: the built-in list", one(b, "SELECT etld_suffix('www.example.co.uk')"), "co.uk")
        check("connection a: its own list's answers", one(a, "SELECT etld_suffix('www.example.co.uk')"), "uk")

        # Rewritten (a new length and modification time): loaded again.
        time.sleep(0.01)
        with open(path, "w") as f:
            f.write("// VERSION: 2026-02-02_00-00-00_UTC\nexample\nco.uk\n")
        check("a rewritten file is loaded again", one(a, "SELECT etld_list_version()"), "2026-02-02_00-00-00_UTC")
        check("its new rules answer", one(a, "SELECT etld_suffix('www.example.co.uk')"), "co.uk")

        # Replaced by a file of the same length with the old modification
        # time kept (`cp -p`, `rsync -a`): loaded again too.
        before = os.stat(path)
        other = os.path.join(tmp, "other.dat")
        with open(other, "w") as f:
            f.write("// VERSION: 2026-02-09_00-00-00_UTC\nexample\nco.ux\n")
        os.utime(other, ns=(before.st_atime_ns, before.st_mtime_ns))
        os.replace(other, path)
        check("same length and mtime: same stamp", (os.stat(path).st_size, os.stat(path).st_mtime_ns), (before.st_size, before.st_mtime_ns))
        check("a file copied with its mtime is loaded again", one(a, "SELECT etld_list_version()"), "2026-02-09_00-00-00_UTC")
        with open(path, "w") as f:
            f.write("// VERSION: 2026-02-02_00-00-00_UTC\nexample\nco.uk\n")

        # `~` is the home directory, as for DuckDB's own file functions;
        # each path of etld_extra may have spaces around it; a URL is
        # refused with the reason.
        a.execute("SET etld_list = '~/etld-no-such-list.dat'")
        refused("a missing ~ path, ~ the home directory", a, os.path.join(os.path.expanduser("~"), "etld-no-such-list.dat"))
        a.execute("SET etld_list = 'https://publicsuffix.org/list/public_suffix_list.dat'")
        refused("a URL", a, "is a URL; the extension reads local files only")
        a.execute(f"SET etld_list = '{path}'")
        a.execute(f"SET etld_extra = '{path}:https://example.com/x.dat'")
        refused(
            "a URL in etld_extra, not split on its ':'",
            a,
            "etld_extra: https://example.com/x.dat is a URL; the extension reads local files only",
        )
        a.execute("RESET etld_extra")
        extra = os.path.join(tmp, "extra.dat")
        with open(extra, "w") as f:
            f.write("corp.example\n")
        a.execute(f"SET etld_extra = '{extra} :  {extra}'")
        check("etld_extra: paths trimmed", one(a, "SELECT etld_suffix('a.corp.example')"), "corp.example")
        a.execute("RESET etld_extra")

        # A file that turns bad: a clear error, and the other connection
        # goes on with its list.
        with open(path, "w") as f:
            f.write("*bad.example\n")
        refused("a bad file", a, path, "line 1")
        check("the other connection is untouched", one(b, "SELECT etld_suffix('me.github.io')"), "github.io")
        # The file is read again by the next query: still an error while it
        # stays as it is, loaded once it is mended.
        refused("a bad file, still", a, path)
        with open(path, "w") as f:
            f.write("// VERSION: 2026-02-03_00-00-00_UTC\nexample\nco.uk\n")
        check("a bad file mended is loaded", one(a, "SELECT etld_list_version()"), "2026-02-03_00-00-00_UTC")
        a.execute("RESET etld_list")
        check("RESET: the built-in list again", one(a, "SELECT etld_suffix('me.github.io')"), "github.io")

        # A prepared statement follows a later SET for its parameters: the
        # list is chosen when each execution starts. A call with a
        # constant host was folded when the statement was prepared (the
        # functions are not volatile), as duckdb/README.md says.
        a.execute("PREPARE suffix_of AS SELECT etld_suffix($1), etld_suffix('me.github.io')")
        check("prepared: both sections", a.execute("EXECUTE suffix_of('me.github.io')").fetchone(), ("github.io", "github.io"))
        a.execute("SET etld_icann_only = true")
        check("prepared: after SET", a.execute("EXECUTE suffix_of('me.github.io')").fetchone(), ("io", "github.io"))
        a.execute("RESET etld_icann_only")
        a.execute("PREPARE version_of AS SELECT etld_list_version()")
        builtin_version = one(a, "EXECUTE version_of")
        a.execute(f"SET etld_list = '{path}'")
        with open(path, "w") as f:
            f.write("// VERSION: 2026-03-03_00-00-00_UTC\nexample\n")
        check("prepared, no argument: after SET", one(a, "EXECUTE version_of"), "2026-03-03_00-00-00_UTC")
        a.execute("RESET etld_list")
        check("prepared, no argument: after RESET", one(a, "EXECUTE version_of"), builtin_version)

        # A path that is not a regular file is an error at once: a FIFO
        # would hold the query, and others waiting for the cache, until
        # something wrote to it.
        if hasattr(os, "mkfifo"):
            fifo = os.path.join(tmp, "fifo")
            os.mkfifo(fifo)
            a.execute(f"SET etld_list = '{fifo}'")
            refused("a FIFO", a, "a FIFO, not a list file")
            a.execute("RESET etld_list")
        # A device, as the command line says it.
        if os.path.exists("/dev/zero"):
            a.execute("SET etld_extra = '/dev/zero'")
            refused("a device", a, "/dev/zero: a character device, not a list file")
            a.execute("RESET etld_extra")

        # A string that is not UTF-8 (DuckDB does not check those handed
        # to it as Arrow data) is an invalid host that says so.
        import pyarrow as pa

        data = b"\xff.com" + b"a.com"
        offsets = pa.array([0, 5, len(data)], type=pa.int32())
        hosts = pa.Array.from_buffers(pa.string(), 2, [None, offsets.buffers()[1], pa.py_buffer(data)])
        a.register("raw", pa.table({"h": hosts}))
        got = a.execute("SELECT etld_registrable(h), etld_error(h), etld_lookup(h).error, etld_lookup(h) IS NULL FROM raw").fetchall()
        check("not UTF-8: an invalid host", got, [(None, "invalid UTF-8 at byte 0", "invalid UTF-8 at byte 0", False), ("a.com", None, None, False)])

        # SET GLOBAL reaches every connection, a connection's SET wins.
        db.execute("SET GLOBAL etld_icann_only = true")
        c = db.cursor()
        check("SET GLOBAL: a new connection", one(c, "SELECT etld_suffix('me.github.io')"), "io")
        c.execute("SET etld_icann_only = false")
        check("SET over SET GLOBAL", one(c, "SELECT etld_suffix('me.github.io')"), "github.io")
        db.close()

    # Out of memory while the functions write their answers: the query
    # fails with DuckDB's error, as with a function of its own, and the
    # process goes on (DuckDB's exception once aborted it in a Rust frame).
    # In a process of its own, so that an abort is a failed check.
    script = f"""
import duckdb
con = duckdb.connect(config={{"allow_unsigned_extensions": "true"}})
con.execute("LOAD '{extension}'")
con.execute("SET memory_limit = '30MB'; SET threads = 1")
try:
    con.execute("SELECT count(DISTINCT etld_host('http://' || repeat('a', 200000) || i::varchar || '.com/')) FROM range(2000) t(i)").fetchall()
    print("no error")
except duckdb.OutOfMemoryException:
    print("out of memory")
con.execute("RESET memory_limit")
print(con.execute("SELECT etld_registrable('www.example.co.uk')").fetchone()[0])
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    check(
        "out of memory fails the query, not the process",
        (run.returncode, run.stdout.split()),
        (0, ["out", "of", "memory", "example.co.uk"]),
    )

    # description.yml's hello_world, the example the community page shows:
    # each query gives what the comment after it says (a row's values
    # joined by commas, rows by semicolons).
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "description.yml"), encoding="utf-8") as f:
        block = f.read().split("  hello_world: |\n")[1].split("\n  extended_description")[0]
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    con.execute(f"LOAD '{extension}'")
    sql, queries = [], []
    for line in (line.strip() for line in block.splitlines()):
        if line.startswith("-- ") and queries and queries[-1][1] is None:
            queries[-1] = (queries[-1][0], line[3:])
        elif line:
            sql.append(line)
            if line.endswith(";"):
                queries.append((" ".join(sql), None))
                sql = []
    check("description.yml hello_world: two queries, each with its answer", [a is not None for _, a in queries], [True, True])
    for query, said in queries:
        rows = con.execute(query).fetchall()
        got = "; ".join(", ".join(str(v) for v in row) for row in rows)
        check(f"description.yml hello_world: {query[:50]}", got, said)

    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
