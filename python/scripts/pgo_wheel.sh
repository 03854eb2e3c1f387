#!/usr/bin/env bash
# Builds the etld-psl wheel (the `etld` package) with profile-guided optimisation (PGO): a wheel
# built with `-Cprofile-generate` is run over a training workload
# (pgo_train.py, on 200,000 hosts of `gen-hosts` with seed 7: not the hosts
# speed is measured on), and the wheel is built again with the profile it
# wrote (`-Cprofile-use`), so that the compiler lays out and inlines the
# code for the paths users take most. This is the build to publish; `pip
# install ./python` makes the same package without a profile, a few
# percent slower (python/README.md gives both).
#
#   bash python/scripts/pgo_wheel.sh [OUT_DIR]     # default: python/dist
#
# Needs what `pip install ./python` needs (Rust, a Python 3.9+ with pip;
# `PYTHON` picks it, default python3), rustup's `llvm-tools` component
# (added when missing) for `llvm-profdata`, and pyarrow and polars from PyPI
# for the training venv. Takes about two minutes on two cores from cold (two
# release builds of the crate). Prints the wheel's path last.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/python/dist}
python=${PYTHON:-python3}

host=$(rustc -vV | sed -n 's/^host: //p')
profdata="$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
  command -v rustup >/dev/null 2>&1 || { echo "pgo_wheel.sh: no llvm-profdata at $profdata and no rustup to add llvm-tools" >&2; exit 1; }
  rustup component add llvm-tools
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The training hosts.
cargo build --quiet --release --manifest-path "$root/Cargo.toml" -p etld-bench-tools --bin gen-hosts
"$root/target/release/gen-hosts" 200000 7 >"$work/hosts.txt"

"$python" -m venv "$work/venv"
pip="$work/venv/bin/python -m pip"
# pyarrow and polars at the versions the tests pin.
for package in pyarrow polars; do
  $pip install -q "$(grep -E "^$package==" "$root/python/tests/requirements.txt" || echo "$package")"
done

# Built for the host's target named explicitly, so that RUSTFLAGS reach the
# wheel's code only, not build scripts and procedural macros; in a target
# directory of its own, so that neither build replaces a user's. With the
# profile, one codegen unit and fat LTO let the compiler inline and lay out
# the hot paths across crates (etld's lookup into the module's entry).
export CARGO_BUILD_TARGET="$host"
export CARGO_TARGET_DIR="$work/target"
export CARGO_PROFILE_RELEASE_LTO=fat
export CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1

echo "pgo_wheel.sh: the instrumented wheel" >&2
RUSTFLAGS="-Cprofile-generate=$work/profiles" $pip wheel -q --no-deps -w "$work/instrumented" "$root/python"
$pip install -q "$work"/instrumented/etld_psl-*.whl
# From the work directory: python/ holds an etld/ without the native module.
(cd "$work" && "$work/venv/bin/python" "$root/python/scripts/pgo_train.py" "$work/hosts.txt")
"$profdata" merge -o "$work/etld.profdata" "$work/profiles"

echo "pgo_wheel.sh: the wheel built with the profile" >&2
mkdir -p "$out"
RUSTFLAGS="-Cprofile-use=$work/etld.profdata" $pip wheel -q --no-deps -w "$work/optimised" "$root/python"
wheel=$(ls "$work"/optimised/etld_psl-*.whl)
cp "$wheel" "$out/"
echo "$out/$(basename "$wheel")"
