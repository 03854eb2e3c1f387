#!/usr/bin/env bash
# Measures the throughput of `etld lookup` beside libpsl's `psl` on the same
# 1-million-host file, and compares their registrable domains.
#
#   scripts/bench_cli.sh [COUNT]          # default 1000000
#
# Needs hyperfine and psl (Debian: apt-get install -y hyperfine psl) and
# Python 3. Prints hyperfine's table, hosts per second for both, the ratio,
# and the agreement table of scripts/compare_libpsl.py.
set -euo pipefail
cd "$(dirname "$0")/.."

count=${1:-1000000}
hosts=${HOSTS_FILE:-${CARGO_TARGET_DIR:-target}/hosts-$count.txt}
list=vectors/public_suffix_list.dat
target=${CARGO_TARGET_DIR:-target}

cargo build --release -p etld-cli
cargo build --release -p etld --example gen_hosts
"$target/release/examples/gen_hosts" "$count" > "$hosts"
etld=$target/release/etld
echo "hosts: $hosts ($(wc -l < "$hosts") lines, $(wc -c < "$hosts") bytes)"

hyperfine --warmup 2 --runs 10 \
  --export-json "$target/bench_cli.json" \
  -n "etld lookup" "$etld lookup < $hosts > /dev/null" \
  -n "etld lookup --json" "$etld lookup --json < $hosts > /dev/null" \
  -n "psl (libpsl $(psl --version | sed -n 's/^libpsl \([^ ]*\).*/\1/p'))" \
     "psl -b --print-reg-domain --load-psl-file $list < $hosts > /dev/null"

python3 - "$target/bench_cli.json" "$count" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
n = int(sys.argv[2])
rates = {r["command"]: n / r["mean"] for r in results}
print()
print("| command | mean (s) | hosts/s |")
print("|---|---:|---:|")
for r in results:
    print(f"| {r['command']} | {r['mean']:.3f} ± {r['stddev']:.3f} | {n / r['mean']:,.0f} |")
psl = next(v for k, v in rates.items() if k.startswith("psl"))
print(f"\netld lookup / psl: {rates['etld lookup'] / psl:.1f}x")
PY

echo
scripts/compare_libpsl.py "$hosts" --etld "$etld" --list "$list"
