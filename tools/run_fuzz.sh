#!/usr/bin/env bash
# Fuzzes every file format the app reads with libFuzzer, for a bounded time in all:
# the weights loader (and the normalizer) gets a third of it, and manifest.json,
# analysis.json, settings.json, --script files, saved views and lessons share the rest.
# Usage: tools/run_fuzz.sh [SECONDS|build] [BUILD_DIR]
#   SECONDS    how long to fuzz in all (default 90); "build" only builds the fuzzers
#   BUILD_DIR  where to configure and build with clang (default: build-fuzz in the repo)
# Exits non-zero on any finding (crash, sanitizer report, leak, timeout, broken promise)
# or if a fuzzer cannot be built. Findings are saved in BUILD_DIR/fuzz-artifacts/NAME/.
set -euo pipefail

seconds="${1:-90}"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${2:-$repo/build-fuzz}"
# "build" instead of SECONDS: only build the fuzzers (tools/test.sh does so early, beside
# the Release suite, and fuzzes later with nothing left to compile).
build_only=false
if [[ "$seconds" == build ]]; then build_only=true; seconds=90; fi

if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [[ "$seconds" -lt 5 ]]; then
  echo "run_fuzz: SECONDS must be a whole number of at least 5, got '$seconds'" >&2
  exit 2
fi
if ! command -v clang++ >/dev/null 2>&1 || ! command -v clang >/dev/null 2>&1; then
  echo "run_fuzz: clang is not installed; run tools/setup.sh test" >&2
  exit 1
fi

formats=(manifest analysis settings script view lesson)
launcher=()
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
echo "run_fuzz: building the fuzzers in $build"
# Ninja where it is installed, unless the folder was configured with make before.
generator=()
if command -v ninja >/dev/null 2>&1 && { [[ ! -f "$build/CMakeCache.txt" ]] ||
  grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$build/CMakeCache.txt"; }; then
  generator=(-G Ninja)
fi
CC=clang CXX=clang++ cmake -S "$repo" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ "${launcher[@]}" \
  -DAM_BUILD_FUZZ=ON -DAM_BUILD_APP=OFF -DAM_BUILD_TESTS=OFF -DAM_BUILD_BENCHMARKS=OFF -DAM_UNITY_LIBS=ON >/dev/null
targets=(fuzz_safetensors fuzz_make_seeds)
for f in "${formats[@]}"; do targets+=("fuzz_$f"); done
cmake --build "$build" -j"${AM_JOBS:-$(nproc)}" --target "${targets[@]}"
if $build_only; then
  echo "run_fuzz: built ${targets[*]}"
  exit 0
fi

# Seeds that are too big for git: a whole model file, and the shipped manifest and
# analysis (the real shapes the readers must take apart).
generated="$build/fuzz-seeds"
# The shipped run: its own folder when weights/ holds several runs (runs.json), else weights/.
shipped="$repo/weights"
[[ -f "$shipped/runs.json" && -d "$shipped/repeated" ]] && shipped="$shipped/repeated"
"$build/fuzz/fuzz_make_seeds" "$generated"
for f in manifest analysis; do
  mkdir -p "$generated/$f"
  cp "$shipped/$f.json" "$generated/$f/shipped.json"
done
# The whole shipped manifest (181 checkpoints, 280 kB) parses a few times a second under
# ASan; the same file cut to four checkpoints keeps every field and runs a hundred times faster.
python3 - "$shipped/manifest.json" "$generated/manifest/shipped_first_checkpoints.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["checkpoints"] = doc["checkpoints"][:3] + doc["checkpoints"][-1:]
json.dump(doc, open(sys.argv[2], "w"), indent=1)
PY
rm -f "$generated/manifest/shipped.json"
mkdir -p "$generated/script" "$generated/settings" "$generated/view" "$generated/lesson"
# The shipped lesson is a real lesson, and each of its views a real view.
if [[ -f "$repo/assets/lessons/induction-in-ten-minutes.json" ]]; then
  cp "$repo/assets/lessons/induction-in-ten-minutes.json" "$generated/lesson/shipped.json"
  python3 - "$generated/lesson/shipped.json" "$generated/view" <<'PY'
import json, sys
for i, entry in enumerate(json.load(open(sys.argv[1]))["views"]):
    json.dump(entry["view"], open(f"{sys.argv[2]}/shipped_{i}.json", "w"), indent=1)
PY
fi

# fuzz NAME SECONDS DICT CORPUS... : one target; the first corpus folder receives new
# inputs (kept between runs), the committed and generated seeds stay untouched.
status=0
fuzz() {
  local name="$1" time="$2" dict="$3"
  shift 3
  local work="$build/fuzz-corpus/$name" artifacts="$build/fuzz-artifacts/$name"
  mkdir -p "$work" "$artifacts"
  rm -f "$artifacts"/*
  echo "run_fuzz: $name for $time s"
  local rc=0
  ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:${ASAN_OPTIONS:-}" \
  UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}" \
    "$build/fuzz/$name" "$work" "$@" -dict="$dict" \
      -max_total_time="$time" -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="$artifacts/" -print_final_stats=1 2>"$build/fuzz-$name.log" || rc=$?
  grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb)|ERROR|broken promise|SUMMARY' \
    "$build/fuzz-$name.log" | sed "s/^/  $name: /" || true
  local found
  found=$(find "$artifacts" -type f | wc -l)
  if [[ $rc -ne 0 || $found -ne 0 ]]; then
    echo "run_fuzz: $name FAILED (exit status $rc, $found finding(s) in $artifacts; log $build/fuzz-$name.log)" >&2
    tail -40 "$build/fuzz-$name.log" >&2
    status=1
  fi
}

loader_time=$(( seconds / 3 ))
each=$(( (seconds - loader_time) / ${#formats[@]} ))
fuzz fuzz_safetensors "$loader_time" "$repo/fuzz/safetensors.dict" "$repo/fuzz/corpus" "$generated" -max_len=131072
for f in "${formats[@]}"; do
  dict="$repo/fuzz/json.dict"
  [[ $f == script ]] && dict="$repo/fuzz/script.dict"
  fuzz "fuzz_$f" "$each" "$dict" "$repo/fuzz/seeds/$f" "$generated/$f" -max_len=81920
done

if [[ $status -ne 0 ]]; then
  echo "run_fuzz: FAILED" >&2
  exit 1
fi
echo "run_fuzz: no findings in $seconds s"
