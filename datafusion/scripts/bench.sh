#!/usr/bin/env bash
# etld-sql throughput: rows per second over N realistic hosts (default 10 M)
# in 8 Parquet files, in process and on a scheduler with two executors on
# 127.0.0.1, release build. Each query runs RUNS times (default 3); the best
# wall time is reported.
#
#   datafusion/scripts/bench.sh [N]
#   PROFILE=dev datafusion/scripts/bench.sh 100000   # a quick check of the script
#
# Queries:
#   scan   SELECT sum(length(host))                      (reading alone)
#   count  SELECT count(etld_registrable(host))          (one lookup a row)
#   group  SELECT etld_registrable(host) AS site, count(*) ... GROUP BY site
#          ORDER BY 2 DESC LIMIT 20
set -euo pipefail

cd "$(dirname "$0")/../.."
N=${1:-10000000}
RUNS=${RUNS:-3}
TARGET=${CARGO_TARGET_DIR:-target}
PROFILE=${PROFILE:-release}
OUT=$TARGET/$([ "$PROFILE" = dev ] && echo debug || echo "$PROFILE")

cargo build --profile "$PROFILE" -p etld-datafusion --bin etld-sql --example gen_parquet
BIN=$OUT/etld-sql

DIR=$(mktemp -d)
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$DIR"
}
trap cleanup EXIT

"$OUT/examples/gen_parquet" "$N" "$DIR/hosts" 8
echo "$N hosts in $(du -sh "$DIR/hosts" | cut -f1) of Parquet; $(nproc) cores; $PROFILE build"

FILES="$DIR/hosts/*.parquet"
declare -A SQL=(
  [scan]="SELECT sum(length(host)) FROM '$FILES'"
  [count]="SELECT count(etld_registrable(host)) FROM '$FILES'"
  [group]="SELECT etld_registrable(host) AS site, count(*) FROM '$FILES' GROUP BY site ORDER BY 2 DESC LIMIT 20"
)

# best_of NAME ARGS...: the best wall time of RUNS runs of etld-sql ARGS.
best_of() {
  local name=$1 best=
  shift
  for _ in $(seq "$RUNS"); do
    local t0 t1 secs
    t0=$(date +%s.%N)
    "$BIN" "$@" >/dev/null
    t1=$(date +%s.%N)
    secs=$(echo "$t1 - $t0" | bc -l)
    if [ -z "$best" ] || (( $(echo "$secs < $best" | bc -l) )); then best=$secs; fi
  done
  printf '%-22s %8.3f s  %6.2f M rows/s\n' "$name" "$best" "$(echo "$N / $best / 1000000" | bc -l)"
}

for q in scan count group; do
  best_of "in process: $q" --format csv "${SQL[$q]}"
done

port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() {
  for _ in $(seq 300); do
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
    sleep 0.1
  done
  echo "nothing listens on $1" >&2
  return 1
}

SCHED=127.0.0.1:$(port)
"$BIN" scheduler --bind "$SCHED" >"$DIR/scheduler.log" 2>&1 &
PIDS+=($!)
wait_port "${SCHED##*:}"
for n in 1 2; do
  p=$(port)
  g=$(port)
  mkdir -p "$DIR/work-$n"
  "$BIN" executor --scheduler "$SCHED" --bind "127.0.0.1:$p" --grpc-port "$g" \
    --work-dir "$DIR/work-$n" >"$DIR/executor-$n.log" 2>&1 &
  PIDS+=($!)
  wait_port "$p"
done
sleep 1

for q in scan count group; do
  best_of "cluster: $q" --cluster "$SCHED" --format csv "${SQL[$q]}"
done
