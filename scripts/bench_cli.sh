#!/usr/bin/env bash
# Measures the throughput of `etld lookup`, on one thread and on every core,
# beside libpsl's `psl` on the same generated hosts, and compares their
# registrable domains.
#
#   scripts/bench_cli.sh [COUNT [RUNS]]     # default 1000000 hosts, 10 runs
#
# Needs hyperfine and psl (Debian: apt-get install -y hyperfine psl) and
# Python 3. Prints hyperfine's table, then for each command the median time
# and hosts per second (the median is the figure to read on a shared
# machine: a run that another process slows down moves the mean, not the
# median), the speedup of all cores over `--threads 1`, the ratio to libpsl,
# and the agreement table of scripts/compare_libpsl.py.
#
# Only the all-cores run is left free to use every core; nothing is pinned.
set -euo pipefail
cd "$(dirname "$0")/.."

count=${1:-1000000}
runs=${2:-10}
target=${CARGO_TARGET_DIR:-target}
hosts=${HOSTS_FILE:-$target/hosts-$count.txt}
list=vectors/public_suffix_list.dat

cargo build --release -p etld-cli
cargo build --release -p etld-bench-tools --bin gen-hosts
"$target/release/gen-hosts" "$count" > "$hosts"
etld=$target/release/etld
echo "hosts: $hosts ($(wc -l < "$hosts") lines, $(wc -c < "$hosts") bytes), $(nproc) cores"

hyperfine --warmup 2 --runs "$runs" \
  --export-json "$target/bench_cli.json" \
  -n "etld lookup --threads 1" "$etld lookup --threads 1 < $hosts > /dev/null" \
  -n "etld lookup" "$etld lookup < $hosts > /dev/null" \
  -n "etld lookup --json --threads 1" "$etld lookup --json --threads 1 < $hosts > /dev/null" \
  -n "etld lookup --json" "$etld lookup --json < $hosts > /dev/null" \
  -n "psl (libpsl $(psl --version | sed -n 's/^libpsl \([^ ]*\).*/\1/p'))" \
     "psl -b --print-reg-domain --load-psl-file $list < $hosts > /dev/null"

python3 - "$target/bench_cli.json" "$count" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
n = int(sys.argv[2])
median = {r["command"]: r["median"] for r in results}
print()
print("| command | median (s) | mean ± σ (s) | hosts/s (median) |")
print("|---|---:|---:|---:|")
for r in results:
    print(f"| {r['command']} | {r['median']:.3f} | {r['mean']:.3f} ± {r['stddev']:.3f} | {n / r['median']:,.0f} |")
psl = next(v for k, v in median.items() if k.startswith("psl"))
one, all_ = median["etld lookup --threads 1"], median["etld lookup"]
print(f"\nall cores / --threads 1: {one / all_:.2f}x (plain), "
      f"{median['etld lookup --json --threads 1'] / median['etld lookup --json']:.2f}x (--json)")
print(f"etld lookup / psl: {psl / all_:.1f}x (all cores), {psl / one:.1f}x (--threads 1)")
PY

# The speedup again, the two commands run in turn (one run of each per
# round), so that the load of a shared machine falls on both alike.
python3 - "$etld" "$hosts" "$count" "$runs" <<'PY'
import statistics, subprocess, sys, time
etld, hosts, n, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
times = {"1": [], "all": []}
for _ in range(rounds):
    for threads in times:
        args = [etld, "lookup"] + (["--threads", "1"] if threads == "1" else [])
        with open(hosts, "rb") as stdin:
            start = time.perf_counter()
            subprocess.run(args, stdin=stdin, stdout=subprocess.DEVNULL, check=True)
            times[threads].append(time.perf_counter() - start)
one, all_ = statistics.median(times["1"]), statistics.median(times["all"])
print(f"\nin turn, {rounds} rounds: --threads 1 {one:.3f} s ({n / one:,.0f} hosts/s), "
      f"all cores {all_:.3f} s ({n / all_:,.0f} hosts/s): {one / all_:.2f}x (medians)")
PY

echo
scripts/compare_libpsl.py "$hosts" --etld "$etld" --list "$list"
