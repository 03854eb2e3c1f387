#!/usr/bin/env bash
# The crates as crates.io would get them: `cargo package` of etld-punycode,
# etld and etld-cli, each unpacked and its tests built from the package alone
# (the unpacked crates stand in for the registry's). Usage, from anywhere:
# `bash scripts/check_packages.sh`; `--run` runs the tests too (they run from
# the repository in CI anyway).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
mode=--no-run
[ "${1:-}" = --run ] && mode=
cargo package -q -p etld-punycode -p etld -p etld-source -p etld-cli --allow-dirty --no-verify
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for crate in etld-punycode etld etld-source etld-cli; do
  tar xzf "target/package/$crate-0.1.0.crate" -C "$work"
done
patch=(--config "patch.crates-io.etld-punycode.path=\"$work/etld-punycode-0.1.0\""
       --config "patch.crates-io.etld.path=\"$work/etld-0.1.0\""
       --config "patch.crates-io.etld-source.path=\"$work/etld-source-0.1.0\"")
for crate in etld-punycode etld etld-source etld-cli; do
  echo "== $crate, from its package"
  (cd "$work/$crate-0.1.0" &&
    CARGO_TARGET_DIR="$root/target/packages" cargo test -q --offline "${patch[@]}" $mode)
done
