#!/usr/bin/env bash
# Runs the whole suite of a sanitized build (AM_SANITIZE=ON or AM_TSAN=ON; tools/test.sh
# makes build-asan/ and build-tsan/) under one Xvfb, with LeakSanitizer on for the first.
# Every sanitizer report is written
# to BUILD/sanitizer-reports/ as well as failing its process, and any report there fails
# this run even if the test that caused it ignored its child's exit status.
# Usage: tools/sanitized_ctest.sh [BUILD_DIR] [more ctest arguments]
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$repo/build-asan}"
shift || true
reports="$build/sanitizer-reports"
rm -rf "$reports"
mkdir -p "$reports"

# Nothing is left out by default; AM_SANITIZED_EXCLUDE (a ctest regex) may name tests
# too slow under ASan, which the Release stage still runs.
excluded="${AM_SANITIZED_EXCLUDE:-}"

export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:check_initialization_order=1:strict_init_order=1:log_path=$reports/asan"
export LSAN_OPTIONS="suppressions=$repo/tools/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$reports/ubsan"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:log_path=$reports/tsan"
# Mesa's driver stays loaded to the end, so the suppressions can name its frames.
driver=""
for d in /usr/lib/x86_64-linux-gnu/dri/swrast_dri.so /usr/lib/*/dri/swrast_dri.so; do
  if [[ -f "$d" ]]; then driver="$d"; break; fi
done

jobs="${AM_JOBS:-$(nproc)}"
run=(ctest --test-dir "$build" --output-on-failure -j"$jobs")
if [[ -n "$excluded" ]]; then run+=(-E "$excluded"); fi
run+=("$@")
status=0
# Only the tests get the preload, not the X server.
preload=(env "LD_PRELOAD=$driver${LD_PRELOAD:+:$LD_PRELOAD}")
# A ThreadSanitizer build (AM_TSAN) has no GL test and no leak check: no preload.
if grep -q '^AM_TSAN:BOOL=ON$' "$build/CMakeCache.txt" 2>/dev/null; then preload=(env); fi
if [[ -n "${DISPLAY:-}" ]]; then
  "${preload[@]}" "${run[@]}" || status=$?
else
  xvfb-run -a -s "-screen 0 1920x1080x24" "${preload[@]}" "${run[@]}" || status=$?
fi

shopt -s nullglob
found=("$reports"/*)
if [[ ${#found[@]} -gt 0 ]]; then
  echo "sanitized_ctest: ${#found[@]} sanitizer report(s):" >&2
  for f in "${found[@]}"; do
    echo "---- $f" >&2
    head -60 "$f" >&2
  done
  status=1
fi
if [[ $status -ne 0 ]]; then
  echo "sanitized_ctest: FAILED" >&2
  exit 1
fi
echo "sanitized_ctest: every test passed with no sanitizer report"
