#!/usr/bin/env bash
# Builds the DuckDB extension and runs its tests with the real DuckDB:
#   1. bash duckdb/build.sh (target/release/etld.duckdb_extension), once
#      the C API versions it, src/lib.rs and the Makefile name agree
#   2. a fresh virtual environment with duckdb and duckdb-cli from PyPI
#      (duckdb/test/requirements.txt)
#   3. the SQLLogicTest files, duckdb/test/sql/*.test (duckdb/test/run_slt.py)
#   4. the corpus check against `etld lookup --json` (duckdb/test/check_corpus.py)
#   5. the load checks: the DuckDB CLI, connections, reloading (duckdb/test/check_load.py)
#   6. fmt and clippy on the crate
# About 2 minutes from cold on 2 shared cores (the release build 1 minute,
# pip 15 s, the tests 20 s); the `etld` binary the corpus is checked
# against is the debug one `cargo test --workspace` has built already.
set -euo pipefail

cd "$(dirname "$0")/.."

start=$(date +%s)
step() {
  echo
  echo "==> duckdb [$(( $(date +%s) - start ))s] $*"
}

step "build"
# The C API version is written in three places (src/lib.rs asks DuckDB for
# it, build.sh and the Makefile of DuckDB's community build write it in the
# footer): they must agree.
versions=$(
  sed -n 's/^const C_API_VERSION: &str = "\(.*\)";/\1/p' duckdb/src/lib.rs
  sed -n 's/^capi_version=\(.*\)/\1/p' duckdb/build.sh
  sed -n 's/^TARGET_DUCKDB_VERSION=\(.*\)/\1/p' Makefile
)
if [ "$(echo "$versions" | sort -u | wc -l)" -ne 1 ] || [ "$(echo "$versions" | wc -l)" -ne 3 ]; then
  echo "duckdb/test.sh: the C API versions of duckdb/src/lib.rs, duckdb/build.sh and Makefile differ:" $versions >&2
  exit 1
fi
bash duckdb/build.sh
extension=${CARGO_TARGET_DIR:-target}/release/etld.duckdb_extension
cargo build -q -p etld-cli --bin etld
etld=${CARGO_TARGET_DIR:-target}/debug/etld

step "venv with duckdb and duckdb-cli"
python=$(command -v python3 || command -v python) || { echo "duckdb/test.sh: python3 not found" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$python" -m venv "$tmp/venv"
"$tmp/venv/bin/python" -m pip install -q -r duckdb/test/requirements.txt
"$tmp/venv/bin/python" -c "import duckdb; print('duckdb', duckdb.__version__)"
"$tmp/venv/bin/duckdb" --version

failures=0
step "SQLLogicTest files"
"$tmp/venv/bin/python" duckdb/test/run_slt.py "$extension" duckdb/test/sql/*.test || failures=$((failures + 1))

step "corpus check against etld lookup --json"
"$tmp/venv/bin/python" duckdb/test/check_corpus.py "$extension" "$etld" || failures=$((failures + 1))

step "load checks"
"$tmp/venv/bin/python" duckdb/test/check_load.py "$extension" "$tmp/venv/bin/duckdb" || failures=$((failures + 1))

step "fmt and clippy"
cargo fmt -p etld-duckdb -- --check || failures=$((failures + 1))
cargo clippy -q -p etld-duckdb --all-targets -- -D warnings || failures=$((failures + 1))

step "done"
if [ "$failures" -ne 0 ]; then
  echo "duckdb/test.sh: $failures step(s) failed" >&2
  exit 1
fi
echo "duckdb/test.sh passed in $(( $(date +%s) - start ))s"
