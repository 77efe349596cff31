# AM_SANITIZE=ON: every target built with AddressSanitizer + UndefinedBehaviorSanitizer,
# every check fatal (-fno-sanitize-recover=all), so any report fails the test that hit it.
# tools/test.sh builds build-asan/ this way with clang and RelWithDebInfo, at -O0 to keep
# the cold build short (half the time of -O1 for the chapters' string-heavy files, and
# nothing is optimised away from the checks), but for the model and the trainer, which
# stay at -O2 (at -O1 clang fuses fewer multiply-adds and one activation moves past the
# 1e-4 cross-check): see AM_SANITIZED_NUMERICS_OPT below.
set(AM_SANITIZER_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
add_compile_options(${AM_SANITIZER_FLAGS})
add_link_options(-fsanitize=address,undefined)
# The sanitizer self-tests (tests/sanitizer) exist only in this build.
set(AM_SANITIZED_BUILD ON)
include(${CMAKE_CURRENT_LIST_DIR}/SanitizedLevels.cmake)
am_sanitized_levels(-O0)
