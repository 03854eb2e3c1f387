#!/usr/bin/env bash
# The size rows of the README's "Lookup latency" section, measured afresh:
#
#   * the built-in list's file, vectors/public_suffix_list.fst;
#   * libpsl's DAFSA of the same list in its ASCII mode, when Debian's
#     psl-make-dafsa is installed (apt-get install -y psl-make-dafsa);
#   * what etld and the psl crate add to a stripped release hello-world
#     (three throwaway projects in a temporary folder: one that reads a host
#     and prints its length, the same looking the host up with
#     etld::List::builtin(), and the same with psl::domain), and how long
#     each takes to build from scratch.
#
# Run from anywhere: `scripts/sizes.sh`. Needs cargo and crates.io (for psl).
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

size() { wc -c < "$1" | tr -d ' '; }

echo "vectors/public_suffix_list.fst: $(size "$repo/vectors/public_suffix_list.fst") bytes"
if command -v psl-make-dafsa > /dev/null 2>&1; then
  psl-make-dafsa --output-format=binary --encoding=ascii \
    "$repo/vectors/public_suffix_list.dat" "$work/psl.dafsa" > /dev/null
  echo "libpsl DAFSA (ASCII mode) of vectors/public_suffix_list.dat: $(size "$work/psl.dafsa") bytes"
else
  echo "libpsl DAFSA: psl-make-dafsa not installed (apt-get install -y psl-make-dafsa)"
fi

# project NAME DEPENDENCY-LINE MAIN-BODY: a release project with strip = true.
project() {
  local dir="$work/$1"
  mkdir -p "$dir/src"
  cat > "$dir/Cargo.toml" <<EOF
[package]
name = "$1"
version = "0.0.0"
edition = "2021"

[dependencies]
$2

[profile.release]
strip = true

[workspace]
EOF
  cat > "$dir/src/main.rs" <<EOF
fn main() {
    let mut host = String::new();
    std::io::stdin().read_line(&mut host).ok();
    let host = host.trim();
    $3
}
EOF
}

project hello "" 'println!("{}", host.len());'
project with_etld "etld = { path = \"$repo\" }" \
  'println!("{}", etld::List::builtin().lookup(host).ok().and_then(|d| d.registrable().map(str::len)).unwrap_or(0));'
project with_psl 'psl = "2.1"' \
  'println!("{}", psl::domain(host.as_bytes()).map(|d| d.as_bytes().len()).unwrap_or(0));'

hello=""
for name in hello with_etld with_psl; do
  start=$(date +%s%N)
  (cd "$work/$name" && CARGO_TARGET_DIR="$work/target-$name" cargo build --release --quiet)
  tenths=$((($(date +%s%N) - start) / 100000000))
  bytes=$(size "$work/target-$name/release/$name")
  [ -z "$hello" ] && hello=$bytes
  printf '%-10s %9d bytes (+%d over hello), built from scratch in %d.%d s\n' \
    "$name" "$bytes" "$((bytes - hello))" "$((tenths / 10))" "$((tenths % 10))"
done
