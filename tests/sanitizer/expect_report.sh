#!/usr/bin/env bash
# Runs PROGRAM with the suite's sanitizer options (reports to stderr here, not to the
# suite's report folder) and passes only if it fails AND prints PATTERN.
set -uo pipefail
program="$1" pattern="$2"
out=$(ASAN_OPTIONS="${ASAN_OPTIONS:-}:log_path=stderr" UBSAN_OPTIONS="${UBSAN_OPTIONS:-}:log_path=stderr" \
      "$program" 2>&1)
rc=$?
echo "$out" | head -20
if [[ $rc -eq 0 ]]; then echo "FAIL: $program exited 0 despite its fault"; exit 1; fi
if ! grep -qF "$pattern" <<<"$out"; then echo "FAIL: no '$pattern' in its output"; exit 1; fi
echo "ok: exit status $rc and the report"
