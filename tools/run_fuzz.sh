#!/usr/bin/env bash
# Fuzzes the weights loader (and the normalizer) with libFuzzer for a bounded time.
# Usage: tools/run_fuzz.sh [SECONDS] [BUILD_DIR]
#   SECONDS    how long to fuzz (default 60)
#   BUILD_DIR  where to configure and build with clang (default: build-fuzz in the repo)
# Exits non-zero on any finding (crash, sanitizer report, leak, timeout, broken promise)
# or if the fuzzer cannot be built. Findings are saved in BUILD_DIR/fuzz-artifacts/.
set -euo pipefail

seconds="${1:-60}"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${2:-$repo/build-fuzz}"

if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [[ "$seconds" -lt 1 ]]; then
  echo "run_fuzz: SECONDS must be a positive whole number, got '$seconds'" >&2
  exit 2
fi
if ! command -v clang++ >/dev/null 2>&1 || ! command -v clang >/dev/null 2>&1; then
  echo "run_fuzz: clang is not installed; run tools/setup.sh test" >&2
  exit 1
fi

echo "run_fuzz: building the fuzzer in $build"
CC=clang CXX=clang++ cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DAM_BUILD_FUZZ=ON -DAM_BUILD_APP=OFF -DAM_BUILD_TESTS=OFF -DAM_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target fuzz_safetensors fuzz_make_seeds

fuzzer="$build/fuzz/fuzz_safetensors"
work="$build/fuzz-corpus"         # grows as the fuzzer finds new paths; kept between runs
generated="$build/fuzz-seeds"     # the whole-model seeds, too big for git
artifacts="$build/fuzz-artifacts"
mkdir -p "$work" "$artifacts"
rm -f "$artifacts"/crash-* "$artifacts"/leak-* "$artifacts"/timeout-* "$artifacts"/oom-* "$artifacts"/slow-unit-*
"$build/fuzz/fuzz_make_seeds" "$generated"

echo "run_fuzz: fuzzing for $seconds s"
status=0
# The first corpus folder receives new inputs; the committed seeds stay untouched.
ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:${ASAN_OPTIONS:-}" \
UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}" \
  "$fuzzer" "$work" "$repo/fuzz/corpus" "$generated" \
    -dict="$repo/fuzz/safetensors.dict" \
    -max_total_time="$seconds" -max_len=131072 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$artifacts/" -print_final_stats=1 || status=$?

findings=$(find "$artifacts" -type f | wc -l)
if [[ $status -ne 0 || $findings -ne 0 ]]; then
  echo "run_fuzz: FAILED (exit status $status, $findings finding(s) in $artifacts)" >&2
  exit 1
fi
echo "run_fuzz: no findings in $seconds s"
