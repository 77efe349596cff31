#!/usr/bin/env bash
# Second command of the README (and exactly what CI runs): install what the tests need,
# then, in stages (wall time printed after each):
#   1. the Release build;
#   2. the Release suite, under one Xvfb, while the sanitized build (clang, ASan+UBSan,
#      build-asan/, the unit tests' executables only) and the fuzzers (build-fuzz/) compile
#      beside it (every build batches its libraries' files, AM_UNITY_LIBS);
#   3. the unit suites again in the sanitized build (tools/sanitized_ctest.sh);
#   4. the engine's and the grow controller's tests under ThreadSanitizer (build-tsan/,
#      compiled beside the Release suite too);
#   5. fuzzing every file format (tools/run_fuzz.sh, AM_FUZZ_SECONDS, default 60) while a
#      soak of AM_SOAK_ACTIONS (default 1,000) random script actions runs (tools/soak.sh).
# Any failed test, sanitizer report, fuzz finding or soak failure fails the run.
# Budget: 15 minutes from a clean clone on a 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$(pwd)"
t0=$SECONDS
stage() { echo "== test.sh: $1 (at $((SECONDS - t0)) s)"; }
jobs="${AM_JOBS:-$(nproc)}"
launcher=()
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
with_display() {
  if [[ -n "${DISPLAY:-}" ]]; then "$@"; else xvfb-run -a -s "-screen 0 1920x1080x24" "$@"; fi
}

stage "setup"
tools/setup.sh test

stage "Release build"
# No benchmarks (no test runs them) and no pure unit suites (ui, panels, machine, engine,
# flags, store: they run in the sanitized build below, which compiles them anyway).
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DAM_BUILD_TESTS=ON -DAM_BUILD_BENCHMARKS=OFF \
  -DAM_PURE_UNIT_TESTS=OFF "${launcher[@]}" >/dev/null
cmake --build build -j"$jobs"

stage "Release suite, with the sanitized build and the fuzzers compiling beside it"
# The sanitized build holds the unit tests' executables (model, kernels' callers, trainer,
# grow controller, analysis, engine, machine, chapters, beats, script, views, panels) and
# what they run. The app, the GL tests, the video tests and the PyTorch cross-checks are
# not compiled a second time: two whole builds and two whole suites do not fit the
# 15-minute budget on 2 cores (a clean run took 1,588 s on CI), and what the app adds
# over the unit tests (the window, GL, the encoder) runs in the Release suite. The
# fuzzers are compiled right after it, so no stage below compiles.
asan_targets=(test_model test_analysis test_train train_grad_dump test_grow test_engine test_machine test_ui
  test_ui_panels test_store test_flags sanitizer_selftest_leak sanitizer_selftest_heap_overflow
  sanitizer_selftest_signed_overflow)
mkdir -p build-asan build-tsan
# Ninja keeps both cores busy across targets better than make (a folder configured with
# make before keeps make: CMake cannot switch a folder's generator).
asan_generator=()
if command -v ninja >/dev/null 2>&1 && { [[ ! -f build-asan/CMakeCache.txt ]] ||
  grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' build-asan/CMakeCache.txt; }; then
  asan_generator=(-G Ninja)
fi
(
  CC=clang CXX=clang++ cmake -S . -B build-asan "${asan_generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ "${launcher[@]}" \
    -DAM_SANITIZE=ON -DAM_BUILD_TESTS=ON -DAM_BUILD_BENCHMARKS=OFF -DAM_UNITY_LIBS=ON &&
  nice -n 5 cmake --build build-asan -j"$jobs" --target "${asan_targets[@]}" &&
  CC=clang CXX=clang++ cmake -S . -B build-tsan "${asan_generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ "${launcher[@]}" \
    -DAM_TSAN=ON -DAM_BUILD_APP=OFF -DAM_BUILD_TESTS=ON -DAM_BUILD_BENCHMARKS=OFF &&
  nice -n 5 cmake --build build-tsan -j"$jobs" --target test_engine test_grow &&
  nice -n 5 tools/run_fuzz.sh build
) >build-asan/build.log 2>&1 &
asan_build=$!
release_status=0
with_display ctest --test-dir build --output-on-failure -j"$jobs" || release_status=$?
stage "Release suite done (status $release_status); waiting for the sanitized build"
asan_status=0
wait "$asan_build" || asan_status=$?
if [[ $asan_status -ne 0 ]]; then
  tail -60 build-asan/build.log >&2
  echo "test.sh: the sanitized build or the fuzzers' build failed (build-asan/build.log)" >&2
  exit 1
fi
if [[ $release_status -ne 0 ]]; then
  echo "test.sh: the Release suite failed" >&2
  exit 1
fi

stage "sanitized suite"
# The unit suites of the executables above, sanitized. Left to the Release stage, which
# runs them in full: whole training runs (the grow controller's byte-for-byte runs take
# minutes each under ASan; the 200-step loss test, 20 s sanitized, trains through the
# code the byte-for-byte training tests run sanitized).
export AM_SANITIZED_EXCLUDE="${AM_SANITIZED_EXCLUDE-^grow:controller: |^grow:presets: (a short plain run|the shipped recipe reproduces)|^train:training: 200 steps on one chapter}"
tools/sanitized_ctest.sh "$repo/build-asan" -R "^(model|analysis|train|grow|engine|machine|ui|store|flags|sanitizer):"

stage "ThreadSanitizer: the engine's and the grow controller's threads"
# The loader thread, the checkpoint cache's worker and the sweep threads (engine:), and
# the trainer's thread under the grow controller, with its runs, locks and faults
# (grow:). Left to the Release stage: the byte-for-byte training runs (minutes each under
# TSan); "the checkpoint list grows while the run goes on" trains beside the reader here.
AM_SANITIZED_EXCLUDE="^grow:controller: (300|pause|a process killed)|^grow:presets: (a short plain run|the shipped recipe reproduces)" \
  tools/sanitized_ctest.sh "$repo/build-tsan" -R "^(engine|grow):"

stage "fuzzing every file format, with the soak beside it"
fuzz_status=0
AM_JOBS=1 tools/run_fuzz.sh "${AM_FUZZ_SECONDS:-60}" >build/fuzz.log 2>&1 &
fuzz=$!
soak_status=0
# Issue 13's bar, under 5 % between 1,000 and 20,000 actions, is for the long run
# (tools/soak.sh 20000, soak.sh's default limit). CI's 1,000 actions (kept short for the
# 15-minute budget) are judged from action 500: five readings against five. Since the
# pass cache holds 8 checkpoints instead of 181, the bands are striped rods and llvmpipe
# finishes each frame before the next, the RSS is about 175 MB instead of 450, and most of
# what moves is the driver's (render targets for each window size the script picks, shader
# variants, binned triangles): three short runs read +9.4, +5.8 and +16.9 % at 190 MB.
# So CI allows 25 %; one forward pass leaked per action would still add 140 % by action
# 1,000, and the long run keeps its 5 %.
AM_SOAK_MAX_GROWTH="${AM_SOAK_MAX_GROWTH:-25}" AM_SOAK_BASELINE="${AM_SOAK_BASELINE:-500}" \
  tools/soak.sh "${AM_SOAK_ACTIONS:-1000}" || soak_status=$?
wait "$fuzz" || fuzz_status=$?
cat build/fuzz.log
if [[ $fuzz_status -ne 0 || $soak_status -ne 0 ]]; then
  echo "test.sh: fuzzing (status $fuzz_status) or the soak (status $soak_status) failed" >&2
  exit 1
fi
stage "done"
echo "all tests passed"
