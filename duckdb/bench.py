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
(... GROUP BY ...)`, so that no result crosses into Python; the figure is
the best of `--repeat` runs. The Python-UDF route runs when `import
etld.duckdb` works (`pip install ./python`, and pyarrow), else it is
skipped with a note.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

import duckdb

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def best(con: duckdb.DuckDBPyConnection, sql: str, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        con.execute(sql).fetchall()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=2_000_000)
    ap.add_argument("--threads", default="1,2", help="thread counts to measure, comma-separated")
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--extension", default=os.path.join(ROOT, "target", "release", "etld.duckdb_extension"))
    ap.add_argument("--hosts", help="a file of hosts, one a line (default: gen-hosts ROWS)")
    ap.add_argument("--no-python-udf", action="store_true", help="skip the Python-UDF route")
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
    ).fetchone()
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
        best(con, by_site, 1)  # the list's tree unfolded, the table warm
        t_host = best(con, by_host, args.repeat)
        t_site = best(con, by_site, args.repeat)
        per_m = 1e6 / rows
        print(f"threads={threads}")
        print(f"  GROUP BY host                        {t_host:7.3f} s  ({t_host * per_m:.3f} s per M rows)")
        print(
            f"  GROUP BY etld_registrable(host)      {t_site:7.3f} s  ({t_site * per_m:.3f} s per M rows)"
            f"  {t_site / t_host:.2f}x GROUP BY host"
        )
        if python_udf is not None:
            t_py = best(con, by_site_py, max(1, args.repeat // 2))
            print(
                f"  GROUP BY py_etld_registrable(host)   {t_py:7.3f} s  ({t_py * per_m:.3f} s per M rows)"
                f"  {t_py / t_site:.2f}x the extension"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
