#!/usr/bin/env bash
# Builds the DuckDB extension and leaves it, with the metadata footer DuckDB
# checks on LOAD, at target/release/etld.duckdb_extension.
#
#   bash duckdb/build.sh
#
# DUCKDB_PLATFORM overrides the platform written in the footer (what
# `PRAGMA platform` reports in the DuckDB that loads it: linux_amd64,
# linux_arm64, osx_arm64, ...). CARGO_TARGET_DIR is honoured.
set -euo pipefail

cd "$(dirname "$0")/.."

cargo build --release -p etld-duckdb

target_dir=${CARGO_TARGET_DIR:-target}
case "$(uname -s)" in
  Darwin) lib="$target_dir/release/libetld_duckdb.dylib"; os=osx ;;
  *) lib="$target_dir/release/libetld_duckdb.so"; os=linux ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) arch=amd64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) arch=$(uname -m) ;;
esac
platform=${DUCKDB_PLATFORM:-${os}_${arch}}

# The extension's own version (free text in the footer) and the C API
# version it is built for: DuckDB refuses a file whose C API is newer than
# its own. The C API version must match C_API_VERSION in src/lib.rs.
ext_version=$(sed -n 's/^version = "\(.*\)"/\1/p' duckdb/Cargo.toml | head -1)
capi_version=v1.5.6

out="$target_dir/release/etld.duckdb_extension"
tmp="$out.tmp"
cp "$lib" "$tmp"

# One 32-byte field: the text, NUL-padded.
field() {
  local text=$1
  if [ ${#text} -gt 32 ]; then
    echo "build.sh: footer field '$text' is over 32 bytes" >&2
    exit 1
  fi
  printf '%s' "$text"
  head -c $((32 - ${#text})) /dev/zero
}

{
  # The WebAssembly custom-section header DuckDB's own packaging writes
  # (section 0, 531 bytes, named "duckdb_signature", 512 bytes of
  # payload): native loads skip it, and it keeps the file byte-compatible
  # with DuckDB's packaging script.
  printf '\x00\x93\x04\x10duckdb_signature\x80\x04'
  # The metadata: eight fields that DuckDB reads in reverse order.
  field ""
  field ""
  field ""
  field "C_STRUCT"
  field "$ext_version"
  field "$capi_version"
  field "$platform"
  field "4"
  # The signature: none (an unsigned build).
  head -c 256 /dev/zero
} >>"$tmp"
mv "$tmp" "$out"
echo "$out ($platform, C API $capi_version, etld-duckdb $ext_version)"
