#!/usr/bin/env bash
# First command of the README: install what is missing, build (Release), launch the app
# on the weights in weights/. Extra arguments go to attention-machine.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh app
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DAM_BUILD_TESTS=OFF -DAM_BUILD_BENCHMARKS=OFF
cmake --build build -j"$(nproc)" --target attention-machine
exec build/attention-machine "$@"
