#!/usr/bin/env python3
"""What `GROUP BY etld_registrable(host)` costs in DuckDB with the extension,
against `GROUP BY host` on the same table and against the Python-UDF route
(`etld.duckdb.register`, Arrow UDFs from the Python package).

    bash duckdb/build.sh
    cargo build --release -p etld-bench-tools --bin gen-hosts
    python duckdb/bench.py [--rows 2000000] [--threads 1,2] [--repeat 7]

The hosts are those of `gen-hosts` (the realistic mix of
benches/hosts/mod.rs: .com/.net/.org, two-level ccTLDs, PRIVATE suffixes,
wildcards, IDN in Unicode and Punycode, unknown TLDs, about 5% in mixed
case), in a DuckDB table. Each query is timed as `SELECT count(*) FROM
(... GROUP BY ...)`, so that no result crosses into Python; the figures are
the shortest wall time and the least CPU time (of the whole process, every
thread) of `--repeat` runs, the queries taking turns so that a neighbour's
load falls on each alike. On a shared machine the CPU time of one thread
is the steadier figure; with two threads the wall time is what a user
waits. The Python-UDF route runs when `import etld.duckdb` works (`pip
install ./python`, and pyarrow), else it is skipped with a note; the last
line compares what each route adds to `GROUP BY host`'s CPU time. With
`--builtins`, two of DuckDB's own string functions take their turns too,
for scale: `lower(host)` and a regular expression for the last two labels.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time

import duckdb

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cpu() -> float:
    """CPU seconds this process has used, on all its threads."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def best(con: duckdb.DuckDBPyConnection, sqls: list[tuple[str, int]]) -> list[tuple[float, float]]:
    """The shortest wall time and the least CPU time of each query, run
    the given number of times, the queries taking turns, so that a
    neighbour's load falls on each alike."""
    walls: list[list[float]] = [[] for _ in sqls]
    cpus: list[list[float]] = [[] for _ in sqls]
    for r in range(max(n for _, n in sqls)):
        for i, (sql, n) in enumerate(sqls):
            if r >= n:
                continue
            c, t = cpu(), time.perf_counter()
            con.execute(sql).fetchall()
            walls[i].append(time.perf_counter() - t)
            cpus[i].append(cpu() - c)
    return [(min(w), min(c)) for w, c in zip(walls, cpus)]


def line(rows: int, what: str, t: tuple[float, float], base=None, base_name="") -> None:
    per_m = 1e6 / rows
    text = f"  {what:36} {t[0]:6.3f} s wall {t[1]:6.3f} s CPU  ({t[0] * per_m:.3f} / {t[1] * per_m:.3f} s per M rows)"
    if base is not None:
        text += f"  {t[0] / base[0]:.2f}x / {t[1] / base[1]:.2f}x {base_name}"
    print(text)


# DuckDB's own string functions over the same table, for scale: what a
# built-in of the least work (`lower`) and a regular expression that takes
# the last two labels (the registrable domain wrongly, for `co.uk` and its
# like) add to `GROUP BY host`.
BUILTINS = [
    ("GROUP BY lower(host)", "SELECT count(*) FROM (SELECT lower(host) AS k, count(*) FROM hosts GROUP BY k)"),
    (
        "GROUP BY regexp_extract (2 labels)",
        r"SELECT count(*) FROM (SELECT regexp_extract(host, '[^.]+\.[^.]+$') AS k, count(*) FROM hosts GROUP BY k)",
    ),
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=2_000_000)
    ap.add_argument("--threads", default="1,2", help="thread counts to measure, comma-separated")
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--extension", default=os.path.join(ROOT, "target", "release", "etld.duckdb_extension"))
    ap.add_argument("--hosts", help="a file of hosts, one a line (default: gen-hosts ROWS)")
    ap.add_argument("--no-python-udf", action="store_true", help="skip the Python-UDF route")
    ap.add_argument(
        "--builtins",
        action="store_true",
        help="also time GROUP BY over two of DuckDB's own string functions, for scale",
    )
    args = ap.parse_args()

    if args.hosts:
        with open(args.hosts, encoding="utf-8") as f:
            hosts = f.read().splitlines()[: args.rows]
    else:
        gen = os.path.join(ROOT, "target", "release", "gen-hosts")
        if not os.path.exists(gen):
            sys.exit(f"{gen} missing: cargo build --release -p etld-bench-tools --bin gen-hosts")
        hosts = subprocess.run([gen, str(args.rows)], capture_output=True, check=True).stdout.decode().splitlines()

    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    con.execute(f"LOAD '{args.extension}'")
    con.execute("CREATE TABLE hosts AS SELECT unnest($l)::VARCHAR AS host", {"l": hosts})
    del hosts
    rows, distinct_hosts, sites = con.execute(
        "SELECT count(*), count(DISTINCT host), count(DISTINCT etld_registrable(host)) FROM hosts"
    ).fetchall()[0]
    print(f"duckdb {duckdb.__version__}, {rows} hosts ({distinct_hosts} distinct, {sites} distinct sites), best of {args.repeat}")

    python_udf = None
    if not args.no_python_udf:
        try:
            import etld.duckdb as etld_duckdb

            etld_duckdb.register(con, prefix="py_etld_")
            python_udf = etld_duckdb
        except Exception as e:  # the package, or pyarrow, not installed
            print(f"Python-UDF route skipped: {type(e).__name__}: {e}")

    by_host = "SELECT count(*) FROM (SELECT host, count(*) FROM hosts GROUP BY host)"
    by_site = "SELECT count(*) FROM (SELECT etld_registrable(host) AS site, count(*) FROM hosts GROUP BY site)"
    by_site_py = "SELECT count(*) FROM (SELECT py_etld_registrable(host) AS site, count(*) FROM hosts GROUP BY site)"
    for threads in [int(t) for t in args.threads.split(",")]:
        con.execute(f"SET threads = {threads}")
        best(con, [(by_site, 1)])  # the list's tree unfolded, the table warm
        queries = [(by_host, args.repeat), (by_site, args.repeat)]
        if python_udf is not None:
            queries.append((by_site_py, max(1, args.repeat // 2)))
        if args.builtins:
            queries += [(sql, args.repeat) for _, sql in BUILTINS]
        times = best(con, queries)
        t_host, t_site = times[0], times[1]
        print(f"threads={threads}  (wall s, CPU s of all threads; per M rows; ratio by wall, by CPU)")
        line(rows, "GROUP BY host", t_host)
        line(rows, "GROUP BY etld_registrable(host)", t_site, t_host, "GROUP BY host")
        if args.builtins:
            for (what, _), t in zip(BUILTINS, times[-len(BUILTINS) :]):
                line(rows, what, t, t_host, "GROUP BY host")
        if python_udf is not None:
            t_py = times[2]
            line(rows, "GROUP BY py_etld_registrable(host)", t_py, t_site, "the extension")
            added = (t_py[1] - t_host[1]) / max(t_site[1] - t_host[1], 1e-9)
            print(f"  {'':36} added to GROUP BY host by CPU: {added:.2f}x the extension's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
