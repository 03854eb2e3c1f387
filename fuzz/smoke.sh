#!/bin/sh
# Builds every fuzz target with debug assertions (so overflow checks) and
# runs each on its checked-in corpus for SECONDS seconds (default 20), two
# at a time. New inputs go to a scratch directory, not to corpus/. Exits
# non-zero if any target crashes, panics, leaks or times out; the failing
# input is in fuzz/artifacts/TARGET/.
#
#   fuzz/smoke.sh [SECONDS]
#
# The targets need etld's fuzzing hooks (its work counters, `etld::cost`),
# which `--cfg etld_fuzzing` turns on: to run a target by hand, set
# RUSTFLAGS="--cfg etld_fuzzing" as this script does.
set -eu
cd "$(dirname "$0")"
seconds=${1:-20}
export RUSTC_BOOTSTRAP=1
export RUSTFLAGS="${RUSTFLAGS:-} --cfg etld_fuzzing"
cargo fuzz build -a
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# Short inputs are all the token-spelled targets read.
max_len() {
    case $1 in
    lookup_fast | cookie_model | unicode_answers | direct_walk) echo 64 ;;
    batch_answers) echo 256 ;;
    *) echo 4096 ;;
    esac
}

# cli_batch starts scoped threads. A scope ends once each thread has
# signalled that it is done, which can be before the thread has freed its
# handle and thread-local state; LeakSanitizer then reports those as leaked,
# both during the run and in its check at exit. Leak detection is off for it
# alone, in libFuzzer and in the sanitizer.
leaks() {
    case $1 in
    cli_batch) echo 0 ;;
    *) echo 1 ;;
    esac
}

run() {
    target=$1
    mkdir -p "$scratch/$target" "corpus/$target"
    if ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=$(leaks "$target")" \
        cargo fuzz run -a "$target" "$scratch/$target" "corpus/$target" -- \
        -max_total_time="$seconds" -max_len="$(max_len "$target")" \
        -timeout=10 -rss_limit_mb=2048 -detect_leaks="$(leaks "$target")" \
        >"$scratch/$target.log" 2>&1; then
        echo "ok      $target: $(grep -E '^#[0-9]+' "$scratch/$target.log" | tail -n 1)"
    else
        echo "FAILED  $target (log below)"
        grep -m 5 -E 'ERROR|panicked|SUMMARY' "$scratch/$target.log" || true
        tail -n 40 "$scratch/$target.log"
        return 1
    fi
}

status=0
set -- $(cargo fuzz list)
while [ $# -gt 0 ]; do
    first=$1
    shift
    if [ $# -gt 0 ]; then
        second=$1
        shift
        run "$first" >"$scratch/$first.out" 2>&1 &
        a=$!
        run "$second" >"$scratch/$second.out" 2>&1 || status=1
        wait $a || status=1
        cat "$scratch/$first.out" "$scratch/$second.out"
    else
        run "$first" || status=1
    fi
done
exit $status
