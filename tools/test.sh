#!/usr/bin/env bash
# Second command of the README (and exactly what CI runs): install what the tests need,
# build everything, run the whole suite, then fuzz the weights loader for a bounded time.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh test
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DAM_BUILD_TESTS=ON -DAM_BUILD_BENCHMARKS=ON
cmake --build build -j"$(nproc)"
ctest --test-dir build --output-on-failure -j"$(nproc)"
if [[ -x tools/run_fuzz.sh ]]; then
  tools/run_fuzz.sh "${AM_FUZZ_SECONDS:-60}"
fi
echo "all tests passed"
